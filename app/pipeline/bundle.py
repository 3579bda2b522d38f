"""Bundle stage: scored rows → the Recall Bundle of ../shared/contracts/api.md."""

from __future__ import annotations

import uuid
from datetime import tzinfo
from typing import Any

from app.contracts import (
    ContextPlan,
    Explain,
    Group,
    RecallBundle,
    ScoreBreakdown,
    SourceReport,
    Stats,
    TimelineItem,
)

PRIMARY, SECONDARY = 0.75, 0.50
_MODE_GROUPS = {"OCCURRED_IN": ["occurred"], "MENTIONED_IN": ["mentioned"], "PLANNED_IN": ["planned"],
                "CREATED_IN": ["created"], "DUE_IN": ["due"], "AMBIGUOUS": ["occurred", "mentioned"]}


def tier_of(score: float) -> str:
    return "primary" if score >= PRIMARY else "secondary" if score >= SECONDARY else "hidden"


def _unit(x: float) -> float:
    return round(min(1.0, max(0.0, float(x))), 4)


def _item(row: dict[str, Any], importance_min: float | None, tz: tzinfo) -> TimelineItem:
    score = _unit(row["recall_score"])
    tier = tier_of(score)
    if importance_min is not None and row["importance"] < importance_min:
        tier = "hidden"  # the user asked for important things only
    return TimelineItem(
        timeline_item_id=str(uuid.uuid5(uuid.NAMESPACE_URL, row["source_ref"])),
        user_id=row["user_id"], source=row["source"], type=row["type"], status=row["status"],
        event_time=row["event_time"] and row["event_time"].astimezone(tz), event_grain=row["event_grain"],
        observed_time=row["observed_time"].astimezone(tz),
        title=row["title"], content=row["content"], importance=_unit(row["importance"]),
        confidence=_unit(row["confidence"]), recall_score=score, source_ref=row["source_ref"],
        participants=list(row["participants"]), merged_from=list(row["merged_from"]), tier=tier,
        score_breakdown=ScoreBreakdown(
            source_quality=_unit(row["source_factor"]), temporal_match=_unit(row["temporal_match"]),
            semantic_match=_unit(row["semantic_match"]), importance=_unit(row["importance_factor"]),
            extraction_confidence=_unit(row["confidence"])),
    )


def build_bundle(
    plan: ContextPlan,
    rows: list[dict[str, Any]],
    reports: dict[str, SourceReport],
    *,
    candidates: int,
    in_window: int,
    after_dedupe: int,
    explain: Explain | None,
    tz: tzinfo,
) -> RecallBundle:
    """Groups per api.md: an item in one group only; `rows` are the shown items, best first."""
    grouped: dict[str, list[TimelineItem]] = {k: [] for k in _MODE_GROUPS[plan.temporal_mode]}
    for row in rows:
        grouped.setdefault(row["group_key"], []).append(_item(row, plan.filters.importance_min, tz))
    return RecallBundle(
        plan=plan,
        groups=[Group(key=k, items=v) for k, v in grouped.items()],
        sources=reports,
        stats=Stats(candidates=candidates, in_window=in_window, after_dedupe=after_dedupe, shown=len(rows)),
        explain=explain,
    )
