"""Dedupe stage (RFC §9): cluster in-window items that are the same event."""

from __future__ import annotations

from datetime import timedelta

from app.pipeline.sql import SqlRun

WINDOW_MINUTES = 15
MIN_SIMILARITY = 0.7
MIN_OVERLAP = 0.7
# Two clock times within the window already say "same event" unless the words disagree.
MIN_OVERLAP_AT_SAME_TIME = 0.3
MIN_SHARED_AT_SAME_TIME = 3
REPLY_WITHIN = timedelta(minutes=10)  # an assistant's answer follows the user's message within minutes


async def dedupe(run: SqlRun, *, explain: bool = False) -> str | None:
    """Fill `recall_edges` and `recall_clusters`; with `explain`, return the EXPLAIN ANALYZE plans.

    recall_edges gets no index and no ANALYZE: measured, the component walk is faster without
    them (bench/recall.py's dedupe stage)."""
    params = {"window_minutes": WINDOW_MINUTES, "min_similarity": MIN_SIMILARITY, "min_overlap": MIN_OVERLAP,
              "min_overlap_at_same_time": MIN_OVERLAP_AT_SAME_TIME, "min_shared_at_same_time": MIN_SHARED_AT_SAME_TIME,
              "reply_within": REPLY_WITHIN}
    if explain:
        edges = await run.explain("dedupe_edges", **params)
        await run.execute("dedupe", "add_change_edges")
        clusters = await run.explain("dedupe_clusters")
        return f"{edges}\n\n{clusters}"
    await run.execute("dedupe", "dedupe_edges", **params)
    await run.execute("dedupe", "add_change_edges")  # a plan and the record that changed it: one item
    await run.execute("dedupe", "dedupe_clusters")
    return None
