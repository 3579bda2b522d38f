"""Filter stage: keep what the temporal mode asks for (RFC §5.2, app/modes.py), tagged with its group."""

from __future__ import annotations

from app.contracts import ContextPlan
from app.modes import MODES
from app.pipeline.sql import SqlRun
from app.planner.clock import Clock


async def filter_by_mode(run: SqlRun, plan: ContextPlan, clock: Clock) -> int:
    """Fill `recall_window`; returns how many candidates are in (or near) the plan's ranges."""
    m, e = plan.time.mention_range, plan.time.event_range
    kept = MODES[plan.temporal_mode].kept_types
    rows = await run.execute(
        "filter", "filter_by_mode",
        mode=plan.temporal_mode, kept_types=list(kept) if kept is not None else None,
        mention_lo=m.start if m else None, mention_hi=m.end if m else None,
        event_lo=e.start if e else None, event_hi=e.end if e else None,
        now=clock.now, unresolved_only=plan.filters.status == "unresolved",
    )
    await run.execute("filter", "index_window")
    await run.execute("filter", "index_window_days")
    await run.execute("filter", "analyze_window")
    return rows
