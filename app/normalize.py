"""Timeline Normalizer (RFC §4.2, §6): upstream records → Timeline Item candidates.

Deterministic rules: event_time from the planner's time parser in stored-text mode (relative to
the record's observed time), type and status from cue words, a short title, participants,
importance (upstream when given, else estimated) and extraction confidence.
A record that cannot be read (bad time, missing id, wrong type) gives None and is counted.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, tzinfo
from typing import Any

import msgspec

from app.contracts import TimeExpression
from app.planner.timeparse import FIRST_YEAR, GRAIN_ORDER, LAST_YEAR, parse
from app.text import clean_text


class Candidate(msgspec.Struct, frozen=True, kw_only=True):
    """One normalized record; the row loaded into the per-request temp table."""

    source_ref: str
    gist: str  # what the record is about: its text without time words and filler (dedupe, topic match)
    user_id: str
    source: str
    role: str  # segment | user | assistant | run | memory
    type: str
    status: str
    event_time: datetime | None
    event_grain: str | None
    observed_time: datetime
    title: str
    content: str
    importance: float
    confidence: float
    source_quality: float
    participants: tuple[str, ...] = ()


# How much a record's origin is worth (RFC §7 source_quality): the user's own typed words first.
SOURCE_QUALITY = {"segment": 1.0, "user": 0.97, "run": 0.9, "assistant": 0.85, "memory": 0.8}

_DECISION = re.compile(r"决定|定了|定下|敲定|确定了|拍板|采用|选定|结论是|就这么定|定为|改成")
_COMMITMENT = re.compile(r"答应|承诺|保证|我会|我来负责|我负责|包在我身上|一定会|说好了|说好")
_TODO = re.compile(
    r"记得|别忘|要交|提交|截止|deadline|待办|todo|之前.{0,12}?(?:完成|交|提交|发|给|做|写|改)|把.{1,15}?(?:发给|交给|提交)|得(?:去|做|完成|交|把|写|准备)|"
    r"需要(?:去|做|完成|提交|准备|写|处理)|要(?:去|做|完成|准备|写|买|交|提交|整理|处理|回复|发|改|看|订|约|打|联系|跟进)|"
    r"准备|提醒我|跟进|交(?:方案|报告|周报|材料|作业|文档|稿|表)|(?:发|交|寄|回复|转)[^，。,]{0,8}给|给[^，。,]{1,6}(?:发|交|寄|回复)",
    re.I,
)
_EVENT = re.compile(
    r"开会|会议|例会|周会|见面|见了|拜访|签约|签合同|签了|吃饭|吃了?[午晚早]饭|午饭|晚饭|聚餐|看牙|牙医|医院|面试|体检|出差|评审|上线|发布|约了|复诊|看病|航班|"
    r"演示|汇报|培训|团建|电话会|视频会|讨论|沟通|演讲|参加|去了|会面|聚会|婚礼|生日|旅行|旅游|接孩子|家长会"
)
_PAST = re.compile(r"已经|已(?!读)|完成了|做完|搞定|开完|结束了|办完|改完|[\u4e00-\u9fff]了(?!解)")
_FUTURE = re.compile(r"要|将|准备|记得|别忘|打算|计划|约了|安排|会去|得去|之前|截止|提醒")
_FRAMING = re.compile(
    r"^(?:好的[，,。！!]?\s*)?(?:已经?(?:帮你)?(?:记下|记录|添加|设置|创建)(?:了)?(?:提醒|待办)?[：:，,]?\s*|"
    r"帮我记(?:一下|下)?[：:，,]?\s*|提醒我[：:，,]?\s*|记一下[：:，,]?\s*)"
)
_CLAUSE = re.compile(r"[，。；！？,;!?\n]+")
# Filler that says nothing about which event a text is about (「记得明天和张总签合同」 ≈ 「和张总签合同」).
_FILLER = re.compile(
    r"帮我记一下|帮我记|记一下|提醒我|记得|别忘了|别忘|不要忘了|一下|我们|我|你|他|她|一起|那个|这个|还有|"
    r"[要得去的了和跟与把给在是吧呢啊哦嗯呀]"
)
_SURNAMES = (
    "张王李赵刘陈杨黄周吴徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
    "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
_PERSON = re.compile(
    rf"[{_SURNAMES}](?:总监|总(?![部额结共体算计裁])|经理|老师|工(?![作资具])|医生|主任|律师|博士|姐|哥|董|教授|处长|局长|秘书)|"
    rf"[老小][{_SURNAMES}]"
)
_IMPORTANCE_RULES = [
    (re.compile(r"截止|之前|deadline|到期|要交|提交|ddl", re.I), 0.2),
    (re.compile(r"\d+万|万元|\d+元|报价|付款|预算|发票|报销|工资|转账|贷款"), 0.15),
    (re.compile(r"合同|签约|签合同|协议"), 0.2),
    (re.compile(r"医院|体检|看病|医生|牙医|看牙|复诊|药|发烧|生病|手术"), 0.15),
    (re.compile(r"会议|开会|评审|汇报|面试|上线|发布|客户|老板|生日|家长会"), 0.1),
]
_CHITCHAT = re.compile(r"哈哈|好的$|嗯嗯|谢谢|晚安|早安|吃了吗|无聊|随便|表情|你好|在吗|hh|233|lol", re.I)
_EMBED_CHARS = 4000  # long texts are cut before analysis


def _when(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    if parsed.tzinfo is None or not FIRST_YEAR <= parsed.year < LAST_YEAR:
        return None  # no offset, or outside the years the service answers for (0001-…, 9999-…)
    return parsed


def _unit(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return min(1.0, max(0.0, float(value)))


def participants_of(text: str, entities: Any = None) -> tuple[str, ...]:
    names: list[str] = []
    if isinstance(entities, list):
        names += [e["text"] for e in entities
                  if isinstance(e, dict) and e.get("type") == "person" and isinstance(e.get("text"), str)]
    names += _PERSON.findall(text)
    return tuple(dict.fromkeys(n.strip() for n in names if n.strip()))


def _event_expression(exprs: list[TimeExpression]) -> TimeExpression | None:
    """The expression that dates the event: the finest grain, the later one on a tie."""
    best = None
    for e in exprs:
        if best is None or GRAIN_ORDER.index(e.grain) <= GRAIN_ORDER.index(best.grain):
            best = e
    return best


def classify(text: str) -> str:
    if _DECISION.search(text):
        return "decision"
    if _COMMITMENT.search(text):
        return "commitment"
    if _TODO.search(text):
        return "todo"
    if _EVENT.search(text):
        return "event"
    return "mention"


def _status(kind: str, text: str, event_time: datetime | None, observed: datetime) -> str:
    if kind == "mention":
        return "mentioned"
    future = bool(_FUTURE.search(text))
    if _PAST.search(text) and not future:
        return "completed"
    if future or kind == "commitment" or (event_time is not None and event_time > observed):
        return "planned"
    if kind == "decision":
        return "completed"
    if event_time is not None and event_time < observed:
        return "completed"
    return "unknown"


def _title(text: str, span: tuple[int, int] | None) -> str:
    pos = 0
    for clause in _CLAUSE.split(text):
        start = text.find(clause, pos)
        pos = start + len(clause)
        if clause.strip() and (span is None or start <= span[0] < pos):
            return clause.strip()[:30]
    return text.strip()[:30]


def estimate_importance(text: str, kind: str, participants: tuple[str, ...], scheduled: bool = False) -> float:
    """Rules when the upstream gives none: deadlines, money, contracts, health, meetings, named
    people and a scheduled clock time raise it; chit-chat lowers it."""
    score = (0.35 if kind == "mention" else 0.45) + sum(bonus for rx, bonus in _IMPORTANCE_RULES if rx.search(text))
    if participants:
        score += 0.1
    if scheduled:
        score += 0.1
    if kind in ("decision", "commitment", "todo"):
        score += 0.1
    if _CHITCHAT.search(text) and len(text) < 40:
        score -= 0.3
    return round(min(0.98, max(0.05, score)), 3)


def analyse(
    text: str,
    observed: datetime,
    tz: tzinfo,
    *,
    kind: str | None = None,
    happened_when_said: bool,
) -> dict[str, Any]:
    """Type, status, event_time (+grain), title, participants and confidence of one text."""
    body = _FRAMING.sub("", text.strip())[:_EMBED_CHARS] or text.strip()[:_EMBED_CHARS]
    kind = kind or classify(text)
    exprs = parse(body, observed, tz, stored=True)
    expr = _event_expression(exprs)
    confidence = 0.97
    if expr is not None:
        event_time, grain = expr.start, expr.grain
        deadline = expr.text.endswith(("之前", "以前", "前")) and expr.start == observed.astimezone(tz)
        if deadline and grain in ("hour", "minute"):
            event_time = expr.end  # 下午五点之前: due at 17:00
        elif kind in ("todo", "commitment") or deadline:
            # the deadline is the last day (or hour/minute) of the range, e.g. 这周五之前 → Friday
            step = {"minute": timedelta(minutes=1), "hour": timedelta(hours=1)}.get(grain, timedelta(days=1))
            event_time = expr.end - step
            grain = grain if grain in ("minute", "hour") else "day"
        if grain in ("minute", "hour"):
            confidence = 1.0  # an explicit clock time leaves nothing to guess
        elif grain in ("week", "month", "quarter", "year"):
            confidence = 0.85
    elif happened_when_said or kind not in ("todo", "commitment") or _PAST.search(body):
        event_time, grain = observed, None
        confidence = 0.9
    else:
        event_time, grain = None, None  # a to-do with no time has no deadline
        confidence = 0.8
    scheduled = expr is not None and expr.grain in ("minute", "hour") and expr.start > observed
    if kind == "mention" and scheduled:
        kind = "event"  # 「明天下午3点半去看牙医」: a clock time ahead is something planned to happen
    gist = body
    for e in sorted(exprs, key=lambda e: -e.span[0]):
        gist = gist[: e.span[0]] + " " + gist[e.span[1] :]
    gist = " ".join(_FILLER.sub(" ", gist).split()) or body
    return {
        "type": kind,
        "gist": gist[:300],
        "status": _status(kind, body, event_time, observed),
        "event_time": event_time,
        "event_grain": grain,
        "title": _title(body, expr.span if expr else None),
        "confidence": confidence,
        "scheduled": scheduled,
        "body": body,
    }


def _candidate(*, source: str, ref: str, user_id: str, role: str, text: str, observed: datetime, tz: tzinfo,
               happened_when_said: bool, importance: float | None = None, confidence: float | None = None,
               entities: Any = None, kind: str | None = None, status: str | None = None) -> Candidate:
    text = clean_text(text)
    facts = analyse(text, observed, tz, kind=kind, happened_when_said=happened_when_said)
    people = tuple(clean_text(p) for p in participants_of(facts["body"], entities))
    if importance is None:
        importance = estimate_importance(facts["body"], facts["type"], people, facts["scheduled"])
        if role == "assistant":
            importance = round(importance * 0.85, 3)
    conf = facts["confidence"] * (confidence if confidence is not None else 1.0)
    if role == "assistant":
        conf *= 0.9
    return Candidate(
        source_ref=ref, gist=facts["gist"], user_id=user_id, source=source, role=role, type=facts["type"],
        status=status or facts["status"], event_time=facts["event_time"], event_grain=facts["event_grain"],
        observed_time=observed, title=facts["title"], content=text[:_EMBED_CHARS], importance=importance,
        confidence=round(conf, 3), source_quality=SOURCE_QUALITY[role], participants=people,
    )


def normalize_segment(raw: Any, user_id: str, tz: tzinfo) -> Candidate | None:
    """A MeInput expression segment, or None when malformed or not this user's."""
    if not isinstance(raw, dict):
        return None
    seg_id, text, observed = raw.get("evidence_id"), raw.get("text"), _when(raw.get("observed_at"))
    if not isinstance(seg_id, str) or not seg_id or not isinstance(text, str) or observed is None:
        return None
    if raw.get("user_id") not in (None, user_id) or raw.get("type", "expression_segment") != "expression_segment":
        return None
    if not text.strip():
        return None
    return _candidate(source="meinput", ref=f"meinput:segment:{seg_id}", user_id=user_id, role="segment",
                      text=text, observed=observed, tz=tz, happened_when_said=False,
                      importance=_unit(raw.get("importance")), confidence=_unit(raw.get("confidence")),
                      entities=raw.get("entities"))


