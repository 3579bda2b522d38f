"""Database faults on loopback, against `python -m app serve` on its own embedded Postgres.

1. Outage: clients send recalls, the embedded postmaster is killed with SIGKILL; prints the
   answers by status during the outage (503 expected, never 500), how long until a recall works
   again (target < 15 s, without restarting the service) and the service's RSS before and after.
2. Dense windows: 3,000 and 5,025 chat messages inside one 15-minute window; prints each answer's
   time against the request deadline, with the bundle's notices.

The upstreams are the emulator in this process (the demo dataset plus the dense users). Bounded
in time; binds 127.0.0.1 only; stops the service and any postgres of its data dir by PID.

    .venv/bin/python bench/db_faults.py [--clients N] [--outage-s S]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.demo import free_port, stop_service, wait_healthy
from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, DEMO_USER, Dataset, build_dataset

ROOT = Path(__file__).resolve().parents[1]
RECOVERY_TARGET_S = 15
DENSE_SIZES = (3000, 5025)
DENSE_QUERY = "我昨天说过什么"
OUTAGE_QUERY = {"user_id": DEMO_USER, "query": "最近一个月我说过什么", "now": DEMO_NOW.isoformat()}


def add_dense_window(ds: Dataset, user: str, n: int) -> Dataset:
    """`n` chat messages of `user` within 15 minutes yesterday afternoon (an imported group chat):
    two in three are the same reminder pasted again and again (repeats dedupe must merge), the
    rest vary."""
    start = (DEMO_NOW - timedelta(days=1)).replace(hour=15, minute=0)
    session = f"s_dense_{user}"
    ds.sessions.append({"session_id": session, "user_id": user, "title": "群聊导入", "created_at": start.isoformat(),
                        "last_active_at": (start + timedelta(minutes=15)).isoformat()})
    topics = ["周五交季度报告", "下午三点和张总签合同", "明天去医院体检", "数据看板方案评审", "晚上给妈妈过生日"]
    for i in range(n):
        text = "帮我记一下：明天上午十点和李经理谈续约" if i % 3 else f"{topics[i % len(topics)]}，第{i}条"
        ds.messages.append({"message_id": f"m_dense_{user}_{i:05d}", "session_id": session, "user_id": user,
                            "role": "user", "content": text,
                            "created_at": (start + timedelta(seconds=899 * i / n)).isoformat()})
    return ds


def postmaster_pid(data_dir: Path) -> int:
    return int((data_dir / "postmaster.pid").read_text().split()[0])


def postgres_of(data_dir: Path) -> list[psutil.Process]:
    return [p for p in psutil.process_iter(["status", "cmdline"])
            if p.info["status"] != psutil.STATUS_ZOMBIE and str(data_dir) in " ".join(p.info["cmdline"] or [])]


async def outage(base: str, data_dir: Path, clients: int, limit_s: float) -> tuple[Counter, float | None, int]:
    """Kill the postmaster under load; the statuses answered until a recall works again, the
    seconds that took (None: not within `limit_s`) and the old postmaster's pid."""
    statuses: Counter = Counter()
    killed_at: float | None = None
    recovered_at: float | None = None
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        async def worker() -> None:
            nonlocal recovered_at
            while recovered_at is None and time.monotonic() < (killed_at or time.monotonic()) + limit_s:
                sent = time.monotonic()
                try:
                    status: int | str = (await client.post("/v1/temporal-recall/query", json=OUTAGE_QUERY)).status_code
                except httpx.HTTPError as exc:
                    status = type(exc).__name__
                if killed_at is None:
                    continue
                if status != 200:
                    statuses[status] += 1  # in flight at the kill, or sent during the outage
                elif sent > killed_at:  # a 200 in flight at the kill had finished its SQL before it
                    recovered_at = recovered_at or time.monotonic()

        workers = [asyncio.create_task(worker()) for _ in range(clients)]
        await asyncio.sleep(1.0)  # under load before the kill
        old = postmaster_pid(data_dir)
        os.kill(old, signal.SIGKILL)
        killed_at = time.monotonic()
        await asyncio.gather(*workers)
    return statuses, None if recovered_at is None else recovered_at - killed_at, old


async def dense(base: str) -> list[tuple[int, int, float, dict]]:
    out = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for n in DENSE_SIZES:
            body = {"user_id": f"dense{n}", "query": DENSE_QUERY, "now": DEMO_NOW.isoformat()}
            started = time.monotonic()
            resp = await client.post("/v1/temporal-recall/query", json=body)
            out.append((n, resp.status_code, time.monotonic() - started, resp.json()))
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--outage-s", type=float, default=30, help="give up waiting for recovery after this long")
    args = parser.parse_args()
    dataset = build_dataset()
    for n in DENSE_SIZES:
        add_dense_window(dataset, f"dense{n}", n)
    emulator = start_emulator(dataset)
    root = Path(tempfile.mkdtemp(prefix="db-faults-"))
    data_dir = root / "pgdata"
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"} | emulator.env() | {
        "RECALL_DATA_DIR": str(data_dir), "SOURCE_RECORD_CAP": "10000"}
    log = (root / "service.log").open("w")
    service = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", str(port)], cwd=ROOT, env=env,
                               stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, service, 90)
        proc = psutil.Process(service.pid)
        rss_before = proc.memory_info().rss
        statuses, recovery_s, old_pid = asyncio.run(outage(base, data_dir, args.clients, args.outage_s))
        rss_after = proc.memory_info().rss
        same_service = service.poll() is None
        new_pid = postmaster_pid(data_dir)
        dense_runs = asyncio.run(dense(base))
    finally:
        stop_service(service, 30)
        for leftover in postgres_of(data_dir):
            leftover.terminate()
        emulator.stop()
        log.close()
    restarts = [line for line in (root / "service.log").read_text().splitlines() if "app.db.watch" in line]

    print(f"outage: SIGKILL of the embedded postmaster (pid {old_pid}) under {args.clients} concurrent clients")
    print(f"  answers until recovered: {dict(statuses) or 'none'}; 500s: {statuses[500]}")
    recovered = f"{recovery_s:.1f} s" if recovery_s is not None else f"not within {args.outage_s:.0f} s"
    print(f"  recall works again after {recovered} (target < {RECOVERY_TARGET_S} s), new postmaster pid {new_pid}, "
          f"service {'not restarted' if same_service else 'EXITED'}")
    for line in restarts:
        print(f"  log: {line}")
    print(f"  service RSS before {rss_before / 2**20:.0f} MiB, after {rss_after / 2**20:.0f} MiB")
    deadline = float(env.get("REQUEST_DEADLINE_S") or 5.0)
    for n, status, seconds, bundle in dense_runs:
        stats = bundle.get("stats", {})
        print(f"dense window: {n} chat messages in 15 min → {status} in {seconds:.2f} s (deadline {deadline:.1f} s); "
              f"in window {stats.get('in_window')}, after dedupe {stats.get('after_dedupe')}")
        for notice in bundle.get("notices", []):
            print(f"  notice: {notice}")
    ok = (statuses[500] == 0 and recovery_s is not None and recovery_s < RECOVERY_TARGET_S and same_service
          and all(status == 200 and seconds < deadline for _, status, seconds, _ in dense_runs))
    if ok:
        shutil.rmtree(root, ignore_errors=True)
    else:
        print(f"FAILED; the service's log is kept: {root / 'service.log'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
