"""Cold-path bench (issue 16): recalls with the timeline cache empty while every upstream answer
comes `--latency-ms` late (an upstream in another data centre), before/after in one run.

    .venv/bin/python bench/cold_path.py [--latency-ms 30] [--runs 12] [--env KEY=VALUE ...] [--compare REV]

The emulator (this tree's, the demo dataset, `--latency-ms` on every answer) runs in a process of
its own; the service (`python -m app serve`, embedded Postgres in its own RECALL_DATA_DIR under
/tmp) with CACHE_TTL_S=0.001, so that every recall pulls its sources again: "cold" means the
timeline cache only — upstream connections and the embedding cache are warm after two warm-up
recalls, as in a service that has been running. Each of the demo's questions is asked `--runs`
times; printed per tree: p50 / p95 of the whole recall as the client sees it, chat's own `ms`
(from the bundle's `sources`), and upstream requests per recall (the emulator's counters).
`--compare REV` first runs the same against the service as it is at git revision REV (unpacked
with `git archive` into a temporary directory), so both columns come from one run on one machine.
`--env` adds settings to both services (e.g. SOURCE_POOL_SIZE=64).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.demo import free_port, stop_service, wait_healthy
from app.emulator.dataset import DEMO_NOW, DEMO_USER
from app.emulator.server import DEFAULT_TOKENS

ROOT = Path(__file__).resolve().parents[1]
WORK = Path(tempfile.gettempdir()) / "cold-path-bench"
TOKEN = "cold-path-bench-token"
QUESTIONS = ["我昨天做了什么？", "我这周有什么重要的事？", "我今天有什么安排？", "这周五之前要交什么？",
             "我前天说过什么？"]


def upstream_env(url: str) -> dict[str, str]:
    return {"MEINPUT_URL": url, "MEINPUT_TOKEN": DEFAULT_TOKENS["meinput"],
            "CHAT_URL": url, "CHAT_TOKEN": DEFAULT_TOKENS["chat"],
            "MEMORY_URL": url, "MEMORY_TOKEN": DEFAULT_TOKENS["memory"],
            "CALENDAR_URL": f"{url}/calendar/{{user_id}}.ics", "CALENDAR_TOKEN": DEFAULT_TOKENS["calendar"]}


def run_tree(tree: Path, label: str, emulator_url: str, runs: int, extra: dict[str, str]) -> dict[str, str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    data_dir = WORK / label / "pgdata"
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"}, **upstream_env(emulator_url),
           "RECALL_DATA_DIR": str(data_dir), "CACHE_TTL_S": "0.001", "RECALL_API_TOKENS": f"bench:{TOKEN}", **extra}
    service = subprocess.Popen([sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port)],
                               cwd=tree, env=env, stderr=subprocess.DEVNULL)
    try:
        wait_healthy(url, service, 180, TOKEN)
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30) as c, \
                httpx.Client(base_url=emulator_url) as emu:
            for query in QUESTIONS[:2]:  # warm-up: connections, the embedding cache
                _recall(c, query)
            total, chat, calls = [], [], []
            for _ in range(runs):
                for query in QUESTIONS:
                    before = sum(emu.get("/_control/stats").json().values())
                    started = time.perf_counter()
                    bundle = _recall(c, query)
                    total.append((time.perf_counter() - started) * 1000)
                    calls.append(sum(emu.get("/_control/stats").json().values()) - before)
                    report = bundle["sources"]["chat"]
                    assert report["status"] == "ok" and not report.get("cached"), report
                    chat.append(report["ms"])
    finally:
        stop_service(service, 60)
    return {"recall p50": f"{_q(total, 0.5):.0f} ms", "recall p95": f"{_q(total, 0.95):.0f} ms",
            "chat's ms p50": f"{_q(chat, 0.5):.0f} ms", "upstream requests per recall": f"{statistics.median(calls):.0f}",
            "_p50": f"{_q(total, 0.5)}"}


def _recall(c: httpx.Client, query: str) -> dict:
    resp = c.post("/v1/temporal-recall/query", json={"user_id": DEMO_USER, "query": query, "now": DEMO_NOW.isoformat()})
    resp.raise_for_status()
    return resp.json()


def _q(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def unpack(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main(args: argparse.Namespace) -> None:
    port = free_port()
    emulator = subprocess.Popen([sys.executable, "-m", "app.emulator", "--port", str(port),
                                 "--latency-ms", str(args.latency_ms)], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    columns: dict[str, dict[str, str]] = {}
    extra = dict(kv.split("=", 1) for kv in args.env)
    try:
        assert emulator.stdout is not None
        emulator.stdout.readline()  # "emulator on …": it is serving
        emulator_url = f"http://127.0.0.1:{port}"
        if args.compare:
            with tempfile.TemporaryDirectory(prefix="cold-path-") as tmp:
                print(f"[{args.compare}] {args.runs} × {len(QUESTIONS)} cold recalls ...", flush=True)
                columns[args.compare] = run_tree(unpack(args.compare, Path(tmp)), "before", emulator_url, args.runs,
                                                   extra)
        print(f"[working tree] {args.runs} × {len(QUESTIONS)} cold recalls ...", flush=True)
        columns["working tree"] = run_tree(ROOT, "after", emulator_url, args.runs, extra)
    finally:
        emulator.send_signal(signal.SIGTERM)
        emulator.wait(30)
    rows = [r for r in next(iter(columns.values())) if not r.startswith("_")]
    width = max(len(r) for r in rows)
    print(f"\nevery upstream answer {args.latency_ms:g} ms late; demo user, {len(QUESTIONS)} questions × {args.runs}"
          + "".join(f"; {k}={v}" for k, v in extra.items()))
    print(f"{'':{width}}  " + "  |  ".join(columns))
    for row in rows:
        print(f"{row:{width}}  " + "  |  ".join(f"{col[row]:>{len(name)}}" for name, col in columns.items()))
    if args.compare:
        before, after = (float(col["_p50"]) for col in columns.values())
        print(f"recall p50 now/before: {after / before:.2f}×")
    print("target: recall p50 ≤ 200 ms with 30 ms upstream answers")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--latency-ms", type=float, default=30.0)
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE", help="a setting of both services")
    parser.add_argument("--compare", metavar="REV", help="run the bench against git revision REV first")
    main(parser.parse_args())
