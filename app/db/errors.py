"""The one place where driver and pool failures become the service's DatabaseUnavailable (503)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import asyncpg
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app.errors import DatabaseUnavailable

# The server is going away or not back yet: shut down (57P01), crashed or lost its postmaster
# (57P02), still starting or recovering (57P03). Its class-mate 57014, a cancelled statement, means
# "out of time" (app.pipeline.sql), not "down".
SERVER_GONE_OR_STARTING = {"57P01", "57P02", "57P03"}
# Out of connection slots (53300 too_many_connections, 53000 its class): busy, not broken.
SERVER_FULL = {"53000", "53300"}


@contextmanager
def database_errors() -> Iterator[None]:
    """Raise DatabaseUnavailable for a database that cannot be reached, is restarting, a lost
    connection or an exhausted pool; any other error (a bug in a statement) passes through as it is."""
    try:
        yield
    except PoolTimeout:
        raise DatabaseUnavailable("database busy: no pooled connection was free in time; retry shortly") from None
    except (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError, OperationalError) as exc:
        raise DatabaseUnavailable(f"database unavailable ({type(exc).__name__}); retry shortly") from None
    except asyncpg.InternalClientError:
        # asyncpg's protocol state errors ("cannot switch to state 15; another operation is in
        # progress"): a connection is never shared between tasks here, so they mean the server went
        # away in the middle of an operation.
        raise DatabaseUnavailable("database connection lost; retry shortly") from None
    except (asyncpg.PostgresError, DBAPIError) as exc:
        # SQLAlchemy wraps what it sees while connecting; its wrapper keeps the SQLSTATE
        sqlstate = getattr(getattr(exc, "orig", exc), "sqlstate", None)
        if sqlstate in SERVER_GONE_OR_STARTING:
            raise DatabaseUnavailable("database restarting; retry shortly") from None
        if sqlstate in SERVER_FULL:
            raise DatabaseUnavailable("database busy: it has no connection slot free; retry shortly") from None
        if isinstance(exc, DBAPIError) and (exc.connection_invalidated or _lost(exc.orig)):
            raise DatabaseUnavailable("database connection lost; retry shortly") from None
        raise


# what a lost or refused connection raises beneath SQLAlchemy's wrapper (its asyncpg adapter keeps the
# driver's own error as the cause)
_LOST = (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError, asyncpg.InternalClientError)


def _lost(orig: BaseException | None) -> bool:
    return isinstance(orig, _LOST) or isinstance(getattr(orig, "__cause__", None), _LOST)
