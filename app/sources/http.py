"""How a source asks its upstream: the SourceError hierarchy, a request's view of the upstream
(`SourceCall`), the retry rule and pagination. The HTTP itself is done by the upstream's own
client (app/sources/upstream.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    from app.sources.upstream import UpstreamClient


class SourceError(Exception):
    """An upstream could not be read; the message is safe to show in the bundle's `sources`."""


class SourceAuthError(SourceError):
    pass


class SourceTimeout(SourceError):
    pass


class SourceUnavailable(SourceError):
    """A transient failure (429, 5xx, a failed connection): worth a retry, counted by the breaker."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after  # seconds the upstream asked us to wait (429 Retry-After)


class SourceCircuitOpen(SourceError):
    """The source failed too often lately: no upstream call is made until its breaker lets one probe."""


class SourcePoolExhausted(SourceError):
    """Every connection to the upstream stayed busy until the budget ran out."""


@dataclass(slots=True)
class SourceCall:
    """One source's upstream as one request sees it: the token to send, when to stop waiting,
    how many more decoded bytes the request may read from it, and the request's X-Request-ID
    (sent along, so that the upstream's logs and ours name the same request)."""

    upstream: UpstreamClient
    token: str | None
    deadline: float  # a time.monotonic() value
    bytes_left: int
    request_id: str | None = None

    @property
    def headers(self) -> dict[str, str]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        if self.request_id:
            headers["X-Request-ID"] = self.request_id
        return headers


def path_segment(value: str) -> str:
    """`value` as exactly one path segment: `/`, `?`, `#`, `%` and every other reserved character
    percent-encoded, so it cannot add a segment, a query or a fragment. Dots stay dots (and a
    `%2E` would be decoded back by many servers), so a value of dots only, which httpx would
    resolve as `.` or `..`, is refused: user ids are checked at the request, upstream ids at decoding."""
    if not value.strip("."):
        raise SourceError("an id of dots only cannot be a path segment")
    return quote(value, safe="")


_BACKOFF_S = (0.05, 0.1, 0.2, 0.4, 0.8)


async def request_json(call: SourceCall, method: str, url: str, *, params: dict[str, Any] | None = None,
                       json: Any = None) -> Any:
    """The decoded JSON answer. A transient failure is retried at most the upstream's `retries`
    times, after a short backoff (429: after its Retry-After), while the budget allows."""
    return await _request(call, method, url, params=params, json=json, as_json=True)


async def request_bytes(call: SourceCall, method: str, url: str) -> bytes:
    """The answer's (decoded) body, for an upstream that does not speak JSON (an iCalendar feed);
    retried as `request_json` is."""
    return await _request(call, method, url, params=None, json=None, as_json=False)


async def _request(call: SourceCall, method: str, url: str, *, params: dict[str, Any] | None, json: Any,
                   as_json: bool) -> Any:
    attempt = 0
    while True:
        try:
            return await call.upstream.exchange(method, url, call, params=params, json=json, as_json=as_json)
        except SourceUnavailable as exc:
            if attempt >= call.upstream.limits.retries:
                raise SourceUnavailable(f"{exc}; gave up after {attempt + 1} attempts") from None
            wait = exc.retry_after if exc.retry_after is not None else _BACKOFF_S[min(attempt, len(_BACKOFF_S) - 1)]
            if time.monotonic() + wait >= call.deadline:
                raise SourceUnavailable(f"{exc}; no time left in the budget to retry") from None
        await asyncio.sleep(wait)
        attempt += 1


PAGE_LIMIT = 500  # sources.md: a larger `limit` is clamped to 500, so no page holds more


async def paginate(call: SourceCall, url: str, key: str, *, params: dict[str, Any]) -> AsyncIterator[list[Any]]:
    """The `key` list of every page of a `next_cursor` listing, to the last page (the records to
    keep are chosen after decoding: upstreams send oldest first, and the newest matter most)."""
    cursor = None
    while True:
        page_params = {**params, "limit": PAGE_LIMIT}
        if cursor:
            page_params["cursor"] = cursor
        body = await request_json(call, "GET", url, params=page_params)
        if not isinstance(body, dict) or not isinstance(body.get(key), list):
            raise SourceError(f"upstream page has no '{key}' list")
        yield body[key]
        cursor = body.get("next_cursor")
        if not cursor or not body[key]:
            return
