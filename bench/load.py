"""Load test on loopback: 2,000 recall queries at concurrency 32 against `python -m app serve`.

The service reads the demo dataset from the emulator (this process) and runs on its own
embedded Postgres. Prints errors, throughput, latency percentiles and the service's RSS before
and after (a leak shows as growth). Bounded in count and time; everything stops by PID.

    make bench           # or: .venv/bin/python bench/load.py [--queries N] [--concurrency C] [--compare REV]

`--compare REV` first runs the same workload (this script's client and emulator) against the service
as it is at git revision REV (`python -m app serve` from a temporary worktree), then against the
current tree, and prints the current throughput over REV's: a before/after on the same machine in
one run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.demo import free_port, wait_healthy
from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, DEMO_USER, OTHER_USER

ROOT = Path(__file__).resolve().parents[1]
QUERIES = ["我昨天有什么重要的事？", "这周五之前要交什么？", "我这周输入过什么关于 MeInput 的？", "我今天有什么安排？",
           "我上周做了什么？", "我前天说过什么？", "最近三天我记过什么笔记", "这个月有哪些决定"]


async def run(base: str, token: str, total: int, concurrency: int) -> tuple[list[float], int, float]:
    latencies: list[float] = []
    errors = 0
    counter = iter(range(total))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30,
                                 headers={"Authorization": f"Bearer {token}"}) as client:
        async def worker() -> None:
            nonlocal errors
            for i in counter:
                body = {"user_id": (DEMO_USER, OTHER_USER)[i % 5 == 4], "query": QUERIES[i % len(QUERIES)],
                        "now": DEMO_NOW.isoformat()}
                t = time.perf_counter()
                try:
                    resp = await client.post("/v1/temporal-recall/query", json=body)
                    ok = resp.status_code == 200
                except httpx.HTTPError:
                    ok = False
                latencies.append(time.perf_counter() - t)
                errors += not ok

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return latencies, errors, time.perf_counter() - started


def bench(queries: int, concurrency: int, root: Path = ROOT) -> tuple[int, float]:
    """Errors and throughput (queries/s) of one run against a fresh service of the tree at `root`."""
    emulator = start_emulator()
    port, token = free_port(), "load-token"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"} | {
        "RECALL_DATA_DIR": str(Path(tempfile.gettempdir()) / "memind-load" / "pgdata"),
        "RECALL_API_TOKENS": token, "DB_POOL_SIZE": "16"} | emulator.env()
    service = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", str(port)], cwd=root, env=env,
                               stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, service, 90, token)
        proc = psutil.Process(service.pid)
        asyncio.run(run(base, token, 100, 8))  # warm-up: caches, pool, plans
        rss_before = proc.memory_info().rss
        latencies, errors, seconds = asyncio.run(run(base, token, queries, concurrency))
        rss_after = proc.memory_info().rss
    finally:
        service.send_signal(signal.SIGTERM)
        service.wait(30)
        emulator.stop()
    q = statistics.quantiles(latencies, n=100)
    throughput = len(latencies) / seconds
    print(f"load: {len(latencies)} queries at concurrency {concurrency} on loopback (demo dataset)")
    print(f"errors {errors} · throughput {throughput:.0f} queries/s · "
          f"p50 {q[49] * 1e3:.0f} ms · p95 {q[94] * 1e3:.0f} ms · p99 {q[98] * 1e3:.0f} ms")
    print(f"service RSS before {rss_before / 2**20:.0f} MiB, after {rss_after / 2**20:.0f} MiB "
          f"({(rss_after - rss_before) / 2**20:+.0f} MiB, {(rss_after - rss_before) / rss_before:+.1%})", flush=True)
    return errors, throughput


def bench_revision(rev: str, queries: int, concurrency: int) -> float:
    """Throughput (queries/s) of the service at git revision `rev`, served from a temporary worktree."""
    with tempfile.TemporaryDirectory(prefix="bench-rev-") as tmp:
        subprocess.run(["git", "worktree", "add", "--quiet", "--detach", tmp, rev], cwd=ROOT, check=True)
        print(f"--- the service at {rev} ---", flush=True)
        try:
            _errors, throughput = bench(queries, concurrency, Path(tmp))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", tmp], cwd=ROOT, check=True)
    print("--- the service of the current tree ---", flush=True)
    return throughput


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--compare", metavar="REV", help="run the benchmark of git revision REV first")
    args = parser.parse_args()
    before = bench_revision(args.compare, args.queries, args.concurrency) if args.compare else None
    errors, throughput = bench(args.queries, args.concurrency)
    if before is not None:
        print(f"throughput now / at {args.compare}: {throughput / before:.2f}x")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
