"""Rules anchored to the present moment or the time of day: windows ending now, offsets from now,
parts of the day and clock times. Priority is the order of the RULES table (rules.py)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from app.planner.timeparse.calendar import _monday, _month_start, _next_month
from app.planner.timeparse.lexicon import WEEK_N, N, cn_number
from app.planner.timeparse.tokens import Tok, _range_tok, _void

# -- rolling windows and windows ending now
ROLLING_RE = rf"(?P<p>最近|近|过去|前|这|过去的|最近的)这?(?P<n>{N}|半)(?P<u>个半?小时|半?小时|个钟头|钟头|分钟|天|日|{WEEK_N}|个月|年)"


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


JUST_NOW_RE = r"刚才|刚刚"


def just_now(m, ctx):
    return _range_tok(m, ctx.now - timedelta(hours=1), ctx.now, "hour")


FEW_DAYS_AGO_RE = r"前几天|几天前|前些天|前阵子|前段时间"


def few_days_ago(m, ctx):
    return _range_tok(m, *ctx.days(ctx.today - timedelta(days=7), ctx.today))


RECENT_RE = r"这几天|最近几天|近几天|近期|最近一段时间|最近这段时间|这段时间|最近(?![\d零〇一二两三四五六七八九十百几半])"


def recent(m, ctx):
    return _range_tok(m, *ctx.days(ctx.today - timedelta(days=6), ctx.today + timedelta(days=1)))


# -- offsets: N<unit>前/后
OFFSET_RE = rf"(?P<n>{N}|半)(?P<u>个半?小时|半?小时|个钟头|钟头|分钟|天|日|{WEEK_N}|个月|年|个季度)(?:之|以)?(?P<d>前|后)"


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


# -- parts of day and clock times
PART_OF_DAY_RE = r"凌晨|上午|中午|下午|晚上|晚间|早上|早晨|傍晚|夜里|夜间|半夜|清晨"


def part_of_day(m, ctx):
    return Tok("part", m.start(), m.end(), part=m.group(0))


COLON_CLOCK_RE = r"(?P<h>[01]?\d|2[0-4])[:：](?P<mi>[0-5]\d)(?![\d:])"


def colon_clock(m, ctx):
    return Tok("clock", m.start(), m.end(), hour=int(m["h"]), minute=int(m["mi"]), grain="minute")


# 「三点建议」「两点要求」: N点 counting points, not a clock time
_POINTS_NOUN = re.compile(r"建议|意见|内容|要求|原因|注意|看法|想法|理由|问题|结论|共识|方面|部分|东西|心得|体会|[条点儿]")

CLOCK_RE = (
    r"(?P<h>\d{1,2}|[零一二两三四五六七八九十]{1,3})(?:点|时(?![间候期代刻]))(?:钟)?"
    r"(?:(?P<half>半)|(?P<q1>一刻)|(?P<q3>三刻)|(?P<mi>\d{1,2}|[零一二三四五六七八九十]{1,3})分?|整)?"
)


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
