"""Rules for calendar dates and the periods around them: dates with no year, holidays, days,
weekdays, weeks and months (years are rules_years.py). Each handler's regex stands right above it;
their priority is the order of the RULES table (rules.py), not the order here."""

from __future__ import annotations

import re
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from app.planner.timeparse.calendar import (
    _SINCE_AFTER,
    _monday,
    _month_start,
    _nearest,
    _next_month,
    _safe_date,
)
from app.planner.timeparse.lexicon import (
    _HOLIDAYS,
    _MONTH_PART,
    _MONTH_SHIFT,
    _REL_DAY,
    _REL_DAY_PART,
    _WD,
    _WEEK_SHIFT,
    _YEAR_SHIFT,
    WEEK,
    WEEK_N,
    cn_number,
    holiday_date,
)
from app.planner.timeparse.tokens import Ctx, Tok, _day_tok, _range_tok, _void

NUM2 = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})"
TO = r"\s*[-~—到至]\s*"
# A unit written once covers both ends of X到Y (2018年1－9月份, 4月12-19日): X's number alone is a
# month or a day when Y's carries the unit.
MONTH_OR_RANGE_START = rf"(?P<mo>{NUM2})(?:月(?:份)?|(?={TO}{NUM2}月))"
DAY_OR_RANGE_START = rf"(?P<d>{NUM2})(?:[日号]|(?={TO}{NUM2}[日号]))"


def month_or_day(m: re.Match, ctx: Ctx, y: int, day: str | None) -> Tok:
    """Month m["mo"] of year y, that day of it, or its part m["p"]; an impossible month or day is void."""
    mo = cn_number(m["mo"])
    if not 1 <= mo <= 12:
        return _void(m)
    if day is None:
        return month_part(ctx, m, date(y, mo, 1), m["p"])
    d = _safe_date(y, mo, cn_number(day))
    return _day_tok(m, d, dated=True) if d else _void(m)


def month_part(ctx: Ctx, m: re.Match, first: date, part: str | None, yearless: bool = False) -> Tok:
    """The month starting at `first`, or its 上旬/中旬/下旬 (月初, 月底…)."""
    if part is None:
        tok = _range_tok(m, *ctx.days(first, _next_month(first), "month"))
    else:
        lo, hi = _MONTH_PART[part]
        end = _next_month(first) if hi == 0 else first.replace(day=hi) + timedelta(days=1)
        tok = _range_tok(m, *ctx.days(first.replace(day=lo), end))
    tok.yearless = yearless
    return tok


# -- dates without a year: the occurrence nearest to today
ISO_DATE_RE = r"(?P<y>\d{4})[-/.](?P<mo>\d{1,2})[-/.](?P<d>\d{1,2})(?![\d.])(?:T(?=\d{1,2}:\d\d))?"


def iso_date(m, ctx):
    d = _safe_date(int(m["y"]), int(m["mo"]), int(m["d"]))
    return _day_tok(m, d, dated=True) if d else _void(m)


# 9/3 or 9-3 is a date only beside a day word, a part of day, a clock time or 号/日; elsewhere it is a
# fraction (1/2的人) or a score (3-2)
_PAIR = r"(?<![\d./:-])(?:1[0-2]|0?[1-9])[/-](?:3[01]|[12]\d|0?[1-9])(?![\d/.:%-])"
_BESIDE_PAIR = (
    r"\s*[（(]?\s*(?:周|星期|礼拜)[一二三四五六日天]|\s*(?:凌晨|上午|中午|下午|晚上|早上|傍晚|夜里)"
    r"|\s*(?:\d{1,2}:\d\d|(?:\d{1,2}|[零一二两三四五六七八九十]{1,3})[点时])"
)
SLASH_DATE_RE = (
    rf"(?:(?<=[周期拜][一二三四五六日天])|(?<=[周期拜][一二三四五六日天]\s)|(?={_PAIR}(?:[号日]|{_BESIDE_PAIR})))"
    r"(?P<mo>1[0-2]|0?[1-9])[/-](?P<d>3[01]|[12]\d|0?[1-9])(?![\d/.:%-])[号日]?"
)


def slash_date(m, ctx):
    return month_day(m, ctx)


