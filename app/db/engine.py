"""The one async engine/pool: asyncpg, pgvector codec on connect, per-session settings."""

from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from app.settings import Settings

# Custom plans: asyncpg caches prepared statements and Postgres would switch them to generic plans
# after 5 runs, which ignores the selectivity of each request's time window.
# temp_buffers: 20k candidate rows (128-d vectors, keyword sparse vectors, texts) plus the window copy
# and indexes need ~50 MB.
SESSION_SETTINGS = {
    "plan_cache_mode": "force_custom_plan",
    "temp_buffers": "96MB",
    "jit": "off",
    "application_name": "memind-recall",
}


def asyncpg_url(url: str) -> str:
    parsed = make_url(url)
    return parsed.set(drivername="postgresql+asyncpg").render_as_string(hide_password=False)


def create_engine(url: str, settings: Settings) -> AsyncEngine:
    connect_args: dict = {"timeout": 5, "command_timeout": 30}
    if settings.db_pooler == "pgbouncer":
        # A transaction-mode pooler hands each transaction any server connection: no named
        # prepared statements may outlive a transaction, and session settings cannot be sent at
        # connect (set temp_buffers/plan_cache_mode on the database instead, docs/operations.md).
        connect_args["statement_cache_size"] = 0
        url = make_url(asyncpg_url(url)).update_query_dict({"prepared_statement_cache_size": "0"}).render_as_string(
            hide_password=False)
    else:
        connect_args["server_settings"] = SESSION_SETTINGS
    engine = create_async_engine(
        asyncpg_url(url),
        pool_size=settings.db_pool_size,
        max_overflow=0,
        pool_timeout=settings.db_pool_timeout_s,
        pool_pre_ping=True,
        connect_args=connect_args,
    )
    event.listen(engine.sync_engine, "connect", _register_vector)
    return engine


def _register_vector(dbapi_connection, _record) -> None:
    from pgvector.asyncpg import register_vector

    try:
        dbapi_connection.run_async(register_vector)
    except ValueError as exc:
        # Before migration 0001 the type does not exist yet (only alembic connects then).
        if not str(exc).startswith("unknown type"):
            raise
