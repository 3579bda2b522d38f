"""POST /v1/temporal-recall/query over the emulator and the real embedded Postgres (RFC §14)."""

from __future__ import annotations

import httpx
import pytest

from app.emulator.dataset import DEMO_NOW, DEMO_USER, OTHER_USER

NOW = DEMO_NOW.isoformat()


@pytest.fixture
async def client(build_app, upstream_env):
    app = build_app(upstream_env)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://recall") as c:
        yield c


async def ask(client, query: str, **extra) -> dict:
    resp = await client.post("/v1/temporal-recall/query",
                             json={"user_id": DEMO_USER, "query": query, "now": NOW, **extra})
    assert resp.status_code == 200, resp.text
    return resp.json()


def items(bundle: dict) -> list[dict]:
    return [it for g in bundle["groups"] for it in g["items"]]


async def test_acceptance_1_yesterday_important_is_grouped_and_not_empty(client):
    bundle = await ask(client, "我昨天有什么重要的事？")
    groups = {g["key"]: g["items"] for g in bundle["groups"]}
    assert list(groups)[:2] == ["occurred", "mentioned"]
    assert groups["occurred"] and groups["mentioned"]
    assert any("张总签" in it["title"] for it in groups["occurred"])
    assert all(it["tier"] in ("primary", "secondary") for it in items(bundle))
    assert bundle["plan"]["temporal_mode"] == "AMBIGUOUS"


async def test_acceptance_2_meinput_items_on_top(client):
    bundle = await ask(client, "我这周输入过什么关于 MeInput 的？")
    shown = items(bundle)
    assert len(shown) >= 3
    top = sorted(shown, key=lambda it: -it["recall_score"])[:3]
    assert all(it["source"] == "meinput" for it in top)
    assert all("meinput" in (it["title"] + it["content"]).lower() for it in top)


async def test_acceptance_3_chat_and_meinput_mentions_are_one_item(client, emulator):
    bundle = await ask(client, "我前天说过什么", include_hidden=True, limit=100)
    # the title drops the time words its own event_time replaces; the text stays in content
    [contract] = [it for it in items(bundle) if it["title"] == "和张总签合同" and "明天" in it["content"]]
    ds = emulator.state.dataset
    [event] = [e for e in ds.events if e.event_id == "anchor_contract"]
    assert set(contract["merged_from"]) == set(event.planned_refs)
    assert {ref.split(":")[0] for ref in contract["merged_from"]} == {"meinput", "chat"}
    assert contract["source_ref"] in contract["merged_from"]
    assert contract["participants"] == ["张总"]


async def test_acceptance_4_modes_filter_the_right_column(client):
    due = await ask(client, "这周五之前要交什么？")
    assert [g["key"] for g in due["groups"]] == ["due"]
    titles = [it["title"] for it in items(due)]
    assert "要交季度报告" in titles
    for it in items(due):
        assert NOW <= it["event_time"] < "2026-09-05T00:00:00+08:00" or it["score_breakdown"]["temporal_match"] < 1
    said = await ask(client, "我前天说过什么")
    assert all(it["observed_time"].startswith("2026-09-01") for it in items(said)
               if it["score_breakdown"]["temporal_match"] == 1.0)


async def test_a_question_with_no_time_word_about_what_is_ahead_looks_ahead(client):
    planned = await ask(client, "我有什么安排？")
    assert planned["plan"]["context_needs"]["temporal_recall"] == "REQUIRED"
    in_range = [it for it in items(planned) if it["score_breakdown"]["temporal_match"] == 1.0]
    assert in_range and all(it["event_time"] >= NOW for it in in_range)
    # what is to be handed in: the deadline ahead, not only those of the last 30 days
    due = await ask(client, "我有什么要交的？")
    assert "要交季度报告" in [it["title"] for it in items(due)]


async def test_bundle_shape_and_counts(client):
    bundle = await ask(client, "我昨天做了什么", limit=3)
    assert set(bundle) >= {"plan", "groups", "sources", "stats", "explain"}
    assert bundle["explain"] is None
    shown = items(bundle)
    assert len(shown) == bundle["stats"]["shown"] <= 3
    refs = [it["timeline_item_id"] for it in shown]
    assert len(refs) == len(set(refs)), "an item appears in at most one group"
    stats = bundle["stats"]
    assert stats["candidates"] >= stats["in_window"] >= stats["after_dedupe"] >= stats["shown"]
    for name in ("meinput", "chat", "memory_v2"):
        assert bundle["sources"][name]["status"] == "ok"
    for it in shown:
        b = it["score_breakdown"]
        product = b["source_quality"] * b["temporal_match"] * b["semantic_match"] * b["importance"] * b["extraction_confidence"]
        assert it["recall_score"] == pytest.approx(product, abs=1e-3)
        assert (it["tier"] == "primary") == (it["recall_score"] >= 0.75)


