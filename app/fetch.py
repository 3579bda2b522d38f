"""Fetch stage: pull every configured source for a plan, concurrently, into candidates.

Each source gets its own time budget inside the request deadline; one failing source never
fails the others (its report says `error`). Results are normalized and cached (app.cache).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import httpx

from app.cache import TimelineCache, Window
from app.contracts import ContextPlan, SourceReport
from app.normalize import Candidate, normalize_memory, normalize_message, normalize_run, normalize_segment
from app.planner.clock import Clock
from app.settings import Settings
from app.sources.chat import fetch_chat
from app.sources.http import SourceError, SourceTimeout
from app.sources.meinput import fetch_meinput
from app.sources.memory import fetch_memory

log = logging.getLogger("app.fetch")

# A record may plan an event weeks ahead (「下个月3号交方案」): event windows look back this far.
EVENT_LOOKBACK = timedelta(days=30)
# Wide recall (RFC §3.6): records just outside a mention window are fetched too.
SLACK = timedelta(days=1)
SQL_RESERVE_S = 0.5


@dataclass
class Upstreams:
    """What the fetch stage needs: one shared HTTP client, settings, the cache."""

    client: httpx.AsyncClient
    settings: Settings
    cache: TimelineCache
    # identical pulls already under way: concurrent requests share one upstream round
    inflight: dict[tuple, asyncio.Task] = field(default_factory=dict)


@dataclass
class Fetched:
    candidates: list[Candidate]
    reports: dict[str, SourceReport]


def fetch_window(plan: ContextPlan, now: datetime) -> Window:
    """The observed_time window to pull: what the plan's ranges need, never past `now`."""
    spans: list[Window] = []
    if plan.time.mention_range is not None:
        spans.append((plan.time.mention_range.start - SLACK, plan.time.mention_range.end + SLACK))
    if plan.time.event_range is not None:
        spans.append((plan.time.event_range.start - EVENT_LOOKBACK, now))
    if not spans:
        return now - EVENT_LOOKBACK, now
    return min(s[0] for s in spans), min(max(s[1] for s in spans), now)


Puller = Callable[[float], Awaitable[list[Any]]]
Normalizer = Callable[[Any], Candidate | None]


async def _pull(key: tuple, window: Window, pull: Puller, normalize: Normalizer,
                up: Upstreams, budget: float) -> tuple[list[Candidate], SourceReport]:
    cached = up.cache.get(key, window)
    if cached is not None:
        return cached, SourceReport(status="ok", fetched=len(cached), ms=0, cached=True)
    flight = up.inflight.get((key, window))
    if flight is None:
        flight = asyncio.ensure_future(_pull_upstream(key, window, pull, normalize, up, budget))
        up.inflight[(key, window)] = flight
        flight.add_done_callback(lambda _: up.inflight.pop((key, window), None))
    return await asyncio.shield(flight)


async def _pull_upstream(key: tuple, window: Window, pull: Puller, normalize: Normalizer,
                         up: Upstreams, budget: float) -> tuple[list[Candidate], SourceReport]:
    started = time.monotonic()
    try:
        async with asyncio.timeout(budget):
            raw = await pull(started + budget)
    except (TimeoutError, SourceTimeout):
        return [], SourceReport(status="error", error=f"timeout after {budget:.1f}s", ms=_ms(started))
    except SourceError as exc:
        return [], SourceReport(status="error", error=str(exc), ms=_ms(started))
    except httpx.HTTPError as exc:
        return [], SourceReport(status="error", error=f"upstream unreachable ({type(exc).__name__})", ms=_ms(started))
    candidates, skipped = [], 0
    for record in raw:
        try:
            cand = normalize(record)
        except (ValueError, OverflowError, TypeError, KeyError, AttributeError):
            # a record the rules cannot read (say, dated in year 9999) is skipped, never fatal
            log.warning("skipped an unreadable %s record", key[1])
            cand = None
        if cand is None:
            skipped += not _dropped_on_purpose(record)
        else:
            candidates.append(cand)
    up.cache.put(key, window, candidates)
    return candidates, SourceReport(status="ok", fetched=len(raw), skipped=skipped, ms=_ms(started))


def _dropped_on_purpose(record: Any) -> bool:
    # tool output is noise by design, not a malformed record
    return isinstance(record, tuple) and isinstance(record[1], dict) and record[1].get("role") == "tool"


def _ms(started: float) -> int:
    return round((time.monotonic() - started) * 1000)


async def fetch_candidates(plan: ContextPlan, clock: Clock, user_id: str, up: Upstreams) -> Fetched:
    """Every configured source's candidates for `plan`, with a report per source."""
    s = up.settings
    tz = clock.zone
    window = fetch_window(plan, clock.now)
    # each source's budget ends early enough to leave the SQL stages their share of the deadline
    budget = min(s.source_timeout_s, max(0.1, s.request_deadline_s - SQL_RESERVE_S))
    zone_key = clock.label
    jobs: dict[str, Awaitable[tuple[list[Candidate], SourceReport]]] = {}
    reports: dict[str, SourceReport] = {}

    if s.meinput_url:
        jobs["meinput"] = _pull(
            (user_id, "meinput", zone_key), window,
            lambda deadline: fetch_meinput(up.client, s.meinput_url, s.meinput_token, user_id, window,
                                           deadline=deadline, cap=s.source_record_cap),
            lambda raw: normalize_segment(raw, user_id, tz), up, budget)
    else:
        reports["meinput"] = SourceReport(status="skipped", error="MEINPUT_URL is not configured")
    if s.chat_url:
        def normalize_chat(record: tuple[str, Any]) -> Candidate | None:
            kind, raw = record
            return normalize_message(raw, user_id, tz) if kind == "message" else normalize_run(raw, user_id, tz)

        jobs["chat"] = _pull(
            (user_id, "chat", zone_key), window,
            lambda deadline: fetch_chat(up.client, s.chat_url, s.chat_token, user_id, window,
                                        deadline=deadline, cap=s.source_record_cap),
            normalize_chat, up, budget)
    else:
        reports["chat"] = SourceReport(status="skipped", error="CHAT_URL is not configured")
    if s.memory_url:
        query = " ".join(plan.topics)
        jobs["memory_v2"] = _pull(
            (user_id, "memory_v2", zone_key, query), window,
            lambda deadline: fetch_memory(up.client, s.memory_url, s.memory_token, user_id, window,
                                          query=query, deadline=deadline, cap=s.source_record_cap),
            lambda raw: normalize_memory(raw, user_id, tz), up, budget)

    results = await asyncio.gather(*jobs.values())
    candidates: list[Candidate] = []
    for name, (cands, report) in zip(jobs, results, strict=True):
        candidates.extend(cands)
        reports[name] = report
    return Fetched(candidates=candidates, reports=reports)
