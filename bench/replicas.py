"""Two replicas on one Postgres behind HAProxy, on loopback; one replica is killed half-way.

Starts the embedded server on its own (`python -m app db serve`), two `python -m app serve`
replicas on it (each with /metrics on a port of its own) and HAProxy (Debian's package, installed
with apt when missing) from deploy/haproxy.cfg, health-checking `/readyz`. Then runs a bounded
mixed load of recall queries for several users (X-User-Id set) through HAProxy, kills one replica
with SIGKILL half-way, and prints errors, q/s, p50/p99 and the timeline-cache hit ratio read from
the replicas' /metrics. It does it twice: balancing on X-User-Id with consistent hashing
(affinity), then round robin. Everything it starts it stops by PID. Not part of `make test`.

    .venv/bin/python bench/replicas.py [--queries N] [--concurrency C]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.demo import free_port, wait_healthy
from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, DEMO_USER, OTHER_USER

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "replicas-token"
QUERIES = ["我昨天有什么重要的事？", "这周五之前要交什么？", "我这周输入过什么关于 MeInput 的？", "我今天有什么安排？",
           "我上周做了什么？", "我前天说过什么？", "最近三天我记过什么笔记", "这个月有哪些决定"]
# the two users with a timeline in the demo dataset, and light users whose upstreams answer empty
USERS = [DEMO_USER, OTHER_USER, *(f"user{n:02d}" for n in range(1, 47))]
BALANCES = {"affinity": "balance hdr(X-User-Id)\n    hash-type consistent", "round robin": "balance roundrobin"}


def ensure_haproxy() -> str:
    found = shutil.which("haproxy")
    if found:
        return found
    print("haproxy not found: installing Debian's package with apt-get", flush=True)
    subprocess.run(["apt-get", "install", "-y", "-q", "haproxy"], check=True, stdout=subprocess.DEVNULL,
                   env=os.environ | {"DEBIAN_FRONTEND": "noninteractive"})
    return shutil.which("haproxy") or "/usr/sbin/haproxy"


def start_database(data_dir: Path) -> tuple[subprocess.Popen, str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"} | {"RECALL_DATA_DIR": str(data_dir)}
    proc = subprocess.Popen([sys.executable, "-m", "app", "db", "serve"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("DATABASE_URL="):
            return proc, line.strip().split("=", 1)[1]
    raise SystemExit(f"`python -m app db serve` exited ({proc.wait()}) without a DATABASE_URL")


class Replica:
    def __init__(self, name: str, database_url: str, upstreams: dict[str, str]) -> None:
        self.name, self.port, self.metrics_port = name, free_port(), free_port()
        env = {k: v for k, v in os.environ.items()} | upstreams | {
            "DATABASE_URL": database_url, "RECALL_API_TOKENS": f"bench:{TOKEN}", "DB_POOL_SIZE": "8",
            "RECALL_METRICS_ADDR": f"127.0.0.1:{self.metrics_port}"}
        self.proc = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", str(self.port)], cwd=ROOT,
                                     env=env, stderr=subprocess.DEVNULL)

    def cache_lookups(self) -> tuple[float, float]:
        """(hits, misses) from this replica's /metrics."""
        text = httpx.get(f"http://127.0.0.1:{self.metrics_port}/metrics", timeout=5).text
        counts = {"hit": 0.0, "miss": 0.0}
        for family in text_string_to_metric_families(text):
            for s in family.samples:
                if s.name == "recall_timeline_cache_lookups_total":
                    counts[s.labels["result"]] += s.value
        return counts["hit"], counts["miss"]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(30)


