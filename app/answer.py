"""Evidence-only answers (RFC §3.9): every statement cites ranked timeline items, nothing else.

The deterministic renderer is the default. An LLM writer may be plugged in through `AnswerWriter`;
whatever it returns is checked by `validate_answer` and rejected when it cites anything that is
not an item of the bundle.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime, timedelta
from typing import Protocol

from app.contracts import Answer, Citation, RecallBundle, TimelineItem, TimeRange
from app.errors import RecallError
from app.modes import HEADINGS

log = logging.getLogger("app.answer")
_WEEKDAYS = "一二三四五六日"
_MARK = re.compile(r"\[(\d+)\]")


class AnswerRejected(RecallError):
    """An answer writer cited something that is not in the bundle."""


class AnswerWriter(Protocol):
    def write(self, bundle: RecallBundle) -> Answer: ...


def _when_text(item: TimelineItem) -> str:
    t: datetime | None = item.event_time
    if t is None:
        return f"{item.observed_time:%m月%d日}记录"
    day = f"{t.month}月{t.day}日（周{_WEEKDAYS[t.weekday()]}）"
    if item.event_grain in ("hour", "minute"):
        return f"{day}{t:%H:%M}"
    return day


def _overdue(item: TimelineItem, group: str, now: datetime | None) -> str:
    """「（已逾期）」 for a due item not done whose deadline has passed (one missed inside the range asked
    about too: 「我有什么要交的」 looks at the last 30 days and the next)."""
    if group != "due" or now is None or item.event_time is None or item.status == "completed":
        return ""
    # a day-grain deadline is the whole day: 「周三交」 is overdue only once Wednesday is over
    end = item.event_time + (timedelta(days=1) if item.event_grain not in ("minute", "hour") else timedelta(0))
    return "（已逾期）" if end <= now else ""


def _range_text(r: TimeRange | None, words: list[str]) -> str:
    if r is None:
        return "这段时间"
    span = f"{r.start:%Y-%m-%d %H:%M} 至 {r.end:%Y-%m-%d %H:%M}"
    return f"{'、'.join(words)}（{span}）" if words else span


def render_answer(bundle: RecallBundle) -> Answer:
    """A short zh-CN answer grouped like the bundle; secondary items are marked 可能相关."""
    lines: list[str] = []
    citations: list[Citation] = []
    for group in bundle.groups:
        visible = [it for it in group.items if it.tier != "hidden"]
        if not visible:
            continue
        lines.append(f"{HEADINGS[group.key]}：")
        for item in visible:
            n = len(citations) + 1
            citations.append(Citation(n=n, source_ref=item.source_ref, event_time=item.event_time,
                                      observed_time=item.observed_time))
            maybe = "（可能相关）" if item.tier == "secondary" else ""
            done = ("，已取消" if item.change == "cancelled"
                    else "，已完成" if item.status == "completed" and group.key != "occurred" else "")
            ahead = ("（尚未发生）" if group.key == "occurred" and bundle.plan.now is not None
                     and item.event_time is not None and item.event_time >= bundle.plan.now else "")
            overdue = _overdue(item, group.key, bundle.plan.now)
            lines.append(f"- {_when_text(item)} {item.title}{done}{ahead}{overdue}{maybe} [{n}]")
    if not citations:
        plan = bundle.plan
        scope = plan.time.event_range or plan.time.mention_range
        words = [e.text for e in plan.time.expressions]
        return Answer(text=f"没有找到{_range_text(scope, words)}的相关记录。", citations=[])
    return Answer(text="\n".join(lines), citations=citations)


def validate_answer(answer: Answer, bundle: RecallBundle) -> Answer:
    """Reject an answer citing anything outside the bundle, or a [n] with no citation."""
    known = {it.source_ref for g in bundle.groups for it in g.items if it.tier != "hidden"}
    numbers = {c.n for c in answer.citations}
    stray = [c.source_ref for c in answer.citations if c.source_ref not in known]
    if stray:
        raise AnswerRejected(f"answer cites records that are not in the bundle: {stray}")
    unknown = sorted({int(n) for n in _MARK.findall(answer.text)} - numbers)
    if unknown:
        raise AnswerRejected(f"answer uses citation marks with no citation: {unknown}")
    if answer.text.strip() and not answer.citations and known:
        raise AnswerRejected("answer makes statements without citing any item")
    return answer


def compose_answer(bundle: RecallBundle, writer: AnswerWriter | None = None) -> Answer:
    """The writer's answer when it passes validation, else the deterministic one."""
    if writer is not None:
        try:
            return validate_answer(writer.write(bundle), bundle)
        except AnswerRejected as exc:
            log.warning("answer writer rejected, using the deterministic answer: %s", exc)
    return render_answer(bundle)
