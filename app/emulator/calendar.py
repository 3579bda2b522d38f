"""The demo users' calendars (sources.md §4), as iCalendar text the emulator serves.

The demo user has a weekly 「MeInput 产品周会」 (Thursdays 16:00: one instance today, one moved by a
RECURRENCE-ID override, one cancelled by an override with STATUS:CANCELLED, one dropped by EXDATE),
the contract signing the notes and the chat talk about (written in UTC, with 张总 as an attendee:
the three sources' records are one event), and an all-day team outing. The other user has an
entry at the very time of the signing, which must never reach the demo user.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.emulator.records import DEMO_NOW, DEMO_USER, OTHER_USER, Event

WEEKLY_UID = "weekly-product@demo.memind.example"
CONTRACT_UID = "contract-zhang@demo.memind.example"
OUTING_UID = "outing@demo.memind.example"

_VTIMEZONE = ["BEGIN:VTIMEZONE", "TZID:Asia/Shanghai", "BEGIN:STANDARD", "DTSTART:19700101T000000",
              "TZOFFSETFROM:+0800", "TZOFFSETTO:+0800", "TZNAME:CST", "END:STANDARD", "END:VTIMEZONE"]
# the junk fault's VEVENTs: a time that is no time, no start at all (a VTODO is not read, not junk)
JUNK_EVENTS = ["BEGIN:VEVENT", "UID:junk-time@demo", "DTSTAMP:20260901T000000Z", "DTSTART:明天下午三点",
               "SUMMARY:时间坏了", "END:VEVENT",
               "BEGIN:VEVENT", "UID:junk-nostart@demo", "DTSTAMP:20260901T000000Z", "SUMMARY:没有开始时间",
               "END:VEVENT",
               "BEGIN:VTODO", "UID:todo@demo", "DTSTAMP:20260901T000000Z", "SUMMARY:一个 VTODO", "END:VTODO"]


def _local(t: datetime) -> str:
    return t.strftime("%Y%m%dT%H%M%S")


def _event(uid: str, written: datetime, *lines: str) -> list[str]:
    return ["BEGIN:VEVENT", f"UID:{uid}", f"DTSTAMP:{_stamp(written)}", f"LAST-MODIFIED:{_stamp(written)}",
            *lines, "END:VEVENT"]


def _stamp(t: datetime) -> str:
    return t.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def calendar_feeds(contract: Event) -> dict[str, list[str]]:
    """Each user's feed as content lines (the emulator folds and joins them). `contract` is the
    ground-truth signing: its calendar entry's source_ref is added to its records and dedupe set."""
    today_16 = DEMO_NOW.replace(hour=16, minute=0, second=0, microsecond=0)
    first = today_16 - timedelta(weeks=3)
    moved_from, moved_to = first + timedelta(weeks=2), first + timedelta(weeks=2, days=1, hours=1)
    called_off, dropped = today_16 + timedelta(weeks=1), today_16 + timedelta(weeks=2)
    written = first - timedelta(days=5)
    assert contract.when is not None
    contract_written = contract.when - timedelta(days=3)
    outing = (DEMO_NOW + timedelta(days=2)).date()
    demo = [
        *_event(WEEKLY_UID, written, "SUMMARY:MeInput 产品周会", f"DTSTART;TZID=Asia/Shanghai:{_local(first)}",
                f"DTEND;TZID=Asia/Shanghai:{_local(first + timedelta(hours=1))}", "LOCATION:3F 会议室",
                "RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=6", f"EXDATE;TZID=Asia/Shanghai:{_local(dropped)}"),
        *_event(WEEKLY_UID, moved_from - timedelta(days=2), f"RECURRENCE-ID;TZID=Asia/Shanghai:{_local(moved_from)}",
                "SUMMARY:MeInput 产品周会（改到周五）", f"DTSTART;TZID=Asia/Shanghai:{_local(moved_to)}",
                f"DTEND;TZID=Asia/Shanghai:{_local(moved_to + timedelta(hours=1))}"),
        *_event(WEEKLY_UID, DEMO_NOW - timedelta(hours=1), f"RECURRENCE-ID;TZID=Asia/Shanghai:{_local(called_off)}",
                "STATUS:CANCELLED", "SUMMARY:MeInput 产品周会", f"DTSTART;TZID=Asia/Shanghai:{_local(called_off)}",
                f"DTEND;TZID=Asia/Shanghai:{_local(called_off + timedelta(hours=1))}"),
        *_event(CONTRACT_UID, contract_written, "SUMMARY:和张总签合同", f"DTSTART:{_stamp(contract.when)}",
                f"DTEND:{_stamp(contract.when + timedelta(hours=1))}", "LOCATION:张总公司 8F",
                "ATTENDEE;CN=张总:mailto:zhang@client.example"),
        *_event(OUTING_UID, written, "SUMMARY:公司秋季团建", f"DTSTART;VALUE=DATE:{outing:%Y%m%d}",
                f"DTEND;VALUE=DATE:{outing + timedelta(days=1):%Y%m%d}", "LOCATION:莫干山"),
    ]
    other = _event("other-shift@demo.memind.example", contract_written, "SUMMARY:和张总签合同（别人的日程）",
                   f"DTSTART:{_stamp(contract.when)}", f"DTEND:{_stamp(contract.when + timedelta(hours=1))}")
    ref = f"calendar:event:{CONTRACT_UID}"
    contract.refs.append(ref)
    contract.dedupe_sets[0].append(ref)
    return {DEMO_USER: demo, OTHER_USER: other}


def render(lines: list[str], junk: bool = False) -> str:
    """A VCALENDAR around `lines`: CRLF, lines folded at 75 octets (RFC 5545 §3.1)."""
    body = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//MeMind//upstream emulator//ZH", *_VTIMEZONE, *lines,
            *(JUNK_EVENTS if junk else []), "END:VCALENDAR"]
    out = []
    for line in body:
        raw = line.encode()
        while len(raw) > 75:
            cut = 75
            while raw[cut] & 0xC0 == 0x80:  # never inside a UTF-8 sequence
                cut -= 1
            out.append(raw[:cut].decode())
            raw = b" " + raw[cut:]
        out.append(raw.decode())
    return "\r\n".join(out) + "\r\n"
