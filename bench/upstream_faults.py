"""Upstream faults bench (issue 12): the service against misbehaving upstreams, before/after in one run.

(a) slow-chat burst: chat answers every request after 30 s; ~60 recall requests/s (each for its
    own user) for --burst-seconds; --settle-seconds later a recall for another user: its MeInput
    status and latency (target: `ok` within 2.5 s) and the burst's status counts.
(b) gzip bombs: chat answers ten session listings, one after another, with a 300 KB gzip body that
    inflates to 300 MB: the service's peak RSS (target < 300 MB) and its slowest /healthz while
    they are read (target < 100 ms).

    .venv/bin/python bench/upstream_faults.py [--burst-seconds 15] [--settle-seconds 30] [--compare REV]

Each scenario starts `python -m app serve` afresh on 127.0.0.1 (embedded Postgres in its own
RECALL_DATA_DIR under /tmp) and stops it after; MeInput is the emulator and chat a hostile server,
on loopback (the emulator in a process of its own, chat in this one). `--compare REV` first runs both against the service as it is
at git revision REV (unpacked with `git archive` into a temporary directory), so the figures
before and after come from one run on one machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.demo import free_port, wait_healthy
from app.emulator.dataset import DEMO_NOW, DEMO_USER
from app.emulator.hostile import EMPTY_CHAT, Answer, HostileUpstream, gzip_bomb, json_answer, slow
from app.emulator.server import DEFAULT_TOKENS

ROOT = Path(__file__).resolve().parents[1]
WORK = Path(tempfile.gettempdir()) / "upstream-faults-bench"
QUERY = "我昨天有什么重要的事？"
RATE = 60  # recall requests per second in the burst
BOMBS = 10
MB = 1024 * 1024


class Service:
    """`python -m app serve` from `tree`, on a free loopback port, with its own data dir."""

    def __init__(self, tree: Path, label: str, env: dict[str, str]) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        data_dir = WORK / label / "pgdata"
        data_dir.parent.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(self.port)], cwd=tree,
            env={**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"}, **env,
                 "RECALL_DATA_DIR": str(data_dir)}, stderr=subprocess.DEVNULL)

    def wait_ready(self, seconds: float = 180) -> None:
        wait_healthy(self.url, self.proc, seconds)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


async def _recall(c: httpx.AsyncClient, user: str) -> tuple[dict | None, float, str]:
    started = time.monotonic()
    try:
        resp = await c.post("/v1/temporal-recall/query", json={"user_id": user, "query": QUERY,
                                                               "now": DEMO_NOW.isoformat()})
    except httpx.HTTPError as exc:
        return None, time.monotonic() - started, type(exc).__name__
    elapsed = time.monotonic() - started
    return (resp.json() if resp.status_code == 200 else None), elapsed, f"HTTP {resp.status_code}"


def _source(bundle: dict | None, name: str) -> str:
    if bundle is None:
        return "no answer"
    report = bundle["sources"][name]
    return "ok" if report["status"] == "ok" else (report.get("error") or report["status"]).split(" (")[0][:40]


async def slow_chat_burst(tree: Path, label: str, meinput_env: dict[str, str], burst_s: float,
                          settle_s: float) -> dict[str, str]:
    async with HostileUpstream(slow(30, json_answer(EMPTY_CHAT))) as chat:
        service = Service(tree, label, {**meinput_env, "CHAT_URL": chat.url, "CHAT_TOKEN": "t"})
        try:
            await asyncio.to_thread(service.wait_ready)
            limits = httpx.Limits(max_connections=1000, max_keepalive_connections=100)
            async with httpx.AsyncClient(base_url=service.url, limits=limits, timeout=30) as c:
                started = time.monotonic()
                tasks = []
                for i in range(int(RATE * burst_s)):
                    await asyncio.sleep(max(0.0, started + i / RATE - time.monotonic()))
                    tasks.append(asyncio.create_task(_recall(c, f"burst-{label}-{i}")))
                results = await asyncio.gather(*tasks)
                await asyncio.sleep(settle_s)
                bundle, elapsed, status = await _recall(c, DEMO_USER)
                health = (await c.get("/healthz")).status_code
        finally:
            service.stop()
    statuses = Counter(status for _, _, status in results)
    meinput = Counter(_source(b, "meinput") for b, _, _ in results)
    chat_errors = Counter(_source(b, "chat") for b, _, _ in results)
    fetched = bundle["sources"]["meinput"].get("fetched", 0) if bundle else 0
    return {
        "burst: requests answered": ", ".join(f"{k} ×{n}" for k, n in statuses.most_common()),
        "burst: meinput ok": f"{meinput['ok']}/{len(results)}",
        "burst: chat reports": ", ".join(f"{k} ×{n}" for k, n in chat_errors.most_common(3)),
        f"{settle_s:.0f} s later, '{DEMO_USER}': meinput": f"{_source(bundle, 'meinput')} ({fetched} records) in {elapsed:.2f} s",
        f"{settle_s:.0f} s later, '{DEMO_USER}': chat": _source(bundle, "chat") if status == "HTTP 200" else status,
        f"{settle_s:.0f} s later: /healthz": f"HTTP {health}",
    }


def _sessions_bomb(bomb: Answer) -> Answer:
    """A bomb for session listings; an empty answer for everything else."""
    empty = json_answer(EMPTY_CHAT)

    async def answer(path: str, writer: asyncio.StreamWriter) -> None:
        await (bomb if "/sessions" in path else empty)(path, writer)

    return answer


def _sample_rss(pid: int, stop: threading.Event, peak: list[int]) -> None:
    process = psutil.Process(pid)
    while not stop.is_set():
        peak[0] = max(peak[0], process.memory_info().rss)
        time.sleep(0.01)


async def gzip_bombs(tree: Path, label: str, meinput_env: dict[str, str], bomb: Answer) -> dict[str, str]:
    async with HostileUpstream(json_answer(EMPTY_CHAT)) as chat:
        service = Service(tree, label, {**meinput_env, "CHAT_URL": chat.url, "CHAT_TOKEN": "t"})
        try:
            await asyncio.to_thread(service.wait_ready)
            async with httpx.AsyncClient(base_url=service.url, timeout=60) as c:
                await _recall(c, "warm-up")  # first-request costs are not the bombs' doing
                _, quiet = await _watch(c, _recalls(c, "quiet"))  # the same recalls without bombs, for scale
                before = psutil.Process(service.proc.pid).memory_info().rss
                peak, stop = [before], threading.Event()
                sampler = threading.Thread(target=_sample_rss, args=(service.proc.pid, stop, peak), daemon=True)
                sampler.start()
                served, chat.answer = len(chat.paths), _sessions_bomb(bomb)
                reports, slowest = await _watch(c, _recalls(c, "bomb"))
                stop.set()
                sampler.join()
                bombs = sum("/sessions" in p for p in chat.paths[served:])
        finally:
            service.stop()
    return {
        "chat's report": ", ".join(f"{k} ×{n}" for k, n in Counter(reports).most_common(2)),
        "bombs sent": str(bombs),
        "service RSS before → peak": f"{before / MB:.0f} → {peak[0] / MB:.0f} MB",
        "slowest /healthz during the bombs": f"{slowest * 1000:.0f} ms (without bombs: {quiet * 1000:.0f} ms)",
    }


async def _recalls(c: httpx.AsyncClient, prefix: str) -> list[str]:
    """BOMBS recalls one after another (each reads one session listing); chat's report of each."""
    return [_source((await _recall(c, f"{prefix}-{i}"))[0], "chat") for i in range(BOMBS)]


