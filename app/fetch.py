"""Fetch stage: pull every configured source for a plan, concurrently, into candidates.

The sources are those of app.sources.registry. Each gets its own time budget inside the request
deadline and its own HTTP client (app.sources.upstream), so one slow or failing source never costs
the others time, connections or their answer (its report says `error`). A source that fails
part-way, its budget run out after some pages, has what it read used (`partial`); one that sent
more than SOURCE_RECORD_CAP records has its newest kept (`truncated`). Records are normalized in
the request's zone, each once (app.cache.NormalizedRecords: pulled again, the same record is not
parsed again), and the pull cached (app.cache.TimelineCache) — unless partial or truncated: a later
question about another part of the window would find records missing from the cache that the
upstream has.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, tzinfo
from typing import Any

import msgspec

from app.cache import NormalizedRecords, TimelineCache, Window
from app.candidate import Candidate
from app.contracts import ContextPlan, SourceReport
from app.planner.clock import Clock
from app.settings import Settings
from app.sources import worker
from app.sources.http import SourceError, SourceTimeout
from app.sources.registry import SOURCES, Source
from app.sources.spare_core import Batch, SpareCores
from app.sources.upstream import SourceHealth, UpstreamClient, UpstreamLimits
from app.sources.wire import Pull

log = logging.getLogger("app.fetch")

# A record may plan an event weeks ahead (「下个月3号交方案」): event windows look back this far.
EVENT_LOOKBACK = timedelta(days=30)
# Wide recall (RFC §3.6): records just outside a mention window are fetched too.
SLACK = timedelta(days=1)
# ...and a week after it: a plan said in the window and called off, moved or done days later is shown
# as it stands (「1月27号那天我都说了什么」 asked weeks on: the dinner said then was called off on the 30th)
CHANGES_AFTER = timedelta(days=7)
SQL_RESERVE_S = 0.5
# a pull stops waiting for its upstream at its deadline by itself; this only catches one that does not
BACKSTOP_S = 0.1


@dataclass
class Upstreams:
    """What the fetch stage needs: settings, the cache and one client per configured upstream."""

    settings: Settings
    cache: TimelineCache
    clients: dict[str, UpstreamClient]
    # identical pulls already under way: concurrent requests share one upstream round
    inflight: dict[tuple, asyncio.Task] = field(default_factory=dict)
    normalized: NormalizedRecords = field(default_factory=NormalizedRecords)
    spare_cores: SpareCores = field(default_factory=lambda: SpareCores(workers=0))

    @classmethod
    def from_settings(cls, settings: Settings) -> Upstreams:
        limits = UpstreamLimits.of(settings)
        clients = {s.name: UpstreamClient(s.name, limits) for s in SOURCES if getattr(settings, s.url_setting)}
        return cls(settings=settings, cache=TimelineCache(settings.cache_ttl_s), clients=clients,
                   spare_cores=SpareCores(settings.normalize_workers))

    def start(self) -> None:
        """Before the first request (the app's startup): the fork server's imports
        (bench/calendar_cost.py), not out of the first calendar pull's budget, and the normalizing
        workers forked and warm, not at the first cold user's expense."""
        if "calendar" in self.clients:
            worker.start()
        self.spare_cores.start()

    def health(self) -> dict[str, SourceHealth]:
        """Per configured upstream: requests in flight, pool size, recent failures, breaker state."""
        return {name: client.health() for name, client in self.clients.items()}

    async def aclose(self) -> None:
        for client in self.clients.values():
            await client.aclose()


@dataclass
class Fetched:
    candidates: list[Candidate]
    reports: dict[str, SourceReport]


@dataclass(frozen=True, slots=True)
class _Job:
    """One source to read for one request."""

    source: Source[Any]
    pull: Pull
    upstream: UpstreamClient
    token: str | None
    zone: tzinfo  # the zone its records are normalized in
    key: tuple[str, ...]  # its cache key: user, source, zone, the query (a searching source's)


def event_window(plan: ContextPlan, now: datetime) -> Window:
    """The event-time window of a source read by event time (the calendar): the range the plan's
    events are sought in, with wide recall's slack, not clipped at `now` (「明天有什么安排」)."""
    scope = plan.time.event_range or plan.time.mention_range
    if scope is None:
        return now - EVENT_LOOKBACK, now + SLACK
    return scope.start - SLACK, scope.end + SLACK


def fetch_window(plan: ContextPlan, now: datetime) -> Window:
    """The observed_time window to pull: what the plan's ranges need, never past `now`."""
    spans: list[Window] = []
    if plan.time.mention_range is not None:
        spans.append((plan.time.mention_range.start - SLACK, plan.time.mention_range.end + CHANGES_AFTER))
    if plan.time.event_range is not None:
        spans.append((plan.time.event_range.start - EVENT_LOOKBACK, now))
    if not spans:
        return now - EVENT_LOOKBACK, now
    return min(s[0] for s in spans), min(max(s[1] for s in spans), now)


async def _read(job: _Job, up: Upstreams, budget: float) -> tuple[list[Candidate], SourceReport]:
    window = job.pull.window
    cached = up.cache.get(job.key, window, by_event_time=job.source.by_event_time)
    if cached is not None:
        return cached, SourceReport(status="ok", fetched=len(cached), ms=0, cached=True)
    flight = up.inflight.get((job.key, window))
    if flight is None:
        flight = asyncio.ensure_future(_read_upstream(job, up, budget))
        up.inflight[(job.key, window)] = flight
        flight.add_done_callback(lambda _: up.inflight.pop((job.key, window), None))
    return await asyncio.shield(flight)


async def _read_upstream(job: _Job, up: Upstreams, budget: float) -> tuple[list[Candidate], SourceReport]:
    with up.spare_cores.batch(job.source.to_candidate, job.pull.user_id, job.zone) as batch:
        return await _pull_and_normalize(job, up, budget, _Normalizing(job, up.normalized, batch))


async def _pull_and_normalize(job: _Job, up: Upstreams, budget: float,
                              normalizing: _Normalizing) -> tuple[list[Candidate], SourceReport]:
    started = time.monotonic()
    try:
        async with asyncio.timeout(budget + BACKSTOP_S):  # cancels our own waiting only, never an HTTP exchange
            pulled = await job.source.pull(replace(job.pull, on_page=normalizing.add),
                                           job.upstream.call(job.token, started + budget))
    except (TimeoutError, SourceError) as exc:
        return [], SourceReport(status="error", error=_failure(exc, budget), ms=_ms(started))
    if pulled.stopped is not None and not pulled.fetched:
        return [], SourceReport(status="error", error=_failure(pulled.stopped, budget), ms=_ms(started))
    made = await normalizing.made(pulled.records)
    candidates = [c for c in made if c is not None]
    skipped = pulled.skipped + len(made) - len(candidates)
    if skipped > pulled.skipped:
        # the text rules met a time they cannot place on the calendar: those records are skipped, never fatal
        log.warning("skipped %d unreadable %s records", skipped - pulled.skipped, job.source.name)
    if pulled.stopped is not None:
        return candidates, SourceReport(status="error", fetched=pulled.fetched, skipped=skipped, ms=_ms(started),
                                        truncated=pulled.truncated, partial=True,
                                        error=_failure(pulled.stopped, budget))
    if not pulled.truncated:
        up.cache.put(job.key, job.pull.window, candidates)
    return candidates, SourceReport(status="ok", fetched=pulled.fetched, skipped=skipped, ms=_ms(started),
                                    truncated=pulled.truncated)


class _Normalizing:
    """A pull's records made candidates, each once per record and zone: those normalized before
    (NormalizedRecords) found again, the new ones handed to the spare cores as their pages arrive."""

    def __init__(self, job: _Job, normalized: NormalizedRecords, batch: Batch) -> None:
        self._source, self._user_id, self._zone = job.source.name, job.pull.user_id, job.zone
        self._normalized = normalized
        self._batch = batch
        self._keys: dict[int, tuple[Any, tuple | None]] = {}  # id(record) → (the record, its key)

    def add(self, records: list[Any]) -> None:
        self._batch.add([r for r in records if self._known(r) is None])

    async def made(self, records: list[Any]) -> list[Candidate | None]:
        """Each record's candidate, in order (None: unreadable)."""
        found = [self._known(r) for r in records]
        new = [i for i, c in enumerate(found) if c is None]
        made = await self._batch.make([records[i] for i in new])
        for i, one in zip(new, made, strict=True):
            if one is not None:
                found[i] = one[0]
                if (key := self._key(records[i])) is not None:
                    self._normalized.keep(key, one[0], len(key[3]))
        return found

    def _known(self, record: Any) -> Candidate | None:
        key = self._key(record)
        return self._normalized.known(key) if key is not None else None

    def _key(self, record: Any) -> tuple | None:
        kept = self._keys.get(id(record))
        if kept is None:  # the record is kept with its key: its id is not reused while this pull lasts
            raw = _record_bytes(record)
            kept = self._keys[id(record)] = (record, (self._source, self._user_id, self._zone, raw) if raw is not None else None)
        return kept[1]


_encode = msgspec.msgpack.Encoder().encode


def _record_bytes(record: Any) -> bytes | None:
    """The record as bytes, to know it again by; None for one msgpack cannot hold (an advisory
    number past 2**64): it is normalized every time instead of skipped."""
    try:
        return _encode(record)
    except (OverflowError, TypeError, ValueError):
        return None


def _failure(exc: BaseException, budget: float) -> str:
    """What the report says of the failure that ended a pull."""
    return f"timeout after {budget:.1f}s" if isinstance(exc, (TimeoutError, SourceTimeout)) else str(exc)


def _ms(started: float) -> int:
    return round((time.monotonic() - started) * 1000)


def search_query(plan: ContextPlan, source: str) -> str:
    """What a searching source is asked for: its retrieval's expanded queries (RFC §8: never the
    question as said), without the time words (the window carries the time)."""
    times = {e.text for e in plan.time.expressions}
    expanded = [r.expanded_queries for r in plan.retrievals if r.source == source]
    terms = [q for q in (expanded[0] if expanded else plan.topics) if q not in times]
    return " ".join(dict.fromkeys(t.strip() for t in terms if t.strip()))


async def fetch_candidates(plan: ContextPlan, clock: Clock, user_id: str, up: Upstreams) -> Fetched:
    """Every configured source's candidates for `plan`, with a report per source."""
    s = up.settings
    windows = {False: fetch_window(plan, clock.now), True: event_window(plan, clock.now)}
    # each source's budget ends early enough to leave the SQL stages their share of the deadline
    budget = min(s.source_timeout_s, max(0.1, s.request_deadline_s - SQL_RESERVE_S))
    jobs: dict[str, _Job] = {}
    reports: dict[str, SourceReport] = {}
    for source in SOURCES:
        if source.name not in up.clients:  # Upstreams.from_settings made a client per configured source
            if not source.optional:
                reports[source.name] = SourceReport(status="skipped",
                                                    error=f"{source.url_setting.upper()} is not configured")
            continue
        query = search_query(plan, source.name) if source.searches else ""
        pull = Pull(base_url=getattr(s, source.url_setting), user_id=user_id, window=windows[source.by_event_time],
                    query=query, cap=s.source_record_cap, zone=clock.zone, now=clock.now)
        key = (user_id, source.name, clock.label, query)  # query: "" for a source that does not search
        jobs[source.name] = _Job(source=source, pull=pull, upstream=up.clients[source.name],
                                 token=getattr(s, source.token_setting), zone=clock.zone, key=key)

    results = await asyncio.gather(*(_read(job, up, budget) for job in jobs.values()))
    candidates: list[Candidate] = []
    for name, (cands, report) in zip(jobs, results, strict=True):
        candidates.extend(cands)
        reports[name] = report
    return Fetched(candidates=candidates, reports=reports)
