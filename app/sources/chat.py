"""Portal chat (sources.md §2): sessions → messages, plus agent runs.

Messages can only be listed per session (they carry no user: a session listed for the user makes
them the user's), so a cold pull asks for every listed session's messages at once, in the same round
trip: the sessions and the agent runs (one page of 500 each, as a rule), then all the sessions'
messages (the upstream's pool, SOURCE_POOL_SIZE connections, bounds how many are in flight).
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, tzinfo
from functools import cached_property
from typing import Any, Literal

import msgspec

from app.candidate import Candidate
from app.contracts import ItemStatus
from app.normalize import Stated, build_candidate, estimate_importance
from app.sources.http import SourceCall, paginate, path_segment
from app.sources.wire import PathId, Pull, Pulled, RecordId, Text, advisory, newest, offset_time, read_pages
from app.text import clean_text

ANSWERED_WITHIN = timedelta(minutes=5)  # an assistant's reply follows the question within a minute or two


class _Session(msgspec.Struct, frozen=True):
    session_id: PathId  # never empty nor dots: `/v1/sessions//messages`, `/v1/sessions/../messages`


class ChatMessage(msgspec.Struct, frozen=True, kw_only=True, dict=True):
    """A user or assistant turn as the Portal sends it; only the fields read."""

    id: RecordId = msgspec.field(name="message_id")
    role: Literal["user", "assistant"]
    content: Text
    created_at: str  # read by offset_time (see `created`)

    def __post_init__(self) -> None:
        _ = self.created  # a message whose time cannot be read cannot be placed: unreadable

    @cached_property
    def created(self) -> datetime:
        return offset_time(self.created_at)


class AgentRun(msgspec.Struct, frozen=True, kw_only=True, dict=True):
    """An agent run as the Portal sends it; only the fields read."""

    id: RecordId = msgspec.field(name="run_id")
    task: str
    status: Literal["running", "succeeded", "failed", "cancelled"]
    started_at: str  # read by offset_time (see `started`)
    summary: object = None  # advisory

    def __post_init__(self) -> None:
        _ = self.started  # a run whose start cannot be read cannot be placed: unreadable

    @cached_property
    def started(self) -> datetime:
        return offset_time(self.started_at)


class Reply(msgspec.Struct, frozen=True, kw_only=True):
    """An assistant's message with the user's message it answers (the one just before it in its
    session): the answer is about what was asked, even where it repeats none of its words."""

    message: ChatMessage
    asked: str


ChatRecord = ChatMessage | AgentRun | Reply

_RUN_STATUS: dict[str, ItemStatus] = {
    "succeeded": "completed", "running": "planned", "failed": "unknown", "cancelled": "unknown",
}


def decode_message(record: Any) -> ChatMessage | None:
    if isinstance(record, dict) and record.get("role") == "tool":
        return None  # tool output is noise by design, not a malformed record
    return msgspec.convert(record, ChatMessage)


def decode_session(record: Any) -> _Session:
    return msgspec.convert(record, _Session)


def decode_run(record: Any) -> AgentRun:
    return msgspec.convert(record, AgentRun)


async def pull(req: Pull, http: SourceCall) -> Pulled[ChatRecord]:
    """Messages and agent runs of `req.user_id` in the window, the newest `req.cap` of them.

    Sessions are listed by activity overlap; their messages are filtered by time, never the
    session by created_at. Only sessions listed for this user are read (messages carry no user).
    """
    window = {"from": req.window[0].isoformat(), "to": req.window[1].isoformat()}
    uid = path_segment(req.user_id)
    listed, runs = await asyncio.gather(
        read_pages(paginate(http, f"{req.base_url}/v1/users/{uid}/sessions", "sessions",
                            params={"active_from": window["from"], "active_to": window["to"]}), decode_session),
        read_pages(paginate(http, f"{req.base_url}/v1/users/{uid}/agent-runs", "runs", params=window), decode_run,
                   req.on_page),
    )
    session_ids = list(dict.fromkeys(s.session_id for s in listed.records))
    sessions = await asyncio.gather(*(_session(req, sid, window, http) for sid in session_ids))
    # sessions that could not be read: skipped, their messages never asked for
    unread: Pulled[ChatRecord] = Pulled([], fetched=listed.skipped, skipped=listed.skipped, stopped=listed.stopped)
    return newest(Pulled.concat((unread, *sessions, runs)), req.cap, _when)


async def _session(req: Pull, session_id: str, window: dict[str, str], http: SourceCall) -> Pulled[ChatRecord]:
    pages = paginate(http, f"{req.base_url}/v1/sessions/{path_segment(session_id)}/messages", "messages", params=window)
    session = _with_questions(await read_pages(pages, decode_message))
    if req.on_page is not None:  # told once paired: a reply's record is the pair
        req.on_page(session.records)
    return session


def _when(record: ChatRecord) -> datetime:
    match record:
        case ChatMessage():
            return record.created
        case Reply():
            return record.message.created
        case AgentRun():
            return record.started


def _with_questions(session: Pulled[ChatMessage]) -> Pulled[ChatRecord]:
    """The messages of one session, each assistant reply paired with the question it answers."""
    records: list[ChatRecord] = []
    question: ChatMessage | None = None
    for message in sorted(session.records, key=lambda m: m.created):
        if message.role == "user":
            question = message
            records.append(message)
        elif question is not None and message.created - question.created <= ANSWERED_WITHIN:
            records.append(Reply(message=message, asked=question.content))
        else:
            records.append(message)
    return Pulled(records, session.fetched, session.skipped, stopped=session.stopped)


def to_candidate(record: ChatRecord, user_id: str, zone: tzinfo) -> Candidate:
    match record:
        case ChatMessage():
            return _message_candidate(record, user_id, zone)
        case Reply():
            return _message_candidate(record.message, user_id, zone, answers=record.asked)
        case AgentRun():
            return _run_candidate(record, user_id, zone)


def _message_candidate(message: ChatMessage, user_id: str, zone: tzinfo, answers: str = "") -> Candidate:
    return build_candidate(source="chat", ref=f"chat:message:{message.id}", user_id=user_id, role=message.role,
                           text=message.content, observed=message.created, zone=zone, happened_when_said=True,
                           answers=answers)


def _run_candidate(run: AgentRun, user_id: str, zone: tzinfo) -> Candidate:
    """An agent run: an event that happened at started_at."""
    summary = advisory(run.summary, str)
    text = f"{run.task}：{summary}" if summary else run.task
    status = _RUN_STATUS[run.status]
    # work the agent finished for the user counts a little more than a remark
    importance = estimate_importance(text, "event", ()) + (0.1 if status == "completed" else 0.0)
    # started_at is exact and the task is the run's own title: nothing about them is guessed
    stated = Stated(type="event", status=status, event_time=run.started, title=clean_text(run.task).strip()[:30], confidence=1.0)
    return build_candidate(source="chat", ref=f"chat:run:{run.id}", user_id=user_id, role="run", text=text,
                           observed=run.started, zone=zone, happened_when_said=True, stated=stated,
                           importance=min(1.0, importance))
