"""The service's contracts as frozen msgspec Structs: the source of truth for schemas/*.json.

ContextPlan is RFC §5, TimelineItem is RFC §6, RecallRequest/RecallBundle are
../shared/contracts/api.md. Field names are fixed points; extra fields are additive. Whatever a
caller may send (a request, its `plan`, its `user_snapshot`) refuses unknown fields: a typo must
not pass silently.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

TemporalMode = Literal["OCCURRED_IN", "MENTIONED_IN", "PLANNED_IN", "CREATED_IN", "DUE_IN", "AMBIGUOUS"]
Need = Literal["REQUIRED", "OPTIONAL", "SKIP"]
SourceName = Literal["calendar", "chat", "meinput", "memory_v2"]
ItemType = Literal["event", "todo", "decision", "mention", "commitment"]
ItemStatus = Literal["planned", "completed", "mentioned", "unknown"]
# what a record says happened to an earlier plan: done, called off, or moved to its own time
Change = Literal["done", "cancelled", "moved"]
Grain = Literal["minute", "hour", "day", "week", "month", "quarter", "year"]
GroupKey = Literal["occurred", "mentioned", "planned", "created", "due"]
Tier = Literal["primary", "secondary", "hidden"]
# api.md: primary from 0.75, secondary from 0.50, hidden below (shown only with include_hidden)
PRIMARY_MIN, SECONDARY_MIN = 0.75, 0.50
TargetType = Literal["event", "calendar_event", "schedule", "todo", "commitment", "decision", "mention"]
Unit = Annotated[float, Meta(ge=0.0, le=1.0)]
MAX_PROJECTS = 50  # user_snapshot.active_projects
# Times are tz-aware everywhere (house rule 5): a naive time is rejected at the boundary.
Timestamp = Annotated[datetime, Meta(tz=True, extra_json_schema={"format": "date-time"})]


class TimeExpression(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One time expression found in a text: half-open [start, end) in the request's time zone."""

    text: str
    start: Timestamp
    end: Timestamp
    grain: Grain
    span: tuple[int, int] | None = None  # character offsets [from, to) in the text


