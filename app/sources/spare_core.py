"""Normalizing a big pull on the spare cores, while it is still being pulled.

Making a candidate of a record (the time parser, some 25 text rules) and taking its keywords
(rjieba) is pure Python: a cold user's 2,000 records held the event loop for most of the cold
query, on one core of two (bench/spare_cores.py prints the time alone and shared). A pull hands
its records to a Batch page by page as they arrive; once CHUNK records never normalized before
have come, worker processes (forked by the fork server of app/sources/worker.py, whose
preload has imported and warmed the normalizer) are sent them CHUNK at a time, while the service
waits for the next page. When the last page is in, the service makes what is left, the chunks not
sent yet from the last, and the workers' candidates come back pickled with their keywords and
the head of their COPY rows (app/pipeline/load.py row_head), worked out there in parallel.
One batch holds the workers at a time: another request meanwhile makes its own records (a queue
behind someone else's share would be slower than doing the work). The workers are per process, like
the fork server, and started with the service, so the first cold user does not pay for forking them.
"""

from __future__ import annotations

import asyncio
import logging
import os
import select
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from datetime import UTC, tzinfo
from typing import Any

from app.candidate import Candidate
from app.embed import candidate_keywords
from app.pipeline.load import row_head
from app.sources import worker
from app.sources.meinput import Segment, to_candidate

log = logging.getLogger("app.fetch")

# records a worker is sent at once, and the fewest a batch shares: small, so that little is left to
# wait for when the service has made its part; not smaller, as each round trip (the records and
# their candidates pickled both ways, the pool's queues) costs some milliseconds of its own
CHUNK = 128
# a chunk takes tens of milliseconds; one not back after this is taken for lost with its worker
LOST_AFTER_S = 5.0

Make = Callable[[Any, str, tzinfo], Candidate]  # a source's to_candidate: (record, user_id, zone)
# a candidate and what was worked out for it besides (its __dict__: keywords, COPY row head), which
# pickling drops; None: a record the text rules cannot place (skipped)
Made = tuple[Candidate, dict[str, Any]] | None


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

    @contextmanager
    def batch(self, make: Make, user_id: str, zone: tzinfo) -> Iterator[Batch]:
        """A batch to hand records to as they arrive (a pull's pages); what was not sent to a worker
        is dropped when it closes."""
        batch = Batch(make, user_id, zone, _pool if self.workers else None)
        try:
            yield batch
        finally:
            batch.close()

    async def make_all(self, make: Make, records: Sequence[Any], user_id: str, zone: tzinfo) -> list[Made]:
        """Each record made a candidate with its keywords, in order."""
        with self.batch(make, user_id, zone) as batch:
            return await batch.make(records)


