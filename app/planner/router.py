"""Cheap Router (Context Planner Level 1, RFC §4.1): query → ContextPlan, no LLM, no network.

It never classifies a single intent (RFC §3.1): it finds the time expressions, picks the temporal
mode from verb cues, raises source weights from strong-constraint words without ever zeroing a
source (§3.3, §3.6), expands per-source queries (§8) and decides the context needs (§2.1). The cue
words are tables in app/planner/cues.py; what each mode means is app/modes.py.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta
from typing import Protocol

import msgspec

from app.contracts import (
    ContextNeeds,
    ContextPlan,
    Filters,
    Output,
    PlanTime,
    Retrieval,
    SemanticPlannerInfo,
    Slots,
    SourceName,
    SourceWeights,
    Target,
    TemporalMode,
    TimeExpression,
    TimeRange,
)
from app.errors import BadRequest
from app.keywords import (
    LUNAR_DAY,
    RESULT_CHARS,
    family_in,
    keywords,
    names_someone,
    says_no_subject,
    words_of,
)
from app.modes import MODES
from app.planner.clock import DEFAULT_ZONE, FIRST_YEAR, LAST_YEAR, Clock, iana_name, resolve_clock
from app.planner.cues import (
    ADVICE,
    ADVICE_HOW,
    AFFAIRS,
    ASKS_CLOCK,
    ASKS_DECISION,
    BASE_WEIGHTS,
    CHANGE_SAID,
    CHANGED_PLANS,
    COMES_OR_GOES,
    DOING,
    EXPANSIONS,
    HAS_MEETING,
    HISTORY,
    IMPORTANT,
    MODE_CUES,
    NOT_RECALL,
    OVERDUE,
    OWN_HISTORY,
    OWN_PLANS,
    PAST_DEED,
    QUOTED,
    RECORDED_IN,
    SAID,
    SMALL_TALK,
    SOMEONES_AFFAIRS,
    SOON,
    SOURCE_CUES,
    SOURCE_INTENT,
    STATUS_QUESTION,
    SUMMARIZE,
    TOPIC_SPLIT,
    TOPIC_STOP,
    TYPE_CUES,
    UNRESOLVED,
    WHERE_TO_GO,
    WORLD_FACTS,
)
from app.planner.timeparse import in_calendar, is_deadline, parse
from app.planner.timeparse.lexicon import UNLISTED_DAY
from app.text import clean_text, simplified

NO_TIME_WORD_WINDOW = timedelta(days=30)  # api.md: a temporal question with no time word
_MINE = re.compile(r"我|咱")
# a window from now on asked about ahead: 「三天内要回复的」「一周之内得办的」 (not 「这周过得怎么样」)
_ASKED_AHEAD = re.compile(r"要(?!紧)|将|得(?=[去做交写办完])|安排|计划|打算|记得")
SOON_AT_LEAST = timedelta(hours=3)  # 「待会儿」 asked late in the evening still looks past midnight
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_RECALLED = re.compile(r"来着[?？]?\s*$")  # asked to be reminded of what was told
# a verb of saying with its 过, parted from what follows before the segmenter sees it: 「我说起过程野的哪些事」
# asks about 程野, and the segmenter would read 过程 there (a break, not a cut: 顾问过来, 小说过几天)
_SAID_BEFORE = re.compile(r"(?:说起|提起|聊起|讲起|谈起|问起|(?<![演小游顾学访询日笔书描听闲面会商传据])[说提聊讲谈问记写])过")


class SemanticPlanner(Protocol):
    """Level 2 (LLM) planner, out of scope in v0.1 (RFC §11): refines a Level-1 plan."""

    def refine(self, query: str, plan: ContextPlan) -> ContextPlan | None: ...


class NoSemanticPlanner:
    """The v0.1 default: never runs, so the plan says `semantic_planner.ran == false`."""

    def refine(self, query: str, plan: ContextPlan) -> ContextPlan | None:
        return None


def topics_of(query: str, expressions: list[TimeExpression]) -> list[str]:
    """The query's own topic terms (e.g. 「MeInput」, 「合同」) after removing time words and cues."""
    text = query
    for expr in sorted(expressions, key=lambda e: -(e.span or (0, 0))[0]):
        if expr.span:
            text = text[: expr.span[0]] + " " + text[expr.span[1] :]
    text = LUNAR_DAY.sub(" ", text)  # a lunar day is a time, not a topic (大年初二, 年三十)
    text = UNLISTED_DAY.sub(" ", text)
    if (changed := CHANGED_PLANS.search(text)) is not None:  # (only there: 「哪些挪威的行程取消了」 keeps 挪威)
        text = text[: changed.start()] + CHANGE_SAID.sub(" ", changed.group(0)) + text[changed.end() :]
    # family by one name (我妈 → 妈妈), the name records carry as a participant, before 我 is a stop word
    out, text = family_in(text)
    for chunk in TOPIC_SPLIT.split(_without_cues(_SAID_BEFORE.sub(r"\g<0> ", SOURCE_INTENT.sub(" ", text)))):
        chunk = chunk.strip()
        if chunk.isascii() and chunk.isalnum():
            terms = [chunk]  # MeInput, bug: a Latin word is a term as written
        elif len(chunk) >= 2:
            # what is left between the cue words may still hold a verb or a particle (「bug修」「合同签」):
            # its content words are the terms, or the chunk itself when the segmenter finds none
            # (an adverb or a verb with its result among them says nothing of what: 已经, 办好)
            found = [w for w in keywords(chunk, manner=True) if not w.isascii()]
            terms = [*_LATIN_WORD.findall(chunk), *(w for w in found if not says_no_subject(w))]
            if not terms and not found and not says_no_subject(chunk):
                terms = [chunk]
        else:
            terms = []
        for term in terms:
            if term not in out:
                out.append(term)
    return out


