"""Calendar arithmetic the rules and the combinator share, and the years the parser answers for."""

from __future__ import annotations

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
