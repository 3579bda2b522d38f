"""python -m app.emulator --port P [--latency-ms MS]: serve the demo dataset until interrupted."""

import argparse
import signal
import threading

from app.emulator import start_emulator
from app.emulator.server import DEFAULT_TOKENS


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m app.emulator")
    parser.add_argument("--port", type=int, default=8900)
    parser.add_argument("--latency-ms", type=float, default=0.0, help="added to every answer (an upstream far away)")
    args = parser.parse_args()
    emu = start_emulator(port=args.port, latency_s=args.latency_ms / 1000)
    print(f"emulator on {emu.url} (answers {args.latency_ms:g} ms late); tokens: {DEFAULT_TOKENS}", flush=True)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    stop.wait()
    emu.stop()


if __name__ == "__main__":
    main()
