"""Who is calling, for which user, and how often: the service's access control.

Two kinds of credential, both `Authorization: Bearer …`:

- a service token from RECALL_API_TOKENS: a trusted runtime that acts for any user; each token has
  a name, and the logs carry that name (never the token);
- an end-user JWT (RECALL_JWT_SECRET for HS256, or RECALL_JWKS_FILE for RS256/ES256): it may only
  name its own user, the one in RECALL_JWT_USER_CLAIM.

With neither configured, auth is off and every caller acts for any user (development only).
`access_control` is the one entry point: an ASGI middleware that authenticates every request
before anything reads its body, applies the per-caller rate limit and leaves the `Caller` in
`request.user`; a handler then calls `caller.act_for(user_id)`. Every refusal is `AccessDenied`
(400, 401, 403 or 429), which the web layer turns into problem+json.
"""

from __future__ import annotations

import hmac
import json
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import jwt
from litestar.types import ASGIApp, Receive, Scope, Send

from app.errors import ConfigError, RecallError
from app.logs import UserHash, caller_name
from app.settings import Settings

log = logging.getLogger("app.auth")

LEEWAY_S = 30  # clock skew tolerated on exp, nbf and iat
PROBES = ("/healthz", "/readyz")  # answer without credentials, with a status and nothing else
# reached without credentials too; who may read it is the metrics setting's business (app.web)
METRICS_PATH = "/metrics"
JWKS_ALGORITHMS = ("RS256", "ES256")
CHALLENGE = 'Bearer realm="memind-recall"'


class AccessDenied(RecallError):
    """A request refused by access control: 400 (credentials sent ambiguously), 401 (who are you?),
    403 (not your timeline) or 429 (too many requests); `headers` go on the response
    (WWW-Authenticate, Retry-After)."""

    def __init__(self, status: Literal[400, 401, 403, 429], detail: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status_code = status
        self.title = {400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 429: "Too Many Requests"}[status]
        self.headers = headers or {}


Role = Literal["service", "user", "probe"]


@dataclass(frozen=True, slots=True)
class Caller:
    """Who sent a request. `service`: acts for any user (a service token, or anyone while auth is
    off); `user`: an end-user token, only for `user_id`; `probe`: no credentials on /healthz,
    /readyz (shown whether the service is up and nothing more) or /metrics."""

    name: str  # in every log line of the request: a token's name, "user:<hash>", "anonymous"
    role: Role
    user_id: str | None = None

    @property
    def sees_details(self) -> bool:
        return self.role != "probe"

    def act_for(self, user_id: str | None) -> None:
        """Raise AccessDenied unless this caller may read `user_id`'s timeline (None: no user named)."""
        if self.role == "service" or (self.role == "user" and user_id in (None, self.user_id)):
            return
        log.warning("refused: the caller named a user it may not act for", extra={"fields": {"caller": self.name}})
        raise AccessDenied(403, "this token may only read its own user's timeline: send its own `user_id`")


# ---------------------------------------------------------------- credentials


@dataclass(frozen=True, slots=True)
class _JwtKey:
    key: Any  # the HS256 secret, or a public key
    algorithm: str


class _Verifier:
    """End-user JWTs: signature by one configured key and algorithm, exp required, iss/aud when
    configured, the user claim a non-empty string."""

    def __init__(self, settings: Settings) -> None:
        if settings.jwt_secret and settings.jwks_file:
            raise ConfigError("set RECALL_JWT_SECRET or RECALL_JWKS_FILE, not both")
        self.keys: dict[str | None, _JwtKey] = {}
        if settings.jwt_secret:
            self.keys[None] = _JwtKey(settings.jwt_secret.encode(), "HS256")
        elif settings.jwks_file:
            self.keys = _read_jwks(settings.jwks_file)
        elif settings.jwt_issuer or settings.jwt_audience:
            raise ConfigError("RECALL_JWT_ISSUER/RECALL_JWT_AUDIENCE need RECALL_JWT_SECRET or RECALL_JWKS_FILE")
        self.issuer, self.audience, self.claim = settings.jwt_issuer, settings.jwt_audience, settings.jwt_user_claim

    def user_of(self, token: str) -> str:
        """The user the token is for; a jwt.PyJWTError for anything wrong with it."""
        # one key: whatever `kid` the token names, its signature decides
        key = next(iter(self.keys.values())) if len(self.keys) == 1 else self.keys.get(
            jwt.get_unverified_header(token).get("kid"))
        if key is None:
            raise jwt.InvalidTokenError("no configured key has this token's `kid`")
        # one algorithm per key: a token cannot pick another (alg none, HS256 with a public key)
        payload = jwt.decode(token, key.key, algorithms=[key.algorithm], audience=self.audience, issuer=self.issuer,
                             leeway=LEEWAY_S, options={"require": ["exp"], "verify_sub": self.claim == "sub"})
        user = payload.get(self.claim)
        if not isinstance(user, str) or not user:
            raise jwt.MissingRequiredClaimError(self.claim)
        return user


def _read_jwks(path: Path) -> dict[str | None, _JwtKey]:
    where = f"RECALL_JWKS_FILE={path}"
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        keyset = jwt.PyJWKSet.from_dict(document)
    except (OSError, ValueError, jwt.PyJWKSetError, jwt.InvalidKeyError) as exc:
        raise ConfigError(f"{where} is not a readable JWKS: {exc}") from None
    for raw in document["keys"]:
        # a key published for encryption may have its private half with another party (RFC 7517 §4.2, §4.3)
        if isinstance(raw, dict) and (raw.get("use", "sig") != "sig" or "verify" not in raw.get("key_ops", ["verify"])):
            raise ConfigError(f"{where}: key {raw.get('kid')!r} is not for verifying signatures "
                              "(`use` other than sig or `key_ops` without verify); remove it")
    keys: dict[str | None, _JwtKey] = {}
    for k in keyset.keys:
        if k.algorithm_name not in JWKS_ALGORITHMS:
            raise ConfigError(f"{where}: key {k.key_id!r} is {k.algorithm_name}; only {', '.join(JWKS_ALGORITHMS)}")
        keys[k.key_id] = _JwtKey(k.key, k.algorithm_name)
    if len(keys) > 1 and None in keys:
        raise ConfigError(f"{where}: with several keys every key needs a `kid`")
    return keys


class _Authenticator:
    def __init__(self, settings: Settings, user_hash: UserHash) -> None:
        self.tokens = [(name, token.encode()) for name, token in settings.api_tokens]
        self.verifier = _Verifier(settings)
        self.user_hash = user_hash
        self.off = not self.tokens and not self.verifier.keys

    def caller(self, path: str, authorizations: list[str]) -> Caller:
        if self.off:
            return Caller(name="anonymous", role="service")
        if len(authorizations) > 1:
            # which one counts is a guess a proxy in front may make otherwise (RFC 6750 §3.1)
            raise AccessDenied(400, "send one `Authorization` header, not several",
                               {"WWW-Authenticate": f'{CHALLENGE}, error="invalid_request"'})
        authorization = authorizations[0] if authorizations else None
        if authorization is None and (path in PROBES or path == METRICS_PATH):
            return Caller(name="probe", role="probe")
        scheme, _, presented = (authorization or "").partition(" ")
        presented = presented.strip()
        if scheme.lower() != "bearer" or not presented:
            raise AccessDenied(401, "send `Authorization: Bearer <token>` (a service token or an end-user JWT)",
                               {"WWW-Authenticate": CHALLENGE})
        given = presented.encode()
        name = None
        for token_name, token in self.tokens:  # every one compared, in constant time
            if hmac.compare_digest(given, token):
                name = token_name
        if name is not None:
            return Caller(name=name, role="service")
        if self.verifier.keys and presented.count(".") == 2:
            try:
                user = self.verifier.user_of(presented)
            except (jwt.PyJWTError, ValueError) as exc:  # ValueError: a key that cannot take this token
                raise AccessDenied(401, f"bearer token rejected: {exc}",
                                   {"WWW-Authenticate": f'{CHALLENGE}, error="invalid_token"'}) from None
            return Caller(name=f"user:{self.user_hash(user)}", role="user", user_id=user)
        raise AccessDenied(401, "bearer token rejected: not a known service token"
                           + (" nor a valid JWT" if self.verifier.keys else ""),
                           {"WWW-Authenticate": f'{CHALLENGE}, error="invalid_token"'})


# ---------------------------------------------------------------- rate limit


class _RateLimit:
    """A token bucket per caller: `requests` at once, refilled at `requests` per `per_s`."""

    # Buckets kept; beyond it the least recently seen caller's is dropped. Dropping only full ones
    # let the dict grow without end (and be rebuilt on every request) once more callers than this
    # came within one refill, e.g. 10,001 users in an hour under 100/hour.
    MAX_CALLERS = 10_000

    def __init__(self, requests: int, per_s: float) -> None:
        self.capacity, self.rate = float(requests), requests / per_s
        self.buckets: dict[str, tuple[float, float]] = {}  # caller → (tokens, at), least recently seen first

    def take(self, caller: str) -> float | None:
        """None when the request may go on, else the seconds until it could."""
        now = time.monotonic()
        tokens, at = self.buckets.pop(caller, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - at) * self.rate)
        allowed = tokens >= 1.0
        self.buckets[caller] = (tokens - 1.0 if allowed else tokens, now)  # last in the order: just seen
        if len(self.buckets) > self.MAX_CALLERS:
            del self.buckets[next(iter(self.buckets))]
        return None if allowed else (1.0 - tokens) / self.rate