async def test_hidden_items_only_on_request(client):
    plain = await ask(client, "我昨天说过什么", limit=100)
    full = await ask(client, "我昨天说过什么", limit=100, include_hidden=True)
    assert not any(it["tier"] == "hidden" for it in items(plain))
    assert any(it["tier"] == "hidden" for it in items(full))
    assert len(items(full)) > len(items(plain))


async def test_explain_returns_sql_counts_timings_and_dedupe_plan(client):
    bundle = await ask(client, "我昨天有什么重要的事？", explain=True)
    ex = bundle["explain"]
    stages = [s["stage"] for s in ex["steps"]]
    assert stages[0] == "load" and "filter" in stages and "dedupe" in stages and stages[-1] == "rank"
    assert any(s["stage"] == "dedupe" and s["statement"] == "dedupe_edges" for s in ex["steps"])
    assert all(s["ms"] >= 0 and s["rows"] >= 0 for s in ex["steps"])
    assert "recall_window" in ex["dedupe_plan"] and "actual rows" in ex["dedupe_plan"]
    from app.sqlfiles import Queries

    ran = {s["statement"] for s in ex["steps"]}
    elsewhere = {"server_versions",  # the health probes
                 "set_statement_timeout",  # sent before each statement, not a step of its own
                 # only where some 15 minutes or a day hold more than 65 candidates (test_sql_pipeline.py)
                 "dedupe_crowded"}
    assert ran | elsewhere == set(Queries()) | {"copy"}, "every sql/ file runs in a request (or elsewhere)"


async def test_a_given_plan_is_used_as_is(client):
    plan = (await client.post("/v1/context-planner/plan", json={"query": "我前天做了什么", "now": NOW})).json()
    bundle = await ask(client, "随便一句话", plan=plan)
    assert bundle["plan"]["temporal_mode"] == "OCCURRED_IN"
    assert bundle["plan"]["time"]["event_range"] == plan["time"]["event_range"]


async def test_a_given_plans_filters_are_honoured(client):
    plan = (await client.post("/v1/context-planner/plan", json={"query": "我这周做了什么", "now": NOW})).json()
    every = items(await ask(client, "随便一句话", plan=plan, limit=100))
    plan["filters"]["importance_min"] = 0.7
    important = items(await ask(client, "随便一句话", plan=plan, limit=100))
    assert important and all(it["importance"] >= 0.7 for it in important)
    assert len(important) < len(every), "the caller's filter dropped the rest"


async def test_users_never_see_each_others_records(client, emulator):
    ds = emulator.state.dataset
    for user in (DEMO_USER, OTHER_USER):
        resp = await client.post("/v1/temporal-recall/query", json={
            "user_id": user, "query": "最近一个月我说过什么", "now": NOW, "include_hidden": True, "limit": 100})
        for it in items(resp.json()):
            assert it["user_id"] == user
            assert {ds.owner_of(ref) for ref in it["merged_from"]} == {user}


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"user_id": "demo", "query": "昨天", "limit": 0}, "limit"),
        ({"user_id": "demo", "query": "昨天", "limit": 101}, "limit"),
        ({"user_id": "demo", "query": "  "}, "blank"),
        ({"user_id": " ", "query": "昨天"}, "blank"),
        ({"query": "昨天"}, "user_id"),
        ({"user_id": "demo", "query": "昨天", "now": "2026-09-03T10:00:00"}, "timezone"),
        ({"user_id": "demo", "query": "昨天", "timezone": "Nowhere/City"}, "unknown timezone"),
        ({"user_id": "demo", "query": "昨天", "timezone": "Asia"}, "unknown timezone"),
        ({"user_id": "demo", "query": "昨天", "timezone": "Ṱo invoke " * 40}, "unknown timezone"),
        ({"user_id": "demo", "query": "昨天", "plan": {"temporal_mode": "SOMETIMES"}}, "plan"),
        ({"user_id": "demo", "query": "x" * 2001}, "length"),
    ],
)
async def test_bad_requests_are_problem_documents(client, body, detail):
    resp = await client.post("/v1/temporal-recall/query", json=body)
    assert resp.status_code == 400, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json")
    assert detail in resp.json()["detail"]


