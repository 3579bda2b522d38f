"""Typed settings read from the environment (see docs/operations.md and ../shared/contracts/api.md).

Every variable is one row of `VARIABLES`: its name, the Settings field it fills and the parser
that checks it. Defaults live only on `Settings`; an unset or blank variable keeps its default.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import msgspec

from app.errors import ConfigError
from app.planner.clock import DEFAULT_ZONE


def default_data_dir() -> Path:
    # Outside any home directory: the embedded server's wheel opens every parent folder to all users.
    return Path(tempfile.gettempdir()) / "memind-recall" / "pgdata"


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    database_url: str | None = None
    data_dir: Path = msgspec.field(default_factory=default_data_dir)
    meinput_url: str | None = None
    meinput_token: str | None = None
    chat_url: str | None = None
    chat_token: str | None = None
    memory_url: str | None = None
    memory_token: str | None = None
    # Calendar (sources.md §4): the feed URL, `{user_id}` in it or appended as /{user_id}.ics
    calendar_url: str | None = None
    calendar_token: str | None = None
    embeddings_url: str | None = None
    embeddings_model: str = "default"
    embeddings_token: str | None = None
    embeddings_dim: int = 128  # what the endpoint returns; the built-in hashing embedder's too
    embeddings_timeout_s: float = 5.0  # one batch; a CPU model embedding a cold user's records needs more
    api_tokens: tuple[tuple[str, str], ...] = ()  # (name, token) of each service token
    default_timezone: str = DEFAULT_ZONE
    source_timeout_s: float = 2.0
    request_deadline_s: float = 5.0
    source_record_cap: int = 5000
    # processes normalizing part of a big pull (app/sources/spare_core.py): one per spare core
    normalize_workers: int = msgspec.field(default_factory=lambda: min(3, _cpus() - 1))
    cache_ttl_s: float = 60.0
    db_pool_size: int = 10
    db_pool_timeout_s: float | None = None  # unset: a request waits as long as its deadline allows
    db_pooler: Literal["none", "pgbouncer"] = "none"  # pgbouncer: a transaction-mode pooler sits in between
    log_level: Literal["INFO", "DEBUG"] = "INFO"  # DEBUG adds query texts to the logs
    db_health_timeout_s: float = 1.0  # /healthz and /readyz: connect + queries, on a connection of their own
    db_restart_backoff_max_s: float = 8.0  # longest pause between tries to restart a dead embedded server
    # upstream limits (docs/operations.md "Upstream limits")
    source_pool_size: int = 64  # connections (and requests in flight) per upstream
    source_max_response_bytes: int = 8 * 1024 * 1024  # decoded bytes of one answer
    source_max_bytes: int = 32 * 1024 * 1024  # decoded bytes of one source in one request
    source_retries: int = 2  # retries of one upstream call after a 429, 5xx or failed connection
    source_breaker_failures: int = 5  # consecutive failures that open a source's circuit
    source_breaker_open_s: float = 5.0  # how long it stays open before one probe goes through
    # authentication and abuse limits (docs/operations.md "Authentication")
    jwt_secret: str | None = None  # HS256 key of end-user JWTs
    jwks_file: Path | None = None  # public keys (RS256/ES256) of end-user JWTs, instead of the secret
    jwt_issuer: str | None = None  # required `iss` when set
    jwt_audience: str | None = None  # required `aud` when set
    jwt_user_claim: str = "sub"  # the claim naming the token's user
    log_key: str | None = None  # HMAC key of user hashes in logs; unset: a random one per process
    rate_limit: tuple[int, float] | None = None  # (requests, per seconds) per caller; unset: no limit
    read_timeout_s: float = 10.0  # a client's time to send a whole request (headers and body)
    # observability and shutdown (docs/operations.md "Metrics", "Tracing", "Stopping")
    metrics_access: Literal["loopback", "service", "open", "off"] = "loopback"  # who may GET /metrics
    metrics_addr: tuple[str, int] | None = None  # a listener of its own for /metrics instead of the service port
    otel_endpoint: str | None = None  # set: traces go to this OTLP/HTTP collector; unset: no tracing at all
    shutdown_grace_s: float = 10.0  # after SIGTERM, how long requests in flight may take before they are cut

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.default_timezone)


# ---------------------------------------------------------------- parsers: (variable, raw) → value


def _positive(kind: type[int] | type[float]) -> Callable[[str, str], Any]:
    what = "a whole number" if kind is int else "a number"

    def parse(name: str, raw: str) -> Any:
        try:
            value = kind(raw)
        except ValueError:
            raise ConfigError(f"{name}={raw!r} is not {what}") from None
        if value <= 0:
            raise ConfigError(f"{name}={raw!r} must be greater than 0")
        return value

    return parse


def _cpus() -> int:
    """The CPUs this process may run on (its affinity; a cgroup CPU quota is not seen: set
    NORMALIZE_WORKERS in such a container)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _count(name: str, raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a whole number") from None
    if value < 0:
        raise ConfigError(f"{name}={raw!r} must be 0 or more")
    return value


def _one_of(*allowed: str, upper: bool = False) -> Callable[[str, str], str]:
    def parse(name: str, raw: str) -> str:
        value = raw.strip().upper() if upper else raw.strip().lower()
        if value not in allowed:
            raise ConfigError(f"{name}={raw!r} must be one of {', '.join(allowed)}")
        return value

    return parse


def _url(name: str, raw: str) -> str:
    raw = raw.strip()
    if not raw.startswith(("http://", "https://")):
        raise ConfigError(f"{name}={raw!r} must be an http:// or https:// URL")
    return raw.rstrip("/")


def _database_url(name: str, raw: str) -> str:
    raw = raw.strip()
    if not raw.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://")):
        raise ConfigError(f"{name} must be a postgresql:// URL, got scheme {raw.split(':')[0]!r}")
    return raw


def _absolute_path(name: str, raw: str) -> Path:
    path = Path(raw)
    if not path.is_absolute():
        raise ConfigError(f"{name}={raw!r} must be an absolute path")
    return path


def _zone_name(name: str, raw: str) -> str:
    raw = raw.strip()
    try:
        ZoneInfo(raw)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ConfigError(f"{name}={raw!r} is not an IANA time zone name") from None
    return raw


def _secret(name: str, raw: str) -> str:
    return raw


_TOKEN_NAME = re.compile(r"[A-Za-z0-9._-]{1,64}")


def _named_tokens(name: str, raw: str) -> tuple[tuple[str, str], ...]:
    """`name:token` entries, comma-separated; a plain `token` (the older form) is named `token<N>`
    after its position."""
    out: list[tuple[str, str]] = []
    for n, entry in enumerate((e.strip() for e in raw.split(",") if e.strip()), 1):
        token_name, sep, token = entry.partition(":")
        if not sep:
            token_name, token = f"token{n}", entry
        if not _TOKEN_NAME.fullmatch(token_name) or not token.strip():
            raise ConfigError(f"{name}: entry {n} must be `name:token` with a name of letters, digits, . _ -")
        out.append((token_name, token.strip()))
    for what, values in (("names", [t[0] for t in out]), ("tokens", [t[1] for t in out])):
        if len(set(values)) != len(values):
            raise ConfigError(f"{name}: two entries have the same {what[:-1]}; {what} must be unique")
    return tuple(out)


def _long_secret(minimum: int) -> Callable[[str, str], str]:
    def parse(name: str, raw: str) -> str:
        if len(raw.encode()) < minimum:
            raise ConfigError(f"{name} must be at least {minimum} bytes long")
        return raw

    return parse


_PER = {"second": 1.0, "minute": 60.0, "hour": 3600.0}


def _rate(name: str, raw: str) -> tuple[int, float]:
    count, _, unit = raw.strip().partition("/")
    if not count.strip().isdigit() or int(count) <= 0 or unit.strip().lower() not in _PER:
        raise ConfigError(f"{name}={raw!r} must be like 120/minute (requests per second, minute or hour)")
    return int(count), _PER[unit.strip().lower()]


def _host_port(name: str, raw: str) -> tuple[str, int]:
    host, sep, port = raw.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"{name}={raw!r} must be host:port, e.g. 127.0.0.1:9464")
    return host.strip("[]"), int(port)


