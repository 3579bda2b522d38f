"""Adapters over real HTTP against the emulator: pagination, faults, junk, auth, cache."""

from __future__ import annotations

import time
from datetime import datetime, timedelta

import msgspec
import pytest

from app.cache import TimelineCache
from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, DEMO_USER, OTHER_USER, Dataset
from app.fetch import fetch_candidates, fetch_window, search_query
from app.planner import plan_query
from app.planner.clock import resolve_clock

CLOCK = resolve_clock(DEMO_NOW, None)


def _plan(query="我这周有什么事", now: datetime = DEMO_NOW):
    return plan_query(query, now=now)


async def test_every_source_is_read_to_the_last_page(upstreams, upstream_env, emulator):
    up = upstreams(upstream_env)
    plan = _plan()
    got = await fetch_candidates(plan, CLOCK, DEMO_USER, up)
    lo, hi = fetch_window(plan, DEMO_NOW)
    ds = emulator.state.dataset
    want_segments = [s for s in ds.segments if s["user_id"] == DEMO_USER
                     and lo <= datetime.fromisoformat(s["observed_at"]) < hi]
    assert len(want_segments) > 100, "the window needs several pages of 100"
    assert got.reports["meinput"].status == "ok"
    assert got.reports["meinput"].fetched == len(want_segments)
    refs = {c.source_ref for c in got.candidates}
    assert {f"meinput:segment:{s['evidence_id']}" for s in want_segments} <= refs
    assert got.reports["chat"].status == "ok" and got.reports["memory_v2"].status == "ok"
    assert any(r.startswith("chat:run:") for r in refs) and any(r.startswith("chat:message:") for r in refs)
    assert {ds.owner_of(r) for r in refs} == {DEMO_USER}, "only the requested user's records"
    assert all(c.observed_time < DEMO_NOW for c in got.candidates), "nothing observed after now"


def test_a_mention_window_is_pulled_with_the_week_after_it_for_what_changed_its_plans():
    # 「这周一我说了什么」 asked on Saturday: a plan said on Monday and called off on Thursday is shown
    # called off, so the pull reaches on to now; asked weeks later, a week past the day asked about
    now = datetime.fromisoformat("2026-09-05T10:00:00+08:00")
    plan = plan_query("这周一我说了什么", now=now)
    assert plan.time.mention_range.start == datetime.fromisoformat("2026-08-31T00:00:00+08:00")
    assert fetch_window(plan, now)[1] == now
    later = now + timedelta(days=30)
    plan = plan_query("8月24号那天我说了什么", now=later)
    lo, hi = fetch_window(plan, later)
    assert (lo, hi) == (datetime.fromisoformat("2026-08-23T00:00:00+08:00"),
                        datetime.fromisoformat("2026-09-01T00:00:00+08:00"))


async def test_each_page_is_told_as_it_is_read():
    from app.sources.wire import read_pages

    said: list[str] = []

    async def pages():
        for page in ([1, 2], [3]):
            said.append(f"sent {page}")
            yield page

    pulled = await read_pages(pages(), lambda n: n * 10, on_page=lambda records: said.append(f"told {records}"))
    assert pulled.records == [10, 20, 30]
    assert said == ["sent [1, 2]", "told [10, 20]", "sent [3]", "told [30]"], "told before the next page is asked for"


async def test_sessions_started_before_the_window_still_count(upstreams, upstream_env):
    got = await fetch_candidates(_plan("我今天说了什么"), CLOCK, DEMO_USER, upstreams(upstream_env))
    texts = {c.content for c in got.candidates if c.source == "chat"}
    assert "降噪方案今天定下来了，用端侧模型" in texts


async def test_429_with_retry_after_is_honoured(upstreams, upstream_env, emulator):
    emulator.state.set_fault("meinput", "429", times=1, retry_after_s=0.3)
    started = time.monotonic()
    got = await fetch_candidates(_plan(), CLOCK, DEMO_USER, upstreams(upstream_env))
    assert got.reports["meinput"].status == "ok"
    assert time.monotonic() - started >= 0.3


async def test_429_forever_is_an_error_of_that_source_only(upstreams, upstream_env, emulator):
    emulator.state.set_fault("meinput", "429", retry_after_s=5)
    got = await fetch_candidates(_plan(), CLOCK, DEMO_USER, upstreams(upstream_env))
    assert got.reports["meinput"].status == "error"
    assert "429" in got.reports["meinput"].error
    assert got.reports["chat"].status == "ok"


async def test_503_then_success(upstreams, upstream_env, emulator):
    emulator.state.set_fault("chat", "503", times=2)
    got = await fetch_candidates(_plan(), CLOCK, DEMO_USER, upstreams(upstream_env))
    assert got.reports["chat"].status == "ok" and got.reports["chat"].fetched > 0


