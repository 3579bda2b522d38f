"""Where a request's SQL time goes at the demo's sizes: each statement's mean milliseconds per
request (the `explain` steps' own timings), over bench/load.py's questions asked of the demo user,
timeline cache warm, one request at a time; then what creating a per-request temp table costs:
`create_candidates_table` in a transaction of its own (ON COMMIT DROP, as every request does)
against the same transaction with the table kept per connection (ON COMMIT DELETE ROWS, which
house rule 3 does not allow: pgbouncer's transaction pooling).

    .venv/bin/python bench/sql_steps.py

The step only `explain` runs (`dedupe_edges` under EXPLAIN ANALYZE) is left out, of the request's time too.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.contracts import RecallRequest
from app.db.bootstrap import prepare_database
from app.db.engine import SESSION_SETTINGS
from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, DEMO_USER
from app.recall import open_recall, run_recall
from app.settings import load_settings
from app.sqlfiles import Queries
from bench.load import QUERIES

ROUNDS = 6
TRANSACTIONS = 200


async def statement_times(database_url: str) -> tuple[dict[str, float], float]:
    """Mean ms per request of each statement, and of the whole request."""
    emulator = start_emulator()
    settings = load_settings(emulator.env() | {"CACHE_TTL_S": "3600", "DATABASE_URL": database_url})
    per_statement: dict[str, float] = defaultdict(float)
    whole, requests = 0.0, 0
    try:
        async with open_recall(settings) as deps:
            for rnd in range(ROUNDS):
                for query in QUERIES:
                    started = time.perf_counter()
                    bundle = await run_recall(RecallRequest(user_id=DEMO_USER, query=query, now=DEMO_NOW,
                                                            explain=True), deps)
                    if rnd == 0:
                        continue  # the first round fills the timeline cache
                    whole += (time.perf_counter() - started) * 1000
                    requests += 1
                    for step in bundle.explain.steps:
                        if step.sql.startswith("EXPLAIN"):
                            whole -= step.ms  # explain's own extra run: no request without explain makes it
                        else:
                            per_statement[f"{step.stage}: {step.statement}"] += step.ms
    finally:
        emulator.stop()
    return {k: v / requests for k, v in per_statement.items()}, whole / requests


async def table_cost(database_url: str) -> tuple[float, float]:
    """p50 ms of a transaction creating and dropping recall_candidates, and of one using it kept."""
    import asyncpg

    create = Queries()["create_candidates_table"].sql
    conn = await asyncpg.connect(database_url.replace("postgresql+asyncpg", "postgresql"),
                                 server_settings=SESSION_SETTINGS)  # the service's sessions' settings
    try:
        async def p50(statement: str) -> float:
            times = []
            for _ in range(TRANSACTIONS):
                started = time.perf_counter()
                async with conn.transaction():
                    await conn.execute(statement)
                times.append((time.perf_counter() - started) * 1000)
            return statistics.median(times)

        dropped = await p50(create)
        await conn.execute(create.replace("ON COMMIT DROP", "ON COMMIT DELETE ROWS"))
        kept = await p50("SELECT 1 FROM recall_candidates LIMIT 1")
    finally:
        await conn.close()
    return dropped, kept


async def main() -> None:
    settings = load_settings({"RECALL_DATA_DIR": str(Path(tempfile.gettempdir()) / "memind-bench" / "pgdata")})
    database = await asyncio.to_thread(prepare_database, settings)
    try:
        means, whole = await statement_times(database.url)
        print(f"demo user, {len(QUERIES)} questions × {ROUNDS - 1}, timeline cache warm: {whole:.1f} ms a request, "
              f"of which SQL statements {sum(means.values()):.1f} ms")
        for name, ms in sorted(means.items(), key=lambda kv: -kv[1]):
            print(f"  {name:38s} {ms:6.2f} ms")
        dropped, kept = await table_cost(database.url)
        print(f"create_candidates_table, p50 of {TRANSACTIONS} transactions: created and dropped (ON COMMIT DROP) "
              f"{dropped:.2f} ms; kept per connection (ON COMMIT DELETE ROWS) {kept:.2f} ms")
    finally:
        database.close()


if __name__ == "__main__":
    asyncio.run(main())
