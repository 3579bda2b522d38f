"""The SQL stages of one request, in order: load → lifecycle → filter → dedupe → rank, on one connection in one
transaction (temp tables dropped at commit). Used by the service, the benchmarks and the tests.

Everything that may wait on something other than Postgres (embeddings of the candidates and of the
topic) is computed by `prepare_stages` before a pooled connection is taken.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from app.candidate import Candidate
from app.contracts import ChangedItem, ContextPlan, ExplainStep, UserSnapshot
from app.db.errors import database_errors
from app.embed import Embedder, keyword_vector
from app.pipeline.dedupe import dedupe
from app.pipeline.filter import filter_by_mode
from app.pipeline.lifecycle import apply_lifecycle
from app.pipeline.load import load_candidates
from app.pipeline.rank import TopicQuery, rank
from app.pipeline.sql import SqlRun
from app.planner.clock import Clock
from app.sqlfiles import Queries
from app.text import clean_terms


@dataclass(frozen=True, slots=True)
class StageInput:
    plan: ContextPlan
    clock: Clock
    candidates: list[Candidate]
    embeddings: list[list[float]]
    topic: TopicQuery


@dataclass(frozen=True, slots=True)
class StageResult:
    rows: list[dict[str, Any]]  # the shown items, best first
    loaded: int
    in_window: int
    after_dedupe: int
    steps: list[ExplainStep]  # every statement run, timed
    dedupe_plan: str | None  # EXPLAIN ANALYZE of the dedupe statements, when asked
    changes: list[ChangedItem]  # which record changed which plan, when asked

    def stage_ms(self) -> dict[str, float]:
        """Milliseconds spent per stage (load, lifecycle, filter, dedupe, rank)."""
        out: dict[str, float] = {}
        for step in self.steps:
            out[step.stage] = round(out.get(step.stage, 0.0) + step.ms, 2)
        return out


async def prepare_stages(plan: ContextPlan, clock: Clock, candidates: list[Candidate],
                         embedder: Embedder) -> StageInput:
    """Embed every candidate's gist and the topic in one call, before any connection is taken."""
    terms = clean_terms(plan.topics)
    topic_text = " ".join(terms)
    vectors = await embedder.embed([*(c.gist for c in candidates), *([topic_text] if terms else [])])
    topic_embedding = vectors.pop() if terms else [0.0] * embedder.dim
    topic_keywords, topic_keyword_count = keyword_vector(topic_text)
    return StageInput(plan=plan, clock=clock, candidates=candidates, embeddings=vectors,
                      topic=TopicQuery(terms=terms, embedding=topic_embedding, keywords=topic_keywords,
                                       keyword_count=topic_keyword_count))


@asynccontextmanager
async def sql_transaction(engine: AsyncEngine, queries: Queries) -> AsyncIterator[SqlRun]:
    """One pooled connection, one transaction, a SqlRun recording each statement; a database that
    cannot be reached is DatabaseUnavailable."""
    with database_errors():
        async with engine.connect() as conn:
            raw = (await conn.get_raw_connection()).driver_connection
            async with raw.transaction():
                yield SqlRun(conn=raw, queries=queries)


async def run_stages(engine: AsyncEngine, queries: Queries, stage_input: StageInput, *,
                     snapshot: UserSnapshot | None = None, limit: int = 20, include_hidden: bool = False,
                     explain: bool = False) -> StageResult:
    inp = stage_input
    async with sql_transaction(engine, queries) as run:
        loaded = await load_candidates(run, inp.candidates, inp.embeddings, inp.clock)
        changes = await apply_lifecycle(run, inp.clock, inp.candidates, explain=explain)
        in_window = await filter_by_mode(run, inp.plan, inp.clock)
        dedupe_plan = await dedupe(run, explain=explain)
        ranked = await rank(run, inp.plan, inp.topic, snapshot, limit=limit, include_hidden=include_hidden)
    return StageResult(rows=ranked.rows, loaded=loaded, in_window=in_window, after_dedupe=ranked.after_dedupe,
                       steps=run.steps, dedupe_plan=dedupe_plan, changes=changes)
