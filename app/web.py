"""The Litestar app factory: thin handlers over the planner and the recall pipeline."""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

import httpx
import msgspec
from litestar import Litestar, Request, Response, get, post
from litestar.datastructures import State
from litestar.exceptions import HTTPException
from litestar.openapi import ResponseSpec
from litestar.openapi.config import OpenAPIConfig
from litestar.params import JSONBody
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy.ext.asyncio import AsyncEngine

from app import contracts
from app.auth import CHALLENGE, METRICS_PATH, AccessDenied, Caller, access_control
from app.contracts import ContextPlan, PlanRequest, Problem, RecallBundle, RecallRequest
from app.db.engine import create_health_engine
from app.db.health import database_health
from app.db.migrate import head_revision
from app.embed import Embedder
from app.errors import BadRequest, RecallError
from app.logs import request_id
from app.metrics import Metrics, is_loopback
from app.planner import plan_query
from app.recall import RecallDeps, run_recall
from app.settings import Settings
from app.sqlfiles import Queries
from app.telemetry import request_tracing, trace_upstreams

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider

log = logging.getLogger("app.web")

PROBLEM = "application/problem+json"
MAX_BODY_BYTES = 64 * 1024
# Set by a caller behind a load balancer that hashes on it (docs/operations.md "Replicas"): each
# user's requests reach one replica, whose timeline cache then holds that user's windows.
USER_HEADER = "x-user-id"

# One part of /readyz: a dict with `ready` (bool) and whatever explains it.
ReadinessCheck = Callable[[], Awaitable[dict[str, Any]]]


def problem(status: int, title: str, detail: str, headers: dict[str, str] | None = None) -> Response:
    return Response(content=Problem(status=status, title=title, detail=detail), status_code=status, media_type=PROBLEM,
                    headers=headers)


def _recall_error(_: Request, exc: RecallError) -> Response:
    if exc.status_code >= 500:
        log.error("%s: %s", exc.title, exc)
    return problem(exc.status_code, exc.title, str(exc), exc.headers if isinstance(exc, AccessDenied) else None)


def _field_message(error: object) -> str:
    if not isinstance(error, dict):
        return str(error)
    message, key = str(error.get("message", error)), error.get("key")
    return f"{message} (field `{key}`)" if key and f"`$.{key}" not in message else message


def _http_error(_: Request, exc: HTTPException) -> Response:
    detail = str(exc.detail)
    extra = getattr(exc, "extra", None)
    if isinstance(extra, list) and extra:
        # msgspec's messages name the field and the rule: "Expected `int` >= 1 - at `$.limit`"
        detail = "; ".join(_field_message(e) for e in extra)
    elif extra:
        detail = f"{detail}: {extra}"
    if "JSON is malformed" in detail or "Expecting" in detail or "invalid character" in detail.lower():
        detail = f"request body is not valid JSON: {detail}"
    if exc.status_code >= 500:
        return problem(exc.status_code, "Internal error", "an unexpected error occurred")
    return problem(exc.status_code, HTTPStatus(exc.status_code).phrase, detail)


def _unexpected(_: Request, exc: Exception) -> Response:
    log.exception("unhandled error", exc_info=exc)
    return problem(HTTP_500_INTERNAL_SERVER_ERROR, "Internal error", "an unexpected error occurred")


