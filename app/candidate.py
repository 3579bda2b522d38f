"""The Candidate: one normalized upstream record, the row the pipeline loads per request."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec

from app.contracts import Change, Grain, ItemType, SourceName

# The statuses of RFC §6, and `cancelled`: a later record called the plan off (shown as `unknown`
# with `change: cancelled`, since the RFC's status list is frozen).
Status = Literal["planned", "completed", "cancelled", "mentioned", "unknown"]
# Who produced a record; it sets the record's source_quality (RFC §7).
Role = Literal["segment", "user", "assistant", "run", "memory", "calendar"]


class Candidate(msgspec.Struct, frozen=True, kw_only=True, dict=True, weakref=True):
    """One normalized record; the row loaded into the per-request temp table. Its `__dict__` holds
    nothing but its keywords (app/embed.py candidate_keywords) and its encoded COPY row
    (app/pipeline/load.py; until that is whole, the row's head, encoded where the candidate was made),
    kept with it in the timeline cache;
    weakly referenced by app/cache.py KnownLists, which never keeps it alive."""

    source_ref: str
    gist: str  # what the record is about: its text without time words and filler (dedupe, topic match)
    user_id: str
    source: SourceName
    role: Role
    type: ItemType
    status: Status
    event_time: datetime | None
    event_grain: Grain | None
    observed_time: datetime
    title: str
    content: str
    importance: float
    confidence: float
    source_quality: float
    participants: tuple[str, ...] = ()
    change: Change | None = None  # this record updates an earlier plan (app/pipeline/lifecycle.py)
    subject: str | None = None  # ...the one it names by this word, if it does (「搬家改到大后天」: 搬家)