MONTH_DAY_RE = rf"(?P<mo>{NUM2})月{DAY_OR_RANGE_START}"


def month_day(m, ctx):
    mo, dd = cn_number(m["mo"]), cn_number(m["d"])
    y = ctx.today.year
    cands = [c for c in (_safe_date(y - 1, mo, dd), _safe_date(y, mo, dd), _safe_date(y + 1, mo, dd)) if c]
    if not cands:
        return _void(m)
    return _day_tok(m, _nearest(ctx.today, cands, m), dated=True, yearless=True)


# how many months away (the longest form first)
_MONTHS_AWAY = r"上上个|下下个|上上|下下|上一个|下一个|上个|下个|这个|本|上|下|这"
SHIFTED_MONTH_DAY_RE = rf"(?P<q>{_MONTHS_AWAY})月(?P<d>{NUM2})[日号]"


def shifted_month_day(m, ctx):
    first = _month_start(ctx.today) + relativedelta(months=_MONTH_SHIFT[m["q"]])
    d = _safe_date(first.year, first.month, cn_number(m["d"]))
    return _day_tok(m, d, dated=True) if d else _void(m)


# -- holidays
YEAR_HOLIDAY_RE = rf"(?:(?P<yr>大前年|前年|去年|今年|明年|后年)|(?<!\d)(?P<y>\d{{4}})\s?年)的?(?P<h>{_HOLIDAYS})"


def year_holiday(m, ctx):
    y = int(m["y"]) if m["y"] else ctx.today.year + _YEAR_SHIFT[m["yr"]]
    return _day_tok(m, holiday_date(m["h"], y))


# 五一广场, 五一路: a place named after the day
HOLIDAY_RE = _HOLIDAYS + r"(?![广路街])"


def holiday(m, ctx):
    name, y = m.group(0), ctx.today.year
    return _day_tok(m, _nearest(ctx.today, [holiday_date(name, y + k) for k in (-1, 0, 1)], m))


# -- days
RELATIVE_DAY_RE = r"大前天|大后天|前天|昨天|昨日|昨儿|今天|今日|今儿|明天|明日|明儿|后天"


def relative_day(m, ctx):
    return _day_tok(m, ctx.today + timedelta(days=_REL_DAY[m.group(0)]))


TWO_DAYS_RE = r"今明两?天|明后两?天"


def two_days(m, ctx):
    first = ctx.today + timedelta(days=0 if m.group(0).startswith("今") else 1)
    return _range_tok(m, *ctx.days(first, first + timedelta(days=2)))


RELATIVE_DAY_PART_RE = r"今晚|昨晚|明晚|昨夜|今夜|今早|明早|昨早"


def relative_day_part(m, ctx):
    shift, part = _REL_DAY_PART[m.group(0)]
    return _day_tok(m, ctx.today + timedelta(days=shift), part=part)


# -- weekends and weekdays
# not the 下 of 一下 (看一下周五的安排, 翻译一下周报: this Friday, and no week at all)
_WEEKS_AWAY = r"上上个|(?<!一)下下个|上上|(?<!一)下下|上个|(?<!一)下个|这个|上一|(?<!一)下一|这一|上|(?<!一)下|这|本"
WEEKEND_RE = rf"(?P<q>{_WEEKS_AWAY})?{WEEK}?末(?!尾)"


def weekend(m, ctx):
    text = m.group(0)
    if text == "末" or not (text.endswith("周末") or "礼拜末" in text or "星期末" in text):
        return None
    shift = _WEEK_SHIFT.get(m["q"] or "这", 0)
    sat = _monday(ctx.today) + timedelta(days=7 * shift + 5)
    return _range_tok(m, *ctx.days(sat, sat + timedelta(days=2)))


# 下周周六 = 下周六
# 天 as a weekday, not the 天 of a word after a week (下周天气, 这周天然气费; 下周天才能到 is Sunday)
_SUNDAY_TIAN = r"天(?![气空然使])"
_WEEKDAY = rf"(?P<wd>[一二三四五六日1-7]|{_SUNDAY_TIAN})"
QUALIFIED_WEEKDAY_RE = rf"(?P<q>{_WEEKS_AWAY}){WEEK}{WEEK}?{_WEEKDAY}"


