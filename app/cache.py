"""In-process caches of normalized candidates (follow-up questions must not re-pull the same
window; a window pulled again must not be parsed again).

TimelineCache: candidates per (user, source, zone, query) and window for a short TTL; a window
inside a cached one is served from it. NormalizedRecords: each candidate by the very record it was
made from, so that a pull after the TTL (or of another window) normalizes only records it has not
seen (an IdleLru, as is the calendar's cache of expanded feeds). KnownLists: per candidate list, its
COPY stream and which plans its later records changed. All bounded (LRU); none is ever
written to disk or to a table: RFC §11 forbids a persisted index in v0.1.
"""

from __future__ import annotations

import time
import weakref
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Generic, TypeVar

from app.candidate import Candidate

Window = tuple[datetime, datetime]
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


@dataclass(slots=True)
class _Entry:
    window: Window
    expires: float
    candidates: list[Candidate]
    size: int
    # per way of reading times (observed, or event): the candidates' times sorted, with their positions
    _order: dict[bool, tuple[list[datetime], list[int]]] = field(default_factory=dict)

    def inside(self, lo: datetime, hi: datetime, by_event_time: bool) -> list[Candidate]:
        """The candidates with a time in [lo, hi), in the order they were put: a bisection of the
        sorted times, not a test of every candidate (follow-up queries re-read big windows)."""
        order = self._order.get(by_event_time)
        if order is None:
            ranked = sorted(range(len(self.candidates)), key=lambda i: _time(self.candidates[i], by_event_time))
            order = self._order[by_event_time] = ([_time(self.candidates[i], by_event_time) for i in ranked], ranked)
        times, positions = order
        start, end = bisect_left(times, lo), bisect_left(times, hi)
        if end - start == len(times):
            return list(self.candidates)
        return [self.candidates[i] for i in sorted(positions[start:end])]


def _size(candidates: list[Candidate]) -> int:
    # rough resident size: the texts (UTF-8 CJK ~3 bytes/char) twice, as str and in the encoded COPY
    # row the load stage keeps with each candidate, plus the row's embedding and per-object overhead
    return sum(6 * (len(c.content) + len(c.title)) + 1100 for c in candidates) + 200


def _time(c: Candidate, by_event_time: bool) -> datetime:
    return c.event_time if by_event_time and c.event_time is not None else c.observed_time


