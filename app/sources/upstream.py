"""One HTTP client per upstream: its own connection pool, a circuit breaker and recent counts.

No upstream request is ever cancelled from outside. httpcore 1.0.9 leaks a connection for good
when a request is cancelled between being given a new connection and opening it
(encode/httpcore#1093, #830): after a burst against a slow upstream the pool held nothing but such
connections and every request timed out until a restart. So each exchange runs in a task of its
own, bounded by httpx's timeouts, and the caller only stops *waiting* for it at its deadline; the
abandoned exchange ends on its own timeout and gives its connection back. A request enters httpx
only with a free slot (one per connection), so httpx never queues one for a connection either.

The connections are split into pools of at most SHARD_SIZE, each an httpx client of its own, a
request going to the one with the most free connections. httpcore walks every connection of a
pool, and for each idle one every connection again, whenever a request starts or ends, polling
each idle socket (`AsyncConnectionPool._assign_requests_to_connections`): with one pool of 32 kept
connections, a cold chat pull (54 requests at once) spent 338 ms of CPU, with pools of 8 ~105 ms.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec

from app.logs import request_id
from app.settings import Settings
from app.sources.body import ACCEPT_ENCODING, decode_json, read_body
from app.sources.breaker import BreakerState, CircuitBreaker
from app.sources.http import (
    SourceAuthError,
    SourceCall,
    SourceError,
    SourcePoolExhausted,
    SourceTimeout,
    SourceUnavailable,
)

log = logging.getLogger("app.upstream")

RECENT_S = 60.0  # what "recently" means in the health counts
# httpx's pool wait: a request only enters with a free slot, so this never runs out in practice;
# it is long so that a stalled loop cannot fire it between a connection being handed over and used
POOL_BACKSTOP_S = 5.0
SHARD_SIZE = 8  # connections per httpx pool (see the module docstring)


@dataclass(frozen=True, slots=True)
class UpstreamLimits:
    pool_size: int
    max_response_bytes: int
    max_source_bytes: int
    retries: int
    breaker_failures: int
    breaker_open_s: float

    @classmethod
    def of(cls, s: Settings) -> UpstreamLimits:
        return cls(pool_size=s.source_pool_size, max_response_bytes=s.source_max_response_bytes,
                   max_source_bytes=s.source_max_bytes, retries=s.source_retries,
                   breaker_failures=s.source_breaker_failures, breaker_open_s=s.source_breaker_open_s)


class SourceHealth(msgspec.Struct, frozen=True, kw_only=True):
    """One upstream's client as /readyz shows it."""

    in_flight: int  # upstream requests under way, those no caller waits for any more included
    pool_size: int  # most connections (and so requests in flight) to this upstream
    pool_exhausted: int  # requests in the last minute that found every connection busy until their deadline
    errors: int  # upstream requests in the last minute that failed (timeouts included)
    breaker: BreakerState


class _Recent:
    """How many events happened in the last RECENT_S seconds."""

    def __init__(self) -> None:
        self._times: deque[float] = deque()

    def add(self) -> None:
        self._times.append(time.monotonic())

    def count(self) -> int:
        while self._times and self._times[0] < time.monotonic() - RECENT_S:
            self._times.popleft()
        return len(self._times)


class _Shard:
    """One httpx client (its own connection pool) and the exchanges it is running."""

    def __init__(self, size: int, tls: ssl.SSLContext) -> None:
        self.size = size
        self.in_flight = 0
        self.client = httpx.AsyncClient(
            limits=httpx.Limits(max_connections=size, max_keepalive_connections=size), verify=tls,
            headers={"Accept-Encoding": ACCEPT_ENCODING}, follow_redirects=False)


