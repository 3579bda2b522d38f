"""A circuit breaker per upstream: after `failures` transient failures in a row the source fails
fast for `open_s` seconds (no upstream call), then one probe goes through; its outcome closes the
circuit or opens it again. Calls made while the probe is under way wait for its outcome (a source
often asks twice at once: chat's sessions and agent runs)."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from typing import Literal

from app.sources.http import SourceCircuitOpen

BreakerState = Literal["closed", "open", "half_open"]


class CircuitBreaker:
    def __init__(self, failures: int, open_s: float) -> None:
        self.failures = failures
        self.open_s = open_s
        self._in_a_row = 0
        self._last_failure = ""
        self._open_until: float | None = None  # set while open or half-open
        self._probing = False
        self._verdict = asyncio.Event()  # set when a probe's outcome is known

    @property
    def state(self) -> BreakerState:
        if self._open_until is None:
            return "closed"
        return "open" if time.monotonic() < self._open_until else "half_open"

    async def admit(self, deadline: float) -> None:
        """Let one upstream call through, or raise SourceCircuitOpen (at the latest at `deadline`,
        a time.monotonic() value, when a probe's outcome is still unknown)."""
        while True:
            state = self.state
            if state == "closed":
                return
            opened = f"circuit open after {self._in_a_row} failures (last: {self._last_failure})"
            if state == "open":
                retry_at = datetime.now(UTC) + timedelta(seconds=self._open_until - time.monotonic())
                raise SourceCircuitOpen(f"{opened}; retrying at {retry_at.isoformat(timespec='seconds')}")
            if not self._probing:
                self._probing = True  # this call is the probe
                self._verdict = asyncio.Event()
                return
            try:
                async with asyncio.timeout(deadline - time.monotonic()):
                    await self._verdict.wait()
            except TimeoutError:
                raise SourceCircuitOpen(f"{opened}; a probe request is under way") from None

    def withdraw(self) -> None:
        """An admitted call never reached the upstream: a probe's turn passes to the next call."""
        self._decided()

    def succeeded(self) -> None:
        self._in_a_row = 0
        self._open_until = None
        self._decided()

    def failed(self, reason: str) -> None:
        self._in_a_row += 1
        self._last_failure = reason
        if self._probing or self._in_a_row >= self.failures:
            self._open_until = time.monotonic() + self.open_s
        self._decided()

    def _decided(self) -> None:
        self._probing = False
        self._verdict.set()
