"""What the Calendar source costs: importing icalendar + recurring-ical-events (a fresh interpreter,
best of 5), and parsing + expanding one feed (app.sources.calendar.expand, median of 20) for the
demo user's feed, the dev set's u_dev feed (when ../shared/dev-eval is there) and synthetic feeds
of 100 and 1,000 VEVENTs (a third of them weekly series, the rest single events) over a 37-day window.

    .venv/bin/python bench/calendar_cost.py
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.emulator.calendar import render
from app.emulator.dataset import DEMO_NOW, DEMO_USER, SH, build_dataset
from app.sources.calendar import expand

DEV_DATA = Path(__file__).resolve().parents[2] / "shared" / "dev-eval"


def import_ms() -> float:
    code = "import time; t = time.perf_counter(); import icalendar, recurring_ical_events; print(time.perf_counter() - t)"
    return min(float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
               for _ in range(5)) * 1e3


def synthetic(n: int) -> bytes:
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


def parse_ms(body: bytes, window: tuple[datetime, datetime]) -> tuple[float, int, int]:
    times = []
    for _ in range(20):
        t = time.perf_counter()
        pulled = expand(body, window, SH)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3, pulled.fetched, len(pulled.records)


def main() -> None:
    print(f"import icalendar + recurring_ical_events: {import_ms():.0f} ms (fresh interpreter, best of 5)")
    window = (DEMO_NOW - timedelta(days=30), DEMO_NOW + timedelta(days=7))
    feeds = {"demo user": render(build_dataset().calendars[DEMO_USER]).encode()}
    dev = dev_feed()
    if dev is not None:
        feeds["dev set u_dev"] = dev
    feeds |= {"synthetic 100": synthetic(100), "synthetic 1000": synthetic(1000)}
    for name, body in feeds.items():
        w = (datetime(2026, 10, 12, tzinfo=SH), datetime(2026, 11, 18, tzinfo=SH)) if name.startswith("dev") else window
        ms, vevents, instances = parse_ms(body, w)
        print(f"{name:>15}: {len(body) / 1024:7.1f} KiB, {vevents:5} VEVENTs → {instances:5} instances in the window: "
              f"{ms:7.1f} ms (median of 20)")


if __name__ == "__main__":
    main()
