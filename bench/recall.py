"""Recall latency benchmark: the SQL pipeline vs an in-process Python/numpy baseline, same run.

For 1k, 2k, 5k and 20k candidates of one synthetic user (served by the emulator on loopback):
- whole-query latency p50/p95 (plan → fetch (timeline cache warm after the first) → load → SQL → bundle),
- per-stage server times (load, filter, dedupe, rank),
- the same filter → dedupe → score done in-process with numpy on the same candidates; the top 20
  of both must be identical; the ratios SQL stages/baseline and whole-query p50/baseline are printed,
- a drift check: p50 of the first and last 500 of 5,000 consecutive queries (temp-table churn).

    make bench           # or: .venv/bin/python bench/recall.py [--quick] [--big] [--compare REV] [--dim N]

`--dim N` embeds with N dimensions instead of the built-in embedder's 128, as a real embedding
model would (EMBEDDINGS_DIM: 384 to 1536): rows several kilobytes wide instead of under one.

`--compare REV` first runs this benchmark as it is at git revision REV (its own script, from a
temporary worktree, `--quick`), then the current tree (`--quick` too, unless `--big`), and prints
the current cold and warm p50 over REV's per size: a before/after on the same machine in one run.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import numpy as np
from dateutil.relativedelta import relativedelta

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.contracts import RecallRequest
from app.db.bootstrap import prepare_database
from app.embed import HashingEmbedder
from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, RECIPES, SH, Dataset, clock_phrase, day_phrase
from app.fetch import fetch_candidates
from app.keywords import KIN_NAMES, keywords
from app.pipeline.dedupe import (
    MAX_NEIGHBOURS,
    MIN_OVERLAP,
    MIN_OVERLAP_AT_SAME_TIME,
    MIN_SHARED_AT_SAME_TIME,
    MIN_SIMILARITY,
    REPLY_WITHIN,
    WINDOW_MINUTES,
)
from app.pipeline.filter import NEAR_MISS
from app.pipeline.runner import prepare_stages, run_stages
from app.planner import plan_request
from app.recall import RecallDeps, open_recall, run_recall
from app.settings import load_settings

QUERY = "我最近一周有什么重要的事？"
USER = "bench"
ROOT = Path(__file__).resolve().parents[1]


def synthetic(n: int, seed: int = 7) -> Dataset:
    """n MeInput segments over the last 10 days; one in five is typed twice within minutes."""
    rnd = random.Random(seed)
    ds = Dataset()
    noise = ["中午吃什么好呢", "今天好困啊", "这首歌真好听", "又下雨了", "晚饭吃了火锅", "新买的键盘手感不错"]
    i = 0
    while len(ds.segments) < n:
        observed = DEMO_NOW - timedelta(days=rnd.uniform(0, 10))
        if rnd.random() < 0.4:
            text = rnd.choice(noise) + f" #{i}"
        else:
            _key, plan, *_rest = rnd.choice(RECIPES)
            when = (observed + timedelta(days=rnd.choice([0, 1, 1, 2]))).replace(
                hour=rnd.randrange(8, 21), minute=rnd.choice([0, 30]), second=0, microsecond=0)
            text = f"{day_phrase(when, observed, rnd)}{clock_phrase(when, rnd.random() < 0.5)}{plan}（{i}）"
        copies = 2 if rnd.random() < 0.2 else 1
        for c in range(copies):
            at = observed + timedelta(minutes=3 * c)
            ds.segments.append({"evidence_id": f"b{i}_{c}", "user_id": USER, "type": "expression_segment",
                                "text": text, "observed_at": at.astimezone(SH).isoformat(timespec="seconds"),
                                "importance": round(rnd.uniform(0.1, 0.95), 2)})
        i += 1
    ds.segments = ds.segments[:n]
    return ds


# ---------------------------------------------------------------- the in-process baseline

_GRAIN_SECONDS = {"hour": 3600, "day": 86400, "week": 7 * 86400, "month": 28 * 86400, "quarter": 89 * 86400,
                  "year": 365 * 86400}  # the shortest of each unit
# what each unit spans from its start, as sql/filter_by_mode.sql adds it
_SPAN = {"hour": relativedelta(hours=1), "day": relativedelta(days=1), "week": relativedelta(weeks=1),
         "month": relativedelta(months=1), "quarter": relativedelta(months=3), "year": relativedelta(years=1)}


def _tm(t: np.ndarray, lo: float, hi: float, slack: float) -> np.ndarray:
    inside = (t >= lo) & (t < hi)
    below = 0.8 * np.clip(1 - (lo - t) / slack, 0, None)
    above = 0.8 * np.clip(1 - (t - hi) / slack, 0, None)
    out = np.where(inside, 1.0, np.where(t < lo, below, above))
    return np.where(np.isnan(t), 0.0, out)


def baseline(plan, cands, vecs: np.ndarray) -> list[str]:
    """filter (AMBIGUOUS) → dedupe (±15 min, the next MAX_NEIGHBOURS in time, cosine/keyword) → score,
    as sql/ does it."""
    now = plan.now.timestamp()
    m, e = plan.time.mention_range, plan.time.event_range
    m_lo, m_hi, e_lo, e_hi = m.start.timestamp(), m.end.timestamp(), e.start.timestamp(), e.end.timestamp()
    obs = np.array([c.observed_time.timestamp() for c in cands])
    evt = np.array([c.event_time.timestamp() if c.event_time else np.nan for c in cands])
    coarse = np.array([c.event_grain in ("day", "week", "month", "quarter", "year") for c in cands])
    near = NEAR_MISS.total_seconds()
    e_tm = np.where(coarse, 0.0, _tm(evt, e_lo, e_hi, near))  # a day or longer: in its days or not
    end = np.array([(c.event_time + _SPAN[c.event_grain]).timestamp() if c.event_grain in _SPAN else np.nan
                    for c in cands])
    e_tm = np.where(~np.isnan(end) & (evt < e_hi) & (end > e_lo), 1.0, e_tm)  # an hour or a day is a span
    grain_s = np.array([_GRAIN_SECONDS.get(c.event_grain, 0) for c in cands])
    e_tm = np.where(grain_s > e_hi - e_lo, np.minimum(e_tm, 0.8), e_tm)  # coarser than the range: a near miss
    m_tm = _tm(obs, m_lo, m_hi, near)
    eventish = np.array([c.type != "mention" or c.event_grain is not None for c in cands])
    said = np.array([c.role not in ("run", "calendar") for c in cands])  # done or scheduled is not said
    keep = (obs < now) & (((e_tm > 0) & (e_tm >= m_tm) & eventish) | ((m_tm > 0) & said))
    idx = np.flatnonzero(keep)
    tm = np.maximum(e_tm, m_tm)
    # dedupe: union-find over ±15 min windows on t = event_time or observed_time
    t = np.where(np.isnan(evt), obs, evt)
    day = [(c.event_time or c.observed_time).astimezone(SH).date() for c in cands]
    kw = [set(keywords(c.gist)) | set(c.participants) for c in cands]
    precise = [c.event_grain in ("minute", "hour") for c in cands]
    names = [{p for p in c.participants if p not in KIN_NAMES} for c in cands]
    kin = [{p for p in c.participants if p in KIN_NAMES} for c in cands]
    parent = {i: i for i in idx}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def overlap(a, b):
        ka, kb = kw[a], kw[b]
        return len(ka & kb) / min(len(ka), len(kb)) if ka and kb else 0.0

    def similar(a, b, same_time=False):
        if (names[a] and names[b] and not names[a] & names[b]) or (kin[a] and kin[b] and not kin[a] & kin[b]):
            return False
        if float(vecs[a] @ vecs[b]) > MIN_SIMILARITY or overlap(a, b) > MIN_OVERLAP:
            return True
        if not (same_time and precise[a] and precise[b]):
            return False
        user, answer = (a, b) if cands[a].role == "user" else (b, a)
        reply = ({cands[a].role, cands[b].role} == {"user", "assistant"} and bool(kw[a] & kw[b])
                 and 0 <= obs[answer] - obs[user] <= REPLY_WITHIN.total_seconds())
        same_instant = t[a] == t[b] and cands[a].source != cands[b].source and bool(kw[a] & kw[b])
        return (overlap(a, b) >= MIN_OVERLAP_AT_SAME_TIME or len(kw[a] & kw[b]) >= MIN_SHARED_AT_SAME_TIME or reply
                or same_instant)

    order = idx[np.argsort(t[idx], kind="stable")]
    window = WINDOW_MINUTES * 60
    ts = t[order]
    for pos, a in enumerate(order):
        hi = np.searchsorted(ts, ts[pos] + window, side="right")
        for b in order[pos + 1 : min(hi, pos + 1 + MAX_NEIGHBOURS)]:  # the next MAX_NEIGHBOURS only
            if similar(a, b, same_time=True):
                parent[find(max(a, b))] = find(min(a, b))
    by_day: dict = {}
    for i in idx:
        if coarse[i]:
            by_day.setdefault(day[i], []).append(i)
    for members in by_day.values():
        members.sort(key=lambda i: (cands[i].observed_time, i))  # day grain: in observed order
        for pos, a in enumerate(members):
            for b in members[pos + 1 : pos + 1 + MAX_NEIGHBOURS]:
                if similar(a, b):
                    ra, rb = find(a), find(b)
                    parent[max(ra, rb)] = min(ra, rb)
    clusters: dict[int, list[int]] = {}
    for i in idx:
        clusters.setdefault(find(i), []).append(i)
    w = {"meinput": plan.sources.meinput, "chat": plan.sources.chat, "calendar": plan.sources.calendar}
    targets = {t.type: t.weight for t in plan.targets}
    scored = []
    for members in clusters.values():
        rep = min(members, key=lambda i: (-cands[i].source_quality, -cands[i].confidence,
                                          cands[i].observed_time, i))
        c = cands[rep]
        importance = max(cands[i].importance for i in members)
        source_factor = c.source_quality * (0.85 + 0.15 * w.get(c.source, plan.sources.memory_v2))
        tilt = 0.5 + 0.5 * targets.get(c.type, 0.5)  # the plan's targets tilt semantic_match (no topic: 1.0)
        score = source_factor * max(tm[i] for i in members) * tilt * importance * c.confidence
        scored.append((-score, c.event_time.timestamp() if c.event_time else float("inf"), rep, c.source_ref))
    scored.sort()
    return [ref for *_x, ref in scored[:20]]


# ---------------------------------------------------------------- the run

async def sql_path(deps: RecallDeps, plan, clock, cands, embedder) -> tuple[list[str], dict[str, float]]:
    stage_input = await prepare_stages(plan, clock, cands, embedder)
    result = await run_stages(deps.engine, deps.queries, stage_input, limit=20, include_hidden=True)
    return [r["source_ref"] for r in result.rows[:20]], {k: ms / 1e3 for k, ms in result.stage_ms().items()}


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else values[0]


async def bench_size(n: int, database_url: str, rounds: int, dim: int) -> dict:
    emulator = start_emulator(synthetic(n))
    env = emulator.env(("meinput",)) | {"SOURCE_RECORD_CAP": "50000", "SOURCE_TIMEOUT_S": "30",
                                        "REQUEST_DEADLINE_S": "60", "CACHE_TTL_S": "3600", "DATABASE_URL": database_url,
                                        "EMBEDDINGS_DIM": str(dim)}
    embedder = HashingEmbedder(dim=dim)
    try:
        async with open_recall(load_settings(env), embedder=embedder) as deps:
            request = RecallRequest(user_id=USER, query=QUERY, now=DEMO_NOW)
            t = time.perf_counter()
            await run_recall(request, deps)
            cold = time.perf_counter() - t
            plan, clock = plan_request(QUERY, None, DEMO_NOW, None)
            cands = (await fetch_candidates(plan, clock, USER, deps.upstreams)).candidates
            vecs = np.array(await embedder.embed([c.gist for c in cands]), dtype=np.float64)
            baseline(plan, cands, vecs)  # untimed: the first run pays for rjieba's and numpy's warm-up
            # each round times the whole query, the SQL path and the baseline back to back: the
            # machine's speed drifts between minutes, so a ratio is only fair within a round
            whole, sql_times, base_times, stage_acc = [], [], [], {}
            for _ in range(rounds):
                t = time.perf_counter()
                await run_recall(request, deps)
                whole.append(time.perf_counter() - t)
                t = time.perf_counter()
                sql_top, stages = await sql_path(deps, plan, clock, cands, embedder)
                sql_times.append(time.perf_counter() - t)
                for k, v in stages.items():
                    stage_acc.setdefault(k, []).append(v)
                t = time.perf_counter()
                base_top = baseline(plan, cands, vecs)
                base_times.append(time.perf_counter() - t)
            assert sql_top == base_top, f"top 20 differ at {n}:\n{sql_top}\n{base_top}"
            return {"n": len(cands), "cold": cold, "p50": pct(whole, 50), "p95": pct(whole, 95),
                    "stages": {k: statistics.median(v) for k, v in stage_acc.items()},
                    "sql": statistics.median(sql_times), "base": statistics.median(base_times)}
    finally:
        emulator.stop()


async def drift(database_url: str, total: int, dim: int) -> tuple[float, float]:
    emulator = start_emulator(synthetic(1000))
    settings = load_settings(emulator.env(("meinput",)) | {"CACHE_TTL_S": "3600", "DATABASE_URL": database_url,
                                                           "EMBEDDINGS_DIM": str(dim)})
    try:
        async with open_recall(settings, embedder=HashingEmbedder(dim=dim)) as deps:
            request = RecallRequest(user_id=USER, query=QUERY, now=DEMO_NOW)
            times = []
            for _ in range(total):
                t = time.perf_counter()
                await run_recall(request, deps)
                times.append(time.perf_counter() - t)
        window = max(1, total // 10)
        return statistics.median(times[:window]), statistics.median(times[-window:])
    finally:
        emulator.stop()


def bench_revision(rev: str, dim: int | None) -> dict[int, tuple[float, float]]:
    """(cold ms, p50 ms) per candidate count of this benchmark at git revision `rev` (run from a worktree)."""
    with tempfile.TemporaryDirectory(prefix="bench-rev-") as tmp:
        subprocess.run(["git", "worktree", "add", "--quiet", "--detach", tmp, rev], cwd=ROOT, check=True)
        try:
            if dim and "--dim" not in (Path(tmp) / "bench" / "recall.py").read_text():
                raise SystemExit(f"bench/recall.py at {rev} has no --dim: compare with a revision from 1d9b693 on")
            out = subprocess.run([sys.executable, "bench/recall.py", "--quick", *(["--dim", str(dim)] if dim else [])],
                                 cwd=tmp, check=True, capture_output=True, text=True).stdout
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", tmp], cwd=ROOT, check=True)
    print(f"--- at {rev} ---\n{out}--- current tree ---")
    # rows: cands, cold ms, p50 ms, ...
    return {int(m[1]): (float(m[2]), float(m[3])) for m in re.finditer(r"^\s*(\d+)\s+(\d+)\s+([\d.]+)\s", out, re.M)}


async def main(quick: bool, big: bool, dim: int, before: dict[int, tuple[float, float]]) -> None:
    gc.freeze()  # the collector settings of `python -m app serve`
    gc.set_threshold(50_000, 50, 100)
    settings = load_settings({"RECALL_DATA_DIR": str(Path(tempfile.gettempdir()) / "memind-bench" / "pgdata")})
    database = await asyncio.to_thread(prepare_database, settings)
    try:
        sizes = [1000, 2000, 5000] + ([20000] if big or not quick else [])
        print(f"recall pipeline, query {QUERY!r}, one connection + one transaction per query, "
              f"{dim}-dimensional embeddings")
        print(f"{'cands':>6} {'cold ms':>8} {'p50 ms':>7} {'p95 ms':>7} | {'load':>6} {'filter':>6} {'dedupe':>6} "
              f"{'rank':>6} | {'SQL ms':>7} {'numpy ms':>8} {'SQL/numpy':>9} {'p50/numpy':>9}")
        for n in sizes:
            r = await bench_size(n, database.url, rounds=10 if n >= 20000 else 30, dim=dim)
            s = r["stages"]
            versus = ""
            if r["n"] in before:
                cold_before, p50_before = before[r["n"]]
                versus = f"   cold {r['cold'] * 1e3 / cold_before:.2f}x, p50 {r['p50'] * 1e3 / p50_before:.2f}x of before"
            print(f"{r['n']:>6} {r['cold'] * 1e3:>8.0f} {r['p50'] * 1e3:>7.1f} {r['p95'] * 1e3:>7.1f} | "
                  f"{s['load'] * 1e3:>6.1f} {s['filter'] * 1e3:>6.1f} {s['dedupe'] * 1e3:>6.1f} {s['rank'] * 1e3:>6.1f} | "
                  f"{r['sql'] * 1e3:>7.1f} {r['base'] * 1e3:>8.1f} {r['sql'] / r['base']:>8.2f}x "
                  f"{r['p50'] / r['base']:>8.2f}x   (top 20 identical){versus}", flush=True)
        total = 500 if quick else 5000
        first, last = await drift(database.url, total, dim)
        print(f"drift over {total} consecutive queries at 1k: p50 first 10% {first * 1e3:.1f} ms, "
              f"last 10% {last * 1e3:.1f} ms ({last / first:.2f}x)")
    finally:
        database.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="1k/2k/5k only, a shorter drift check")
    parser.add_argument("--compare", metavar="REV", help="run the benchmark of git revision REV first (quick)")
    parser.add_argument("--big", action="store_true", help="20k candidates too, also with --quick or --compare")
    parser.add_argument("--dim", type=int, help="embedding dimensions (default: the built-in embedder's)")
    args = parser.parse_args()
    previous = bench_revision(args.compare, args.dim) if args.compare else {}
    asyncio.run(main(args.quick or bool(args.compare), args.big, args.dim or HashingEmbedder().dim, previous))
