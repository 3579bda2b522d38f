"""Every upstream the fetch stage reads, and what it needs to know to read one."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import tzinfo
from typing import Any, Generic

from app.candidate import Candidate
from app.contracts import SourceName
from app.sources import calendar, chat, meinput, memory
from app.sources.http import SourceCall
from app.sources.wire import Pull, Pulled, R


@dataclass(frozen=True, slots=True)
class Source(Generic[R]):
    name: SourceName
    url_setting: str  # the Settings field holding its base URL
    token_setting: str  # the Settings field holding its bearer token
    optional: bool  # without a URL an optional source is simply absent; any other reports `skipped`
    searches: bool  # its answer depends on the plan's topics, so they are part of its cache key
    by_event_time: bool  # its window is of event times (a calendar's instances), not of observed times
    pull: Callable[[Pull, SourceCall], Awaitable[Pulled[R]]]  # (what, its upstream for this request)
    to_candidate: Callable[[R, str, tzinfo], Candidate]  # (record, user_id, zone)


SOURCES: tuple[Source[Any], ...] = (
    Source(name="meinput", url_setting="meinput_url", token_setting="meinput_token", optional=False,
           searches=False, by_event_time=False, pull=meinput.pull, to_candidate=meinput.to_candidate),
    Source(name="chat", url_setting="chat_url", token_setting="chat_token", optional=False,
           searches=False, by_event_time=False, pull=chat.pull, to_candidate=chat.to_candidate),
    Source(name="memory_v2", url_setting="memory_url", token_setting="memory_token", optional=True,
           searches=True, by_event_time=False, pull=memory.pull, to_candidate=memory.to_candidate),
    # v0.2 (sources.md §4): like Memory V2, absent unless configured
    Source(name="calendar", url_setting="calendar_url", token_setting="calendar_token", optional=True,
           searches=False, by_event_time=True, pull=calendar.pull, to_candidate=calendar.to_candidate),
)
