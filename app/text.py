"""Text hygiene at the boundary: what Postgres text and UTF-8 cannot hold never gets past here."""

from __future__ import annotations

import functools
import re

import zhconv.zhconv

# Traditional → Simplified from zhconv's zh-cn dictionary, its one-character entries only: a phrase
# entry may change the length (記憶體 → 内存), and with one character for one a span found in the
# converted text indexes the text as given (the time parser relies on it); no cue or time word
# needs a phrase entry. Full-width digits and letters, and the punctuation dates and clock times
# are written with (－ ～ ： ／ ．), are read as ASCII; the rest (，。？！（）) as it is.
_ASCII = {cp: cp - 0xFEE0 for cp in range(0xFF10, 0xFF5B) if chr(cp - 0xFEE0).isalnum()}
_ASCII |= {ord(c): ord(c) - 0xFEE0 for c in "－～：／．"}


@functools.cache
def _script_table() -> tuple[dict[int, int], re.Pattern[str]]:
    """Built on first use: loading zhconv's dictionary and the character class takes ~0.1 s, which
    a process that never reads Chinese (the CLI's `db`, the emulator) need not pay."""
    zhconv.zhconv.loaddict()
    zh_cn = zhconv.zhconv.zhcdicts["zh2Hans"] | zhconv.zhconv.zhcdicts["zh2CN"]
    # Beyond the BMP lie only rare ideographs, in no cue or time word; in the character class they
    # would make the check ten times slower (a Simplified text, the usual one, pays only the check).
    table = {ord(t): ord(s) for t, s in zh_cn.items() if len(t) == len(s) == 1 and t != s and ord(t) <= 0xFFFF}
    table |= _ASCII
    return table, re.compile("[" + "".join(re.escape(chr(cp)) for cp in sorted(table)) + "]")


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
    ASCII, so that every rule reads one script; same length, character for character."""
    table, convertible = _script_table()
    return text.translate(table) if convertible.search(text) else text