def _without_cues(text: str) -> str:
    """`text` without TOPIC_STOP's cue words, but for a word they would break: a word of the
    dictionary that they would leave one character of (上海's 上, 纪要's 要, 同事's 事, 还款's 还), or a
    name they would cut at all (都江堰's 都), or a word a cue would start inside (演讲 of 演讲过后), is
    kept whole; 干嘛 and 大事 are cues whole."""
    out, run = [], []
    end = 0
    for word, kind in words_of(text):
        start, end = end, end + len(word)
        # a verb with its result (做好, 交上) is what happened to the topic, not the topic
        kept = kind in ("noun", "proper") or (kind == "verb" and word[-1] not in RESULT_CHARS)
        left = TOPIC_STOP.sub("", word) if kept else word
        if kept and not TOPIC_STOP.fullmatch(word) and (
                len(left) == 1 or (kind == "proper" and left != word)
                # a word with no cue of its own (演讲, not 还有) that a cue would start inside
                or (left == word and _cue_from_inside(text, start, end))):
            out += [TOPIC_STOP.sub(" ", "".join(run)), f" {word} "]
            run = []
        else:
            run.append(word)
    out.append(TOPIC_STOP.sub(" ", "".join(run)))
    return "".join(out)


def _cue_from_inside(text: str, start: int, end: int) -> bool:
    """Whether a cue word starts inside the word at text[start:end] and runs on past it: 演讲|过后's
    讲过 would leave 演 and take the 过 of 过后."""
    return any((m := TOPIC_STOP.match(text, at)) is not None and m.end() > end for at in range(start + 1, end))


