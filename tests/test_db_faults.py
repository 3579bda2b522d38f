"""Database faults a caller must not feel as more than a 503 or a notice: windows packed with
thousands of records, requests out of time, bursts that queue for connections, health probes
while every connection is busy. (The embedded server killed under the service: test_service.py.)"""

from __future__ import annotations

import asyncio
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import asyncpg
import httpx
import pytest
from sqlalchemy.exc import DBAPIError

from app.candidate import Candidate
from app.db import migrate
from app.db.errors import database_errors
from app.embed import HashingEmbedder
from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, DEMO_USER, Dataset
from app.errors import DatabaseUnavailable
from app.pipeline import runner
from app.pipeline.runner import prepare_stages, run_stages, sql_transaction
from app.pipeline.sql import OutOfTime
from app.planner import plan_query, resolve_clock
from app.sqlfiles import Queries
from bench.db_faults import add_dense_window
from tests.conftest import asyncpg_url, create_database

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 9, 3, 10, 0, tzinfo=TZ)
BODY = {"user_id": DEMO_USER, "query": "我昨天有什么重要的事？", "now": DEMO_NOW.isoformat()}


def client_for(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://recall", timeout=60)


# ---------------------------------------------------------------- dense windows (item 5)

@pytest.fixture(scope="module")
def dense_emulator():
    emu = start_emulator(add_dense_window(Dataset(), "dense", 3000))
    yield emu
    emu.stop()


async def test_3000_messages_in_one_window_answer_within_the_deadline(build_app, dense_emulator):
    app = build_app({**dense_emulator.env(("chat",)), "SOURCE_RECORD_CAP": "10000"})
    async with client_for(app) as c:
        started = time.monotonic()
        resp = await c.post("/v1/temporal-recall/query",
                            json={"user_id": "dense", "query": "我昨天说过什么", "now": DEMO_NOW.isoformat()})
        elapsed = time.monotonic() - started
    bundle = resp.json()
    assert resp.status_code == 200, bundle
    assert elapsed < 5.0 + 0.3, f"answered after {elapsed:.1f} s, past the 5 s deadline"
    assert bundle["stats"]["in_window"] == 3000
    [notice] = bundle["notices"]
    if not notice.startswith("dedupe ran out of time"):  # only on a machine too loaded to dedupe in ~4 s
        assert "at most 64 others on either side" in notice, "the bundle says dedupe was bounded"
        assert bundle["stats"]["after_dedupe"] < 50, "the 2,000 copies of one reminder still merge"


def _copies(n: int) -> list[Candidate]:
    start = datetime(2026, 9, 2, 15, 0, tzinfo=TZ)
    text = "帮我记一下：明天上午十点和李经理谈续约"
    return [Candidate(source_ref=f"chat:message:{i}", gist=text, user_id="u", source="chat", role="user",
                      type="mention", status="mentioned", event_time=None, event_grain=None,
                      observed_time=start + timedelta(seconds=899 * i / n), title=text, content=text,
                      importance=0.5, confidence=0.9, source_quality=0.97) for i in range(n)]


async def test_dedupe_out_of_time_is_skipped_and_the_rest_still_ranked(engine, monkeypatch):
    # 8,000 copies in 15 minutes: dedupe needs ~0.5 s or more, and the deadline leaves it 0.3 s minus
    # the load and the filter; ranking keeps 5 s, so that a slow machine still ranks in time
    monkeypatch.setattr(runner, "RANK_RESERVE_S", 5.0)
    plan = plan_query("我昨天说过什么", now=NOW)
    stage_input = await prepare_stages(plan, resolve_clock(NOW, None), _copies(8000), HashingEmbedder())
    deadline = time.monotonic() + 5.3
    result = await run_stages(engine, Queries(), stage_input, deadline=deadline)
    assert time.monotonic() < deadline + 0.1
    assert result.notices == ["dedupe ran out of time: repeats of one event may show as separate items"]
    assert result.after_dedupe == result.in_window == 8000, "nothing merged"
    assert len(result.rows) == 20
    async with engine.connect() as conn:  # the connection went back to the pool without a timeout set
        raw = (await conn.get_raw_connection()).driver_connection
        assert await raw.fetchval("SHOW statement_timeout") == "0"


async def test_the_statement_timeout_is_sent_again_only_when_it_drifts_from_the_deadline():
    from app.pipeline.sql import TIMEOUT_SLACK_S, SqlRun

    class Conn:
        def __init__(self) -> None:
            self.sent: list[str] = []

        async def execute(self, sql: str, *args: str) -> str:
            self.sent.append(f"timeout {args[0]}" if "statement_timeout" in sql else "statement")
            return "SELECT 1"

    conn = Conn()
    run = SqlRun(conn=conn, queries=Queries(), deadline=time.monotonic() + 5)
    for _ in range(3):
        await run.execute("rank", "analyze_window")
    assert [s.split()[0] for s in conn.sent] == ["timeout", "statement", "statement", "statement"]
    with run.finishing_by(time.monotonic() + 2):  # an earlier deadline: sent again
        await run.execute("dedupe", "analyze_window")
    await run.execute("rank", "analyze_window")  # the stricter one would stop it early: sent again
    assert [s.split()[0] for s in conn.sent[4:]] == ["timeout", "statement", "timeout", "statement"]
    assert 1900 <= int(conn.sent[4].split()[1]) <= 2000 and int(conn.sent[6].split()[1]) > 4000
    await asyncio.sleep(TIMEOUT_SLACK_S * 2)  # the one in force now runs past the deadline by more than the slack
    await run.execute("rank", "analyze_window")
    assert conn.sent[-2].startswith("timeout")


async def test_a_statement_timeout_undone_with_its_savepoint_is_sent_again():
    # dedupe runs in a savepoint under an earlier deadline; cut there, the rollback also undoes the
    # statement_timeout set inside it, so ranking must not trust what was sent
    from contextlib import asynccontextmanager

    from app.pipeline.sql import OutOfTime, SqlRun

    class Conn:
        def __init__(self) -> None:
            self.sent: list[str] = []

        async def execute(self, sql: str, *args: str) -> str:
            self.sent.append("timeout" if "statement_timeout" in sql else "statement")
            return "SELECT 1"

        @asynccontextmanager
        async def transaction(self):
            yield

    conn = Conn()
    run = SqlRun(conn=conn, queries=Queries(), deadline=time.monotonic() + 5)
    with run.finishing_by(time.monotonic() + 4):
        await run.execute("filter", "analyze_window")
    with pytest.raises(OutOfTime):
        async with run.savepoint():
            await run.execute("dedupe", "analyze_window")  # the 5 s one: undone by the rollback
            raise OutOfTime("dedupe", "dedupe_edges")
    await run.execute("rank", "analyze_window")
    assert conn.sent == ["timeout", "statement", "timeout", "statement", "timeout", "statement"]


async def test_no_time_left_for_the_sql_is_an_empty_answer_that_says_so(engine):
    plan = plan_query("我昨天说过什么", now=NOW)
    stage_input = await prepare_stages(plan, resolve_clock(NOW, None), _copies(10), HashingEmbedder())
    result = await run_stages(engine, Queries(), stage_input, deadline=time.monotonic())
    assert result.rows == [] and result.in_window == 0
    assert result.notices[0].startswith("the database ran out of time in the load stage")


# ---------------------------------------------------------------- bursts wait within their deadline (item 2)

async def test_a_burst_waits_for_connections_while_it_has_time(build_app, upstream_env):
    # a 30 s deadline leaves the 30 recalls room to queue behind the held connections on a slow machine;
    # DB_POOL_TIMEOUT_S is left unset, as deployed
    app = build_app({**upstream_env, "DB_POOL_SIZE": "2", "REQUEST_DEADLINE_S": "30"})
    engine = app.state.engine

    async def long_recall() -> None:  # holds a pooled connection 3 s, past the former 2 s pool wait
        async with sql_transaction(engine, Queries()):
            await asyncio.sleep(3)

    async with client_for(app) as c:
        holders = [asyncio.create_task(long_recall()) for _ in range(2)]
        await asyncio.sleep(0.1)
        started = time.monotonic()
        answers = await asyncio.gather(*(c.post("/v1/temporal-recall/query", json=BODY) for _ in range(30)))
        elapsed = time.monotonic() - started
        await asyncio.gather(*holders)
    assert [r.status_code for r in answers] == [200] * 30
    assert elapsed < 30


async def test_no_connection_before_the_deadline_is_a_503_at_the_deadline(build_app, upstream_env):
    app = build_app({**upstream_env, "DB_POOL_SIZE": "1", "REQUEST_DEADLINE_S": "1"})
    async with client_for(app) as c, sql_transaction(app.state.engine, Queries()):
        started = time.monotonic()
        resp = await c.post("/v1/temporal-recall/query", json=BODY)
        elapsed = time.monotonic() - started
    assert resp.status_code == 503 and "busy" in resp.json()["detail"]
    assert 0.5 < elapsed < 1.5, "waited while it had time, never much past its deadline"


# ---------------------------------------------------------------- health (item 7)

async def test_health_probes_do_not_queue_behind_recalls(build_app):
    app = build_app({"DB_POOL_SIZE": "1"})
    async with client_for(app) as c, app.state.engine.connect():  # every pooled connection is busy
        started = time.monotonic()
        live = await c.get("/healthz")
        ready = await c.get("/readyz")
        elapsed = time.monotonic() - started
    assert live.status_code == 200 and live.json()["database"] == "reachable"
    assert ready.status_code == 200 and ready.json()["database"]["ready"]
    assert elapsed < 3.0, "not the pool's wait (the request deadline, 5 s)"


async def test_readyz_is_503_while_migrations_are_behind_and_says_which(embedded_pg, http_client):
    from app.db.engine import create_engine
    from app.settings import load_settings
    from app.web import create_app

    url = await create_database("readyz_behind")
    await asyncio.to_thread(migrate.upgrade, url, "0001")
    settings = load_settings({})
    engine = create_engine(asyncpg_url("readyz_behind"), settings)
    try:
        app = create_app(settings, engine=engine, queries=Queries(), http_client=http_client)
        async with client_for(app) as c:
            ready = await c.get("/readyz")
            live = await c.get("/healthz")
    finally:
        await engine.dispose()
    assert ready.status_code == 503
    assert ready.json()["status"] == "not ready"
    assert ready.json()["database"]["error"] == f"database at migration 0001, the service needs {migrate.head_revision()}"
    assert live.status_code == 200 and live.json()["migration"] == "0001"


def test_asyncpg_state_errors_of_a_lost_connection_are_503():
    # what asyncpg raised at COMMIT when the postmaster was killed mid-request (it was a 500)
    with pytest.raises(DatabaseUnavailable), database_errors():
        raise asyncpg.InternalClientError("cannot switch to state 15; another operation (2) is in progress")


def test_a_lost_connection_under_sqlalchemys_wrapper_is_503():
    # SQLAlchemy wraps the driver's error, not always marking the connection invalidated
    lost = DBAPIError.instance("SELECT 1", None, asyncpg.exceptions.ConnectionDoesNotExistError("closed"),
                               asyncpg.PostgresError)
    assert not lost.connection_invalidated
    with pytest.raises(DatabaseUnavailable), database_errors():
        raise lost
    with pytest.raises(DBAPIError), database_errors():  # a bug in a statement still is what it is
        raise DBAPIError.instance("SELEC 1", None, asyncpg.exceptions.PostgresSyntaxError("syntax"),
                                  asyncpg.PostgresError)


async def test_readyz_shows_each_upstreams_client(build_app, upstream_env):
    app = build_app(upstream_env)
    async with client_for(app) as c:
        ready = (await c.get("/readyz")).json()
    sources = ready["upstreams"]["sources"]
    assert {"meinput", "chat"} <= set(sources) and ready["upstreams"]["ready"]
    assert sources["chat"]["breaker"] == "closed" and sources["chat"]["in_flight"] == 0


async def test_a_server_out_of_connection_slots_is_busy_not_broken(embedded_pg):
    # a role limited to no connections meets the same refusal (53300 too_many_connections) as a server
    # whose max_connections are all taken: a 503 to retry, not a 500
    from tests.conftest import DATA_DIR

    admin = await asyncpg.connect(host=str(DATA_DIR), user="postgres", database="postgres")
    try:
        await admin.execute("DROP ROLE IF EXISTS recall_full")
        await admin.execute("CREATE ROLE recall_full LOGIN CONNECTION LIMIT 0")
        with pytest.raises(DatabaseUnavailable, match="no connection slot"):
            with database_errors():
                await asyncpg.connect(host=str(DATA_DIR), user="recall_full", database="postgres")
    finally:
        await admin.execute("DROP ROLE IF EXISTS recall_full")
        await admin.close()


async def test_a_full_upstream_pool_does_not_take_the_replica_out_of_the_balancer(build_app, upstream_env, emulator):
    # a cold chat pull fills the pool by design; /readyz 503 then would make a load balancer pull a
    # replica that is answering (bench/replicas.py saw 152 × 503 from that)
    emulator.state.set_fault("chat", "delay", delay_s=1.0)
    app = build_app(upstream_env | {"SOURCE_POOL_SIZE": "2"})
    async with client_for(app) as c:
        recall = asyncio.create_task(c.post("/v1/temporal-recall/query", json={
            "user_id": DEMO_USER, "query": "我这周说过什么", "now": DEMO_NOW.isoformat()}))
        for _ in range(50):
            ready = await c.get("/readyz")
            if ready.json()["upstreams"]["busy"]:
                break
            await asyncio.sleep(0.02)
        assert ready.json()["upstreams"]["busy"] == ["chat"], "the pool was full while this was asked"
        assert ready.status_code == 200
        assert (await recall).status_code == 200


def test_labelling_a_burst_of_edges_stops_at_the_deadline(monkeypatch):
    # 8,000 items in 15 minutes that all look alike have ~500k edges: labelling them in Python took
    # longer than ranking's reserve, after the edge query had finished just in time
    from app.pipeline import dedupe

    burst = [(i, list(range(i + 1, i + 65))) for i in range(8000)]
    ticks = iter(range(10**6))  # a clock that moves on each time it is read: the deadline passes mid-walk
    monkeypatch.setattr(dedupe.time, "monotonic", lambda: next(ticks))
    with pytest.raises(OutOfTime):
        dedupe._components(burst, deadline=1.5)
    labelled = dedupe._components(burst[:3], deadline=None)
    assert set(labelled.roots) == {0}, "one event"
