"""Calendar arithmetic the rules and the combinator share, and the years the parser answers for."""

from __future__ import annotations

import math
import re
from datetime import date, datetime, timedelta

from app.planner.clock import FIRST_YEAR, LAST_YEAR

GRAIN_ORDER = ("minute", "hour", "day", "week", "month", "quarter", "year")  # finest first


def in_calendar(start: datetime, end: datetime) -> bool:
    """Whether [start, end) lies in the years the service answers for (2200年 ends at 2201-01-01)."""
    return FIRST_YEAR <= start.year < LAST_YEAR and end.year <= LAST_YEAR


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


def qingming(year: int) -> date:
    """The day (Beijing time) the Sun reaches apparent longitude 15°, the Qingming solar term.

    Meeus, Astronomical Algorithms ch. 25 (low accuracy, 0.01° ≈ 15 minutes of time): the same day
    as the almanac formula in every year 1901–2099, and unlike that formula it holds past 2100
    (which is no leap year) up to the last year the service answers for."""
    lo = _julian_day(date(year, 4, 1)) - 8 / 24  # April 1, 00:00 Beijing
    hi = lo + 10
    for _ in range(30):  # bisect to well under a minute
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _sun_longitude(mid) < 15 else (lo, mid)
    return date(2000, 1, 1) + timedelta(days=math.floor(lo - _julian_day(date(2000, 1, 1)) + 8 / 24))


def _julian_day(d: date) -> float:
    """Julian day of d at 00:00 UT."""
    return 2451544.5 + (d - date(2000, 1, 1)).days


def _sun_longitude(jd: float) -> float:
    t = (jd - 2451545.0) / 36525  # Julian centuries from J2000
    mean_longitude = 280.46646 + 36000.76983 * t + 0.0003032 * t * t
    anomaly = math.radians(357.52911 + 35999.05029 * t - 0.0001537 * t * t)
    centre = ((1.914602 - 0.004817 * t - 0.000014 * t * t) * math.sin(anomaly)
              + (0.019993 - 0.000101 * t) * math.sin(2 * anomaly) + 0.000289 * math.sin(3 * anomaly))
    node = math.radians(125.04 - 1934.136 * t)  # nutation and aberration
    return (mean_longitude + centre - 0.00569 - 0.00478 * math.sin(node)) % 360
