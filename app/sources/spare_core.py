"""Normalizing a big pull on the spare cores.

Making a candidate of a record (the time parser, some 25 text rules) and taking its keywords
(rjieba) is pure Python: a cold user's 2,000 records held the event loop for most of the cold
query, on one core of two (bench/spare_cores.py prints the time alone and shared). When a pull brings at least MIN_SHARED records that were
never normalized, worker processes (forked by the fork server of app/sources/worker.py, whose
preload has imported and warmed the normalizer) each take a share while the service makes the
rest, and their candidates come back pickled with their keywords. One batch is shared at a time:
with the workers busy, another request makes its own records (a queue behind someone else's share
would be slower than doing the work). The workers are per process, like the fork server, and
started with the service, so the first cold user does not pay for forking them.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import select
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, tzinfo
from typing import Any

from app.candidate import Candidate
from app.embed import Keywords, candidate_keywords, keep_keywords
from app.sources import worker
from app.sources.meinput import Segment, to_candidate

log = logging.getLogger("app.fetch")

# below this a worker's round trip (the records and their candidates pickled both ways) saves too little to matter
MIN_SHARED = 128

Make = Callable[[Any, str, tzinfo], Candidate]  # a source's to_candidate: (record, user_id, zone)
Made = tuple[Candidate, Keywords] | None  # None: a record the text rules cannot place (skipped)


class SpareCores:
    """Up to `workers` processes that normalize part of each big batch (0: the service does it all).
    The processes are the process's, shared by every SpareCores in it."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def start(self) -> None:
        """The workers forked and warm (idempotent); the service's own normalizer warmed too."""
        warm()
        if self.workers:
            _start(self.workers)

    async def make_all(self, make: Make, records: Sequence[Any], user_id: str, zone: tzinfo) -> list[Made]:
        """Each record made a candidate with its keywords, in order."""
        global _sharing
        pool = _pool
        if pool is None or not self.workers or _sharing or len(records) < MIN_SHARED:
            return make_all(make, records, user_id, zone)
        executor, workers = pool  # the process's: as many workers as its first starter asked for
        share = math.ceil(len(records) / (workers + 1))
        loop = asyncio.get_running_loop()
        _sharing = True
        try:
            theirs = [(i, _submit(loop, executor, make, records[i : i + share], user_id, zone))
                      for i in range(share, len(records), share)]
            made = make_all(make, records[:share], user_id, zone)
            for i, future in theirs:
                try:
                    done = _kept(await future) if future is not None else None
                except BrokenProcessPool:
                    done = None
                if done is None:  # a worker died (killed, out of memory), busy or idle: its share made here
                    done = make_all(make, records[i : i + share], user_id, zone)
                    _replace(executor, workers)
                made.extend(done)
            return made
        finally:
            _sharing = False


def _submit(loop: asyncio.AbstractEventLoop, executor: ProcessPoolExecutor, make: Make, records: Sequence[Any],
            user_id: str, zone: tzinfo) -> asyncio.Future[list[Made]] | None:
    """A worker's share under way, or None when the pool is broken already (a worker died idle)."""
    try:
        return loop.run_in_executor(executor, make_all, make, records, user_id, zone)
    except BrokenProcessPool:
        return None


_pool: tuple[ProcessPoolExecutor, int] | None = None  # and its number of workers
_sharing = False  # a batch is being shared: the workers are busy
_starting = threading.Lock()


def _start(workers: int) -> None:
    global _pool
    with _starting:  # the service's start and a replacement after a death may overlap
        if _pool is not None:
            return
        worker.start()
        pool = ProcessPoolExecutor(workers, mp_context=worker.CONTEXT, initializer=_exit_with, initargs=(os.getpid(),))
        try:
            # one warm-up per worker, at once: each finds none idle and forks one, now and not in a request
            for done in [pool.submit(warm) for _ in range(workers)]:
                done.result(timeout=60)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        _pool = pool, workers


def _start_again(workers: int) -> None:
    try:
        _start(workers)
    except Exception:  # the service goes on making every batch itself
        log.exception("new normalizing workers could not be started")


def _replace(broken: ProcessPoolExecutor, workers: int) -> None:
    """New workers for a pool one of whose died, started in a thread: until they are ready every
    batch is made in the service, and no request waits for the fork."""
    global _pool
    if _pool is not None and _pool[0] is broken:
        log.warning("a normalizing worker died; new ones are being started")
        _pool = None
        broken.shutdown(wait=False, cancel_futures=True)
        threading.Thread(target=_start_again, args=(workers,), name="spare-cores", daemon=True).start()


def _exit_with(service: int) -> None:
    """In a worker: exit when the service does. Nothing else would end it: its parent is the fork
    server, it waits on a call queue of which it holds both ends (no EOF when the service dies), and
    the fork server lives on while any of its children does — a killed service left both for good."""

    def wait() -> None:
        try:
            gone = os.pidfd_open(service)  # readable once the service has exited
        except ProcessLookupError:
            os._exit(0)
        except (OSError, AttributeError):  # no pidfd here (Linux < 5.3, not Linux): ask every second
            while True:
                time.sleep(1.0)
                try:
                    os.kill(service, 0)
                except ProcessLookupError:
                    os._exit(0)
                except PermissionError:  # alive (its pid cannot have gone to another user's process yet)
                    pass
        select.select([gone], [], [])
        os._exit(0)

    threading.Thread(target=wait, name="exit-with-service", daemon=True).start()


def worker_pids() -> frozenset[int]:
    """The process ids of the workers (none before any started)."""
    return frozenset(_pool[0]._processes) if _pool is not None else frozenset()  # (ProcessPoolExecutor names no other way)


def make_all(make: Make, records: Sequence[Any], user_id: str, zone: tzinfo) -> list[Made]:
    made: list[Made] = []
    for record in records:
        try:
            candidate = make(record, user_id, zone)
        except (ValueError, OverflowError):  # a time the text rules cannot place on the calendar
            made.append(None)
            continue
        made.append((candidate, candidate_keywords(candidate)))
    return made


def _kept(made: list[Made]) -> list[Made]:
    """Candidates back from a worker, their keywords kept with them again (pickling drops them)."""
    for one in made:
        if one is not None:
            keep_keywords(*one)
    return made


_warm = False


def warm() -> None:
    """Make one candidate here (once per process): the first record otherwise paid for loading the
    Traditional→Simplified table and the parser's first use."""
    global _warm
    if not _warm:
        segment = Segment(id="warm", text="明天下午3点和王总開會討論合同", observed_at="2026-01-01T09:00:00+08:00")
        candidate_keywords(to_candidate(segment, "warm", UTC))
        _warm = True