async def test_slow_source_times_out_and_others_are_served(upstreams, upstream_env, emulator):
    # a budget the other sources meet even on a slow machine, and a delay far past it
    emulator.state.set_fault("meinput", "delay", delay_s=10)
    up = upstreams(upstream_env, source_timeout_s=2)  # made before the clock starts: it starts the fork server
    started = time.monotonic()
    got = await fetch_candidates(_plan(), CLOCK, DEMO_USER, up)
    assert time.monotonic() - started < 3
    assert got.reports["meinput"].status == "error"
    assert got.reports["meinput"].error == "timeout after 2.0s"
    assert got.reports["chat"].status == "ok"
    assert any(c.source == "chat" for c in got.candidates)


async def test_junk_records_are_skipped_and_counted(upstreams, upstream_env, emulator):
    emulator.state.set_fault("meinput", "junk")
    got = await fetch_candidates(_plan(), CLOCK, DEMO_USER, upstreams(upstream_env))
    report = got.reports["meinput"]
    assert report.status == "ok"
    assert report.skipped == 6
    assert not any("junk" in c.source_ref for c in got.candidates)
    [dirty] = [c for c in got.candidates if c.source_ref == "meinput:segment:dirty_text"]
    assert dirty.content == "明天开会\ufffd", "NUL dropped, lone surrogate replaced, the record kept"


async def test_bad_token_is_an_auth_error_of_that_source(upstreams, upstream_env):
    env = {**upstream_env, "CHAT_TOKEN": "wrong"}
    got = await fetch_candidates(_plan(), CLOCK, DEMO_USER, upstreams(env))
    assert got.reports["chat"].status == "error"
    assert "401" in got.reports["chat"].error and "token" in got.reports["chat"].error
    assert "wrong" not in got.reports["chat"].error, "tokens are never echoed"
    assert got.reports["meinput"].status == "ok"


async def test_unconfigured_sources(upstreams, upstream_env):
    env = {k: v for k, v in upstream_env.items() if not k.startswith(("CHAT", "MEMORY"))}
    got = await fetch_candidates(_plan(), CLOCK, DEMO_USER, upstreams(env))
    assert got.reports["chat"].status == "skipped"
    assert "memory_v2" not in got.reports, "Memory V2 is simply absent when MEMORY_URL is unset"


async def test_second_identical_query_is_served_from_cache_until_ttl(upstreams, upstream_env, emulator):
    up = upstreams(upstream_env)
    elapsed = [0.0]  # the cache's clock, moved by hand: a loaded machine must not expire it early
    up.cache = TimelineCache(0.5, clock=lambda: elapsed[0])
    first = await fetch_candidates(_plan(), CLOCK, DEMO_USER, up)
    calls = sum(emulator.state.requests.values())
    assert calls > 0 and not first.reports["meinput"].cached
    second = await fetch_candidates(_plan(), CLOCK, DEMO_USER, up)
    assert sum(emulator.state.requests.values()) == calls, "no upstream request for a cached window"
    assert second.reports["meinput"].cached and second.reports["chat"].cached
    assert {c.source_ref for c in second.candidates} == {c.source_ref for c in first.candidates}
    narrower = await fetch_candidates(_plan("我昨天做了什么"), CLOCK, DEMO_USER, up)
    assert narrower.reports["meinput"].cached, "a window inside a cached one is served from it"
    elapsed[0] = 0.6
    await fetch_candidates(_plan(), CLOCK, DEMO_USER, up)
    assert sum(emulator.state.requests.values()) > calls, "after the TTL the upstreams are asked again"


async def test_a_record_pulled_again_is_not_read_again_unless_it_was_edited(upstreams, upstream_env, emulator):
    up = upstreams(upstream_env)
    elapsed = [0.0]
    up.cache = TimelineCache(0.5, clock=lambda: elapsed[0])
    first = {c.source_ref: c for c in (await fetch_candidates(_plan(), CLOCK, DEMO_USER, up)).candidates}
    segment = next(s for s in emulator.state.dataset.segments if f"meinput:segment:{s['evidence_id']}" in first)
    ref, said = f"meinput:segment:{segment['evidence_id']}", segment["text"]
    segment["text"] = "明天上午十点去医院复查"
    try:
        elapsed[0] = 0.6  # the cached pull expired: every source is asked again
        again = {c.source_ref: c for c in (await fetch_candidates(_plan(), CLOCK, DEMO_USER, up)).candidates}
    finally:
        segment["text"] = said
    assert again[ref].content == "明天上午十点去医院复查", "an edited record is read as it is now"
    assert again[ref].event_time is not None and first[ref].content == said
    unchanged = [r for r in first if r != ref]
    assert all(again[r] is first[r] for r in unchanged), "the same record is not parsed again"


async def test_a_record_with_a_number_too_big_to_keep_is_still_read(upstreams, upstream_env, emulator):
    segment = next(s for s in emulator.state.dataset.segments if s["user_id"] == DEMO_USER)
    said = segment.get("importance")
    segment["importance"] = 2**70  # advisory, and more than msgpack (the record cache's key) can hold
    try:
        got = await fetch_candidates(_plan(), CLOCK, DEMO_USER, upstreams(upstream_env))
    finally:
        segment["importance"] = said
    ref = f"meinput:segment:{segment['evidence_id']}"
    assert got.reports["meinput"].skipped == 0
    assert [c.importance for c in got.candidates if c.source_ref == ref] == [1.0]


