"""Portal chat (sources.md §2): sessions → messages, plus agent runs."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any
from urllib.parse import quote

import httpx

from app.sources.http import paginate

SESSION_FAN_OUT = 8  # messages of at most this many sessions are fetched at once


async def fetch_chat(
    client: httpx.AsyncClient,
    base_url: str,
    token: str | None,
    user_id: str,
    window: tuple[datetime, datetime],
    *,
    deadline: float,
    cap: int,
) -> list[tuple[str, dict[str, Any]]]:
    """('message', msg) and ('run', run) records of `user_id` in [window).

    Sessions are listed by activity overlap; their messages are filtered by time, never the
    session by created_at. Only sessions listed for this user are read (messages carry no user).
    """
    lo, hi = window[0].isoformat(), window[1].isoformat()
    uid = quote(user_id, safe="")
    sessions, runs = await asyncio.gather(
        paginate(client, f"{base_url}/v1/users/{uid}/sessions", "sessions", token=token, deadline=deadline,
                 params={"active_from": lo, "active_to": hi}, cap=cap),
        paginate(client, f"{base_url}/v1/users/{uid}/agent-runs", "runs", token=token, deadline=deadline,
                 params={"from": lo, "to": hi}, cap=cap),
    )
    session_ids = list(dict.fromkeys(s["session_id"] for s in sessions
                                     if isinstance(s, dict) and isinstance(s.get("session_id"), str)))
    gate = asyncio.Semaphore(SESSION_FAN_OUT)

    async def messages_of(session_id: str) -> list[dict[str, Any]]:
        async with gate:
            return await paginate(client, f"{base_url}/v1/sessions/{quote(session_id, safe='')}/messages",
                                  "messages", token=token, deadline=deadline, params={"from": lo, "to": hi}, cap=cap)

    pages = await asyncio.gather(*(messages_of(sid) for sid in session_ids))
    records: list[tuple[str, dict[str, Any]]] = [("message", m) for page in pages for m in page]
    records.extend(("run", r) for r in runs)
    return records[:cap]
