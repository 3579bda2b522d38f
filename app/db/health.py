"""What /healthz and /readyz say about the database, checked on a connection of their own
(app.db.engine.create_health_engine): never queued behind recalls for a pooled connection."""

from __future__ import annotations

from typing import Any

import asyncpg
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from app.db.errors import database_errors
from app.db.migrate import connection_revision
from app.errors import DatabaseUnavailable
from app.sqlfiles import Queries


async def database_health(health_engine: AsyncEngine, queries: Queries, head: str) -> dict[str, Any]:
    """Versions and migration of the database, or `"database": "unreachable"` with why; `ready`
    when it answers and its migration is `head`, the code's."""
    try:
        with database_errors():
            async with health_engine.connect() as conn:
                raw = (await conn.get_raw_connection()).driver_connection
                row = await raw.fetchrow(queries["server_versions"].sql)
                revision = await connection_revision(conn)
    except DatabaseUnavailable as exc:  # a timeout too: TimeoutError is an OSError, mapped there
        return {"ready": False, "database": "unreachable", "error": str(exc)}
    except (asyncpg.PostgresError, DBAPIError) as exc:  # refused: no such database or role, a wrong password
        reason = getattr(exc, "orig", None) or exc
        return {"ready": False, "database": "unreachable", "error": f"database refused: {reason}"}
    part = {"ready": revision == head, "database": "reachable", "postgres": row["postgres"],
            "pgvector": row["pgvector"], "migration": revision}
    if revision != head:
        part["error"] = f"database at migration {revision or 'none'}, the service needs {head}"
    return part
