"""Whether a text looks ahead, read on whole words: the tense module's cue characters count only
as words of their own, so 会 inside 会议 or 要 inside 要点 is no cue."""

from __future__ import annotations

import re

from app.planner.tense import QUESTION_AHEAD, REPORTED, STATEMENT_AHEAD, STATEMENT_BEHIND, clause_around

# words that hold a cue character without being a cue (the tense patterns already skip 重要, 开会…),
# and 会 the noun, a meeting (什么会, 周一的会, 开了个会, 会上说的), not 会 the modal (会去, 会上线)
_NOT_CUE = re.compile(
    r"会议|会员|会计|会场|会谈|会话|会所|会长|会务|会展|会费|会见|体会|周会|例会|(?<=[么的个场次完])会|会(?=上(?![线班课门网传架市手涨升])|后(?!悔)|里)"
    r"|要点|纪要|摘要|概要|提要|要素|要闻|要领|要求|要事|要紧|要了(?![解结])|心得|得分|得失|得出|取得"
    # 得 the complement of how a thing went (开得怎么样, 谈得不错), not 得 the must (得交)
    r"|得(?=怎么|如何|很|不错|太|挺|非常|还行|一般|不好|真)"
    r"|交流|交通|交往|交易|交际|交谈|交集|交叉|交友|社交|外交|成交|交代|交接"
)
# 交 (hand in) looks ahead in a question too (三天内交什么), unless done (周一交了什么, 交的)
_HAND_IN = re.compile(r"交(?![了过的])")


def looks_ahead(text: str, stored: bool, at: int | None = None) -> bool:
    """A question about the future (安排, 要, 会, 得, 交, 之前…), or a recorded statement that
    speaks of what is to come or of no time done. In a question that reports what was said
    (周一我说过要做什么), the words after the verb of saying are what was said: they decide for a
    time word after it (at position `at`), not for one before it, which is when it was said."""
    if stored:
        return _has_cue(STATEMENT_AHEAD, text) or not STATEMENT_BEHIND.search(text)
    said = REPORTED.search(text) if at is not None else None
    if said is not None:
        text = text[said.end() :] if at >= said.end() else text[: said.start()]
    return _has_cue(QUESTION_AHEAD, text) or _has_cue(_HAND_IN, text)


def lasting_at(text: str, at: int) -> bool:
    """Whether the clause around position `at` tells a state still lasting at its time, with no
    look-ahead cue of its own (「凌晨一点还没睡着」 written at 06:45 is last night; in 「还没买票，周一出发」
    the 周一 is in a clause of its own)."""
    start, end = clause_around(text, at)
    clause = text[start:end]
    return "还没" in clause and not _has_cue(STATEMENT_AHEAD, clause)


def _has_cue(cues: re.Pattern[str], text: str) -> bool:
    if cues.search(text) is None:
        return False
    if _NOT_CUE.search(text) is None:
        return True
    return cues.search(_NOT_CUE.sub(lambda w: "_" * len(w.group(0)), text)) is not None
