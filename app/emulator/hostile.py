"""Upstreams that misbehave on purpose (test and bench only): a bare HTTP/1.1 server on 127.0.0.1
whose every answer is written by one `Answer` function, with ready-made ones for the faults the
service must survive (slow, gzip bomb, endless body, huge or deeply nested page, redirect, 503).

    async with HostileUpstream(slow(30, json_answer(EMPTY_CHAT))) as chat:
        env = {"CHAT_URL": chat.url, "CHAT_TOKEN": "any"}
"""

from __future__ import annotations

import asyncio
import functools
import json
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

Answer = Callable[[str, asyncio.StreamWriter], Awaitable[None]]  # (request path, where to write the response)

# a page every chat endpoint reads as empty (sessions, runs and messages all present)
EMPTY_CHAT = {"sessions": [], "runs": [], "messages": [], "next_cursor": None}


class HostileUpstream:
    def __init__(self, answer: Answer) -> None:
        self.answer = answer  # may be swapped while serving
        self.paths: list[str] = []  # every request's path and query, in arrival order
        self._handlers: set[asyncio.Task[None]] = set()
        self._server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        assert self._server is not None, "not started"
        host, port = self._server.sockets[0].getsockname()[:2]
        return f"http://{host}:{port}"

    async def __aenter__(self) -> HostileUpstream:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self

    async def __aexit__(self, *_: object) -> None:
        assert self._server is not None
        self._server.close()
        for handler in list(self._handlers):
            handler.cancel()
        await asyncio.gather(*self._handlers, return_exceptions=True)
        await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        handler = asyncio.current_task()
        assert handler is not None
        self._handlers.add(handler)
        try:
            while True:  # keep-alive: one request after another on this connection
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                length = next((int(v) for k, _, v in (h.partition(":") for h in lines[1:])
                               if k.strip().lower() == "content-length"), 0)
                await reader.readexactly(length)
                path = lines[0].split(" ")[1]
                self.paths.append(path)
                await self.answer(path, writer)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass  # the client went away, as the service does with an answer it gave up on
        except asyncio.CancelledError:
            pass  # stopped by __aexit__: the server is closing
        finally:
            self._handlers.discard(handler)
            writer.close()


def _head(status: int, headers: dict[str, str]) -> bytes:
    lines = [f"HTTP/1.1 {status} Hostile"] + [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def raw_answer(body: bytes, status: int = 200, headers: dict[str, str] | None = None) -> Answer:
    async def answer(_: str, writer: asyncio.StreamWriter) -> None:
        writer.write(_head(status, {"Content-Type": "application/json", "Content-Length": str(len(body)),
                                    **(headers or {})}) + body)

    return answer


def json_answer(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Answer:
    return raw_answer(json.dumps(body).encode(), status, headers)


def slow(seconds: float, then: Answer) -> Answer:
    """`then`, after `seconds` of silence."""
    async def answer(path: str, writer: asyncio.StreamWriter) -> None:
        await asyncio.sleep(seconds)
        await then(path, writer)

    return answer


def gzip_bomb(inflated_bytes: int) -> Answer:
    """A gzip body of zeros that inflates to `inflated_bytes` (about a thousandth of it). Building it
    takes a second or more, so it is built here, once per size, not while a request waits for it."""
    return raw_answer(_gzipped_zeros(inflated_bytes), headers={"Content-Encoding": "gzip"})


@functools.cache
def _gzipped_zeros(inflated_bytes: int) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    block = bytes(1024 * 1024)
    return b"".join(packer.compress(block) for _ in range(inflated_bytes // len(block))) + packer.flush()


def endless_body(chunk_bytes: int = 64 * 1024, pause_s: float = 0.001) -> Answer:
    """A chunked body that never ends (paced, so a reader with no cap fills up at a bounded rate)."""
    async def answer(_: str, writer: asyncio.StreamWriter) -> None:
        writer.write(_head(200, {"Content-Type": "application/json", "Transfer-Encoding": "chunked"}))
        writer.write(b"1\r\n[\r\n")
        chunk = b"%x\r\n" % chunk_bytes + b" " * chunk_bytes + b"\r\n"
        while True:
            writer.write(chunk)
            await writer.drain()
            await asyncio.sleep(pause_s)

    return answer


def large_page(total_bytes: int, key: str = "items") -> Answer:
    """A valid, empty page padded to `total_bytes`, written a mebibyte at a time."""
    start, end = f'{{"{key}": [], "next_cursor": null, "padding": "'.encode(), b'"}'
    block = b" " * (1024 * 1024)

    async def answer(_: str, writer: asyncio.StreamWriter) -> None:
        writer.write(_head(200, {"Content-Type": "application/json", "Content-Length": str(total_bytes)}) + start)
        left = total_bytes - len(start) - len(end)
        while left > 0:
            writer.write(block[: min(left, len(block))])
            left -= len(block)
            await writer.drain()
        writer.write(end)

    return answer