async def test_nothing_persists_after_many_queries(client, engine):
    async def user_tables():
        async with engine.connect() as conn:
            raw = (await conn.get_raw_connection()).driver_connection
            return await raw.fetchval("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                                      "WHERE c.relkind IN ('r', 'p', 'm', 'i') AND n.nspname NOT LIKE 'pg_%' "
                                      "AND n.nspname <> 'information_schema'")
    before = await user_tables()
    queries = ["我昨天有什么重要的事？", "这周五之前要交什么？", "我这周输入过什么关于 MeInput 的？", "我上周做了什么"]
    for i in range(200):
        await ask(client, queries[i % len(queries)])
    assert await user_tables() == before


async def test_ambiguous_has_exactly_occurred_and_mentioned(client):
    bundle = await ask(client, "我这周有什么重要的事？")
    assert [g["key"] for g in bundle["groups"]] == ["occurred", "mentioned"]
    occurred = {it["title"]: it for it in bundle["groups"][0]["items"]}
    report = occurred["要交季度报告"]  # Friday, still ahead of now
    assert report["status"] == "planned" and report["event_time"] > NOW
    assert "18:00 要交季度报告（尚未发生）" in bundle["answer"]["text"]


@pytest.mark.parametrize("edge", ["0001-01-01T00:00:00+08:00", "9999-12-31T23:00:00-08:00"])
async def test_a_given_plan_outside_the_calendar_is_a_bad_request(client, edge):
    plan = (await client.post("/v1/context-planner/plan", json={"query": "我前天做了什么", "now": NOW})).json()
    plan["time"]["event_range"]["start" if edge.startswith("0001") else "end"] = edge
    resp = await client.post("/v1/temporal-recall/query", json={"user_id": "demo", "query": "x", "plan": plan})
    assert resp.status_code == 400, resp.text
    assert "1900" in resp.json()["detail"]


async def test_a_given_plan_with_an_empty_range_is_a_bad_request(client):
    plan = (await client.post("/v1/context-planner/plan", json={"query": "我前天做了什么", "now": NOW})).json()
    plan["time"]["event_range"]["end"] = plan["time"]["event_range"]["start"]
    resp = await client.post("/v1/temporal-recall/query", json={"user_id": "demo", "query": "x", "plan": plan})
    assert resp.status_code == 400 and "start before its end" in resp.json()["detail"]


async def test_time_words_outside_the_calendar_are_not_time(client):
    bundle = await ask(client, "近4887年和9999年12月31日我做了什么")
    assert bundle["plan"]["time"]["expressions"] == []
    edge = await ask(client, "2200年我做了什么")
    assert [e["text"] for e in edge["plan"]["time"]["expressions"]] == ["2200年"], "the last year still counts"


async def test_odd_terms_from_the_caller_are_cleaned_not_a_500(client):
    query = "我昨天有什么重要的事？"
    plain = {it["source_ref"]: it for it in items(await ask(client, query, include_hidden=True))}
    odd = {it["source_ref"]: it for it in items(await ask(
        client, query, include_hidden=True, user_snapshot={"active_projects": ["\x00", "  ", "Me\x00Input"]}))}
    meinput = [ref for ref, it in plain.items() if "MeInput" in it["title"] + it["content"]]
    assert meinput and set(odd) == set(plain)
    for ref in meinput:  # the cleaned project MeInput is a ranking prior (RFC §10)
        assert odd[ref]["score_breakdown"]["importance"] == pytest.approx(
            min(1.0, plain[ref]["score_breakdown"]["importance"] + 0.1), abs=1e-3)
    for ref in set(plain) - set(meinput):  # a blank project matches nothing
        assert odd[ref]["score_breakdown"] == plain[ref]["score_breakdown"]


async def test_a_normal_chat_question_makes_no_upstream_request(client, emulator):
    before = sum(emulator.state.requests.values())
    bundle = await ask(client, "“明天见”用英语怎么说？")
    assert sum(emulator.state.requests.values()) == before, "RFC §14.5: no recall call for normal chat"
    assert bundle["groups"] == [] and bundle["stats"]["candidates"] == 0
    assert {r["status"] for r in bundle["sources"].values()} == {"skipped"}
    assert all("SKIP" in r["error"] for r in bundle["sources"].values())
    # a caller that passes its own plan is answered whatever the router would say
    plan = (await client.post("/v1/context-planner/plan", json={"query": "我昨天做了什么", "now": NOW})).json()
    answered = await ask(client, "“明天见”用英语怎么说？", plan=plan)
    assert answered["sources"]["meinput"]["status"] == "ok"
