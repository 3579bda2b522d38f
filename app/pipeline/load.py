"""Load stage: candidates → the per-request temp table, by binary COPY, then ANALYZE.

`encode_rows` builds the COPY stream before a connection is taken (app/pipeline/runner.py
prepare_stages); `load_candidates` sends it. Each candidate's COPY row (every column but its per-request id) is encoded once and kept with the
candidate (Candidate carries a `__dict__` for it), so the timeline cache holds the rows with the
candidates and a follow-up query sends bytes it already has: asyncpg's per-value encoding (a
pgvector `Vector` built per embedding) was most of the load stage. The row is reused only for the
same zone (its `local_day`) and the same embedding. All of the row but the embedding (`row_head`)
is encoded where the candidate is made: a cold pull's normalizing workers encode their share in
parallel (app/sources/spare_core.py), and the load stage only appends each embedding.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo
from typing import TYPE_CHECKING

import numpy as np

from app.candidate import Candidate
from app.embed import candidate_keywords, keyword_sets
from app.keywords import KIN_NAMES

if TYPE_CHECKING:  # not imported at run time: the normalizing workers encode rows without asyncpg
    from app.pipeline.sql import SqlRun

COLUMNS = ("id", "source_ref", "user_id", "source", "role", "type", "status", "event_time", "event_grain",
           "observed_time", "local_day", "coarse", "title", "content", "importance", "confidence",
           "source_quality", "change", "subject", "subject_kw", "names", "kin", "kw", "kw_count", "kw_heads", "embedding")
COARSE_GRAINS = frozenset({"day", "week", "month", "quarter", "year"})  # dedupe pairs these by day

# PostgreSQL's binary COPY format (docs: "COPY ... Binary Format"): a signature, flags, no header
# extension; each row a field count and length-prefixed fields (-1: NULL); -1 at the end.
_HEADER = b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0)
_TRAILER = struct.pack(">h", -1)
_ROW_START = struct.Struct(">hii")  # field count, then the id: length 4 and its value
_NULL = struct.pack(">i", -1)
_TEXT_OID = 25
_PG_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
_PG_EPOCH_DAY = date(2000, 1, 1).toordinal()
_MEMO = "_copy_row"  # the key of a candidate's encoded row in its __dict__
_HEAD = "_copy_head"  # ...and of its row_head, until the whole row is encoded


@dataclass(frozen=True, slots=True)
class CopyRows:
    """A whole binary COPY stream of `count` candidate rows; row i has id i (the lifecycle's links
    are positions in the candidate list)."""

    data: bytes
    count: int


def encode_rows(candidates: list[Candidate], embeddings: np.ndarray, zone: tzinfo) -> CopyRows:
    """The candidates' COPY stream, `local_day` in `zone` (day-grain dedupe), one row of `embeddings`
    each. No database is needed, so it runs before a connection is taken."""
    if len(embeddings) != len(candidates):
        raise ValueError(f"{len(candidates)} candidates but {len(embeddings)} embeddings")
    # pgvector's binary form: the field's length, the dimension, an unused 0, then big-endian float32s
    # (all rows converted in one C pass)
    packed = np.ascontiguousarray(embeddings, dtype=">f4").tobytes()
    step = len(packed) // len(candidates) if candidates else 0
    vector_head = struct.pack(">iHH", 4 + step, step // 4, 0)
    fields = len(COLUMNS)
    parts = [_HEADER]
    for i, c in enumerate(candidates):
        parts.append(_ROW_START.pack(fields, 4, i))
        parts.append(_row_tail(c, packed[i * step:(i + 1) * step], vector_head, zone))
    parts.append(_TRAILER)
    return CopyRows(data=b"".join(parts), count=len(candidates))


async def load_candidates(run: SqlRun, rows: CopyRows) -> int:
    """Create the temp table and fill it; returns the number of rows loaded."""
    await run.execute("load", "create_candidates_table")
    loaded = await run.copy("load", "recall_candidates", rows.data, COLUMNS, rows=rows.count)
    await run.execute("load", "analyze_candidates")
    return loaded


def _row_tail(c: Candidate, vec: bytes, vector_head: bytes, zone: tzinfo) -> bytes:
    """The candidate's COPY row after the id: encoded once per zone and embedding (`vec`, packed)."""
    memo = c.__dict__.get(_MEMO)
    if memo is not None and memo[0] == zone and memo[1] == vec:
        return memo[2]
    tail = row_head(c, zone) + vector_head + vec
    c.__dict__.pop(_HEAD, None)  # held in the row now
    c.__dict__[_MEMO] = (zone, vec, tail)
    return tail


def row_head(c: Candidate, zone: tzinfo) -> bytes:
    """The candidate's COPY row after the id and before its embedding, `local_day` in `zone`:
    encoded once per zone (kept with the candidate until its row is whole)."""
    memo = c.__dict__.get(_HEAD)
    # (==, not is: a fixed-offset zone comes back from a worker as an equal copy; local_day needs no more)
    if memo is not None and memo[0] == zone:
        return memo[1]
    local_day = (c.event_time or c.observed_time).astimezone(zone).date()
    kw, kw_count, heads = candidate_keywords(c)
    names = [p for p in c.participants if p not in KIN_NAMES]
    kin = [p for p in c.participants if p in KIN_NAMES]
    head = b"".join((
        _text(c.source_ref), _text(c.user_id), _text(c.source), _text(c.role), _text(c.type), _text(c.status),
        _timestamp(c.event_time), _text(c.event_grain), _timestamp(c.observed_time),
        struct.pack(">ii", 4, local_day.toordinal() - _PG_EPOCH_DAY),
        struct.pack(">ib", 1, c.event_grain in COARSE_GRAINS),
        _text(c.title), _text(c.content),
        struct.pack(">ididid", 8, c.importance, 8, c.confidence, 8, c.source_quality),
        _text(c.change), _text(c.subject), _subject_keywords(c.subject),
        # NULL when there are none: an empty array is far dearer to COPY
        _text_array(names), _text_array(kin),
        # no content word: NULL, so no keyword overlap is computed for it
        _binary(kw.to_binary()) if kw_count else _NULL,
        struct.pack(">ii", 4, kw_count) if kw_count else _NULL,
        _binary(heads.to_binary()) if heads is not None else _NULL,
    ))
    c.__dict__[_HEAD] = (zone, head)
    return head


def _subject_keywords(subject: str | None) -> bytes:
    """The keywords of the word a change names its plan by; NULL for none (or none of them a keyword)."""
    if subject is None:
        return _NULL
    vector, count, _heads = keyword_sets(subject)
    return _binary(vector.to_binary()) if count else _NULL


def _binary(value: bytes) -> bytes:
    return struct.pack(">i", len(value)) + value


def _text(value: str | None) -> bytes:
    return _NULL if value is None else _binary(value.encode())


def _timestamp(value: datetime | None) -> bytes:
    if value is None:
        return _NULL
    delta = value - _PG_EPOCH
    return struct.pack(">iq", 8, (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds)


def _text_array(values: tuple[str, ...] | list[str]) -> bytes:
    if not values:
        return _NULL
    encoded = [v.encode() for v in values]
    body = struct.pack(">iiiii", 1, 0, _TEXT_OID, len(encoded), 1) + b"".join(_binary(v) for v in encoded)
    return _binary(body)
