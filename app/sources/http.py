"""One request helper for every upstream: bearer auth, a time budget, retries on 429/5xx."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx


class SourceError(Exception):
    """An upstream could not be read; the message is safe to show in the bundle's `sources`."""


class SourceAuthError(SourceError):
    pass


class SourceTimeout(SourceError):
    pass


_BACKOFF_S = (0.05, 0.1, 0.2, 0.4, 0.8)


async def request_json(
    client: httpx.AsyncClient,
    method: str,
    url: str,
    *,
    token: str | None,
    deadline: float,
    params: dict[str, Any] | None = None,
    json: Any = None,
) -> Any:
    """The decoded JSON body, retrying 429 (honouring Retry-After), 5xx and transport errors
    until `deadline` (a time.monotonic() value)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    attempt = 0
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise SourceTimeout("time budget exhausted")
        try:
            resp = await client.request(method, url, params=params, json=json, headers=headers, timeout=remaining)
        except httpx.TimeoutException:
            raise SourceTimeout("upstream did not answer in time") from None
        except httpx.TransportError as exc:
            wait, reason = _BACKOFF_S[min(attempt, len(_BACKOFF_S) - 1)], f"connection failed ({type(exc).__name__})"
        else:
            if resp.status_code in (401, 403):
                raise SourceAuthError(f"upstream rejected the token (HTTP {resp.status_code}): check its *_TOKEN setting")
            if resp.status_code == 429:
                wait, reason = _retry_after(resp), "rate limited (HTTP 429)"
            elif resp.status_code >= 500:
                wait, reason = _BACKOFF_S[min(attempt, len(_BACKOFF_S) - 1)], f"upstream error (HTTP {resp.status_code})"
            elif resp.status_code >= 400:
                raise SourceError(f"upstream refused the request (HTTP {resp.status_code})")
            else:
                try:
                    return resp.json()
                except ValueError:
                    raise SourceError("upstream sent a body that is not JSON") from None
        if time.monotonic() + wait >= deadline:
            raise SourceError(f"{reason}; no time left in the budget to retry")
        await asyncio.sleep(wait)
        attempt += 1


def _retry_after(resp: httpx.Response) -> float:
    try:
        return max(0.0, float(resp.headers.get("Retry-After", "1")))
    except ValueError:
        return 1.0


async def paginate(
    client: httpx.AsyncClient,
    url: str,
    key: str,
    *,
    token: str | None,
    deadline: float,
    params: dict[str, Any],
    cap: int,
) -> list[Any]:
    """Every page of a `next_cursor` listing until the end or `cap` records."""
    out: list[Any] = []
    cursor = None
    while len(out) < cap:
        page_params = {**params, "limit": min(500, cap - len(out))}
        if cursor:
            page_params["cursor"] = cursor
        body = await request_json(client, "GET", url, token=token, deadline=deadline, params=page_params)
        if not isinstance(body, dict) or not isinstance(body.get(key), list):
            raise SourceError(f"upstream page has no '{key}' list")
        out.extend(body[key])
        cursor = body.get("next_cursor")
        if not cursor or not body[key]:
            break
    return out[:cap]
