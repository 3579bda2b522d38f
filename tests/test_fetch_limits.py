"""What a source's limits leave of its records, over real HTTP against the emulator: the newest
records under SOURCE_RECORD_CAP (`truncated`), the pages read before a budget ran out
(`partial`), and the caller's X-Request-ID on every upstream call and its log line."""

from __future__ import annotations

import io
import json
import logging
import time
from datetime import timedelta

import httpx
import pytest

from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, DEMO_USER, Dataset
from app.fetch import fetch_candidates
from app.logs import JsonFormatter
from app.planner import plan_query
from app.planner.clock import resolve_clock

CLOCK = resolve_clock(DEMO_NOW, None)
WEEK = plan_query("我这周有什么事", now=DEMO_NOW)
MANY_USER = "u_many"


def _when(candidate, source: str):
    # a calendar is read by event time (its window and its cut), every other source by observed time
    return candidate.event_time if source == "calendar" else candidate.observed_time


@pytest.mark.parametrize("source", ["meinput", "chat", "memory_v2", "calendar"])
async def test_a_source_over_the_cap_keeps_its_newest_records_and_says_truncated(upstreams, upstream_env, emulator,
                                                                                 source):
    whole = await fetch_candidates(WEEK, CLOCK, DEMO_USER, upstreams(upstream_env))
    everything = [c for c in whole.candidates if c.source == source]
    assert len(everything) > 2 and not whole.reports[source].truncated

    capped = await fetch_candidates(WEEK, CLOCK, DEMO_USER, upstreams(upstream_env, source_record_cap=2))
    kept = [c for c in capped.candidates if c.source == source]
    report = capped.reports[source]
    assert (report.status, report.truncated, len(kept)) == ("ok", True, 2)
    dropped = [c for c in everything if c.source_ref not in {k.source_ref for k in kept}]
    assert min(_when(c, source) for c in kept) >= max(_when(c, source) for c in dropped), "the newest are kept"


async def test_a_truncated_pull_is_not_cached(upstreams, upstream_env, emulator):
    up = upstreams(upstream_env, source_record_cap=2)
    await fetch_candidates(WEEK, CLOCK, DEMO_USER, up)
    asked = emulator.state.requests["meinput"]
    again = await fetch_candidates(WEEK, CLOCK, DEMO_USER, up)
    assert not again.reports["meinput"].cached and emulator.state.requests["meinput"] > asked, (
        "a narrower question could need records the cut dropped")


async def test_yesterdays_top_item_survives_a_small_cap(build_app, upstream_env):
    """Issue 16: with a cap of 100, MeInput's oldest 100 records were kept and 「我昨天做了什么」 lost its top item."""
    body = {"user_id": DEMO_USER, "query": "我昨天做了什么？", "now": DEMO_NOW.isoformat()}
    tops = []
    for cap in ("5000", "100"):
        app = build_app({**upstream_env, "SOURCE_RECORD_CAP": cap})
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://recall") as c:
            bundle = (await c.post("/v1/temporal-recall/query", json=body)).json()
        tops.append([it["source_ref"] for g in bundle["groups"] for it in g["items"]][:3])
        truncated = bundle["sources"]["meinput"].get("truncated", False)
        assert truncated == (cap == "100")
    assert tops[0] == tops[1]


# ---------------------------------------------------------------- partial


@pytest.fixture(scope="module")
def many_emulator():
    """A user with 1,200 segments in the last week: three pages of 500."""
    start = DEMO_NOW - timedelta(days=6)
    segments = [{"evidence_id": f"seg_{i:04d}", "user_id": MANY_USER, "type": "expression_segment",
                 "text": f"第{i}条笔记", "observed_at": (start + timedelta(minutes=7 * i)).isoformat()}
                for i in range(1200)]
    emu = start_emulator(Dataset(segments=segments))
    yield emu
    emu.stop()


async def test_pages_read_before_the_budget_ran_out_are_used(upstreams, many_emulator):
    many_emulator.state.reset()
    many_emulator.state.set_fault("meinput", "delay", delay_s=10, after=1)  # the first page only in time
    started = time.monotonic()
    got = await fetch_candidates(WEEK, CLOCK, MANY_USER, upstreams(many_emulator.env(("meinput",)),
                                                                   source_timeout_s=2))
    assert time.monotonic() - started < 3
    report = got.reports["meinput"]
    assert (report.status, report.partial, report.fetched, report.error) == ("error", True, 500, "timeout after 2.0s")
    assert len(got.candidates) == 500
    assert not report.truncated


