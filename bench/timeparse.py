"""Time parser benchmark: our parser vs JioNLP on the same cases, in the same run.

Cases are the hand-written tables of tests/planner/test_timeparse_table.py (the first table) and
test_timeparse_conventions.py (the forms added since), expected ranges from
../shared/time-conventions.md. Prints, per table and for both together, throughput (inputs parsed
per second) and the exact-match accuracy of both against the conventions, the ratio, and the cost
of planning one query; then whole parses of stored texts (the dev set's notes and chat messages,
else the demo's notes) with the lexer's per-character alternations and with the master regex in
their place, round by round in the same run, and what building the alternations costs.

    make bench            # or: .venv/bin/python bench/timeparse.py
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import re
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.emulator.dataset import build_dataset
from app.planner import parse, plan_query
from app.planner.timeparse import combine
from tests.planner.test_timeparse_conventions import CASES as CONVENTION_CASES
from tests.planner.test_timeparse_table import CASES, TZ

DEV_SET = Path(__file__).resolve().parents[2] / "shared" / "dev-eval" / "data.json"
ROUNDS_OURS = 20
ROUNDS_JIO = 3


TABLES = {"first table": CASES, "conventions": CONVENTION_CASES, "both": CASES + CONVENTION_CASES}


def _cases(params):
    return [tuple(p.values) for p in params]  # (now, text, expected | None)


def ours(now: datetime, text: str):
    found = parse(text, now, TZ)
    return [(e.start, e.end) for e in found]


def jionlp_parser():
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        import jionlp
    logging.disable(logging.CRITICAL)

    def run(now: datetime, text: str):
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                res = jionlp.parse_time(text, time_base=now.replace(tzinfo=None).timestamp())
        except Exception:
            return []
        if not isinstance(res, dict) or not isinstance(res.get("time"), list):
            return []
        try:
            lo, hi = (datetime.strptime(t, "%Y-%m-%d %H:%M:%S").replace(tzinfo=TZ) for t in res["time"])
        except ValueError:  # open-ended spans ('inf')
            return []
        # JioNLP's end is inclusive to the second; ours is half-open.
        return [(lo, hi + timedelta(seconds=1))]

    return run


def accuracy(fn, cases) -> float:
    hits = 0
    for now, text, expected in cases:
        got = fn(now, text)
        want = [] if expected is None else [expected[:2]]
        hits += got == want
    return hits / len(cases)


def throughput(fn, cases, rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for now, text, _ in cases:
            fn(now, text)
    return rounds * len(cases) / (time.perf_counter() - start)


def main() -> None:
    try:
        jio = jionlp_parser()
    except ImportError:
        sys.exit("jionlp is not installed: run `make bench` (it installs the bench extra)")
    print(f"{'cases':<22}{'parser':<8}{'inputs/s':>10}{'exact match':>14}")
    for table, params in TABLES.items():
        cases = _cases(params)
        ours_rate, ours_acc = throughput(ours, cases, ROUNDS_OURS), accuracy(ours, cases)
        jio_rate, jio_acc = throughput(jio, cases, ROUNDS_JIO), accuracy(jio, cases)
        label = f"{table} ({len(cases)})"
        print(f"{label:<22}{'ours':<8}{ours_rate:>10,.0f}{ours_acc:>13.1%}")
        print(f"{'':<22}{'JioNLP':<8}{jio_rate:>10,.0f}{jio_acc:>13.1%}")
        print(f"{'':<22}throughput ratio ours/JioNLP: {ours_rate / jio_rate:.1f}x")

    now = datetime(2026, 9, 3, 10, 0, tzinfo=TZ)
    queries = ["我昨天有什么重要的事？", "这周五之前要交什么？", "我这周输入过什么关于 MeInput 的？", "帮我写一首诗"]
    n = 2000
    start = time.perf_counter()
    for i in range(n):
        plan_query(queries[i % len(queries)], now=now)
    plan_us = (time.perf_counter() - start) / n * 1e6
    print(f"planning one query (Cheap Router incl. parse): {plan_us:.0f} µs")

    texts, where = stored_texts()
    per_char, master = lexer_rates(texts)
    print(f"stored texts ({len(texts)} {where}), parses/s: per-character alternations {per_char:,.0f}, "
          f"master regex alone {master:,.0f} (the alternations take {master / per_char:.2f}x its time)")
    re.purge()  # the alternations are compiled anew, as at import, not taken from re's cache
    start = time.perf_counter()
    combine._by_first_char()
    print(f"building the alternations (once, at import): {(time.perf_counter() - start) * 1e3:.0f} ms")


def stored_texts() -> tuple[list[tuple[datetime, str]], str]:
    if DEV_SET.exists():
        data = json.loads(DEV_SET.read_text())
        said = [(r["observed_at"], r["text"]) for r in data["meinput"]]
        said += [(m["created_at"], m["content"]) for chat in data["chat"].values() for m in chat.get("messages", [])]
        return [(datetime.fromisoformat(at), text) for at, text in said], "dev-set notes and messages"
    return [(s.observed, s.text) for s in build_dataset().segments], "demo notes"


def lexer_rates(texts: list[tuple[datetime, str]], rounds: int = 10) -> tuple[float, float]:
    """Stored-text parses per second, best round of each: with the lexer's per-character
    alternations, and with the master regex in their place (as before them; both only where a rule can start)."""
    table, best = combine._BY_FIRST_CHAR, {"per-char": 0.0, "master": 0.0}
    try:
        for _ in range(rounds):
            for lexer in best:
                combine._BY_FIRST_CHAR = table if lexer == "per-char" else {}
                start = time.perf_counter()
                for observed, text in texts:
                    parse(text, observed, TZ, stored=True)
                best[lexer] = max(best[lexer], len(texts) / (time.perf_counter() - start))
    finally:
        combine._BY_FIRST_CHAR = table
    return best["per-char"], best["master"]


if __name__ == "__main__":
    main()
