"""Calendar (sources.md §4): a user's iCalendar (RFC 5545) feed, its recurrences expanded in the window.

The feed is one document per user (no paging, no window on the wire). It is parsed with
icalendar and each event's recurrence (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) expanded
with recurring-ical-events, one UID at a time: a VEVENT that cannot be read (no DTSTART, a broken
time, a rule the expander refuses) is counted as skipped and never costs the rest of the feed.
Only the instances that overlap the pull's window (event time, not observed time) are records.

Anyone who can put an event into a user's feed (an invitation added on its own) must not be able to
make a pull expensive, and the expander has no work limit of its own: it steps from DTSTART
inside one call. So the expansion is bounded three ways. Cheap checks first make the known costly
shapes impossible: a rule repeating more often than daily without a small COUNT, a rule that
never occurs (BYMONTH=2;BYMONTHDAY=30: dateutil steps to the year 9999 looking for it) and an end
before the start are skipped; an open-ended daily or weekly series from long ago starts again
just before the window (a whole number of its periods later: the same instances); the window
reaches at most REACH (and the rest of that UTC day) either side of the request's now. Then each
UID is expanded under a CPU slice (UID_CPU_S) and the whole feed in a child process killed at the
source's deadline (app/sources/worker.py), so whatever the checks miss costs at most that, and
nothing keeps running after the request. Per UID the newest `cap` instances are kept (and every
one of the first and last day expanded), per feed the newest `cap` of the window.
The feed is expanded over the window's whole UTC days and the instances in the window taken from
that: an unchanged feed (the same bytes) asked for the same days again is not expanded again, what
the child made is kept by the feed's digest and those days (`EXPANDED`, in this process, bounded;
only a whole expansion, never one the deadline cut).
"""

from __future__ import annotations

import contextlib
import hashlib
import math
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any
from urllib.parse import quote

import icalendar
import msgspec
import recurring_ical_events

from app.cache import IdleLru
from app.candidate import Candidate
from app.normalize import Stated, build_candidate, estimate_importance, participants_of
from app.planner.clock import FIRST_YEAR, LAST_YEAR
from app.sources import worker
from app.sources.http import SourceCall, SourceError, request_bytes
from app.sources.wire import Pull, Pulled, RecordId, Text, newest
from app.text import clean_text


class CalendarEvent(msgspec.Struct, frozen=True, kw_only=True):
    """One instance in the window: a single VEVENT, or one occurrence of a recurring one."""

    uid: RecordId
    recurrence_id: str | None  # the occurrence's RECURRENCE-ID as RFC 5545 writes it; None for a single event
    start: datetime  # tz-aware: TZID and UTC times as given, floating and all-day ones in the request's zone
    all_day: bool
    summary: Text
    location: str = ""
    description: str = ""
    cancelled: bool = False
    attendees: tuple[str, ...] = ()
    changed: datetime  # LAST-MODIFIED, else CREATED, else DTSTAMP: when this version was written
    end: datetime | None = None  # DTEND, as `start`; None: it ends as it starts
    routine: bool = False  # an occurrence of a daily or weekly series (a shift, a rehearsal), not of a yearly one

    def __post_init__(self) -> None:
        for t in (self.start, self.changed):
            if not FIRST_YEAR <= t.year < LAST_YEAR:
                raise msgspec.ValidationError(f"a time outside the years {FIRST_YEAR}-{LAST_YEAR - 1}")


def feed_url(template: str, user_id: str) -> str:
    """The user's feed: CALENDAR_URL with `{user_id}` in it, else `{CALENDAR_URL}/{user_id}.ics`
    (sources.md §4). The id is one encoded path segment (a `/` or `..` in it cannot change the path)."""
    segment = quote(user_id, safe="")
    if segment in (".", ".."):
        segment = segment.replace(".", "%2E")
    return template.replace("{user_id}", segment) if "{user_id}" in template else f"{template}/{segment}.ics"


