"""The service process: starts on the embedded server, answers /healthz, brings its server back when
it dies, leaves nothing behind."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psutil
import pytest
from litestar.testing import AsyncTestClient

from app.db import migrate
from app.emulator.dataset import DEMO_NOW, DEMO_USER

ROOT = Path(__file__).resolve().parents[1]


async def test_healthz_reports_versions_and_revision(build_app):
    app = build_app()
    async with AsyncTestClient(app) as client:
        resp = await client.get("/healthz")
    body = resp.json()
    assert resp.status_code == 200, body
    assert body["database"] == "reachable"
    assert body["postgres"].startswith("18")
    assert tuple(int(x) for x in body["pgvector"].split(".")[:2]) >= (0, 8)
    assert body["migration"] == migrate.head_revision()


async def test_openapi_is_served(build_app):
    app = build_app()
    async with AsyncTestClient(app) as client:
        resp = await client.get("/schema/openapi.json")
    assert resp.status_code == 200
    assert "/v1/context-planner/plan" in resp.json()["paths"]


async def test_the_first_request_finds_a_connection_already_open(build_app):
    app = build_app()
    pool = app.state.engine.pool
    assert pool.checkedin() == 0
    async with AsyncTestClient(app):  # the start-up's warm-up ran its stages once
        assert pool.checkedin() == 1, "the first recall would open (and warm) a connection itself"


@pytest.mark.parametrize("where", ["down", "no such database"])
async def test_a_database_down_at_start_does_not_stop_the_service(http_client, caplog, db_url, where):
    from sqlalchemy.engine import make_url

    from app.db.engine import create_engine
    from app.settings import load_settings
    from app.sqlfiles import Queries
    from app.web import create_app

    settings = load_settings({})
    url = (f"postgresql://recall@127.0.0.1:{_free_port()}/recall" if where == "down"
           else make_url(db_url).set(database="no_such_database").render_as_string(hide_password=False))
    engine = create_engine(url, settings)
    try:
        async with AsyncTestClient(create_app(settings, engine=engine, queries=Queries(),
                                              http_client=http_client)) as client:
            alive = await client.get("/healthz")
            assert alive.status_code == 200 and alive.json()["database"] == "unreachable"
        assert any(r.message.startswith("warm-up skipped") for r in caplog.records)
    finally:
        await engine.dispose()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _postgres_of(data_dir: Path) -> list[psutil.Process]:
    return [p for p in psutil.process_iter(["status", "cmdline"])
            if p.info["status"] != psutil.STATUS_ZOMBIE and str(data_dir) in " ".join(p.info["cmdline"] or [])]


_STARTED: list[subprocess.Popen] = []  # services a test started, stopped by service_dir if it fails half-way


def _start_service(data_dir: Path, port: int, extra_env: dict[str, str] | None = None,
                   log: Path | None = None) -> subprocess.Popen:
    """`log`: a file for the service's output, when it may write more than a pipe holds (~64 KiB)."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"} | (extra_env or {})
    env["RECALL_DATA_DIR"] = str(data_dir)
    output = log.open("w") if log else subprocess.PIPE
    proc = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=output, stderr=subprocess.STDOUT, text=True)
    _STARTED.append(proc)
    return proc


