"""Temporal Recall service: one request through plan → fetch → load → filter → dedupe → rank → bundle."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import tzinfo
from zoneinfo import ZoneInfo

import asyncpg
import httpx
import msgspec
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine

from app.answer import render_answer
from app.cache import TimelineCache
from app.contracts import ContextPlan, Explain, RecallBundle, RecallRequest
from app.db.bootstrap import prepare_database
from app.db.engine import create_engine
from app.embed import Embedder, HashingEmbedder, HttpEmbedder
from app.errors import BadRequest, DatabaseUnavailable
from app.fetch import Upstreams, fetch_candidates
from app.logs import user_hash
from app.pipeline.bundle import build_bundle
from app.pipeline.dedupe import dedupe
from app.pipeline.filter import filter_by_mode
from app.pipeline.load import load_candidates
from app.pipeline.rank import rank
from app.pipeline.sql import SqlRun
from app.planner import plan_query
from app.planner.clock import Clock
from app.planner.router import resolve_clock
from app.planner.timeparse import FIRST_YEAR, LAST_YEAR, in_calendar
from app.settings import Settings
from app.sqlfiles import Queries
from app.text import clean_text

log = logging.getLogger("app.recall")


@dataclass
class RecallDeps:
    settings: Settings
    engine: AsyncEngine
    queries: Queries
    upstreams: Upstreams
    embedder: Embedder

    @classmethod
    def create(cls, settings: Settings, engine: AsyncEngine, http_client: httpx.AsyncClient, *,
               queries: Queries | None = None, embedder: Embedder | None = None) -> RecallDeps:
        """The usual wiring: one HTTP client for every upstream, a timeline cache, the configured
        embedder (EMBEDDINGS_URL, else the built-in hashing one)."""
        if embedder is None:
            embedder = HttpEmbedder(http_client, settings.embeddings_url) if settings.embeddings_url else HashingEmbedder()
        return cls(settings=settings, engine=engine, queries=queries or Queries(), embedder=embedder,
                   upstreams=Upstreams(client=http_client, settings=settings, cache=TimelineCache(settings.cache_ttl_s)))


@asynccontextmanager
async def open_recall(settings: Settings, *, embedder: Embedder | None = None) -> AsyncIterator[RecallDeps]:
    """Everything a script or the CLI needs to run recalls outside the web app: the database
    (embedded unless DATABASE_URL), its engine, one HTTP client and the deps; all closed after."""
    database = await asyncio.to_thread(prepare_database, settings)
    engine = create_engine(database.url, settings)
    try:
        async with httpx.AsyncClient() as client:
            yield RecallDeps.create(settings, engine, client, embedder=embedder)
    finally:
        await engine.dispose()
        database.close()


def _plan_for(request: RecallRequest, settings: Settings) -> ContextPlan:
    if request.plan is None:
        return plan_query(request.query, now=request.now, timezone=request.timezone,
                          default_timezone=settings.default_timezone)
    now, zone = resolve_clock(request.now or request.plan.now, request.timezone, settings.default_timezone)
    plan = request.plan
    if plan.time.mention_range is None and plan.time.event_range is None:
        raise BadRequest("`plan.time` needs a mention_range or an event_range")
    for name in ("mention_range", "event_range"):
        r = getattr(plan.time, name)
        if r is None:
            continue
        if not in_calendar(r.start, r.end):
            raise BadRequest(f"`plan.time.{name}` must lie between the years {FIRST_YEAR} and {LAST_YEAR - 1}")
        if r.start >= r.end:
            raise BadRequest(f"`plan.time.{name}` needs its start before its end")
    # a caller's plan is used as is; it only gets the clock it is answered against
    return msgspec.structs.replace(plan, now=now, timezone=getattr(zone, "key", None) or plan.timezone or now.isoformat()[-6:])


def _clock_of(plan: ContextPlan) -> Clock:
    """The zone the plan names, else the offset of its `now` (which _plan_for always sets)."""
    try:
        zone: tzinfo = ZoneInfo(plan.timezone or "")
    except (ValueError, KeyError, OSError):
        zone = plan.now.tzinfo
    return Clock(now=plan.now, zone=zone, label=getattr(zone, "key", None) or plan.now.isoformat()[-6:])


async def run_recall(request: RecallRequest, deps: RecallDeps) -> RecallBundle:
    if not request.query.strip() or not request.user_id.strip():
        raise BadRequest("`query` and `user_id` must not be blank")
    if any(ord(ch) < 32 for ch in request.user_id) or clean_text(request.user_id) != request.user_id:
        raise BadRequest("`user_id` contains control characters or invalid Unicode")
    started = time.perf_counter()
    plan = _plan_for(request, deps.settings)
    clock = _clock_of(plan)
    fetched = await fetch_candidates(plan, clock, request.user_id, deps.upstreams)
    candidates = fetched.candidates
    embeddings = await deps.embedder.embed([c.gist for c in candidates])
    tz = clock.zone
    try:
        async with deps.engine.connect() as conn:
            raw = (await conn.get_raw_connection()).driver_connection
            run = SqlRun(conn=raw, queries=deps.queries)
            async with raw.transaction():
                await load_candidates(run, candidates, embeddings, tz)
                in_window = await filter_by_mode(run, plan, plan.now)
                dedupe_plan = await dedupe(run, explain=request.explain)
                ranked = await rank(run, plan, deps.embedder, request.user_snapshot,
                                    limit=request.limit, include_hidden=request.include_hidden)
    except (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError, OperationalError, PoolTimeout) as exc:
        raise DatabaseUnavailable(f"database unavailable ({type(exc).__name__}); retry shortly") from None
    except DBAPIError as exc:
        if exc.connection_invalidated:
            raise DatabaseUnavailable("database connection lost; retry shortly") from None
        raise
    explain = None
    if request.explain:
        explain = Explain(steps=run.steps, dedupe_plan=dedupe_plan or "",
                          total_ms=round((time.perf_counter() - started) * 1000, 2))
    bundle = build_bundle(plan, ranked.rows, fetched.reports, candidates=len(candidates), in_window=in_window,
                          after_dedupe=ranked.after_dedupe, explain=explain, tz=tz)
    stages: dict[str, float] = {}
    for step in run.steps:
        stages[step.stage] = round(stages.get(step.stage, 0.0) + step.ms, 2)
    log.info("recall", extra={"fields": {
        "user": user_hash(request.user_id), "mode": plan.temporal_mode, "ms": round((time.perf_counter() - started) * 1000, 1),
        "stage_ms": stages, "fetch_ms": {k: r.ms for k, r in fetched.reports.items()},
        "sources": {k: r.status for k, r in fetched.reports.items()}, "counts": msgspec.structs.asdict(bundle.stats)}})
    log.debug("recall query", extra={"fields": {"query": request.query}})
    return msgspec.structs.replace(bundle, answer=render_answer(bundle))
