"""Filter stage: keep what the temporal mode asks for (RFC §5.2), tagged with its group."""

from __future__ import annotations

from datetime import datetime

from app.contracts import ContextPlan
from app.pipeline.sql import SqlRun


async def filter_by_mode(run: SqlRun, plan: ContextPlan, now: datetime) -> int:
    """Fill `recall_window`; returns how many candidates are in (or near) the plan's ranges."""
    m, e = plan.time.mention_range, plan.time.event_range
    rows = await run.execute(
        "filter", "filter_by_mode",
        mode=plan.temporal_mode,
        mention_lo=m.start if m else None, mention_hi=m.end if m else None,
        event_lo=e.start if e else None, event_hi=e.end if e else None,
        now=now, unresolved_only=plan.filters.status == "unresolved",
    )
    await run.execute("filter", "index_window")
    await run.execute("filter", "analyze_window")
    return rows