def _wait_healthy(port: int, proc: subprocess.Popen, seconds: float, log: Path | None = None) -> dict:
    """`log`: where the service writes when its output is not a pipe."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            output = proc.stdout.read() if proc.stdout else log.read_text() if log else ""
            pytest.fail(f"service exited early: {output}")
        try:
            resp = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
            if resp.status_code == 200:
                return resp.json()
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    pytest.fail(f"no healthy /healthz within {seconds}s")


@pytest.fixture
def service_dir():
    import shutil
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="mrs-"))
    yield root / "pgdata"
    # only if a test failed half-way: stop what this test started
    for service in _STARTED:
        if service.poll() is None:
            service.kill()
            service.wait(10)
    _STARTED.clear()
    for proc in _postgres_of(root):
        proc.terminate()
    shutil.rmtree(root, ignore_errors=True)


async def test_sigterm_finishes_requests_in_flight_then_stops_service_and_its_postgres(service_dir, emulator,
                                                                                          upstream_env):
    port = _free_port()
    first = _start_service(service_dir, port)
    _wait_healthy(port, first, 60)  # first start runs initdb
    first.send_signal(signal.SIGTERM)
    assert first.wait(20) == 0
    assert _postgres_of(service_dir) == []

    # Existing data dir: no initdb, the same cluster comes back (how fast is bench territory)
    # sources get 4 s: the 3 s delay below must not turn into a timeout on a slow machine
    second = _start_service(service_dir, port, upstream_env | {"RECALL_SHUTDOWN_GRACE_S": "5", "SOURCE_TIMEOUT_S": "4"})
    health = _wait_healthy(port, second, 60)
    assert health["migration"] == migrate.head_revision()
    emulator.state.set_fault("meinput", "delay", delay_s=3)  # keeps a recall in flight across the SIGTERM
    body = {"user_id": DEMO_USER, "query": "我昨天有什么重要的事？", "now": DEMO_NOW.isoformat()}
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        in_flight = asyncio.create_task(client.post("/v1/temporal-recall/query", json=body))
        await asyncio.sleep(0.7)
        signalled = time.monotonic()
        second.send_signal(signal.SIGTERM)
        await asyncio.sleep(1.0)
        async with httpx.AsyncClient(base_url=base, timeout=2) as newcomer:
            with pytest.raises(httpx.ConnectError):  # no new connection is taken
                await newcomer.get("/healthz")
        answer = await in_flight
    assert answer.status_code == 200 and answer.json()["sources"]["meinput"]["status"] == "ok", answer.text
    assert await asyncio.to_thread(second.wait, 20) == 0
    assert time.monotonic() - signalled < 5 + 3, "stopped within the grace (and the server's stop)"
    assert _postgres_of(service_dir) == []


def test_server_orphaned_by_kill_9_is_recovered(service_dir):
    port = _free_port()
    first = _start_service(service_dir, port)
    _wait_healthy(port, first, 60)
    first.kill()
    first.wait(10)
    assert _postgres_of(service_dir), "postgres survives its owner's kill -9 (the trap this guards against)"

    second = _start_service(service_dir, port)
    _wait_healthy(port, second, 60)
    second.send_signal(signal.SIGTERM)
    assert second.wait(20) == 0
    assert "adopting the orphaned server" in second.stdout.read()
    assert _postgres_of(service_dir) == []


async def test_killed_embedded_postgres_comes_back_without_a_service_restart(service_dir, upstream_env):
    port = _free_port()
    log = service_dir.parent / "service.log"
    service = _start_service(service_dir, port, upstream_env, log=log)
    _wait_healthy(port, service, 60, log)
    body = {"user_id": DEMO_USER, "query": "我昨天有什么重要的事？", "now": DEMO_NOW.isoformat()}
    answers: list[int] = []
    others: list[str] = []  # what any other answer said, and the service's tracebacks, if the test fails
    recovered_after: float | None = None
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
        assert (await client.post("/v1/temporal-recall/query", json=body)).status_code == 200
        os.kill(int((service_dir / "postmaster.pid").read_text().split()[0]), signal.SIGKILL)
        killed = time.monotonic()

        async def ask_until_recovered() -> None:  # several at once: some are in flight at the kill
            nonlocal recovered_after
            while recovered_after is None and time.monotonic() - killed < 30:
                sent = time.monotonic()
                resp = await client.post("/v1/temporal-recall/query", json=body)
                status = resp.status_code
                if status == 200 and sent > killed + 0.5:
                    recovered_after = time.monotonic() - killed
                elif status != 200:
                    answers.append(status)
                    if status != 503:
                        others.append(resp.text[:300])
                await asyncio.sleep(0.05)

        await asyncio.gather(*(ask_until_recovered() for _ in range(4)))
    assert service.poll() is None, "the service itself was not restarted"
    tracebacks = [line for line in log.read_text().splitlines() if "Error" in line or "Exception" in line][-20:]
    assert answers and set(answers) == {503}, \
        f"only 503s while the database is down: {sorted(set(answers))} {others[:3]} {tracebacks}"
    assert recovered_after is not None, "a recall works again within 30 s"
    metrics = httpx.get(f"http://127.0.0.1:{port}/metrics").text
    assert "recall_embedded_postgres_restarts_total 1.0" in metrics
    service.send_signal(signal.SIGTERM)
    assert service.wait(20) == 0
    assert "is gone; starting it again" in log.read_text() and "is back" in log.read_text()
    assert _postgres_of(service_dir) == []
