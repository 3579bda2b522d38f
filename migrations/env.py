"""Async alembic environment; the URL comes from app.db.migrate via config attributes."""

import asyncio

from alembic import context
from sqlalchemy.ext.asyncio import create_async_engine

config = context.config


def run_migrations(connection) -> None:
    context.configure(connection=connection, target_metadata=None, transactional_ddl=True)
    with context.begin_transaction():
        context.run_migrations()


async def run_async() -> None:
    engine = create_async_engine(config.attributes["url"])
    try:
        async with engine.connect() as conn:
            await conn.run_sync(run_migrations)
            await conn.commit()
    finally:
        await engine.dispose()


connection = config.attributes.get("connection")
if connection is not None:
    run_migrations(connection)
else:
    asyncio.run(run_async())
