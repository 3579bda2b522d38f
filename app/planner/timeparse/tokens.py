"""What a rule hands the combinator: a token over a span of the text, built against the per-call
context (now, its zone, question or statement)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from app.planner.timeparse.ahead import lasting_at, looks_ahead


@dataclass(slots=True)
class Tok:
    kind: str  # day | part | clock | range | to | from | before | earlier | after | since | now | that | void | name
    s: int
    e: int
    day: date | None = None
    part: str | None = None
    hour: int | None = None
    minute: int | None = None
    start: datetime | None = None
    end: datetime | None = None
    grain: str = "day"
    bare_weekday: int | None = None  # 周X with no week qualifier
    bare_monthday: int | None = None  # D号 with no month qualifier
    dated: bool = False  # a calendar date (9月3日, 9/3): a weekday beside it only restates it
    yearless: bool = False  # a date or month with no year, read as the nearest: X到Y's end takes X's year


class Ctx:
    """Per-call context: now, its time zone and the question/statement flavour."""

    __slots__ = ("_future", "_text", "now", "stored", "today", "tz")

    def __init__(self, now: datetime, tz: ZoneInfo, stored: bool, text: str) -> None:
        self.now = now
        self.tz = tz
        self.today = now.date()
        self.stored = stored
        self._text = text
        self._future: bool | None = None

    @property
    def future(self) -> bool:
        """Whether the text looks ahead, read as a whole: a stored text's bare weekday or clock time asks."""
        if self._future is None:
            self._future = looks_ahead(self._text, self.stored)
        return self._future

    def future_at(self, pos: int) -> bool:
        """Whether the text looks ahead for a time word at `pos` (in a question reporting what was
        said, the words on its side of the verb of saying decide; in a stored text, not in a clause
        telling a state still lasting then)."""
        if self.stored:
            return self.future and not lasting_at(self._text, pos)
        return looks_ahead(self._text, False, pos)

    def at(self, d: date, hour: int = 0, minute: int = 0) -> datetime:
        if hour >= 24:
            d, hour = d + timedelta(days=hour // 24), hour % 24
        return datetime.combine(d, time(hour, minute), self.tz)

    def days(self, first: date, last_exclusive: date, grain: str = "day") -> tuple[datetime, datetime, str]:
        return self.at(first), self.at(last_exclusive), grain


def _day_tok(m: re.Match, d: date, **kw) -> Tok:
    return Tok("day", m.start(), m.end(), day=d, **kw)


def _void(m: re.Match) -> Tok:
    """Consumed but names no time (每天…, an impossible date like 2月30日, a decimal 24点5): nothing
    inside it or attached to it becomes an expression."""
    return Tok("void", m.start(), m.end())


def _name(m: re.Match) -> Tok:
    """A name or an idiom made of time characters (今日头条, 《明日之后》, 下午茶): nothing inside it
    is a time, and the words around it are read as they are."""
    return Tok("name", m.start(), m.end())


def _range_tok(m: re.Match, start: datetime, end: datetime, grain: str) -> Tok:
    return Tok("range", m.start(), m.end(), start=start, end=end, grain=grain)
