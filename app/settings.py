"""Typed settings read from the environment (see docs and ../shared/contracts/api.md)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import msgspec

from app.errors import ConfigError


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
    embeddings_url: str | None = None
    api_tokens: tuple[str, ...] = ()
    default_timezone: str = "Asia/Shanghai"
    source_timeout_s: float = 2.0
    request_deadline_s: float = 5.0
    source_record_cap: int = 5000
    cache_ttl_s: float = 60.0
    db_pool_size: int = 10
    db_pool_timeout_s: float = 2.0
    db_pooler: str = "none"  # "pgbouncer": a transaction-mode pooler sits between us and Postgres

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.default_timezone)


def _positive_float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a number") from None
    if value <= 0:
        raise ConfigError(f"{name}={raw!r} must be greater than 0")
    return value


def _positive_int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a whole number") from None
    if value <= 0:
        raise ConfigError(f"{name}={raw!r} must be greater than 0")
    return value


def _choice(env: Mapping[str, str], name: str, allowed: tuple[str, ...]) -> str:
    raw = (env.get(name) or allowed[0]).strip().lower()
    if raw not in allowed:
        raise ConfigError(f"{name}={raw!r} must be one of {', '.join(allowed)}")
    return raw


def _url(env: Mapping[str, str], name: str) -> str | None:
    raw = (env.get(name) or "").strip()
    if not raw:
        return None
    if not raw.startswith(("http://", "https://")):
        raise ConfigError(f"{name}={raw!r} must be an http:// or https:// URL")
    return raw.rstrip("/")


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Read settings; any bad value raises ConfigError with a one-line message."""
    env = os.environ if env is None else env
    database_url = (env.get("DATABASE_URL") or "").strip() or None
    if database_url and not database_url.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://")):
        raise ConfigError(f"DATABASE_URL must be a postgresql:// URL, got scheme {database_url.split(':')[0]!r}")
    tz = (env.get("DEFAULT_TIMEZONE") or "Asia/Shanghai").strip()
    try:
        ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(f"DEFAULT_TIMEZONE={tz!r} is not an IANA time zone name") from None
    tokens = tuple(t.strip() for t in (env.get("RECALL_API_TOKENS") or "").split(",") if t.strip())
    data_dir = Path(env["RECALL_DATA_DIR"]) if env.get("RECALL_DATA_DIR") else default_data_dir()
    if not data_dir.is_absolute():
        raise ConfigError(f"RECALL_DATA_DIR={str(data_dir)!r} must be an absolute path")
    return Settings(
        database_url=database_url,
        data_dir=data_dir,
        meinput_url=_url(env, "MEINPUT_URL"),
        meinput_token=env.get("MEINPUT_TOKEN") or None,
        chat_url=_url(env, "CHAT_URL"),
        chat_token=env.get("CHAT_TOKEN") or None,
        memory_url=_url(env, "MEMORY_URL"),
        memory_token=env.get("MEMORY_TOKEN") or None,
        embeddings_url=_url(env, "EMBEDDINGS_URL"),
        api_tokens=tokens,
        default_timezone=tz,
        source_timeout_s=_positive_float(env, "SOURCE_TIMEOUT_S", 2.0),
        request_deadline_s=_positive_float(env, "REQUEST_DEADLINE_S", 5.0),
        source_record_cap=_positive_int(env, "SOURCE_RECORD_CAP", 5000),
        cache_ttl_s=_positive_float(env, "CACHE_TTL_S", 60.0),
        db_pool_size=_positive_int(env, "DB_POOL_SIZE", 10),
        db_pool_timeout_s=_positive_float(env, "DB_POOL_TIMEOUT_S", 2.0),
        db_pooler=_choice(env, "DB_POOLER", ("none", "pgbouncer")),
    )
