"""What an upstream's answer may hold, over real HTTP on loopback: an answer too large (a gzip bomb,
an endless body, a huge page), too deep or not data at all (a redirect) is that source's error and
the request still answers 200; records that would break the load are skipped or cleaned."""

from __future__ import annotations

import json
import tracemalloc
from datetime import timedelta

import httpx
import pytest

from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, Dataset
from app.emulator.hostile import (
    HostileUpstream,
    endless_body,
    gzip_bomb,
    json_answer,
    large_page,
    raw_answer,
)

USER = "u0"
MiB = 1024 * 1024
_AT = (DEMO_NOW - timedelta(days=1)).isoformat()
SEGMENT = {"evidence_id": "seg_ok", "user_id": USER, "type": "expression_segment", "text": "下午三点和张总签合同",
           "observed_at": _AT}


@pytest.fixture(scope="module")
def chat():
    """Portal chat for USER: one good session, one with an empty id, and an agent run whose task holds a NUL."""
    emu = start_emulator(Dataset(
        segments=[SEGMENT, {**SEGMENT, "evidence_id": "seg\x00nul"}],
        sessions=[{"session_id": sid, "user_id": USER, "title": "合同", "created_at": _AT, "last_active_at": _AT}
                  for sid in ("s1", "")],
        messages=[{"message_id": "m1", "session_id": "s1", "user_id": USER, "role": "user",
                   "content": "周五之前要交季度报告", "created_at": _AT}],
        runs=[{"run_id": "r1", "session_id": "s1", "user_id": USER, "task": "整理\x00合同条款", "status": "succeeded",
               "started_at": _AT, "finished_at": _AT, "summary": "已整理 12 条条款"}]))
    yield emu
    emu.stop()


async def _recall(build_app, env: dict[str, str]) -> dict:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=build_app(env)), base_url="http://recall") as c:
        resp = await c.post("/v1/temporal-recall/query", json={
            "user_id": USER, "query": "我昨天做了什么", "now": DEMO_NOW.isoformat(), "include_hidden": True})
    assert resp.status_code == 200, resp.text
    return resp.json()


def _with_meinput(chat, meinput: HostileUpstream, **extra: str) -> dict[str, str]:
    return {**chat.env(("chat",)), "MEINPUT_URL": meinput.url, "MEINPUT_TOKEN": "t", **extra}


# factories: the bomb takes a second or more to build, which belongs neither to collecting the
# module nor to the request (whose source timeout it once ran out on a slow machine)
@pytest.mark.parametrize("make_answer", [lambda: gzip_bomb(300 * MiB), endless_body, lambda: large_page(50 * MiB)],
                         ids=["gzip bomb of 300 MB", "endless chunked body", "50 MB page"])
async def test_an_answer_over_the_cap_is_that_sources_error(build_app, chat, make_answer):
    async with HostileUpstream(make_answer()) as meinput:
        tracemalloc.start()
        try:
            # a generous timeout: what is tested is the size cap, not how fast a slow machine inflates
            bundle = await _recall(build_app, _with_meinput(chat, meinput, SOURCE_TIMEOUT_S="20",
                                                           REQUEST_DEADLINE_S="30"))
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert bundle["sources"]["meinput"]["error"] == f"answer larger than {8 * MiB} bytes"
    assert bundle["sources"]["chat"]["status"] == "ok"
    assert peak < 32 * MiB, f"{peak / MiB:.0f} MiB allocated at the peak"


async def test_a_source_reads_at_most_SOURCE_MAX_BYTES_per_request(build_app, chat):
    page = {"items": [SEGMENT], "next_cursor": "more", "padding": " " * 40_000}  # pages without end
    async with HostileUpstream(json_answer(page)) as meinput:
        bundle = await _recall(build_app, _with_meinput(chat, meinput, SOURCE_MAX_RESPONSE_BYTES="65536",
                                                           SOURCE_MAX_BYTES="262144"))
    assert bundle["sources"]["meinput"]["error"] == "answers larger than 262144 bytes in all"
    assert len(meinput.paths) == 7, "six pages of 40 kB fit, the seventh does not"


@pytest.mark.parametrize(("answer", "error"), [
    (raw_answer(b"[" * 200_000), "upstream answer is nested too deeply"),
    # a redirect's body is never data, however well it reads
    (json_answer({"items": [SEGMENT], "next_cursor": None}, 302, {"Location": "/elsewhere"}),
     "upstream redirected (HTTP 302)"),
], ids=["200,000 brackets deep", "302 with a page"])
async def test_a_hostile_shape_is_that_sources_error(build_app, chat, answer, error):
    async with HostileUpstream(answer) as meinput:
        bundle = await _recall(build_app, _with_meinput(chat, meinput))
    assert bundle["sources"]["meinput"] == {"status": "error", "error": error, "ms": bundle["sources"]["meinput"]["ms"]}
    assert bundle["sources"]["chat"]["status"] == "ok"
    assert len(meinput.paths) == 1, "no redirect is followed"


async def test_odd_but_readable_records_are_kept(build_app, chat):
    deep = [[]]
    for _ in range(400):
        deep = [deep]
    odd = {**SEGMENT, "text": "明天开会\ud800", "importance": 1e400, "extra": deep}
    body = b'{"items": [%s], "next_cursor": null}' % json.dumps(odd).replace("Infinity", "1e400").encode()
    async with HostileUpstream(raw_answer(body)) as meinput:
        bundle = await _recall(build_app, _with_meinput(chat, meinput))
    assert {k: bundle["sources"]["meinput"][k] for k in ("status", "fetched")} == {"status": "ok", "fetched": 1}
    assert "skipped" not in bundle["sources"]["meinput"]


async def test_records_that_would_break_the_load_are_skipped_or_cleaned(build_app, chat):
    bundle = await _recall(build_app, chat.env(("meinput", "chat")))
    meinput, chat_report = bundle["sources"]["meinput"], bundle["sources"]["chat"]
    assert (meinput["status"], meinput["fetched"], meinput["skipped"]) == ("ok", 2, 1), "the id with a NUL is skipped"
    assert chat_report["status"] == "ok", "a session listed with an empty id is passed over"
    titles = {it["source_ref"]: it["title"] for g in bundle["groups"] for it in g["items"]}
    assert titles["chat:run:r1"] == "整理合同条款"