def qualified_weekday(m, ctx):
    monday = _monday(ctx.today) + timedelta(days=7 * _WEEK_SHIFT[m["q"]])
    return _day_tok(m, monday + timedelta(days=_WD[m["wd"]] - 1))


BARE_WEEKDAY_RE = rf"{WEEK}{_WEEKDAY}"


def bare_weekday(m, ctx):
    wd = _WD[m["wd"]]
    return _day_tok(m, _monday(ctx.today) + timedelta(days=wd - 1), bare_weekday=wd)


# -- weeks
WEEK_RE = rf"(?P<q>{_WEEKS_AWAY}){WEEK_N}(?!期|[一二三四五六日1-7末]|{_SUNDAY_TIAN})"


def week(m, ctx):
    monday = _monday(ctx.today) + timedelta(days=7 * _WEEK_SHIFT[m["q"]])
    return _range_tok(m, *ctx.days(monday, monday + timedelta(days=7), "week"))


# -- months and month parts
_PART = r"(?P<p>月初|月中|月底|月末|初|上旬|中旬|下旬|底|末)?"
SHIFTED_MONTH_RE = rf"(?P<q>{_MONTHS_AWAY}|当)月(?:份)?{_PART}"


def shifted_month(m, ctx):
    first = _month_start(ctx.today) + relativedelta(months=_MONTH_SHIFT[m["q"]])
    return month_part(ctx, m, first, m["p"])


NAMED_MONTH_RE = (
    rf"(?P<mo>1[0-2]|0?[1-9]|十[一二]|[一二三四五六七八九十])(?:月(?:份)?|(?={TO}{NUM2}月)){_PART}"
    r"(?![\d一二三四五六七八九十]+[日号])"
)


def named_month(m, ctx):
    mo = cn_number(m["mo"])
    y = ctx.today.year
    cands = [date(y - 1, mo, 1), date(y, mo, 1), date(y + 1, mo, 1)]
    this_month = _month_start(ctx.today)
    # a since-anchor (1月以来, 从2月到现在) lies in the past, as for dates (calendar._nearest)
    past = [c for c in cands if c <= this_month] if _SINCE_AFTER.match(m.string, m.end()) else []
    first = max(past) if past else min(
        cands, key=lambda c: (abs((c.year - this_month.year) * 12 + c.month - this_month.month), c))
    return month_part(ctx, m, first, m["p"], yearless=True)


# 初 before a day's number is a lunar day (正月初六; 年初三, rules_years): no time word (the time
# conventions: other holidays produce nothing), not the start of a month or of the year
LUNAR_DAY_AHEAD = r"(?![一二三四五六七八九十])"
BARE_MONTH_PART_RE = rf"(?<![年月])(?P<p>月初{LUNAR_DAY_AHEAD}|月中|月底|月末|上旬|中旬|下旬)"


def bare_month_part(m, ctx):
    return month_part(ctx, m, _month_start(ctx.today), m["p"])


# -- a day of this month (D号)
# 三日游 is a trip; in 3到5号 号 is written once for both days
# 3号线, 三号点位, 5号口: a numbered thing (but 3号口腔科复查, 20号车险到期, 25号库存盘点 are days)
_NOT_A_DAY = "(?![线楼门床位房机子游厅馆仓柜台]|口(?!腔)|车(?![险检票])|库(?!存)|站(?!会)|院(?!里)|点位)"
BARE_MONTHDAY_RE = (rf"(?P<d>\d{{1,2}}|[一二三四五六七八九十]{{1,3}})[号日]{_NOT_A_DAY}"
                    rf"|(?<![\d.:/])(?P<d2>\d{{1,2}}|[一二三四五六七八九十]{{1,3}})(?=\s*[-~—到至]\s*{NUM2}[号日]{_NOT_A_DAY})")


def bare_monthday(m, ctx):
    dd = cn_number(m["d"] or m["d2"])
    if m.group(0).endswith("日") and m["d"] in ("一", "两", "几"):
        return None  # 一日三餐
    d = _safe_date(ctx.today.year, ctx.today.month, dd)
    if d is None:
        return _void(m)
    return _day_tok(m, d, bare_monthday=dd)
