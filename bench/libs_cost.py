"""What the pinned libraries of the README's "Libraries we chose" cost per call on this machine:
rjieba's keywords of a note (app.keywords.keywords over the dev set's MeInput notes, else the demo
dataset's), the Traditional → Simplified step (app.text.simplified against zhconv.convert over the
parser's table cases), a JWT verified by PyJWT (HS256, RS256, ES256) and a service token compared,
and importing PyJWT with cryptography (a fresh interpreter, best of 5). The per-call figures: median of 7 runs each.

    .venv/bin/python bench/libs_cost.py
"""

from __future__ import annotations

import hmac
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import jwt
import zhconv
from cryptography.hazmat.primitives.asymmetric import ec, rsa

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.emulator.dataset import build_dataset
from app.keywords import keywords
from app.text import simplified
from tests.planner.test_timeparse_table import TABLES as PARSER_TABLES

ROOT = Path(__file__).resolve().parents[1]
DEV_SET = ROOT.parent / "shared" / "dev-eval" / "data.json"


def per_call_us(fn: Callable[[object], object], items: list, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        for item in items:
            fn(item)
        times.append(time.perf_counter() - started)
    return statistics.median(times) / len(items) * 1e6


def main() -> None:
    if DEV_SET.exists():
        notes, where = [s["text"] for s in json.loads(DEV_SET.read_text())["meinput"]], "dev-set notes"
    else:
        notes, where = [s["text"] for s in build_dataset().segments], "demo notes"
    print(f"rjieba keywords: {per_call_us(keywords, notes):.1f} µs a note ({len(notes)} {where})")

    cases = [line.split("|")[0].strip() for table in PARSER_TABLES.values() for line in table.strip().splitlines()]
    print(f"Traditional → Simplified over {len(cases)} parser cases: app.text.simplified "
          f"{per_call_us(simplified, cases):.2f} µs, zhconv.convert {per_call_us(lambda t: zhconv.convert(t, 'zh-hans'), cases):.2f} µs")

    claims = {"sub": "u_42", "iss": "idp", "aud": "recall", "exp": int(time.time()) + 3600}
    secret = "s" * 32
    keys = {"HS256": (secret, secret), "RS256": rsa.generate_private_key(65537, 2048),
            "ES256": ec.generate_private_key(ec.SECP256R1())}
    for alg, key in keys.items():
        signing, verifying = key if alg == "HS256" else (key, key.public_key())
        token = jwt.encode(claims, signing, algorithm=alg)
        verify = lambda t, v=verifying, a=alg: jwt.decode(t, v, algorithms=[a], issuer="idp", audience="recall")  # noqa: E731
        print(f"PyJWT {alg} verify: {per_call_us(verify, [token] * 200):.0f} µs")
    tokens = [b"t" * 32 for _ in range(3)]
    check = lambda presented: any(hmac.compare_digest(presented, t) for t in tokens)  # noqa: E731
    print(f"service token among 3, constant-time: {per_call_us(check, [b'x' * 32] * 2000):.1f} µs")

    imports = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", "import time; t = time.perf_counter(); import jwt, "
                              "cryptography.hazmat.primitives.asymmetric.rsa; print(time.perf_counter() - t)"],
                             capture_output=True, text=True, check=True).stdout
        imports.append(float(out))
    print(f"importing PyJWT + cryptography: {min(imports) * 1000:.0f} ms (best of 5, fresh interpreter)")


if __name__ == "__main__":
    main()
