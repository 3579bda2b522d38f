"""What the Calendar source costs: importing icalendar + recurring-ical-events (a fresh interpreter,
best of 5), and parsing + expanding one feed, median of 20: in this process
(app.sources.calendar.expand) and as a pull does it, in a child of the fork server killed at the
deadline (app.sources.worker.run), with the ratio of the two. Feeds: the demo user's, the dev
set's u_dev (when ../shared/dev-eval is there), synthetic feeds of 100 and 1,000 VEVENTs (a third
of them weekly series, the rest single events) over a 37-day window, and the hostile feeds of the
red-team pass (each beside one good event; before this work each ran from 10 s to minutes).

    .venv/bin/python bench/calendar_cost.py

The app's modules are imported inside main(): a fork-server child of a script runs the script's
top level again (app/sources/worker.py), and the bench must not time its own imports.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta, tzinfo
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.sources import worker
from app.sources.calendar import UID_CPU_S, expand, expansions

DEV_DATA = Path(__file__).resolve().parents[2] / "shared" / "dev-eval"


def import_ms() -> float:
    code = "import time; t = time.perf_counter(); import icalendar, recurring_ical_events; print(time.perf_counter() - t)"
    return min(float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
               for _ in range(5)) * 1e3


def synthetic(n: int) -> bytes:
    from app.emulator.calendar import render
    from app.emulator.dataset import DEMO_NOW

    lines = []
    start = DEMO_NOW - timedelta(days=60)
    for i in range(n):
        at = start + timedelta(days=i % 90, hours=8 + i % 10)
        lines += ["BEGIN:VEVENT", f"UID:e{i}@bench", "DTSTAMP:20260801T000000Z", f"SUMMARY:日程 {i} 和客户开会",
                  f"DTSTART;TZID=Asia/Shanghai:{at:%Y%m%dT%H%M%S}", f"DTEND;TZID=Asia/Shanghai:{at + timedelta(hours=1):%Y%m%dT%H%M%S}",
                  *(["RRULE:FREQ=WEEKLY"] if i % 3 == 0 else []), "END:VEVENT"]
    return render(lines).encode()


def dev_feed() -> bytes | None:
    if not (DEV_DATA / "stub.py").exists():
        return None
    sys.path.insert(0, str(DEV_DATA))
    from stub import render_ics  # the stub's own renderer, on its own data

    return render_ics(json.loads((DEV_DATA / "data.json").read_text())["calendar"]["u_dev"]).encode()


def hostile() -> dict[str, bytes]:
    from app.emulator.calendar import render

    good = ["BEGIN:VEVENT", "UID:good@bench", "DTSTAMP:20260801T000000Z", "SUMMARY:代码评审",
            "DTSTART;TZID=Asia/Shanghai:20260903T100000", "DTEND;TZID=Asia/Shanghai:20260903T110000", "END:VEVENT"]
    bad = {"minutely": ["DTSTART;TZID=Asia/Shanghai:20200101T000000", "RRULE:FREQ=MINUTELY"],
           "feb 30": ["DTSTART;TZID=Asia/Shanghai:20200101T090000", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"],
           "end < start": ["DTSTART;TZID=Asia/Shanghai:20260901T100000", "DTEND;TZID=Asia/Shanghai:20260901T090000",
                           "RRULE:FREQ=DAILY"],
           "daily 1900": ["DTSTART;TZID=Asia/Shanghai:19000101T080000", "DTEND;TZID=Asia/Shanghai:19000101T083000",
                          "RRULE:FREQ=DAILY"],
           "day 366 of Jan": ["DTSTART;TZID=Asia/Shanghai:20200101T090000", "RRULE:FREQ=DAILY;BYYEARDAY=366;BYMONTH=1"]}
    return {name: render([*good, "BEGIN:VEVENT", "UID:bad@bench", "DTSTAMP:20260801T000000Z", "SUMMARY:邀请",
                          *lines, "END:VEVENT"]).encode() for name, lines in bad.items()}


def median_ms(run: Callable[[], object], times: int = 20) -> tuple[float, object]:
    took = []
    for _ in range(times):
        t = time.perf_counter()
        result = run()
        took.append(time.perf_counter() - t)
    return statistics.median(took) * 1e3, result


def in_child(body: bytes, window: tuple[datetime, datetime], zone: tzinfo) -> object:
    return asyncio.run(worker.run(expansions, (body, window, zone, 5000), deadline=time.monotonic() + 2.0,
                                  slice_s=UID_CPU_S))


def main() -> None:
    from app.emulator.calendar import render
    from app.emulator.dataset import DEMO_NOW, DEMO_USER, SH, build_dataset

    print(f"import icalendar + recurring_ical_events: {import_ms():.0f} ms (fresh interpreter, best of 5)")
    window = (DEMO_NOW - timedelta(days=30), DEMO_NOW + timedelta(days=7))
    feeds = {"demo user": render(build_dataset().calendars[DEMO_USER]).encode()}
    in_child(feeds["demo user"], window, SH)  # the fork server's start-up (its imports): once per service
    dev = dev_feed()
    if dev is not None:
        feeds["dev set u_dev"] = dev
    feeds |= {"synthetic 100": synthetic(100), "synthetic 1000": synthetic(1000)}
    for name, body in feeds.items():
        w = (datetime(2026, 10, 12, tzinfo=SH), datetime(2026, 11, 18, tzinfo=SH)) if name.startswith("dev") else window
        here, pulled = median_ms(lambda b=body, w=w: expand(b, w, SH, 5000))
        child, _ = median_ms(lambda b=body, w=w: in_child(b, w, SH))
        print(f"{name:>15}: {len(body) / 1024:7.1f} KiB, {pulled.fetched:5} VEVENTs → {len(pulled.records):5} instances "
              f"in the window: {here:7.1f} ms here, {child:7.1f} ms in a child ({child / here:4.1f}×) (medians of 20)")
    for name, body in hostile().items():
        child, pulled = median_ms(lambda b=body: in_child(b, window, SH), times=5)
        print(f"{name:>15}: {child:7.1f} ms in a child (median of 5): {len(pulled.records)} instances, "
              f"{pulled.skipped} skipped")


if __name__ == "__main__":
    main()