def start_haproxy(haproxy: str, workdir: Path, balance: str, port: int, replicas: list[Replica]) -> subprocess.Popen:
    servers = "\n".join(f"    server {r.name} 127.0.0.1:{r.port} check" for r in replicas)
    config = (ROOT / "deploy" / "haproxy.cfg").read_text()
    for name, value in (("bind", f"127.0.0.1:{port}"), ("balance", balance), ("servers", servers)):
        config = config.replace(f"{{{name}}}", value)  # not str.format: the config has braces of its own
    path = workdir / "haproxy.cfg"
    path.write_text(config)
    subprocess.run([haproxy, "-c", "-q", "-f", str(path)], check=True)
    return subprocess.Popen([haproxy, "-db", "-f", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def load(base: str, total: int, concurrency: int, victim: Replica) -> dict:
    latencies: list[float] = []
    statuses: dict[str, int] = {}
    started = finished = 0
    killed: dict[str, float] = {}
    counter = iter(range(total))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30,
                                 headers={"Authorization": f"Bearer {TOKEN}"}) as client:
        async def worker() -> None:
            nonlocal started, finished
            for i in counter:
                if i == total // 2 and not killed:
                    hits, misses = await asyncio.to_thread(victim.cache_lookups)
                    victim.proc.kill()  # SIGKILL: no draining, its requests in flight are cut
                    killed.update(at=time.perf_counter(), in_flight=started - finished, hits=hits, misses=misses)
                user = USERS[(i * 7) % len(USERS)]
                body = {"user_id": user, "query": QUERIES[(i // len(USERS)) % len(QUERIES)], "now": DEMO_NOW.isoformat()}
                t = time.perf_counter()
                started += 1
                try:
                    resp = await client.post("/v1/temporal-recall/query", json=body, headers={"X-User-Id": user})
                    outcome = str(resp.status_code)
                    if resp.status_code != 200:  # who answered: the service (problem+json) or HAProxy
                        is_problem = "problem+json" in resp.headers.get("content-type", "")
                        outcome += f" ({resp.json()['detail'][:60]})" if is_problem else " (from haproxy)"
                except httpx.HTTPError as exc:
                    outcome = type(exc).__name__
                finished += 1
                latencies.append(time.perf_counter() - t)
                statuses[outcome] = statuses.get(outcome, 0) + 1

        t0 = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - t0
    return {"latencies": latencies, "statuses": statuses, "elapsed": elapsed, "killed": killed}


def run_phase(label: str, haproxy: str, workdir: Path, database_url: str, upstreams: dict[str, str],
              total: int, concurrency: int) -> None:
    replicas = [Replica(f"r{n}", database_url, upstreams) for n in (1, 2)]
    proxy = None
    try:
        for r in replicas:
            wait_healthy(f"http://127.0.0.1:{r.port}", r.proc, 60, TOKEN)
        port = free_port()
        proxy = start_haproxy(haproxy, workdir, BALANCES[label], port, replicas)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # both servers up after `rise 2` checks
            try:
                if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        time.sleep(1.5)
        result = asyncio.run(load(base, total, concurrency, victim=replicas[1]))
        hits, misses = replicas[0].cache_lookups()
        hits, misses = hits + result["killed"]["hits"], misses + result["killed"]["misses"]
    finally:
        if proxy is not None:
            proxy.send_signal(signal.SIGTERM)
            proxy.wait(10)
        for r in replicas:
            r.stop()
    lat = sorted(result["latencies"])
    ok = result["statuses"].get("200", 0)
    errors = {k: v for k, v in result["statuses"].items() if k != "200"}
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    print(f"{label:>11}: {len(lat)} queries at concurrency {concurrency}, replica r2 killed (SIGKILL) after "
          f"{total // 2} with {result['killed']['in_flight']} in flight; {ok} × 200, errors {errors or 0}; "
          f"{len(lat) / result['elapsed']:.0f} q/s, p50 {statistics.median(lat) * 1000:.0f} ms, p99 {p99:.0f} ms; "
          f"cache hit ratio {hits / max(1.0, hits + misses):.2f} ({hits:.0f} hits / {misses:.0f} misses)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=1200)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    haproxy = ensure_haproxy()
    workdir = Path(tempfile.mkdtemp(prefix="mr-replicas-"))
    emulator = start_emulator()
    database, database_url = start_database(workdir / "pgdata")
    try:
        version = subprocess.run([haproxy, "-v"], capture_output=True, text=True).stdout.splitlines()[0]
        print(f"{version}; 2 replicas on one Postgres (`python -m app db serve`), {len(USERS)} users, "
              f"{len(QUERIES)} questions", flush=True)
        for label in BALANCES:
            run_phase(label, haproxy, workdir, database_url, emulator.env(), args.queries, args.concurrency)
    finally:
        database.send_signal(signal.SIGTERM)
        database.wait(30)
        emulator.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
