"""Upstream emulator: MeInput, Portal chat, Memory V2 and Calendar exactly per ../shared/contracts/sources.md.

Serves a Dataset over real HTTP on 127.0.0.1 with pagination, bearer tokens, request counters,
the X-Request-ID each request carried, a latency added to every answer (`latency_s`: an upstream
in another data centre, for the benches) and fault switches (503, delay, 429 + Retry-After, junk
records, 401). Used by `make demo` and the integration tests; production code never imports it.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from litestar import Litestar, Request, Response, get, post

from app.emulator.calendar import render
from app.emulator.dataset import Dataset

SOURCES = ("meinput", "chat", "memory", "calendar")
DEFAULT_TOKENS = {"meinput": "meinput-demo-token", "chat": "chat-demo-token", "memory": "memory-demo-token",
                  "calendar": "calendar-demo-token"}
JUNK = [
    {"evidence_id": "junk_time", "text": "坏时间", "observed_at": "yesterday-ish"},
    {"text": "没有 id", "observed_at": "2026-09-01T10:00:00+08:00"},
    {"evidence_id": 42, "text": 7, "observed_at": None},
    "not even an object",
    {"message_id": "junk_naive", "role": "user", "content": "没有时区", "created_at": "2026-09-01T10:00:00"},
    {"evidence_id": "junk_far_future", "text": "明年再说", "observed_at": "9999-12-31T23:00:00+08:00"},
    # not junk: valid, but with a NUL and a lone surrogate that Postgres/UTF-8 cannot take as is
    {"evidence_id": "dirty_text", "text": "明天\x00开会\ud800", "observed_at": "2026-09-02T10:00:00+08:00"},
]


@dataclass
class Fault:
    mode: str = "none"  # none | 503 | delay | 429 | junk | auth
    times: int | None = None  # how many requests it affects; None = every one
    after: int = 0  # requests let through untouched first (a listing whose later pages fail)
    delay_s: float = 0.0
    retry_after_s: float = 1.0


@dataclass
class EmulatorState:
    dataset: Dataset
    tokens: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_TOKENS))
    faults: dict[str, Fault] = field(default_factory=dict)
    requests: Counter = field(default_factory=Counter)
    request_ids: list[tuple[str, str | None]] = field(default_factory=list)  # (source, its X-Request-ID)
    latency_s: float = 0.0  # added to every answer, unlike a fault kept across reset()
    waiting: Counter = field(default_factory=Counter)  # per source, requests waiting out the latency now
    most_waiting: Counter = field(default_factory=Counter)  # the most there were at once: how wide a fan-out was
    _messages: dict[str, list[dict]] | None = field(default=None, repr=False)

    def messages_of(self, session_id: str) -> list[dict]:
        """A session's messages (indexed once: a cold recall asks for every session's at once)."""
        if self._messages is None:
            self._messages = {}
            for m in self.dataset.messages:
                self._messages.setdefault(m["session_id"], []).append(m)
        return self._messages.get(session_id, [])

    def set_fault(self, source: str, mode: str = "none", **kw: Any) -> None:
        self.faults[source] = Fault(mode=mode, **kw)

    def reset(self) -> None:
        self.faults.clear()
        self.requests.clear()
        self.request_ids.clear()
        self.most_waiting.clear()


class _Reject(Exception):
    def __init__(self, response: Response) -> None:
        self.response = response


def _error(status: int, detail: str, headers: dict[str, str] | None = None) -> Response:
    return Response({"error": detail}, status_code=status, headers=headers or {})


def _time_param(request: Request, name: str, required: bool = False) -> datetime | None:
    raw = request.query_params.get(name)
    if raw is None:
        if required:
            raise _Reject(_error(400, f"{name} is required"))
        return None
    try:
        value = datetime.fromisoformat(raw)
    except ValueError:
        raise _Reject(_error(400, f"{name} is not RFC 3339")) from None
    if value.tzinfo is None:
        raise _Reject(_error(400, f"{name} has no offset"))
    return value


def _page(request: Request, rows: list[Any]) -> tuple[list[Any], str | None]:
    try:
        limit = min(500, max(1, int(request.query_params.get("limit", 100))))
        offset = int(request.query_params.get("cursor") or 0)
    except ValueError:
        raise _Reject(_error(400, "bad limit or cursor")) from None
    chunk = rows[offset : offset + limit]
    nxt = str(offset + limit) if offset + limit < len(rows) else None
    return chunk, nxt


def _in(value: str, lo: datetime | None, hi: datetime | None) -> bool:
    t = datetime.fromisoformat(value)
    return (lo is None or t >= lo) and (hi is None or t < hi)


def _public(row: dict) -> dict:
    # messages carry no user id on the wire; sessions/runs/segments do per the contract
    return {k: v for k, v in row.items() if not (k == "user_id" and "message_id" in row)}


def create_emulator_app(state: EmulatorState) -> Litestar:
    async def gate(source: str, request: Request) -> None:
        """Count the request, check its token, apply the source's fault."""
        state.requests[source] += 1
        state.request_ids.append((source, request.headers.get("x-request-id")))
        if state.latency_s:
            state.waiting[source] += 1
            state.most_waiting[source] = max(state.most_waiting[source], state.waiting[source])
            try:
                await asyncio.sleep(state.latency_s)
            finally:
                state.waiting[source] -= 1
        if request.headers.get("authorization") != f"Bearer {state.tokens[source]}":
            raise _Reject(_error(401, "bad token"))
        fault = state.faults.get(source)
        if fault is None or fault.mode == "none":
            return
        if fault.after > 0:
            fault.after -= 1
            return
        if fault.times is not None:
            if fault.times <= 0:
                return
            fault.times -= 1
        if fault.mode == "503":
            raise _Reject(_error(503, "unavailable"))
        if fault.mode == "429":
            raise _Reject(_error(429, "slow down", {"Retry-After": f"{fault.retry_after_s:g}"}))
        if fault.mode == "auth":
            raise _Reject(_error(401, "token revoked"))
        if fault.mode == "delay":
            await asyncio.sleep(fault.delay_s)

    def junk(source: str) -> list[Any]:
        fault = state.faults.get(source)
        return list(JUNK) if fault is not None and fault.mode == "junk" else []

    @get("/v1/evidence/export")
    async def evidence_export(request: Request) -> Response:
        try:
            await gate("meinput", request)
            user = request.query_params.get("user_id")
            if not user:
                raise _Reject(_error(400, "user_id is required"))
            if request.query_params.get("type", "expression_segment") != "expression_segment":
                return Response({"items": [], "next_cursor": None})
            lo, hi = _time_param(request, "observed_from"), _time_param(request, "observed_to")
            rows = [s for s in state.dataset.segments if s["user_id"] == user and _in(s["observed_at"], lo, hi)]
            rows.sort(key=lambda s: datetime.fromisoformat(s["observed_at"]))  # by instant: some times end in Z
            chunk, nxt = _page(request, junk("meinput") + rows)
            # json.dumps escapes lone surrogates as \udXXX, as a real upstream's JSON may carry them
            return Response(json.dumps({"items": chunk, "next_cursor": nxt}), media_type="application/json")
        except _Reject as r:
            return r.response

    @get("/v1/users/{user_id:str}/sessions")
    async def sessions(request: Request) -> Response:
        user_id = request.path_params["user_id"]
        try:
            await gate("chat", request)
            lo, hi = _time_param(request, "active_from"), _time_param(request, "active_to")
            rows = [s for s in state.dataset.sessions if s["user_id"] == user_id
                    and (hi is None or datetime.fromisoformat(s["created_at"]) < hi)
                    and (lo is None or datetime.fromisoformat(s["last_active_at"]) >= lo)]
            chunk, nxt = _page(request, rows)
            return Response({"sessions": [_public(s) for s in chunk], "next_cursor": nxt})
        except _Reject as r:
            return r.response

    @get("/v1/sessions/{session_id:str}/messages")
    async def messages(request: Request) -> Response:
        session_id = request.path_params["session_id"]
        try:
            await gate("chat", request)
            lo, hi = _time_param(request, "from"), _time_param(request, "to")
            rows = sorted((m for m in state.messages_of(session_id) if _in(m["created_at"], lo, hi)),
                          key=lambda m: datetime.fromisoformat(m["created_at"]))
            chunk, nxt = _page(request, junk("chat") + rows)
            return Response({"messages": [_public(m) if isinstance(m, dict) else m for m in chunk], "next_cursor": nxt})
        except _Reject as r:
            return r.response

    @get("/v1/users/{user_id:str}/agent-runs")
    async def agent_runs(request: Request) -> Response:
        user_id = request.path_params["user_id"]
        try:
            await gate("chat", request)
            lo, hi = _time_param(request, "from"), _time_param(request, "to")
            rows = [r for r in state.dataset.runs if r["user_id"] == user_id and _in(r["started_at"], lo, hi)]
            chunk, nxt = _page(request, rows)
            return Response({"runs": [{k: v for k, v in r.items() if k != "user_id"} for r in chunk], "next_cursor": nxt})
        except _Reject as r:
            return r.response

    @post("/v1/memory/search", status_code=200)
    async def memory_search(request: Request) -> Response:
        try:
            await gate("memory", request)
            body = await request.json()
            lo = datetime.fromisoformat(body["time_from"]) if body.get("time_from") else None
            hi = datetime.fromisoformat(body["time_to"]) if body.get("time_to") else None
            rows = [m for m in state.dataset.memories
                    if m["user_id"] == body.get("user_id") and _in(m["created_at"], lo, hi)]
            return Response({"memories": [{k: v for k, v in m.items() if k != "user_id"}
                                          for m in rows[: int(body.get("limit", 50))]]})
        except _Reject as r:
            return r.response

    @get("/calendar/{feed:str}")
    async def calendar_feed(request: Request) -> Response:
        feed = request.path_params["feed"]
        try:
            await gate("calendar", request)
            if not feed.endswith(".ics"):
                raise _Reject(_error(404, "no such feed"))
            lines = state.dataset.calendars.get(feed.removesuffix(".ics"), [])  # an unknown user: an empty calendar
            body = render(lines, junk=bool(junk("calendar")))
            return Response(body, media_type="text/calendar")
        except _Reject as r:
            return r.response

    @post("/_control/fault", status_code=200)
    async def control_fault(request: Request) -> dict[str, str]:
        data = await request.json()
        state.set_fault(data.pop("source"), **data)
        return {"status": "ok"}

    @get("/_control/stats")
    async def control_stats() -> dict[str, int]:
        return dict(state.requests)

    return Litestar(route_handlers=[evidence_export, sessions, messages, agent_runs, memory_search, calendar_feed,
                                    control_fault, control_stats], openapi_config=None, logging_config=None)
