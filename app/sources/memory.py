"""Memory V2 time-bounded search (sources.md §3): optional, low weight."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx

from app.sources.http import SourceError, request_json


async def fetch_memory(
    client: httpx.AsyncClient,
    base_url: str,
    token: str | None,
    user_id: str,
    window: tuple[datetime, datetime],
    *,
    query: str,
    deadline: float,
    cap: int,
) -> list[dict[str, Any]]:
    body = {"user_id": user_id, "query": query, "time_from": window[0].isoformat(),
            "time_to": window[1].isoformat(), "limit": min(cap, 50)}
    resp = await request_json(client, "POST", f"{base_url}/v1/memory/search", token=token, deadline=deadline, json=body)
    if not isinstance(resp, dict) or not isinstance(resp.get("memories"), list):
        raise SourceError("upstream answer has no 'memories' list")
    return resp["memories"]