# ---------------------------------------------------------------- the middleware


def access_control(settings: Settings, user_hash: UserHash) -> Callable[[ASGIApp], ASGIApp]:
    """The ASGI middleware (the first route middleware; only request ids, metrics and tracing run
    before it): a Caller for every HTTP request, in
    `scope["user"]` and in the logs; AccessDenied before the handler runs, so before any check of
    the body (an unauthenticated POST is 401, not 415 or 413)."""
    authenticator = _Authenticator(settings, user_hash)
    if authenticator.off:
        log.warning("authentication is OFF: none of RECALL_API_TOKENS, RECALL_JWT_SECRET, RECALL_JWKS_FILE is set; "
                    "every caller may read every user's timeline (development only)")
    limit = _RateLimit(*settings.rate_limit) if settings.rate_limit else None

    def middleware(app: ASGIApp) -> ASGIApp:
        async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == "http":
                given = [v.decode("latin-1") for k, v in scope["headers"] if k.lower() == b"authorization"]
                caller = authenticator.caller(scope["path"], given)
                caller_name.set(caller.name)
                if limit is not None and scope["path"] not in (*PROBES, METRICS_PATH):
                    key = caller.name if not authenticator.off else f"anonymous@{(scope.get('client') or ('-',))[0]}"
                    wait = limit.take(key)
                    if wait is not None:
                        log.warning("rate limited", extra={"fields": {"caller": key, "retry_after_s": round(wait, 2)}})
                        raise AccessDenied(429, "too many requests from this caller; retry after the time in "
                                                "`Retry-After`", {"Retry-After": str(math.ceil(wait))})
                scope["user"] = caller
            await app(scope, receive, send)

        return guarded

    return middleware