async def test_cache_keys_include_the_user(upstreams, upstream_env):
    up = upstreams(upstream_env)
    await fetch_candidates(_plan(), CLOCK, DEMO_USER, up)
    other = await fetch_candidates(_plan(), CLOCK, OTHER_USER, up)
    assert not other.reports["meinput"].cached
    assert all(c.user_id == OTHER_USER for c in other.candidates)


MIXED_USER = "u_mixed"
_AT = (DEMO_NOW - timedelta(days=1)).isoformat()


def _mixed_dataset() -> Dataset:
    """Each source's page holds one readable record (+ a tool message) beside unreadable ones."""
    segment = {"evidence_id": "seg_ok", "user_id": MIXED_USER, "type": "expression_segment",
               "text": "明天下午三点和张总签合同", "observed_at": _AT}
    message = {"message_id": "m_ok", "session_id": "s1", "user_id": MIXED_USER, "role": "user",
               "content": "周五之前要交季度报告", "created_at": _AT}
    run = {"run_id": "r_ok", "session_id": "s1", "user_id": MIXED_USER, "task": "整理合同条款", "status": "succeeded",
           "started_at": _AT, "finished_at": _AT, "summary": "已整理 12 条条款"}
    mem = {"memory_id": "mem_ok", "user_id": MIXED_USER, "kind": "decision", "content": "架构定为 SQL-centric",
           "created_at": _AT, "event_time": None, "importance": 0.7}
    return Dataset(
        segments=[segment, {**segment, "evidence_id": ""}, {**segment, "evidence_id": "seg_blank", "text": "  "},
                  {**segment, "evidence_id": "seg_voice", "type": "voice_note"}],
        sessions=[{"session_id": "s1", "user_id": MIXED_USER, "title": "合同", "created_at": _AT, "last_active_at": _AT}],
        messages=[message, {**message, "message_id": "m_tool", "role": "tool"},
                  {**message, "message_id": "m_system", "role": "system"},
                  {k: v for k, v in message.items() if k != "message_id"}],
        runs=[run, {**run, "run_id": "r_exploded", "status": "exploded"}, {**run, "run_id": 42}],
        memories=[mem, {**mem, "memory_id": "mem_rumour", "kind": "rumour"}, {**mem, "memory_id": "mem_blank", "content": ""},
                  {**mem, "memory_id": None}],
    )


@pytest.fixture(scope="module")
def mixed_emulator():
    emu = start_emulator(_mixed_dataset())
    yield emu
    emu.stop()


@pytest.mark.parametrize(("source", "fetched", "skipped", "kept"), [
    ("meinput", 4, 3, {"meinput:segment:seg_ok"}),
    ("chat", 7, 4, {"chat:message:m_ok", "chat:run:r_ok"}),  # the tool message is dropped, not counted
    ("memory_v2", 4, 3, {"memory_v2:memory:mem_ok"}),
])
async def test_an_unreadable_record_is_skipped_and_its_page_still_used(upstreams, mixed_emulator, source, fetched,
                                                                        skipped, kept):
    got = await fetch_candidates(_plan(), CLOCK, MIXED_USER, upstreams(mixed_emulator.env()))
    report = got.reports[source]
    assert (report.status, report.fetched, report.skipped) == ("ok", fetched, skipped)
    assert {c.source_ref for c in got.candidates if c.source == source} == kept


async def test_an_assistant_reply_carries_the_people_and_words_of_the_question_it_answers(upstreams, upstream_env):
    got = await fetch_candidates(_plan("这周我说过什么"), CLOCK, DEMO_USER, upstreams(upstream_env))
    [tips] = [c for c in got.candidates if c.role == "assistant" and "给物业回电话时" in c.content]
    assert "孙师傅" not in tips.content and "孙师傅" in tips.participants, "named in the question only"
    assert "派人" in tips.gist, "what was asked is part of what the answer is about"
    [question] = [c for c in got.candidates if c.role == "user" and "给物业的孙师傅回电话" in c.content]
    assert question.gist in tips.gist


def test_memory_is_searched_with_its_own_expansion_not_the_question():
    plan = _plan("上周跟北辰定了什么？")
    query = search_query(plan, "memory_v2")
    assert "北辰" in query and "决定" in query and "承诺" in query, "the topic and Memory V2's own words (RFC §8)"
    assert "上周" not in query and plan.query not in query, "the window carries the time; never the question as said"
    mine = msgspec.structs.replace(plan, retrievals=[
        msgspec.structs.replace(r, expanded_queries=["北辰", "试点"]) if r.source == "memory_v2" else r
        for r in plan.retrievals])
    assert search_query(mine, "memory_v2") == "北辰 试点", "a caller's plan says what to search for"