async def _watch(c: httpx.AsyncClient, work: Coroutine[Any, Any, list[str]]) -> tuple[list[str], float]:
    """`work`'s result and the slowest /healthz, asked every 20 ms while it ran."""
    task = asyncio.create_task(work)
    slowest = 0.0
    while not task.done():
        started = time.monotonic()
        await c.get("/healthz")
        slowest = max(slowest, time.monotonic() - started)
        await asyncio.sleep(0.02)
    return await task, slowest


async def run_tree(tree: Path, label: str, args: argparse.Namespace, bomb: Answer) -> dict[str, str]:
    port = free_port()
    emulator = subprocess.Popen([sys.executable, "-m", "app.emulator", "--port", str(port)], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert emulator.stdout is not None
        emulator.stdout.readline()  # "emulator on …": it is serving
        meinput_env = {"MEINPUT_URL": f"http://127.0.0.1:{port}", "MEINPUT_TOKEN": DEFAULT_TOKENS["meinput"]}
        print(f"[{label}] (a) slow-chat burst: {RATE} req/s for {args.burst_seconds:.0f} s ...", flush=True)
        figures = await slow_chat_burst(tree, label, meinput_env, args.burst_seconds, args.settle_seconds)
        print(f"[{label}] (b) {BOMBS} gzip bombs ...", flush=True)
        figures |= await gzip_bombs(tree, label, meinput_env, bomb)
    finally:
        emulator.send_signal(signal.SIGTERM)
        emulator.wait(30)
    return figures


def unpack(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


async def main(args: argparse.Namespace) -> None:
    bomb = gzip_bomb(300 * MB)
    columns: dict[str, dict[str, str]] = {}
    if args.compare:
        with tempfile.TemporaryDirectory(prefix="upstream-faults-") as tmp:
            columns[args.compare] = await run_tree(unpack(args.compare, Path(tmp)), "before", args, bomb)
    columns["working tree"] = await run_tree(ROOT, "after", args, bomb)
    rows = list(next(iter(columns.values())))
    width = max(len(r) for r in rows)
    print(f"\n{'':{width}}  " + "  |  ".join(columns))
    for row in rows:
        print(f"{row:{width}}  " + "  |  ".join(col[row] for col in columns.values()))
    print("\ntargets: MeInput `ok` within 2.5 s after the burst; peak RSS < 300 MB; slowest /healthz < 100 ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--burst-seconds", type=float, default=15.0)
    parser.add_argument("--settle-seconds", type=float, default=30.0)
    parser.add_argument("--compare", metavar="REV", help="run the scenarios against git revision REV first")
    asyncio.run(main(parser.parse_args()))
