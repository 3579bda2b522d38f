"""What every source shares when it reads its wire format: a pull's parameters, the typed
records it yields, and the decoding rules common to all upstreams (sources.md, "Common rules").

Each record is decoded on its own with msgspec, so one bad record never sinks a page: it is
counted as skipped in the source's report. Optional extras (an importance, a summary) are
advisory: a value of the wrong kind is ignored, never a reason to skip the record.

A pull that fails part-way keeps what it read (`Pulled.stopped`: the fetch stage reports it
`partial`), and one that reads more than SOURCE_RECORD_CAP records keeps the newest
(`newest`; `Pulled.truncated`): upstreams send oldest first, and a question is usually about
the last days of its window.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, tzinfo
from typing import Annotated, Any, Generic, TypeVar

import msgspec

from app.planner.clock import FIRST_YEAR, LAST_YEAR
from app.sources.http import SourceError

T = TypeVar("T")
R = TypeVar("R")

# an id becomes part of a source_ref loaded by COPY, which takes no NUL and no lone surrogate
RecordId = Annotated[str, msgspec.Meta(pattern=r"\A[^\x00\ud800-\udfff]+\Z")]
# an id that becomes a path segment of a later request: not dots only (`.`, `..` lead elsewhere)
PathId = Annotated[str, msgspec.Meta(pattern=r"\A(?!\.+\Z)[^\x00\ud800-\udfff]+\Z")]
Text = Annotated[str, msgspec.Meta(pattern=r"\S")]  # not blank


@dataclass(frozen=True, slots=True)
class Pull:
    """What to pull from one source for one request (how to ask its upstream is the `SourceCall` beside it)."""

    base_url: str
    user_id: str
    window: tuple[datetime, datetime]  # half-open [from, to): of observed times, or of event times (Source.by_event_time)
    query: str  # the plan's topic terms, for a source that searches
    cap: int  # at most this many records
    zone: tzinfo  # the request's zone (a calendar's floating and all-day times are wall times in it)
    now: datetime  # the request's now (a calendar's expansion reaches only so far from it)
    # told the records of each page as it is read (not yet capped), so that their normalizing can
    # start while the next page is on its way
    on_page: Callable[[list[Any]], None] | None = None


@dataclass(frozen=True, slots=True)
class Pulled(Generic[R]):
    records: list[R]
    fetched: int  # records the upstream sent
    skipped: int  # of those, records that could not be read
    truncated: bool = False  # more readable records came than SOURCE_RECORD_CAP: the oldest were dropped
    stopped: SourceError | None = None  # what ended the reading before its last page (what came before is kept)

    @staticmethod
    def concat(parts: Iterable[Pulled[R]]) -> Pulled[R]:
        """Parts read one after another, as one (their records copied once: adding them up one by
        one would copy the records so far at every step)."""
        records: list[R] = []
        fetched = skipped = 0
        truncated, stopped = False, None
        for part in parts:
            records.extend(part.records)
            fetched += part.fetched
            skipped += part.skipped
            truncated = truncated or part.truncated
            stopped = stopped or part.stopped
        return Pulled(records, fetched, skipped, truncated, stopped)


async def read_pages(pages: AsyncIterator[list[Any]], decode: Callable[[Any], R | None],
                     on_page: Callable[[list[R]], None] | None = None) -> Pulled[R]:
    """Every page of a listing through `decode_each` as it arrives (its records then told to
    `on_page`); a SourceError (the budget ran out, a page failed) ends the reading, and the pages
    read before it are kept."""
    read: list[Pulled[R]] = []
    stopped: SourceError | None = None
    try:
        async for page in pages:
            read.append(decode_each(page, decode))
            if on_page is not None:
                on_page(read[-1].records)
    except SourceError as exc:
        stopped = exc
    return replace(Pulled.concat(read), stopped=stopped)


def newest(pulled: Pulled[R], cap: int, when: Callable[[R], datetime]) -> Pulled[R]:
    """At most `cap` records, the newest by `when`, in the order they came."""
    if len(pulled.records) <= cap:
        return pulled
    ranked = sorted(range(len(pulled.records)), key=lambda i: when(pulled.records[i]), reverse=True)
    return replace(pulled, records=[pulled.records[i] for i in sorted(ranked[:cap])], truncated=True)


def decode_each(raw: list[Any], decode: Callable[[Any], R | None]) -> Pulled[R]:
    """Every record of a page through `decode`, which raises msgspec.ValidationError for a record
    it cannot read (counted as skipped) and returns None for one dropped on purpose (not counted)."""
    records: list[R] = []
    skipped = 0
    for item in raw:
        try:
            record = decode(item)
        except msgspec.ValidationError:
            skipped += 1
            continue
        if record is not None:
            records.append(record)
    return Pulled(records, fetched=len(raw), skipped=skipped)


def offset_time(text: str) -> datetime:
    """An upstream time: ISO 8601 as datetime.fromisoformat reads it (msgspec's RFC 3339 parser
    takes other forms), with a UTC offset, in the years the service answers for. ValueError else."""
    parsed = datetime.fromisoformat(text)
    if parsed.tzinfo is None:
        raise ValueError("a time without a UTC offset")
    if not FIRST_YEAR <= parsed.year < LAST_YEAR:
        raise ValueError(f"a time outside the years {FIRST_YEAR}-{LAST_YEAR - 1}")
    return parsed


def advisory(value: object, kind: type[T]) -> T | None:
    """An optional extra as `kind`, or None when it is missing or of another kind."""
    try:
        return msgspec.convert(value, kind)
    except msgspec.ValidationError:
        return None


def advisory_time(value: object) -> datetime | None:
    text = advisory(value, str)
    try:
        return offset_time(text) if text is not None else None
    except ValueError:
        return None


def advisory_score(value: object) -> float | None:
    """An upstream's 0..1 score, clamped into range; None when missing or not a number."""
    score = advisory(value, float)
    return None if score is None else min(1.0, max(0.0, score))