def _mode(query: str, expressions: list[TimeExpression], now: datetime) -> TemporalMode:
    deadline = any(is_deadline(e) and e.start == now for e in expressions)
    over = bool(expressions) and max(e.end for e in expressions) <= now
    for mode, cue in MODE_CUES:
        if cue.search(query) or (mode == "DUE_IN" and deadline):
            if cue in (ASKS_CLOCK, HAS_MEETING) and not expressions and _RECALLED.search(query):
                return "AMBIGUOUS"  # 「年夜饭是几点开席来着」: told before, of a time past or ahead
            return "OCCURRED_IN" if cue in (ASKS_CLOCK, HAS_MEETING) and over else mode
    if over and DOING.search(query):
        return "OCCURRED_IN"
    if expressions and min(e.start for e in expressions) > now:
        return "PLANNED_IN"  # a future range with no cue: what is planned there
    if expressions and min(e.end for e in expressions) > now + timedelta(days=1) and _ASKED_AHEAD.search(query):
        return "PLANNED_IN"  # a window from now on, asked about ahead (「三天内要回复的邮件」「接下来两周有哪些生日要记得」)
    return "AMBIGUOUS"


def _targets(query: str, defaults: tuple[tuple[str, float], ...]) -> list[Target]:
    """The mode's targets, with the kinds the question names at full weight (added if missing)."""
    weights = dict(defaults)
    for kind, cue in TYPE_CUES:
        if cue.search(query):
            weights[kind] = 1.0
    return [Target(type=t, weight=w) for t, w in weights.items()]


def asks_changes(query: str) -> bool:
    """Whether the question asks which of one's plans were moved or called off (「哪些安排改过时间」)."""
    return CHANGED_PLANS.search(query) is not None


def recorded_in(query: str) -> list[SourceName]:
    """The sources the question says its things were recorded in (「上周我在聊天里跟助手说过什么」: chat)."""
    return [source for source, place in RECORDED_IN if place.search(query)]


def _weights(query: str) -> SourceWeights:
    weights = dict(BASE_WEIGHTS)
    for source, cue, raised in SOURCE_CUES:
        if cue.search(query):
            weights[source] = raised
    return SourceWeights(**weights)


# (a temporal need, a past decision asked for) → query type and context needs
_NEEDS: dict[tuple[bool, bool], tuple[str, ContextNeeds]] = {
    (True, True): ("personal_temporal_recall", ContextNeeds(
        user_snapshot="OPTIONAL", temporal_recall="REQUIRED", memory_retrieval="REQUIRED")),
    (True, False): ("personal_temporal_recall", ContextNeeds(
        user_snapshot="OPTIONAL", temporal_recall="REQUIRED", memory_retrieval="OPTIONAL")),
    (False, True): ("memory_recall", ContextNeeds(
        user_snapshot="OPTIONAL", temporal_recall="OPTIONAL", memory_retrieval="REQUIRED")),
    (False, False): ("normal_chat", ContextNeeds(
        user_snapshot="REQUIRED", temporal_recall="SKIP", memory_retrieval="SKIP")),
}


def _needs(query: str, expressions: list[TimeExpression], now: datetime) -> tuple[str, ContextNeeds]:
    past_deed = (any(e.end <= now for e in expressions) and bool(PAST_DEED.search(query))
                 and not WORLD_FACTS.search(query))
    status = bool(STATUS_QUESTION.search(query)) and not SMALL_TALK.search(query)
    # advice naming nothing of the user's (a span to do it in, 「如何在一个月内减肥」, is no day of theirs);
    # 「国庆要去哪玩定了吗」 asks how one's own plan stands, though 去哪玩 alone asks advice
    spans_only = all(e.text.endswith("内") for e in expressions)
    advice = not _MINE.search(query) and bool(ADVICE.search(query) or (ADVICE_HOW.search(query) and spans_only))
    # which of one's plans changed is one's own affairs, whatever changed them (「台风都影响了哪些安排」: weather;
    # not 「受台风影响，深圳有哪些活动取消了」)
    changes = CHANGED_PLANS.search(query)
    recall = ((not NOT_RECALL.search(query) and not advice) or bool(OWN_HISTORY.search(query)) or past_deed
              or (changes is not None and OWN_PLANS.search(changes.group(0)) is not None)
              or (status and not NOT_RECALL.search(WHERE_TO_GO.sub(" ", query))))
    temporal = recall and bool(expressions or UNLISTED_DAY.search(query) or HISTORY.search(query) or SAID.search(query) or status
                               or AFFAIRS.search(query) or SOON.search(query) or changes is not None
                               or ((comes := COMES_OR_GOES.search(query)) is not None
                                   and names_someone(query[: comes.start()]))
                               # the hour of a thing with someone the user knows (「陪老妈配药是几点」; not 「春晚几点开始」)
                               or ((clock := ASKS_CLOCK.search(query)) is not None
                                   and names_someone(query[: clock.start()]))
                               or ((affair := SOMEONES_AFFAIRS.search(query)) is not None
                                   and names_someone(query[: affair.start()])))
    return _NEEDS[temporal, recall and bool(ASKS_DECISION.search(query))]


