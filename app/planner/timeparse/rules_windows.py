"""Rules anchored to the present moment: rolling windows that end today or now, windows ahead,
N天内, and offsets N<unit>前/后. Priority is the order of the RULES table (rules.py)."""

from __future__ import annotations

from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from app.planner.timeparse.calendar import _monday, _month_start, _next_month
from app.planner.timeparse.lexicon import WEEK_N, N, cn_number
from app.planner.timeparse.tokens import _day_tok, _range_tok

_DAYS = ("天", "日")
_MONTHS = ("个月", "月")


def _first_of_last(today: date, n: int, unit: str) -> date:
    """First day of the last n units that end with today: 最近三天 starts today−2, 最近一个月 at
    (today − 1 month) + 1 day, N weeks are 7N days."""
    if unit in _DAYS:
        return today - timedelta(days=n - 1)
    if unit in _MONTHS:
        return today - relativedelta(months=n) + timedelta(days=1)
    if unit == "年":
        return today - relativedelta(years=n) + timedelta(days=1)
    return today - timedelta(days=7 * n - 1)


def _end_of_next(today: date, n: int, unit: str) -> date:
    """End (exclusive) of the next n units that start with today: 未来三天 ends at today+3."""
    if unit in _DAYS:
        return today + timedelta(days=n)
    if unit in _MONTHS:
        return today + relativedelta(months=n)
    return today + timedelta(days=7 * n)


# -- rolling windows and windows ending now
# 近三月 = 近三个月, unless it names a month (最近3月份, 近3月5日)
_MONTH_UNIT = r"个月|月(?!份|[\d一二三四五六七八九十]+[日号])"
ROLLING_RE = (
    rf"(?P<p>最近|近|过去|前|这|过去的|最近的)这?(?P<n>{N}|半)"
    rf"(?P<u>个半?小时|半?小时|个钟头|钟头|分钟|天|日|{WEEK_N}|{_MONTH_UNIT}|年)"
)


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
    if p == "这" and not (n == 2 and u in _DAYS):
        return None  # 这三天 etc.: unspecified, left alone
    if p == "前":
        if n == 2 and u in _DAYS:  # 前两天: the two days before today
            return _range_tok(m, *ctx.days(ctx.today - timedelta(days=2), ctx.today))
        return None
    tomorrow = ctx.today + timedelta(days=1)
    if p == "这":  # 这两天 = [yesterday, tomorrow)
        return _range_tok(m, *ctx.days(ctx.today - timedelta(days=1), tomorrow))
    if n == 0.5 and u in ("年", *_MONTHS):  # 半年 = 6 months, 半个月 = 15 days
        n, u = (6, "个月") if u == "年" else (15, "天")
    if n != int(n):
        return None
    return _range_tok(m, *ctx.days(_first_of_last(ctx.today, int(n), u), tomorrow))


JUST_NOW_RE = r"刚才|刚刚"


def just_now(m, ctx):
    return _range_tok(m, ctx.now - timedelta(hours=1), ctx.now, "hour")


FEW_DAYS_AGO_RE = r"前几天|几天前|前些天|前阵子|前段时间"


def few_days_ago(m, ctx):
    return _range_tok(m, *ctx.days(ctx.today - timedelta(days=7), ctx.today))


RECENT_RE = r"这几天|最近几天|近几天|近期|最近一段时间|最近这段时间|这段时间|最近(?![\d零〇一二两三四五六七八九十百几半])"


def recent(m, ctx):
    return _range_tok(m, *ctx.days(ctx.today - timedelta(days=6), ctx.today + timedelta(days=1)))


# -- windows ahead: the mirror of 最近 N 天
AHEAD_RE = rf"(?:未来|接下来|之后)的?(?P<n>{N})(?P<u>天|日|{WEEK_N}|个月)"


def ahead(m, ctx):
    n = cn_number(m["n"])
    if n <= 0:
        return None
    return _range_tok(m, *ctx.days(ctx.today, _end_of_next(ctx.today, n, m["u"])))


# N天内 looks the way the question does: 三天内要交什么 ahead, 三天内发生了什么 back
WITHIN_RE = rf"(?P<n>{N})(?P<u>天|日|{WEEK_N}|个月)(?:之|以)?内"


def within(m, ctx):
    n, u = cn_number(m["n"]), m["u"]
    if n <= 0:
        return None
    if ctx.future_at(m.start()):
        return _range_tok(m, *ctx.days(ctx.today, _end_of_next(ctx.today, n, u)))
    return _range_tok(m, *ctx.days(_first_of_last(ctx.today, n, u), ctx.today + timedelta(days=1)))


# -- offsets: N<unit>前/后, the calendar unit containing now ∓ N units
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
    if u in _DAYS:  # a day, like 后天: a part of it or a clock time may follow (三天后下午3点)
        return _day_tok(m, ctx.today + timedelta(days=sign * n))
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
