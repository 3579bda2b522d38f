"""Agent Runtime hook (RFC §11): decide what context a turn needs and fetch it.

`RuntimeContext.build` runs the Context Planner and calls Temporal Recall only when the plan says
`context_needs.temporal_recall == "REQUIRED"` (RFC §14.5: no plan, no recall call). Recall runs
in-process or over HTTP with a bearer token.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

import httpx
import msgspec

from app.contracts import ContextNeeds, ContextPlan, RecallBundle, RecallRequest
from app.modes import HEADINGS
from app.planner import plan_query
from app.planner.clock import DEFAULT_ZONE
from app.recall import RecallDeps, run_recall


class RecallClient(Protocol):
    async def recall(self, request: RecallRequest) -> RecallBundle: ...


class InProcessRecall:
    def __init__(self, deps: RecallDeps) -> None:
        self.deps = deps

    async def recall(self, request: RecallRequest) -> RecallBundle:
        return await run_recall(request, self.deps)


class HttpRecall:
    """POST /v1/temporal-recall/query on a running service."""

    def __init__(self, client: httpx.AsyncClient, base_url: str, token: str | None = None, timeout_s: float = 10.0) -> None:
        self.client, self.base_url, self.token, self.timeout_s = client, base_url.rstrip("/"), token, timeout_s

    async def recall(self, request: RecallRequest) -> RecallBundle:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        resp = await self.client.post(f"{self.base_url}/v1/temporal-recall/query", content=msgspec.json.encode(request),
                                      headers={**headers, "content-type": "application/json"}, timeout=self.timeout_s)
        resp.raise_for_status()
        return msgspec.json.decode(resp.content, type=RecallBundle)


def context_block(bundle: RecallBundle) -> str:
    """What the runtime injects into the prompt: the evidence, and the rule to answer from it only."""
    lines = ["<temporal_recall>",
             "只根据以下时间线条目回答；不要编造条目之外的事。引用时使用方括号编号。"]
    answer = bundle.answer
    if answer is not None:
        lines.append(answer.text)
        lines += [f"[{c.n}] {c.source_ref} event_time={c.event_time and c.event_time.isoformat()} "
                  f"observed_time={c.observed_time.isoformat()}" for c in answer.citations]
    else:
        for group in bundle.groups:
            lines.append(f"{HEADINGS[group.key]}：" + "；".join(it.title for it in group.items))
    lines.append("</temporal_recall>")
    return "\n".join(lines)


@dataclass(frozen=True)
class RuntimeContext:
    plan: ContextPlan
    context_needs: ContextNeeds
    bundle: RecallBundle | None
    context_block: str | None

    @classmethod
    async def build(
        cls,
        query: str,
        user_id: str,
        now: datetime | None = None,
        tz: str | None = None,
        *,
        recall: RecallClient,
        plan: ContextPlan | None = None,
        default_timezone: str = DEFAULT_ZONE,
    ) -> RuntimeContext:
        """A caller's plan is used as is; otherwise the Cheap Router makes one."""
        plan = plan or plan_query(query, now=now, timezone=tz, default_timezone=default_timezone)
        if plan.context_needs.temporal_recall != "REQUIRED":
            return cls(plan=plan, context_needs=plan.context_needs, bundle=None, context_block=None)
        bundle = await recall.recall(RecallRequest(user_id=user_id, query=query, now=plan.now or now,
                                                   timezone=tz, plan=plan))
        return cls(plan=plan, context_needs=plan.context_needs, bundle=bundle, context_block=context_block(bundle))
