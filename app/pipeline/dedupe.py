"""Dedupe stage (RFC §9): cluster in-window items that are the same event."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from app.pipeline.sql import SqlRun

WINDOW_MINUTES = 15
MIN_SIMILARITY = 0.7
MIN_OVERLAP = 0.7
# Two clock times within the window already say "same event" unless the words disagree.
MIN_OVERLAP_AT_SAME_TIME = 0.3
MIN_SHARED_AT_SAME_TIME = 3
REPLY_WITHIN = timedelta(minutes=3)  # an assistant's answer follows the user's message within a minute or two
# Each item is compared with at most this many items after it in time (so at most this many on
# either side). A person's records rarely put more than a handful within 15 minutes; a burst of
# thousands (an import, a runaway bot) would otherwise cost n² vector comparisons.
MAX_NEIGHBOURS = 64


@dataclass(frozen=True, slots=True)
class Deduped:
    crowded: int  # items with more than MAX_NEIGHBOURS others after them in range: compared with the nearest only
    plan: str | None  # EXPLAIN ANALYZE of the dedupe statements, when asked


async def dedupe(run: SqlRun, *, explain: bool = False) -> Deduped:
    """Fill `recall_edges` (one row per item with a match: its neighbour list) and `recall_clusters`."""
    params = {"window_minutes": WINDOW_MINUTES, "min_similarity": MIN_SIMILARITY, "min_overlap": MIN_OVERLAP,
              "min_overlap_at_same_time": MIN_OVERLAP_AT_SAME_TIME, "min_shared_at_same_time": MIN_SHARED_AT_SAME_TIME,
              "reply_within": REPLY_WITHIN, "max_neighbours": MAX_NEIGHBOURS}
    if explain:
        edges = await run.explain("dedupe_edges", **params)
        await run.execute("dedupe", "index_edges")
        clusters = await run.explain("dedupe_clusters")
        plan = f"{edges}\n\n{clusters}"
    else:
        await run.execute("dedupe", "dedupe_edges", **params)
        await run.execute("dedupe", "index_edges")
        await run.execute("dedupe", "dedupe_clusters")
        plan = None
    [row] = await run.fetch("dedupe", "dedupe_crowded", window_minutes=WINDOW_MINUTES, max_neighbours=MAX_NEIGHBOURS)
    return Deduped(crowded=row["crowded"], plan=plan)
