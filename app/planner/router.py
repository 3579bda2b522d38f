"""Cheap Router (Context Planner Level 1, RFC §4.1): query → ContextPlan, no LLM, no network.

It never classifies a single intent (RFC §3.1): it finds the time expressions, picks the temporal
mode from verb cues, raises source weights from strong-constraint words without ever zeroing a
source (§3.3, §3.6), expands per-source queries (§8) and decides the context needs (§2.1).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, tzinfo
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from app.contracts import (
    ContextNeeds,
    ContextPlan,
    Filters,
    Output,
    PlanTime,
    Retrieval,
    SemanticPlannerInfo,
    Slots,
    SourceWeights,
    Target,
    TemporalMode,
    TimeExpression,
    TimeRange,
)
from app.errors import BadRequest
from app.planner.timeparse import FIRST_YEAR, LAST_YEAR, parse
from app.text import clean_text

NO_TIME_WORD_WINDOW = timedelta(days=30)  # api.md: a temporal question with no time word

# ---------------------------------------------------------------- cue words

_MENTIONED = re.compile(r"我[^，。？?！!]{0,6}(?:说|讲|提|聊)的|输入过|写过|记过|录过|说过|怎么说|原话|说了|提到|提过|提起|聊过|聊到|聊了|讲过|谈到|谈过|谈了|讨论过|讨论了|商量过|商量了|沟通过|沟通了|问过|跟你说|和你说|对你说|告诉过?你|说起")
_PLANNED = re.compile(r"安排|日程|行程|计划|打算|预约|约了|要做什么|要干什么|要干嘛|待办|几点|有空")
_CREATED = re.compile(r"定了|定下|决定|记下|记了|创建|新建|建了|立了|确定了|答应了|承诺了")
_DUE = re.compile(r"截止|要交|到期|交付|提交|deadline|ddl|due|要完成|得完成|必须完成", re.I)
_OCCURRED = re.compile(r"做了|做过|干了|干过|干嘛了|干啥了|做什么了|干什么了|忙什么|忙了|发生|完成了|去了|见了|参加了|开了|办了|经历")
_VAGUE_IMPORTANT = re.compile(r"重要|需要注意|要注意|值得注意|要紧|关键|大事|紧急")
_IMPORTANCE = re.compile(r"重要|要紧|关键|紧急|大事")
_UNRESOLVED = re.compile(r"没完成|未完成|还没|没做|待办|没处理|未处理|跟进|遗漏|要交")
_SUMMARIZE = re.compile(r"总结|汇总|概括|回顾|梳理|盘点|复盘|整理一下")

# A temporal need without a time word (api.md: then the last 30 days).
_HISTORY = re.compile(r"进展|进度|最新情况|后来怎么样|怎么样了|到哪了|做到哪|有没有说过|之前说|上回|最近在忙")
# Past decisions live in Memory V2 (RFC §2.1 "历史决策").
_DECISION = re.compile(r"上次|上回|之前定|当时定|定的|决定|约定|承诺|答应|结论|共识")
# A time word in a world-knowledge or generative request (今天天气, 写一篇春节作文) is no recall need.
_NOT_RECALL = re.compile(
    r"天气|气温|下雨|下雪|新闻|股价|股票|汇率|是几号|几月几号|星期几|周几|礼拜几|多少号|什么日子|放假吗|农历|黄历|"
    r"帮我写|写一|写个|写篇|作文|翻译|推荐|生成|讲个|笑话|首诗|歌词|食谱|菜谱|去哪玩|哪里玩|怎么过"
)

_MEINPUT_CUES = re.compile(r"输入过|输入的|记过|原话|写过|写的|记下|笔记|备忘|MeInput|打字|录入", re.I)
_CHAT_CUES = re.compile(r"聊过|聊的|聊天|问过你|问你|跟你说|和你说|对你说|告诉过?你|你说过|对话|会话|我们聊")
_CALENDAR_CUES = re.compile(r"行程|日程|会议|开会|约了|预约|日历")
_MEMORY_CUES = re.compile(r"决定|承诺|定了|答应|约定|共识|结论")

# Words that carry no topic of their own.
_STOP = re.compile(
    r"我们|我的|咱们|我|你|有什么|有哪些|有啥|什么|哪些|哪个|哪里|怎么样|怎么|如何|多少|关于|重要的|重要|需要|注意|"
    r"的事情|事情|的事|事儿|事|东西|一下|帮我|请|吗|呢|吧|啊|呀|了|过|的|是|在|有|和|跟|与|及|或|要|都|还|又|"
    r"做了|做过|做|干了|干|说过|说了|说|提到|提过|聊过|聊|讲过|谈到|输入过|输入|记过|记下|记|写过|写|原话|"
    r"安排|日程|行程|计划|之前|以前|以来|截止|要交|交|到期|定了|定|决定|创建|发生|进展|到哪|哪|情况|最新|"
    r"那些|这些|那个|这个|一些|看看|看|查|找|列出|告诉|给|把|被|对|向|从|到|至|上|下|个|些|们|就|也|"
    r"总结|汇总|回顾|梳理|盘点|所有|全部|相关|内容|记录|时候|时间|期间|里|中|上面|方面|完成了|完成|吗|上次|那次|"
    r"那周|那天|那时|当时|那会儿|那段|叫|几点|"
    # colloquial fillers and pointers back to something said: 「那件事」「说要做什么来着」「谈了什么」
    r"来着|后来|别人|谁|那件|这件|哪件|几件|哪几|那本|这本|那位|这位|那场|这场|几个|有没有|是不是|"
    r"谈了|谈过|约了|发给|回忆|想起|漏掉|忘了|忘记|必须|重点|日期|要紧|答应|承诺|啥|嘛|呗|咋|"
    # what kind of thing is sought is the plan's targets, not a topic: 「哪些任务」「什么会议」
    r"任务|事项|待办|会议|活动|笔记|想法|消息|工作|材料|资料"
)
_SPLIT = re.compile(r"[\s，。？！、,.?!:：;；\"'“”‘’（）()《》<>【】\[\]]+")

_EXPANSIONS = {  # RFC §8 per-source expansion vocabularies
    "chat": ["约", "安排", "明天", "会议", "确认", "跟进", "截止"],
    "meinput": ["任务", "待办", "要", "记得", "完成", "提交", "开会", "截止"],
    "memory_v2": ["commitment", "task", "decision", "决定", "承诺"],
    "calendar": ["会议", "日程", "约"],
}
_MODE_QUERY_TYPE = {
    "OCCURRED_IN": "occurred_events",
    "MENTIONED_IN": "mentions",
    "PLANNED_IN": "planned_events",
    "CREATED_IN": "created_records",
    "DUE_IN": "deadlines",
    "AMBIGUOUS": "important_mentions",
}
# What each mode looks for; ranking tilts semantic_match by these weights (types not listed: 0.5).
_TARGETS: dict[str, list[tuple[str, float]]] = {
    "OCCURRED_IN": [("event", 1.0), ("decision", 0.8), ("commitment", 0.8), ("todo", 0.8), ("mention", 0.6)],
    "MENTIONED_IN": [("mention", 1.0), ("commitment", 1.0), ("todo", 1.0), ("event", 1.0), ("decision", 1.0)],
    "PLANNED_IN": [("calendar_event", 1.0), ("event", 1.0), ("todo", 0.9), ("commitment", 0.9)],
    "CREATED_IN": [("decision", 1.0), ("commitment", 0.8), ("todo", 0.4)],
    "DUE_IN": [("todo", 1.0), ("commitment", 1.0), ("event", 0.6)],
    "AMBIGUOUS": [("calendar_event", 1.0), ("commitment", 1.0), ("todo", 1.0), ("event", 1.0), ("decision", 1.0),
                  ("mention", 0.8)],
}
_SEMANTICS = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
              "CREATED_IN": "created", "DUE_IN": "due", "AMBIGUOUS": "occurred_or_mentioned"}
# v0.1 reads MeInput and Chat; Calendar (v0.2) and Memory V2 stay low but never zero (wide recall).
BASE_WEIGHTS = {"calendar": 0.30, "chat": 0.80, "meinput": 0.75, "memory_v2": 0.45}
BOOSTED = 0.95


class SemanticPlanner(Protocol):
    """Level 2 (LLM) planner, out of scope in v0.1 (RFC §11): refines a Level-1 plan."""

    def refine(self, query: str, plan: ContextPlan) -> ContextPlan | None: ...


class NoSemanticPlanner:
    """The v0.1 default: never runs, so the plan says `semantic_planner.ran == false`."""

    def refine(self, query: str, plan: ContextPlan) -> ContextPlan | None:
        return None


def resolve_clock(now: datetime | None, timezone: str | None, default_timezone: str) -> tuple[datetime, tzinfo]:
    """api.md: timezone given → it; else the offset of `now`; else the configured default."""
    if timezone is not None:
        try:
            zone: tzinfo = ZoneInfo(timezone)
        except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file, a directory
            shown = timezone if len(timezone) <= 64 else timezone[:64] + "…"
            raise BadRequest(f"unknown timezone {shown!r}: use an IANA name such as 'Asia/Shanghai'") from None
    elif now is not None:
        zone = now.tzinfo
    else:
        zone = ZoneInfo(default_timezone)
    if now is None:
        now = datetime.now(zone)
    elif now.tzinfo is None:
        raise BadRequest("`now` needs a UTC offset, e.g. 2026-09-03T10:00:00+08:00")
    elif not FIRST_YEAR <= now.year < LAST_YEAR:
        raise BadRequest(f"`now` must lie between the years {FIRST_YEAR} and {LAST_YEAR - 1}")
    return now.astimezone(zone), zone


def topics_of(query: str, expressions: list[TimeExpression]) -> list[str]:
    """The query's own topic terms (e.g. 「MeInput」, 「合同」) after removing time words and cues."""
    text = query
    for expr in sorted(expressions, key=lambda e: -(e.span or (0, 0))[0]):
        if expr.span:
            text = text[: expr.span[0]] + " " + text[expr.span[1] :]
    out: list[str] = []
    for chunk in _SPLIT.split(_STOP.sub(" ", text)):
        chunk = chunk.strip()
        if len(chunk) >= 2 or (chunk.isascii() and chunk.isalnum() and chunk):
            if chunk not in out:
                out.append(chunk)
    return out


