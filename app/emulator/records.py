"""The demo dataset's records and ground truth, shared by its generators (dataset.py, hazards.py,
retell.py).

`Writer` appends records the way the upstreams serve them; `Event` is the ground truth the
evaluation scores against: what happened when, and which records speak of it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

SH = ZoneInfo("Asia/Shanghai")
DEMO_NOW = datetime(2026, 9, 3, 10, 0, tzinfo=SH)  # a Thursday
DEMO_USER = "demo"
OTHER_USER = "u_other"

_CN = "零一二三四五六七八九十"
WEEKDAY = "一二三四五六日"


def _cn_hour(h: int) -> str:
    h12 = h - 12 if h > 12 else h
    return _CN[h12] if h12 <= 10 else "十" + _CN[h12 - 10]


def clock_phrase(t: datetime, arabic: bool) -> str:
    """下午三点 / 上午10点半 / 晚上7点 — always with the part of day, as users write."""
    part = "上午" if t.hour < 12 else ("下午" if t.hour < 18 else "晚上")
    if t.hour < 9 and part == "上午":
        part = "早上"
    h12 = t.hour - 12 if t.hour > 12 else t.hour
    hour = str(h12) if arabic else _cn_hour(t.hour)
    tail = "半" if t.minute == 30 else ""
    return f"{part}{hour}点{tail}"


def day_phrase(event_day: datetime, observed: datetime, rnd: random.Random) -> str:
    days = (event_day.date() - observed.date()).days
    if days == 0:
        return "今天"
    if days == 1:
        return "明天"
    if days == 2:
        return "后天"
    same_week = event_day.isocalendar()[:2] == observed.isocalendar()[:2]
    if same_week and rnd.random() < 0.5:
        return f"这周{WEEKDAY[event_day.weekday()]}"
    return f"{event_day.month}月{event_day.day}日"


@dataclass
class Event:
    """Ground truth: one thing in the user's life and every record that speaks of it."""

    event_id: str
    user_id: str
    when: datetime | None  # when it happens (a to-do: its deadline); None once it is called off
    title: str
    kind: str  # event | todo | decision | commitment
    importance: float
    refs: list[str] = field(default_factory=list)  # source_refs that mention it
    planned_refs: list[str] = field(default_factory=list)  # records of the plan, written before it
    done_refs: list[str] = field(default_factory=list)  # records written after it happened
    grain: str = "minute"  # "day": a deadline that names only its day (`when` is that day's 00:00)
    status: str | None = None  # "cancelled" or "moved"
    superseded: list[datetime] = field(default_factory=list)  # times it no longer has (moved from, called off)
    completed_at: datetime | None = None  # when a to-do was done, as its done record says
    change_refs: list[str] = field(default_factory=list)  # records that moved or called it off
    # records naming the same time of it (within minutes), whatever their words: each set is one item
    dedupe_sets: list[list[str]] = field(default_factory=list)

    def occurs_at(self) -> datetime | None:
        """When it happened: a done to-do when it was done, anything else at its (effective) time."""
        return self.completed_at or self.when


@dataclass
class Dataset:
    segments: list[dict] = field(default_factory=list)
    sessions: list[dict] = field(default_factory=list)
    messages: list[dict] = field(default_factory=list)  # each carries "user_id" privately (stripped on the wire)
    runs: list[dict] = field(default_factory=list)
    memories: list[dict] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    calendars: dict[str, list[str]] = field(default_factory=dict)  # user → VEVENT content lines (emulator/calendar.py)
    _owner_index: dict[str, str] | None = field(default=None, repr=False)

    def owner_of(self, source_ref: str) -> str | None:
        """Which user a record belongs to (built once: the dataset is complete when this is asked)."""
        if self._owner_index is None:
            self._owner_index = self._owners()
        if source_ref.startswith("calendar:event:"):  # an instance of a series belongs to the series' owner
            source_ref = ":".join(source_ref.split(":")[:3])
        return self._owner_index.get(source_ref)

    def _owners(self) -> dict[str, str]:
        owners = {f"meinput:segment:{s['evidence_id']}": s["user_id"] for s in self.segments}
        owners |= {f"chat:message:{m['message_id']}": m["user_id"] for m in self.messages}
        owners |= {f"chat:run:{r['run_id']}": r["user_id"] for r in self.runs}
        owners |= {f"memory_v2:memory:{m['memory_id']}": m["user_id"] for m in self.memories}
        owners |= {f"calendar:event:{line.removeprefix('UID:')}": user
                   for user, lines in self.calendars.items() for line in lines if line.startswith("UID:")}
        return owners


class Writer:
    """Appends upstream records to a dataset: ids, sessions, messages and segments as the sources
    serve them. The seeded `rnd` is shared with the caller, so the order of calls fixes the data."""

    def __init__(self, ds: Dataset, rnd: random.Random) -> None:
        self.ds, self.rnd = ds, rnd
        self.n = 0
        self.weekly_sessions: dict[int, str] = {}

    def id(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n:05d}"

    def session(self, user: str, title: str, created: datetime, last: datetime) -> str:
        sid = self.id("s_")
        self.ds.sessions.append({"session_id": sid, "user_id": user, "title": title,
                                 "created_at": created.isoformat(), "last_active_at": last.isoformat()})
        return sid

    def say(self, user: str, sid: str, role: str, text: str, at: datetime) -> str:
        mid = self.id("m_")
        self.ds.messages.append({"message_id": mid, "session_id": sid, "user_id": user, "role": role,
                                 "content": text, "created_at": at.isoformat()})
        return f"chat:message:{mid}"

    def segment(self, user: str, text: str, at: datetime, importance: float | None, people=()) -> str:
        sid = self.id("seg_")
        seg = {"evidence_id": sid, "user_id": user, "type": "expression_segment", "text": text,
               "observed_at": at.isoformat(), "app": self.rnd.choice(["notes", "wechat", "memo", "browser"]),
               "lang": "zh-CN"}
        if importance is not None:
            seg["importance"] = importance
            seg["confidence"] = round(self.rnd.uniform(0.85, 0.99), 2)
        if people:
            seg["entities"] = [{"type": "person", "text": p} for p in people]
        self.ds.segments.append(seg)
        return f"meinput:segment:{sid}"

    def fit_sessions(self) -> None:
        """Stretch every session over its messages: an upstream's session spans what was said in it."""
        spans: dict[str, list[datetime]] = {}
        for m in self.ds.messages:
            spans.setdefault(m["session_id"], []).append(datetime.fromisoformat(m["created_at"]))
        for s in self.ds.sessions:
            times = spans.get(s["session_id"], [])
            if times and min(times) < datetime.fromisoformat(s["created_at"]):
                s["created_at"] = min(times).astimezone(SH).isoformat()
            if times and max(times) > datetime.fromisoformat(s["last_active_at"]):
                s["last_active_at"] = max(times).astimezone(SH).isoformat()

    def assistant_session(self, user: str, at: datetime) -> str:
        """The week's long-running 「日常助手」 session (Monday 08:00 to Sunday 22:00, see fit_sessions)."""
        week = at.isocalendar()[1]
        if week not in self.weekly_sessions:
            monday = (at - timedelta(days=at.weekday())).replace(hour=8, minute=0)
            self.weekly_sessions[week] = self.session(user, "日常助手", monday, monday + timedelta(days=6, hours=14))
        return self.weekly_sessions[week]
