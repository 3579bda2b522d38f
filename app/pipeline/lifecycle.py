"""Lifecycle stage: a plan's later records update it before the filter reads statuses and times.

「报价单发给王总了」 marks 「这周日下午5点给王总发报价单」 completed, 「周会取消了」 cancels the meeting,
「周会改到周五上午十点」 moves it (the old time is never shown as planned). Which records are such
changes is read by the normalizer (Candidate.change); which plan each one changes, in SQL.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta, tzinfo

from app.cache import NO_LINKS, Links
from app.candidate import Candidate
from app.contracts import ChangedItem
from app.pipeline.dedupe import WINDOW_MINUTES
from app.pipeline.load import COARSE_GRAINS
from app.pipeline.sql import SqlRun

MIN_OVERLAP = 0.5  # the change and the plan share at least half of the shorter one's content words
# ...less this for each other tie between them: the same person named (「给小郑的培训挪到…」 and
# 「给小郑讲一遍产品线」); the plan's day named by the record that ticks it off or calls it off
ANCHOR_DISCOUNT = 0.2
GRACE = timedelta(days=1)  # 「发了」 said the day after the deadline still ticks it off
HORIZON = timedelta(days=45)  # a plan further ahead than this is not what a change is about
DUE_SOON = timedelta(days=2)  # a to-do due this soon after a done record with two words in common is the one done


@dataclass(frozen=True, slots=True)
class Lifecycle:
    links: Links
    changes: list[ChangedItem]  # which record changed which item, when asked (explain)

    def densest(self, candidates: list[Candidate], zone: tzinfo) -> int:
        """The most candidates whose times (a moved plan's new one) lie within WINDOW_MINUTES of
        each other, or that are day-grain on one local day: at most as many in-window items are
        that close, so dedupe knows when none can have more neighbours than it compares."""
        timed = list(candidates)  # whose time and grain each has: a moved plan has its mover's (apply_changes)
        for item, change, kind in zip(self.links.items, self.links.changes, self.links.kinds, strict=True):
            if kind == "moved":
                timed[item] = candidates[change]
        times = [t.event_time or c.observed_time for t, c in zip(timed, candidates, strict=True)]
        stamps = sorted(t.timestamp() for t in times)
        span = WINDOW_MINUTES * 60 + 0.001  # a millisecond more: float seconds never leave out one at the very edge
        most = max((bisect_right(stamps, s + span, i) - i for i, s in enumerate(stamps)), default=0)
        days = Counter(t.astimezone(zone).date() for t, c in zip(times, timed, strict=True)
                       if c.event_grain in COARSE_GRAINS)
        return max(most, *days.values()) if days else most


async def apply_lifecycle(run: SqlRun, candidates: list[Candidate], *, known: Links | None = None,
                          explain: bool = False) -> Lifecycle:
    """Link every change record among `candidates` (as loaded) to the plan it updates and apply
    it; links `known` for these very candidates are applied without linking again."""
    if known is not None:
        links = known
    elif not any(c.change for c in candidates):  # most requests: nothing to link, no index to build
        links = NO_LINKS
    else:
        await run.execute("lifecycle", "index_candidate_times")
        rows = await run.fetch("lifecycle", "link_changes", min_overlap=MIN_OVERLAP,
                               anchor_discount=ANCHOR_DISCOUNT, grace=GRACE, horizon=HORIZON, due_soon=DUE_SOON)
        links = Links(items=[r["item"] for r in rows], changes=[r["change"] for r in rows],
                      kinds=[r["kind"] for r in rows])
    if not links.items:
        return Lifecycle(links=links, changes=[])
    await run.execute("lifecycle", "apply_changes", items=links.items, changes=links.changes, kinds=links.kinds)
    if not explain:
        return Lifecycle(links=links, changes=[])
    changes = sorted((ChangedItem(item=candidates[i].source_ref, changed_by=candidates[c].source_ref, kind=k)
                      for i, c, k in zip(links.items, links.changes, links.kinds, strict=True)),
                     key=lambda ch: ch.item)
    return Lifecycle(links=links, changes=changes)

