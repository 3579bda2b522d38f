"""The request's clock: `now` and the zone every time word and every local day is read in.

Resolved once per request (api.md: timezone given → it; else the offset of `now`; else the
configured default) and handed to every stage; nothing downstream converts it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from app.errors import BadRequest

DEFAULT_ZONE = "Asia/Shanghai"
# Years a `now` or a range may lie in (LAST_YEAR excluded): beyond them lie no records, and near
# year 1 or 9999 a local time has no UTC equivalent.
FIRST_YEAR, LAST_YEAR = 1900, 2201


@dataclass(frozen=True, slots=True)
class Clock:
    now: datetime  # tz-aware, expressed in `zone`
    zone: tzinfo
    label: str  # what the plan says: the IANA name, or the UTC offset (+08:00) of a zone without one


def _zone_named(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file, a directory
        shown = name if len(name) <= 64 else name[:64] + "…"
        raise BadRequest(f"unknown timezone {shown!r}: use an IANA name such as {DEFAULT_ZONE!r}") from None


def resolve_clock(now: datetime | None, timezone: str | None, default_timezone: str = DEFAULT_ZONE) -> Clock:
    """The clock of a request; BadRequest for an unknown zone, a naive `now` or one off the calendar."""
    if timezone is not None:
        zone: tzinfo = _zone_named(timezone)
    elif now is not None and now.tzinfo is not None:
        zone = now.tzinfo
    else:
        zone = ZoneInfo(default_timezone)
    if now is None:
        now = datetime.now(zone)
    elif now.tzinfo is None:
        raise BadRequest("`now` needs a UTC offset, e.g. 2026-09-03T10:00:00+08:00")
    elif not FIRST_YEAR <= now.year < LAST_YEAR:
        raise BadRequest(f"`now` must lie between the years {FIRST_YEAR} and {LAST_YEAR - 1}")
    now = now.astimezone(zone)
    return Clock(now=now, zone=zone, label=getattr(zone, "key", None) or now.isoformat()[-6:])


def iana_name(label: str | None) -> str | None:
    """`label` when it names an IANA zone (a plan's timezone may be a bare offset such as +08:00)."""
    if not label:
        return None
    try:
        ZoneInfo(label)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None
    return label
