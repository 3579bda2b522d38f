"""The one async engine/pool: asyncpg, pgvector codec on connect, per-session settings; and the
small connection-per-check engine of the health endpoints."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from app.settings import Settings

# Custom plans: asyncpg caches prepared statements and Postgres would switch them to generic plans
# after 5 runs, which ignores the selectivity of each request's time window.
# temp_buffers: 20k candidate rows (128-d vectors, keyword sparse vectors, texts) plus the window copy
# and indexes need ~50 MB. work_mem: dedupe sorts its candidate pairs, at 20k candidates more than
# the default holds (explain's dedupe plan says `external merge Disk` when a sort spills).
SESSION_SETTINGS = {
    "plan_cache_mode": "force_custom_plan",
    "temp_buffers": "96MB",
    "jit": "off",
    "work_mem": "32MB",
    "application_name": "memind-recall",
}


def asyncpg_url(url: str) -> str:
    parsed = make_url(url)
    return parsed.set(drivername="postgresql+asyncpg").render_as_string(hide_password=False)


def _connect_args(url: str, settings: Settings, timeout_s: float) -> tuple[str, dict]:
    connect_args: dict = {"timeout": timeout_s, "command_timeout": 30}
    if settings.db_pooler == "pgbouncer":
        # A transaction-mode pooler hands each transaction any server connection: no named
        # prepared statements may outlive a transaction, and session settings cannot be sent at
        # connect (set temp_buffers/plan_cache_mode on the database instead, docs/operations.md).
        connect_args["statement_cache_size"] = 0
        url = make_url(asyncpg_url(url)).update_query_dict({"prepared_statement_cache_size": "0"}).render_as_string(
            hide_password=False)
    else:
        connect_args["server_settings"] = SESSION_SETTINGS
    return asyncpg_url(url), connect_args


def create_engine(url: str, settings: Settings) -> AsyncEngine:
    url, connect_args = _connect_args(url, settings, timeout_s=5)
    engine = create_async_engine(
        url,
        pool_size=settings.db_pool_size,
        max_overflow=0,
        pool_timeout=settings.db_pool_timeout_s or settings.request_deadline_s,
        pool_pre_ping=True,
        connect_args=connect_args,
    )
    event.listen(engine.sync_engine, "connect", _register_vector)
    return engine


def create_health_engine(url: str, settings: Settings) -> AsyncEngine:
    """A fresh connection per check, never from the recall pool: a busy pool is not a sick database,
    and a check that can open a connection shows a new request could too."""
    url, connect_args = _connect_args(url, settings, timeout_s=settings.db_health_timeout_s)
    connect_args["command_timeout"] = settings.db_health_timeout_s
    return create_async_engine(url, poolclass=NullPool, connect_args=connect_args)


@dataclass
class PoolUse:
    """One engine's permits (one per pooled connection) and how requests fared waiting for them,
    read by the metrics at scrape time."""

    slots: asyncio.Semaphore
    waits: int = 0  # checkouts that found every connection taken and had to wait
    wait_s: float = 0.0  # time spent in those waits
    timeouts: int = 0  # waits that ran out of time (the request's 503)


# Requests wait for a pooled connection here, each for as long as it has time: the pool's own wait
# is one fixed timeout for every caller, and a task cancelled inside a checkout can leak its
# connection (sqlalchemy#8145). One permit per pooled connection, per engine.
_USE: WeakKeyDictionary[AsyncEngine, PoolUse] = WeakKeyDictionary()


def pool_use(engine: AsyncEngine) -> PoolUse:
    use = _USE.get(engine)
    if use is None:
        use = _USE[engine] = PoolUse(asyncio.Semaphore(engine.pool.size()))
    return use


@asynccontextmanager
async def pooled_connection(engine: AsyncEngine, wait_s: float) -> AsyncIterator[AsyncConnection]:
    """A connection of `engine`'s pool, waited for at most `wait_s` (then the pool's TimeoutError)."""
    use = pool_use(engine)
    waited = use.slots.locked()
    started = time.perf_counter()
    try:
        async with asyncio.timeout(max(0.0, wait_s)):
            await use.slots.acquire()
    except TimeoutError:
        use.timeouts += 1
        raise PoolTimeout(f"no pooled connection free within {max(0.0, wait_s):.2f}s") from None
    finally:
        if waited:
            use.waits += 1
            use.wait_s += time.perf_counter() - started
    try:
        async with engine.connect() as conn:
            yield conn
    finally:
        use.slots.release()


def _register_vector(dbapi_connection, _record) -> None:
    from pgvector.asyncpg import register_vector

    try:
        dbapi_connection.run_async(register_vector)
    except ValueError as exc:
        # Before migration 0001 the type does not exist yet (only alembic connects then).
        if not str(exc).startswith("unknown type"):
            raise
