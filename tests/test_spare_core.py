"""A big batch of new records is normalized partly in worker processes: the same candidates, in the
same order, as made in the service; a dead worker costs nothing but time; a second batch does not
queue behind the first."""

from __future__ import annotations

import asyncio
import logging
import math
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
from app.embed import candidate_keywords, keyword_vector
from app.emulator.dataset import DEMO_USER, build_dataset
from app.sources import meinput, spare_core
from app.sources.spare_core import MIN_SHARED, SpareCores, make_all

ZONE = ZoneInfo("Asia/Shanghai")
SERVICE = os.getpid()
BATCH = MIN_SHARED + 100  # shared: half made here, half in the worker


def _segments(n: int) -> list[meinput.Segment]:
    records = [s for s in build_dataset().segments if s["user_id"] == DEMO_USER]
    assert len(records) >= n
    return [meinput.decode(r, DEMO_USER) for r in records[:n]]


def made_where(segment: meinput.Segment, user_id: str, zone) -> Candidate:
    """The segment's candidate, its title naming the process that made it."""
    return msgspec.structs.replace(meinput.to_candidate(segment, user_id, zone), title=str(os.getpid()))


def dies_in_a_worker(segment: meinput.Segment, user_id: str, zone) -> Candidate:
    """Made in the service, whose pid `user_id` is; a worker dies of it."""
    if os.getpid() != int(user_id):
        os._exit(1)
    return made_where(segment, user_id, zone)


def unreadable_every_tenth(segment: meinput.Segment, user_id: str, zone) -> Candidate:
    if segment.id.endswith("0"):
        raise ValueError("a time the rules cannot place")
    return meinput.to_candidate(segment, user_id, zone)


def _share(n: int) -> int:
    """How many of n records the service makes itself, beside however many workers the process has
    (whoever started them first chose how many)."""
    return math.ceil(n / (len(spare_core.worker_pids()) + 1))


@pytest.fixture(scope="module")
def cores() -> SpareCores:
    cores = SpareCores(workers=1)
    cores.start()
    return cores


async def test_a_big_batch_is_shared_and_comes_back_as_made_here(cores):
    segments = _segments(BATCH)
    keyword_vector.cache_clear()
    shared = await cores.make_all(meinput.to_candidate, segments, DEMO_USER, ZONE)
    taken_here = keyword_vector.cache_info().misses
    kept = [candidate_keywords(m[0])[0].to_binary() for m in shared]
    assert keyword_vector.cache_info().misses == taken_here, "the workers' keywords came back with their candidates"
    here = make_all(meinput.to_candidate, segments, DEMO_USER, ZONE)
    assert [m[0] for m in shared] == [m[0] for m in here], "the same candidates, in order"
    assert kept == [keyword_vector(c.gist, c.participants)[0].to_binary() for c, _ in here], "and the same keywords"

    where = [m[0].title for m in await cores.make_all(made_where, segments, DEMO_USER, ZONE)]
    workers = {str(pid) for pid in spare_core.worker_pids()}
    ours = _share(len(segments))
    assert set(where[:ours]) == {str(SERVICE)} and set(where[ours:]) <= workers and len(set(where[ours:])) >= 1


async def test_a_small_batch_is_made_here(cores):
    where = [m[0].title for m in await cores.make_all(made_where, _segments(MIN_SHARED - 1), DEMO_USER, ZONE)]
    assert set(where) == {str(SERVICE)}


async def test_unreadable_records_are_none_in_their_places(cores):
    segments = _segments(BATCH)
    made = await cores.make_all(unreadable_every_tenth, segments, DEMO_USER, ZONE)
    assert [m is None for m in made] == [s.id.endswith("0") for s in segments]
    assert any(m is None for m in made[_share(BATCH) :]), "the workers' shares had some"


async def test_a_second_batch_does_not_wait_for_the_workers(cores):
    segments = _segments(BATCH)
    first, second = await asyncio.gather(cores.make_all(made_where, segments, DEMO_USER, ZONE),
                                         cores.make_all(made_where, segments, DEMO_USER, ZONE))
    assert {m[0].title for m in first} != {str(SERVICE)}, "the first was shared"
    assert {m[0].title for m in second} == {str(SERVICE)}, "the second made here, not queued behind it"


async def test_a_worker_that_dies_costs_its_share_being_made_here(cores, caplog):
    segments = _segments(BATCH)
    before = spare_core.worker_pids()
    with caplog.at_level(logging.WARNING, logger="app.fetch"):
        made = await cores.make_all(dies_in_a_worker, segments, str(SERVICE), ZONE)
    assert [m[0].title for m in made] == [str(SERVICE)] * len(segments), "nothing lost"
    assert "worker died" in caplog.text
    await _new_workers_instead_of(before)
    where = [m[0].title for m in await cores.make_all(made_where, segments, DEMO_USER, ZONE)]
    assert set(where[_share(len(where)) :]) <= {str(pid) for pid in spare_core.worker_pids()}, "and they work"


async def _new_workers_instead_of(before: frozenset[int]) -> None:
    for _ in range(600):  # new workers start in a thread of their own, no request waiting for them
        if spare_core.worker_pids() and spare_core.worker_pids().isdisjoint(before):
            return
        await asyncio.sleep(0.1)
    raise AssertionError("no new workers")


async def test_a_worker_that_died_idle_costs_the_next_batch_nothing_but_time(cores, caplog):
    segments = _segments(BATCH)
    await cores.make_all(made_where, segments, DEMO_USER, ZONE)  # workers there and working
    before = spare_core.worker_pids()
    for pid in before:  # every one: a surviving worker could take the share before the pool sees the death
        os.kill(pid, signal.SIGKILL)
    with caplog.at_level(logging.WARNING, logger="app.fetch"):
        made = await cores.make_all(made_where, segments, DEMO_USER, ZONE)
    assert [m[0].title for m in made] == [str(SERVICE)] * len(segments), "nothing lost, nothing failed"
    assert "worker died" in caplog.text
    await _new_workers_instead_of(before)
    where = [m[0].title for m in await cores.make_all(made_where, segments, DEMO_USER, ZONE)]
    assert set(where[_share(len(where)) :]) <= {str(pid) for pid in spare_core.worker_pids()}, "shared again"


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
