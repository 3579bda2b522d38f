"""One error hierarchy for the service; the web layer maps each to problem+json."""

from __future__ import annotations


class RecallError(Exception):
    """Base of every error the service raises on purpose."""

    status_code = 500
    title = "Internal error"


class BadRequest(RecallError):
    """The caller sent something we cannot act on; the message says what to fix."""

    status_code = 400
    title = "Bad Request"


class ConfigError(RecallError):
    """A setting is missing or malformed; raised at start-up, one line."""

    title = "Configuration error"


class DatabaseUnavailable(RecallError):
    status_code = 503
    title = "Database unavailable"


class EmbeddingsUnavailable(RecallError):
    status_code = 503
    title = "Embeddings unavailable"


class SqlFileError(RecallError):
    """A file under sql/ is malformed (bad header, unknown or unused parameter)."""

    title = "SQL file error"
