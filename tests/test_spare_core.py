"""A big batch of new records is normalized partly in worker processes, handed over as a pull's
pages arrive: the same candidates, in the same order, as made in the service; a dead worker costs
nothing but time; a second batch does not queue behind the first; a batch closed early leaves the
workers no work."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import msgspec
import pytest

from app.candidate import Candidate
from app.embed import candidate_keywords, keyword_sets
from app.emulator.dataset import DEMO_USER, build_dataset
from app.pipeline.load import encode_rows
from app.sources import meinput, spare_core
from app.sources.spare_core import CHUNK, SpareCores, make_all

ZONE = ZoneInfo("Asia/Shanghai")
SERVICE = os.getpid()
BATCH = CHUNK + 100  # shared: a chunk made by a worker, the rest here


def _segments(n: int) -> list[meinput.Segment]:
    """The demo user's first n segments; past its last, its segments again under new ids."""
    records = [s for s in build_dataset().segments if s["user_id"] == DEMO_USER]
    return [meinput.decode({**r, "evidence_id": f"r{i // len(records)}-{r['evidence_id']}"}, DEMO_USER)
            for i, r in ((i, records[i % len(records)]) for i in range(n))]


def made_where(segment: meinput.Segment, user_id: str, zone) -> Candidate:
    """The segment's candidate, its title naming the process that made it."""
    return msgspec.structs.replace(meinput.to_candidate(segment, user_id, zone), title=str(os.getpid()))


def dies_in_a_worker(segment: meinput.Segment, user_id: str, zone) -> Candidate:
    """Made in the service, whose pid `user_id` is; a worker dies of it."""
    if os.getpid() != int(user_id):
        os._exit(1)
    return made_where(segment, user_id, zone)


_STUCK: list[bool] = []


def stuck_in_a_worker(segment: meinput.Segment, user_id: str, zone) -> Candidate:
    """Made in the service, whose pid `user_id` is; a worker does not answer for a while (once)."""
    if os.getpid() != int(user_id) and not _STUCK:
        _STUCK.append(True)
        time.sleep(2)
    return made_where(segment, user_id, zone)


def unreadable_every_tenth(segment: meinput.Segment, user_id: str, zone) -> Candidate:
    if segment.id.endswith("0"):
        raise ValueError("a time the rules cannot place")
    return meinput.to_candidate(segment, user_id, zone)


def noted(segment: meinput.Segment, user_id: str, zone) -> Candidate:
    """Made, and the segment's id noted in the file `user_id` names."""
    with open(user_id, "a") as notes:
        notes.write(segment.id + "\n")
    return meinput.to_candidate(segment, DEMO_USER, zone)


async def _pulled(cores: SpareCores, make, segments, user_id: str = DEMO_USER) -> list:
    """`segments` handed over as a pull's page, and made once the next page would have come."""
    with cores.batch(make, user_id, ZONE) as batch:
        batch.add(segments)
        await asyncio.sleep(0.2)  # the next page on its way: the workers have started
        return await batch.make(segments)


@pytest.fixture(scope="module")
def cores() -> SpareCores:
    cores = SpareCores(workers=1)
    cores.start()
    return cores


async def test_a_big_batch_is_shared_and_comes_back_as_made_here(cores):
    segments = _segments(BATCH)
    keyword_sets.cache_clear()
    shared = await cores.make_all(meinput.to_candidate, segments, DEMO_USER, ZONE)
    taken_here = keyword_sets.cache_info().misses
    kept = [candidate_keywords(m[0])[0].to_binary() for m in shared]
    assert keyword_sets.cache_info().misses == taken_here, "the workers' keywords came back with their candidates"
    here = make_all(meinput.to_candidate, segments, DEMO_USER, ZONE)
    assert [m[0] for m in shared] == [m[0] for m in here], "the same candidates, in order"
    assert kept == [keyword_sets(c.gist, c.participants)[0].to_binary() for c, _ in here], "and the same keywords"
    vectors = [[0.5] * 4 for _ in segments]
    heads = [m[0].__dict__.get("_copy_head") for m in shared]
    assert all(heads), "the rows' heads came back with their candidates"
    assert encode_rows([m[0] for m in shared], vectors, ZONE) == encode_rows([m[0] for m in here], vectors, ZONE), \
        "and the same COPY rows"

    where = [m[0].title for m in await _pulled(cores, made_where, segments)]
    workers = {str(pid) for pid in spare_core.worker_pids()}
    assert where[0] in workers and where[-1] == str(SERVICE), "the first chunks a worker's, the last records here"
    assert set(where) <= workers | {str(SERVICE)}
    assert [m[0] for m in await _pulled(cores, meinput.to_candidate, segments)] == [m[0] for m in here]


