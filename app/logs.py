"""Structured JSON logs: one line per event, with the request id of the request being served.

Personal data stays out at INFO: users appear as a short keyed hash (RECALL_LOG_KEY), query and
record texts only at DEBUG. Every line also names the caller (a service token's name, never the
token).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time
from contextvars import ContextVar

request_id: ContextVar[str] = ContextVar("request_id", default="-")
caller_name: ContextVar[str] = ContextVar("caller", default="-")


class UserHash:
    """A user id as the logs show it: HMAC-SHA256 under RECALL_LOG_KEY, so that a guessable id
    cannot be found by hashing candidates. Without a key, one drawn per process: lines of one
    process still correlate, across restarts and replicas they do not."""

    def __init__(self, key: str | None) -> None:
        self._key = key.encode() if key else secrets.token_bytes(32)

    def __call__(self, user_id: str) -> str:
        return hmac.new(self._key, user_id.encode(), hashlib.sha256).hexdigest()[:16]


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "request_id": request_id.get(),
            "caller": caller_name.get(),
            "msg": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line.update(fields)
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info).splitlines()[-1]
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(level: int = logging.INFO) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.getLogger("app").setLevel(level)
