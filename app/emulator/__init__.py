"""Upstream emulator (test and demo only): see server.py and dataset.py."""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass

import uvicorn

from app.emulator.dataset import Dataset, build_dataset
from app.emulator.server import EmulatorState, create_emulator_app


@dataclass
class RunningEmulator:
    url: str
    state: EmulatorState
    _server: uvicorn.Server
    _thread: threading.Thread

    def env(self, sources: tuple[str, ...] = ("meinput", "chat", "memory", "calendar")) -> dict[str, str]:
        """The service's environment variables pointing the given sources at this emulator."""
        names = {"meinput": "MEINPUT", "chat": "CHAT", "memory": "MEMORY", "calendar": "CALENDAR"}
        out: dict[str, str] = {}
        for source in sources:
            out[f"{names[source]}_URL"] = f"{self.url}/calendar/{{user_id}}.ics" if source == "calendar" else self.url
            out[f"{names[source]}_TOKEN"] = self.state.tokens[source]
        return out

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(10)


def start_emulator(dataset: Dataset | None = None, port: int = 0, latency_s: float = 0.0) -> RunningEmulator:
    """Serve the emulator on 127.0.0.1 from a background thread (port 0 = any free port), every
    answer `latency_s` late."""
    state = EmulatorState(dataset=dataset or build_dataset(), latency_s=latency_s)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # accepted connections inherit it: without, every answer on a kept-alive connection also waited
    # for the client's delayed ACK (Nagle), so bench/cold_path.py's "30 ms late" was much later
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(("127.0.0.1", port))
    server = uvicorn.Server(uvicorn.Config(create_emulator_app(state), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="emulator")
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("emulator did not start")
        time.sleep(0.01)
    host, bound = sock.getsockname()
    return RunningEmulator(url=f"http://{host}:{bound}", state=state, _server=server, _thread=thread)
