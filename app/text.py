"""Text hygiene at the boundary: what Postgres text and UTF-8 cannot hold never gets past here."""

from __future__ import annotations

import zhconv

# Full-width ASCII forms (１２月３號, ＭｅＩｎｐｕｔ, ：) as their ASCII selves; one character each.
_HALF_WIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def clean_text(text: str) -> str:
    """Drop NUL characters (Postgres text cannot store them) and replace lone surrogates (not
    encodable as UTF-8) with U+FFFD; everything else, any Unicode, is kept as is."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text)
    return text


def clean_terms(values: list[str]) -> list[str]:
    """Caller-given terms (topics, snapshot projects) as SQL can match them: no NUL and no blank
    term (an empty string is found in every item)."""
    return [t for t in (clean_text(v).strip() for v in values) if t]


def simplified(text: str) -> str:
    """Traditional characters as Simplified (下週三 → 下周三, 說過 → 说过) and full-width ASCII as
    ASCII, so that every rule reads one script. zhconv converts by a dictionary, ~10 µs a sentence;
    a few phrases change length (e.g. 記憶體 → 内存), so spans found in the result index the result."""
    return zhconv.convert(text.translate(_HALF_WIDTH), "zh-cn")
