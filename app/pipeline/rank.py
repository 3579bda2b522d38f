"""Rank stage (RFC §7): one scored row per deduplicated item, best first."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import msgspec
from pgvector import SparseVector

from app.contracts import SECONDARY_MIN, ContextPlan, UserSnapshot
from app.keywords import ANY_KIN, KIN_NAMES
from app.pipeline.dedupe import Clusters
from app.pipeline.sql import SqlRun
from app.planner import asks_changes, recorded_in
from app.text import clean_terms

# the people a compound's modifier may name, whose thing its head word is (同学聚会, 部门团建)
_WHOSE = re.compile(r"老?同学|同事|朋友|校友|老乡|战友|家长|亲戚|家庭|部门|公司|团队|班级|科室")
# an item with no record where the question says its things were recorded: shown after those with one
ELSEWHERE_FACTOR = 0.9
# an item nothing moved or called off, asked which plans changed: under the threshold, shown only as hidden
UNCHANGED_FACTOR = 0.3


@dataclass(frozen=True, slots=True)
class TopicQuery:
    """The query's topic terms with their embedding and keyword vector, computed before the
    transaction (an embedder may be an HTTP call: never made while holding a connection)."""

    terms: list[str]
    embedding: list[float]
    keywords: SparseVector
    keyword_count: int


def source_cues(plan: ContextPlan) -> list[tuple[str, str]]:
    """(source, cue word) for every word a source's retrieval expands to besides the question's topics
    and time words (RFC §8: 约/跟进 for chat, 待办/提交 for MeInput, 决定/承诺 for Memory V2)."""
    said = {*plan.topics, *(e.text for e in plan.time.expressions)}
    return [(r.source, term.lower()) for r in plan.retrievals
            for term in clean_terms([q for q in r.expanded_queries if q not in said])]


def _lead(terms: list[str], query: str) -> str | None:
    """The topic term the question says first (whose thing it asks about: 恒通 of 「恒通的合同签了吗」), the
    longest of those starting there (开周会, not the 开周 inside it); a family term where the question
    names family (妈妈 for 「我妈的体检约了吗」); None when it names none of them (a caller's own terms).
    A compound of whose people and what (「老同学聚会」, 「家长会」) is named by its head word: a note of the
    聚会 is about it (a Chinese compound's modifier comes first); another kind of 合同 is not the 劳动合同."""
    said = query.lower()
    family = ANY_KIN.search(said)
    places = [(said.find(term.lower()) if term not in KIN_NAMES else family.start() if family else -1, -len(term), term)
              for term in terms]
    lead = min((p for p in places if p[0] >= 0), default=(0, 0, None))[2]
    heads = [t for t in terms if lead is not None and t != lead and len(t) >= 2 and lead.endswith(t)
             and _WHOSE.fullmatch(lead[: -len(t)])]
    return max(heads, key=len, default=lead)


@dataclass(frozen=True, slots=True)
class Ranked:
    rows: list[dict[str, Any]]  # the shown items, best first
    after_dedupe: int  # every deduplicated item, shown or not


async def rank(run: SqlRun, plan: ContextPlan, topic: TopicQuery, snapshot: UserSnapshot | None,
               clusters: Clusters, *, limit: int, include_hidden: bool) -> Ranked:
    """The best `limit` deduplicated items (hidden ones only with `include_hidden`)."""
    cues = source_cues(plan)
    # a retrieval's own weight wins (a caller's plan may set it there); else the plan's source weight
    weights = {**msgspec.structs.asdict(plan.sources), **{r.source: r.weight for r in plan.retrievals}}
    rows = await run.fetch(
        "rank", "score_items",
        ids=clusters.ids, roots=clusters.roots,
        topics=topic.terms, lead_topic=_lead(topic.terms, plan.query),
        topic_embedding=topic.embedding,
        topic_keywords=topic.keywords,
        topic_keyword_count=topic.keyword_count,
        cue_sources=[source for source, _ in cues], cue_terms=[term for _, term in cues],
        recorded_in=recorded_in(plan.query), elsewhere_factor=ELSEWHERE_FACTOR,
        unchanged_factor=UNCHANGED_FACTOR if asks_changes(plan.query) else 1.0,
        target_types=[t.type for t in plan.targets],
        target_weights=[t.weight for t in plan.targets],
        projects=clean_terms(snapshot.active_projects) if snapshot else [],
        w_meinput=weights["meinput"], w_chat=weights["chat"], w_memory=weights["memory_v2"],
        w_calendar=weights["calendar"],
        importance_asked=plan.filters.importance_min is not None,
        importance_min=plan.filters.importance_min, min_score=SECONDARY_MIN,
        include_hidden=include_hidden, max_rows=limit,
    )
    # score_items answers one row even when nothing is shown: it carries the count only
    return Ranked(rows=[dict(r) for r in rows if r["cluster"] is not None],
                  after_dedupe=rows[0]["after_dedupe"] if rows else 0)
