"""Rules for years and what a year qualifies: a year as written (2025年, 2018 年, 二〇二五年,
两千零四年, 15年 before a month, 07年) or relative (去年), alone or with a month and day, a month
part, a quarter, a half or an end of the year, or its first N months; and the same parts with no
year (this year's). Priority is the order of the RULES table (rules.py)."""

from __future__ import annotations

from datetime import date

from dateutil.relativedelta import relativedelta

from app.planner.timeparse.lexicon import _MONTH_SHIFT, _YEAR_SHIFT, cn_number, year_number
from app.planner.timeparse.rules_dates import (
    DAY_OR_RANGE_START,
    LUNAR_DAY_AHEAD,
    MONTH_OR_RANGE_START,
    NUM2,
    month_or_day,
)
from app.planner.timeparse.tokens import _range_tok, _void

_NUMERAL = "[零〇一二三四五六七八九]"
_NOT_AFTER_NUMBER = r"(?<![\d零〇一二两三四五六七八九十百千])"
# what makes a two-digit NN年 a year rather than a count of years (15年前 is an offset)
_YEAR_FOLLOWS = rf"\s?(?:{NUM2}月|上半年|下半年|年?[初底末]|[Qq][1-4](?!\d))"
_YEAR = (
    rf"(?:{_NOT_AFTER_NUMBER}(?P<y>\d{{4}}|{_NUMERAL}{{4}}|[一两二]千[零〇一二三四五六七八九十]{{1,4}})\s?年"
    rf"|{_NOT_AFTER_NUMBER}(?P<y0>0\d|[零〇]{_NUMERAL})年"  # a written leading zero: always a year
    rf"|{_NOT_AFTER_NUMBER}(?P<y2>\d\d|{_NUMERAL}{{2}})年(?={_YEAR_FOLLOWS})"
    # a year needs no 年 before a quarter (2025Q1) or before a year with it (2024-2025年: 年 written once)
    r"|(?<!\d)(?P<yy>\d{4})(?=\s?[Qq][1-4](?!\d)|\s*[-~—到至]\s*\d{4}\s?年)"
    r"|(?P<rel>大前年|前年|去年|今年|本年|明年|后年))"
)
_MONTH_PARTS = r"月初|月中|月底|月末|初|上旬|中旬|下旬|底|末"
_QUARTER = r"第?(?P<qn>[一二三四1-4])季度|(?<![A-Za-z])[Qq](?P<qq>[1-4])(?!\d)"
_HALF_OR_END = rf"上半年|下半年|年?(?:初{LUNAR_DAY_AHEAD}|[底末])"

# a day may stand without 日 after a year and month (两千零四年八月十五), never after a count
_BARE_DAY = rf"(?P<bd>{NUM2})(?![\d零〇一二两三四五六七八九十百千万亿个天周点时分秒年月%.])"
YEAR_RE = (
    rf"{_YEAR}(?:\s?的?(?:{MONTH_OR_RANGE_START}(?:{DAY_OR_RANGE_START}|{_BARE_DAY}|(?P<p>{_MONTH_PARTS}))?"
    rf"|{_QUARTER}|(?P<h>{_HALF_OR_END})|前(?P<fn>{NUM2}|两)个月))?"
)


def year(m, ctx):
    y = _year_of(m, ctx.today.year)
    if m["mo"] is not None:
        return month_or_day(m, ctx, y, day=m["d"] or m["bd"])
    if m["qn"] or m["qq"]:
        return _quarter_tok(m, ctx, y, cn_number(m["qn"] or m["qq"]))
    if m["h"] is not None:
        return _half_or_end(m, ctx, y, m["h"])
    if m["fn"] is not None:  # 今年前三个月 = [Jan 1, Apr 1)
        n = cn_number(m["fn"])
        if not 1 <= n <= 12:
            return _void(m)
        return _range_tok(m, *ctx.days(date(y, 1, 1), date(y, 1, 1) + relativedelta(months=n), "month"))
    return _range_tok(m, *ctx.days(date(y, 1, 1), date(y + 1, 1, 1), "year"))


def _year_of(m, this_year: int) -> int:
    if m["rel"] is not None:
        return this_year + _YEAR_SHIFT[m["rel"]]
    if m["y"] is not None or m["yy"] is not None:
        return year_number(m["y"] or m["yy"])
    if m["y0"] is not None:
        return 2000 + year_number(m["y0"])
    nn = year_number(m["y2"])
    return (2000 if nn < 50 else 1900) + nn


def _quarter_tok(m, ctx, y: int, n: int):
    first = date(y, 3 * (n - 1) + 1, 1)
    return _range_tok(m, *ctx.days(first, first + relativedelta(months=3), "quarter"))


def _half_or_end(m, ctx, y: int, part: str):
    """上半年 [Jan, Jul), 下半年 [Jul, next Jan), 年初 January, 年底/年末 December; grain month."""
    part = part.removeprefix("年")
    first_month, months = {"上半年": (1, 6), "下半年": (7, 6), "初": (1, 1), "底": (12, 1), "末": (12, 1)}[part]
    first = date(y, first_month, 1)
    return _range_tok(m, *ctx.days(first, first + relativedelta(months=months), "month"))


# -- the same parts with no year: this year's
HALF_OR_END_RE = rf"上半年|下半年|年初{LUNAR_DAY_AHEAD}|年底|年末"


def half_or_end(m, ctx):
    return _half_or_end(m, ctx, ctx.today.year, m.group(0))


QUARTER_RE = rf"(?P<q>上上个|上个|这个|下个|本|上|下|这)季度|{_QUARTER}"


def quarter(m, ctx):
    if m["q"] is None:
        return _quarter_tok(m, ctx, ctx.today.year, cn_number(m["qn"] or m["qq"]))
    this_quarter = date(ctx.today.year, (ctx.today.month - 1) // 3 * 3 + 1, 1)
    first = this_quarter + relativedelta(months=3 * _MONTH_SHIFT[m["q"]])
    return _range_tok(m, *ctx.days(first, first + relativedelta(months=3), "quarter"))
