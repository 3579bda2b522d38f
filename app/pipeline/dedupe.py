"""Dedupe stage (RFC §9): cluster in-window items that are the same event."""

from __future__ import annotations

from app.pipeline.sql import SqlRun

WINDOW_MINUTES = 15
MIN_SIMILARITY = 0.7
MIN_OVERLAP = 0.7


async def dedupe(run: SqlRun, *, explain: bool = False) -> str | None:
    """Fill `recall_clusters`; with `explain`, return the EXPLAIN ANALYZE plan of the step."""
    params = {"window_minutes": WINDOW_MINUTES, "min_similarity": MIN_SIMILARITY, "min_overlap": MIN_OVERLAP}
    if explain:
        return await run.explain("dedupe_clusters", **params)
    await run.execute("dedupe", "dedupe_clusters", **params)
    return None
