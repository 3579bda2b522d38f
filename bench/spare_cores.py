"""What the normalizing workers (app/sources/spare_core.py) save on a cold pull: 2,000 new MeInput
records made into candidates (with their keywords) by the service alone and shared with
NORMALIZE_WORKERS workers, round by round in one run (the machine's speed drifts between minutes).
Each round uses records never normalized before (rjieba's keyword cache would otherwise hide the
keyword work).

    .venv/bin/python bench/spare_cores.py [--records 2000] [--rounds 5] [--workers 1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.sources import meinput, worker
from app.sources.spare_core import SpareCores, warm
from bench.recall import USER, synthetic

ZONE = ZoneInfo("Asia/Shanghai")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    alone, shared = SpareCores(0), SpareCores(args.workers)
    # start-up, once per process: the first record made here, the fork server with its preload (it also
    # imports this script, as a child of a script does), the workers
    for what, step in (("the first record", warm), ("the fork server", worker.start), (f"{args.workers} worker(s)", shared.start)):
        started = time.perf_counter()
        step()
        print(f"start-up, {what}: {(time.perf_counter() - started) * 1e3:.0f} ms")
    times: dict[str, list[float]] = {"alone": [], "shared": []}
    for round_ in range(args.rounds):
        for name, cores in (("alone", alone), ("shared", shared)):
            # texts of their own per round and side: nothing cached from an earlier batch
            seed = 1000 + 2 * round_ + (name == "shared")
            segments = [meinput.decode(r, USER) for r in synthetic(args.records, seed=seed).segments]
            t = time.perf_counter()
            made = await cores.make_all(meinput.to_candidate, segments, USER, ZONE)
            times[name].append(time.perf_counter() - t)
            assert len(made) == len(segments)
    a, s = statistics.median(times["alone"]), statistics.median(times["shared"])
    print(f"{args.records} new records, median of {args.rounds} rounds: the service alone {a * 1e3:.0f} ms, "
          f"shared with {args.workers} worker(s) {s * 1e3:.0f} ms ({s / a:.2f}x)")
    print("per round (alone / shared ms): " + ", ".join(
        f"{x * 1e3:.0f}/{y * 1e3:.0f}" for x, y in zip(times["alone"], times["shared"], strict=True)))


if __name__ == "__main__":
    asyncio.run(main())
