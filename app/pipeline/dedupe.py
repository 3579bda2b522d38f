"""Dedupe stage (RFC §9): cluster in-window items that are the same event."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from app.pipeline.sql import OutOfTime, SqlRun

WINDOW_MINUTES = 15
MIN_SIMILARITY = 0.7
MIN_OVERLAP = 0.7
# Two clock times within the window already say "same event" unless the words disagree.
MIN_OVERLAP_AT_SAME_TIME = 0.3
MIN_SHARED_AT_SAME_TIME = 3
REPLY_WITHIN = timedelta(minutes=3)  # an assistant's answer follows the user's message within a minute or two
# Each item is compared with at most this many items after it in time (so at most this many on
# either side). A person's records rarely put more than a handful within 15 minutes; a burst of
# thousands (an import, a runaway bot) would otherwise cost n² vector comparisons.
MAX_NEIGHBOURS = 64


@dataclass(frozen=True, slots=True)
class Clusters:
    """Each in-window item merged into a cluster of a smaller id (ids) and that smallest id (roots,
    parallel); an item not listed is its own cluster's root, or alone. Handed to ranking as arrays,
    not kept in a temp table: creating and dropping one per request is catalog work
    (bench/sql_steps.py)."""

    ids: Sequence[int]
    roots: Sequence[int]


SINGLETONS = Clusters(ids=(), roots=())  # dedupe skipped: every item its own cluster


@dataclass(frozen=True, slots=True)
class Deduped:
    clusters: Clusters
    crowded: int  # items with more than MAX_NEIGHBOURS others after them in range: compared with the nearest only
    plan: str | None  # EXPLAIN ANALYZE of the dedupe statements, when asked


async def dedupe(run: SqlRun, in_window: int, *, densest: Callable[[], int] | None = None,
                 explain: bool = False) -> Deduped:
    """Cluster the in-window items by the edges dedupe_edges finds (one row per item with a match:
    its neighbour list); with `explain`, the statement runs twice (once under EXPLAIN ANALYZE), both
    within dedupe's share of the deadline.
    `densest()` bounds how many items lie within one window or day (Lifecycle.densest; asked only
    when the window holds more than MAX_NEIGHBOURS + 1): at most MAX_NEIGHBOURS + 1, and no item
    can have been left out of a comparison."""
    params = {"window_minutes": WINDOW_MINUTES, "min_similarity": MIN_SIMILARITY, "min_overlap": MIN_OVERLAP,
              "min_overlap_at_same_time": MIN_OVERLAP_AT_SAME_TIME, "min_shared_at_same_time": MIN_SHARED_AT_SAME_TIME,
              "reply_within": REPLY_WITHIN, "max_neighbours": MAX_NEIGHBOURS}
    plan = await run.explain("dedupe_edges", **params) if explain else None
    clusters = _components(await run.fetch("dedupe", "dedupe_edges", **params), run.deadline)
    if in_window <= MAX_NEIGHBOURS + 1 or (densest is not None and densest() <= MAX_NEIGHBOURS + 1):
        return Deduped(clusters=clusters, crowded=0, plan=plan)  # nobody has more neighbours than the cap
    [row] = await run.fetch("dedupe", "dedupe_crowded", window_minutes=WINDOW_MINUTES, max_neighbours=MAX_NEIGHBOURS)
    return Deduped(clusters=clusters, crowded=row["crowded"], plan=plan)


def _components(edge_lists, deadline: float | None) -> Clusters:
    """Each item joined to a smaller one and the smallest id of its connected component
    (union-find). The edges (±15-min windows, vector and keyword similarity) are found in SQL;
    labelling their components is a graph walk, which a recursive CTE did in O(k × local minima)
    per component of k items. A burst of thousands of items in 15 minutes has up to MAX_NEIGHBOURS
    edges each, so the walk stops at the deadline too: ranking keeps its reserve."""
    parent: dict[int, int] = {}  # a root (the smallest id of its component) has no entry

    def root(x: int) -> int:
        up = parent.get(x, x)
        while up != x:  # path splitting: each node on the way now points two steps up
            parent[x] = parent.get(up, up)
            x, up = up, parent[x]
        return x

    for n, (a, near) in enumerate(edge_lists):
        if deadline is not None and n % 256 == 0 and time.monotonic() > deadline:
            raise OutOfTime("dedupe", "dedupe_edges")
        ra = root(a)
        for b in near:
            rb = root(b)
            if ra < rb:
                parent[rb] = ra
            elif rb < ra:
                parent[ra] = rb
                ra = rb
    ids = list(parent)
    return Clusters(ids=ids, roots=[root(x) for x in ids])
