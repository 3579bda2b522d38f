"""Rank stage (RFC §7): one scored row per deduplicated item, best first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.contracts import ContextPlan, UserSnapshot
from app.embed import Embedder, keyword_vector
from app.pipeline.sql import SqlRun
from app.text import clean_text


@dataclass(frozen=True)
class Ranked:
    rows: list[dict[str, Any]]  # the shown items, best first
    after_dedupe: int  # every deduplicated item, shown or not


async def rank(run: SqlRun, plan: ContextPlan, embedder: Embedder, snapshot: UserSnapshot | None, *,
               limit: int, include_hidden: bool) -> Ranked:
    """The best `limit` items (hidden ones only with `include_hidden`)."""
    topics = _terms(plan.topics)
    topic_text = " ".join(topics)
    topic_embedding = (await embedder.embed([topic_text]))[0] if topics else [0.0] * embedder.dim
    topic_keywords, topic_keyword_count = keyword_vector(topic_text)
    rows = await run.fetch(
        "rank", "score_items",
        topics=topics,
        topic_embedding=topic_embedding,
        topic_keywords=topic_keywords,
        topic_keyword_count=topic_keyword_count,
        target_types=[t.type for t in plan.targets],
        target_weights=[t.weight for t in plan.targets],
        projects=_terms(snapshot.active_projects) if snapshot else [],
        w_meinput=plan.sources.meinput, w_chat=plan.sources.chat, w_memory=plan.sources.memory_v2,
        importance_asked=plan.filters.importance_min is not None,
        importance_min=plan.filters.importance_min, include_hidden=include_hidden, max_rows=limit,
    )
    # score_items answers one row even when nothing is shown: it carries the count only
    return Ranked(rows=[dict(r) for r in rows if r["cluster"] is not None],
                  after_dedupe=rows[0]["after_dedupe"] if rows else 0)


def _terms(values: list[str]) -> list[str]:
    """Caller-given terms as SQL can match them: no NUL (Postgres text cannot hold it) and no blank
    term (an empty string is found in every item)."""
    return [t for t in (clean_text(v).strip() for v in values) if t]