def _mode(query: str, expressions: list[TimeExpression], now: datetime) -> TemporalMode:
    deadline = any(e.text.endswith(("之前", "以前", "前")) and e.start == now for e in expressions)
    if _MENTIONED.search(query):
        return "MENTIONED_IN"
    if deadline or _DUE.search(query):
        return "DUE_IN"
    if _CREATED.search(query):
        return "CREATED_IN"
    if _PLANNED.search(query):
        return "PLANNED_IN"
    if _OCCURRED.search(query):
        return "OCCURRED_IN"
    if _VAGUE_IMPORTANT.search(query):
        return "AMBIGUOUS"
    if expressions and min(e.start for e in expressions) > now:
        return "PLANNED_IN"  # a future range with no cue: what is planned there
    return "AMBIGUOUS"


def _weights(query: str) -> SourceWeights:
    w = dict(BASE_WEIGHTS)
    if _MEINPUT_CUES.search(query):
        w["meinput"] = BOOSTED
    if _CHAT_CUES.search(query):
        w["chat"] = BOOSTED
    if _CALENDAR_CUES.search(query):
        w["calendar"] = BOOSTED
    if _MEMORY_CUES.search(query):
        w["memory_v2"] = 0.65
    return SourceWeights(**w)


# ...unless it points back at the user's own history: 「上周你推荐的那本书」 is a recall question.
_OWN_HISTORY = re.compile(r"你[^，。？?]{0,4}的|我(?:说|讲|提|聊|写|记|输入|问)过?的|上次|上回|之前|以前|当时|说过|聊过|提过")


