"""Running named statements on one asyncpg connection, timed, for the explain block."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from app.contracts import ExplainStep
from app.sqlfiles import Queries


@dataclass
class SqlRun:
    """One request's connection plus a record of every statement it ran."""

    conn: asyncpg.Connection
    queries: Queries
    steps: list[ExplainStep] = field(default_factory=list)

    async def execute(self, stage: str, name: str, **params: Any) -> int:
        """Run a statement that returns no rows; the affected/created row count."""
        stmt = self.queries[name]
        started = time.perf_counter()
        status = await self.conn.execute(stmt.sql, *stmt.args(params))
        rows = _rows_of(status)
        self.steps.append(ExplainStep(stage=stage, statement=name, sql=stmt.source, rows=rows, ms=_ms(started)))
        return rows

    async def fetch(self, stage: str, name: str, **params: Any) -> list[asyncpg.Record]:
        stmt = self.queries[name]
        started = time.perf_counter()
        rows = await self.conn.fetch(stmt.sql, *stmt.args(params))
        self.steps.append(ExplainStep(stage=stage, statement=name, sql=stmt.source, rows=len(rows), ms=_ms(started)))
        return rows

    async def explain(self, name: str, **params: Any) -> str:
        """EXPLAIN ANALYZE of a statement (it runs, so call it instead of `execute`)."""
        stmt = self.queries[name]
        started = time.perf_counter()
        lines = await self.conn.fetch(f"EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) {stmt.sql}", *stmt.args(params))
        plan = "\n".join(r[0] for r in lines)
        count = await self.conn.fetchval(f"SELECT count(*) FROM {_created_table(stmt.source)}")
        self.steps.append(ExplainStep(stage="dedupe", statement=name, sql=stmt.source, rows=count, ms=_ms(started)))
        return plan


def _created_table(source: str) -> str:
    # "CREATE TEMP TABLE name ..." → name (only our own statements from sql/ reach here)
    words = source.split()
    return words[words.index("TABLE") + 1]


def _rows_of(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)
