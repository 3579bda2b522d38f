"""`make demo`: the whole flow end to end, printed.

Starts the upstream emulator with the demo dataset, the service (`python -m app serve`, which
starts the embedded PostgreSQL 18 + pgvector and migrates it), waits for /healthz, then sends the
RFC's example questions through the Agent Runtime hook over HTTP and prints, for each, the plan,
the grouped timeline with tiers and scores, and the evidence-only answer. Everything it started is
stopped at the end, by PID.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, DEMO_USER
from app.render import plan_summary, timeline
from app.runtime import HttpRecall, RuntimeContext

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = [
    "我这周有什么重要的事？",  # RFC §1
    "我昨天做了什么？",  # RFC §5.2
    "我昨天说过要做什么？",
    "我今天有什么安排？",
    "我上周定了哪些事？",
    "这周五之前要交什么？",
    "我昨天有什么重要的事？",  # RFC §14.1
    "我这周输入过什么关于 MeInput 的？",  # RFC §14.2
    "我前天说过什么？",  # RFC §14.3: the contract said in chat and typed in MeInput is one item
    "帮我写一首关于秋天的诗",  # RFC §14.5: normal chat, no recall call
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_service(proc: subprocess.Popen, seconds: float) -> int:
    """SIGTERM (the service stops its embedded server with it), then a kill if it outlives `seconds`."""
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait(10)


def wait_healthy(url: str, proc: subprocess.Popen, seconds: float, token: str | None = None) -> dict:
    """/healthz as the caller sees it (with auth on and no token: only `{"status": "ok"}`)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the service exited early with code {proc.returncode}")
        try:
            resp = httpx.get(f"{url}/healthz", timeout=1,
                             headers={"Authorization": f"Bearer {token}"} if token else {})
            if resp.status_code == 200:
                return resp.json()
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"the service did not become healthy within {seconds:.0f}s")


async def _ask_all(base_url: str, token: str, emulator) -> None:
    async with httpx.AsyncClient() as client:
        recall = HttpRecall(client, base_url, token=token)
        for i, query in enumerate(QUESTIONS, 1):
            before = sum(emulator.state.requests.values())
            started = time.perf_counter()
            ctx = await RuntimeContext.build(query, DEMO_USER, DEMO_NOW, recall=recall)
            ms = (time.perf_counter() - started) * 1000
            calls = sum(emulator.state.requests.values()) - before
            print(f"\n━━ {i}. {query}")
            print(plan_summary(ctx.plan))
            if ctx.bundle is None:
                print(f"  → temporal_recall {ctx.context_needs.temporal_recall}: no recall call "
                      f"({calls} upstream requests)")
                continue
            print(timeline(ctx.bundle))
            print(f"  answered in {ms:.0f} ms ({calls} upstream requests)")
            print("  answer:")
            print("\n".join(f"    {line}" for line in ctx.bundle.answer.text.splitlines()))


def main() -> int:
    emulator = start_emulator()
    print(f"emulator: {emulator.url} (demo user '{DEMO_USER}', now = {DEMO_NOW.isoformat()})")
    data_dir = Path(os.environ.get("RECALL_DATA_DIR") or Path(tempfile.gettempdir()) / "memind-demo" / "pgdata")
    port = free_port()
    token = "demo-caller-token"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"} | emulator.env() | {
        "RECALL_DATA_DIR": str(data_dir), "RECALL_API_TOKENS": f"demo:{token}"}  # the logs name the caller `demo`
    log_path = data_dir.parent / "service.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_file = log_path.open("w")
    service = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", str(port)], cwd=ROOT, env=env,
                               stderr=log_file)
    base_url = f"http://127.0.0.1:{port}"
    try:
        health = wait_healthy(base_url, service, 90, token)
        print(f"service: {base_url} (JSON logs in {log_path}) healthz → {health}")
        asyncio.run(_ask_all(base_url, token, emulator))
    finally:
        service.send_signal(signal.SIGTERM)
        code = service.wait(30)
        log_file.close()
        emulator.stop()
    print(f"\nstopped the service (exit {code}, its embedded postgres with it) and the emulator")
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
