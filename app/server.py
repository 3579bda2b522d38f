"""How `python -m app serve` runs uvicorn: bound to what it is given (127.0.0.1 by default), and a
client that is slow to send its request is cut off.

uvicorn 0.54 times out only an idle keep-alive connection (`timeout_keep_alive`, after a
response): a connection that never finishes its headers or dribbles its body one byte at a time is
held for as long as the client likes (300 such connections were all still open after 30 s).
`TimedH11Protocol` gives every request `RECALL_READ_TIMEOUT_S` from its first byte (a new
connection: from the moment it is accepted) to its last, and closes the connection when it runs out.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger("app.server")

KEEP_ALIVE_S = 5  # an idle connection between requests (uvicorn's default, said out loud)
MAX_HEAD_BYTES = 16 * 1024  # request line and headers; more is uvicorn's 400


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for receiving each whole request."""

    def __init__(self, *args: Any, read_timeout_s: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read_timeout_s = read_timeout_s
        self._read_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._receiving():
            if self._read_timer is None:
                self._arm()  # the first bytes of the next request on a kept-alive connection
        else:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _receiving(self) -> bool:
        """Whether a request has begun (or the connection is new) and not all of it has come."""
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing()

    def _arm(self) -> None:
        self._read_timer = self.loop.call_later(self.read_timeout_s, self._timed_out)

    def _disarm(self) -> None:
        if self._read_timer is not None:
            self._read_timer.cancel()
            self._read_timer = None

    def _timed_out(self) -> None:
        self._read_timer = None
        if self._receiving():
            log.info("closed a connection whose request did not arrive within %.1f s", self.read_timeout_s)
            self.transport.close()  # a handler waiting for the rest of a body sees a disconnect


def server_config(app: Any, *, host: str, port: int, read_timeout_s: float,
                  shutdown_grace_s: float | None = None) -> uvicorn.Config:
    """On SIGTERM uvicorn closes its listening socket at once (no new connections, so a load
    balancer's check fails), closes idle connections, lets requests in flight finish and answer
    with `Connection: close`, and cancels what is still running after `shutdown_grace_s`."""
    return uvicorn.Config(app, host=host, port=port, log_level="warning",
                          http=functools.partial(TimedH11Protocol, read_timeout_s=read_timeout_s),  # type: ignore[arg-type]
                          timeout_keep_alive=KEEP_ALIVE_S, h11_max_incomplete_event_size=MAX_HEAD_BYTES,
                          timeout_graceful_shutdown=shutdown_grace_s)