def _needs(query: str, expressions: list[TimeExpression]) -> tuple[str, ContextNeeds]:
    recall = not _NOT_RECALL.search(query) or bool(_OWN_HISTORY.search(query))
    temporal = recall and bool(expressions or _HISTORY.search(query) or _MENTIONED.search(query))
    decision = recall and bool(_DECISION.search(query))
    if temporal and decision:
        return "personal_temporal_recall", ContextNeeds(
            user_snapshot="OPTIONAL", temporal_recall="REQUIRED", memory_retrieval="REQUIRED")
    if temporal:
        return "personal_temporal_recall", ContextNeeds(
            user_snapshot="OPTIONAL", temporal_recall="REQUIRED", memory_retrieval="OPTIONAL")
    if decision:
        return "memory_recall", ContextNeeds(
            user_snapshot="OPTIONAL", temporal_recall="OPTIONAL", memory_retrieval="REQUIRED")
    return "normal_chat", ContextNeeds(user_snapshot="REQUIRED", temporal_recall="SKIP", memory_retrieval="SKIP")


def _hull(expressions: list[TimeExpression]) -> TimeRange | None:
    if not expressions:
        return None
    return TimeRange(start=min(e.start for e in expressions), end=max(e.end for e in expressions))


def plan_query(
    query: str,
    *,
    now: datetime | None = None,
    timezone: str | None = None,
    default_timezone: str = "Asia/Shanghai",
    semantic: SemanticPlanner | None = None,
) -> ContextPlan:
    """The ContextPlan of one query (RFC §5), deterministic for a given `now`."""
    query = clean_text(query)
    if not query.strip():
        raise BadRequest("`query` must not be empty")
    now, zone = resolve_clock(now, timezone, default_timezone)
    expressions = parse(query, now, zone)
    query_type, needs = _needs(query, expressions)
    mode = _mode(query, expressions, now)
    scope = _hull(expressions)
    if scope is None and needs.temporal_recall != "SKIP":
        scope = TimeRange(start=now - NO_TIME_WORD_WINDOW, end=now)

    mention_range = event_range = None
    if mode in ("MENTIONED_IN", "CREATED_IN"):
        if len(expressions) >= 2:  # 「昨天说过明天要做什么」: said yesterday, about tomorrow
            mention_range, event_range = _hull(expressions[:1]), _hull(expressions[1:])
        else:
            mention_range = scope
    elif mode == "AMBIGUOUS":
        mention_range = event_range = scope
    else:
        event_range = scope
    if needs.temporal_recall == "SKIP":
        mention_range = event_range = None

    weights = _weights(query)
    topics = topics_of(query, expressions)
    time_words = [e.text for e in expressions]
    retrievals = [
        Retrieval(
            source=source,
            query_type=_MODE_QUERY_TYPE[mode],
            expanded_queries=list(dict.fromkeys([*topics, *time_words, *_EXPANSIONS[source]])),
            weight=getattr(weights, source),
        )
        for source in ("meinput", "chat", "memory_v2", "calendar")
    ]
    important = bool(_IMPORTANCE.search(query))
    targets = [Target(type=t, weight=w) for t, w in _TARGETS[mode]]
    operation = "retrieve_and_summarize" if _SUMMARIZE.search(query) or important else "retrieve"
    wanted_l2 = len(expressions) >= 2 or bool(_UNRESOLVED.search(query) and _HISTORY.search(query))
    plan = ContextPlan(
        query_type=query_type,
        time=PlanTime(mention_range=mention_range, event_range=event_range, expressions=expressions),
        temporal_mode=mode,
        targets=targets,
        sources=weights,
        retrievals=retrievals,
        filters=Filters(
            importance_min=0.6 if important else None,
            status="unresolved" if _UNRESOLVED.search(query) else None,
        ),
        output=Output(group_by="importance" if important else "time", dedupe=True, timeline=True, wide_recall=True),
        context_needs=needs,
        slots=Slots(
            time_scope=scope,
            target=[t.type for t in targets],
            operation=operation,
            importance="important" if important else "any",
            sources=weights,
            temporal_semantics=_SEMANTICS[mode] if needs.temporal_recall != "SKIP" else "none",
        ),
        topics=topics,
        query=query,
        now=now,
        timezone=getattr(zone, "key", None) or now.isoformat()[-6:],
        semantic_planner=SemanticPlannerInfo(
            ran=False, wanted=wanted_l2,
            reason="several time references or commitment tracking" if wanted_l2 else None),
    )
    refined = (semantic or NoSemanticPlanner()).refine(query, plan) if wanted_l2 else None
    return refined if refined is not None else plan
