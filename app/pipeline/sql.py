"""Running named statements on one asyncpg connection, timed, for the explain block, and each
boxed into the time its request has left."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import asyncpg

from app.contracts import ExplainStep
from app.sqlfiles import Queries

if TYPE_CHECKING:
    from opentelemetry.trace import Tracer

# A statement_timeout boxes every later statement of the transaction too, each into that length
# from its own start; so it is sent again only when the one in force would let a statement run more
# than this past its deadline, or stop it this much before. (Sent before every statement, it was a
# third of a request's round trips.)
TIMEOUT_SLACK_S = 0.02


class OutOfTime(Exception):
    """A statement could not finish before its deadline: Postgres cancelled it (statement_timeout),
    or there was no time left to start it. The transaction needs a rollback (or one to a savepoint)."""

    def __init__(self, stage: str, statement: str) -> None:
        super().__init__(f"{stage} ({statement}) ran out of time")
        self.stage = stage


@dataclass
class SqlRun:
    """One request's connection plus a record of every statement it ran.

    With a `deadline` (time.monotonic()), each statement runs under a statement_timeout of the
    time left (within TIMEOUT_SLACK_S), so Postgres itself stops work the request can no longer use."""

    conn: asyncpg.Connection
    queries: Queries
    deadline: float | None = None
    steps: list[ExplainStep] = field(default_factory=list)
    tracer: Tracer | None = None  # with tracing on: a span per statement, its name and stage, never its parameters
    _timeout_s: float | None = None  # the statement_timeout in force (each statement gets all of it)

    @contextmanager
    def finishing_by(self, deadline: float | None) -> Iterator[None]:
        """Statements inside finish by `deadline` (never later than the run's own)."""
        own = self.deadline
        if deadline is not None and own is not None:
            self.deadline = min(own, deadline)
        try:
            yield
        finally:
            self.deadline = own

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        """Statements inside are undone alone if one fails or runs out of time; so is the
        statement_timeout set among them (set_config is transaction-local): the next one is sent."""
        try:
            async with self.conn.transaction():
                yield
        except BaseException:
            self._timeout_s = None
            raise

    async def execute(self, stage: str, name: str, **params: Any) -> int:
        """Run a statement that returns no rows; the affected/created row count."""
        stmt = self.queries[name]
        async with self._timed(stage, name) as started:
            status = await self.conn.execute(stmt.sql, *stmt.args(params))
        rows = _rows_of(status)
        self.steps.append(ExplainStep(stage=stage, statement=name, sql=stmt.source, rows=rows, ms=_ms(started)))
        return rows

    async def fetch(self, stage: str, name: str, **params: Any) -> list[asyncpg.Record]:
        stmt = self.queries[name]
        async with self._timed(stage, name) as started:
            rows = await self.conn.fetch(stmt.sql, *stmt.args(params))
        self.steps.append(ExplainStep(stage=stage, statement=name, sql=stmt.source, rows=len(rows), ms=_ms(started)))
        return rows

    async def copy(self, stage: str, table: str, data: bytes, columns: Sequence[str], *, rows: int) -> int:
        """Binary COPY of `data` (a whole binary COPY stream of `rows` rows) into `table`."""
        async with self._timed(stage, "copy") as started:
            # a memoryview: asyncpg would read bytes as a file path
            await self.conn.copy_to_table(table, source=memoryview(data), columns=columns, format="binary")
        self.steps.append(ExplainStep(stage=stage, statement="copy", sql=f"COPY {table} FROM STDIN (FORMAT binary)",
                                      rows=rows, ms=_ms(started)))
        return rows

    async def explain(self, name: str, **params: Any) -> str:
        """EXPLAIN ANALYZE of a statement: it runs, within the same time as the rest of its stage."""
        stmt = self.queries[name]
        async with self._timed("dedupe", name) as started:
            lines = await self.conn.fetch(f"EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) {stmt.sql}", *stmt.args(params))
        plan = "\n".join(r[0] for r in lines)
        self.steps.append(ExplainStep(stage="dedupe", statement=name, sql=f"EXPLAIN ANALYZE {stmt.source}",
                                      rows=_top_rows(plan), ms=_ms(started)))
        return plan

    @asynccontextmanager
    async def _timed(self, stage: str, name: str) -> AsyncIterator[float]:
        """Box the statement run inside into the time left; yields its start (perf_counter)."""
        span = nullcontext() if self.tracer is None else self.tracer.start_as_current_span(
            f"sql {name}", attributes={"db.system.name": "postgresql", "recall.sql.statement": name,
                                       "recall.stage": stage})
        with span:
            if self.deadline is not None:
                now = time.monotonic()
                left_ms = int((self.deadline - now) * 1000)
                if left_ms < 1:  # 0 would switch the timeout off
                    raise OutOfTime(stage, name)
                if self._timeout_s is None or abs(now + self._timeout_s - self.deadline) > TIMEOUT_SLACK_S:
                    await self.conn.execute(self.queries["set_statement_timeout"].sql, str(left_ms))
                    self._timeout_s = left_ms / 1000
            try:
                yield time.perf_counter()
            except asyncpg.QueryCanceledError:
                if self.deadline is None:
                    raise  # cancelled by someone else: not ours to explain
                raise OutOfTime(stage, name) from None


def _top_rows(plan: str) -> int:
    # the first node's "actual rows=N.NN": what the statement returned
    found = re.search(r"actual rows=([\d.]+)", plan)
    return round(float(found[1])) if found else 0


def _rows_of(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)
