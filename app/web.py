"""The Litestar app factory: thin handlers over the planner and the recall pipeline."""

from __future__ import annotations

import hmac
import logging
from typing import Any

import httpx
import msgspec
from litestar import Litestar, MediaType, Request, Response, get, post
from litestar.exceptions import HTTPException
from litestar.openapi.config import OpenAPIConfig
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine

from app.cache import TimelineCache
from app.contracts import ContextPlan, PlanRequest, RecallRequest
from app.db.migrate import current_revision
from app.embed import Embedder, HashingEmbedder, HttpEmbedder
from app.errors import BadRequest, DatabaseUnavailable, RecallError
from app.fetch import Upstreams
from app.planner import plan_query
from app.recall import RecallDeps, run_recall
from app.settings import Settings
from app.sqlfiles import Queries

log = logging.getLogger("app.web")

PROBLEM = "application/problem+json"
MAX_BODY_BYTES = 64 * 1024


def problem(status: int, title: str, detail: str) -> Response:
    return Response(
        content={"type": "about:blank", "status": status, "title": title, "detail": detail},
        status_code=status,
        media_type=PROBLEM,
    )


def _recall_error(_: Request, exc: RecallError) -> Response:
    if exc.status_code >= 500:
        log.error("%s: %s", exc.title, exc)
    return problem(exc.status_code, exc.title, str(exc))


def _http_error(_: Request, exc: HTTPException) -> Response:
    detail = exc.detail
    extra = getattr(exc, "extra", None)
    if extra:
        detail = f"{detail}: {extra}"
    return problem(exc.status_code, HTTPException.__name__ if exc.status_code >= 500 else "Bad request", str(detail))


def _database_error(_: Request, exc: Exception) -> Response:
    log.warning("database unavailable: %s", type(exc).__name__)
    return problem(503, "Database unavailable", "the database is not reachable right now; retry shortly")


def _unexpected(_: Request, exc: Exception) -> Response:
    log.exception("unhandled error", exc_info=exc)
    return problem(HTTP_500_INTERNAL_SERVER_ERROR, "Internal error", "an unexpected error occurred")


def decode_body(body: bytes, type_: type) -> Any:
    """Decode a JSON body into a contract Struct; every failure is a 400 saying what to fix."""
    try:
        return msgspec.json.decode(body, type=type_)
    except msgspec.ValidationError as exc:
        raise BadRequest(f"invalid request body: {exc}") from None
    except msgspec.DecodeError as exc:
        raise BadRequest(f"request body is not valid JSON: {exc}") from None


def create_app(
    settings: Settings,
    *,
    engine: AsyncEngine,
    queries: Queries,
    http_client: httpx.AsyncClient,
    embedder: Embedder | None = None,
    debug: bool = False,
) -> Litestar:
    """Build the app from its resources; nothing is started or connected here."""
    if embedder is None:
        embedder = HttpEmbedder(http_client, settings.embeddings_url) if settings.embeddings_url else HashingEmbedder()
    deps = RecallDeps(
        settings=settings, engine=engine, queries=queries, embedder=embedder,
        upstreams=Upstreams(client=http_client, settings=settings, cache=TimelineCache(settings.cache_ttl_s)),
    )

    tokens = [t.encode() for t in settings.api_tokens]

    async def require_token(request: Request) -> Response | None:
        # every endpoint but /healthz; tokens compared in constant time
        if not tokens or request.url.path == "/healthz":
            return None
        scheme, _, presented = request.headers.get("authorization", "").partition(" ")
        given = presented.strip().encode()
        if scheme.lower() == "bearer" and any(hmac.compare_digest(given, t) for t in tokens):
            return None
        return problem(401, "Unauthorized", "send `Authorization: Bearer <token>` with a token from RECALL_API_TOKENS")

    @get("/healthz")
    async def healthz() -> dict[str, Any]:
        try:
            async with engine.connect() as conn:
                raw = await conn.get_raw_connection()
                row = await raw.driver_connection.fetchrow(queries["server_versions"].sql)
            revision = await current_revision(engine)
        except (OSError, DBAPIError, OperationalError, PoolTimeout) as exc:
            raise DatabaseUnavailable(f"database unreachable: {type(exc).__name__}") from None
        return {
            "status": "ok",
            "database": "reachable",
            "postgres": row["postgres"],
            "pgvector": row["pgvector"],
            "migration": revision,
        }

    @post("/v1/context-planner/plan", status_code=200)
    async def plan_endpoint(request: Request) -> Response:
        body = await request.body()
        req: PlanRequest = decode_body(body, PlanRequest)
        plan: ContextPlan = plan_query(
            req.query, now=req.now, timezone=req.timezone, default_timezone=settings.default_timezone
        )
        return Response(content=msgspec.json.encode(plan), media_type=MediaType.JSON)

    @post("/v1/temporal-recall/query", status_code=200)
    async def recall_endpoint(request: Request) -> Response:
        req: RecallRequest = decode_body(await request.body(), RecallRequest)
        bundle = await run_recall(req, deps)
        return Response(content=msgspec.json.encode(bundle), media_type=MediaType.JSON)

    return Litestar(
        route_handlers=[healthz, plan_endpoint, recall_endpoint],
        before_request=require_token,
        exception_handlers={
            RecallError: _recall_error,
            HTTPException: _http_error,
            OSError: _database_error,
            DBAPIError: _database_error,
            PoolTimeout: _database_error,
            Exception: _unexpected,
        },
        openapi_config=OpenAPIConfig(title="MeMind Temporal Recall", version="0.1.0"),
        request_max_body_size=MAX_BODY_BYTES,
        logging_config=None,  # the process configures logging (app.__main__), not the app
        debug=debug,
    )
