"""Cold-user bench (issue 17): the first recall of a user none of whose records were normalized
before, on a service whose start-up is done (`open_recall`), `--records` MeInput segments served by
the emulator on loopback: bench/recall.py's cold column, which is one sample per size, repeated.

Each sample opens the service anew (a fresh engine, pool and caches; the embedded Postgres stays up).
With `--compare REV` the samples are taken by processes of REV's tree (a temporary worktree) and of
the current tree in turn, `--rounds` times, each process taking `--samples`: the machine's speed
drifts between minutes, and alternating lets the drift fall on both alike. Each tree serves the
synthetic records of its own bench/recall.py (the same generator since 5594e45).

With `--cpu`, each sample also says where the machine's time went while it ran: CPU milliseconds of
the service's process (the emulator's thread included), of the normalizing workers and of every
`postgres` process on the machine, and how much of the machine's time (all cores) was idle.

    .venv/bin/python bench/cold_user.py [--records 2000] [--rounds 3] [--samples 3] [--compare REV] [--cpu]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WARM_UP_RECORDS = 1000  # a first cold query per process, untimed: imports and first uses of the process


_TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")


def _cpu_ms(pid: int) -> float:
    """User and system CPU of a process so far (0 for one gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) * _TICK_MS


def _postgres_ms() -> float:
    pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
    return sum(_cpu_ms(p) for p in pids if _comm(p).startswith("postgres"))


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text()
    except OSError:
        return ""


def _machine_ms() -> tuple[float, float]:
    """Idle and total time of all cores so far."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:8]]
    return ticks[3] * _TICK_MS, sum(ticks) * _TICK_MS


async def _samples(tree: Path, records: int, samples: int, cpu: bool = False) -> list[str]:
    """Milliseconds of each cold query (with `cpu`, and where the machine's time went), in a process
    whose `app` is `tree`'s."""
    sys.path.insert(0, str(tree))
    spec = importlib.util.spec_from_file_location("tree_bench", tree / "bench" / "recall.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from app.contracts import RecallRequest
    from app.db.bootstrap import prepare_database
    from app.embed import HashingEmbedder
    from app.emulator import start_emulator
    from app.recall import open_recall, run_recall
    from app.settings import load_settings

    gc.freeze()  # the collector settings of `python -m app serve`
    gc.set_threshold(50_000, 50, 100)
    settings = load_settings({"RECALL_DATA_DIR": str(Path(tempfile.gettempdir()) / "memind-bench" / "pgdata")})
    database = await asyncio.to_thread(prepare_database, settings)

    try:
        from app.sources.spare_core import worker_pids
    except ImportError:  # a tree from before the workers (5594e45)
        worker_pids = frozenset

    def counters() -> tuple[float, ...]:
        workers = sum(_cpu_ms(pid) for pid in worker_pids())
        return time.process_time() * 1e3, workers, _postgres_ms(), *_machine_ms()

    async def cold(n: int) -> str:
        emulator = start_emulator(bench.synthetic(n))
        env = emulator.env(("meinput",)) | {"SOURCE_RECORD_CAP": "50000", "SOURCE_TIMEOUT_S": "30",
                                            "REQUEST_DEADLINE_S": "60", "CACHE_TTL_S": "3600",
                                            "DATABASE_URL": database.url}
        try:
            async with open_recall(load_settings(env), embedder=HashingEmbedder()) as deps:
                request = RecallRequest(user_id=bench.USER, query=bench.QUERY, now=bench.DEMO_NOW)
                before = counters() if cpu else ()
                started = time.perf_counter()
                await run_recall(request, deps)
                ms = (time.perf_counter() - started) * 1e3
                if not cpu:
                    return f"{ms:.1f}"
                service, workers, postgres, idle, total = (b - a for a, b in zip(before, counters(), strict=True))
                return f"{ms:.1f}:{service:.0f}:{workers:.0f}:{postgres:.0f}:{idle:.0f}:{total:.0f}"
        finally:
            emulator.stop()

    try:
        await cold(WARM_UP_RECORDS)
        return [await cold(records) for _ in range(samples)]
    finally:
        database.close()


def _run(tree: Path, records: int, samples: int, cpu: bool) -> list[list[float]]:
    """Each sample's milliseconds (with `cpu`: and its service, workers, postgres, idle and machine ms)."""
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--tree", str(tree), "--records", str(records),
                          "--samples", str(samples), *(["--cpu"] if cpu else [])],
                         cwd=tree, check=True, capture_output=True, text=True).stdout
    return [[float(x) for x in sample.split(":")] for sample in out.split()]


def main(records: int, rounds: int, samples: int, rev: str | None, cpu: bool = False) -> None:
    print(f"cold query, {records} new MeInput records, {samples} samples per process, {rounds} rounds")
    with tempfile.TemporaryDirectory(prefix="bench-rev-") as tmp:
        trees = {"current": ROOT}
        if rev:
            subprocess.run(["git", "worktree", "add", "--quiet", "--detach", tmp, rev], cwd=ROOT, check=True)
            trees = {rev: Path(tmp), "current": ROOT}
        try:
            taken: dict[str, list[float]] = {name: [] for name in trees}
            for number in range(1, rounds + 1):
                for name, tree in trees.items():
                    taken_now = _run(tree, records, samples, cpu)
                    ms = [sample[0] for sample in taken_now]
                    taken[name] += ms
                    print(f"round {number} {name:>8}: {' '.join(f'{x:.0f}' for x in ms)} ms", flush=True)
                    for wall, service, workers, postgres, idle, total in (t for t in taken_now if cpu):
                        print(f"    {wall:4.0f} ms: CPU ms service {service:.0f}, workers {workers:.0f}, postgres "
                              f"{postgres:.0f}; machine idle {idle:.0f} of {total:.0f} ({idle / max(total, 1):.0%})")
        finally:
            if rev:
                subprocess.run(["git", "worktree", "remove", "--force", tmp], cwd=ROOT, check=True)
    medians = {name: statistics.median(ms) for name, ms in taken.items()}
    print("median " + ", ".join(f"{name} {ms:.0f} ms" for name, ms in medians.items()))
    if rev:
        print(f"cold now/before {medians['current'] / medians[rev]:.2f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3, help="processes per tree, alternating")
    parser.add_argument("--samples", type=int, default=3, help="cold queries per process")
    parser.add_argument("--compare", metavar="REV", help="alternate with git revision REV's tree")
    parser.add_argument("--cpu", action="store_true", help="say where the machine's time went in each sample")
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)  # a child: take the samples in this tree
    args = parser.parse_args()
    if args.tree:
        print(*asyncio.run(_samples(args.tree, args.records, args.samples, args.cpu)))
    else:
        main(args.records, args.rounds, args.samples, args.compare, args.cpu)
