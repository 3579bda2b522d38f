"""Lexing and combination: one master regex (all rules as alternatives, in the RULES order) lexes
the text into tokens in a single C-level scan; the combinator joins adjacent tokens (day + part of
day + clock, X到Y, X之前, X以来, 从X到现在) and resolves them to ranges."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from app.contracts import TimeExpression
from app.planner.timeparse.calendar import GRAIN_ORDER, _monday, _next_month, _safe_date, in_calendar
from app.planner.timeparse.lexicon import _PARTS
from app.planner.timeparse.rules import RULES
from app.planner.timeparse.tokens import Ctx, Tok

# rules reuse group names (y, mo, d…), so in the master regex only each rule's name is a group
_MASTER = re.compile(
    "|".join(f"(?P<{name}>{re.sub(r'[(][?]P<[a-z0-9]+>', '(?:', pat)})" for name, pat, _ in RULES)
)
_RULES = [(name, re.compile(pat), fn) for name, pat, fn in RULES]
_RULE_INDEX = {name: i for i, (name, _, _) in enumerate(_RULES)}
# every time expression holds one of these: a text with none skips the lexer
_TRIGGER = re.compile(
    r"[天日晚早夜周星拜末月年季旬小时分钟点号刻今昨明前后近过去刚几:：元国春节除中端劳五一圣情宵午凌晨傍间半Qq\d-]"
)


def _lex(text: str, ctx: Ctx) -> list[Tok]:
    toks: list[Tok] = []
    pos = 0
    while (m := _MASTER.search(text, pos)) is not None:
        tok = _token_at(text, m, ctx)
        if tok is None:
            pos = m.start() + 1  # nothing here after all: later rules may still start inside the span
            continue
        if tok.bare_weekday and toks and toks[-1].kind == "day" and _WEEKDAY_ASIDE.fullmatch(text, toks[-1].e, _end_of_aside(text, tok.e)):
            pos = tok.e  # 「10月23日（周五）15:00」: the weekday in brackets only restates the date
            continue
        toks.append(tok)
        pos = tok.e
    return toks


# A weekday in brackets right after a date: 「10月23日（周五）」「11月15日 (星期天)」.
_WEEKDAY_ASIDE = re.compile(r"\s*[（(]\s*(?:周|星期|礼拜)[一二三四五六日天]\s*[)）]\s*")


def _end_of_aside(text: str, e: int) -> int:
    close = re.compile(r"\s*[)）]\s*").match(text, e)
    return close.end() if close else e


def _token_at(text: str, m: re.Match, ctx: Ctx) -> Tok | None:
    """The first rule, from the one that matched on, whose handler accepts a match at m.start()."""
    for _name, rx, fn in _RULES[_RULE_INDEX[m.lastgroup]:]:
        sub = rx.match(text, m.start())
        if sub is None:
            continue
        try:
            tok = fn(sub, ctx)
        except (ValueError, OverflowError):  # 近4887年, 9999年前: outside the calendar, not a time
            continue
        if tok is not None:
            return tok
    return None


def _adjacent(text: str, a: Tok, b: Tok) -> bool:
    if a.e == b.s or (b.s > a.e and not text[a.e : b.s].strip()):
        return True
    return a.kind == "day" and _WEEKDAY_ASIDE.fullmatch(text, a.e, b.s) is not None


@dataclass(slots=True)
class Resolved:
    s: int
    e: int
    start: datetime
    end: datetime
    grain: str
    is_clock: bool
    day: date | None
    part: str | None


def _clock_hour(hour: int, part: str | None) -> int:
    if part in ("下午", "晚上", "晚间", "傍晚") and hour < 12:
        return hour + 12
    if part == "中午" and hour < 3:
        return hour + 12
    if part in ("夜里", "夜间", "半夜") and 6 <= hour < 12:
        return hour + 12
    if part in ("晚上", "晚间") and hour == 12:
        return 24
    return hour


def _resolve_point(ctx: Ctx, toks: list[Tok], inherit: Resolved | None = None) -> Resolved | None:
    """day? part? clock? (or one range token) → a range."""
    first, last = toks[0], toks[-1]
    if first.kind == "range":
        return Resolved(first.s, first.e, first.start, first.end, first.grain, False, None, None)
    day_tok = next((t for t in toks if t.kind == "day"), None)
    part_tok = next((t for t in toks if t.kind == "part"), None)
    clock_tok = next((t for t in toks if t.kind == "clock"), None)
    part = part_tok.part if part_tok else (day_tok.part if day_tok else None)
    if part is None and inherit is not None and day_tok is None:
        part = inherit.part
    if day_tok is not None:
        d = day_tok.day
        # the end of X到Y takes X's week or month; one that would end before X starts rolls over
        # (周五到周一 = to the next Monday, 28号到3号 = to the 3rd of the next month)
        if day_tok.bare_weekday and inherit is not None and inherit.day is not None:
            d = _monday(inherit.day) + timedelta(days=day_tok.bare_weekday - 1)
            if d < inherit.day:
                d += timedelta(days=7)
        elif day_tok.bare_monthday and inherit is not None and inherit.day is not None:
            d = _safe_date(inherit.day.year, inherit.day.month, day_tok.bare_monthday) or d
            if d < inherit.day:
                following = _next_month(inherit.day)
                d = _safe_date(following.year, following.month, day_tok.bare_monthday) or d
        elif day_tok.bare_weekday and ctx.future:
            if ctx.stored:
                d = ctx.today + timedelta(days=(day_tok.bare_weekday - 1 - ctx.today.weekday()) % 7)
            elif d < ctx.today:
                d += timedelta(days=7)
    elif inherit is not None and inherit.day is not None:
        d = inherit.day
    else:
        d = None
    if clock_tok is not None:
        hour = _clock_hour(clock_tok.hour, part)
        minute = clock_tok.minute or 0
        grain = clock_tok.grain
        step = timedelta(hours=1) if grain == "hour" else timedelta(minutes=1)
        if d is None:
            start = ctx.at(ctx.today, hour, minute)
            if ctx.stored and ctx.future and start + step <= ctx.now:
                start = ctx.at(ctx.today + timedelta(days=1), hour, minute)
        else:
            start = ctx.at(d, hour, minute)
            if day_tok is None and inherit is not None and inherit.day is not None and start < inherit.start:
                start = ctx.at(d + timedelta(days=1), hour, minute)  # 晚上10点到凌晨2点
        return Resolved(first.s, last.e, start, start + step, grain, True, start.date(), part)
    d = d if d is not None else ctx.today
    bounds = _PARTS.get(part) if part else None
    if bounds is not None:
        return Resolved(first.s, last.e, ctx.at(d, bounds[0]), ctx.at(d, bounds[1]), "hour", False, d, part)
    if day_tok is None and part_tok is not None and bounds is None:
        return None  # 早上/傍晚/夜里 alone narrow nothing and name no day
    return Resolved(first.s, last.e, ctx.at(d), ctx.at(d + timedelta(days=1)), "day", False, d, part)


def _finer(a: str, b: str) -> str:
    return a if GRAIN_ORDER.index(a) <= GRAIN_ORDER.index(b) else b


def _take_point(text: str, toks: list[Tok], i: int) -> int:
    """Index after the longest run of tokens starting at i that forms one point expression."""
    t = toks[i]
    if t.kind == "range":
        return i + 1
    order = {"day": 0, "part": 1, "clock": 2}
    if t.kind not in order:
        return i
    j, level = i + 1, order[t.kind]
    while j < len(toks) and toks[j].kind in order and order[toks[j].kind] > level and _adjacent(text, toks[j - 1], toks[j]):
        level = order[toks[j].kind]
        j += 1
    return j


def _combine(text: str, toks: list[Tok], ctx: Ctx) -> list[TimeExpression]:
    out: list[TimeExpression] = []
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "void":  # 每天下午三点: the repeated time is not a range
            follows = i + 1 < n and _adjacent(text, t, toks[i + 1])
            i = max(_take_point(text, toks, i + 1), i + 1) if follows else i + 1
            continue
        opened_with_from = t.kind == "from" and i + 1 < n and _adjacent(text, t, toks[i + 1])
        k = i + 1 if opened_with_from else i
        j = _take_point(text, toks, k)
        if j == k:
            i += 1
            continue
        try:
            x = _resolve_point(ctx, toks[k:j])
        except (ValueError, OverflowError):  # a day or clock arithmetic left the calendar
            x = None
        if x is None:
            i = j
            continue
        s0 = toks[i].s if opened_with_from else x.s
        start, end, grain, e0 = x.start, x.end, x.grain, x.e
        nxt = toks[j] if j < n and _adjacent(text, toks[j - 1], toks[j]) else None
        if nxt is not None and nxt.kind == "to" and j + 1 < n and _adjacent(text, nxt, toks[j + 1]):
            if toks[j + 1].kind == "now":
                end, e0, j = ctx.now, toks[j + 1].e, j + 2
            else:
                j2 = _take_point(text, toks, j + 1)
                y = _resolve_point(ctx, toks[j + 1 : j2], inherit=x) if j2 > j + 1 else None
                if y is not None and y.end > start:
                    end = y.start if y.is_clock else y.end
                    grain = _finer(grain, y.grain)
                    e0, j = y.e, j2
        elif nxt is not None and nxt.kind == "that" and x.day is not None:
            if nxt.grain == "week":  # 8月10日那周: the ISO week containing that day
                monday = _monday(x.day)
                start, end, grain = ctx.at(monday), ctx.at(monday + timedelta(days=7)), "week"
            e0, j = nxt.e, j + 1
        elif nxt is not None and nxt.kind == "now":
            end, e0, j = ctx.now, nxt.e, j + 1
        elif nxt is not None and nxt.kind == "since":
            end, e0, j = ctx.now, nxt.e, j + 1
        elif nxt is not None and nxt.kind == "before" and x.end > ctx.now:
            # X之前 = [now, end of X); a clock time is a point, so its deadline is the time itself
            start, end, e0, j = ctx.now, (x.start if x.is_clock else x.end), nxt.e, j + 1
        if end > start and in_calendar(start, end):
            out.append(TimeExpression(text=text[s0:e0], start=start, end=end, grain=grain, span=(s0, e0)))
        i = j
    return out
