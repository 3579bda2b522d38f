"""Slow and idle clients are cut off: the server `python -m app serve` runs (its uvicorn config)
on a real socket, with clients that send nothing, dribble their headers or dribble their body."""

from __future__ import annotations

import asyncio
import time

import pytest
import uvicorn

from app.server import server_config

READ_TIMEOUT_S = 0.5


async def echo_app(scope, receive, send) -> None:
    """Reads the whole body, answers its length."""
    if scope["type"] != "http":
        return
    size, more = 0, True
    while more:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        size += len(message.get("body", b""))
        more = message.get("more_body", False)
    body = str(size).encode()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


@pytest.fixture
async def server():
    config = server_config(echo_app, host="127.0.0.1", port=0, read_timeout_s=READ_TIMEOUT_S)
    config.lifespan = "off"
    srv = uvicorn.Server(config)
    task = asyncio.create_task(srv.serve())
    while not srv.started:
        await asyncio.sleep(0.01)
    yield srv.servers[0].sockets[0].getsockname()[1]
    srv.should_exit = True
    await task


async def _closed_after(reader: asyncio.StreamReader, limit_s: float) -> float:
    """Seconds until the server closes the connection (reading whatever it sends first)."""
    started = time.monotonic()
    async with asyncio.timeout(limit_s):
        try:
            while await reader.read(1024):
                pass
        except ConnectionResetError:
            pass  # closed with bytes of ours unread: a reset rather than an end of stream
    return time.monotonic() - started


async def _dribble(writer: asyncio.StreamWriter, data: bytes, every_s: float) -> None:
    try:
        for i in range(len(data)):
            writer.write(data[i:i + 1])
            await writer.drain()
            await asyncio.sleep(every_s)
    except ConnectionError:
        pass  # cut off, as intended


async def test_a_connection_that_sends_nothing_is_closed(server):
    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    assert await _closed_after(reader, 5) < READ_TIMEOUT_S + 1
    writer.close()


@pytest.mark.parametrize("part", ["headers", "body"])
async def test_many_dribbling_clients_are_all_cut_off_at_the_read_timeout(server, part):
    head = b"POST /x HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n"
    clients = [await asyncio.open_connection("127.0.0.1", server) for _ in range(50)]
    if part == "body":
        for _, writer in clients:
            writer.write(head)  # the headers at once, then the body a byte every 50 ms
    sent = head if part == "headers" else b"x" * 4000
    dribblers = [asyncio.create_task(_dribble(writer, sent, 0.05)) for _, writer in clients]
    waits = await asyncio.gather(*(_closed_after(reader, 10) for reader, _ in clients))
    for task in dribblers:
        task.cancel()
    await asyncio.gather(*dribblers, return_exceptions=True)
    for _, writer in clients:
        writer.close()
    assert max(waits) < READ_TIMEOUT_S + 1.5, f"held for up to {max(waits):.1f} s although bytes kept coming"


async def test_prompt_requests_are_served_and_keep_alive_works(server):
    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    for body in (b"hello", b"hello again"):
        writer.write(b"POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        assert head.startswith(b"HTTP/1.1 200")
        assert await asyncio.wait_for(reader.readexactly(len(str(len(body)))), 5) == str(len(body)).encode()
        await asyncio.sleep(READ_TIMEOUT_S * 1.5)  # idle between requests: the keep-alive timeout's business
    writer.close()
