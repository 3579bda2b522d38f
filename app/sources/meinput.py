"""MeInput evidence export (sources.md §1): expression segments observed in a window."""

from __future__ import annotations

from datetime import datetime, tzinfo
from functools import cached_property, partial
from typing import Any, Literal

import msgspec

from app.candidate import Candidate
from app.normalize import build_candidate
from app.sources.http import SourceCall, paginate
from app.sources.wire import (
    Pull,
    Pulled,
    RecordId,
    Text,
    advisory,
    advisory_score,
    newest,
    offset_time,
    read_pages,
)


class _Person(msgspec.Struct, frozen=True):
    type: Literal["person"]
    text: str


class Segment(msgspec.Struct, frozen=True, kw_only=True, dict=True):
    """One expression segment as MeInput sends it; only the fields read."""

    id: RecordId = msgspec.field(name="evidence_id")
    text: Text
    observed_at: str  # read by offset_time (see `observed`)
    user_id: str | None = None
    type: Literal["expression_segment"] = "expression_segment"
    # advisory extras (sources.md: may be missing or null)
    importance: object = None
    confidence: object = None
    entities: object = None

    def __post_init__(self) -> None:
        _ = self.observed  # a segment whose time cannot be read cannot be placed: unreadable

    @cached_property
    def observed(self) -> datetime:
        return offset_time(self.observed_at)

    def people(self) -> list[str]:
        """The people MeInput's entity extraction named."""
        found = (advisory(e, _Person) for e in advisory(self.entities, list[Any]) or [])
        return [p.text for p in found if p is not None]


def decode(record: Any, user_id: str) -> Segment:
    segment = msgspec.convert(record, Segment)
    if segment.user_id not in (None, user_id):
        raise msgspec.ValidationError("a segment of another user")
    return segment


async def pull(req: Pull, http: SourceCall) -> Pulled[Segment]:
    """Segments of `req.user_id` with observed_at in the window, the newest `req.cap` of them."""
    params = {
        "user_id": req.user_id,
        "type": "expression_segment",
        "observed_from": req.window[0].isoformat(),
        "observed_to": req.window[1].isoformat(),
    }
    pages = paginate(http, f"{req.base_url}/v1/evidence/export", "items", params=params)
    return newest(await read_pages(pages, partial(decode, user_id=req.user_id), req.on_page), req.cap,
                  lambda s: s.observed)


def to_candidate(segment: Segment, user_id: str, zone: tzinfo) -> Candidate:
    return build_candidate(source="meinput", ref=f"meinput:segment:{segment.id}", user_id=user_id, role="segment",
                           text=segment.text, observed=segment.observed, zone=zone, happened_when_said=False,
                           importance=advisory_score(segment.importance),
                           confidence=advisory_score(segment.confidence), named=segment.people())
