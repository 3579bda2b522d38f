import asyncio

import asyncpg
import pytest

from app.db import migrate


async def _state(url: str):
    conn = await asyncpg.connect(url.replace("postgresql+asyncpg", "postgresql"))
    try:
        ext = await conn.fetchval("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        funcs = await conn.fetchval("SELECT count(*) FROM pg_proc WHERE proname LIKE 'recall_%'")
        tables = await conn.fetchval(
            "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') "
            "AND tablename <> 'alembic_version'")
        return ext, funcs, tables
    finally:
        await conn.close()


async def test_upgrade_downgrade_upgrade(db_url, engine):
    ext, funcs, tables = await _state(db_url)
    assert ext is not None and funcs >= 1
    assert tables == 0, "migrations must not create tables for user data"
    assert await migrate.current_revision(engine) == migrate.head_revision()
    await engine.dispose()
    await asyncio.to_thread(migrate.downgrade, db_url, "base")
    assert await _state(db_url) == (None, 0, 0)
    await asyncio.to_thread(migrate.upgrade, db_url)
    ext, funcs, _ = await _state(db_url)
    assert ext is not None and funcs >= 1


async def test_sql_functions_behave(engine):
    async with engine.connect() as conn:
        raw = (await conn.get_raw_connection()).driver_connection
        inside = await raw.fetchval(
            "SELECT recall_temporal_match(now(), now() - interval '1 hour', now() + interval '1 hour', interval '1 day')")
        assert inside == 1.0
        half = await raw.fetchval(
            "SELECT recall_temporal_match(timestamptz '2026-09-02 12:00+00', timestamptz '2026-09-03 00:00+00',"
            " timestamptz '2026-09-04 00:00+00', interval '1 day')")
        assert half == pytest.approx(0.4)
