"""Rank stage (RFC §7): one scored row per deduplicated item, best first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pgvector import SparseVector

from app.contracts import SECONDARY_MIN, ContextPlan, UserSnapshot
from app.pipeline.sql import SqlRun
from app.text import clean_terms


@dataclass(frozen=True, slots=True)
class TopicQuery:
    """The query's topic terms with their embedding and keyword vector, computed before the
    transaction (an embedder may be an HTTP call: never made while holding a connection)."""

    terms: list[str]
    embedding: list[float]
    keywords: SparseVector
    keyword_count: int


@dataclass(frozen=True, slots=True)
class Ranked:
    rows: list[dict[str, Any]]  # the shown items, best first
    after_dedupe: int  # every deduplicated item, shown or not


async def rank(run: SqlRun, plan: ContextPlan, topic: TopicQuery, snapshot: UserSnapshot | None, *,
               limit: int, include_hidden: bool) -> Ranked:
    """The best `limit` items (hidden ones only with `include_hidden`)."""
    rows = await run.fetch(
        "rank", "score_items",
        topics=topic.terms,
        topic_embedding=topic.embedding,
        topic_keywords=topic.keywords,
        topic_keyword_count=topic.keyword_count,
        target_types=[t.type for t in plan.targets],
        target_weights=[t.weight for t in plan.targets],
        projects=clean_terms(snapshot.active_projects) if snapshot else [],
        w_meinput=plan.sources.meinput, w_chat=plan.sources.chat, w_memory=plan.sources.memory_v2,
        w_calendar=plan.sources.calendar,
        importance_asked=plan.filters.importance_min is not None,
        importance_min=plan.filters.importance_min, min_score=SECONDARY_MIN,
        include_hidden=include_hidden, max_rows=limit,
    )
    # score_items answers one row even when nothing is shown: it carries the count only
    return Ranked(rows=[dict(r) for r in rows if r["cluster"] is not None],
                  after_dedupe=rows[0]["after_dedupe"] if rows else 0)