def _shard_sizes(pool_size: int) -> list[int]:
    """`pool_size` connections as evenly as possible over pools of at most SHARD_SIZE."""
    count = -(-pool_size // SHARD_SIZE)
    return [pool_size // count + (1 if i < pool_size % count else 0) for i in range(count)]


class UpstreamClient:
    def __init__(self, name: str, limits: UpstreamLimits) -> None:
        self.name = name  # the source it serves, in the logs
        self.limits = limits
        self.breaker = CircuitBreaker(limits.breaker_failures, limits.breaker_open_s)
        tls = httpx.create_ssl_context()  # one for all the pools: loading the CA bundle takes ~40 ms each time
        self._shards = [_Shard(size, tls) for size in _shard_sizes(limits.pool_size)]
        self._slots = asyncio.Semaphore(limits.pool_size)
        self._exchanges: set[asyncio.Task[Any]] = set()
        self._pool_exhausted = _Recent()
        self._errors = _Recent()

    @property
    def http_clients(self) -> list[httpx.AsyncClient]:
        """The httpx clients behind this upstream (one per pool), e.g. for tracing to instrument."""
        return [shard.client for shard in self._shards]

    def call(self, token: str | None, deadline: float) -> SourceCall:
        """This upstream for one request: the token, the deadline, the bytes it may read, the
        request's id (none outside a served request, e.g. the CLI)."""
        rid = request_id.get()
        return SourceCall(upstream=self, token=token, deadline=deadline, bytes_left=self.limits.max_source_bytes,
                          request_id=None if rid == "-" else rid)

    def health(self) -> SourceHealth:
        return SourceHealth(in_flight=len(self._exchanges), pool_size=self.limits.pool_size,
                            pool_exhausted=self._pool_exhausted.count(), errors=self._errors.count(),
                            breaker=self.breaker.state)

    async def exchange(self, method: str, url: str, call: SourceCall, *, params: dict[str, Any] | None,
                       json: Any, as_json: bool = True) -> Any:
        """One request and its decoded JSON answer (`as_json`), else its body. Waits at most until
        `call.deadline`; the exchange itself is never cancelled (see the module docstring)."""
        if call.deadline <= time.monotonic():
            raise SourceTimeout("time budget exhausted")
        await self.breaker.admit(call.deadline)
        try:
            async with asyncio.timeout(call.deadline - time.monotonic()):
                await self._slots.acquire()
        except TimeoutError:
            self.breaker.withdraw()
            self._pool_exhausted.add()
            raise SourcePoolExhausted(
                f"connection pool exhausted ({len(self._exchanges)} requests to this upstream in flight)") from None
        except BaseException:
            self.breaker.withdraw()
            raise
        # a slot is free, so some pool has a free connection: the one with the most
        shard = max(self._shards, key=lambda sh: sh.size - sh.in_flight)
        shard.in_flight += 1
        task = asyncio.create_task(self._exchange(shard.client, method, url, call, params, json, as_json))
        self._exchanges.add(task)
        task.add_done_callback(lambda done: self._finished(shard, done))
        done, _ = await asyncio.wait({task}, timeout=max(0.0, call.deadline - time.monotonic()))
        if not done:
            raise SourceTimeout("upstream did not answer in time")
        return task.result()

    def _finished(self, shard: _Shard, task: asyncio.Task[Any]) -> None:
        shard.in_flight -= 1
        self._exchanges.discard(task)
        self._slots.release()
        if not task.cancelled():
            task.exception()  # retrieved here: a caller that stopped waiting never asks for it

    async def _exchange(self, client: httpx.AsyncClient, method: str, url: str, call: SourceCall,
                        params: dict[str, Any] | None, json: Any, as_json: bool) -> Any:
        # this task runs in a copy of the request's context: its log lines carry the request's id
        started = time.monotonic()
        try:
            body = await self._send(client, method, url, call, params, json)
            answer = decode_json(body) if as_json else body
        except (SourceUnavailable, SourceTimeout) as exc:
            self._errors.add()
            self.breaker.failed(str(exc))
            self._log_failure(method, started, exc)
            raise
        except SourceError as exc:
            self._errors.add()
            self.breaker.succeeded()  # it answered, wrongly: nothing a pause would fix
            self._log_failure(method, started, exc)
            raise
        except BaseException:
            self.breaker.withdraw()  # no word on the upstream's health: a probe's turn passes on
            raise
        self.breaker.succeeded()
        # the URL names the user (path or query): DEBUG only, as record texts are
        log.debug("upstream call", extra={"fields": {
            "source": self.name, "method": method, "url": url, "params": params, "bytes": len(body),
            "ms": _ms(started)}})
        return answer

    def _log_failure(self, method: str, started: float, exc: SourceError) -> None:
        log.warning("upstream call failed", extra={"fields": {
            "source": self.name, "method": method, "error": str(exc), "ms": _ms(started)}})

    async def _send(self, client: httpx.AsyncClient, method: str, url: str, call: SourceCall,
                    params: dict[str, Any] | None, json: Any) -> bytes:
        remaining = max(0.001, call.deadline - time.monotonic())
        timeout = httpx.Timeout(remaining, pool=remaining + POOL_BACKSTOP_S)
        try:
            async with client.stream(method, url, params=params, json=json, headers=call.headers,
                                     timeout=timeout) as resp:
                _check_status(resp)
                return await read_body(resp, call, self.limits.max_response_bytes)
        except httpx.TimeoutException:
            raise SourceTimeout("upstream did not answer in time") from None
        except httpx.TransportError as exc:
            raise SourceUnavailable(f"connection failed ({type(exc).__name__})") from None
        except httpx.HTTPError as exc:
            raise SourceError(f"upstream unreachable ({type(exc).__name__})") from None

    async def aclose(self) -> None:
        for shard in self._shards:
            await shard.client.aclose()


def _ms(started: float) -> float:
    return round((time.monotonic() - started) * 1000, 1)


def _check_status(resp: httpx.Response) -> None:
    """Only a 2xx answer is data: anything else raises before its body is read."""
    status = resp.status_code
    if 200 <= status < 300:
        return
    if status in (401, 403):
        raise SourceAuthError(f"upstream rejected the token (HTTP {status}): check its *_TOKEN setting")
    if status == 429:
        raise SourceUnavailable("rate limited (HTTP 429)", retry_after=_retry_after(resp))
    if status >= 500:
        raise SourceUnavailable(f"upstream error (HTTP {status})")
    if 300 <= status < 400:
        raise SourceError(f"upstream redirected (HTTP {status})")
    raise SourceError(f"upstream refused the request (HTTP {status})")


def _retry_after(resp: httpx.Response) -> float:
    try:
        return max(0.0, float(resp.headers.get("Retry-After", "1")))
    except ValueError:
        return 1.0