def _no_time_word_scope(query: str, mode: TemporalMode, now: datetime) -> TimeRange:
    """api.md: the last 30 days up to now. What is planned looks as far ahead (time-conventions: the
    horizon of a question with no time word), and what is to be done or still open both ways: a
    deadline missed is overdue, one ahead is due (「我有什么要交的」「还有哪些待办」)."""
    back, ahead = now - NO_TIME_WORD_WINDOW, now + NO_TIME_WORD_WINDOW
    if mode == "PLANNED_IN" and SOON.search(query):  # 「待会儿要干嘛」: the rest of the day, a few hours at least
        midnight = datetime.combine(now.date() + timedelta(days=1), time(), now.tzinfo)
        return TimeRange(start=now, end=max(midnight, now + SOON_AT_LEAST))
    if mode == "DUE_IN" and OVERDUE.search(query):
        return TimeRange(start=back, end=now)
    if mode == "DUE_IN" or (mode == "PLANNED_IN" and UNRESOLVED.search(query)):
        return TimeRange(start=back, end=ahead)
    if mode == "PLANNED_IN":
        return TimeRange(start=now, end=ahead)
    return TimeRange(start=back, end=now)


def _hull(expressions: list[TimeExpression]) -> TimeRange | None:
    if not expressions:
        return None
    return TimeRange(start=min(e.start for e in expressions), end=max(e.end for e in expressions))


def _ranges(mode: TemporalMode, expressions: list[TimeExpression], scope: TimeRange | None,
            now: datetime) -> tuple[TimeRange | None, TimeRange | None]:
    """(mention_range, event_range) by the mode's range rule (app/modes.py)."""
    rule = MODES[mode].ranges
    if rule == "mention_then_event":
        # nothing is said after now: a time wholly ahead is when the thing said happens (「我说过明天要
        # 干嘛来着」「下周的安排我上周提过吗」), said in the last 30 days unless a past time says when
        ahead = [e for e in expressions if e.start >= now]
        if ahead and len(ahead) < len(expressions):
            return _hull([e for e in expressions if e.start < now]), _hull(ahead)
        if ahead:
            return TimeRange(start=now - NO_TIME_WORD_WINDOW, end=now), _hull(ahead)
        # 「昨天说过上周五要做什么」: said yesterday, about last Friday; one time said twice
        # (「五一那天（5月1号）」) is one time
        if len({(e.start, e.end) for e in expressions}) >= 2:
            return _hull(expressions[:1]), _hull(expressions[1:])
        return scope, None
    if rule == "both":
        return scope, scope
    return None, scope


def plan_query(
    query: str,
    *,
    now: datetime | None = None,
    timezone: str | None = None,
    default_timezone: str = DEFAULT_ZONE,
    semantic: SemanticPlanner | None = None,
) -> ContextPlan:
    """The ContextPlan of one query (RFC §5), deterministic for a given `now`."""
    return plan_for(query, resolve_clock(now, timezone, default_timezone), semantic=semantic)


