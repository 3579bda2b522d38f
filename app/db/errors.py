"""The one place where driver and pool failures become the service's DatabaseUnavailable (503)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import asyncpg
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app.errors import DatabaseUnavailable


@contextmanager
def database_errors() -> Iterator[None]:
    """Raise DatabaseUnavailable for a database that cannot be reached, a lost connection or an
    exhausted pool; any other error (a bug in a statement) passes through as it is."""
    try:
        yield
    except (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError, OperationalError, PoolTimeout) as exc:
        raise DatabaseUnavailable(f"database unavailable ({type(exc).__name__}); retry shortly") from None
    except DBAPIError as exc:
        if exc.connection_invalidated:
            raise DatabaseUnavailable("database connection lost; retry shortly") from None
        raise
