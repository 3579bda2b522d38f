"""Plain-text views of plans and bundles for the CLI and the demo."""

from __future__ import annotations

from datetime import datetime

from app.contracts import ContextPlan, Explain, RecallBundle, TimeRange
from app.modes import HEADINGS


def _range(r: TimeRange | None) -> str:
    return "—" if r is None else f"[{r.start:%Y-%m-%d %H:%M}, {r.end:%Y-%m-%d %H:%M})"


def _when(t: datetime | None) -> str:
    return "—" if t is None else f"{t:%m-%d %H:%M}"


def plan_summary(plan: ContextPlan) -> str:
    w = plan.sources
    exprs = ", ".join(f"{e.text}={_range(TimeRange(start=e.start, end=e.end))}/{e.grain}"
                      for e in plan.time.expressions) or "none"
    return "\n".join([
        f"  mode {plan.temporal_mode} · recall {plan.context_needs.temporal_recall} · "
        f"memory {plan.context_needs.memory_retrieval} · snapshot {plan.context_needs.user_snapshot}",
        f"  time words: {exprs}",
        f"  mention_range {_range(plan.time.mention_range)} · event_range {_range(plan.time.event_range)}",
        f"  sources meinput {w.meinput:.2f} · chat {w.chat:.2f} · memory_v2 {w.memory_v2:.2f} · calendar {w.calendar:.2f}"
        + (f" · topics {plan.topics}" if plan.topics else ""),
    ])


def timeline(bundle: RecallBundle) -> str:
    lines = []
    for group in bundle.groups:
        lines.append(f"  【{HEADINGS[group.key]}】 ({group.key}, {len(group.items)})")
        for item in group.items:
            merged = f" +{len(item.merged_from) - 1} merged" if len(item.merged_from) > 1 else ""
            lines.append(f"    {item.tier:<9} {item.recall_score:.2f}  event {_when(item.event_time)}  "
                         f"said {_when(item.observed_time)}  [{item.source}] {item.title}{merged}")
    src = " · ".join(f"{name} {r.status}" + (f" ({r.error})" if r.error else "")
                     + (f" {r.fetched} rec" if r.status == "ok" or r.partial else "")
                     + (" partial" if r.partial else "") + (" truncated" if r.truncated else "")
                     + (" cached" if r.cached else "") for name, r in bundle.sources.items())
    s = bundle.stats
    lines.append(f"  sources: {src}")
    lines.append(f"  stats: {s.candidates} candidates → {s.in_window} in window → {s.after_dedupe} after dedupe "
                 f"→ {s.shown} shown")
    return "\n".join(lines)


def explain_text(explain: Explain) -> str:
    lines = [f"  total {explain.total_ms:.1f} ms"]
    stage_width = max((len(step.stage) for step in explain.steps), default=0)
    name_width = max((len(step.statement) for step in explain.steps), default=0)
    for step in explain.steps:
        first = step.sql.strip().splitlines()[0][:90]
        lines.append(f"  {step.stage:<{stage_width}} {step.statement:<{name_width}} {step.rows:>6} rows "
                     f"{step.ms:>8.2f} ms  {first}")
    if explain.changes:
        lines.append(f"  changes ({len(explain.changes)}):")
        lines += [f"    {change.item} {change.kind} by {change.changed_by}" for change in explain.changes]
    lines.append("  dedupe plan:")
    lines += [f"    {line}" for line in explain.dedupe_plan.splitlines()]
    return "\n".join(lines)
