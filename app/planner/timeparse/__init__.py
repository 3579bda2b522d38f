"""Deterministic zh-CN time expression parser (RFC §3.2; ../shared/time-conventions.md).

`parse(text, now, tz)` finds every time expression in `text` and resolves each to a half-open
range [start, end) in `tz` with a grain. Two modes:

- question mode (default): the user's query, relative to `now`;
- stored-text mode (`stored=True`): a recorded segment or message, relative to its observed time,
  where a bare weekday or clock time in a statement about the future means the next occurrence.

How it works: the rules as one alternation (most specific first) lex the text into tokens; a
small combinator joins adjacent tokens (day + part of day
+ clock, X到Y, X之前, X以前, X以后, X以来, 从X到现在) and resolves them to datetimes.

Traditional script and full-width forms are read as Simplified and ASCII first, one character for
one, so that every span indexes the text as given.

Layout (the conversion is app.text.simplified): ahead (which way a text looks), lexicon (number words, word
tables, holidays), calendar (date arithmetic, the Qingming solar term), tokens (Tok, Ctx), rules
(the ordered RULES table; handlers in rules_years, rules_dates, rules_windows and rules_clock),
combine (lexer and combinator). The years the service answers for come from app.planner.clock,
the tense cues from app.planner.tense.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

import msgspec

from app.contracts import TimeExpression
from app.planner.timeparse.calendar import GRAIN_ORDER, in_calendar
from app.planner.timeparse.combine import _TRIGGER, _combine, _lex
from app.planner.timeparse.lexicon import UNLISTED_DAY
from app.planner.timeparse.tokens import Ctx
from app.text import simplified

__all__ = ["GRAIN_ORDER", "in_calendar", "is_deadline", "parse"]


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def parse(text: str, now: datetime, tz: ZoneInfo | str | None = None, *, stored: bool = False) -> list[TimeExpression]:
    """Every time expression in `text`, in order, resolved relative to `now` in `tz`.

    `now` must be tz-aware; `tz` defaults to now's own zone. `stored=True` reads a recorded text
    (MeInput segment, chat message) whose `now` is its observed time.
    """
    found = _parse(text, now, tz, stored)
    if stored:
        return found
    # a form the conventions do not list is nothing in a question (a wrong range is worse than none: the
    # planner would narrow the search to it), the whole expression with it (「昨儿晚上」 is not this evening)
    return [e for e in found if not UNLISTED_DAY.search(simplified(e.text))]


def _parse(text: str, now: datetime, tz: ZoneInfo | str | None, stored: bool) -> list[TimeExpression]:
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    simple = simplified(text)
    if not _TRIGGER.search(simple):
        return []
    zone = _zone(tz) if isinstance(tz, str) else (tz or now.tzinfo)
    if _SPACING.search(simple) is None:
        ctx = Ctx(now.astimezone(zone), zone, stored, simple)
        return _combine(text, simple, _lex(simple, ctx), ctx)
    # read without the spaces between Chinese and digits, then give the spans back in `text`
    kept = _unspaced(simple)
    compact = "".join(simple[i] for i in kept)
    ctx = Ctx(now.astimezone(zone), zone, stored, compact)
    found = _combine("".join(text[i] for i in kept), compact, _lex(compact, ctx), ctx)
    out = []
    for e in found:
        assert e.span is not None  # _combine sets every span
        s, end = kept[e.span[0]], kept[e.span[1] - 1] + 1
        out.append(msgspec.structs.replace(e, text=text[s:end], span=(s, end)))
    return out


# The spaces some editors put between Chinese and digits (「下午 3 点」「最近 3 天」「2018 年 12 月」),
# read as if they were not there
_SPACING = re.compile(r"(?<=[\u3400-\u9fff])[ \t]+(?=[0-9A-Za-z])|(?<=[0-9A-Za-z])[ \t]+(?=[\u3400-\u9fff])")


def _unspaced(text: str) -> list[int]:
    """The positions of `text` kept when its _SPACING is taken out."""
    dropped = {i for m in _SPACING.finditer(text) for i in range(m.start(), m.end())}
    return [i for i in range(len(text)) if i not in dropped]


def is_deadline(expr: TimeExpression) -> bool:
    """A deadline (下周五之前, 月底前): a range from now to the time named, not that time itself."""
    return expr.text.endswith(("之前", "以前", "前"))
