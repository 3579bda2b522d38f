"""Temporal Recall service: one request through plan → fetch → load → filter → dedupe → rank → bundle."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import httpx
import msgspec
from sqlalchemy.ext.asyncio import AsyncEngine

from app.answer import render_answer
from app.cache import KnownLists
from app.contracts import ContextPlan, Explain, RecallBundle, RecallRequest, SourceReport, Stats
from app.db.bootstrap import prepare_database
from app.db.engine import create_engine
from app.embed import Embedder, HashingEmbedder, HttpEmbedder
from app.errors import BadRequest
from app.fetch import Upstreams, fetch_candidates
from app.logs import UserHash, caller_name
from app.pipeline.bundle import build_bundle
from app.pipeline.runner import prepare_stages, run_stages
from app.planner import plan_request
from app.settings import Settings
from app.sources.meinput import Segment, to_candidate
from app.sources.registry import SOURCES
from app.sqlfiles import Queries
from app.text import clean_text

if TYPE_CHECKING:
    from opentelemetry.trace import Tracer

    from app.metrics import Metrics

log = logging.getLogger("app.recall")
WARM_UP_QUERY = "我最近一周有什么重要的事？"
WARM_UP_NOW = datetime(2026, 1, 8, 9, tzinfo=UTC)
WARM_UP_TEXTS = ("明天下午3点和王总开会讨论合同", "明天下午三点跟王总开会，讨论合同", "周报写完了")
WARM_UP_S = 5.0
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # C0, DEL and C1


@dataclass
class RecallDeps:
    settings: Settings
    engine: AsyncEngine
    queries: Queries
    upstreams: Upstreams
    embedder: Embedder
    user_hash: UserHash  # how the logs name a user (keyed by RECALL_LOG_KEY)
    metrics: Metrics | None = None  # the service's; scripts and the CLI count nothing
    tracer: Tracer | None = None  # with tracing on: the SQL statements' spans
    # per candidate list, its COPY stream and lifecycle links: a follow-up query over the same
    # candidates embeds, encodes and links nothing again
    known_lists: KnownLists = field(default_factory=KnownLists)

    @classmethod
    def create(cls, settings: Settings, engine: AsyncEngine, http_client: httpx.AsyncClient, *,
               queries: Queries | None = None, embedder: Embedder | None = None,
               upstreams: Upstreams | None = None, metrics: Metrics | None = None,
               tracer: Tracer | None = None) -> RecallDeps:
        """The usual wiring: a client of its own per upstream with a timeline cache (built from
        settings unless given), the configured embedder on `http_client` (EMBEDDINGS_URL, else the
        built-in hashing one). `upstreams.aclose()` closes the upstream clients at shutdown."""
        if embedder is None:
            embedder = (HttpEmbedder(http_client, settings.embeddings_url, model=settings.embeddings_model,
                                     token=settings.embeddings_token, dim=settings.embeddings_dim,
                                     timeout_s=settings.embeddings_timeout_s)
                        if settings.embeddings_url else HashingEmbedder(dim=settings.embeddings_dim))
        return cls(settings=settings, engine=engine, queries=queries or Queries(), embedder=embedder,
                   upstreams=upstreams or Upstreams.from_settings(settings), user_hash=UserHash(settings.log_key),
                   metrics=metrics, tracer=tracer)

    async def warm_up(self) -> None:
        """Before the first request: the stages run once over a few made-up records, so that the first
        user does not pay for opening a pooled connection and for its server process reading the
        catalogs, pgvector and our statements the first time (bench/recall.py's cold query). Best
        effort: a database that is not reachable yet is the first request's (and /readyz's) to report."""
        plan, clock = plan_request(WARM_UP_QUERY, None, WARM_UP_NOW, None, self.settings.default_timezone)
        candidates = [to_candidate(Segment(id=f"warm-up-{i}", text=text, observed_at=WARM_UP_NOW.isoformat()),
                                   "warm-up", clock.zone) for i, text in enumerate(WARM_UP_TEXTS)]
        try:
            async with asyncio.timeout(WARM_UP_S):
                stage_input = await prepare_stages(plan, clock, candidates, self.embedder)
                await run_stages(self.engine, self.queries, stage_input)
        except Exception as exc:  # whatever the database says (down, not migrated, no such role): not the start's to fail
            log.warning("warm-up skipped: %s", exc.__class__.__name__, exc_info=True)


@asynccontextmanager
async def open_recall(settings: Settings, *, embedder: Embedder | None = None) -> AsyncIterator[RecallDeps]:
    """Everything a script or the CLI needs to run recalls outside the web app: the database
    (embedded unless DATABASE_URL), its engine, the HTTP clients and the deps; all closed after."""
    database = await asyncio.to_thread(prepare_database, settings)
    engine = create_engine(database.url, settings)
    try:
        async with httpx.AsyncClient() as client:
            deps = RecallDeps.create(settings, engine, client, embedder=embedder)
            deps.upstreams.start()
            await deps.warm_up()
            try:
                yield deps
            finally:
                await deps.upstreams.aclose()
    finally:
        await engine.dispose()
        database.close()


async def run_recall(request: RecallRequest, deps: RecallDeps) -> RecallBundle:
    if not request.query.strip() or not request.user_id.strip():
        raise BadRequest("`query` and `user_id` must not be blank")
    if _CONTROL.search(request.user_id) or clean_text(request.user_id) != request.user_id:
        raise BadRequest("`user_id` contains control characters or invalid Unicode")
    if not request.user_id.strip("."):
        # `.` and `..` are dot segments: in an upstream's path they would lead elsewhere
        raise BadRequest("`user_id` must not consist of dots only")
    started = time.perf_counter()
    deadline = time.monotonic() + deps.settings.request_deadline_s
    plan, clock = plan_request(request.query, request.plan, request.now, request.timezone,
                               deps.settings.default_timezone)
    if request.plan is None and plan.context_needs.temporal_recall == "SKIP":
        return _skipped(plan)  # RFC §14.5: no plan that needs recall, no upstream request
    fetch_started = time.perf_counter()
    fetched = await fetch_candidates(plan, clock, request.user_id, deps.upstreams)
    fetch_s = time.perf_counter() - fetch_started
    stage_input = await prepare_stages(plan, clock, fetched.candidates, deps.embedder, deps.known_lists)
    result = await run_stages(deps.engine, deps.queries, stage_input, snapshot=request.user_snapshot,
                              limit=request.limit, include_hidden=request.include_hidden, explain=request.explain,
                              deadline=deadline, tracer=deps.tracer)
    stage_ms = result.stage_ms()
    if deps.metrics is not None:
        deps.metrics.observe_recall(fetch_s, stage_ms, fetched.reports)
    explain = None
    if request.explain:
        explain = Explain(steps=result.steps, dedupe_plan=result.dedupe_plan or "", changes=result.changes,
                          total_ms=round((time.perf_counter() - started) * 1000, 2))
    bundle = build_bundle(plan, clock, result, fetched.reports, candidates=len(fetched.candidates), explain=explain)
    log.info("recall", extra={"fields": {
        "caller": caller_name.get(), "user": deps.user_hash(request.user_id), "mode": plan.temporal_mode, "ms": round((time.perf_counter() - started) * 1000, 1),
        "stage_ms": stage_ms, "fetch_ms": {k: r.ms for k, r in fetched.reports.items()},
        "sources": {k: r.status for k, r in fetched.reports.items()}, "counts": msgspec.structs.asdict(bundle.stats),
        "notices": len(bundle.notices)}})
    log.debug("recall query", extra={"fields": {"query": request.query}})
    return msgspec.structs.replace(bundle, answer=render_answer(bundle))


def _skipped(plan: ContextPlan) -> RecallBundle:
    """The empty answer to a question the planner reads as normal chat: every source `skipped`."""
    reason = f"not read: the planner reads this question as {plan.query_type} (temporal_recall SKIP)"
    return RecallBundle(plan=plan, groups=[], stats=Stats(candidates=0, in_window=0, after_dedupe=0, shown=0),
                        sources={source.name: SourceReport(status="skipped", error=reason) for source in SOURCES})
