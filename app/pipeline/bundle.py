"""Bundle stage: scored rows → the Recall Bundle of ../shared/contracts/api.md."""

from __future__ import annotations

import uuid
from datetime import tzinfo
from typing import Any

from app.contracts import (
    PRIMARY_MIN,
    SECONDARY_MIN,
    ContextPlan,
    Explain,
    Group,
    RecallBundle,
    ScoreBreakdown,
    SourceReport,
    Stats,
    TimelineItem,
)
from app.modes import MODES
from app.pipeline.runner import StageResult
from app.planner.clock import Clock


def tier_of(score: float) -> str:
    return "primary" if score >= PRIMARY_MIN else "secondary" if score >= SECONDARY_MIN else "hidden"


def _clamped(x: float) -> float:
    return round(min(1.0, max(0.0, float(x))), 4)


def _item(row: dict[str, Any], importance_min: float | None, tz: tzinfo) -> TimelineItem:
    score = _clamped(row["recall_score"])
    tier = tier_of(score)
    if importance_min is not None and row["importance"] < importance_min:
        tier = "hidden"  # the user asked for important things only
    return TimelineItem(
        timeline_item_id=str(uuid.uuid5(uuid.NAMESPACE_URL, row["source_ref"])),
        user_id=row["user_id"], source=row["source"], type=row["type"],
        status="unknown" if row["status"] == "cancelled" else row["status"], change=row["change"],
        event_time=row["event_time"] and row["event_time"].astimezone(tz), event_grain=row["event_grain"],
        observed_time=row["observed_time"].astimezone(tz),
        title=row["title"], content=row["content"], importance=_clamped(row["importance"]),
        confidence=_clamped(row["confidence"]), recall_score=score, source_ref=row["source_ref"],
        participants=list(row["participants"]), merged_from=list(row["merged_from"]), tier=tier,
        score_breakdown=ScoreBreakdown(
            source_quality=_clamped(row["source_factor"]), temporal_match=_clamped(row["temporal_match"]),
            semantic_match=_clamped(row["semantic_match"]), importance=_clamped(row["importance_factor"]),
            extraction_confidence=_clamped(row["confidence"])),
    )


def build_bundle(
    plan: ContextPlan,
    clock: Clock,
    result: StageResult,
    reports: dict[str, SourceReport],
    *,
    candidates: int,
    explain: Explain | None,
) -> RecallBundle:
    """Groups per api.md and app/modes.py: an item in one group only, best first; times in the
    request's zone."""
    grouped: dict[str, list[TimelineItem]] = {k: [] for k in MODES[plan.temporal_mode].groups}
    for row in result.rows:
        grouped.setdefault(row["group_key"], []).append(_item(row, plan.filters.importance_min, clock.zone))
    return RecallBundle(
        plan=plan,
        groups=[Group(key=k, items=v) for k, v in grouped.items()],
        sources=reports,
        stats=Stats(candidates=candidates, in_window=result.in_window, after_dedupe=result.after_dedupe,
                    shown=len(result.rows)),
        notices=result.notices,
        explain=explain,
    )
