"""POST /v1/context-planner/plan: the plan a caller gets, and clear 4xx problems for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from litestar.testing import AsyncTestClient

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "schemas" / "context-plan.schema.json").read_text())


@pytest.fixture
async def client(build_app):
    async with AsyncTestClient(build_app()) as c:
        yield c


async def test_rfc_example_plan(client):
    resp = await client.post("/v1/context-planner/plan", json={
        "query": "我昨天有什么重要的事？", "now": "2026-09-03T10:00:00+08:00", "timezone": "Asia/Shanghai"})
    assert resp.status_code == 200, resp.text
    plan = resp.json()
    jsonschema.validate(plan, SCHEMA)
    assert plan["temporal_mode"] == "AMBIGUOUS"
    assert plan["time"]["expressions"] == [{
        "text": "昨天", "start": "2026-09-02T00:00:00+08:00", "end": "2026-09-03T00:00:00+08:00",
        "grain": "day", "span": [1, 3]}]
    assert plan["context_needs"] == {"user_snapshot": "OPTIONAL", "temporal_recall": "REQUIRED",
                                     "memory_retrieval": "OPTIONAL"}
    assert plan["filters"]["importance_min"] == 0.6
    assert {r["source"] for r in plan["retrievals"]} >= {"meinput", "chat"}
    assert all(r["expanded_queries"] for r in plan["retrievals"])


async def test_timezone_defaults_to_the_offset_of_now(client):
    resp = await client.post("/v1/context-planner/plan", json={"query": "今天做了什么", "now": "2026-09-03T01:00:00+00:00"})
    expr = resp.json()["time"]["expressions"][0]
    assert (expr["start"], expr["end"]) == ("2026-09-03T00:00:00Z", "2026-09-04T00:00:00Z")


async def test_no_time_word_gives_empty_expressions_and_normal_chat_skips(client):
    plan = (await client.post("/v1/context-planner/plan", json={"query": "帮我写一首诗", "now": "2026-09-03T10:00:00+08:00"})).json()
    assert plan["time"]["expressions"] == []
    assert plan["context_needs"]["temporal_recall"] == "SKIP"
    assert plan["query_type"] == "normal_chat"


async def test_level_two_planner_is_reserved_and_reported(client):
    plan = (await client.post("/v1/context-planner/plan", json={
        "query": "我上周说过下周五之前要交什么", "now": "2026-09-03T10:00:00+08:00"})).json()
    assert plan["semantic_planner"] == {"ran": False, "wanted": True,
                                        "reason": "several time references or commitment tracking"}


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        ({"query": ""}, 400, "query"),
        ({"query": "   "}, 400, "must not be empty"),
        ({"now": "2026-09-03T10:00:00+08:00"}, 400, "query"),
        ({"query": "今天", "timezone": "Mars/Base"}, 400, "unknown timezone 'Mars/Base'"),
        ({"query": "今天", "now": "2026-09-03T10:00:00"}, 400, "timezone"),
        ({"query": "今天", "now": "yesterday"}, 400, "now"),
        ({"query": "明年", "now": "9999-12-31T23:00:00+08:00"}, 400, "between the years"),
        ({"query": "今天", "colour": "blue"}, 400, "colour"),
        ({"query": "x" * 2001}, 400, "length"),
    ],
)
async def test_bad_input_is_a_problem_document(client, body, status, detail):
    resp = await client.post("/v1/context-planner/plan", json=body)
    assert resp.status_code == status
    assert resp.headers["content-type"].startswith("application/problem+json")
    problem = resp.json()
    assert problem["status"] == status and problem["title"]
    assert detail in problem["detail"]


async def test_non_json_and_oversized_bodies(client):
    resp = await client.post("/v1/context-planner/plan", content=b"{not json", headers={"content-type": "application/json"})
    assert resp.status_code == 400 and "not valid JSON" in resp.json()["detail"]
    resp = await client.post("/v1/context-planner/plan", content=b"{" + b" " * 70_000 + b"}",
                             headers={"content-type": "application/json"})
    assert resp.status_code == 413
    assert resp.headers["content-type"].startswith("application/problem+json")
