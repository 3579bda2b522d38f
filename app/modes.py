"""What each temporal mode means (RFC §5.2), in one table read by the router, the filter stage,
the bundle and the answer.

- `ranges`: which plan range the question's time fills. `event` = when a thing happens
  (event_time), `both` = either that or when it was said or recorded (observed_time)
  (AMBIGUOUS: occurred ∪ mentioned), `mention_then_event` = the first time word is when it was
  said and the rest when it happens (「昨天说过明天要做什么」), else when it was said.
- `restricts_types`: the filter keeps only the item types of the plan's targets (the mode's own,
  plus any kind the question names: 「这周五之前有什么会议」 keeps meetings); otherwise every type,
  and targets only tilt the ranking. sql/filter_by_mode.sql reads the types as a parameter and holds
  the rest of the rule (which column, dateless remarks, agent runs).
- `groups`: the bundle's groups, in order; an item is in one group only.
- `targets`: what the question looks for; ranking tilts semantic_match by these weights (types not
  listed: 0.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.contracts import GroupKey, TargetType, TemporalMode


@dataclass(frozen=True, slots=True)
class Mode:
    name: TemporalMode
    ranges: Literal["event", "both", "mention_then_event"]
    restricts_types: bool
    groups: tuple[GroupKey, ...]
    targets: tuple[tuple[TargetType, float], ...]
    query_type: str  # Retrieval.query_type of every source
    semantics: Literal["occurred", "mentioned", "planned", "created", "due", "occurred_or_mentioned"]


MODES: dict[TemporalMode, Mode] = {m.name: m for m in (
    # happened in the range: event_time in it and before now; a dateless remark is not an occurrence
    Mode("OCCURRED_IN", "event", False, ("occurred",),
         (("event", 1.0), ("decision", 0.8), ("commitment", 0.8), ("todo", 0.8), ("mention", 0.6)),
         "occurred_events", "occurred"),
    # said or typed in the range (observed_time); an agent run is something done, not something said
    Mode("MENTIONED_IN", "mention_then_event", False, ("mentioned",),
         (("mention", 1.0), ("commitment", 1.0), ("todo", 1.0), ("event", 1.0), ("decision", 1.0)),
         "mentions", "mentioned"),
    # will happen in the range: event_time in it
    Mode("PLANNED_IN", "event", True, ("planned",),
         (("calendar_event", 1.0), ("event", 1.0), ("todo", 0.9), ("commitment", 0.9)),
         "planned_events", "planned"),
    # decided, promised or noted down in the range (observed_time)
    Mode("CREATED_IN", "mention_then_event", True, ("created",),
         (("decision", 1.0), ("commitment", 0.8), ("todo", 0.4)),
         "created_records", "created"),
    # due in the range: the deadline (event_time) of a to-do or a promise; 「没完成的」 drops what is done
    Mode("DUE_IN", "event", True, ("due",),
         (("todo", 1.0), ("commitment", 1.0)),
         "deadlines", "due"),
    # no cue says which: what occurred in the range, then what was said in it (occurred wins)
    Mode("AMBIGUOUS", "both", False, ("occurred", "mentioned"),
         (("calendar_event", 1.0), ("commitment", 1.0), ("todo", 1.0), ("event", 1.0), ("decision", 1.0),
          ("mention", 0.8)),
         "important_mentions", "occurred_or_mentioned"),
)}

# The answer's heading of each group.
HEADINGS: dict[GroupKey, str] = {"occurred": "发生的事", "mentioned": "提到的事", "planned": "安排",
                                 "created": "记下/决定的事", "due": "截止"}