class TimelineCache:
    def __init__(self, ttl_s: float, max_bytes: int = 64 * 1024 * 1024,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl_s = ttl_s
        self.max_bytes = max_bytes
        self._clock = clock
        self._entries: OrderedDict[tuple[Hashable, Window], _Entry] = OrderedDict()
        self._bytes = 0

    def get(self, key: Hashable, window: Window, *, by_event_time: bool = False) -> list[Candidate] | None:
        """What a cached pull of a window around `window` holds inside it: records observed in it,
        or (`by_event_time`) events that start in it."""
        now = self._clock()
        lo, hi = window
        for entry_key, entry in list(self._entries.items()):
            if entry.expires <= now:
                self._drop(entry_key)
                continue
            if entry_key[0] == key and entry.window[0] <= lo and hi <= entry.window[1]:
                self._entries.move_to_end(entry_key)
                return entry.inside(lo, hi, by_event_time)
        return None

    def put(self, key: Hashable, window: Window, candidates: list[Candidate]) -> None:
        size = _size(candidates)
        if size > self.max_bytes:
            return
        entry_key = (key, window)
        if entry_key in self._entries:
            self._drop(entry_key)
        self._entries[entry_key] = _Entry(window, self._clock() + self.ttl_s, candidates, size)
        self._bytes += size
        while self._bytes > self.max_bytes:
            self._drop(next(iter(self._entries)))

    def _drop(self, entry_key: tuple[Hashable, Window]) -> None:
        self._bytes -= self._entries.pop(entry_key).size

    def __len__(self) -> int:
        return len(self._entries)


class IdleLru(Generic[K, V]):
    """Values by key, least recently used first: none kept once unused for `idle_s`, at most
    `max_weight` in all (each weighs what `put` says; one heavier than that is not kept)."""

    def __init__(self, max_weight: int, idle_s: float = 3600.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.max_weight = max_weight
        self.idle_s = idle_s
        self._clock = clock
        self._entries: OrderedDict[K, tuple[V, int, float]] = OrderedDict()
        self._weight = 0

    def get(self, key: K) -> V | None:
        found = self._entries.pop(key, None)
        if found is None:
            return None
        now = self._clock()
        if found[2] <= now - self.idle_s:
            self._weight -= found[1]
            return None
        self._entries[key] = (found[0], found[1], now)
        return found[0]

    def put(self, key: K, value: V, weight: int) -> None:
        replaced = self._entries.pop(key, None)  # two requests made it at once: the later one stays
        if replaced is not None:
            self._weight -= replaced[1]
        if weight > self.max_weight:
            return
        now = self._clock()
        self._entries[key] = (value, weight, now)
        self._weight += weight
        while self._entries:  # the idle ones first, then as many as the budget needs
            _, oldest_weight, used = next(iter(self._entries.values()))
            if used > now - self.idle_s and self._weight <= self.max_weight:
                break
            self._weight -= oldest_weight
            self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)


class NormalizedRecords:
    """Candidates by what they were made from: a key naming the record's source, user and zone and
    its bytes as the upstream sent them. An edited record has other bytes, so it is normalized anew;
    one not asked for within `idle_s` (deleted upstream, or its user gone quiet) is dropped, and
    the least recently used go beyond `max_bytes` (the records' bytes counted with them)."""

    def __init__(self, max_bytes: int = 64 * 1024 * 1024, idle_s: float = 3600.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._made: IdleLru[Hashable, Candidate] = IdleLru(max_bytes, idle_s, clock)

    def known(self, key: Hashable) -> Candidate | None:
        """The candidate made from the record `key` names, if it was made before."""
        return self._made.get(key)

    def keep(self, key: Hashable, candidate: Candidate, key_bytes: int = 0) -> None:
        """Keep the candidate made from the record `key` names (`key_bytes` long)."""
        self._made.put(key, candidate, _size([candidate]) + key_bytes)

    def __len__(self) -> int:
        return len(self._made)


@dataclass(frozen=True, slots=True)
class Links:
    """Which plans later records changed: items[i] (a position in the candidate list) was changed by
    the record at changes[i], as kinds[i] says (done, cancelled, moved)."""

    items: Sequence[int]
    changes: Sequence[int]
    kinds: Sequence[str]


NO_LINKS = Links(items=(), changes=(), kinds=())


@dataclass(frozen=True, slots=True)
class KnownList:
    """What one request worked out for a candidate list in a zone: its binary COPY stream (the
    embeddings in it), the lifecycle's links and the densest span of the list's times."""

    copy_stream: bytes
    links: Links
    densest: int | None  # Lifecycle.densest, once a request over these candidates needed it


class KnownLists:
    """KnownList per candidate list and zone (the local days in the rows depend on it), for a
    follow-up query over the very same candidates (the timeline cache hands out the same objects):
    it embeds nothing but the topic, encodes no row and works out no link (or densest span) again.
    Known by the candidates' identities, in order, and holding them only weakly: an entry whose
    candidates are gone (the caches let them go) never matches, even if their ids are reused. At
    most `max_bytes` (the streams, and ~100 bytes a candidate), an entry unused for `idle_s` dropped
    (IdleLru)."""

    def __init__(self, max_bytes: int = 64 * 1024 * 1024, idle_s: float = 3600.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._lru: IdleLru[tuple[Hashable, tuple[int, ...]], tuple[tuple[weakref.ref[Candidate], ...], KnownList]] = (
            IdleLru(max_bytes, idle_s, clock))

    def slot(self, candidates: Sequence[Candidate], zone: tzinfo) -> ListSlot:
        """The list's place here: what is known of it, and where to keep what a request works out."""
        key = (zone, tuple(map(id, candidates)))
        found = self._lru.get(key)
        known = found[1] if found is not None and all(
            ref() is c for ref, c in zip(found[0], candidates, strict=True)) else None
        return ListSlot(found=known, _lists=self, _key=key, _candidates=candidates)


@dataclass(frozen=True, slots=True)
class ListSlot:
    found: KnownList | None
    _lists: KnownLists
    _key: tuple[Hashable, tuple[int, ...]]
    _candidates: Sequence[Candidate]

    def keep(self, known: KnownList) -> None:
        # a weak reference and a key entry take ~100 bytes a candidate besides the stream
        self._lists._lru.put(self._key, (tuple(map(weakref.ref, self._candidates)), known),
                             len(known.copy_stream) + 100 * len(self._candidates))
