"""Cold-user bench (issue 17): the first recall of a user none of whose records were normalized
before, on a service whose start-up is done (`open_recall`), `--records` MeInput segments served by
the emulator on loopback: bench/recall.py's cold column, which is one sample per size, repeated.

Each sample opens the service anew (a fresh engine, pool and caches; the embedded Postgres stays up).
With `--compare REV` the samples are taken by processes of REV's tree (a temporary worktree) and of
the current tree in turn, `--rounds` times, each process taking `--samples`: the machine's speed
drifts between minutes, and alternating lets the drift fall on both alike. Each tree serves the
synthetic records of its own bench/recall.py (the same generator since 5594e45).

    .venv/bin/python bench/cold_user.py [--records 2000] [--rounds 3] [--samples 3] [--compare REV]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WARM_UP_RECORDS = 1000  # a first cold query per process, untimed: imports and first uses of the process


async def _samples(tree: Path, records: int, samples: int) -> list[float]:
    """Milliseconds of each cold query, in a process whose `app` is `tree`'s."""
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

    async def cold(n: int) -> float:
        emulator = start_emulator(bench.synthetic(n))
        env = emulator.env(("meinput",)) | {"SOURCE_RECORD_CAP": "50000", "SOURCE_TIMEOUT_S": "30",
                                            "REQUEST_DEADLINE_S": "60", "CACHE_TTL_S": "3600",
                                            "DATABASE_URL": database.url}
        try:
            async with open_recall(load_settings(env), embedder=HashingEmbedder()) as deps:
                request = RecallRequest(user_id=bench.USER, query=bench.QUERY, now=bench.DEMO_NOW)
                started = time.perf_counter()
                await run_recall(request, deps)
                return (time.perf_counter() - started) * 1e3
        finally:
            emulator.stop()

    try:
        await cold(WARM_UP_RECORDS)
        return [await cold(records) for _ in range(samples)]
    finally:
        database.close()


def _run(tree: Path, records: int, samples: int) -> list[float]:
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--tree", str(tree), "--records", str(records),
                          "--samples", str(samples)], cwd=tree, check=True, capture_output=True, text=True).stdout
    return [float(x) for x in out.split()]


def main(records: int, rounds: int, samples: int, rev: str | None) -> None:
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
                    ms = _run(tree, records, samples)
                    taken[name] += ms
                    print(f"round {number} {name:>8}: {' '.join(f'{x:.0f}' for x in ms)} ms", flush=True)
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
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)  # a child: take the samples in this tree
    args = parser.parse_args()
    if args.tree:
        print(*(f"{ms:.1f}" for ms in asyncio.run(_samples(args.tree, args.records, args.samples))))
    else:
        main(args.records, args.rounds, args.samples, args.compare)