def normalize_message(raw: Any, user_id: str, tz: tzinfo) -> Candidate | None:
    """A chat message (user or assistant turn); tool output is dropped."""
    if not isinstance(raw, dict):
        return None
    msg_id, text, role = raw.get("message_id"), raw.get("content"), raw.get("role")
    observed = _when(raw.get("created_at"))
    if not isinstance(msg_id, str) or not msg_id or not isinstance(text, str) or observed is None:
        return None
    if role not in ("user", "assistant") or not text.strip():
        return None
    return _candidate(source="chat", ref=f"chat:message:{msg_id}", user_id=user_id, role=role, text=text,
                      observed=observed, tz=tz, happened_when_said=True)


_RUN_STATUS = {"succeeded": "completed", "running": "planned", "failed": "unknown", "cancelled": "unknown"}


def normalize_run(raw: Any, user_id: str, tz: tzinfo) -> Candidate | None:
    """An agent run: an event that happened at started_at."""
    if not isinstance(raw, dict):
        return None
    run_id, task, started = raw.get("run_id"), raw.get("task"), _when(raw.get("started_at"))
    if not isinstance(run_id, str) or not run_id or not isinstance(task, str) or started is None:
        return None
    if raw.get("status") not in _RUN_STATUS:
        return None
    summary = raw.get("summary") if isinstance(raw.get("summary"), str) else ""
    text = f"{task}：{summary}" if summary else task
    status = _RUN_STATUS[raw["status"]]
    # work the agent finished for the user counts a little more than a remark
    importance = estimate_importance(text, "event", ()) + (0.1 if status == "completed" else 0.0)
    cand = _candidate(source="chat", ref=f"chat:run:{run_id}", user_id=user_id, role="run", text=text,
                      observed=started, tz=tz, happened_when_said=True, kind="event", status=status,
                      importance=min(1.0, importance))
    # started_at is exact: nothing about the time was guessed
    return msgspec.structs.replace(cand, event_time=started, event_grain="minute", title=task.strip()[:30],
                                   confidence=1.0)


_MEMORY_KIND = {"decision": "decision", "commitment": "commitment", "fact": "mention", "preference": "mention"}


def normalize_memory(raw: Any, user_id: str, tz: tzinfo) -> Candidate | None:
    if not isinstance(raw, dict):
        return None
    mem_id, text, created = raw.get("memory_id"), raw.get("content"), _when(raw.get("created_at"))
    if not isinstance(mem_id, str) or not mem_id or not isinstance(text, str) or created is None:
        return None
    if raw.get("kind") not in _MEMORY_KIND or not text.strip():
        return None
    cand = _candidate(source="memory_v2", ref=f"memory_v2:memory:{mem_id}", user_id=user_id, role="memory",
                      text=text, observed=created, tz=tz, happened_when_said=False,
                      importance=_unit(raw.get("importance")), kind=_MEMORY_KIND[raw["kind"]])
    event_time = _when(raw.get("event_time"))
    return msgspec.structs.replace(cand, event_time=event_time, event_grain="minute") if event_time else cand
