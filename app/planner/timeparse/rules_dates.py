"""Rules for calendar dates and the periods around them: explicit and relative dates, holidays,
weekdays, weeks, months, quarters and years. Each handler's regex stands right above it; their
priority is the order of the RULES table (rules.py), not the order here."""

from __future__ import annotations

import re
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from app.planner.timeparse.calendar import _monday, _month_start, _nearest, _next_month, _safe_date
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
    _holiday,
    cn_number,
)
from app.planner.timeparse.tokens import Ctx, Tok, _day_tok, _range_tok, _void

# -- explicit dates
EXPLICIT_YEAR_RE = (
    r"(?P<y>\d{4}|[零〇一二三四五六七八九]{4})年(?:(?P<mo>\d{1,2}|[一二三四五六七八九十]{1,3})月(?:份)?"
    r"(?:(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号])?)?"
)


def explicit_year(m, ctx):
    y = cn_number(m["y"])
    if m["mo"] is None:
        return _range_tok(m, ctx.at(date(y, 1, 1)), ctx.at(date(y + 1, 1, 1)), "year")
    return _month_or_day(m, ctx, y)


def _month_or_day(m: re.Match, ctx: Ctx, y: int) -> Tok:
    """The M月 or M月D日 of a match in year y; an impossible month or day is void."""
    mo = cn_number(m["mo"])
    if not 1 <= mo <= 12:
        return _void(m)
    if m["d"] is None:
        first = date(y, mo, 1)
        return _range_tok(m, ctx.at(first), ctx.at(_next_month(first)), "month")
    d = _safe_date(y, mo, cn_number(m["d"]))
    return _day_tok(m, d) if d else _void(m)


ISO_DATE_RE = r"(?P<y>\d{4})[-/.](?P<mo>\d{1,2})[-/.](?P<d>\d{1,2})(?![\d.])"


def iso_date(m, ctx):
    d = _safe_date(int(m["y"]), int(m["mo"]), int(m["d"]))
    return _day_tok(m, d) if d else _void(m)


RELATIVE_YEAR_MONTH_RE = (
    r"(?P<yr>大前年|前年|去年|今年|本年|明年|后年)(?P<mo>\d{1,2}|[一二三四五六七八九十]{1,3})月(?:份)?"
    r"(?:(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号])?"
)


def relative_year_month(m, ctx):
    return _month_or_day(m, ctx, ctx.today.year + _YEAR_SHIFT[m["yr"]])


# 9/5 as a date, not 评分3/5 or 1/2的人 (fractions)
SLASH_DATE_RE = r"(?<![\d./分率比])(?P<mo>1[0-2]|0?[1-9])/(?P<d>3[01]|[12]\d|0?[1-9])(?![\d/.%的之])"


def slash_date(m, ctx):
    return month_day(m, ctx)


MONTH_DAY_RE = r"(?P<mo>\d{1,2}|[一二三四五六七八九十]{1,3})月(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号]"


def month_day(m, ctx):
    mo, dd = cn_number(m["mo"]), cn_number(m["d"])
    y = ctx.today.year
    cands = [c for c in (_safe_date(y - 1, mo, dd), _safe_date(y, mo, dd), _safe_date(y + 1, mo, dd)) if c]
    return _day_tok(m, _nearest(ctx.today, cands, m)) if cands else _void(m)


SHIFTED_MONTH_DAY_RE = r"(?P<q>上上个|上个|这个|下个|下下个|本|上|下|这)月(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号]"


def shifted_month_day(m, ctx):
    first = _month_start(ctx.today) + relativedelta(months=_MONTH_SHIFT[m["q"]])
    d = _safe_date(first.year, first.month, cn_number(m["d"]))
    return _day_tok(m, d) if d else _void(m)


# -- holidays
YEAR_HOLIDAY_RE = rf"(?P<yr>大前年|前年|去年|今年|明年|后年)的?(?P<h>{_HOLIDAYS})"


def year_holiday(m, ctx):
    return _day_tok(m, _holiday(m["h"], ctx.today.year + _YEAR_SHIFT[m["yr"]]))


HOLIDAY_RE = rf"(?P<h>{_HOLIDAYS})(?![节后前])|(?P<h2>{_HOLIDAYS})(?=[前后]|节)"


def holiday(m, ctx):
    name = m["h"] or m["h2"]
    y = ctx.today.year
    return _day_tok(m, _nearest(ctx.today, [_holiday(name, y - 1), _holiday(name, y), _holiday(name, y + 1)], m))


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
    return _day_tok(m, ctx.today + timedelta(days=shift), part=part, explicit_part=True)


# -- weekends and weekdays
WEEKEND_RE = rf"(?P<q>上上个|上个|这个|下个|上|这|本|下)?{WEEK}?末(?!尾)"


def weekend(m, ctx):
    text = m.group(0)
    if text == "末" or not (text.endswith("周末") or "礼拜末" in text or "星期末" in text):
        return None
    shift = _WEEK_SHIFT.get(m["q"] or "这", 0)
    sat = _monday(ctx.today) + timedelta(days=7 * shift + 5)
    return _range_tok(m, *ctx.days(sat, sat + timedelta(days=2)))


QUALIFIED_WEEKDAY_RE = rf"(?P<q>上上个|下下个|上上|下下|上个|下个|这个|上一|下一|上|下|这|本){WEEK}(?P<wd>[一二三四五六日天1-7])"


