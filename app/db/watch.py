"""Keep the embedded server this process started running: when its postmaster dies (killed, OOM,
a crash), start it again, with a bounded back-off and a log line for each step. The engine's pool
recovers by itself once the server is back (pool_pre_ping); until then requests answer 503."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from app.db import migrate
from app.db.embedded import EmbeddedPostgres

log = logging.getLogger("app.db.watch")

CHECK_EVERY_S = 1.0
REAP_POLL_S = 0.2  # init reaps a killed postmaster within a few seconds
FIRST_RETRY_S = 0.5


class EmbeddedWatch:
    def __init__(self, embedded: EmbeddedPostgres, backoff_max_s: float,
                 on_restart: Callable[[], None] | None = None) -> None:
        self.embedded = embedded
        self.backoff_max_s = backoff_max_s
        self.on_restart = on_restart  # told of each server brought back (the restarts metric)
        self._task: asyncio.Task | None = None
        self._restart: asyncio.Future | None = None  # a restart under way in a worker thread

    async def start(self) -> None:
        self._task = asyncio.create_task(self._watch(), name="embedded-postgres-watch")

    async def stop(self) -> None:
        """Stop watching; a restart under way is let finish, so that the server it starts is the
        one the process stops on its way out."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        if self._restart is not None:
            await asyncio.gather(self._restart, return_exceptions=True)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(CHECK_EVERY_S)
            if not self.embedded.is_running():
                await self._bring_back()

    async def _bring_back(self) -> None:
        lost_at = time.monotonic()
        log.warning("embedded postgres in %s is gone; starting it again", self.embedded.data_dir)
        delay = FIRST_RETRY_S
        while True:
            if not self.embedded.reaped():
                await asyncio.sleep(REAP_POLL_S)
                continue
            self._restart = asyncio.ensure_future(asyncio.to_thread(self._restart_and_migrate))
            try:
                await asyncio.shield(self._restart)
            except Exception as exc:  # any failure to start is retried: the next try may succeed
                log.warning("embedded postgres did not start (%s); next try in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.backoff_max_s)
                continue
            log.warning("embedded postgres is back (pid %s), %.1f s after it was found gone",
                        self.embedded.pid, time.monotonic() - lost_at)
            if self.on_restart is not None:
                self.on_restart()
            return

    def _restart_and_migrate(self) -> None:
        # a data dir emptied underneath is initialised afresh by the restart: bring it to head again
        migrate.upgrade(self.embedded.restart())
