"""Text hygiene at the boundary: what Postgres text and UTF-8 cannot hold never gets past here."""

from __future__ import annotations


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