def qualified_weekday(m, ctx):
    monday = _monday(ctx.today) + timedelta(days=7 * _WEEK_SHIFT[m["q"]])
    return _day_tok(m, monday + timedelta(days=_WD[m["wd"]] - 1))


BARE_WEEKDAY_RE = rf"{WEEK}(?P<wd>[一二三四五六日天1-7])"


def bare_weekday(m, ctx):
    wd = _WD[m["wd"]]
    return _day_tok(m, _monday(ctx.today) + timedelta(days=wd - 1), bare_weekday=wd)


# -- weeks
WEEK_RE = rf"(?P<q>上上个|下下个|上上|下下|上个|下个|这个|上一|下一|这一|上|下|这|本){WEEK_N}(?!期|[一二三四五六日天1-7末])"


def week(m, ctx):
    monday = _monday(ctx.today) + timedelta(days=7 * _WEEK_SHIFT[m["q"]])
    return _range_tok(m, *ctx.days(monday, monday + timedelta(days=7), "week"))


# -- quarters, half years, years
QUARTER_RE = r"(?P<q>上上个|上个|这个|下个|本|上|下|这)季度|(?P<yr>今年|去年|明年)?第?(?P<n>[一二三四1-4])季度|[Qq](?P<qn>[1-4])"


def quarter(m, ctx):
    q0 = date(ctx.today.year, (ctx.today.month - 1) // 3 * 3 + 1, 1)
    if m["q"] is not None:
        first = q0 + relativedelta(months=3 * _MONTH_SHIFT[m["q"]])
    else:
        n = cn_number(m["n"]) if m["n"] else int(m["qn"])
        y = ctx.today.year + (_YEAR_SHIFT[m["yr"]] if m["yr"] else 0)
        first = date(y, 3 * (n - 1) + 1, 1)
    return _range_tok(m, *ctx.days(first, first + relativedelta(months=3), "quarter"))


YEAR_PART_RE = r"(?P<yr>大前年|前年|去年|今年|本年|明年|后年)?(?P<h>上半年|下半年|年初|年底|年末|年中)"


def year_part(m, ctx):
    y = ctx.today.year + (_YEAR_SHIFT[m["yr"]] if m["yr"] else 0)
    h = m["h"]
    if h == "上半年":
        return _range_tok(m, *ctx.days(date(y, 1, 1), date(y, 7, 1), "month"))
    if h == "下半年":
        return _range_tok(m, *ctx.days(date(y, 7, 1), date(y + 1, 1, 1), "month"))
    if h == "年初":
        return _range_tok(m, *ctx.days(date(y, 1, 1), date(y, 2, 1), "month"))
    if h == "年中":
        return _range_tok(m, *ctx.days(date(y, 6, 1), date(y, 8, 1), "month"))
    return _range_tok(m, *ctx.days(date(y, 12, 1), date(y + 1, 1, 1), "month"))


RELATIVE_YEAR_RE = r"大前年|前年|去年|今年|本年|明年|后年"


def relative_year(m, ctx):
    y = ctx.today.year + _YEAR_SHIFT[m.group(0)]
    return _range_tok(m, *ctx.days(date(y, 1, 1), date(y + 1, 1, 1), "year"))


# -- months and month parts
def _month_part_range(ctx: Ctx, m: re.Match, first: date, part: str | None) -> Tok:
    if part is None:
        return _range_tok(m, *ctx.days(first, _next_month(first), "month"))
    lo, hi = _MONTH_PART[part]
    end = _next_month(first) if hi == 0 else first.replace(day=hi) + timedelta(days=1)
    return _range_tok(m, *ctx.days(first.replace(day=lo), end))


SHIFTED_MONTH_RE = r"(?P<q>上上个|下下个|上个|下个|这个|本|上|下|这|当)月(?:份)?(?P<p>月初|月中|月底|月末|初|上旬|中旬|下旬|底|末)?"


def shifted_month(m, ctx):
    first = _month_start(ctx.today) + relativedelta(months=_MONTH_SHIFT[m["q"]])
    return _month_part_range(ctx, m, first, m["p"])


NAMED_MONTH_RE = r"(?P<mo>1[0-2]|0?[1-9]|十[一二]|[一二三四五六七八九十])月(?:份)?(?P<p>月初|月中|月底|月末|初|上旬|中旬|下旬|底|末)?(?![\d一二三四五六七八九十]+[日号])"


def named_month(m, ctx):
    mo = cn_number(m["mo"])
    y = ctx.today.year
    cands = [date(y - 1, mo, 1), date(y, mo, 1), date(y + 1, mo, 1)]
    this_month = _month_start(ctx.today)
    first = min(cands, key=lambda c: (abs((c.year - this_month.year) * 12 + c.month - this_month.month), c))
    return _month_part_range(ctx, m, first, m["p"])


BARE_MONTH_PART_RE = r"(?<![年月])(?P<p>月初|月中|月底|月末|上旬|中旬|下旬)"


def bare_month_part(m, ctx):
    return _month_part_range(ctx, m, _month_start(ctx.today), m["p"])


# -- a day of this month (D号)
BARE_MONTHDAY_RE = r"(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[号日](?![线楼门床位房机子])"


def bare_monthday(m, ctx):
    dd = cn_number(m["d"])
    if m.group(0).endswith("日") and m["d"] in ("一", "两", "几"):
        return None  # 一日三餐
    d = _safe_date(ctx.today.year, ctx.today.month, dd)
    if d is None:
        return _void(m)
    return _day_tok(m, d, bare_monthday=dd)
