"""The SQL stages of one request, in order: load → lifecycle → filter → dedupe → rank, on one connection in one
transaction (temp tables dropped at commit). Used by the service, the benchmarks and the tests.

Everything that may wait on something other than Postgres (embeddings of the candidates and of the
topic) is computed by `prepare_stages` before a pooled connection is taken.

With a deadline (the request's, on time.monotonic()), the stages never run past it: the wait for
a connection and every statement are boxed into the time left. What the time could not cover is
cut and said in `notices`: an unfinished dedupe leaves every item its own cluster (ranking keeps
RANK_RESERVE_S for itself), an unfinished load, filter or rank leaves no items.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlalchemy.ext.asyncio import AsyncEngine

from app.cache import KnownList, KnownLists, ListSlot
from app.candidate import Candidate
from app.contracts import ChangedItem, ContextPlan, ExplainStep, UserSnapshot
from app.db.engine import pooled_connection
from app.db.errors import database_errors
from app.embed import EMBEDDING_DTYPE, Embedder, keyword_vector
from app.pipeline.dedupe import MAX_NEIGHBOURS, SINGLETONS, WINDOW_MINUTES, Clusters, dedupe
from app.pipeline.filter import filter_by_mode
from app.pipeline.lifecycle import apply_lifecycle
from app.pipeline.load import CopyRows, encode_rows, load_candidates
from app.pipeline.rank import TopicQuery, rank
from app.pipeline.sql import OutOfTime, SqlRun
from app.planner.clock import Clock
from app.sqlfiles import Queries
from app.text import clean_terms

if TYPE_CHECKING:
    from opentelemetry.trace import Tracer

# Below this much time left, a request does not take a connection at all: it could not finish.
SQL_MIN_S = 0.25
# Ranking every in-window item as its own cluster took 50 ms at 3k items and 134 ms at 20k.
RANK_RESERVE_S = 0.3


@dataclass(frozen=True, slots=True)
class StageInput:
    plan: ContextPlan
    clock: Clock
    candidates: list[Candidate]
    rows: CopyRows  # the candidates' COPY stream, embeddings included
    topic: TopicQuery
    # the candidate list's place in KnownLists: what a previous request worked out for these very
    # candidates (`found`), where this one keeps what it works out
    slot: ListSlot | None = None


@dataclass(frozen=True, slots=True)
class StageResult:
    rows: list[dict[str, Any]]  # the shown items, best first
    in_window: int
    after_dedupe: int
    steps: list[ExplainStep]  # every statement run, timed
    dedupe_plan: str | None  # EXPLAIN ANALYZE of the dedupe statements, when asked
    notices: list[str] = field(default_factory=list)  # what was cut, for the caller
    changes: list[ChangedItem] = field(default_factory=list)  # which record changed which plan, when asked

    def stage_ms(self) -> dict[str, float]:
        """Milliseconds spent per stage (load, lifecycle, filter, dedupe, rank)."""
        out: dict[str, float] = {}
        for step in self.steps:
            out[step.stage] = round(out.get(step.stage, 0.0) + step.ms, 2)
        return out


async def prepare_stages(plan: ContextPlan, clock: Clock, candidates: list[Candidate], embedder: Embedder,
                         known: KnownLists | None = None) -> StageInput:
    """Embed every candidate's gist and the topic in one call and encode the COPY rows, before any
    connection is taken; candidates `known` from a previous request are neither embedded nor
    encoded again."""
    terms = clean_terms(plan.topics)
    topic_text = " ".join(terms)
    slot = known.slot(candidates, clock.zone) if known is not None else None
    found = slot.found if slot is not None else None
    texts = [*([] if found else [c.gist for c in candidates]), *([topic_text] if terms else [])]
    vectors = await embedder.embed(texts) if texts else np.empty((0, embedder.dim), EMBEDDING_DTYPE)
    topic_embedding = vectors[-1].tolist() if terms else [0.0] * embedder.dim
    topic_keywords, topic_keyword_count = keyword_vector(topic_text)
    rows = CopyRows(data=found.copy_stream, count=len(candidates)) if found else encode_rows(
        candidates, vectors[:len(candidates)], clock.zone)
    return StageInput(plan=plan, clock=clock, candidates=candidates, rows=rows, slot=slot,
                      topic=TopicQuery(terms=terms, embedding=topic_embedding, keywords=topic_keywords,
                                       keyword_count=topic_keyword_count))


@asynccontextmanager
async def sql_transaction(engine: AsyncEngine, queries: Queries, deadline: float | None = None,
                          tracer: Tracer | None = None) -> AsyncIterator[SqlRun]:
    """One pooled connection, one transaction, a SqlRun recording each statement; a database that
    cannot be reached, or no connection free in time, is DatabaseUnavailable. With a deadline the
    wait for a connection ends SQL_MIN_S before it, at the latest."""
    wait = engine.pool.timeout()
    if deadline is not None:
        wait = min(wait, deadline - SQL_MIN_S - time.monotonic())
    with database_errors():
        async with pooled_connection(engine, wait) as conn:
            raw = (await conn.get_raw_connection()).driver_connection
            async with raw.transaction():
                yield SqlRun(conn=raw, queries=queries, deadline=deadline, tracer=tracer)


async def run_stages(engine: AsyncEngine, queries: Queries, stage_input: StageInput, *,
                     snapshot: UserSnapshot | None = None, limit: int = 20, include_hidden: bool = False,
                     explain: bool = False, deadline: float | None = None,
                     tracer: Tracer | None = None) -> StageResult:
    """The SQL stages on one connection; what this request works out for its candidates is kept in
    their list's slot (when prepared with one) for the next request over the very same ones."""
    inp = stage_input
    found = inp.slot.found if inp.slot is not None else None
    known_densest = found.densest if found else None
    notices: list[str] = []
    run: SqlRun | None = None
    in_window = 0

    def densest() -> int:  # worked out only for a window dense enough to need it, once per list
        nonlocal known_densest
        if known_densest is None:
            known_densest = lifecycle.densest(inp.candidates, inp.clock.zone)
        return known_densest

    try:
        async with sql_transaction(engine, queries, deadline, tracer) as run:
            await load_candidates(run, inp.rows)
            lifecycle = await apply_lifecycle(run, inp.candidates, known=found.links if found else None,
                                              explain=explain)
            in_window = await filter_by_mode(run, inp.plan, inp.clock)
            if inp.plan.output.dedupe:
                clusters, dedupe_plan = await _dedupe_or_skip(run, in_window, densest, explain, notices)
            else:  # a caller's plan may ask for every record as it is (RFC §5 output.dedupe)
                clusters, dedupe_plan = SINGLETONS, None
            ranked = await rank(run, inp.plan, inp.topic, snapshot, clusters, limit=limit,
                                include_hidden=include_hidden)
    except OutOfTime as cut:
        notices.append(f"the database ran out of time in the {cut.stage} stage: no items could be shown; "
                       f"retry, or ask about a shorter time range")
        return StageResult(rows=[], in_window=in_window, after_dedupe=0,
                           steps=run.steps if run else [], dedupe_plan=None, notices=notices)
    if inp.slot is not None and (found is None or found.densest != known_densest):
        inp.slot.keep(KnownList(copy_stream=inp.rows.data, links=lifecycle.links, densest=known_densest))
    return StageResult(rows=ranked.rows, in_window=in_window, after_dedupe=ranked.after_dedupe,
                       steps=run.steps, dedupe_plan=dedupe_plan, notices=notices, changes=lifecycle.changes)


async def _dedupe_or_skip(run: SqlRun, in_window: int, densest: Callable[[], int], explain: bool,
                          notices: list[str]) -> tuple[Clusters, str | None]:
    """The clusters and, when asked, the dedupe plan. Dedupe runs in a savepoint (a cancelled
    statement aborts only that), finishing RANK_RESERVE_S before the deadline; cut, every item is its
    own cluster."""
    reserve = None if run.deadline is None else run.deadline - RANK_RESERVE_S
    try:
        with run.finishing_by(reserve):
            async with run.savepoint():
                deduped = await dedupe(run, in_window, densest=densest, explain=explain)
    except OutOfTime:
        notices.append("dedupe ran out of time: repeats of one event may show as separate items")
        return SINGLETONS, None
    if deduped.crowded:
        notices.append(f"dedupe compared each item with at most {MAX_NEIGHBOURS} others on either side in time: "
                       f"{deduped.crowded} items had more within ±{WINDOW_MINUTES} minutes (or on their day), so "
                       f"repeats among them may show as separate items")
    return deduped.clusters, deduped.plan
