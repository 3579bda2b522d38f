"""CPU-bound source work that must not outlive its request: a generator run in a child process
that is killed at the source's deadline.

Expanding a calendar's recurrences is pure Python that can step for minutes inside one library
call (dateutil walking from a DTSTART decades back, or to the year 9999 for a rule that never
occurs). In a worker thread it could not be stopped: after its request had given up it kept a
core busy and its memory growing, and every new request started another. A process can be
killed. Children are forked by multiprocessing's fork server (one clean, single-threaded process
with the source modules already imported), never from the service itself, whose threads and event
loop a fork would copy mid-flight.

The generator yields `Pulled` chunks (e.g. one per calendar UID), sent every SEND_EVERY_S, so what
was done by the deadline is kept (`Pulled.stopped`: the fetch stage reports it
`partial`). Each chunk is also made under a CPU slice (SIGPROF, `OutOfTime`) which the generator
catches to drop that one chunk, so one bad item costs itself and not the items after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import multiprocessing.forkserver
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from multiprocessing.connection import Connection
from typing import Any

from app.sources.http import SourceError, SourceTimeout
from app.sources.wire import Pulled

# imported once by the fork server, not by every child (importing icalendar takes ~100 ms). A child
# of a process started as a script (not `-m`) runs that script's imports again: keep such mains light
PRELOAD = ["app.sources.preload"]
CONTEXT = multiprocessing.get_context("forkserver")  # also app/sources/spare_core.py's workers
SEND_EVERY_S = 0.05  # a child sends what it has made at most this often

Guard = Callable[[], contextlib.AbstractContextManager[None]]


class OutOfTime(BaseException):
    """A chunk used up its CPU slice. A BaseException: a library's `except Exception` must not swallow it."""


_ready = False  # the fork server has finished importing PRELOAD


def start() -> None:
    """The fork server, running and done with its imports (idempotent). `ensure_running` returns
    before the server has imported PRELOAD, and the first child's start waited for that (the import
    cost bench/calendar_cost.py prints) with the event loop blocked, inside the first calendar pull's
    budget: one child started and joined here takes that wait instead."""
    global _ready
    CONTEXT.set_forkserver_preload(PRELOAD)
    multiprocessing.forkserver.ensure_running()
    if not _ready:
        first = CONTEXT.Process(target=_nothing, daemon=True)
        first.start()
        first.join(30)  # a fork server that cannot start a child in 30 s: the pulls will say so
        if first.exitcode is None:
            first.kill()
            first.join()
        first.close()
        _ready = True


def _nothing() -> None:
    pass


async def run(produce: Callable[..., Iterator[Pulled[Any]]], args: tuple[Any, ...], *, deadline: float,
              slice_s: float) -> Pulled[Any]:
    """`produce(*args, guard=…)`'s chunks added up, in a child process; whatever it has not sent by
    `deadline` (a time.monotonic() value) is given up and the child killed before this returns."""
    start()
    ours, theirs = CONTEXT.Pipe(duplex=False)
    child = CONTEXT.Process(target=_child, args=(theirs, produce, args, slice_s), daemon=True)
    received: list[Pulled[Any]] = []
    try:
        child.start()
        theirs.close()
        while (chunk := await _receive(ours, deadline)) is not None:
            if isinstance(chunk, SourceError):
                raise chunk
            received.append(chunk)
    except SourceTimeout as exc:
        return replace(Pulled.concat(received), stopped=exc)
    except EOFError:  # the child died (killed from outside, out of memory): keep what it sent
        return replace(Pulled.concat(received), stopped=SourceError("the expansion stopped unexpectedly"))
    finally:
        # also when our caller stops waiting (cancelled): nothing may keep running for a request gone
        if child.pid is not None:
            child.kill()
            child.join()
            child.close()
        ours.close()
        theirs.close()
    return Pulled.concat(received)


async def _receive(conn: Connection, deadline: float) -> Any:
    """The next message, waiting on the pipe without a thread (no executor thread held per pull)."""
    loop = asyncio.get_running_loop()
    while True:
        if time.monotonic() >= deadline:
            raise SourceTimeout("the expansion ran out of time")
        if conn.poll():
            return conn.recv()
        ready: asyncio.Future[None] = loop.create_future()
        loop.add_reader(conn.fileno(), _wake, ready)
        try:
            await asyncio.wait({ready}, timeout=deadline - time.monotonic())
        finally:
            loop.remove_reader(conn.fileno())


def _wake(ready: asyncio.Future[None]) -> None:
    if not ready.done():  # the pipe may stay readable for another turn of the loop
        ready.set_result(None)


def _child(conn: Connection, produce: Callable[..., Iterator[Pulled[Any]]], args: tuple[Any, ...],
           slice_s: float) -> None:
    signal.signal(signal.SIGPROF, _out_of_time)

    @contextlib.contextmanager
    def cpu_slice() -> Iterator[None]:
        signal.setitimer(signal.ITIMER_PROF, slice_s)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)

    batch: list[Pulled[Any]] = []
    sent = time.monotonic()
    try:
        for chunk in produce(*args, guard=cpu_slice):
            batch.append(chunk)
            # a message per chunk cost a 1,000-UID feed ~40% more; a kill loses at most this much work
            if time.monotonic() - sent >= SEND_EVERY_S:
                conn.send(Pulled.concat(batch))
                batch, sent = [], time.monotonic()
    except SourceError as exc:
        conn.send(exc)
    conn.send(Pulled.concat(batch))
    conn.send(None)


def _out_of_time(signum: int, frame: object) -> None:
    raise OutOfTime
