"""Command line: serve, db, plan, query, explain."""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import signal
import sys
from datetime import datetime

import msgspec

from app.errors import RecallError
from app.settings import load_settings


def _now(text: str | None) -> datetime | None:
    if text is None:
        return None
    value = datetime.fromisoformat(text)
    if value.tzinfo is None:
        raise SystemExit("--now needs an offset, e.g. 2026-09-03T10:00:00+08:00")
    return value


def _exit_cleanly(signum: int, _frame: object) -> None:
    raise SystemExit(0)


def cmd_serve(args: argparse.Namespace) -> int:
    import httpx
    import uvicorn

    from app.db.bootstrap import prepare_database
    from app.db.engine import create_engine
    from app.db.watch import EmbeddedWatch
    from app.logs import configure_logging
    from app.metrics import Metrics
    from app.server import server_config
    from app.sqlfiles import Queries
    from app.telemetry import tracer_provider_from
    from app.web import create_app

    settings = load_settings()
    configure_logging(logging.getLevelName(settings.log_level))
    queries = Queries()
    metrics = Metrics()
    tracer_provider = tracer_provider_from(settings)
    database = prepare_database(settings)
    metrics_server = None
    try:
        engine = create_engine(database.url, settings)
        http_client = httpx.AsyncClient()
        app = create_app(settings, engine=engine, queries=queries, http_client=http_client, metrics=metrics,
                         tracer_provider=tracer_provider)
        app.on_shutdown.extend([engine.dispose, http_client.aclose])
        if tracer_provider is not None:
            app.on_shutdown.append(tracer_provider.shutdown)  # the last spans are sent before exit
        if database.embedded is not None:  # the server this process started: start it again if it dies
            watch = EmbeddedWatch(database.embedded, settings.db_restart_backoff_max_s,
                                  on_restart=metrics.db_restarts.inc)
            app.on_startup.append(watch.start)
            app.on_shutdown.insert(0, watch.stop)
        if settings.metrics_addr is not None and settings.metrics_access != "off":
            from prometheus_client import start_http_server

            host, port = settings.metrics_addr
            metrics_server, _ = start_http_server(port, addr=host, registry=metrics.registry)
        # uvicorn catches SIGTERM/SIGINT, drains, runs on_shutdown and then re-raises the signal to
        # the handler that was there before it: ours turns it into a normal exit so `finally` runs.
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, _exit_cleanly)
        # A request allocates tens of thousands of short-lived objects (candidates, COPY rows); with
        # the default 700-allocation trigger the collector runs mid-request and shows in p95.
        gc.freeze()
        gc.set_threshold(50_000, 50, 100)
        uvicorn.Server(server_config(app, host=args.host, port=args.port, read_timeout_s=settings.read_timeout_s,
                                     shutdown_grace_s=settings.shutdown_grace_s)).run()
    finally:
        if metrics_server is not None:
            metrics_server.shutdown()
        database.close()  # last: requests in flight have finished (or were cut at the grace)
    return 0


def cmd_db(args: argparse.Namespace) -> int:
    from app.db import migrate
    from app.db.embedded import EmbeddedPostgres

    settings = load_settings()
    if args.action == "serve":
        return _db_serve(settings)
    embedded = None
    url = settings.database_url
    if url is None:
        embedded = EmbeddedPostgres(settings.data_dir)
        url = embedded.start()
    try:
        if args.action == "upgrade":
            migrate.upgrade(url)
        else:
            migrate.downgrade(url, "base")
        print(f"database {args.action}d")
    finally:
        if embedded is not None:
            embedded.stop()
    return 0


def _db_serve(settings) -> int:
    """The embedded server on its own, migrated, for replicas to share (docs/operations.md
    "Replicas"): prints the DATABASE_URL to give them, and stops the server on SIGTERM/SIGINT."""
    from app.db import migrate
    from app.db.embedded import EmbeddedPostgres

    if settings.database_url is not None:
        raise SystemExit("`db serve` runs the embedded server; unset DATABASE_URL (it names another one)")
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _exit_cleanly)
    embedded = EmbeddedPostgres(settings.data_dir)
    try:
        url = embedded.start()
        migrate.upgrade(url)
        print(f"DATABASE_URL={url}", flush=True)
        while True:
            signal.pause()
    finally:
        embedded.stop()


def cmd_plan(args: argparse.Namespace) -> int:
    from app.planner import plan_query

    settings = load_settings()
    plan = plan_query(args.query, now=_now(args.now), timezone=args.timezone,
                      default_timezone=settings.default_timezone)
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(plan).decode(), indent=2) + "\n")
    return 0


def cmd_schemas(_: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from app.contracts import SCHEMA_FILES, json_schema

    out = Path(__file__).resolve().parents[1] / "schemas"
    for filename, struct in SCHEMA_FILES.items():
        text = json.dumps(json_schema(struct), ensure_ascii=False, indent=2) + "\n"
        (out / filename).write_text(text, encoding="utf-8")
        print(f"wrote schemas/{filename}")
    return 0


async def _recall(args: argparse.Namespace, explain: bool):
    from app.contracts import RecallRequest
    from app.recall import open_recall, run_recall

    env = dict(os.environ)
    emulator = None
    if args.emulator:
        from app.emulator import start_emulator

        emulator = start_emulator()
        env |= emulator.env()
    try:
        async with open_recall(load_settings(env)) as deps:
            request = RecallRequest(user_id=args.user, query=args.query, now=_now(args.now), timezone=args.timezone,
                                    limit=args.limit, include_hidden=args.include_hidden, explain=explain)
            return await run_recall(request, deps)
    finally:
        if emulator is not None:
            emulator.stop()


def cmd_query(args: argparse.Namespace) -> int:
    from app.render import plan_summary, timeline

    bundle = asyncio.run(_recall(args, explain=False))
    if args.json:
        sys.stdout.write(msgspec.json.format(msgspec.json.encode(bundle).decode(), indent=2) + "\n")
    else:
        print(f"Q: {args.query}\n{plan_summary(bundle.plan)}\n{timeline(bundle)}")
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    from app.render import explain_text

    bundle = asyncio.run(_recall(args, explain=True))
    print(explain_text(bundle.explain))
    return 0


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("app").setLevel(logging.INFO)
    parser = argparse.ArgumentParser(prog="python -m app", description="MeMind Temporal Recall")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the HTTP service")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(func=cmd_serve)
    db = sub.add_parser("db", help="apply or revert migrations, or run the embedded server on its own")
    db.add_argument("action", choices=["upgrade", "downgrade", "serve"])
    db.set_defaults(func=cmd_db)
    plan = sub.add_parser("plan", help="print the ContextPlan of a query")
    plan.add_argument("query")
    plan.add_argument("--now")
    plan.add_argument("--timezone")
    plan.set_defaults(func=cmd_plan)
    for name, func, text in (("query", cmd_query, "run one recall query and print the grouped timeline"),
                             ("explain", cmd_explain, "run one recall query and print its SQL, counts and timings")):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("query")
        cmd.add_argument("--user", required=True)
        cmd.add_argument("--now")
        cmd.add_argument("--timezone")
        cmd.add_argument("--limit", type=int, default=20)
        cmd.add_argument("--include-hidden", action="store_true")
        cmd.add_argument("--json", action="store_true", help="print the Recall Bundle as JSON")
        cmd.add_argument("--emulator", action="store_true", help="read the built-in demo upstreams")
        cmd.set_defaults(func=func)
    schemas = sub.add_parser("schemas", help="regenerate schemas/*.json from the contract Structs")
    schemas.set_defaults(func=cmd_schemas)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except RecallError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