def plan_for(query: str, clock: Clock, *, semantic: SemanticPlanner | None = None) -> ContextPlan:
    """The ContextPlan of one query against an already resolved clock."""
    query = simplified(clean_text(query))
    if not query.strip():
        raise BadRequest("`query` must not be empty")
    now = clock.now
    quoted = [m.span() for m in QUOTED.finditer(query)]
    # a time word inside quotes is material to work on, not the question's time (「“明天见”用英语怎么说」)
    expressions = [e for e in parse(query, now, clock.zone)
                   if not any(lo <= e.span[0] < hi for lo, hi in quoted)]
    query_type, needs = _needs(query, expressions, now)
    mode = _mode(query, expressions, now)
    meaning = MODES[mode]
    scope = _hull(expressions)
    if scope is None and needs.temporal_recall != "SKIP":
        scope = _no_time_word_scope(query, mode, now)
    mention_range, event_range = _ranges(mode, expressions, scope, now)
    if needs.temporal_recall == "SKIP":
        mention_range = event_range = None

    weights = _weights(query)
    topics = topics_of(query, expressions)
    time_words = [e.text for e in expressions]
    retrievals = [
        Retrieval(
            source=source,
            query_type=meaning.query_type,
            expanded_queries=list(dict.fromkeys([*topics, *time_words, *EXPANSIONS[source]])),
            weight=getattr(weights, source),
        )
        for source in ("meinput", "chat", "memory_v2", "calendar")
    ]
    important = bool(IMPORTANT.search(query))
    targets = _targets(query, meaning.targets)
    operation = "retrieve_and_summarize" if SUMMARIZE.search(query) or important else "retrieve"
    wanted_l2 = len(expressions) >= 2 or bool(UNRESOLVED.search(query) and HISTORY.search(query))
    plan = ContextPlan(
        query_type=query_type,
        time=PlanTime(mention_range=mention_range, event_range=event_range, expressions=expressions),
        temporal_mode=mode,
        targets=targets,
        sources=weights,
        retrievals=retrievals,
        filters=Filters(
            importance_min=0.6 if important else None,
            status="unresolved" if UNRESOLVED.search(query) else None,
        ),
        output=Output(group_by="importance" if important else "time", dedupe=True, timeline=True, wide_recall=True),
        context_needs=needs,
        slots=Slots(
            time_scope=scope,
            target=[t.type for t in targets],
            operation=operation,
            importance="important" if important else "any",
            sources=weights,
            temporal_semantics=meaning.semantics if needs.temporal_recall != "SKIP" else "none",
        ),
        topics=topics,
        query=query,
        now=now,
        timezone=clock.label,
        semantic_planner=SemanticPlannerInfo(
            ran=False, wanted=wanted_l2,
            reason="several time references or commitment tracking" if wanted_l2 else None),
    )
    refined = (semantic or NoSemanticPlanner()).refine(query, plan) if wanted_l2 else None
    return refined if refined is not None else plan


def plan_request(query: str, plan: ContextPlan | None, now: datetime | None, timezone: str | None,
                 default_timezone: str = DEFAULT_ZONE) -> tuple[ContextPlan, Clock]:
    """The plan of a recall request and the clock it is answered against, resolved once: the
    Cheap Router's plan, or the caller's own (which keeps the zone it names unless the request
    names one)."""
    if plan is None:
        clock = resolve_clock(now, timezone, default_timezone)
        return plan_for(query, clock), clock
    clock = resolve_clock(now or plan.now, timezone or iana_name(plan.timezone), default_timezone)
    return adopt_plan(plan, clock), clock


def adopt_plan(plan: ContextPlan, clock: Clock) -> ContextPlan:
    """A caller's own plan, checked, answered against `clock`; otherwise used as it is."""
    if plan.time.mention_range is None and plan.time.event_range is None:
        raise BadRequest("`plan.time` needs a mention_range or an event_range")
    for name in ("mention_range", "event_range"):
        r = getattr(plan.time, name)
        if r is None:
            continue
        if not in_calendar(r.start, r.end):
            raise BadRequest(f"`plan.time.{name}` must lie between the years {FIRST_YEAR} and {LAST_YEAR - 1}")
        if r.start >= r.end:
            raise BadRequest(f"`plan.time.{name}` needs its start before its end")
    return msgspec.structs.replace(plan, now=clock.now, timezone=clock.label)
