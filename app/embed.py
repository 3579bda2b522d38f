"""Text embeddings and keyword sets for similarity (RFC §9 dedupe, §7 semantic_match).

The default embedder needs no model download and is deterministic: hashed character unigrams
and bigrams (Latin words whole), signed, L2-normalized, fixed dimension. Anything with the same
`embed` method (a real model, an OpenAI-compatible /v1/embeddings endpoint) can replace it.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache
from typing import Protocol

import httpx
import numpy as np
from pgvector import SparseVector

from app.candidate import Candidate
from app.errors import EmbeddingsUnavailable
from app.keywords import keywords

DIM = 128
_CN_DIGITS = str.maketrans("零〇一二两三四五六七八九", "001223456789")
_LATIN = re.compile(r"[a-z_][a-z0-9_]*")
_SKIP = re.compile(r"[\s，。、；：？！,.;:?!\"'“”‘’（）()《》【】\[\]…~\-—]+")
_GOLDEN = 2654435761


def normalize_text(text: str) -> str:
    """Lower-case, Chinese digits as Arabic (三点 ≈ 3点), punctuation removed."""
    return _SKIP.sub(" ", text.lower().translate(_CN_DIGITS)).strip()


KEYWORD_DIM = 1 << 20


class _EncodedSparseVector(SparseVector):
    """A sparse vector that keeps its binary form: the COPY of a cached text reuses it."""

    def __init__(self, slots: dict[int, float], dim: int) -> None:
        super().__init__(slots, dim)
        self._binary = super().to_binary()

    def to_binary(self) -> bytes:
        return self._binary


# a keyword set as a 0/1 sparse vector, its size, and its head words (those not inside another of
# them: 护士 is inside 护士长, and two records sharing 护士长 share one word, not two; None: no words)
Keywords = tuple[SparseVector, int, SparseVector | None]
_KEYWORDS = "_keywords"  # the key of a candidate's keywords in its __dict__


def candidate_keywords(candidate: Candidate) -> Keywords:
    """The keywords of a candidate's gist and people, taken once per candidate (kept with it)."""
    known = candidate.__dict__.get(_KEYWORDS)
    if known is None:
        known = candidate.__dict__[_KEYWORDS] = keyword_sets(candidate.gist, candidate.participants)
    return known


@lru_cache(maxsize=65536)
def keyword_sets(text: str, people: tuple[str, ...] = ()) -> Keywords:
    """The keyword set of `text` (and the people it names: who is part of what) as a 0/1 sparse
    vector, its size and its head words. The inner product of two such vectors is the size of their
    intersection (hash collisions in 2^20 slots are negligible), so pgvector computes RFC §9 keyword
    overlap in C. Cached: follow-up queries reload the same texts."""
    slot = {w: hash_str(w) % KEYWORD_DIM for w in {*keywords(text), *people}}
    # a word is inside another one when it occurs twice among them all (NUL is in no word: the
    # segmenter splits at it and app.text.clean_text drops it from names, so no occurrence spans
    # two): one scan in C instead of every pair compared
    every = "\0".join(slot)
    heads = {slot[w]: 1.0 for w in slot if every.count(w) == 1}
    slots = dict.fromkeys(slot.values(), 1.0)
    return (_EncodedSparseVector(slots, KEYWORD_DIM), len(slots),
            _EncodedSparseVector(heads, KEYWORD_DIM) if heads else None)


def keyword_vector(text: str) -> tuple[SparseVector, int]:
    """The keyword set of `text` as a 0/1 sparse vector and its size (keyword_sets)."""
    vector, size, _heads = keyword_sets(text)
    return vector, size


class Embedder(Protocol):
    """Embeds texts: one float32 row of `dim` per text, in order (EMBEDDING_DTYPE; pgvector keeps
    single precision, so nothing finer is worth holding)."""

    dim: int

    async def embed(self, texts: list[str]) -> np.ndarray: ...


EMBEDDING_DTYPE = np.float32


class _RowCache:
    """Embeddings by text, the least recently used dropped beyond `size`."""

    def __init__(self, size: int) -> None:
        self._rows: OrderedDict[str, np.ndarray] = OrderedDict()
        self._size = size

    def __contains__(self, text: str) -> bool:
        return text in self._rows

    def read(self, texts: list[str], fresh: dict[str, np.ndarray], dim: int) -> np.ndarray:
        """Each text's row, from `fresh` (just embedded, kept now) or the cache; read before the cache
        is trimmed, as a text of this call may be the oldest."""
        rows = []
        for text in texts:
            vec = fresh.get(text)
            if vec is None:
                vec = self._rows[text]
                self._rows.move_to_end(text)
            rows.append(vec)
        self.keep(fresh.items())
        return np.stack(rows) if rows else np.empty((0, dim), EMBEDDING_DTYPE)

    def keep(self, pairs: Iterable[tuple[str, np.ndarray]]) -> None:
        # each row copied: a view would hold its whole batch while any one row is cached
        self._rows.update((text, row.copy()) for text, row in pairs)
        while len(self._rows) > self._size:
            self._rows.popitem(last=False)


