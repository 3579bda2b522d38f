"""Lexing and combination: the rules as one alternation (in the RULES order; per first character,
only the rules that can start with it) lex the text into tokens; the combinator joins adjacent tokens (day + part of
day + clock, X到Y, X之前, X以前, X以后, X以来, 从X到现在) and resolves them to ranges."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import TypeVar

from app.contracts import TimeExpression
from app.planner.timeparse.calendar import GRAIN_ORDER, _monday, _next_month, _safe_date, in_calendar
from app.planner.timeparse.lexicon import _PARTS
from app.planner.timeparse.rules import RULES, Rule
from app.planner.timeparse.tokens import Ctx, Tok


def _alternation(rules: Iterable[Rule]) -> re.Pattern[str]:
    # rules reuse group names (y, mo, d…), so in an alternation only each rule's name is a group
    return re.compile("|".join(f"(?P<{name}>{re.sub(r'[(][?]P<[a-z0-9]+>', '(?:', pat)})" for name, pat, _ in rules))


_MASTER = _alternation(RULES)
_RULES = [(name, re.compile(pat), fn) for name, pat, fn in RULES]


def _first_chars(pattern: str) -> re.Pattern[str]:
    """A character class of every character a match of `pattern` can start with, read from the
    parsed pattern (zero-width assertions skipped, optional parts looked through). Where that cannot
    be said (a negated class, `.`, a flag), any character: the lexer is then merely slower."""
    from re import _constants as c  # type: ignore[attr-defined]
    from re import _parser  # type: ignore[attr-defined]

    categories = {c.CATEGORY_DIGIT: r"\d", c.CATEGORY_SPACE: r"\s", c.CATEGORY_WORD: r"\w"}

    def first(items) -> tuple[list[str], bool]:  # (class members, can it match nothing)
        out: list[str] = []
        for op, av in items:
            if op in (c.ASSERT, c.ASSERT_NOT, c.AT):
                continue
            if op is c.LITERAL:
                return [*out, re.escape(chr(av))], False
            if op is c.IN:
                for o, a in av:
                    if o is c.LITERAL:
                        out.append(re.escape(chr(a)))
                    elif o is c.RANGE:
                        out.append(f"{re.escape(chr(a[0]))}-{re.escape(chr(a[1]))}")
                    else:
                        out.append(categories[a])  # KeyError for NEGATE and other categories
                return out, False
            if op is c.SUBPATTERN and not av[1] and not av[2]:
                sub, empty = first(av[3])
            elif op is c.BRANCH:
                parts = [first(alt) for alt in av[1]]
                sub, empty = [x for p, _ in parts for x in p], any(e for _, e in parts)
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
                sub, empty = first(av[2])
                empty = empty or av[0] == 0
            else:
                raise KeyError(op)
            out += sub
            if not empty:
                return out, False
        return out, True

    try:
        members, empty = first(_parser.parse(pattern))
    except KeyError:
        members, empty = [], True
    return re.compile("(?s:.)" if empty else "[" + "".join(dict.fromkeys(members)) + "]")


# where a time expression can start: the lexer tries the rules at those positions only
# (searching, Python's regex engine tries every alternative at every position: ~2× the time)
_FIRST = _first_chars(_MASTER.pattern)
_RULE_INDEX = {name: i for i, (name, _, _) in enumerate(_RULES)}


def _by_first_char() -> dict[str, re.Pattern[str]]:
    """Per character a rule can start with, the alternation of only the rules that can. At a position
    it matches as the master regex does (the rules left out cannot match there; the order is kept)
    in about 3/4 of the time: Python's engine enters every alternative it is given. A character not
    listed (a digit of another script) is left to the master regex."""
    starts = [_first_chars(pat) for _, pat, _ in RULES]
    chars = set("".join(pat for _, pat, _ in RULES) + string.digits)  # every literal and range end, and \d
    alternations: dict[tuple[int, ...], re.Pattern[str]] = {}
    table: dict[str, re.Pattern[str]] = {}
    for char in chars:
        rules = tuple(i for i, start in enumerate(starts) if start.match(char))
        if rules:
            if rules not in alternations:
                alternations[rules] = _alternation(RULES[i] for i in rules)
            table[char] = alternations[rules]
    return table


# built here, once (bench/timeparse.py prints how long): built on first use, the first question
# each process answered paid for it
_BY_FIRST_CHAR = _by_first_char()
# every time expression holds one of these: a text with none skips the lexer
_TRIGGER = re.compile(
    r"[天日晚早夜周星拜末月年季旬小时分钟点号刻今昨明前后近过去刚几:元国春节除中端劳五一圣情宵午凌晨傍间半夕Qq\d-]"
)
# a digit right after a digit, or after a digit and a decimal point
_INSIDE_NUMBER = re.compile(r"(?:[0-9０-９][.．]|.?[0-9０-９])[0-9０-９]\Z")
_DIGITS = frozenset("0123456789０１２３４５６７８９")  # what _INSIDE_NUMBER's last character is
# the days after X (X以后) or before it (X以前) reach this far, as a question with no time word does
HORIZON = timedelta(days=30)


def _lex(text: str, ctx: Ctx) -> list[Tok]:
    toks: list[Tok] = []
    pos = 0
    while (m := _search(text, pos)) is not None:
        tok = _token_at(text, m, ctx)
        if tok is None:
            pos = m.start() + 1  # nothing here after all: later rules may still start inside the span
            continue
        if tok.bare_weekday and toks and toks[-1].kind == "day" and _restates(text, toks[-1], tok):
            pos = tok.e  # 「10月23日（周五）15:00」「9/3周四」: the weekday only restates the date
            continue
        if tok.dated and toks and toks[-1].bare_weekday and not text[toks[-1].e : tok.s].strip():
            tok.s = toks.pop().s  # 「周四 9/3」 likewise
        toks.append(tok)
        pos = tok.e
    return toks


def _search(text: str, pos: int) -> re.Match[str] | None:
    """_MASTER.search(text, pos), trying only where a rule can start, and only the rules that can;
    never inside a number (3000点, 13月, 1.5小时前: the tail of a longer number or a decimal is no
    time), where most of the rules tried would fail one digit on."""
    while (first := _FIRST.search(text, pos)) is not None:
        at = first.start()
        if text[at] not in _DIGITS or not _INSIDE_NUMBER.match(text, max(0, at - 2), at + 1):
            m = _BY_FIRST_CHAR.get(text[at], _MASTER).match(text, at)
            if m is not None:
                return m
        pos = at + 1
    return None


# A weekday in brackets right after a day: 「10月23日（周五）」「11月15日 (星期天)」; after a calendar
# date, also without them: 「9/3周四」.
_WEEKDAY_ASIDE = re.compile(r"\s*[（(]\s*(?:周|星期|礼拜)[一二三四五六日天]\s*[)）]\s*")
_WEEKDAY_BESIDE = re.compile(r"\s*(?:[（(]\s*)?(?:周|星期|礼拜)[一二三四五六日天]\s*(?:[)）]\s*)?")
_CLOSE = re.compile(r"\s*[)）]\s*")


def _end_of_aside(text: str, e: int) -> int:
    close = _CLOSE.match(text, e)
    return close.end() if close else e


def _restates(text: str, day: Tok, weekday: Tok) -> bool:
    aside = _WEEKDAY_BESIDE if day.dated else _WEEKDAY_ASIDE
    return aside.fullmatch(text, day.e, _end_of_aside(text, weekday.e)) is not None


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
    return a.kind == "day" and (_WEEKDAY_BESIDE if a.dated else _WEEKDAY_ASIDE).fullmatch(text, a.e, b.s) is not None


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
    if part in ("晚上", "晚间", "夜里", "夜间", "半夜") and hour == 0:
        return 24  # 今晚零点: the midnight that ends the evening (as 晚上12点), never noon
    if part in ("晚上", "晚间") and 1 <= hour <= 3:
        return hour + 24  # 昨晚1点才睡: the small hours after the evening's midnight (13:00 is no evening)
    if part in ("下午", "晚上", "晚间", "傍晚") and hour < 12:
        return hour + 12
    if part == "中午" and hour < 3:
        return hour + 12
    if part in ("夜里", "夜间", "半夜") and 6 <= hour < 12:
        return hour + 12
    if part in ("晚上", "晚间", "夜里", "夜间", "半夜") and hour == 12:
        return 24  # the midnight that ends the day
    if part == "凌晨" and hour == 12:
        return 0  # the midnight that starts it
    return hour


def _resolve_point(ctx: Ctx, toks: list[Tok], inherit: Resolved | None = None) -> Resolved | None:
    """day? part? clock? (or one range token) → a range."""
    first, last = toks[0], toks[-1]
    if first.kind == "range":
        start, end = first.start, first.end
        if first.yearless and inherit is not None:  # 2018年1－9月份: Y is in X's year
            years = _years_to_reach(start.date(), inherit.start.date())
            start, end = _plus_years(start, years), _plus_years(end, years)
        return Resolved(first.s, first.e, start, end, first.grain, False, None, None)
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
        elif day_tok.yearless and inherit is not None:  # 2017年8月11日至8月22日: Y is in X's year
            d = _plus_years(d, _years_to_reach(d, inherit.start.date()))
        elif day_tok.bare_monthday and inherit is not None and inherit.day is not None:
            d = _safe_date(inherit.day.year, inherit.day.month, day_tok.bare_monthday) or d
            if d < inherit.day:
                following = _next_month(inherit.day)
                d = _safe_date(following.year, following.month, day_tok.bare_monthday) or d
        elif day_tok.bare_weekday and ctx.future_at(day_tok.s):
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
        step = _clock_step(grain)
        if d is None:
            start = ctx.at(ctx.today, hour, minute)
            if ctx.stored and ctx.future_at(clock_tok.s) and start + step <= ctx.now:
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


def _years_to_reach(d: date, anchor: date) -> int:
    """The years that move d into anchor's year, or the next one if it would fall before anchor
    (2024年12月28日至1月3日 ends in 2025)."""
    years = anchor.year - d.year
    return years + 1 if _plus_years(d, years) < anchor else years


_Day = TypeVar("_Day", date, datetime)


def _plus_years(d: _Day, years: int) -> _Day:
    """d (a date or datetime) `years` later; Feb 29 becomes Feb 28 in a common year."""
    try:
        return d.replace(year=d.year + years)
    except ValueError:
        return d.replace(year=d.year + years, day=28)


def _after(ctx: Ctx, x: Resolved) -> tuple[datetime, datetime]:
    """X以后: from the end of X to now if X is past, 30 days on if ahead, from now if X holds it;
    after a clock time, the rest of its day (下午3点以后 = [15:00, 24:00))."""
    if x.is_clock:
        return x.start, ctx.at(x.start.date() + timedelta(days=1))
    if x.end <= ctx.now:
        return x.end, ctx.now
    if x.start > ctx.now:
        return x.end, x.end + HORIZON
    return ctx.now, ctx.now + HORIZON


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
    while j < len(toks) and toks[j].kind in order and order[toks[j].kind] > level and (
            _adjacent(text, toks[j - 1], toks[j]) or _day_of(text, toks[j - 1], toks[j])):
        level = order[toks[j].kind]
        j += 1
    return j


def _day_of(text: str, day: Tok, then: Tok) -> bool:
    """A day, 的, then its part of day or clock time (下周一的下午3点, 明天的上午)."""
    return day.kind == "day" and text[day.e : then.s].strip() == "的"


def _combine(given: str, text: str, toks: list[Tok], ctx: Ctx) -> list[TimeExpression]:
    """The expressions of `text` (`given` as converted to Simplified, same length), quoted from `given`."""
    out: list[TimeExpression] = []
    i, n = 0, len(toks)
    said: Resolved | None = None  # the last day with its part of day and clock time, for a bare clock after it
    dated: Resolved | None = None  # the last point with a day, for a bare weekday listed after it
    while i < n:
        t = toks[i]
        if t.kind == "void":  # 每天下午三点, 每周六上午9点到11点: the repeated time is no range
            i = _skip_attached(text, toks, i)
            continue
        opened_with_from = t.kind == "from" and i + 1 < n and _adjacent(text, t, toks[i + 1])
        k = i + 1 if opened_with_from else i
        j = _take_point(text, toks, k)
        if j == k:
            i += 1
            continue
        try:
            found = _expression(text, toks, k, j, ctx, said, dated)
        except (ValueError, OverflowError):  # a day or clock arithmetic left the calendar
            found = None
        if found is None:
            i = j
            continue
        s, e, start, end, grain, i, point = found
        if point.is_clock and point.day is not None and point.part is not None:
            said = point
        if point.day is not None:
            dated = point
        if (toks[k].kind == "range" and grain not in ("minute", "hour") and i < n and toks[i].kind in ("part", "clock")
                and _adjacent(text, toks[i - 1], toks[i])):
            i = _take_point(text, toks, i)  # 周末下午3点: on one of its days, which the text does not say: not today
            if i < n and toks[i].kind == "to" and _adjacent(text, toks[i - 1], toks[i]):
                i = _take_point(text, toks, i + 1)  # …到5点 likewise
        if opened_with_from:
            s = t.s
        if end > start and in_calendar(start, end):
            out.append(TimeExpression(text=given[s:e], start=start, end=end, grain=grain, span=(s, e)))
    return out


_LISTED = re.compile(r"\s*(?:、|和|及|以及|与|或|或者|还有)\s*")
_MORNING = frozenset({"凌晨", "早上", "早晨", "清晨", "上午"})
_WEEK = timedelta(days=7)
_HALF_DAY = timedelta(hours=12)
_SAME_MORNING = timedelta(hours=3)


def _clock_step(grain: str) -> timedelta:
    """How long a clock time of `grain` lasts: 三点 an hour, 3点半 a minute."""
    return timedelta(hours=1) if grain == "hour" else timedelta(minutes=1)


def _listed_day(ctx: Ctx, x: Resolved, dated: Resolved) -> Resolved:
    """A bare weekday listed after a day (resolved in that day's week, or the next): a list of days
    gone by stays in their week (「昨天和周一都去跑步了」); one ahead rolls on (「下周二、周四下午」「周五和周一
    都要值班」)."""
    if dated.day <= ctx.today and x.day is not None and x.day - _WEEK >= _monday(dated.day):
        return replace(x, start=x.start - _WEEK, end=x.end - _WEEK, day=x.day - _WEEK)
    return x


def _in_part_said(ctx: Ctx, text: str, clock: Tok, said: Resolved) -> Resolved | None:
    """A bare clock time on the day and in the part of day said before it (a day, part of day and
    clock time), when that puts it later the same half day (「下午三点半的会推迟到四点」: 16:00; not
    「昨晚十点睡，七点起」), earlier in that part after 提前 (「下午3点提前到2点」), or a few hours earlier the
    same morning (「后天早上六点的飞机，五点起床」); else None."""
    start = ctx.at(said.day, _clock_hour(clock.hour, said.part), clock.minute or 0)
    bounds = _PARTS.get(said.part)
    if (said.start < start <= said.start + _HALF_DAY
            or ("提前" in text[said.e : clock.s] and bounds is not None and ctx.at(said.day, bounds[0]) <= start < said.start)
            or (said.part in _MORNING and said.start - _SAME_MORNING <= start < said.start)):
        return Resolved(clock.s, clock.e, start, start + _clock_step(clock.grain), clock.grain, True, said.day, said.part)
    return None




def _expression(text: str, toks: list[Tok], k: int, j: int, ctx: Ctx, said: Resolved | None,
                dated: Resolved | None) -> tuple[int, int, datetime, datetime, str, int, Resolved] | None:
    """The point toks[k:j] with what attaches to it (到 Y, 那周, 至今, 以来, 以后, 以前, 之前):
    (span start, span end, start, end, grain, index after it, the point), or None. `said` and `dated`
    are what the text said before it (_listed_day, _in_part_said)."""
    listed = dated is not None and toks[k].bare_weekday and _LISTED.fullmatch(text, dated.e, toks[k].s)
    x = _resolve_point(ctx, toks[k:j], inherit=dated if listed else None)
    if x is None:
        return None
    if listed:
        x = _listed_day(ctx, x, dated)
    if said is not None and j == k + 1 and toks[k].kind == "clock":
        x = _in_part_said(ctx, text, toks[k], said) or x
    start, end, grain, e = x.start, x.end, x.grain, x.e
    n = len(toks)
    nxt = toks[j] if j < n and _adjacent(text, toks[j - 1], toks[j]) else None
    kind = nxt.kind if nxt is not None else None
    if kind == "to" and j + 1 < n and _adjacent(text, nxt, toks[j + 1]):
        if toks[j + 1].kind == "now":
            return x.s, toks[j + 1].e, start, ctx.now, grain, j + 2, x
        j2 = _take_point(text, toks, j + 1)
        y = _resolve_point(ctx, toks[j + 1 : j2], inherit=x) if j2 > j + 1 else None
        if y is not None and y.end > start:
            return x.s, y.e, start, (y.start if y.is_clock else y.end), _finer(grain, y.grain), j2, x
    elif kind == "that" and x.day is not None:
        if nxt.grain == "week":  # 8月10日那周: the ISO week containing that day
            monday = _monday(x.day)
            start, end, grain = ctx.at(monday), ctx.at(monday + timedelta(days=7)), "week"
        return x.s, nxt.e, start, end, grain, j + 1, x
    elif kind in ("now", "since"):
        return x.s, nxt.e, start, ctx.now, grain, j + 1, x
    elif kind == "after":
        return x.s, nxt.e, *_after(ctx, x), grain, j + 1, x
    elif kind == "earlier" and x.start <= ctx.now:
        # X以前, X past or holding now: the 30 days before X starts
        return x.s, nxt.e, x.start - HORIZON, x.start, grain, j + 1, x
    elif kind == "before" and x.end <= ctx.now and not ctx.stored:
        # a question's X之前 with X over (上周五之前做了什么, 上周五之前要交的): the 30 days before X
        # and X itself, its deadline day (in a note, X alone dates what was done)
        return x.s, nxt.e, x.start - HORIZON, (x.start if x.is_clock else x.end), grain, j + 1, x
    elif kind in ("before", "earlier") and x.end > ctx.now:
        # X之前 = [now, end of X); a clock time is a point, so its deadline is the time itself
        return x.s, nxt.e, ctx.now, (x.start if x.is_clock else x.end), grain, j + 1, x
    return x.s, e, start, end, grain, j, x


def _skip_attached(text: str, toks: list[Tok], i: int) -> int:
    """Index after a void token and the point (and 到 point) attached to it."""
    j = i + 1
    if j < len(toks) and _adjacent(text, toks[i], toks[j]):
        j = max(_take_point(text, toks, j), j)
        if (toks[i + 1].kind == "range" and j < len(toks) and toks[j].kind in ("part", "clock")
                and _adjacent(text, toks[j - 1], toks[j])):
            j = _take_point(text, toks, j)  # 平时周末上午: a part of the repeated days goes with them
        if (i + 1 < j < len(toks) - 1 and toks[j].kind == "to" and _adjacent(text, toks[j - 1], toks[j])
                and _adjacent(text, toks[j], toks[j + 1])):
            j = max(_take_point(text, toks, j + 1), j + 1)
    return j
