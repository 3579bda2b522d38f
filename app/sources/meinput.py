"""MeInput evidence export (sources.md §1): expression segments observed in a window."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx

from app.sources.http import paginate


async def fetch_meinput(
    client: httpx.AsyncClient,
    base_url: str,
    token: str | None,
    user_id: str,
    window: tuple[datetime, datetime],
    *,
    deadline: float,
    cap: int,
) -> list[dict[str, Any]]:
    """Raw segments of `user_id` with observed_at in [window)."""
    params = {
        "user_id": user_id,
        "type": "expression_segment",
        "observed_from": window[0].isoformat(),
        "observed_to": window[1].isoformat(),
    }
    return await paginate(client, f"{base_url}/v1/evidence/export", "items",
                          token=token, deadline=deadline, params=params, cap=cap)