class HashingEmbedder:
    """Deterministic character n-gram hashing, cached by text. The texts of one call that are not
    cached are hashed together in numpy (one pass over all their characters, not a Python loop per
    character); every weight is a multiple of 0.5, so the sums are exact and the vectors are those of
    the per-character loop, bit for bit (in single precision)."""

    def __init__(self, dim: int = DIM, cache_size: int = 50_000) -> None:
        self.dim = dim
        self._cache = _RowCache(cache_size)

    def vector(self, text: str) -> np.ndarray:
        return self._vectors([text])[0]

    async def embed(self, texts: list[str]) -> np.ndarray:
        return self._vectors(texts)

    def _vectors(self, texts: list[str]) -> np.ndarray:
        cache = self._cache
        unique = dict.fromkeys(texts)
        missing = [t for t in unique if t not in cache]
        hashed = _hash_vectors(missing, self.dim) if missing else None
        if hashed is None or len(missing) < len(unique):
            return cache.read(texts, dict(zip(missing, hashed, strict=True)) if missing else {}, self.dim)
        cache.keep(zip(missing, hashed, strict=True))  # a new user's texts: none cached
        return hashed if len(unique) == len(texts) else hashed[_places(unique, texts)]


def _places(unique: dict[str, None], texts: list[str]) -> list[int]:
    """Where each of `texts` is among `unique` (its texts, each once, in order)."""
    place = {t: i for i, t in enumerate(unique)}
    return [place[t] for t in texts]


def _hash_vectors(texts: list[str], dim: int) -> np.ndarray:
    """Latin words whole (±2), CJK characters (±1) and adjacent pairs of them (±1.5), each hashed to
    a slot and a sign; L2-normalized."""
    sums = np.zeros((len(texts), dim))
    rows, chunks = [], []
    for row, text in enumerate(texts):
        norm = normalize_text(text)
        for word in _LATIN.findall(norm):
            h = hash_str(word)
            sums[row, h % dim] += 2.0 if (h >> 20) & 1 else -2.0
        chunks.append(_LATIN.sub(" ", norm))
        rows.append(len(chunks[-1]) + 1)
    # every text's characters in one array, each text followed by a space (a space ends a pair)
    codes = np.frombuffer(" ".join(chunks).encode("utf-32-le") + b" \0\0\0", dtype="<u4").astype(np.uint64)
    owner = np.repeat(np.arange(len(texts)), rows)
    prev = np.concatenate((np.zeros(1, np.uint64), codes[:-1]))
    char = codes != 32
    pair = char & (prev != 32) & (prev != 0)
    for weight, keep, key in ((1.0, char, codes), (1.5, pair, prev * 131 + codes)):
        h = (key[keep] * _GOLDEN) & 0xFFFFFFFF
        slots = owner[keep] * dim + (h % dim).astype(np.intp)
        sums += np.bincount(slots, np.where((h >> 20) & 1, weight, -weight), sums.size).reshape(sums.shape)
    length = np.sqrt((sums * sums).sum(axis=1))
    length[length == 0] = 1.0
    return (sums / length[:, None]).astype(EMBEDDING_DTYPE)


@lru_cache(maxsize=65536)  # the same words come back in record after record
def hash_str(word: str) -> int:
    h = 2166136261
    for ch in word:
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return h


class HttpEmbedder:
    """An OpenAI-compatible `/v1/embeddings` endpoint (EMBEDDINGS_URL); identical texts are asked once."""

    def __init__(self, client: httpx.AsyncClient, base_url: str, model: str = "default", dim: int = DIM,
                 token: str | None = None, timeout_s: float = 5.0, cache_size: int = 50_000) -> None:
        self.client, self.base_url, self.model, self.dim = client, base_url, model, dim
        self._headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._timeout_s = timeout_s
        self._cache = _RowCache(cache_size)

    async def embed(self, texts: list[str]) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        fresh = dict(zip(missing, await self._request(missing), strict=True)) if missing else {}
        return self._cache.read(texts, fresh, self.dim)

    async def _request(self, texts: list[str]) -> np.ndarray:
        try:
            resp = await self.client.post(f"{self.base_url}/v1/embeddings", json={"model": self.model, "input": texts},
                                          headers=self._headers, timeout=self._timeout_s)
            resp.raise_for_status()
            rows = sorted(resp.json()["data"], key=lambda r: r["index"])
            if len(rows) != len(texts):
                raise ValueError("wrong number of embeddings")
            if any(len(row["embedding"]) != self.dim for row in rows):
                raise ValueError(f"embeddings are not of dimension {self.dim} (EMBEDDINGS_DIM)")
            return np.array([row["embedding"] for row in rows], dtype=EMBEDDING_DTYPE)
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
            raise EmbeddingsUnavailable(f"the embeddings endpoint failed ({type(exc).__name__}); retry shortly") from None
