"""Dedupe stage (RFC §9): cluster in-window items that are the same event."""

from __future__ import annotations

from app.pipeline.sql import SqlRun

WINDOW_MINUTES = 15
MIN_SIMILARITY = 0.7
MIN_OVERLAP = 0.7


async def dedupe(run: SqlRun, *, explain: bool = False) -> str | None:
    """Fill `recall_edges` and `recall_clusters`; with `explain`, return the EXPLAIN ANALYZE plans."""
    params = {"window_minutes": WINDOW_MINUTES, "min_similarity": MIN_SIMILARITY, "min_overlap": MIN_OVERLAP}
    plans = []
    if explain:
        plans.append(await run.explain("dedupe_edges", **params))
    else:
        await run.execute("dedupe", "dedupe_edges", **params)
    await run.execute("dedupe", "index_edges")
    await run.execute("dedupe", "analyze_edges")
    if explain:
        plans.append(await run.explain("dedupe_clusters"))
        return "\n\n".join(plans)
    await run.execute("dedupe", "dedupe_clusters")
    return None
