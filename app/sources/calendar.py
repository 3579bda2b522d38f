"""Calendar (sources.md §4): a user's iCalendar (RFC 5545) feed, its recurrences expanded in the window.

The feed is one document per user (no paging, no window on the wire). It is parsed with
icalendar and each event's recurrence (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) expanded
with recurring-ical-events, one UID at a time: a VEVENT that cannot be read (no DTSTART, a broken
time, a rule the expander refuses) is counted as skipped and never costs the rest of the feed.
Only the instances that overlap the pull's window (event time, not observed time) are records.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import UTC, date, datetime, time, tzinfo
from typing import Any
from urllib.parse import quote

import icalendar
import msgspec
import recurring_ical_events

from app.candidate import Candidate
from app.normalize import Stated, build_candidate, estimate_importance, participants_of
from app.planner.clock import FIRST_YEAR, LAST_YEAR
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


async def pull(req: Pull, http: SourceCall) -> Pulled[CalendarEvent]:
    """The instances of `req.user_id`'s events overlapping `req.window`, the `req.cap` latest starts."""
    body = await request_bytes(http, "GET", feed_url(req.base_url, req.user_id))
    # parsing and expanding a large feed takes tens of milliseconds: off the event loop
    return newest(await asyncio.to_thread(expand, body, req.window, req.zone), req.cap, lambda e: e.start)


def expand(body: bytes, window: tuple[datetime, datetime], zone: tzinfo) -> Pulled[CalendarEvent]:
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
    records: list[CalendarEvent] = []
    lo, hi = (t.astimezone(zone) for t in window)
    for uid, events in by_uid.items():
        recurring = any("RRULE" in e or "RDATE" in e or "RECURRENCE-ID" in e for e in events)
        one = icalendar.Calendar()
        one.subcomponents.extend([*timezones, *events])
        try:
            instances = list(recurring_ical_events.of(one).between(lo, hi))
        except Exception:  # the expander meeting junk may raise anything: this UID is skipped
            skipped += len(events)
            continue
        for instance in instances:
            try:
                records.append(_decode(uid, instance, recurring, zone))
            except (msgspec.ValidationError, ValueError, TypeError, KeyError, AttributeError):
                skipped += 1
    return Pulled(records, fetched=len(vevents), skipped=skipped)


def _decode(uid: str, event: icalendar.Event, recurring: bool, zone: tzinfo) -> CalendarEvent:
    start = event["DTSTART"].dt
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


def to_candidate(event: CalendarEvent, user_id: str, zone: tzinfo) -> Candidate:
    """An event at its exact start (an all-day one: that day), planned by the calendar's owner."""
    ref = f"calendar:event:{event.uid}" + (f":{event.recurrence_id}" if event.recurrence_id else "")
    text = "\n".join(p for p in (event.summary, event.location, event.description) if p)
    # the calendar states what it is, when, and what it is called: nothing about them is guessed
    stated = Stated(type="event", status="planned" if event.start > event.changed else "completed",
                    event_time=event.start, event_grain="day" if event.all_day else "minute",
                    title=event.summary[:30], confidence=1.0)
    # an entry at a clock time is scheduled, as a note naming a clock time ahead is (raises importance)
    importance = estimate_importance(text, "event", participants_of(text, event.attendees),
                                     scheduled=not event.all_day)
    candidate = build_candidate(source="calendar", ref=ref, user_id=user_id, role="calendar", text=text,
                                observed=event.changed, zone=zone, happened_when_said=False, stated=stated,
                                importance=importance, named=event.attendees)
    if event.cancelled:
        # called off: no time of its own any more, and the plan it was entered for is cancelled too
        # (app/pipeline/lifecycle.py links it to a note or message about the same event)
        return msgspec.structs.replace(candidate, status="cancelled", change="cancelled")
    return candidate