async def test_a_partial_pull_with_more_than_the_cap_keeps_the_newest_it_read(upstreams, many_emulator):
    many_emulator.state.reset()
    many_emulator.state.set_fault("meinput", "delay", delay_s=10, after=2)
    got = await fetch_candidates(WEEK, CLOCK, MANY_USER, upstreams(many_emulator.env(("meinput",)),
                                                                   source_timeout_s=2, source_record_cap=300))
    report = got.reports["meinput"]
    assert (report.partial, report.truncated, report.fetched, len(got.candidates)) == (True, True, 1000, 300)
    assert {c.source_ref for c in got.candidates} == {f"meinput:segment:seg_{i:04d}" for i in range(700, 1000)}


async def test_sessions_read_before_chats_budget_ran_out_are_used(upstreams, upstream_env, emulator):
    emulator.state.set_fault("chat", "delay", delay_s=10, after=12)  # the listings and ten sessions in time
    # 40 sessions time out: without a higher threshold the breaker would open for the second pull
    up = upstreams(upstream_env, source_timeout_s=2, source_breaker_failures=1000)
    got = await fetch_candidates(WEEK, CLOCK, DEMO_USER, up)
    report = got.reports["chat"]
    assert (report.status, report.partial, report.error) == ("error", True, "timeout after 2.0s")
    chat = [c for c in got.candidates if c.source == "chat"]
    assert chat and report.fetched >= len(chat)
    assert any(c.source_ref.startswith("chat:run:") for c in chat)
    emulator.state.reset()
    whole = await fetch_candidates(WEEK, CLOCK, DEMO_USER, up)
    assert not whole.reports["chat"].cached, "a partial pull is not cached"
    assert whole.reports["chat"].fetched > report.fetched


async def test_a_source_failing_before_any_page_is_an_error_without_records(upstreams, upstream_env, emulator):
    emulator.state.set_fault("meinput", "delay", delay_s=10)
    got = await fetch_candidates(WEEK, CLOCK, DEMO_USER, upstreams(upstream_env, source_timeout_s=2))
    assert got.reports["meinput"].partial is False and got.reports["meinput"].fetched == 0
    assert not any(c.source == "meinput" for c in got.candidates)


async def test_chats_cold_pull_asks_for_every_session_at_once(upstreams, upstream_env, emulator):
    """Two round trips (the listings, then every session's messages), not one per session."""
    emulator.state.latency_s = 0.6  # every request of a wave is sure to be waiting with the others
    try:
        got = await fetch_candidates(WEEK, CLOCK, DEMO_USER, upstreams(upstream_env, source_pool_size=64,
                                                                       source_timeout_s=4))
    finally:
        emulator.state.latency_s = 0.0
    sessions = emulator.state.requests["chat"] - 2  # all but the session and agent-run listings
    assert got.reports["chat"].status == "ok" and sessions > 40
    assert emulator.state.most_waiting["chat"] == sessions


async def test_a_session_fan_out_is_bounded_by_the_upstreams_pool(upstreams, upstream_env, emulator):
    emulator.state.latency_s = 0.2
    try:
        got = await fetch_candidates(WEEK, CLOCK, DEMO_USER, upstreams(upstream_env, source_pool_size=10,
                                                                       source_timeout_s=4))
    finally:
        emulator.state.latency_s = 0.0
    assert got.reports["chat"].status == "ok"
    assert emulator.state.most_waiting["chat"] == 10


# ---------------------------------------------------------------- X-Request-ID


@pytest.fixture
def upstream_log():
    """app.upstream's lines as the service writes them (formatted when logged: the request's id is read then)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("app.upstream")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    logger.removeHandler(handler)
    logger.setLevel(level)


async def test_the_request_id_goes_to_every_upstream_call_and_its_log_line(build_app, upstream_env, emulator,
                                                                          upstream_log):
    emulator.state.set_fault("meinput", "503", times=1)  # one failed call, logged as a warning
    app = build_app(upstream_env)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://recall") as c:
        resp = await c.post("/v1/temporal-recall/query", headers={"X-Request-ID": "req-up-16"},
                            json={"user_id": DEMO_USER, "query": "我昨天做了什么？", "now": DEMO_NOW.isoformat()})
    assert resp.status_code == 200 and resp.headers["x-request-id"] == "req-up-16"
    seen = emulator.state.request_ids
    assert {source for source, _ in seen} == {"meinput", "chat", "memory", "calendar"}
    assert {rid for _, rid in seen} == {"req-up-16"}
    lines = upstream_log()
    assert len(lines) == len(seen), "one line per upstream call"
    assert {line["request_id"] for line in lines} == {"req-up-16"}
    [failed] = [line for line in lines if line["level"] == "warning"]
    assert (failed["msg"], failed["source"], failed["error"]) == ("upstream call failed", "meinput",
                                                                 "upstream error (HTTP 503)")
    assert "meinput-demo-token" not in json.dumps(lines)


async def test_without_a_served_request_no_request_id_is_sent(upstreams, upstream_env, emulator):
    await fetch_candidates(WEEK, CLOCK, DEMO_USER, upstreams(upstream_env))
    assert emulator.state.request_ids and {rid for _, rid in emulator.state.request_ids} == {None}
