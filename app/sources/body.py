"""An upstream's answer read within bounds and decoded.

Bytes are counted as they are decoded: a small gzip body can inflate a thousandfold, so it is
inflated in steps and reading stops at the first byte over the cap (or at the deadline), never
after the whole answer sits in memory. JSON is decoded by msgspec, whose parser stops at Python's
recursion limit instead of overflowing the stack.
"""

from __future__ import annotations

import asyncio
import re
import time
import zlib
from collections.abc import Iterator
from typing import Any

import httpx
import msgspec

from app.sources.http import SourceCall, SourceError, SourceTimeout

INFLATE_STEP = 256 * 1024  # most decoded bytes made from compressed input at once
# what the client asks for; anything else is refused rather than decoded without a bound
ACCEPT_ENCODING = "gzip, deflate"

_JSON = msgspec.json.Decoder(float_hook=float)  # 1e400 reads as inf, as json.loads would: one odd number never sinks a page
# an escaped backslash (kept), a surrogate pair (kept), or a lone surrogate escape (replaced)
_SURROGATE_ESCAPE = re.compile(rb"\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _inflate(decoder: Any, data: bytes) -> Iterator[bytes]:
    while True:
        out = decoder.decompress(data, INFLATE_STEP)
        if out:
            yield out
        data = decoder.unconsumed_tail
        if not data and len(out) < INFLATE_STEP:
            return


async def read_body(resp: httpx.Response, call: SourceCall, max_response_bytes: int) -> bytes:
    """The decoded body; SourceError once it passes `max_response_bytes` or the bytes the request
    has left for this source (`call.bytes_left`, decreased as it is read)."""
    encoding = resp.headers.get("content-encoding", "identity").strip().lower()
    if encoding in ("gzip", "x-gzip", "deflate"):
        decoder = zlib.decompressobj(zlib.MAX_WBITS | 32)  # | 32: a gzip or a zlib header
    elif encoding in ("identity", ""):
        decoder = None
    else:
        raise SourceError(f"upstream sent an unsupported content encoding ({encoding[:40]})")
    parts: list[bytes] = []
    size = 0
    async for raw in resp.aiter_raw():
        try:
            for piece in _inflate(decoder, raw) if decoder is not None else (raw,):
                size += len(piece)
                call.bytes_left -= len(piece)
                if size > max_response_bytes or call.bytes_left < 0:
                    parts.clear()  # now: the error's traceback keeps this frame alive until a garbage collection
                    raise SourceError(f"answer larger than {max_response_bytes} bytes" if size > max_response_bytes
                                      else f"answers larger than {call.upstream.limits.max_source_bytes} bytes in all")
                parts.append(piece)
                if decoder is not None:
                    await asyncio.sleep(0)  # a small chunk can inflate for long: other requests run between steps
        except zlib.error:
            raise SourceError(f"upstream sent a body that is not valid {encoding}") from None
        if time.monotonic() > call.deadline:
            parts.clear()
            raise SourceTimeout("upstream did not finish its answer in time")
    if decoder is not None and not decoder.eof:
        raise SourceError(f"upstream sent a {encoding} body that was cut short")
    return b"".join(parts)


def decode_json(body: bytes) -> Any:
    try:
        return _decode(body)
    except msgspec.DecodeError:
        pass
    # msgspec refuses a lone surrogate escape (\ud800) that json.loads takes; texts may hold any
    # Unicode (sources.md), so such an escape becomes U+FFFD and the page is still read
    try:
        return _decode(_SURROGATE_ESCAPE.sub(lambda m: b"\\ufffd" if len(m[0]) == 6 else m[0], body))
    except msgspec.DecodeError:
        raise SourceError("upstream sent a body that is not JSON") from None


def _decode(body: bytes) -> Any:
    try:
        return _JSON.decode(body)
    except RecursionError:
        raise SourceError("upstream answer is nested too deeply") from None
