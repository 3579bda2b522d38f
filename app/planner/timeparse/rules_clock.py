"""Rules for the time of day: parts of the day, midnight, clock times (三点半, 8点1刻, 15:30,
2:30 PM) and the decimals that look like them (24点5度, 零点五). Priority is the order of the
RULES table (rules.py)."""

from __future__ import annotations

import re

from app.planner.timeparse.lexicon import cn_number
from app.planner.timeparse.tokens import Tok, _void

_CN_HOUR = "[零一二两三四五六七八九十]{1,3}"

# -- parts of day and clock times
# 晚 and 早 alone are 晚上 and 早上 right before a clock time (晚8点, 早九点半), but not before 一点
# (晚一点 is a little later) nor in 最晚8点 (at the latest)
PART_OF_DAY_RE = (r"凌晨|上午|中午|下午|晚上|晚间|早上|早晨|傍晚|夜里|夜间|半夜|清晨"
                  r"|(?<![最太很])[早晚](?=(?:\d{1,2}|[二两三四五六七八九十][零一二三四五六七八九十]{0,2})(?:点|时|:))")
_SHORT_PART = {"晚": "晚上", "早": "早上"}


def part_of_day(m, ctx):
    return Tok("part", m.start(), m.end(), part=_SHORT_PART.get(m.group(0), m.group(0)))


# the midnight that ends the day named (明天午夜), or the coming one
MIDNIGHT_RE = r"午夜"


def midnight(m, ctx):
    return Tok("clock", m.start(), m.end(), hour=24, grain="hour")


# 2pm, 2:30 PM, 9am; 12am is 00:00 and 12pm noon
AM_PM_RE = r"(?<![\d:A-Za-z])(?P<h>1[0-2]|0?[1-9])(?::(?P<mi>[0-5]\d))?\s?(?P<ap>[AaPp])\.?[Mm]\.?(?![A-Za-z])"


def am_pm(m, ctx):
    hour = int(m["h"]) % 12 + (12 if m["ap"] in "Pp" else 0)
    minute = None if m["mi"] is None else int(m["mi"])
    return Tok("clock", m.start(), m.end(), hour=hour, minute=minute, grain="hour" if minute is None else "minute")


# only a whole token: 35:37 is no time of day, and 135:37 holds none; seconds are read and dropped
COLON_CLOCK_RE = r"(?<![\d:.])(?P<h>[01]?\d|2[0-4]):(?P<mi>[0-5]\d)(?::[0-5]\d)?(?![\d:])"


def colon_clock(m, ctx):
    if m["h"] == "24" and m["mi"] != "00":
        return _void(m)  # 24:22, a score: no time of day
    return Tok("clock", m.start(), m.end(), hour=int(m["h"]), minute=int(m["mi"]), grain="minute")


# 「三点建议」「两点要求」: N点 counting points, not a clock time; 「一点都不」「一点儿」: a degree (but
# 「10点儿子放学」「三点儿见」 are clock times: 儿 makes a degree of 一点 only)
_POINTS_NOUN = re.compile(r"建议|意见|内容|要求|原因|注意|看法|想法|理由|问题|结论|共识|方面|部分|东西|心得|体会|[条点都也]")
# 24点5度, 3点5倍: a number with a unit after it
_UNIT_AFTER = re.compile(r"[度元块米斤克倍%万亿]")
# 一点 is one o'clock only after a time word, a preposition or a person (明天一点, 下午一点, 等到一点,
# 我们一点见) or at the start; after any other word it is "a little" (早一点, 多运动一点, 便宜一点)
_BEFORE_ONE_OCLOCK = "天日午上下夜晨号末在到等约于从至是左右们我你他她一二三四五六七八九十概成为改定"
_QUARTERS = {"一": 15, "1": 15, "两": 30, "二": 30, "2": 30, "三": 45, "3": 45}

CLOCK_RE = (
    rf"(?P<h>\d{{1,2}}|{_CN_HOUR})(?:点|时(?![间候期代刻]))(?:钟)?"
    r"(?:(?P<half>半)|(?P<q>[一两二三123])刻|(?P<approx>几)|整"
    r"|(?P<mi>\d{1,2}|[零一二三四五六七八九十]{1,3})(?:(?P<fen>分)(?:(?:\d{1,2}|[零一二三四五六七八九十]{1,3})秒)?)?)?"
)


def _a_little(text: str, start: int, end: int) -> bool:
    """Whether the 一点 at text[start:end] means "a little"."""
    if text.startswith(("儿", "小", "点"), end):
        return True  # 一点儿, 一点小事, 一点点
    prev = text[start - 1] if start else ""
    if not ("\u4e00" <= prev <= "\u9fff"):
        return False  # the start, a space, a digit or punctuation: 一点开会
    if prev in "早晚":  # 今晚一点 is a time; 晚一点 a little later
        return text[start - 2 : start - 1] not in ("今", "明", "昨")
    return prev not in _BEFORE_ONE_OCLOCK


def clock(m, ctx):
    h = cn_number(m["h"])
    if h > 24 or m["approx"]:  # 25点; 3点几: a rough number, no time
        return _void(m)
    prev = m.string[m.start() - 1 : m.start()] if m.start() else ""
    if m["mi"] is None and not m["half"] and not m["q"] and "点" in m.group(0) and (
            _POINTS_NOUN.match(m.string, m.end()) or (prev and prev in "快慢多少好大小有差再些这那第重外充")
            or (m["h"] == "一" and not m.group(0).endswith("钟") and _a_little(m.string, m.start(), m.end()))):
        return None  # 快一点, 有一点, 三点建议, 另外两点, 早一点, 注意一点, 一点小事
    minute = None
    if m["half"]:
        minute = 30
    elif m["q"]:
        minute = _QUARTERS[m["q"]]
    elif m["mi"] is not None:
        # 零点五, 24点5度: one digit after 点 with no 分, or a unit after it, is a decimal number
        if (not m["fen"] and len(m["mi"]) == 1 and m["mi"] != "十") or _UNIT_AFTER.match(m.string, m.end()):
            return _void(m)
        minute = cn_number(m["mi"])
        if minute > 59:
            return _void(m)
    return Tok("clock", m.start(), m.end(), hour=h, minute=minute, grain="hour" if minute is None else "minute")


# 早上五到六点, 9~12点半: a unit written once covers both ends, so X's bare number is an hour
_TO_CLOCK = re.compile(r"\s*[-~—到至]\s*")
_CLOCK = re.compile(CLOCK_RE)
BARE_HOUR_RE = (
    rf"(?<![\d.:/])(?P<h>\d{{1,2}}|{_CN_HOUR})"
    rf"(?=\s*[-~—到至]\s*(?:\d{{1,2}}|{_CN_HOUR})(?:点|时(?![间候期代刻])))"
)


def bare_hour(m, ctx):
    h = cn_number(m["h"])
    y = _CLOCK.match(m.string, _TO_CLOCK.match(m.string, m.end()).end())
    end = clock(y, ctx) if y else None
    if h > 24 or end is None or end.kind != "clock":
        return None  # Y is no clock time after all (一到两点建议)
    return Tok("clock", m.start(), m.end(), hour=h, grain="hour")