VARIABLES: tuple[tuple[str, str, Callable[[str, str], Any]], ...] = (
    ("DATABASE_URL", "database_url", _database_url),
    ("RECALL_DATA_DIR", "data_dir", _absolute_path),
    ("MEINPUT_URL", "meinput_url", _url),
    ("MEINPUT_TOKEN", "meinput_token", _secret),
    ("CHAT_URL", "chat_url", _url),
    ("CHAT_TOKEN", "chat_token", _secret),
    ("MEMORY_URL", "memory_url", _url),
    ("MEMORY_TOKEN", "memory_token", _secret),
    ("CALENDAR_URL", "calendar_url", _url),
    ("CALENDAR_TOKEN", "calendar_token", _secret),
    ("EMBEDDINGS_URL", "embeddings_url", _url),
    ("EMBEDDINGS_MODEL", "embeddings_model", _secret),
    ("EMBEDDINGS_TOKEN", "embeddings_token", _secret),
    ("EMBEDDINGS_DIM", "embeddings_dim", _positive(int)),
    ("EMBEDDINGS_TIMEOUT_S", "embeddings_timeout_s", _positive(float)),
    ("RECALL_API_TOKENS", "api_tokens", _named_tokens),
    ("DEFAULT_TIMEZONE", "default_timezone", _zone_name),
    ("SOURCE_TIMEOUT_S", "source_timeout_s", _positive(float)),
    ("REQUEST_DEADLINE_S", "request_deadline_s", _positive(float)),
    ("SOURCE_RECORD_CAP", "source_record_cap", _positive(int)),
    ("NORMALIZE_WORKERS", "normalize_workers", _count),
    ("CACHE_TTL_S", "cache_ttl_s", _positive(float)),
    ("DB_POOL_SIZE", "db_pool_size", _positive(int)),
    ("DB_POOL_TIMEOUT_S", "db_pool_timeout_s", _positive(float)),
    ("DB_POOLER", "db_pooler", _one_of("none", "pgbouncer")),
    ("RECALL_LOG_LEVEL", "log_level", _one_of("INFO", "DEBUG", upper=True)),
    # database resilience
    ("DB_HEALTH_TIMEOUT_S", "db_health_timeout_s", _positive(float)),
    ("DB_RESTART_BACKOFF_MAX_S", "db_restart_backoff_max_s", _positive(float)),
    # upstream limits
    ("SOURCE_POOL_SIZE", "source_pool_size", _positive(int)),
    ("SOURCE_MAX_RESPONSE_BYTES", "source_max_response_bytes", _positive(int)),
    ("SOURCE_MAX_BYTES", "source_max_bytes", _positive(int)),
    ("SOURCE_RETRIES", "source_retries", _count),
    ("SOURCE_BREAKER_FAILURES", "source_breaker_failures", _positive(int)),
    ("SOURCE_BREAKER_OPEN_S", "source_breaker_open_s", _positive(float)),
    # authentication and abuse limits (RECALL_API_TOKENS is above)
    ("RECALL_JWT_SECRET", "jwt_secret", _long_secret(32)),  # RFC 7518 §3.2: an HS256 key of 256 bits or more
    ("RECALL_JWKS_FILE", "jwks_file", _absolute_path),
    ("RECALL_JWT_ISSUER", "jwt_issuer", _secret),
    ("RECALL_JWT_AUDIENCE", "jwt_audience", _secret),
    ("RECALL_JWT_USER_CLAIM", "jwt_user_claim", _secret),
    ("RECALL_LOG_KEY", "log_key", _long_secret(16)),
    ("RECALL_RATE_LIMIT", "rate_limit", _rate),
    ("RECALL_READ_TIMEOUT_S", "read_timeout_s", _positive(float)),
    # observability and shutdown (the OTel SDK reads its other OTEL_* variables itself)
    ("RECALL_METRICS", "metrics_access", _one_of("loopback", "service", "open", "off")),
    ("RECALL_METRICS_ADDR", "metrics_addr", _host_port),
    ("OTEL_EXPORTER_OTLP_ENDPOINT", "otel_endpoint", _url),
    ("RECALL_SHUTDOWN_GRACE_S", "shutdown_grace_s", _positive(float)),
)


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Read settings; any bad value raises ConfigError with a one-line message."""
    env = os.environ if env is None else env
    values = {field: parse(name, env[name]) for name, field, parse in VARIABLES if (env.get(name) or "").strip()}
    return Settings(**values)