class TimeRange(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    start: Timestamp
    end: Timestamp


class PlanTime(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    mention_range: TimeRange | None = None
    event_range: TimeRange | None = None
    expressions: list[TimeExpression] = msgspec.field(default_factory=list)


class Target(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    type: TargetType
    weight: Unit


class SourceWeights(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    calendar: Unit = 0.0
    chat: Unit = 0.0
    meinput: Unit = 0.0
    memory_v2: Unit = 0.0


class Retrieval(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    source: SourceName
    query_type: str
    expanded_queries: list[str]
    weight: Unit


class Filters(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    importance_min: Unit | None = None
    status: Literal["unresolved", "any"] | None = None


class Output(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    group_by: Literal["importance", "time", "source", "temporal_mode"] = "importance"
    dedupe: bool = True
    timeline: bool = True
    wide_recall: bool = True


class ContextNeeds(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    user_snapshot: Need
    temporal_recall: Need
    memory_retrieval: Need


class Slots(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The six parse slots of RFC §5.1."""

    time_scope: TimeRange | None = None
    target: list[TargetType] = msgspec.field(default_factory=list)
    operation: Literal["retrieve", "retrieve_and_summarize"] = "retrieve"
    importance: Literal["important", "any"] = "any"
    sources: SourceWeights = msgspec.field(default_factory=SourceWeights)
    temporal_semantics: Literal[
        "occurred", "mentioned", "planned", "created", "due", "occurred_or_mentioned", "none"
    ] = "none"


class SemanticPlannerInfo(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Level 2 (LLM) planner: reserved in v0.1; says whether it ran and why it would have."""

    ran: bool = False
    wanted: bool = False
    reason: str | None = None


class ContextPlan(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    query_type: Literal["personal_temporal_recall", "memory_recall", "normal_chat"]
    time: PlanTime
    temporal_mode: TemporalMode
    targets: list[Target]
    sources: SourceWeights
    retrievals: list[Retrieval]
    filters: Filters
    output: Output
    context_needs: ContextNeeds
    slots: Slots = msgspec.field(default_factory=Slots)
    topics: list[str] = msgspec.field(default_factory=list)  # the query's own topic terms; empty = no topic (nothing is penalised for one)
    query: str = ""
    now: Timestamp | None = None
    timezone: str | None = None
    semantic_planner: SemanticPlannerInfo = msgspec.field(default_factory=SemanticPlannerInfo)


class ScoreBreakdown(Struct, frozen=True, kw_only=True):
    """RFC §7: recall_score is the product of these five factors."""

    source_quality: Unit
    temporal_match: Unit
    semantic_match: Unit
    importance: Unit
    extraction_confidence: Unit


class TimelineItem(Struct, frozen=True, kw_only=True):
    timeline_item_id: str
    user_id: str
    source: SourceName
    type: ItemType
    event_time: Timestamp | None
    observed_time: Timestamp
    title: str
    content: str
    importance: Unit
    confidence: Unit
    recall_score: Unit
    source_ref: str
    participants: list[str] = msgspec.field(default_factory=list)
    status: ItemStatus = "unknown"
    merged_from: list[str] = msgspec.field(default_factory=list)
    tier: Tier = "hidden"
    event_grain: Grain | None = None
    score_breakdown: ScoreBreakdown | None = None
    # a later record said this plan is done, called off (status then `unknown`: it has no time any
    # more) or moved (event_time is the new time); explain.changes says which record
    change: Change | None = None


class UserSnapshot(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """RFC §10: an optional ranking prior; Temporal Recall never writes it back."""

    # bounded: every project is matched against every candidate (7,000 made a request 20x dearer)
    active_projects: Annotated[list[Annotated[str, Meta(max_length=100)]], Meta(max_length=MAX_PROJECTS)] = (
        msgspec.field(default_factory=list))


class RecallRequest(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    user_id: Annotated[str, Meta(min_length=1, max_length=200)]
    query: Annotated[str, Meta(min_length=1, max_length=2000)]
    now: Timestamp | None = None
    timezone: str | None = None
    plan: ContextPlan | None = None
    limit: Annotated[int, Meta(ge=1, le=100)] = 20
    include_hidden: bool = False
    explain: bool = False
    user_snapshot: UserSnapshot | None = None


class PlanRequest(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    query: Annotated[str, Meta(min_length=1, max_length=2000)]
    now: Timestamp | None = None
    timezone: str | None = None
    user_id: str | None = None


class Group(Struct, frozen=True, kw_only=True):
    key: GroupKey
    items: list[TimelineItem]


class SourceReport(Struct, frozen=True, kw_only=True, omit_defaults=True):
    """How one source was read for the request: `fetched` records sent, `skipped` unreadable."""

    status: Literal["ok", "error", "skipped"]
    fetched: int = 0
    skipped: int = 0
    ms: int = 0
    cached: bool = False
    # more records than SOURCE_RECORD_CAP came: the newest were kept, the oldest dropped (the
    # calendar also when the window asked for reached further from now than it expands)
    truncated: bool = False
    # the source failed part-way (`error` says how): the records it sent before are used
    partial: bool = False
    error: str | None = None


class Stats(Struct, frozen=True, kw_only=True):
    candidates: int
    in_window: int
    after_dedupe: int
    shown: int


class ExplainStep(Struct, frozen=True, kw_only=True):
    stage: str
    statement: str  # the file under sql/ (without .sql); "copy" for the bulk load
    sql: str
    rows: int
    ms: float


class ChangedItem(Struct, frozen=True, kw_only=True):
    """A plan that a later record said was done, called off or moved to another time."""

    item: str  # source_ref of the plan
    changed_by: str  # source_ref of the record that changed it
    kind: Change


class Explain(Struct, frozen=True, kw_only=True):
    steps: list[ExplainStep]
    dedupe_plan: str
    total_ms: float
    changes: list[ChangedItem] = msgspec.field(default_factory=list)


class Citation(Struct, frozen=True, kw_only=True):
    n: int
    source_ref: str
    event_time: Timestamp | None
    observed_time: Timestamp


class Answer(Struct, frozen=True, kw_only=True):
    text: str
    citations: list[Citation]


class RecallBundle(Struct, frozen=True, kw_only=True):
    plan: ContextPlan
    groups: list[Group]
    sources: dict[str, SourceReport]
    stats: Stats
    # What the service had to cut to answer in time (a dedupe bounded or skipped, a stage out of
    # time), one sentence each; empty when the answer is complete.
    notices: list[str] = msgspec.field(default_factory=list)
    explain: Explain | None = None
    answer: Answer | None = None


class Problem(Struct, frozen=True, kw_only=True):
    """RFC 9457 problem details, the body of every error (application/problem+json)."""

    type: str = "about:blank"
    status: int
    title: str
    detail: str


SCHEMA_FILES: dict[str, type] = {
    "context-plan.schema.json": ContextPlan,
    "timeline-item.schema.json": TimelineItem,
    "recall-request.schema.json": RecallRequest,
    "recall-bundle.schema.json": RecallBundle,
}


def json_schema(struct: type) -> dict:
    """A self-contained JSON Schema 2020-12 document for one Struct."""
    schema = msgspec.json.schema(struct, ref_template="#/$defs/{name}")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": struct.__name__, **schema}
