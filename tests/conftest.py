"""One embedded Postgres per test session; every test that asks gets its own migrated database."""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import psutil
import pytest
from pytest_postgresql import factories
from sqlalchemy.engine import URL

from app.db import migrate
from app.db.embedded import EmbeddedPostgres

SHANGHAI = ZoneInfo("Asia/Shanghai")
# Short path: the unix socket lives in the data dir and socket paths are limited to ~100 bytes.
TEST_ROOT = Path(tempfile.gettempdir()) / f"mrt-{os.getpid()}"
DATA_DIR = TEST_ROOT / "pgdata"


def asyncpg_url(dbname: str, host: str = str(DATA_DIR)) -> str:
    return URL.create("postgresql+asyncpg", username="postgres", database=dbname, query={"host": host}).render_as_string()


async def create_database(name: str) -> str:
    """A fresh, empty database (no migrations) on the session's server; its postgresql:// URL."""
    import asyncpg

    conn = await asyncpg.connect(host=str(DATA_DIR), user="postgres", database="postgres")
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return asyncpg_url(name).replace("postgresql+asyncpg", "postgresql")


def migrate_template(host: str, port: int, user: str, dbname: str, password: str | None = None, **_: object) -> None:
    migrate.upgrade(asyncpg_url(dbname, host))


@pytest.fixture(scope="session")
def embedded_pg():
    TEST_ROOT.mkdir(parents=True, exist_ok=True)
    server = EmbeddedPostgres(DATA_DIR)
    server.start()
    yield server
    pid = server.pid
    server.stop()
    left = [p for p in psutil.process_iter(["pid", "status", "cmdline"])
            if p.info["status"] != psutil.STATUS_ZOMBIE and str(DATA_DIR) in " ".join(p.info["cmdline"] or [])]
    shutil.rmtree(TEST_ROOT, ignore_errors=True)
    assert not left, f"postgres processes left after the test session (server pid {pid}): {left}"


_noproc = factories.postgresql_noproc(
    host=str(DATA_DIR), port=5432, user="postgres", dbname="recall_test", load=[migrate_template]
)


@pytest.fixture(scope="session")
def pg_proc(embedded_pg, request):
    return request.getfixturevalue("_noproc")


_database = factories.postgresql("pg_proc")


@pytest.fixture
def db_url(_database) -> str:
    """A fresh database at migration head, for this test only."""
    return asyncpg_url(_database.info.dbname)


@pytest.fixture
async def engine(db_url):
    from app.db.engine import create_engine
    from app.settings import load_settings

    eng = create_engine(db_url, load_settings({}))
    yield eng
    await eng.dispose()


@pytest.fixture
def now() -> datetime:
    return datetime(2026, 9, 3, 10, 0, tzinfo=SHANGHAI)


@pytest.fixture(scope="session")
def emulator():
    from app.emulator import start_emulator

    emu = start_emulator()
    yield emu
    emu.stop()


@pytest.fixture
def upstream_env(emulator) -> dict[str, str]:
    """Environment pointing every source at the emulator (faults and counters reset)."""
    emulator.state.reset()
    return emulator.env()


@pytest.fixture
async def upstreams():
    """Upstreams for an environment (+ settings as keywords), closed after the test."""
    from app.fetch import Upstreams
    from app.settings import load_settings

    made: list[Upstreams] = []

    def make(env, **extra) -> Upstreams:
        made.append(Upstreams.from_settings(load_settings({**env, **{k.upper(): str(v) for k, v in extra.items()}})))
        made[-1].start()  # as the app's startup does
        return made[-1]

    yield make
    for up in made:
        await up.aclose()


@pytest.fixture
async def http_client():
    import httpx

    async with httpx.AsyncClient() as client:
        yield client


@pytest.fixture
async def build_app(db_url, http_client, monkeypatch):
    """create_app over this test's database; `env` is the service's environment (pool settings included)."""
    from app.db.engine import create_engine
    from app.fetch import Upstreams
    from app.settings import load_settings
    from app.sqlfiles import Queries
    from app.web import create_app

    engines = []
    upstreams: list[Upstreams] = []
    from_settings = Upstreams.from_settings

    def opened(settings):
        upstreams.append(from_settings(settings))
        return upstreams[-1]

    # an app keeps its upstream clients to itself: note them as they are made, to close them after the test
    monkeypatch.setattr(Upstreams, "from_settings", opened)

    def build(env: dict[str, str] | None = None, **kwargs):
        settings = load_settings(env or {})
        engines.append(create_engine(db_url, settings))
        return create_app(settings, engine=engines[-1], queries=Queries(), http_client=http_client, **kwargs)

    yield build
    for eng in engines:
        await eng.dispose()
    for up in upstreams:
        await up.aclose()
