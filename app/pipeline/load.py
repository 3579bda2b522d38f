"""Load stage: candidates → the per-request temp table, by binary COPY, then ANALYZE."""

from __future__ import annotations

from app.candidate import Candidate
from app.embed import keyword_vector
from app.keywords import KIN_NAMES
from app.pipeline.sql import SqlRun
from app.planner.clock import Clock

COLUMNS = ("id", "source_ref", "user_id", "source", "role", "type", "status", "event_time", "event_grain",
           "observed_time", "local_day", "coarse", "title", "content", "importance", "confidence",
           "source_quality", "change", "participants", "names", "kin", "kw", "kw_count", "embedding")
_COARSE = {"day", "week", "month", "quarter", "year"}


async def load_candidates(run: SqlRun, candidates: list[Candidate], embeddings: list[list[float]], clock: Clock) -> int:
    """Create the temp table and fill it; returns the number of rows loaded. `local_day` is the
    day in the request's zone (day-grain dedupe)."""
    await run.execute("load", "create_candidates_table")
    rows = []
    for i, (c, vec) in enumerate(zip(candidates, embeddings, strict=True)):
        local_day = (c.event_time or c.observed_time).astimezone(clock.zone).date()
        kw, kw_count = keyword_vector(c.gist, c.participants)
        if not kw_count:  # no content word: NULL, so no keyword overlap is computed for it
            kw, kw_count = None, None
        rows.append((i, c.source_ref, c.user_id, c.source, c.role, c.type, c.status, c.event_time, c.event_grain,
                     c.observed_time, local_day, c.event_grain in _COARSE, c.title, c.content,
                     c.importance, c.confidence, c.source_quality, c.change, c.participants or None,
                     tuple(p for p in c.participants if p not in KIN_NAMES) or None,
                     tuple(p for p in c.participants if p in KIN_NAMES) or None,
                     kw, kw_count, vec))
    loaded = await run.copy("load", "recall_candidates", rows, COLUMNS)
    await run.execute("load", "analyze_candidates")
    return loaded
