"""Who may read whose timeline: service tokens act for any user and are named in the logs,
end-user JWTs only for their own user; every wrong token is a 401 before anything reads the body;
probes without credentials learn only up/down; a per-caller rate limit answers 429."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import time

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from app.auth import _RateLimit, access_control
from app.emulator.dataset import DEMO_NOW, DEMO_USER, OTHER_USER
from app.errors import ConfigError
from app.logs import JsonFormatter, UserHash
from app.settings import load_settings

SECRET = "an-hs256-secret-long-enough-to-sign-hs512-too-" + "0123456789abcdef" * 2  # 64+ bytes
ISSUER, AUDIENCE = "https://id.memind.example", "memind-recall"
JWT_ENV = {"RECALL_JWT_SECRET": SECRET, "RECALL_JWT_ISSUER": ISSUER, "RECALL_JWT_AUDIENCE": AUDIENCE}
RECALL = "/v1/temporal-recall/query"
PLAN = "/v1/context-planner/plan"


def recall_body(user: str) -> dict:
    return {"user_id": user, "query": "我昨天有什么重要的事？", "now": DEMO_NOW.isoformat()}


def claims(**changes) -> dict:
    now = int(time.time())
    base = {"sub": DEMO_USER, "iss": ISSUER, "aud": AUDIENCE, "iat": now, "exp": now + 300}
    return {k: v for k, v in {**base, **changes}.items() if v is not None}


def hs256(**changes) -> str:
    return jwt.encode(claims(**changes), SECRET, algorithm="HS256")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def client_for(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://recall")


def assert_problem(resp: httpx.Response, status: int) -> dict:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json")
    assert resp.headers.get("x-request-id")
    body = resp.json()
    assert body["status"] == status and body["title"] and body["detail"]
    return body


# ---------------------------------------------------------------- end-user JWTs

async def test_a_user_token_reads_its_own_timeline_and_no_other(build_app, upstream_env, emulator):
    app = build_app({**upstream_env, **JWT_ENV})
    async with client_for(app) as c:
        own = await c.post(RECALL, json=recall_body(DEMO_USER), headers=bearer(hs256()))
        before = sum(emulator.state.requests.values())
        other = await c.post(RECALL, json=recall_body(OTHER_USER), headers=bearer(hs256()))
        plan_other = await c.post(PLAN, json={"query": "昨天", "user_id": OTHER_USER}, headers=bearer(hs256()))
        plan_own = await c.post(PLAN, json={"query": "昨天", "user_id": DEMO_USER}, headers=bearer(hs256()))
    assert own.status_code == 200 and own.json()["stats"]["candidates"] > 0
    assert "own user" in assert_problem(other, 403)["detail"]
    assert sum(emulator.state.requests.values()) == before, "a refused request asks no upstream"
    assert_problem(plan_other, 403)
    assert plan_own.status_code == 200


def _none_alg(payload: dict) -> str:
    """`alg: none`, which PyJWT will not mint: the header and payload, no signature."""
    def part(obj: dict) -> str:
        return jwt.utils.base64url_encode(json.dumps(obj).encode()).decode()
    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(payload)}."


def _tampered() -> str:
    """A valid token whose payload was swapped for one naming another user."""
    header, _, signature = hs256().split(".")
    payload = jwt.utils.base64url_encode(json.dumps(claims(sub=OTHER_USER)).encode()).decode()
    return f"{header}.{payload}.{signature}"


_RSA = rsa.generate_private_key(public_exponent=65537, key_size=2048)
_EC = ec.generate_private_key(ec.SECP256R1())

REJECTED = {
    "bad signature": lambda: jwt.encode(claims(), SECRET + "x", algorithm="HS256"),
    "tampered payload": lambda: _tampered(),
    "alg none": lambda: _none_alg(claims()),
    "alg HS512 (not configured)": lambda: jwt.encode(claims(), SECRET, algorithm="HS512"),
    "alg RS256 (not configured)": lambda: jwt.encode(claims(), _RSA, algorithm="RS256"),
    "expired": lambda: hs256(exp=int(time.time()) - 120),
    "not yet valid": lambda: hs256(nbf=int(time.time()) + 120),
    "no exp": lambda: hs256(exp=None),
    "wrong issuer": lambda: hs256(iss="https://evil.example"),
    "no issuer": lambda: hs256(iss=None),
    "wrong audience": lambda: hs256(aud="another-service"),
    "no audience": lambda: hs256(aud=None),
    "no user claim": lambda: hs256(sub=None),
    "empty user claim": lambda: hs256(sub=""),
    "not a JWT": lambda: "opaque-garbage",
}


@pytest.mark.parametrize("case", list(REJECTED))
async def test_every_bad_user_token_is_401(build_app, case):
    app = build_app(JWT_ENV)
    async with client_for(app) as c:
        resp = await c.post(PLAN, json={"query": "昨天"}, headers=bearer(REJECTED[case]()))
    body = assert_problem(resp, 401)
    assert resp.headers["www-authenticate"].startswith("Bearer")
    assert SECRET not in body["detail"]


async def test_clock_skew_within_the_leeway_is_tolerated(build_app):
    async with client_for(build_app(JWT_ENV)) as c:
        resp = await c.post(PLAN, json={"query": "昨天"}, headers=bearer(hs256(exp=int(time.time()) - 5)))
    assert resp.status_code == 200


async def test_a_custom_user_claim(build_app):
    env = {**JWT_ENV, "RECALL_JWT_USER_CLAIM": "uid"}
    async with client_for(build_app(env)) as c:
        own = await c.post(PLAN, json={"query": "昨天", "user_id": "u_7"}, headers=bearer(hs256(uid="u_7")))
        other = await c.post(PLAN, json={"query": "昨天", "user_id": "u_8"}, headers=bearer(hs256(uid="u_7")))
        missing = await c.post(PLAN, json={"query": "昨天"}, headers=bearer(hs256()))
    assert own.status_code == 200
    assert_problem(other, 403)
    assert_problem(missing, 401)


@pytest.fixture
def jwks_file(tmp_path):
    def public_jwk(key, kid: str) -> dict:
        algorithm = jwt.algorithms.RSAAlgorithm if isinstance(key, rsa.RSAPrivateKey) else jwt.algorithms.ECAlgorithm
        return {**json.loads(algorithm.to_jwk(key.public_key())), "kid": kid, "use": "sig"}

    path = tmp_path / "jwks.json"
    path.write_text(json.dumps({"keys": [public_jwk(_RSA, "rsa-1"), public_jwk(_EC, "ec-1")]}))
    return path


async def test_jwks_keys_verify_rs256_and_es256_and_nothing_else(build_app, jwks_file):
    env = {"RECALL_JWKS_FILE": str(jwks_file), "RECALL_JWT_ISSUER": ISSUER, "RECALL_JWT_AUDIENCE": AUDIENCE}
    rsa_pem = _RSA.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    tokens = {
        "rs256": jwt.encode(claims(), _RSA, algorithm="RS256", headers={"kid": "rsa-1"}),
        "es256": jwt.encode(claims(), _EC, algorithm="ES256", headers={"kid": "ec-1"}),
        # the classic confusion: HS256 keyed with the public key a verifier holds
        "hs256 with the public key": _hmac_token(rsa_pem, "rsa-1"),
        "rs256 under the ec kid": jwt.encode(claims(), _RSA, algorithm="RS256", headers={"kid": "ec-1"}),
        "unknown kid": jwt.encode(claims(), _RSA, algorithm="RS256", headers={"kid": "rsa-2"}),
        "no kid": jwt.encode(claims(), _RSA, algorithm="RS256"),
    }
    async with client_for(build_app(env)) as c:
        status = {name: (await c.post(PLAN, json={"query": "昨天"}, headers=bearer(t))).status_code
                  for name, t in tokens.items()}
    assert status == {"rs256": 200, "es256": 200, "hs256 with the public key": 401, "rs256 under the ec kid": 401,
                      "unknown kid": 401, "no kid": 401}


def _hmac_token(key: bytes, kid: str) -> str:
    """HS256 by hand (PyJWT refuses a PEM as an HMAC key, which is the point of the attack)."""
    enc = jwt.utils.base64url_encode
    signing = f"{enc(json.dumps({'alg': 'HS256', 'typ': 'JWT', 'kid': kid}).encode()).decode()}." \
              f"{enc(json.dumps(claims()).encode()).decode()}"
    return f"{signing}.{enc(hmac.new(key, signing.encode(), hashlib.sha256).digest()).decode()}"


async def test_two_authorization_headers_are_refused_whichever_comes_first(build_app):
    # a proxy in front may judge one and the service the other
    async with client_for(build_app({**JWT_ENV, "RECALL_API_TOKENS": "runtime:rt-token"})) as c:
        answers = [await c.post(PLAN, json={"query": "昨天"}, headers=[("Authorization", a), ("Authorization", b)])
                   for a, b in (("Bearer wrong", "Bearer rt-token"), ("Bearer rt-token", "Bearer wrong"),
                                (f"Bearer {hs256(sub='someone-else')}", "Bearer rt-token"))]
        probe = await c.get("/healthz", headers=[("Authorization", "Bearer rt-token")] * 2)
    for resp in (*answers, probe):
        assert "one `Authorization` header" in assert_problem(resp, 400)["detail"]
        assert 'error="invalid_request"' in resp.headers["www-authenticate"]


# ---------------------------------------------------------------- service tokens

async def test_a_service_token_acts_for_any_user_and_the_log_names_it(build_app, upstream_env, caplog):
    key = "a-log-key-of-16-bytes-or-more"
    env = {**upstream_env, **JWT_ENV, "RECALL_API_TOKENS": "runtime:rt-s3cret-token,legacy-plain-token",
           "RECALL_LOG_KEY": key}
    caplog.set_level(logging.INFO, logger="app")
    async with client_for(build_app(env)) as c:
        named = await c.post(RECALL, json=recall_body(OTHER_USER), headers=bearer("rt-s3cret-token"))
        plain = await c.post(RECALL, json=recall_body(DEMO_USER), headers=bearer("legacy-plain-token"))
    assert named.status_code == 200 and plain.status_code == 200
    lines = [json.loads(JsonFormatter().format(r)) for r in caplog.records if r.getMessage() == "recall"]
    expected = [hmac.new(key.encode(), u.encode(), hashlib.sha256).hexdigest()[:16] for u in (OTHER_USER, DEMO_USER)]
    assert [(line["caller"], line["user"]) for line in lines] == list(zip(["runtime", "token2"], expected, strict=True))
    assert "s3cret" not in caplog.text and "legacy-plain" not in caplog.text, "a token is never logged"
    assert OTHER_USER not in caplog.text


async def test_user_hashes_depend_on_the_log_key(build_app, upstream_env, caplog):
    caplog.set_level(logging.INFO, logger="app.recall")
    for key in ("first-key-0123456789", "second-key-0123456789"):
        async with client_for(build_app({**upstream_env, "RECALL_LOG_KEY": key})) as c:
            assert (await c.post(RECALL, json=recall_body(DEMO_USER))).status_code == 200
    first, second = [r.fields["user"] for r in caplog.records if r.getMessage() == "recall"]
    assert first != second
    assert hashlib.sha256(DEMO_USER.encode()).hexdigest()[:16] not in (first, second), "not a bare hash"


# ---------------------------------------------------------------- order and probes

async def test_authentication_comes_before_any_look_at_the_body(build_app):
    async with client_for(build_app({"RECALL_API_TOKENS": "runtime:rt-token"})) as c:
        form = await c.post(PLAN, content="query=昨天", headers={"content-type": "application/x-www-form-urlencoded"})
        huge = await c.post(PLAN, content=b"x" * 200_000, headers={"content-type": "application/json"})
        broken = await c.post(RECALL, content=b"{not json", headers={"content-type": "application/json"})
        missing = await c.get("/v1/nowhere")
        authed_form = await c.post(PLAN, content="query=昨天", headers={
            "content-type": "application/x-www-form-urlencoded", **bearer("rt-token")})
    for resp in (form, huge, broken):
        assert_problem(resp, 401)
    assert missing.status_code == 404, "an unknown path is not found, token or none"
    assert_problem(authed_form, 415)


async def test_probes_without_credentials_say_only_up_or_down(build_app):
    async with client_for(build_app({"RECALL_API_TOKENS": "runtime:rt-token"})) as c:
        health = await c.get("/healthz")
        ready = await c.get("/readyz")
        health_authed = await c.get("/healthz", headers=bearer("rt-token"))
        ready_authed = await c.get("/readyz", headers=bearer("rt-token"))
        wrong = await c.get("/healthz", headers=bearer("wrong"))
    assert (health.status_code, health.json()) == (200, {"status": "ok"})
    assert (ready.status_code, ready.json()) == (200, {"status": "ready"})
    assert health_authed.json()["migration"] and health_authed.json()["postgres"]
    assert {"database", "upstreams"} <= set(ready_authed.json())
    assert_problem(wrong, 401)


async def test_a_flood_of_probes_opens_one_database_connection_at_a_time(build_app, monkeypatch):
    # each check opens a connection of its own: one per probe would let anyone take them all
    import app.web

    checking, most = 0, 0
    real = app.web.database_health

    async def counted(*args):
        nonlocal checking, most
        checking += 1
        most = max(most, checking)
        try:
            await asyncio.sleep(0.05)
            return await real(*args)
        finally:
            checking -= 1

    monkeypatch.setattr(app.web, "database_health", counted)
    async with client_for(build_app({"RECALL_API_TOKENS": "runtime:rt-token"})) as c:
        probes = await asyncio.gather(*(c.get(path) for path in ("/readyz", "/healthz") * 50),
                                      c.get("/readyz", headers=bearer("rt-token")))
    assert {r.status_code for r in probes} == {200}
    assert probes[-1].json()["database"]["migration"], "the shared answer is a whole one"
    assert most == 1


async def test_with_auth_off_everything_is_open_and_says_so(build_app, caplog):
    caplog.set_level(logging.WARNING, logger="app.auth")
    async with client_for(build_app()) as c:
        health = await c.get("/healthz")
        plan = await c.post(PLAN, json={"query": "昨天", "user_id": "anyone"})
    assert health.json()["migration"] and plan.status_code == 200
    assert "authentication is OFF" in caplog.text


# ---------------------------------------------------------------- rate limit

async def test_the_rate_limit_is_per_caller_with_retry_after(build_app):
    env = {**JWT_ENV, "RECALL_API_TOKENS": "runtime:rt-token", "RECALL_RATE_LIMIT": "2/minute"}
    async with client_for(build_app(env)) as c:
        runtime = [await c.post(PLAN, json={"query": "昨天"}, headers=bearer("rt-token")) for _ in range(3)]
        user = await c.post(PLAN, json={"query": "昨天"}, headers=bearer(hs256()))
        probe = await c.get("/healthz")
    assert [r.status_code for r in runtime[:2]] == [200, 200]
    assert_problem(runtime[2], 429)
    assert 1 <= int(runtime[2].headers["retry-after"]) <= 30  # one request back every 30 s
    assert user.status_code == 200 and probe.status_code == 200


def test_the_rate_limit_keeps_a_bounded_number_of_callers_and_still_limits_the_busy_one(monkeypatch):
    monkeypatch.setattr(_RateLimit, "MAX_CALLERS", 100)
    limit = _RateLimit(2, 3600.0)  # a slow refill: no bucket is full again while the test runs
    assert [limit.take("busy") is None for _ in range(3)] == [True, True, False]
    for n in range(1000):  # many more callers than are kept, each within one refill
        limit.take(f"user:{n}")
        if n % 50 == 0:
            assert limit.take("busy") is not None, "the busy caller is still limited"
    assert len(limit.buckets) <= 100


async def test_no_rate_limit_by_default(build_app):
    async with client_for(build_app({"RECALL_API_TOKENS": "runtime:rt-token"})) as c:
        codes = {(await c.post(PLAN, json={"query": "昨天"}, headers=bearer("rt-token"))).status_code
                 for _ in range(30)}
    assert codes == {200}


# ---------------------------------------------------------------- configuration

@pytest.mark.parametrize(("env", "message"), [
    ({"RECALL_JWT_SECRET": SECRET, "RECALL_JWKS_FILE": "/nonexistent/jwks.json"}, "not both"),
    ({"RECALL_JWT_AUDIENCE": AUDIENCE}, "need RECALL_JWT_SECRET or RECALL_JWKS_FILE"),
    ({"RECALL_JWKS_FILE": "/nonexistent/jwks.json"}, "is not a readable JWKS"),
])
def test_a_broken_jwt_configuration_stops_start_up(env, message):
    with pytest.raises(ConfigError, match=message):
        access_control(load_settings(env), UserHash(None))


def test_a_jwks_key_of_another_algorithm_stops_start_up(tmp_path):
    path = tmp_path / "jwks.json"
    path.write_text(json.dumps({"keys": [{"kty": "oct", "k": "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0", "kid": "h"}]}))
    with pytest.raises(ConfigError, match="only RS256, ES256"):
        access_control(load_settings({"RECALL_JWKS_FILE": str(path)}), UserHash(None))


@pytest.mark.parametrize("purpose", [{"use": "enc"}, {"key_ops": ["encrypt", "wrapKey"]}])
def test_a_jwks_key_for_encryption_stops_start_up(tmp_path, purpose):
    # RS256 by its type, but published to encrypt with: whoever holds its private half could sign
    key = {**json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(_RSA.public_key())), "kid": "rsa-enc", **purpose}
    path = tmp_path / "jwks.json"
    path.write_text(json.dumps({"keys": [key]}))
    with pytest.raises(ConfigError, match="'rsa-enc' is not for verifying signatures"):
        access_control(load_settings({"RECALL_JWKS_FILE": str(path)}), UserHash(None))
