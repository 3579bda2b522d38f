"""What the fork server (app/sources/worker.py) imports once for all its children: the calendar
modules, warmed by one small expansion (a child forked cold spent ~10-20 ms more on a feed than a
warm one: icalendar lists the zone database at its first VTIMEZONE; dateutil's first-use set-up),
and the normalizer, warmed by one record (app/sources/spare_core.py's workers)."""

from datetime import UTC, datetime

from app.sources.calendar import expand
from app.sources.spare_core import warm

expand(b"BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai\r\nBEGIN:STANDARD\r\n"
       b"DTSTART:19700101T000000\r\nTZOFFSETFROM:+0800\r\nTZOFFSETTO:+0800\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
       b"BEGIN:VEVENT\r\nUID:warm\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:warm\r\n"
       b"DTSTART;TZID=Asia/Shanghai:20260101T090000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
       (datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 2, 1, tzinfo=UTC)), UTC, 10)
warm()
