"""Traditional script and full width, read as Simplified and ASCII one character for one character,
so that a span found in the converted text indexes the text as given.

The characters come from zhconv's zh-cn dictionary (the converter app.text uses), its one-character
entries only: a phrase entry may change the length (記憶體 → 内存) and no time word needs one.
"""

from __future__ import annotations

import re

import zhconv.zhconv

zhconv.zhconv.loaddict()
_ZH_CN = zhconv.zhconv.zhcdicts["zh2Hans"] | zhconv.zhconv.zhcdicts["zh2CN"]
# Beyond the BMP lie only rare ideographs, in no time word; in the character class below they would
# make the check ten times slower (a Simplified text, what the router passes, pays only the check).
_SIMPLIFIED = {ord(t): ord(s) for t, s in _ZH_CN.items() if len(t) == len(s) == 1 and t != s and ord(t) <= 0xFFFF}
# full-width digits and letters, and the punctuation dates and clock times are written with
# (－ ～ ： ／ ．); the rest (，。？！（）) is read as it is
_ASCII = {cp: cp - 0xFEE0 for cp in range(0xFF10, 0xFF5B) if chr(cp - 0xFEE0).isalnum()}
_ASCII |= {ord(c): ord(c) - 0xFEE0 for c in "－～：／．"}
_TABLE = _SIMPLIFIED | _ASCII
_CONVERTIBLE = re.compile("[" + "".join(re.escape(chr(cp)) for cp in sorted(_TABLE)) + "]")


def as_simplified(text: str) -> str:
    """`text` with Traditional characters as Simplified and full-width ASCII as ASCII; same length."""
    return text.translate(_TABLE) if _CONVERTIBLE.search(text) else text
