"""Apply and check alembic migrations (URL passed in, never read from alembic.ini)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.db.engine import asyncpg_url

ROOT = Path(__file__).resolve().parents[2]


def alembic_config(url: str) -> Config:
    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.attributes["url"] = asyncpg_url(url)
    return cfg


def head_revision() -> str:
    return ScriptDirectory.from_config(alembic_config("postgresql://x/x")).get_current_head()


def upgrade(url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str = "base") -> None:
    command.downgrade(alembic_config(url), revision)


async def current_revision(engine: AsyncEngine) -> str | None:
    async with engine.connect() as conn:
        return await connection_revision(conn)


async def connection_revision(conn: AsyncConnection) -> str | None:
    return await conn.run_sync(lambda sync: MigrationContext.configure(sync).get_current_revision())
