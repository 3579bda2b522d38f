"""Memory V2 time-bounded search (sources.md §3): optional, low weight."""

from __future__ import annotations

from datetime import datetime, tzinfo
from functools import cached_property
from typing import Any, Literal

import msgspec

from app.candidate import Candidate
from app.contracts import ItemType
from app.normalize import Stated, build_candidate
from app.sources.http import SourceCall, SourceError, request_json
from app.sources.wire import (
    Pull,
    Pulled,
    RecordId,
    Text,
    advisory_score,
    advisory_time,
    decode_each,
    newest,
    offset_time,
)

SEARCH_LIMIT = 50  # a low-weight source: the best 50 matches are plenty

# Memory V2 kinds as timeline item types: facts and preferences are things said
_KIND_TYPE: dict[str, ItemType] = {"decision": "decision", "commitment": "commitment", "fact": "mention",
                                   "preference": "mention"}


class _Answer(msgspec.Struct, frozen=True):
    memories: list[Any]


class MemoryRecord(msgspec.Struct, frozen=True, kw_only=True, dict=True):
    """One memory as Memory V2 sends it; only the fields read."""

    id: RecordId = msgspec.field(name="memory_id")
    kind: Literal["decision", "commitment", "fact", "preference"]
    content: Text
    created_at: str  # read by offset_time (see `created`)
    # advisory extras: an event_time that cannot be read leaves the memory undated, not unreadable
    event_time: object = None
    importance: object = None

    def __post_init__(self) -> None:
        _ = self.created  # a memory whose creation time cannot be read cannot be placed: unreadable

    @cached_property
    def created(self) -> datetime:
        return offset_time(self.created_at)


def decode(record: Any) -> MemoryRecord:
    return msgspec.convert(record, MemoryRecord)


async def pull(req: Pull, http: SourceCall) -> Pulled[MemoryRecord]:
    """Memories of `req.user_id` matching the plan's topics in the window: of the best
    SEARCH_LIMIT matches, the newest `req.cap`."""
    body = {"user_id": req.user_id, "query": req.query, "time_from": req.window[0].isoformat(),
            "time_to": req.window[1].isoformat(), "limit": SEARCH_LIMIT}
    resp = await request_json(http, "POST", f"{req.base_url}/v1/memory/search", json=body)
    try:
        answer = msgspec.convert(resp, _Answer)
    except msgspec.ValidationError:
        raise SourceError("upstream answer has no 'memories' list") from None
    return newest(decode_each(answer.memories, decode), req.cap, lambda m: m.created)


def to_candidate(memory: MemoryRecord, user_id: str, zone: tzinfo) -> Candidate:
    stated = Stated(type=_KIND_TYPE[memory.kind], event_time=advisory_time(memory.event_time))
    return build_candidate(source="memory_v2", ref=f"memory_v2:memory:{memory.id}", user_id=user_id,
                           role="memory", text=memory.content, observed=memory.created, zone=zone,
                           happened_when_said=False, stated=stated, importance=advisory_score(memory.importance))