_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def _request_ids(app: ASGIApp) -> ASGIApp:
    """The outermost middleware: the caller's X-Request-ID when well-formed (else a fresh one)
    for the logs, and on every response, refusals included."""

    async def tagged(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        request_id.set(rid)

        async def send_tagged(message: Message) -> None:
            headers = message.get("headers", [])
            if message["type"] == "http.response.start" and not any(k.lower() == b"x-request-id" for k, _ in headers):
                message["headers"] = [*headers, (b"x-request-id", rid.encode())]
            await send(message)

        await app(scope, receive, send_tagged)

    return tagged


def _shared(check: ReadinessCheck) -> ReadinessCheck:
    """`check` run once for every caller that asks while it runs. A database check opens a
    connection of its own and /readyz answers anyone: 600 probes at once opened one each, took all
    of PostgreSQL's connections, and recalls failed with 503 while they lasted."""
    running: asyncio.Future[dict[str, Any]] | None = None

    def finished(_: object) -> None:
        nonlocal running
        running = None

    async def shared() -> dict[str, Any]:
        nonlocal running
        if running is None:
            running = asyncio.ensure_future(check())
            running.add_done_callback(finished)
        # shielded: a caller that goes away does not cancel the others' answer
        return await asyncio.shield(running)

    return shared


def _json_body(struct: type) -> Callable[[Request], Awaitable[None]]:
    """A handler's body check, run after authentication and before Litestar reads the body: JSON
    only, decoded strictly (a "5" is no `limit`, unknown fields are refused at every level), and
    what cannot be decoded at all (bytes that are not UTF-8, nesting past the recursion limit) is a
    400 rather than an error of the decoder. Litestar then converts the same, valid, body."""

    async def check(request: Request) -> None:
        if not _is_json(request.headers.get("content-type", "")):
            raise HTTPException(status_code=415, detail="send the body as JSON with `Content-Type: application/json`")
        body = await request.body()
        try:
            msgspec.json.decode(body, type=struct, strict=True)
        except msgspec.ValidationError as exc:
            raise BadRequest(str(exc)) from None
        except msgspec.DecodeError as exc:
            raise BadRequest(f"request body is not valid JSON: {exc}") from None
        except UnicodeDecodeError:
            raise BadRequest("request body is not valid UTF-8") from None
        except RecursionError:
            raise BadRequest("request body is nested too deeply") from None

    return check


_ERROR_TEXT = {400: "The request is malformed; `detail` says what to fix", 401: "Missing or wrong bearer token",
               403: "An end-user token named another user", 413: "Body over 64 KiB", 415: "Body is not JSON",
               429: "Too many requests from this caller (when RECALL_RATE_LIMIT is set); see `Retry-After`",
               503: "Database unavailable; retry shortly"}
_NOT_READY = "Not ready: a part (e.g. `database`) says why"


def _errors(*codes: int) -> dict[int, ResponseSpec]:
    return {c: ResponseSpec(data_container=Problem, media_type=PROBLEM, description=_ERROR_TEXT[c], generate_examples=False)
            for c in codes}


def _same_user(request: Request, user_id: str | None) -> None:
    """The affinity header must name the body's user: a replica chosen for one user must not serve
    another's (its cache would fill with users it was not meant to hold)."""
    given = request.headers.get(USER_HEADER)
    if given is not None and given != user_id:
        raise BadRequest("the `X-User-Id` header must equal the body's `user_id`")


def _may_read_metrics(access: str, request: Request[Caller, Any, Any]) -> None:
    """RECALL_METRICS: `loopback` (clients on this machine; others see no such route), `service`
    (a service token), `open` (anyone who reaches the port)."""
    if access == "loopback" and not is_loopback(request.scope.get("client")):
        raise HTTPException(status_code=404, detail="Not Found")
    if access == "service" and request.user.role != "service":
        if request.user.role == "probe":
            raise AccessDenied(401, "send a service token to read /metrics", {"WWW-Authenticate": CHALLENGE})
        raise AccessDenied(403, "only a service token may read /metrics")


def _is_json(content_type: str) -> bool:
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


def create_app(
    settings: Settings,
    *,
    engine: AsyncEngine,
    queries: Queries,
    http_client: httpx.AsyncClient,
    embedder: Embedder | None = None,
    metrics: Metrics | None = None,
    tracer_provider: TracerProvider | None = None,
    debug: bool = False,
) -> Litestar:
    """Build the app from its resources; nothing is started or connected here. `metrics`: the
    process's (a fresh registry otherwise); `tracer_provider`: tracing on (app.telemetry)."""
    metrics = metrics or Metrics()
    metrics.track_pool(engine)
    deps = RecallDeps.create(settings, engine, http_client, queries=queries, embedder=embedder, metrics=metrics,
                             tracer=tracer_provider.get_tracer("app.pipeline.sql") if tracer_provider else None)
    if tracer_provider is not None:
        trace_upstreams(deps.upstreams, tracer_provider)
    health_engine = create_health_engine(engine.url.render_as_string(hide_password=False), settings)
    head = head_revision()

    @_shared
    async def database_part() -> dict[str, Any]:
        return await database_health(health_engine, queries, head)

    async def upstreams_part() -> dict[str, Any]:
        """Each upstream's client, shown, never gating: one cold chat pull asks for every session's
        messages at once and fills the pool by design, and a replica taken out of the balancer for
        that (or for an upstream's open breaker, which every replica sees) leaves its load to the
        others until none is left. A source that cannot answer is a `sources` report of the answer."""
        health = deps.upstreams.health()
        return {"ready": True, "busy": sorted(name for name, h in health.items() if h.in_flight >= h.pool_size),
                "sources": {name: msgspec.structs.asdict(h) for name, h in health.items()}}

    # The parts of /readyz: the service is ready when every one is. A part is one entry here.
    readiness: dict[str, ReadinessCheck] = {"database": database_part, "upstreams": upstreams_part}

    @get("/healthz")
    async def healthz(request: Request[Caller, Any, Any]) -> dict[str, Any]:
        """Liveness: 200 while the process serves requests; to an authenticated caller also what it
        sees of the database (a database outage is /readyz's business: restarting this process
        would not cure it)."""
        if not request.user.sees_details:
            return {"status": "ok"}
        db = await database_part()
        return {"status": "ok", "database": db["database"], "postgres": db.get("postgres"),
                "pgvector": db.get("pgvector"), "migration": db.get("migration")}

    @get("/readyz", responses={503: ResponseSpec(data_container=dict[str, Any], description=_NOT_READY,
                                                 generate_examples=False)})
    async def readyz(request: Request[Caller, Any, Any]) -> Response:
        """Readiness: 200 when every part is ready (the database answers and is at the code's
        migration head), else 503; to an authenticated caller each part says why."""
        parts = dict(zip(readiness, await asyncio.gather(*(check() for check in readiness.values())), strict=True))
        ready = all(part["ready"] for part in parts.values())
        shown = parts if request.user.sees_details else {}
        return Response({"status": "ready" if ready else "not ready", **shown}, status_code=200 if ready else 503)

    @post("/v1/context-planner/plan", status_code=200, responses=_errors(400, 401, 403, 413, 415, 429),
          before_request=_json_body(PlanRequest))
    async def plan_endpoint(request: Request[Caller, Any, Any], data: JSONBody[PlanRequest]) -> ContextPlan:
        request.user.act_for(data.user_id)
        _same_user(request, data.user_id)
        return plan_query(data.query, now=data.now, timezone=data.timezone, default_timezone=settings.default_timezone)

    @post("/v1/temporal-recall/query", status_code=200, responses=_errors(400, 401, 403, 413, 415, 429, 503),
          before_request=_json_body(RecallRequest))
    async def recall_endpoint(request: Request[Caller, Any, Any], data: JSONBody[RecallRequest]) -> RecallBundle:
        request.user.act_for(data.user_id)
        _same_user(request, data.user_id)
        return await run_recall(data, deps)

    @get(METRICS_PATH, include_in_schema=False)
    async def metrics_endpoint(request: Request[Caller, Any, Any]) -> Response:
        _may_read_metrics(settings.metrics_access, request)
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    handlers = [healthz, readyz, plan_endpoint, recall_endpoint]
    if settings.metrics_access != "off" and settings.metrics_addr is None:  # else: its own listener, or none
        handlers.append(metrics_endpoint)
    middleware = [access_control(settings, deps.user_hash)]
    if tracer_provider is not None:
        middleware.insert(0, request_tracing(tracer_provider))
    app = Litestar(
        route_handlers=handlers,
        on_startup=[deps.upstreams.start, deps.warm_up],
        on_shutdown=[deps.upstreams.aclose],  # the app made its upstream clients: it closes them
        middleware=middleware,
        exception_handlers={
            RecallError: _recall_error,
            HTTPException: _http_error,
            Exception: _unexpected,
        },
        openapi_config=OpenAPIConfig(title="MeMind Temporal Recall", version="0.1.0"),
        request_max_body_size=MAX_BODY_BYTES,
        state=State({"engine": engine}),
        logging_config=None,  # the process configures logging (app.__main__), not the app
        debug=debug,
    )
    # Around Litestar's whole handler, not among its middleware (which runs for matched routes only):
    # a 404 or 405 answers with the caller's X-Request-ID too, and is counted.
    app.asgi_handler = _request_ids(metrics.middleware(app.asgi_handler))
    # What a caller sends rejects unknown fields (a typo like "timzone" must not pass silently), at
    # every level; say so in the OpenAPI document too, which Litestar's msgspec plugin leaves out.
    for name, schema in app.openapi_schema.components.schemas.items():
        struct = getattr(contracts, name, None)
        if isinstance(struct, type) and issubclass(struct, msgspec.Struct) and struct.__struct_config__.forbid_unknown_fields:
            schema.additional_properties = False
    return app