class Batch:
    """Records handed over as they arrive are cut into chunks of CHUNK; the workers are sent them
    from the first, a few each under way (the next sent as one comes back), while the service waits
    for more (a pull's next page). `make` then makes here what it needs of the rest, taking the chunks
    not sent yet from the last, and waits for the others. (A chunk is never taken back once sent:
    cancelling a ProcessPoolExecutor's future races with the pool breaking, and Python 3.11's pool
    then fails in its own thread.)"""

    def __init__(self, make: Make, user_id: str, zone: tzinfo, pool: tuple[ProcessPoolExecutor, int] | None) -> None:
        self._make, self._user_id, self._zone = make, user_id, zone
        self._pool = pool  # the process's workers, as many as their first starter asked for
        self._sharing = False  # holds the workers (one batch at a time)
        self._handed: set[int] = set()  # id() of every record handed over (each is held below)
        self._waiting: list[Any] = []  # handed over, not yet in a chunk
        self._chunks: list[list[Any]] = []
        self._chunk_of: dict[int, tuple[int, int]] = {}  # id(record) → (chunk, place in it)
        self._unsent: deque[int] = deque()  # chunks in order
        self._sent: dict[int, Future[list[Made]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def add(self, records: Sequence[Any]) -> None:
        if self._pool is None:
            return
        fresh = [r for r in records if id(r) not in self._handed]
        self._handed.update(map(id, fresh))
        self._waiting.extend(fresh)
        if not self._sharing:
            if len(self._waiting) < CHUNK or not _claim():
                return
            self._sharing = True
            self._loop = asyncio.get_running_loop()
        while len(self._waiting) >= CHUNK:
            chunk, self._waiting = self._waiting[:CHUNK], self._waiting[CHUNK:]
            for place, record in enumerate(chunk):
                self._chunk_of[id(record)] = (len(self._chunks), place)
            self._unsent.append(len(self._chunks))
            self._chunks.append(chunk)
        self._send()

    def _send(self, ahead: int = 4) -> None:
        """Chunks to the workers from the first, while fewer than `ahead` each are under way: while
        pages arrive, enough that a worker need not wait for the service to send the next (which
        waits for the event loop); once the service makes chunks itself, one each and one queued."""
        if self._pool is None:
            return
        executor, workers = self._pool
        while self._unsent and sum(not f.done() for f in self._sent.values()) < ahead * workers:
            number = self._unsent[0]
            try:
                future = executor.submit(make_all, self._make, self._chunks[number], self._user_id, self._zone)
            except BrokenProcessPool:  # a worker died while idle: the rest is made here
                self._broken()
                return
            self._unsent.popleft()
            self._sent[number] = future
            _in_flight.append(future)
            future.add_done_callback(self._came_back)

    def _came_back(self, _future: Future[list[Made]]) -> None:
        """In the pool's thread: the next chunk sent from the service's."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._send)
            except RuntimeError:  # the loop closed meanwhile: nothing is waiting for the rest
                pass

    async def make(self, records: Sequence[Any]) -> list[Made]:
        """Each of `records` made, in order: those in a chunk sent by its worker, the others here.
        Chunks of none of them (records the pull's cap dropped) are not made, or not waited for."""
        self.add(records)  # those of a source that does not tell its pages: shared now
        here = [r for r in records if id(r) not in self._chunk_of]
        made_here = iter(make_all(self._make, here, self._user_id, self._zone))
        needed = {where[0] for r in records if (where := self._chunk_of.get(id(r))) is not None}
        self._unsent = deque(number for number in self._unsent if number in needed)
        done: dict[int, list[Made]] = {}
        while self._unsent:
            number = self._unsent.pop()
            done[number] = make_all(self._make, self._chunks[number], self._user_id, self._zone)
            self._send(ahead=2)  # those that came back meanwhile: the workers take the next from the front
        for number, future in list(self._sent.items()):
            if number in needed:
                done[number] = await self._made_by_worker(self._chunks[number], future)
        out: list[Made] = []
        for record in records:
            where = self._chunk_of.get(id(record))
            out.append(next(made_here) if where is None else done[where[0]][where[1]])
        return out

    async def _made_by_worker(self, chunk: list[Any], future: Future[list[Made]]) -> list[Made]:
        try:
            # shielded: cancelling the request must not cancel the pool's future (see the class);
            # bounded: a worker killed while writing its answer leaves the pool reading it for good
            return _kept(await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), LOST_AFTER_S))
        except (BrokenProcessPool, TimeoutError):  # a worker died (killed, out of memory): its chunk made here
            self._broken()
            return make_all(self._make, chunk, self._user_id, self._zone)

    def _broken(self) -> None:
        if self._pool is not None:
            _replace(*self._pool)
            self._pool = None

    def close(self) -> None:
        self._unsent.clear()  # a request that ended early: its chunks are no worker's work
        self._pool = None
        if self._sharing:
            _release()
            self._sharing = False


_pool: tuple[ProcessPoolExecutor, int] | None = None  # and its number of workers
_sharing = False  # a batch holds the workers
_in_flight: list[Future[list[Made]]] = []  # chunks sent, some perhaps still under way (pruned in the event loop only)
_starting = threading.Lock()


def busy() -> bool:
    """Whether the workers hold a batch's chunks: a batch's, or those a closed batch had sent."""
    global _in_flight
    _in_flight = [f for f in _in_flight if not f.done()]
    return _sharing or bool(_in_flight)


def _claim() -> bool:
    """The workers for one batch, unless they are busy (a queue behind someone else's chunks would
    be slower than making one's own records)."""
    global _sharing
    if busy():
        return False
    _sharing = True
    return True


def _release() -> None:
    global _sharing
    _sharing = False


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
        _in_flight.clear()  # the old pool's: what is still under way there keeps no new worker busy
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
        candidate_keywords(candidate)  # what the load stage needs of each candidate, made with it: in a
        row_head(candidate, zone)  # worker, in parallel with the rest of the pull
        made.append((candidate, candidate.__dict__))
    return made


def _kept(made: list[Made]) -> list[Made]:
    """Candidates back from a worker, with what was worked out for them there again."""
    for one in made:
        if one is not None:
            one[0].__dict__.update(one[1])
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