# the RFC's questions are about days to months: a plan's window (up to 1900-2200) is cut to this
# much either side of the request's now, which still covers 去年 and 明年
REACH = timedelta(days=2 * 366)
# CPU one UID may take: the 1,000-VEVENT bench feed takes ~1 ms a UID, a moved-up series a few ms,
# but a daily series over the widest window (REACH both ways: 1,465 instances) came near the old
# 0.2 s and was cut (skipped) on a busy machine
UID_CPU_S = 0.5
FINER_THAN_DAILY = frozenset({"SECONDLY", "MINUTELY", "HOURLY"})
# an open-ended rule of only these parts repeats exactly every period: its start may move (_move_start)
_MOVABLE = frozenset({"FREQ", "INTERVAL", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "WKST", "UNTIL"})
_MONTH_DAYS = (0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # the most each month can have


async def pull(req: Pull, http: SourceCall) -> Pulled[CalendarEvent]:
    """The instances of `req.user_id`'s events overlapping `req.window` (cut to REACH around
    `req.now`), the `req.cap` latest starts."""
    lo, hi = max(req.window[0], req.now - REACH), min(req.window[1], req.now + REACH)
    cut = (lo, hi) != req.window
    if lo >= hi:  # the whole window is beyond reach: nothing to ask for
        return Pulled([], fetched=0, skipped=0, truncated=True)
    body = await request_bytes(http, "GET", feed_url(req.base_url, req.user_id))
    # expanded over whole UTC days: a window that moves with `now` (a question without a range, one
    # cut around now) is then the same all day, and its expansion is kept
    days = _whole_days(lo), _whole_days(hi, up=True)
    key = (hashlib.blake2b(body, digest_size=16).digest(), days, req.zone, req.cap)
    expanded = EXPANDED.get(key)
    if expanded is None:
        expanded = await worker.run(expansions, (body, days, req.zone, req.cap), deadline=http.deadline,
                                    slice_s=UID_CPU_S)
        if expanded.stopped is None:
            EXPANDED.put(key, expanded, len(expanded.records))
    pulled = _in_window(expanded, (lo, hi), req.cap)
    return replace(pulled, truncated=True) if cut else pulled


def _in_window(expanded: Pulled[CalendarEvent], window: tuple[datetime, datetime], cap: int) -> Pulled[CalendarEvent]:
    """The instances of an expansion over whole days that a window holds, the newest `cap`: what
    expanding the window itself gives (the feed's cap also keeps each UID to its newest `cap`)."""
    return newest(replace(expanded, records=[e for e in expanded.records if _overlaps(e, *window)]), cap,
                  lambda e: e.start)


def _overlaps(event: CalendarEvent, lo: datetime, hi: datetime) -> bool:
    """Whether the instance is in [lo, hi) as the expander reads a window: one that takes time
    overlaps it, one that does not starts in it."""
    end = event.end or event.start
    return lo <= event.start < hi if end == event.start else event.start < hi and lo < end


def _whole_days(t: datetime, up: bool = False) -> datetime:
    """The UTC midnight at or before `t` (with `up`, at or after it)."""
    day = _aware(t.astimezone(UTC).date(), UTC)
    return day + timedelta(days=1) if up and day < t else day


# whole expansions by (feed digest, whole UTC days, zone, cap), weighed by their instances
EXPANDED: IdleLru[tuple[Any, ...], Pulled[CalendarEvent]] = IdleLru(max_weight=50_000)


def expand(body: bytes, window: tuple[datetime, datetime], zone: tzinfo, cap: int) -> Pulled[CalendarEvent]:
    """`expansions` added up, in this process and without a CPU slice (tests, benches, the fork server's warm-up)."""
    return newest(Pulled.concat(expansions(body, window, zone, cap)), cap, lambda e: e.start)


def expansions(body: bytes, window: tuple[datetime, datetime], zone: tzinfo, cap: int,
               guard: worker.Guard = contextlib.nullcontext) -> Iterator[Pulled[CalendarEvent]]:
    """The feed's VEVENT count first, then each UID's instances in `window` (every one of its first
    and last day and the newest `cap` between), each made under `guard` (the worker's CPU slice: a
    UID out of time is skipped)."""
    try:
        calendar = icalendar.Calendar.from_ical(body)
    except ValueError:
        raise SourceError("upstream sent a body that is not iCalendar") from None
    if not isinstance(calendar, icalendar.Calendar):
        raise SourceError("upstream sent iCalendar without a VCALENDAR")
    timezones = calendar.walk("VTIMEZONE")
    by_uid: dict[str, list[icalendar.Event]] = defaultdict(list)
    vevents = calendar.walk("VEVENT")
    skipped = 0
    for event in vevents:
        if event.errors or not isinstance(event.get("UID"), str) or event.get("DTSTART") is None:
            skipped += 1  # a property icalendar could not read, or no UID / start: unplaceable
            continue
        by_uid[str(event["UID"])].append(event)
    yield Pulled([], fetched=len(vevents), skipped=skipped)
    lo, hi = (t.astimezone(zone) for t in window)
    for uid, events in by_uid.items():
        try:
            with guard():  # the slice is the expansion's only, never the consumer's (no yield inside)
                chunk = _expand_uid(uid, events, timezones, (lo, hi), zone, cap)
        except worker.OutOfTime:
            chunk = Pulled([], fetched=0, skipped=len(events))
        yield chunk


def _expand_uid(uid: str, events: list[icalendar.Event], timezones: list[icalendar.Timezone],
                window: tuple[datetime, datetime], zone: tzinfo, cap: int) -> Pulled[CalendarEvent]:
    if _refused(events, cap):
        return Pulled([], fetched=0, skipped=len(events))
    recurring = any("RRULE" in e or "RDATE" in e or "RECURRENCE-ID" in e for e in events)
    routine = any(str(freq).upper() in ("DAILY", "WEEKLY") for e in events for rule in _rules(e)
                  for freq in rule.get("FREQ", []))
    _move_start(events, window[0], zone)
    one = icalendar.Calendar()
    one.subcomponents.extend([*timezones, *events])
    try:
        instances = recurring_ical_events.of(one).between(*window)
    except Exception:  # the expander meeting junk may raise anything: this UID is skipped
        return Pulled([], fetched=0, skipped=len(events))
    records: list[CalendarEvent] = []
    skipped = 0
    for instance in instances:
        try:
            records.append(_decode(uid, instance, recurring, zone, routine))
        except (msgspec.ValidationError, ValueError, TypeError, KeyError, AttributeError):
            skipped += 1
    # pull() expands whole UTC days and caps the instances of its own window (_in_window), which may
    # begin and end anywhere in the first and last day: theirs are all kept, the newest `cap` between
    # (the days counted in UTC: in a zone with DST a day may be 23 or 25 hours)
    first_ends, last_starts = window[0].astimezone(UTC) + timedelta(days=1), window[1].astimezone(UTC) - timedelta(days=1)
    between = [i for i, r in enumerate(records) if first_ends <= r.start < last_starts]
    dropped = set(sorted(between, key=lambda i: records[i].start, reverse=True)[cap:])
    return Pulled([r for i, r in enumerate(records) if i not in dropped], fetched=0, skipped=skipped,
                  truncated=bool(dropped))


def _rules(event: icalendar.Event) -> list[icalendar.vRecur]:
    """The event's RRULEs (icalendar gives one as a vRecur, several as a list)."""
    rules = event.get("RRULE")
    return rules if isinstance(rules, list) else [] if rules is None else [rules]


def _refused(events: list[icalendar.Event], cap: int) -> bool:
    """A UID whose expansion is known to be costly or meaningless: an end before its start, a rule
    finer than daily unless COUNT keeps it within `cap`, a rule that never occurs."""
    for event in events:
        start, end = event["DTSTART"].dt, event.get("DTEND")
        with contextlib.suppress(TypeError):  # a DATE end of a DATE-TIME start: the expander's call
            if end is not None and end.dt < start:
                return True
        if "DURATION" in event and event["DURATION"].dt < timedelta(0):
            return True
        for rule in _rules(event):
            count = rule.get("COUNT", [None])[0]
            if rule.get("FREQ", [""])[0] in FINER_THAN_DAILY and not (isinstance(count, int) and count <= cap):
                return True
            if _never(rule):
                return True
    return False


def _never(rule: icalendar.vRecur) -> bool:
    """BYMONTH and BYMONTHDAY that no month has (Feb 30, Apr 31): dateutil would look until 9999."""
    try:
        months = [int(str(m)) for m in rule.get("BYMONTH", [])]
        days = [abs(int(d)) for d in rule.get("BYMONTHDAY", [])]
    except ValueError:  # a leap month (RFC 7529): not ours to judge
        return False
    return bool(months and days) and not any(d <= _MONTH_DAYS[m] for m in months if 1 <= m <= 12 for d in days)


def _move_start(events: list[icalendar.Event], lo: datetime, zone: tzinfo) -> None:
    """An open-ended daily or weekly series that began long before the window starts again a whole
    number of its periods later, just before it: dateutil steps from DTSTART, one period at a time
    (a daily series since 1900 is 46,000 steps). Only where that is provably the same series: one
    RRULE, no COUNT (it counts from DTSTART), parts that repeat every period (`_MOVABLE`, BYDAY
    without an ordinal), no RANGE=THISANDFUTURE, and never past an overridden instance."""
    masters = [e for e in events if "RECURRENCE-ID" not in e]
    rules = _rules(masters[0]) if len(masters) == 1 else []
    if len(rules) != 1 or not set(rules[0]) <= _MOVABLE or rules[0].get("FREQ", [""])[0] not in ("DAILY", "WEEKLY"):
        return
    rule, master = rules[0], masters[0]
    if any(len(str(day)) != 2 for day in rule.get("BYDAY", [])) or any(
            e["RECURRENCE-ID"].params.get("RANGE") for e in events if "RECURRENCE-ID" in e):
        return
    start = master["DTSTART"].dt
    end = master.get("DTEND")
    interval = int(rule.get("INTERVAL", [1])[0])
    period = 7 * interval if rule["FREQ"][0] == "WEEKLY" else math.lcm(interval, 7) if "BYDAY" in rule else interval
    if end is not None and getattr(end.dt, "tzinfo", None) is not getattr(start, "tzinfo", None):
        return  # two zones: moving both by whole days could change the length across a DST change
    length = end.dt - start if end is not None else master["DURATION"].dt if "DURATION" in master else timedelta(0)
    try:
        earliest = min([_like(lo, start, zone) - length,
                        *(e["RECURRENCE-ID"].dt for e in events if "RECURRENCE-ID" in e)])
        days = (earliest - start).days
    except TypeError:  # an override's RECURRENCE-ID of another kind than DTSTART: leave it be
        return
    periods = days // period - 1  # one period to spare: the new start is an instance before the window
    if periods <= 0:
        return
    shift = timedelta(days=periods * period)  # wall-clock days in the start's own zone, as dateutil steps
    master["DTSTART"].dt = start + shift
    if end is not None:
        end.dt = end.dt + shift


def _like(t: datetime, start: date | datetime, zone: tzinfo) -> date | datetime:
    """`t` comparable with `start`: a date, a floating wall time in `zone`, or as it is."""
    if not isinstance(start, datetime):
        return t.astimezone(zone).date()
    return t if start.tzinfo is not None else t.astimezone(zone).replace(tzinfo=None)


def _decode(uid: str, event: icalendar.Event, recurring: bool, zone: tzinfo, routine: bool) -> CalendarEvent:
    start = event["DTSTART"].dt
    end = event["DTEND"].dt if "DTEND" in event else start  # the expander gives every instance its DTEND
    changed = next((event[k].dt for k in ("LAST-MODIFIED", "CREATED", "DTSTAMP") if k in event), None)
    if not isinstance(changed, datetime):
        raise msgspec.ValidationError("no time the event was written")
    return msgspec.convert({
        "uid": uid,
        "recurrence_id": _ical_time(event["RECURRENCE-ID"].dt) if recurring else None,
        "start": _aware(start, zone),
        "all_day": not isinstance(start, datetime),
        "summary": clean_text(str(event.get("SUMMARY", ""))),
        "location": clean_text(str(event.get("LOCATION", ""))),
        "description": clean_text(str(event.get("DESCRIPTION", ""))),
        "cancelled": str(event.get("STATUS", "")).upper() == "CANCELLED",
        "attendees": _attendees(event.get("ATTENDEE")),
        "changed": _aware(changed, UTC),
        "end": _aware(end, zone),
        "routine": routine,
    }, CalendarEvent)


def _aware(value: date | datetime, zone: tzinfo) -> datetime:
    """A DATE as its day's midnight and a floating time as a wall time, both in `zone`."""
    if not isinstance(value, datetime):
        return datetime.combine(value, time(), zone)
    return value if value.tzinfo is not None else value.replace(tzinfo=zone)


def _ical_time(value: date | datetime) -> str:
    """RFC 5545's own form, in the event's time zone: 20261019T090000, 20261019T010000Z or 20261019."""
    if not isinstance(value, datetime):
        return value.strftime("%Y%m%d")
    if value.tzinfo is UTC or getattr(value.tzinfo, "key", None) == "UTC":
        return value.strftime("%Y%m%dT%H%M%SZ")
    return value.strftime("%Y%m%dT%H%M%S")


def _attendees(value: Any) -> tuple[str, ...]:
    """Each attendee by its common name, else the mailbox's local part."""
    names = []
    for attendee in value if isinstance(value, list) else [value] if value is not None else []:
        name = attendee.params.get("CN") or str(attendee).removeprefix("mailto:").removeprefix("MAILTO:").split("@")[0]
        if name.strip():
            names.append(name.strip())
    return tuple(names)


ROUTINE_DISCOUNT = 0.2


def to_candidate(event: CalendarEvent, user_id: str, zone: tzinfo) -> Candidate:
    """An event at its exact start (an all-day one: that day), planned by the calendar's owner."""
    ref = f"calendar:event:{event.uid}" + (f":{event.recurrence_id}" if event.recurrence_id else "")
    text = "\n".join(p for p in (event.summary, event.location, event.description) if p)
    # the calendar states what it is, when, and what it is called: nothing about them is guessed
    stated = Stated(type="event", status="planned" if event.start > event.changed else "completed",
                    event_time=event.start, event_grain="day" if event.all_day else "minute",
                    title=event.summary[:30], confidence=1.0)
    # an entry at a clock time is scheduled, as a note naming a clock time ahead is (raises importance);
    # one occurrence of a daily or weekly series (a shift, a Tuesday rehearsal) is routine: 「重要的事」 is
    # not every week's (a note about that very occurrence keeps its own importance in the item); a
    # yearly birthday is not
    importance = estimate_importance(text, "event", participants_of(text, event.attendees),
                                     scheduled=not event.all_day)
    if event.routine:
        importance = round(max(0.05, importance - ROUTINE_DISCOUNT), 3)
    candidate = build_candidate(source="calendar", ref=ref, user_id=user_id, role="calendar", text=text,
                                observed=event.changed, zone=zone, happened_when_said=False, stated=stated,
                                importance=importance, named=event.attendees)
    if event.cancelled:
        # called off: no time of its own any more, and the plan it was entered for is cancelled too
        # (app/pipeline/lifecycle.py links it to a note or message about the same event)
        return msgspec.structs.replace(candidate, status="cancelled", change="cancelled")
    return candidate