async def test_records_come_page_by_page_and_are_made_in_their_order(cores):
    segments = _segments(3 * BATCH)
    pages = [segments[i : i + 100] for i in range(0, len(segments), 100)]
    with cores.batch(made_where, DEMO_USER, ZONE) as batch:
        for page in pages:
            batch.add(page)
            await asyncio.sleep(0.02)
        kept = segments[len(segments) // 3 :]  # the pull's cap dropped the oldest
        made = await batch.make(kept)
    assert [m[0].gist for m in made] == [c.gist for c, _ in make_all(meinput.to_candidate, kept, DEMO_USER, ZONE)]
    assert len({m[0].title for m in made}) >= 2, "shared as the pages came"


async def test_records_go_to_the_workers_as_they_are_handed_over_not_when_made(cores, tmp_path):
    notes = tmp_path / "made"
    segments = _segments(3 * CHUNK)
    with cores.batch(noted, str(notes), ZONE) as batch:
        batch.add(segments)  # a page came; the next is on its way
        for _ in range(100):
            if notes.exists():
                break
            await asyncio.sleep(0.05)
        assert notes.exists(), "a worker was making the first chunk before the pull ended"
        await batch.make(segments)


async def test_chunks_of_records_the_cap_dropped_are_made_nowhere(cores, tmp_path):
    notes = tmp_path / "made"
    segments = _segments(20 * CHUNK)
    with cores.batch(noted, str(notes), ZONE) as batch:
        batch.add(segments)
        kept = segments[-100:]  # the newest only
        made = await batch.make(kept)
    assert [m[0].gist for m in made] == [c.gist for c, _ in make_all(meinput.to_candidate, kept, DEMO_USER, ZONE)]
    await _idle()  # the workers done with what they had been sent
    assert len(notes.read_text().split()) <= 8 * CHUNK, "what was sent, and the chunks kept: not all twenty"


async def test_a_batch_closed_early_leaves_the_workers_no_work(cores, tmp_path):
    notes = tmp_path / "made"
    segments = _segments(20 * CHUNK)
    with cores.batch(noted, str(notes), ZONE) as batch:
        batch.add(segments)  # and the request ends (a failed pull, a timeout)
    where = [m[0].title for m in await cores.make_all(made_where, _segments(BATCH), DEMO_USER, ZONE)]
    assert set(where) == {str(SERVICE)}, "the next batch does not queue behind what the workers still make"
    await _idle()
    made = notes.read_text().split() if notes.exists() else []
    assert len(made) <= len(segments) // 2, "the chunks no worker had started were dropped"


async def test_a_small_batch_is_made_here(cores):
    where = [m[0].title for m in await cores.make_all(made_where, _segments(CHUNK - 1), DEMO_USER, ZONE)]
    assert set(where) == {str(SERVICE)}


async def test_unreadable_records_are_none_in_their_places(cores):
    segments = _segments(BATCH)
    made = await _pulled(cores, unreadable_every_tenth, segments)
    assert [m is None for m in made] == [s.id.endswith("0") for s in segments]
    assert any(m is None for m in made[:CHUNK]), "the first chunk, a worker's, had some"


async def test_a_second_batch_does_not_wait_for_the_workers(cores):
    segments = _segments(BATCH)
    first, second = await asyncio.gather(_pulled(cores, made_where, segments),
                                         cores.make_all(made_where, segments, DEMO_USER, ZONE))
    assert {m[0].title for m in first} != {str(SERVICE)}, "the first was shared"
    assert {m[0].title for m in second} == {str(SERVICE)}, "the second made here, not queued behind it"


@pytest.mark.parametrize("make", [dies_in_a_worker, stuck_in_a_worker])
async def test_a_worker_that_dies_or_does_not_answer_costs_its_chunk_being_made_here(cores, caplog, monkeypatch, make):
    monkeypatch.setattr(spare_core, "LOST_AFTER_S", 0.5)  # (a worker killed while writing its answer never answers)
    segments = _segments(BATCH)
    before = spare_core.worker_pids()
    with caplog.at_level(logging.WARNING, logger="app.fetch"):
        made = await _pulled(cores, make, segments, str(SERVICE))
    assert [m[0].title for m in made] == [str(SERVICE)] * len(segments), "nothing lost, nothing hung"
    assert "worker died" in caplog.text
    await _new_workers_instead_of(before)
    where = [m[0].title for m in await _pulled(cores, made_where, segments)]
    assert set(where[:CHUNK]) <= {str(pid) for pid in spare_core.worker_pids()}, "and they work"


async def _idle() -> None:
    for _ in range(600):
        if not spare_core.busy():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the workers stayed busy")


async def _new_workers_instead_of(before: frozenset[int]) -> None:
    for _ in range(600):  # new workers start in a thread of their own, no request waiting for them
        if spare_core.worker_pids() and spare_core.worker_pids().isdisjoint(before):
            return
        await asyncio.sleep(0.1)
    raise AssertionError("no new workers")


async def test_a_worker_that_died_idle_costs_the_next_batch_nothing_but_time(cores, caplog):
    segments = _segments(BATCH)
    await _pulled(cores, made_where, segments)  # workers there and working
    before = spare_core.worker_pids()
    for pid in before:  # every one: a surviving worker could take the share before the pool sees the death
        os.kill(pid, signal.SIGKILL)
    with caplog.at_level(logging.WARNING, logger="app.fetch"):
        made = await cores.make_all(made_where, segments, DEMO_USER, ZONE)
    assert [m[0].title for m in made] == [str(SERVICE)] * len(segments), "nothing lost, nothing failed"
    assert "worker died" in caplog.text
    await _new_workers_instead_of(before)
    where = [m[0].title for m in await _pulled(cores, made_where, segments)]
    assert set(where[:CHUNK]) <= {str(pid) for pid in spare_core.worker_pids()}, "shared again"


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"  # a zombie has exited (its parent, gone too, will be reaped by init)


def test_workers_and_their_fork_server_go_when_the_service_is_killed():
    service = subprocess.Popen(
        [sys.executable, "-c", "from app.sources import spare_core\n"
         "spare_core.SpareCores(1).start()\n"
         "print(*spare_core.worker_pids(), flush=True)\n"
         "import time; time.sleep(60)"],
        cwd=Path(__file__).resolve().parents[1], stdout=subprocess.PIPE, text=True)
    try:
        workers = [int(pid) for pid in service.stdout.readline().split()]
        assert workers, "the worker started"
        fork_server = int(Path(f"/proc/{workers[0]}/stat").read_text().rsplit(")", 1)[1].split()[1])
        assert fork_server != service.pid
    finally:
        service.kill()
        service.wait()
    deadline = time.monotonic() + 20
    while any(map(_alive, [*workers, fork_server])) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(map(_alive, [*workers, fork_server])), "nothing of the killed service is left running"


async def test_a_pull_of_several_pages_is_shared_and_makes_what_the_service_alone_makes(upstreams, emulator,
                                                                                        monkeypatch):
    from app import fetch
    from app.emulator.dataset import DEMO_NOW
    from app.planner import plan_query
    from app.planner.clock import resolve_clock

    segments = [s for s in emulator.state.dataset.segments if s["user_id"] == DEMO_USER]
    emulator.state.dataset.segments.extend(  # a cold user with some pages of new records
        {**s, "evidence_id": f"again{i}-{s['evidence_id']}"} for i in range(4) for s in segments)
    try:
        plan, clock = plan_query("我这个月有什么事", now=DEMO_NOW), resolve_clock(DEMO_NOW, None)
        alone = await fetch.fetch_candidates(plan, clock, DEMO_USER, upstreams(emulator.env(("meinput",)),
                                                                               normalize_workers=0))
        shared = await fetch.fetch_candidates(plan, clock, DEMO_USER, upstreams(emulator.env(("meinput",)),
                                                                                normalize_workers=1))
        assert len(alone.candidates) > 2 * 500, "more than two pages"
        assert shared.candidates == alone.candidates
        meinput_source = next(s for s in fetch.SOURCES if s.name == "meinput")
        monkeypatch.setattr(fetch, "SOURCES", (dataclasses.replace(meinput_source, to_candidate=made_where),))
        where = {c.title for c in (await fetch.fetch_candidates(plan, clock, DEMO_USER, upstreams(
            emulator.env(("meinput",)), normalize_workers=1))).candidates}
    finally:
        del emulator.state.dataset.segments[len(emulator.state.dataset.segments) - 4 * len(segments) :]
    assert str(SERVICE) in where and where & {str(pid) for pid in spare_core.worker_pids()}, "made in both"
