"""Agent Runtime hook (RFC §14.5) and evidence-only answers (RFC §3.9)."""

from __future__ import annotations

import httpx
import msgspec
import pytest

from app.answer import AnswerRejected, compose_answer, render_answer, validate_answer
from app.contracts import Answer, Citation, RecallRequest
from app.emulator.dataset import DEMO_NOW, DEMO_USER
from app.recall import RecallDeps, run_recall
from app.runtime import HttpRecall, InProcessRecall, RuntimeContext
from app.settings import load_settings

NORMAL_CHAT = ["你好", "帮我写一首关于秋天的诗", "解释一下快速排序的时间复杂度", "今天天气怎么样", "讲个笑话",
               "周杰伦有哪些好听的歌", "推荐一个下午茶", "用Python写个冒泡排序", "把这段话翻译成英文", "一年有多少个星期"]
TEMPORAL = ["我昨天有什么重要的事？", "这周五之前要交什么？", "我这周输入过什么关于 MeInput 的？"]


@pytest.fixture
async def deps(engine, http_client, upstream_env):
    deps = RecallDeps.create(load_settings({**upstream_env, "CACHE_TTL_S": "0.001"}), engine, http_client)
    yield deps
    await deps.upstreams.aclose()


@pytest.mark.parametrize("query", NORMAL_CHAT)
async def test_normal_chat_makes_no_recall_call(deps, emulator, query):
    ctx = await RuntimeContext.build(query, DEMO_USER, DEMO_NOW, recall=InProcessRecall(deps))
    assert ctx.context_needs.temporal_recall == "SKIP"
    assert ctx.bundle is None and ctx.context_block is None
    assert sum(emulator.state.requests.values()) == 0


@pytest.mark.parametrize("query", TEMPORAL)
async def test_temporal_questions_are_recalled_in_process(deps, emulator, query):
    ctx = await RuntimeContext.build(query, DEMO_USER, DEMO_NOW, recall=InProcessRecall(deps))
    assert ctx.context_needs.temporal_recall == "REQUIRED"
    assert sum(emulator.state.requests.values()) > 0
    assert ctx.bundle is not None and ctx.bundle.answer is not None
    assert ctx.context_block.startswith("<temporal_recall>") and "[1]" in ctx.context_block


async def test_recall_over_http_with_a_bearer_token(build_app, upstream_env, emulator):
    app = build_app(upstream_env)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://svc") as client:
        ctx = await RuntimeContext.build("我昨天做了什么", DEMO_USER, DEMO_NOW,
                                         recall=HttpRecall(client, "http://svc", token="t"))
    assert ctx.bundle.plan.temporal_mode == "OCCURRED_IN"
    assert sum(emulator.state.requests.values()) > 0


async def test_a_callers_plan_is_used_as_is(deps, emulator):
    from app.planner import plan_query

    skip_plan = plan_query("讲个笑话", now=DEMO_NOW)
    ctx = await RuntimeContext.build("我昨天做了什么", DEMO_USER, DEMO_NOW, recall=InProcessRecall(deps), plan=skip_plan)
    assert ctx.bundle is None and sum(emulator.state.requests.values()) == 0


async def _bundle(deps, query, **extra):
    return await run_recall(RecallRequest(user_id=DEMO_USER, query=query, now=DEMO_NOW, **extra), deps)


async def test_answer_cites_every_statement_and_marks_secondary(deps):
    bundle = await _bundle(deps, "我昨天有什么重要的事？")
    answer = bundle.answer
    shown = {it.source_ref: it for g in bundle.groups for it in g.items}
    assert answer.citations and {c.source_ref for c in answer.citations} == set(shown)
    for c in answer.citations:
        assert f"[{c.n}]" in answer.text
        assert c.event_time == shown[c.source_ref].event_time
        assert c.observed_time == shown[c.source_ref].observed_time
    assert "发生的事：" in answer.text and "提到的事：" in answer.text
    secondary = [it for it in shown.values() if it.tier == "secondary"]
    assert secondary and all(f"{it.title}" in answer.text for it in secondary)
    assert answer.text.count("可能相关") == len(secondary)


async def test_hidden_items_are_never_in_the_answer(deps):
    bundle = await _bundle(deps, "我昨天说过什么", include_hidden=True, limit=100)
    hidden = [it for g in bundle.groups for it in g.items if it.tier == "hidden"]
    assert hidden
    assert not {it.source_ref for it in hidden} & {c.source_ref for c in bundle.answer.citations}


async def test_empty_bundle_says_so_and_names_the_range(deps):
    bundle = await _bundle(deps, "我2025年3月做了什么")
    assert all(not g.items for g in bundle.groups)
    assert bundle.answer.citations == []
    assert bundle.answer.text == "没有找到2025年3月（2025-03-01 00:00 至 2025-04-01 00:00）的相关记录。"


class FakeWriter:
    def __init__(self, answer: Answer) -> None:
        self.answer = answer

    def write(self, bundle):
        return self.answer


async def test_writer_answers_are_validated(deps):
    bundle = await _bundle(deps, "我昨天有什么重要的事？")
    first = bundle.groups[0].items[0]
    good = Answer(text=f"昨天最重要的是{first.title} [1]", citations=[
        Citation(n=1, source_ref=first.source_ref, event_time=first.event_time, observed_time=first.observed_time)])
    assert compose_answer(bundle, FakeWriter(good)) == good
    invented = Answer(text="你昨天还去了火星 [1]", citations=[
        Citation(n=1, source_ref="meinput:segment:made_up", event_time=None, observed_time=first.observed_time)])
    with pytest.raises(AnswerRejected, match="not in the bundle"):
        validate_answer(invented, bundle)
    assert compose_answer(bundle, FakeWriter(invented)) == render_answer(bundle), "falls back to the evidence"
    dangling = msgspec.structs.replace(good, text=good.text + "，还有别的 [2]")
    with pytest.raises(AnswerRejected, match="no citation"):
        validate_answer(dangling, bundle)
