"""Deterministic zh-CN time expression parser (RFC §3.2; ../shared/time-conventions.md).

`parse(text, now, tz)` finds every time expression in `text` and resolves each to a half-open
range [start, end) in `tz` with a grain. Two modes:

- question mode (default): the user's query, relative to `now`;
- stored-text mode (`stored=True`): a recorded segment or message, relative to its observed time,
  where a bare weekday or clock time in a statement about the future means the next occurrence.

How it works: one master regex (all rules as alternatives, most specific first) lexes the text
into tokens in a single C-level scan; a small combinator joins adjacent tokens (day + part of day
+ clock, X到Y, X之前, X以来, 从X到现在) and resolves them to datetimes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

from dateutil.relativedelta import relativedelta
from lunardate import LunarDate

from app.contracts import TimeExpression

# ---------------------------------------------------------------- numbers

_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_FULLWIDTH = str.maketrans("０１２３４５６７８９：", "0123456789:")


# Years a range may start in (the API's bounds for `now`, LAST_YEAR excluded): beyond them lie no
# records, and near year 1 or 9999 a local time has no UTC equivalent.
FIRST_YEAR, LAST_YEAR = 1900, 2201


def in_calendar(start: datetime, end: datetime) -> bool:
    """Whether [start, end) lies in the years the service answers for (2200年 ends at 2201-01-01)."""
    return FIRST_YEAR <= start.year < LAST_YEAR and end.year <= LAST_YEAR


def cn_number(s: str) -> int:
    """'15', '十五', '二十四', '一百', '两', '二〇二六' → int."""
    if s.isdigit():
        return int(s)
    if "十" not in s and "百" not in s:
        if len(s) == 2 and "零" not in s and "〇" not in s:  # 两三天, 三五天: a rough count, take the upper end
            return max(_DIGIT[c] for c in s)
        return int("".join(str(_DIGIT[c]) for c in s))
    total, cur = 0, 0
    for c in s:
        if c == "百":
            total += (cur or 1) * 100
            cur = 0
        elif c == "十":
            total += (cur or 1) * 10
            cur = 0
        else:
            cur = _DIGIT[c]
    return total + cur


N = r"(?:\d{1,4}|[零〇一二两三四五六七八九十百]{1,4})"
_WD = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7, "1": 1, "2": 2, "3": 3,
       "4": 4, "5": 5, "6": 6, "7": 7}
WEEK = r"(?:周|星期|礼拜)"
WEEK_N = r"(?:周|个?星期|个?礼拜)"

# ---------------------------------------------------------------- tokens


@dataclass(slots=True)
class Tok:
    kind: str  # day | part | clock | range | to | from | before | since | now | that | void
    s: int
    e: int
    day: date | None = None
    part: str | None = None
    hour: int | None = None
    minute: int | None = None
    start: datetime | None = None
    end: datetime | None = None
    grain: str = "day"
    bare_weekday: int | None = None  # 周X with no week qualifier
    bare_monthday: int | None = None  # D号 with no month qualifier
    explicit_part: bool = False


class Ctx:
    """Per-call context: now, its time zone and the question/statement flavour."""

    __slots__ = ("future", "now", "stored", "today", "tz")

    def __init__(self, now: datetime, tz: ZoneInfo, stored: bool, future: bool) -> None:
        self.now = now
        self.tz = tz
        self.today = now.date()
        self.stored = stored
        self.future = future

    def at(self, d: date, hour: int = 0, minute: int = 0) -> datetime:
        if hour >= 24:
            d, hour = d + timedelta(days=hour // 24), hour % 24
        return datetime.combine(d, time(hour, minute), self.tz)

    def days(self, first: date, last_exclusive: date, grain: str = "day") -> tuple[datetime, datetime, str]:
        return self.at(first), self.at(last_exclusive), grain


def _monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _month_start(d: date) -> date:
    return d.replace(day=1)


def _next_month(d: date) -> date:
    return (d.replace(day=1) + timedelta(days=32)).replace(day=1)


def _nearest(today: date, candidates: list[date], m: re.Match | None = None) -> date:
    """Nearest to today; a tie goes to the earlier one. A since-anchor (国庆以来, 3月5日至今) must
    lie in the past: there, the nearest occurrence on or before today (the nearest one, still
    ahead, would make the range empty)."""
    if m is not None and _SINCE_AFTER.match(m.string, m.end()):
        past = [c for c in candidates if c <= today]
        if past:
            return max(past)
    return min(candidates, key=lambda c: (abs((c - today).days), c))


_SINCE_AFTER = re.compile(r"\s*(?:以来|至今|到现在|迄今|到今天为止)")


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


# ---------------------------------------------------------------- rules
# Each rule: (name, regex, handler(match, ctx) -> Tok | None). Order matters: at one position
# the first alternative that matches wins, so longer and more specific forms come first.

Rule = tuple[str, str, Callable[[re.Match, Ctx], "Tok | None"]]
RULES: list[Rule] = []


def rule(pattern: str):
    def register(fn):
        RULES.append((fn.__name__, pattern, fn))
        return fn

    return register


_REL_DAY = {"大前天": -3, "前天": -2, "昨天": -1, "昨日": -1, "昨儿": -1, "今天": 0, "今日": 0, "今儿": 0,
            "明天": 1, "明日": 1, "明儿": 1, "后天": 2, "大后天": 3}
_REL_DAY_PART = {"今晚": (0, "晚上"), "昨晚": (-1, "晚上"), "明晚": (1, "晚上"), "昨夜": (-1, "晚上"),
                 "今早": (0, "早上"), "明早": (1, "早上"), "昨早": (-1, "早上"), "今夜": (0, "晚上")}
_WEEK_SHIFT = {"上上": -2, "上": -1, "这": 0, "本": 0, "这个": 0, "本个": 0, "下": 1, "下下": 2, "上个": -1,
               "下个": 1, "上一": -1, "下一": 1, "这一": 0, "上上个": -2, "下下个": 2}
_MONTH_SHIFT = {"上上个": -2, "上个": -1, "上": -1, "这个": 0, "本": 0, "这": 0, "下个": 1, "下": 1,
                "下下个": 2, "当": 0}
_YEAR_SHIFT = {"前年": -2, "去年": -1, "今年": 0, "本年": 0, "明年": 1, "后年": 2, "大前年": -3}
_PARTS = {"凌晨": (0, 6), "上午": (6, 12), "中午": (11, 13), "下午": (12, 18), "晚上": (18, 24),
          "晚间": (18, 24), "早上": None, "早晨": None, "傍晚": None, "夜里": None, "夜间": None,
          "半夜": None, "清晨": None}
_MONTH_PART = {"初": (1, 10), "月初": (1, 10), "上旬": (1, 10), "中旬": (11, 20), "月中": (11, 20),
               "底": (21, 0), "月底": (21, 0), "月末": (21, 0), "末": (21, 0), "下旬": (21, 0)}


def _day_tok(m: re.Match, d: date, **kw) -> Tok:
    return Tok("day", m.start(), m.end(), day=d, **kw)


def _void(m: re.Match) -> Tok:
    """Consumed but names no time (每天…, an impossible date like 2月30日): nothing inside it or
    attached to it becomes an expression."""
    return Tok("void", m.start(), m.end())


def _range_tok(m: re.Match, start: datetime, end: datetime, grain: str) -> Tok:
    return Tok("range", m.start(), m.end(), start=start, end=end, grain=grain)


# -- negatives and repetitions: consumed so that nothing inside them becomes a time
@rule(r"每(?:天|日|晚|早|周[一二三四五六日天]?|个?星期[一二三四五六日天]?|个?礼拜[一二三四五六日天]?|个?月|年|季度|小时|个小时|分钟)"
      r"|三天打鱼两天晒网|天天|周杰伦|周[一二三四五六]?[杰星润树华]|时间复杂度|下午茶|多长时间|多少个?(?:星期|天|小时|月)")
def every(m, ctx):
    return _void(m)


# -- explicit dates
@rule(r"(?P<y>\d{4}|[零〇一二三四五六七八九]{4})年(?:(?P<mo>\d{1,2}|[一二三四五六七八九十]{1,3})月(?:份)?"
      r"(?:(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号])?)?")
def explicit_year(m, ctx):
    y = cn_number(m["y"])
    if m["mo"] is None:
        return _range_tok(m, ctx.at(date(y, 1, 1)), ctx.at(date(y + 1, 1, 1)), "year")
    mo = cn_number(m["mo"])
    if not 1 <= mo <= 12:
        return _void(m)
    if m["d"] is None:
        first = date(y, mo, 1)
        return _range_tok(m, ctx.at(first), ctx.at(_next_month(first)), "month")
    d = _safe_date(y, mo, cn_number(m["d"]))
    return _day_tok(m, d) if d else _void(m)


@rule(r"(?P<y>\d{4})[-/.](?P<mo>\d{1,2})[-/.](?P<d>\d{1,2})(?![\d.])")
def iso_date(m, ctx):
    d = _safe_date(int(m["y"]), int(m["mo"]), int(m["d"]))
    return _day_tok(m, d) if d else _void(m)


@rule(r"(?P<yr>大前年|前年|去年|今年|本年|明年|后年)(?P<mo>\d{1,2}|[一二三四五六七八九十]{1,3})月(?:份)?"
      r"(?:(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号])?")
def relative_year_month(m, ctx):
    y = ctx.today.year + _YEAR_SHIFT[m["yr"]]
    mo = cn_number(m["mo"])
    if not 1 <= mo <= 12:
        return _void(m)
    if m["d"] is None:
        first = date(y, mo, 1)
        return _range_tok(m, ctx.at(first), ctx.at(_next_month(first)), "month")
    d = _safe_date(y, mo, cn_number(m["d"]))
    return _day_tok(m, d) if d else _void(m)


# 9/5 as a date, not 评分3/5 or 1/2的人 (fractions)
@rule(r"(?<![\d./分率比])(?P<mo>1[0-2]|0?[1-9])/(?P<d>3[01]|[12]\d|0?[1-9])(?![\d/.%的之])")
def slash_date(m, ctx):
    return month_day(m, ctx)


@rule(r"(?P<mo>\d{1,2}|[一二三四五六七八九十]{1,3})月(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号]")
def month_day(m, ctx):
    mo, dd = cn_number(m["mo"]), cn_number(m["d"])
    y = ctx.today.year
    cands = [c for c in (_safe_date(y - 1, mo, dd), _safe_date(y, mo, dd), _safe_date(y + 1, mo, dd)) if c]
    return _day_tok(m, _nearest(ctx.today, cands, m)) if cands else _void(m)


@rule(r"(?P<q>上上个|上个|这个|下个|下下个|本|上|下|这)月(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号]")
def shifted_month_day(m, ctx):
    first = _month_start(ctx.today) + relativedelta(months=_MONTH_SHIFT[m["q"]])
    d = _safe_date(first.year, first.month, cn_number(m["d"]))
    return _day_tok(m, d) if d else _void(m)


# -- holidays
def _holiday(name: str, year: int) -> date:
    if name in ("春节", "大年初一"):
        return LunarDate(year, 1, 1).to_solar_date()
    if name in ("除夕", "大年三十"):
        return LunarDate(year + 1, 1, 1).to_solar_date() - timedelta(days=1)
    if name in ("中秋", "中秋节"):
        return LunarDate(year, 8, 15).to_solar_date()
    if name in ("端午", "端午节"):
        return LunarDate(year, 5, 5).to_solar_date()
    fixed = {"元旦": (1, 1), "国庆": (10, 1), "国庆节": (10, 1), "劳动节": (5, 1), "五一": (5, 1),
             "圣诞节": (12, 25), "圣诞": (12, 25), "情人节": (2, 14), "元宵节": None}
    mo_d = fixed.get(name)
    if mo_d is None:  # 元宵节: lunar 1/15
        return LunarDate(year, 1, 15).to_solar_date()
    return date(year, *mo_d)


_HOLIDAYS = r"(?:春节|大年初一|除夕|大年三十|中秋节|中秋|端午节|端午|元旦|国庆节|国庆|劳动节|五一|圣诞节|圣诞|情人节|元宵节)"


@rule(rf"(?P<yr>大前年|前年|去年|今年|明年|后年)的?(?P<h>{_HOLIDAYS})")
def year_holiday(m, ctx):
    return _day_tok(m, _holiday(m["h"], ctx.today.year + _YEAR_SHIFT[m["yr"]]))


@rule(rf"(?P<h>{_HOLIDAYS})(?![节后前])|(?P<h2>{_HOLIDAYS})(?=[前后]|节)")
def holiday(m, ctx):
    name = m["h"] or m["h2"]
    y = ctx.today.year
    return _day_tok(m, _nearest(ctx.today, [_holiday(name, y - 1), _holiday(name, y), _holiday(name, y + 1)], m))


# -- days
@rule(r"大前天|大后天|前天|昨天|昨日|昨儿|今天|今日|今儿|明天|明日|明儿|后天")
def relative_day(m, ctx):
    return _day_tok(m, ctx.today + timedelta(days=_REL_DAY[m.group(0)]))


@rule(r"今明两?天|明后两?天")
def two_days(m, ctx):
    first = ctx.today + timedelta(days=0 if m.group(0).startswith("今") else 1)
    return _range_tok(m, *ctx.days(first, first + timedelta(days=2)))


@rule(r"今晚|昨晚|明晚|昨夜|今夜|今早|明早|昨早")
def relative_day_part(m, ctx):
    shift, part = _REL_DAY_PART[m.group(0)]
    return _day_tok(m, ctx.today + timedelta(days=shift), part=part, explicit_part=True)


# -- weekends and weekdays
@rule(rf"(?P<q>上上个|上个|这个|下个|上|这|本|下)?{WEEK}?末(?!尾)")
def weekend(m, ctx):
    text = m.group(0)
    if text == "末" or not (text.endswith("周末") or "礼拜末" in text or "星期末" in text):
        return None
    shift = _WEEK_SHIFT.get(m["q"] or "这", 0)
    sat = _monday(ctx.today) + timedelta(days=7 * shift + 5)
    return _range_tok(m, *ctx.days(sat, sat + timedelta(days=2)))


@rule(rf"(?P<q>上上个|下下个|上上|下下|上个|下个|这个|上一|下一|上|下|这|本){WEEK}(?P<wd>[一二三四五六日天1-7])")
def qualified_weekday(m, ctx):
    monday = _monday(ctx.today) + timedelta(days=7 * _WEEK_SHIFT[m["q"]])
    return _day_tok(m, monday + timedelta(days=_WD[m["wd"]] - 1))


@rule(rf"{WEEK}(?P<wd>[一二三四五六日天1-7])")
def bare_weekday(m, ctx):
    wd = _WD[m["wd"]]
    return _day_tok(m, _monday(ctx.today) + timedelta(days=wd - 1), bare_weekday=wd)


# -- rolling windows and windows ending now
@rule(rf"(?P<p>最近|近|过去|前|这|过去的|最近的)这?(?P<n>{N}|半)(?P<u>个半?小时|半?小时|个钟头|钟头|分钟|天|日|{WEEK_N}|个月|年)")
def rolling(m, ctx):
    n = 0.5 if m["n"] == "半" else cn_number(m["n"])
    u, p = m["u"], m["p"]
    if n <= 0:
        return None
    if "小时" in u or "钟头" in u:
        if "半" in u:
            n += 0.5
        start = ctx.now - timedelta(hours=n)
        return _range_tok(m, start, ctx.now, "hour" if n == int(n) else "minute")
    if u == "分钟":
        return _range_tok(m, ctx.now - timedelta(minutes=n), ctx.now, "minute")
    if p == "这" and not (n == 2 and u in ("天", "日")):
        return None  # 这三天 etc.: unspecified, left alone
    if p == "前":
        if n == 2 and u in ("天", "日"):  # 前两天: the two days before today
            return _range_tok(m, *ctx.days(ctx.today - timedelta(days=2), ctx.today))
        return None
    tomorrow = ctx.today + timedelta(days=1)
    if p == "这":  # 这两天 = [yesterday, tomorrow)
        return _range_tok(m, *ctx.days(ctx.today - timedelta(days=1), tomorrow))
    if n == 0.5 and u in ("年", "个月"):  # 半年 = 6 months, 半个月 = 15 days
        n, u = (6, "个月") if u == "年" else (15, "天")
    n = int(n) if n == int(n) else n
    if u in ("天", "日"):
        first = ctx.today - timedelta(days=int(n) - 1)
    elif u in ("个月",):
        first = ctx.today - relativedelta(months=int(n)) + timedelta(days=1)
    elif u == "年":
        first = ctx.today - relativedelta(years=int(n)) + timedelta(days=1)
    else:  # weeks: 7N days
        first = ctx.today - timedelta(days=int(7 * n) - 1)
    return _range_tok(m, *ctx.days(first, tomorrow))


@rule(r"刚才|刚刚")
def just_now(m, ctx):
    return _range_tok(m, ctx.now - timedelta(hours=1), ctx.now, "hour")


@rule(r"前几天|几天前|前些天|前阵子|前段时间")
def few_days_ago(m, ctx):
    return _range_tok(m, *ctx.days(ctx.today - timedelta(days=7), ctx.today))


@rule(r"这几天|最近几天|近几天|近期|最近一段时间|最近这段时间|这段时间|最近(?![\d零〇一二两三四五六七八九十百几半])")
def recent(m, ctx):
    return _range_tok(m, *ctx.days(ctx.today - timedelta(days=6), ctx.today + timedelta(days=1)))


# -- offsets: N<unit>前/后
@rule(rf"(?P<n>{N}|半)(?P<u>个半?小时|半?小时|个钟头|钟头|分钟|天|日|{WEEK_N}|个月|年|个季度)(?:之|以)?(?P<d>前|后)")
def offset(m, ctx):
    n = 0.5 if m["n"] == "半" else cn_number(m["n"])
    sign = -1 if m["d"] == "前" else 1
    u = m["u"]
    if "小时" in u or "钟头" in u:
        hours = n + (0.5 if "半" in u else 0)
        t = ctx.now + sign * timedelta(hours=hours)
        if hours != int(hours):
            t = t.replace(second=0, microsecond=0)
            return _range_tok(m, t, t + timedelta(minutes=1), "minute")
        t = t.replace(minute=0, second=0, microsecond=0)
        return _range_tok(m, t, t + timedelta(hours=1), "hour")
    if u == "分钟":
        t = (ctx.now + sign * timedelta(minutes=n)).replace(second=0, microsecond=0)
        return _range_tok(m, t, t + timedelta(minutes=1), "minute")
    if n != int(n):
        return None
    n = int(n)
    if u in ("天", "日"):
        d = ctx.today + timedelta(days=sign * n)
        return _range_tok(m, *ctx.days(d, d + timedelta(days=1)))
    if u == "个月":
        first = _month_start(ctx.today) + relativedelta(months=sign * n)
        return _range_tok(m, *ctx.days(first, _next_month(first), "month"))
    if u == "年":
        y = ctx.today.year + sign * n
        return _range_tok(m, *ctx.days(date(y, 1, 1), date(y + 1, 1, 1), "year"))
    if u == "个季度":
        q0 = _month_start(ctx.today).replace(month=(ctx.today.month - 1) // 3 * 3 + 1)
        first = q0 + relativedelta(months=3 * sign * n)
        return _range_tok(m, *ctx.days(first, first + relativedelta(months=3), "quarter"))
    monday = _monday(ctx.today + timedelta(days=7 * sign * n))
    return _range_tok(m, *ctx.days(monday, monday + timedelta(days=7), "week"))


# -- weeks
@rule(rf"(?P<q>上上个|下下个|上上|下下|上个|下个|这个|上一|下一|这一|上|下|这|本){WEEK_N}(?!期|[一二三四五六日天1-7末])")
def week(m, ctx):
    monday = _monday(ctx.today) + timedelta(days=7 * _WEEK_SHIFT[m["q"]])
    return _range_tok(m, *ctx.days(monday, monday + timedelta(days=7), "week"))


# -- quarters, half years, years
@rule(r"(?P<q>上上个|上个|这个|下个|本|上|下|这)季度|(?P<yr>今年|去年|明年)?第?(?P<n>[一二三四1-4])季度|[Qq](?P<qn>[1-4])")
def quarter(m, ctx):
    q0 = date(ctx.today.year, (ctx.today.month - 1) // 3 * 3 + 1, 1)
    if m["q"] is not None:
        first = q0 + relativedelta(months=3 * _MONTH_SHIFT[m["q"]])
    else:
        n = cn_number(m["n"]) if m["n"] else int(m["qn"])
        y = ctx.today.year + (_YEAR_SHIFT[m["yr"]] if m["yr"] else 0)
        first = date(y, 3 * (n - 1) + 1, 1)
    return _range_tok(m, *ctx.days(first, first + relativedelta(months=3), "quarter"))


@rule(r"(?P<yr>大前年|前年|去年|今年|本年|明年|后年)?(?P<h>上半年|下半年|年初|年底|年末|年中)")
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


@rule(r"大前年|前年|去年|今年|本年|明年|后年")
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


@rule(r"(?P<q>上上个|下下个|上个|下个|这个|本|上|下|这|当)月(?:份)?(?P<p>月初|月中|月底|月末|初|上旬|中旬|下旬|底|末)?")
def shifted_month(m, ctx):
    first = _month_start(ctx.today) + relativedelta(months=_MONTH_SHIFT[m["q"]])
    return _month_part_range(ctx, m, first, m["p"])


@rule(r"(?P<mo>1[0-2]|0?[1-9]|十[一二]|[一二三四五六七八九十])月(?:份)?(?P<p>月初|月中|月底|月末|初|上旬|中旬|下旬|底|末)?(?![\d一二三四五六七八九十]+[日号])")
def named_month(m, ctx):
    mo = cn_number(m["mo"])
    y = ctx.today.year
    cands = [date(y - 1, mo, 1), date(y, mo, 1), date(y + 1, mo, 1)]
    this_month = _month_start(ctx.today)
    first = min(cands, key=lambda c: (abs((c.year - this_month.year) * 12 + c.month - this_month.month), c))
    return _month_part_range(ctx, m, first, m["p"])


@rule(r"(?<![年月])(?P<p>月初|月中|月底|月末|上旬|中旬|下旬)")
def bare_month_part(m, ctx):
    return _month_part_range(ctx, m, _month_start(ctx.today), m["p"])


# -- parts of day and clock times
@rule(r"凌晨|上午|中午|下午|晚上|晚间|早上|早晨|傍晚|夜里|夜间|半夜|清晨")
def part_of_day(m, ctx):
    return Tok("part", m.start(), m.end(), part=m.group(0))


@rule(r"(?P<h>[01]?\d|2[0-4])[:：](?P<mi>[0-5]\d)(?![\d:])")
def colon_clock(m, ctx):
    return Tok("clock", m.start(), m.end(), hour=int(m["h"]), minute=int(m["mi"]), grain="minute")


# 「三点建议」「两点要求」: N点 counting points, not a clock time
_POINTS_NOUN = re.compile(r"建议|意见|内容|要求|原因|注意|看法|想法|理由|问题|结论|共识|方面|部分|东西|心得|体会|[条点儿]")


@rule(r"(?P<h>\d{1,2}|[零一二两三四五六七八九十]{1,3})(?:点|时(?![间候期代刻]))(?:钟)?"
      r"(?:(?P<half>半)|(?P<q1>一刻)|(?P<q3>三刻)|(?P<mi>\d{1,2}|[零一二三四五六七八九十]{1,3})分?|整)?")
def clock(m, ctx):
    h = cn_number(m["h"])
    if h > 24:
        return _void(m)
    prev = m.string[m.start() - 1 : m.start()] if m.start() else ""
    text = m.group(0)
    # 一点/两点 as "a bit"/"two points": 快一点, 有一点, 三点建议
    if ("点" in text and m["mi"] is None and not m["half"] and not m["q1"] and not m["q3"]
            and (_POINTS_NOUN.match(m.string, m.end()) or (prev and prev in "快慢多少好大小有差再些这那第重"))):
        return None
    minute = None
    if m["half"]:
        minute = 30
    elif m["q1"]:
        minute = 15
    elif m["q3"]:
        minute = 45
    elif m["mi"] is not None:
        minute = cn_number(m["mi"])
        if minute > 59:
            return _void(m)
    return Tok("clock", m.start(), m.end(), hour=h, minute=minute, grain="hour" if minute is None else "minute")


@rule(r"(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[号日](?![线楼门床位房机子])")
def bare_monthday(m, ctx):
    dd = cn_number(m["d"])
    if m.group(0).endswith("日") and m["d"] in ("一", "两", "几"):
        return None  # 一日三餐
    d = _safe_date(ctx.today.year, ctx.today.month, dd)
    if d is None:
        return _void(m)
    return _day_tok(m, d, bare_monthday=dd)


# -- connectives (only meaningful next to an expression)
@rule(r"那(?:一)?周|那个?星期|那个?礼拜|那天|那一天")
def that_period(m, ctx):
    return Tok("that", m.start(), m.end(), grain="week" if m.group(0) not in ("那天", "那一天") else "day")



@rule(r"至今|到现在|到今天为止|迄今")
def until_now(m, ctx):
    return Tok("now", m.start(), m.end())


@rule(r"以来|之后以来")
def since(m, ctx):
    return Tok("since", m.start(), m.end())


@rule(r"之前|以前|前")
def before(m, ctx):
    return Tok("before", m.start(), m.end())


@rule(r"到|至|~|～|-|—")
def to(m, ctx):
    return Tok("to", m.start(), m.end())


@rule(r"从|自从|自")
def from_(m, ctx):
    return Tok("from", m.start(), m.end())


_MASTER = re.compile(
    "|".join(f"(?P<{name}>{re.sub(r'[(][?]P<[a-z0-9]+>', '(?:', pat)})" for name, pat, _ in RULES)
)
_RULES = {name: (re.compile(pat), fn) for name, pat, fn in RULES}
_TRIGGER = re.compile(
    r"[天日晚早夜周星拜末月年季旬小时分钟点号刻今昨明前后近过去刚几:：元国春节除中端劳五一圣情宵午凌晨傍间半Qq\d-]"
)

# ---------------------------------------------------------------- combination

_FUTURE = re.compile(
    r"安排|计划|打算|准备|之前|截止|到期|要交|将要|将会|日程|行程|预约|约了|提醒|(?<![重主只需想])要(?!不)|"
    r"(?<![觉获记懂值])得(?![到])|(?<![开聚约例晚宴学大社工机])会(?![议])"
)


# In stored text a statement with no completed-aspect marker is read as a plan (「周一开会」).
_STORED_FUTURE = re.compile(
    r"要|(?<![开聚约例晚宴学大社工机])会(?!议)|(?<![觉获记懂值])得(?!到)|记得|安排|约|计划|准备|打算|将|提醒|别忘|之前|截止"
)
_PAST = re.compile(r"了|过|已经|已|刚才|刚刚|昨|上周|上个|前天|完成|结束")


def _lex(text: str, ctx: Ctx) -> list[Tok]:
    toks: list[Tok] = []
    pos = 0
    while (m := _MASTER.search(text, pos)) is not None:
        tok = _token_at(text, m, ctx)
        if tok is None:
            pos = m.start() + 1  # nothing here after all: later rules may still start inside the span
            continue
        toks.append(tok)
        pos = tok.e
    return toks


def _token_at(text: str, m: re.Match, ctx: Ctx) -> Tok | None:
    """The first rule, from the one that matched on, whose handler accepts a match at m.start()."""
    names = list(_RULES)
    for name in names[names.index(m.lastgroup):]:
        rx, fn = _RULES[name]
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
    return a.e == b.s or (b.s > a.e and not text[a.e : b.s].strip())



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


GRAIN_ORDER = ("minute", "hour", "day", "week", "month", "quarter", "year")  # finest first


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


# ---------------------------------------------------------------- public API


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def parse(text: str, now: datetime, tz: ZoneInfo | str | None = None, *, stored: bool = False) -> list[TimeExpression]:
    """Every time expression in `text`, in order, resolved relative to `now` in `tz`.

    `now` must be tz-aware; `tz` defaults to now's own zone. `stored=True` reads a recorded text
    (MeInput segment, chat message) whose `now` is its observed time.
    """
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    if not _TRIGGER.search(text):
        return []
    zone = _zone(tz) if isinstance(tz, str) else (tz or now.tzinfo)
    local_now = now.astimezone(zone)
    text = text.translate(_FULLWIDTH)
    if stored:
        future = bool(_STORED_FUTURE.search(text)) or not _PAST.search(text)
    else:
        future = bool(_FUTURE.search(text))
    ctx = Ctx(local_now, zone, stored, future)
    return _combine(text, _lex(text, ctx), ctx)
