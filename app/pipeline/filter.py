"""Filter stage: keep what the temporal mode asks for (RFC §5.2, app/modes.py), tagged with its group."""

from __future__ import annotations

from datetime import time, timedelta

from app.contracts import ContextPlan, TimeRange
from app.modes import MODES
from app.pipeline.sql import SqlRun
from app.planner.clock import Clock

# Wide recall (RFC §3.6) within reason: an item at a clock time a few hours past the range's edge
# is a near miss. Further out it is simply another time.
NEAR_MISS = timedelta(hours=3)


def mention_near_miss(mentioned: TimeRange | None, clock: Clock) -> timedelta:
    """How far past the mention range a record still counts as said near it: not at all where the
    range's edges are days' edges (昨天, 上周: a note at 00:16 was written the next day, and the
    user who wrote 「今天15:00签恒通」 then knew it), NEAR_MISS where one is a time of day (今天上午)."""
    if mentioned is None:
        return NEAR_MISS
    edges = [mentioned.start, *([mentioned.end] if mentioned.end < clock.now else [])]  # no record is after now
    return timedelta(0) if all(e.astimezone(clock.zone).time() == time(0) for e in edges) else NEAR_MISS


async def filter_by_mode(run: SqlRun, plan: ContextPlan, clock: Clock) -> int:
    """Fill `recall_window`; returns how many candidates are in (or near) the plan's ranges."""
    m, e = plan.time.mention_range, plan.time.event_range
    kept = [t.type for t in plan.targets] if MODES[plan.temporal_mode].restricts_types else None
    rows = await run.execute(
        "filter", "filter_by_mode",
        mode=plan.temporal_mode, kept_types=kept,
        mention_lo=m.start if m else None, mention_hi=m.end if m else None,
        event_lo=e.start if e else None, event_hi=e.end if e else None,
        now=clock.now, unresolved_only=plan.filters.status == "unresolved",
        near_miss=NEAR_MISS, mention_near_miss=mention_near_miss(m, clock),
    )
    await run.execute("filter", "index_window")
    await run.execute("filter", "index_window_days")
    await run.execute("filter", "analyze_window")
    return rows
