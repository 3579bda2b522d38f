"""Decide which Postgres to use and bring it to a usable state before the app starts."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from app.db import migrate
from app.db.embedded import EmbeddedPostgres
from app.db.engine import create_engine
from app.errors import ConfigError
from app.settings import Settings

log = logging.getLogger("app.db")


@dataclass
class Database:
    url: str
    embedded: EmbeddedPostgres | None

    def close(self) -> None:
        if self.embedded is not None:
            self.embedded.stop()


def prepare_database(settings: Settings) -> Database:
    """Embedded default: start/attach and migrate. External DATABASE_URL: refuse if behind head."""
    if settings.database_url is None:
        embedded = EmbeddedPostgres(settings.data_dir)
        url = embedded.start()
        log.info("embedded postgres ready in %s", settings.data_dir)
        try:
            migrate.upgrade(url)
        except Exception:
            embedded.stop()
            raise
        return Database(url=url, embedded=embedded)
    url = settings.database_url
    current = asyncio.run(_revision(url, settings))
    head = migrate.head_revision()
    if current != head:
        raise ConfigError(
            f"database at DATABASE_URL is at migration {current or 'none'}, the service needs {head}: "
            "run `python -m app db upgrade` first"
        )
    return Database(url=url, embedded=None)


async def _revision(url: str, settings: Settings) -> str | None:
    engine = create_engine(url, settings)
    try:
        return await migrate.current_revision(engine)
    finally:
        await engine.dispose()
