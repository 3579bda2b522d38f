"""Making bench (issue 17): what normalizing one record costs, and whether a change keeps every output.

The corpus: every text of the demo dataset, ../shared/dev-eval and bench/dev2..4 (any string with a
Chinese character and under 600 characters: notes, chat turns, run summaries, calendar titles,
questions) and 3,000 of bench/recall.py's synthetic segments, each made a candidate three times: as
a MeInput segment, a user's turn and an assistant's reply (every third reply answering another
text), at observed times drawn with a fixed seed. Making is what a cold pull does per record before
any SQL: app/normalize.py build_candidate, its keywords and its COPY row (app/pipeline/load.py
encode_rows, with one fixed embedding), whichever stage of the tree does the last.

Then, as the load stage does for a cold user, every candidate's gist is embedded by a new
HashingEmbedder in one call and the embeddings are packed into the COPY stream (the rest of each row
encoded before, untimed): the second figure, and the stream is an output compared too.

Prints microseconds per record, the best of each process's rounds. With `--compare REV`, processes of
REV's tree (a temporary worktree) and of the current one take turns (the machine's speed drifts
between minutes), all on one corpus, and the outputs of both are compared record by record: every
field of the candidate, its keywords and its COPY row (with the fixed embedding), and the COPY stream
with the real embeddings.

    .venv/bin/python bench/making.py [--rounds 5] [--compare REV]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import inspect
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA_SETS = [ROOT.parent / "shared" / "dev-eval" / "data.json",
             *(ROOT / "bench" / name / "data.json" for name in ("dev2", "dev3", "dev4"))]
ROUNDS_PER_PROCESS = 3
_EMBEDDING = [0.5] * 128  # one for every row: the embedder is not what is timed
_CJK = re.compile(r"[\u4e00-\u9fff]")


def corpus() -> list[tuple[str, str, str, str]]:
    """(text, role, observed RFC 3339, the question an assistant's reply answers) of every record made."""
    sys.path.insert(0, str(ROOT))
    from app.emulator.dataset import SH, build_dataset
    from bench.recall import synthetic

    texts: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            if _CJK.search(value) and len(value) < 600:
                texts.add(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in DATA_SETS:
        if path.exists():
            walk(json.loads(path.read_text()))
    walk(build_dataset().segments)
    texts.update(s["text"] for s in synthetic(3000).segments)
    ordered = sorted(texts)
    rnd = random.Random(1)
    base = datetime(2026, 11, 20, 9, 0, tzinfo=SH)
    out = []
    for i, text in enumerate(ordered):
        for role in ("segment", "user", "assistant"):
            observed = base + timedelta(minutes=rnd.randrange(0, 60 * 24 * 14))
            answers = ordered[(i * 7) % len(ordered)] if role == "assistant" and i % 3 == 0 else ""
            out.append((text, role, observed.isoformat(), answers))
    return out


def _make(tree: Path, records: list[tuple[str, str, str, str]], rounds: int) -> tuple[float, float, list[str]]:
    """In a child: the best microseconds per record over `rounds` of the making and of the embedding
    (with the COPY rows), and a digest of each record's output and of the COPY stream."""
    sys.path.insert(0, str(tree))
    import msgspec
    import numpy as np

    import app
    from app import embed
    from app.embed import HashingEmbedder, candidate_keywords, keyword_sets
    from app.emulator.dataset import SH
    from app.normalize import build_candidate
    from app.pipeline.load import encode_rows, row_head

    assert Path(app.__file__).resolve().is_relative_to(tree.resolve()), f"app imported from {app.__file__}"

    takes_answers = "answers" in inspect.signature(build_candidate).parameters
    # in the form the tree's embedders return: a float32 array since embeddings are arrays, else lists
    fixed_embedding = np.array([_EMBEDDING], embed.EMBEDDING_DTYPE) if hasattr(embed, "EMBEDDING_DTYPE") else [
        _EMBEDDING]
    jobs = [(text, role, datetime.fromisoformat(at), answers) for text, role, at, answers in records]

    def make(text: str, role: str, observed: datetime, answers: str):
        extra = {"answers": answers} if takes_answers else {}
        try:
            candidate = build_candidate(source="meinput", ref="r", user_id="u", role=role, text=text,
                                        observed=observed, zone=SH, happened_when_said=role != "segment", **extra)
        except (ValueError, OverflowError) as exc:  # a time the rules cannot place: skipped
            return repr(exc)
        return candidate, candidate_keywords(candidate), encode_rows([candidate], fixed_embedding, SH).data

    make(*jobs[0])  # untimed: first uses (the script tables, the segmenter's dictionary)
    best = float("inf")
    gc.disable()  # as `python -m app serve` runs: the collector seldom
    for _ in range(rounds):
        keyword_sets.cache_clear()  # a new user's words: no keyword set nor word hash known yet
        getattr(embed.hash_str, "cache_clear", lambda: None)()
        started = time.perf_counter()
        made = [make(*job) for job in jobs]
        best = min(best, (time.perf_counter() - started) / len(jobs) * 1e6)
    candidates = [one[0] for one in made if not isinstance(one, str)]
    embedding_best = float("inf")
    for _ in range(rounds):
        for candidate in candidates:  # the row made with the fixed embedding dropped, its head made again
            candidate.__dict__.pop("_copy_row", None)
            row_head(candidate, SH)
        embedder = HashingEmbedder()
        started = time.perf_counter()
        stream = encode_rows(candidates, asyncio.run(embedder.embed([c.gist for c in candidates])), SH).data
        embedding_best = min(embedding_best, (time.perf_counter() - started) / len(candidates) * 1e6)
    gc.enable()
    digests = [hashlib.blake2b(stream, digest_size=12).hexdigest()]
    for one in made:
        if isinstance(one, str):
            digests.append(one)
            continue
        candidate, (kw, size, heads), row = one
        seen = msgspec.json.encode(candidate) + kw.to_binary() + bytes(str(size), "ascii") + (
            heads.to_binary() if heads is not None else b"") + row
        digests.append(hashlib.blake2b(seen, digest_size=12).hexdigest())
    return best, embedding_best, digests


def _child(tree: Path, corpus_file: Path, rounds: int) -> tuple[float, float, list[str]]:
    # -P: this script's folder (bench/) is not put on the child's path, only `tree` (_make)
    done = subprocess.run([sys.executable, "-P", str(Path(__file__).resolve()), "--tree", str(tree), "--corpus",
                           str(corpus_file), "--rounds", str(rounds)], cwd=tree, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the process of {tree} failed:\n{done.stderr}")
    us, embedding_us, *digests = done.stdout.split()
    return float(us), float(embedding_us), digests


def main(rounds: int, rev: str | None) -> None:
    records = corpus()
    print(f"making {len(records)} records ({len(records) // 3} texts x 3 roles), "
          f"{ROUNDS_PER_PROCESS} rounds per process, {rounds} processes per tree")
    with tempfile.TemporaryDirectory(prefix="bench-making-") as tmp:
        corpus_file = Path(tmp) / "corpus.json"
        corpus_file.write_text(json.dumps(records, ensure_ascii=False))
        trees = {"current": ROOT}
        if rev:
            subprocess.run(["git", "worktree", "add", "--quiet", "--detach", f"{tmp}/tree", rev], cwd=ROOT, check=True)
            trees = {rev: Path(tmp) / "tree", "current": ROOT}
        try:
            taken: dict[str, list[float]] = {name: [] for name in trees}
            embedding: dict[str, list[float]] = {name: [] for name in trees}
            outputs: dict[str, list[str]] = {}
            for number in range(1, rounds + 1):
                for name, tree in trees.items():
                    us, embedding_us, outputs[name] = _child(tree, corpus_file, ROUNDS_PER_PROCESS)
                    taken[name].append(us)
                    embedding[name].append(embedding_us)
                    print(f"process {number} {name:>8}: {us:.1f} us a record, embedding and COPY "
                          f"{embedding_us:.2f} us", flush=True)
        finally:
            if rev:
                subprocess.run(["git", "worktree", "remove", "--force", str(Path(tmp) / "tree")], cwd=ROOT, check=True)
    medians = {name: statistics.median(us) for name, us in taken.items()}
    embedding_medians = {name: statistics.median(us) for name, us in embedding.items()}
    print("median " + ", ".join(f"{name} {us:.1f} us a record" for name, us in medians.items()))
    print("median embedding and COPY " + ", ".join(f"{name} {us:.2f} us a record"
                                                  for name, us in embedding_medians.items()))
    if rev:
        stream_differs = outputs[rev][0] != outputs["current"][0]
        differ = sum(a != b for a, b in zip(outputs[rev][1:], outputs["current"][1:], strict=True))
        print(f"making now/before {medians['current'] / medians[rev]:.2f}x, embedding and COPY "
              f"{embedding_medians['current'] / embedding_medians[rev]:.2f}x; outputs: "
              + ("identical" if not differ else f"{differ} of {len(records)} records differ")
              + (", the COPY streams with the embeddings differ" if stream_differs else ""))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="processes per tree, alternating")
    parser.add_argument("--compare", metavar="REV", help="alternate with git revision REV's tree; compare outputs")
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)  # a child: make the corpus with this tree
    parser.add_argument("--corpus", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.tree:
        us, embedding_us, digests = _make(args.tree, json.loads(args.corpus.read_text()), args.rounds)
        print(f"{us:.3f}", f"{embedding_us:.3f}", *digests)
    else:
        main(args.rounds, args.compare)
