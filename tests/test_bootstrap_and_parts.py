"""Start-up against an external database, the cache's memory budget, the HTTP embedder."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import httpx
import numpy as np
import pytest

from app.cache import NormalizedRecords, TimelineCache
from app.candidate import Candidate
from app.db import migrate
from app.db.bootstrap import prepare_database
from app.embed import HttpEmbedder
from app.errors import ConfigError
from app.settings import load_settings
from tests.conftest import create_database

TZ = ZoneInfo("Asia/Shanghai")


async def test_external_database_behind_head_is_refused_with_the_fix(embedded_pg):
    import asyncio

    url = await create_database("behind_head")
    with pytest.raises(ConfigError, match=r"at migration none, the service needs 0002: run `python -m app db upgrade`"):
        await asyncio.to_thread(prepare_database, load_settings({"DATABASE_URL": url}))
    await asyncio.to_thread(migrate.upgrade, url, "0001")
    with pytest.raises(ConfigError, match=r"at migration 0001, the service needs 0002"):
        await asyncio.to_thread(prepare_database, load_settings({"DATABASE_URL": url}))
    await asyncio.to_thread(migrate.upgrade, url)
    database = await asyncio.to_thread(prepare_database, load_settings({"DATABASE_URL": url}))
    assert database.embedded is None and database.url == url


def _cand(i: int, text: str, at: datetime) -> Candidate:
    return Candidate(source_ref=f"meinput:segment:{i}", gist=text, user_id="u", source="meinput", role="segment", type="mention",
                     status="mentioned", event_time=at, event_grain=None, observed_time=at, title=text[:30],
                     content=text, importance=0.5, confidence=0.9, source_quality=1.0)


def test_cache_evicts_least_recently_used_beyond_its_byte_budget():
    t0 = datetime(2026, 9, 1, tzinfo=TZ)
    window = (t0, t0 + timedelta(days=1))
    big = [_cand(i, "字" * 1000, t0 + timedelta(minutes=i)) for i in range(10)]  # ~73 KB with their COPY rows
    cache = TimelineCache(ttl_s=60, max_bytes=160_000)
    cache.put(("a",), window, big)
    cache.put(("b",), window, big)
    assert cache.get(("a",), window) is not None  # a is now the most recently used
    cache.put(("c",), window, big)  # over budget: b goes
    assert cache.get(("b",), window) is None
    assert cache.get(("a",), window) is not None and cache.get(("c",), window) is not None
    assert len(cache) == 2


def test_normalized_records_are_made_once_and_the_least_recently_used_go_beyond_the_budget():
    t0 = datetime(2026, 9, 1, tzinfo=TZ)
    made: list[int] = []
    now = [0.0]

    def make(i: int):
        def made_now():
            made.append(i)
            return _cand(i, "字" * 1000, t0)  # ~7 KB each
        return made_now

    records = NormalizedRecords(max_bytes=16_000, idle_s=600, clock=lambda: now[0])

    def get(key, make_one, key_bytes=0):  # known, else made and kept
        found = records.known(key)
        if found is None:
            found = make_one()
            records.keep(key, found, key_bytes)
        return found

    first = get(("r", 1), make(1))
    assert get(("r", 1), make(1)) is first and made == [1]
    get(("r", 2), make(2))
    get(("r", 1), make(1))  # 1 is now the most recently used
    get(("r", 3), make(3))  # over budget: 2 goes
    assert len(records) == 2 and get(("r", 1), make(1)) is first
    made.clear()
    get(("r", 2), make(2))
    assert made == [2], "what went is made again"
    get(("r", 4), make(4), key_bytes=8_000)  # its record's own bytes count too: all else goes
    assert len(records) == 1

    now[0] = 601.0  # not asked for in ten minutes (deleted upstream, say): not kept
    made.clear()
    get(("r", 4), make(4))
    assert made == [4]


def test_cache_serves_a_window_inside_a_cached_one_in_the_order_put():
    t0 = datetime(2026, 9, 1, tzinfo=TZ)
    minutes = [30, 5, 50, 5, 20, 59]  # not in time order, one time twice
    cands = [_cand(i, f"记录{i}", t0 + timedelta(minutes=m)) for i, m in enumerate(minutes)]
    cache = TimelineCache(ttl_s=60)
    cache.put(("a",), (t0, t0 + timedelta(hours=1)), cands)
    for lo, hi in [(0, 60), (5, 30), (6, 59), (5, 6), (51, 59), (0, 1)]:
        got = cache.get(("a",), (t0 + timedelta(minutes=lo), t0 + timedelta(minutes=hi)))
        assert got == [c for c, m in zip(cands, minutes, strict=True) if lo <= m < hi], (lo, hi)


def test_cache_expires_after_ttl():
    now = [0.0]
    cache = TimelineCache(ttl_s=60, clock=lambda: now[0])
    t0 = datetime(2026, 9, 1, tzinfo=TZ)
    cache.put(("a",), (t0, t0 + timedelta(days=1)), [_cand(1, "x", t0)])
    now[0] = 59.9
    assert cache.get(("a",), (t0, t0 + timedelta(hours=1))) is not None
    now[0] = 60.0
    assert cache.get(("a",), (t0, t0 + timedelta(hours=1))) is None


async def test_http_embedder_speaks_the_openai_shape():
    def handler(request: httpx.Request) -> httpx.Response:
        import json

        body = json.loads(request.content)
        assert request.url.path == "/v1/embeddings" and body["input"] == ["甲", "乙"]
        assert body["model"] == "e5-small" and request.headers["authorization"] == "Bearer sk-test"
        return httpx.Response(200, json={"data": [{"index": 1, "embedding": [0.0, 1.0]},
                                                  {"index": 0, "embedding": [1.0, 0.0]}]})

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        embedder = HttpEmbedder(client, "http://embed", model="e5-small", token="sk-test", dim=2)
        vectors = await embedder.embed(["甲", "乙"])
        again = await embedder.embed(["乙", "甲", "乙"])  # cached: the handler would reject this input
    assert vectors.dtype == np.float32 and vectors.tolist() == [[1.0, 0.0], [0.0, 1.0]]
    assert again.tolist() == [[0.0, 1.0], [1.0, 0.0], [0.0, 1.0]]


async def test_http_embedder_cache_keeps_what_one_call_reads_and_the_most_recently_used():
    asked: list[list[str]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        texts = json.loads(request.content)["input"]
        asked.append(texts)
        return httpx.Response(200, json={"data": [{"index": i, "embedding": [float(len(t)), 1.0]}
                                                  for i, t in enumerate(texts)]})

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        embedder = HttpEmbedder(client, "http://embed", dim=2, cache_size=2)
        await embedder.embed(["a", "bb"])
        assert (await embedder.embed(["a", "ccc"])).tolist() == [[1.0, 1.0], [3.0, 1.0]], "a is read, then trimmed"
        await embedder.embed(["a"])  # a used last: bb is the one to go
        await embedder.embed(["dddd"])
        await embedder.embed(["a"])
    assert asked == [["a", "bb"], ["ccc"], ["dddd"]]


async def test_http_embeddings_of_another_dimension_are_refused():
    from app.errors import EmbeddingsUnavailable

    answer = {"data": [{"index": 0, "embedding": [0.1] * 384}]}
    async with httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(200, json=answer))) as client:
        with pytest.raises(EmbeddingsUnavailable, match="ValueError"):
            await HttpEmbedder(client, "http://embed", dim=128).embed(["甲"])


async def test_http_embedder_failure_is_a_clear_503_error():
    from app.errors import EmbeddingsUnavailable

    async with httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(502))) as client:
        with pytest.raises(EmbeddingsUnavailable, match="embeddings endpoint failed") as err:
            await HttpEmbedder(client, "http://embed").embed(["甲"])
    assert err.value.status_code == 503


def _loop_vector(text: str, dim: int) -> list[float]:
    """The hashing embedder as one loop per character (what HashingEmbedder computes in numpy), in
    single precision as pgvector keeps it."""
    from app.embed import _GOLDEN, _LATIN, hash_str, normalize_text

    vec = [0.0] * dim
    norm = normalize_text(text)
    for word in _LATIN.findall(norm):
        h = hash_str(word)
        vec[h % dim] += 2.0 if (h >> 20) & 1 else -2.0
    prev = 0
    for ch in _LATIN.sub(" ", norm):
        o = ord(ch)
        if o == 32:
            prev = 0
            continue
        h = (o * _GOLDEN) & 0xFFFFFFFF
        vec[h % dim] += 1.0 if (h >> 20) & 1 else -1.0
        if prev:
            h = ((prev * 131 + o) * _GOLDEN) & 0xFFFFFFFF
            vec[h % dim] += 1.5 if (h >> 20) & 1 else -1.5
        prev = o
    length = sum(v * v for v in vec) ** 0.5 or 1.0
    return np.array([v / length for v in vec], dtype=np.float32).tolist()


async def test_hashing_embedder_in_numpy_is_the_per_character_loop_bit_for_bit():
    from app.embed import HashingEmbedder

    texts = ["明天下午三点和张总签合同", "", "  ", "Review the Q4 plan 周会", "\x00开\x00会", "🎉生日快乐🎂", "签合同",
             "明天下午三点和张总签合同", "ＭｅＩｎｐｕｔ 二零二六年", "a b", "会"]
    embedder = HashingEmbedder(dim=64, cache_size=4)
    first = await embedder.embed(texts)
    assert first.dtype == np.float32 and first.tolist() == [_loop_vector(t, 64) for t in texts]
    assert (await embedder.embed(texts[::-1])).tolist() == first[::-1].tolist()  # some cached, some hashed again
    assert embedder.vector("会").tolist() == _loop_vector("会", 64)
    assert (await embedder.embed([])).shape == (0, 64)


def test_the_explain_printout_keeps_its_columns_whatever_the_stage_and_lists_the_changes():
    from app.contracts import ChangedItem, Explain, ExplainStep
    from app.render import explain_text

    steps = [ExplainStep(stage="load", statement="copy", sql="COPY recall_candidates", rows=2000, ms=12.5),
             ExplainStep(stage="lifecycle", statement="apply_changes", sql="UPDATE recall_candidates p\nSET …",
                         rows=3, ms=1.25)]
    text = explain_text(Explain(steps=steps, dedupe_plan="Hash Join", total_ms=40.0,
                                changes=[ChangedItem(item="meinput:segment:1", changed_by="meinput:segment:2",
                                                     kind="moved")]))
    load, lifecycle = (line for line in text.splitlines() if " rows " in line)
    assert load.index(" rows ") == lifecycle.index(" rows "), text
    assert "apply_changes" in lifecycle and lifecycle.endswith("UPDATE recall_candidates p")
    assert "meinput:segment:1 moved by meinput:segment:2" in text
