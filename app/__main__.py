"""Command line: serve, db, plan, query, explain."""

from __future__ import annotations

import argparse
import logging
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
    from app.sqlfiles import Queries
    from app.web import create_app

    settings = load_settings()
    queries = Queries()
    database = prepare_database(settings)
    try:
        engine = create_engine(database.url, settings)
        http_client = httpx.AsyncClient()
        app = create_app(settings, engine=engine, queries=queries, http_client=http_client)
        app.on_shutdown.extend([engine.dispose, http_client.aclose])
        if not settings.api_tokens:
            logging.getLogger("app").warning("RECALL_API_TOKENS is unset: authentication is OFF (dev only)")
        # uvicorn catches SIGTERM/SIGINT, drains, runs on_shutdown and then re-raises the signal to
        # the handler that was there before it: ours turns it into a normal exit so `finally` runs.
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, _exit_cleanly)
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    finally:
        database.close()
    return 0


def cmd_db(args: argparse.Namespace) -> int:
    from app.db import migrate
    from app.db.embedded import EmbeddedPostgres

    settings = load_settings()
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


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    parser = argparse.ArgumentParser(prog="python -m app", description="MeMind Temporal Recall")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the HTTP service")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(func=cmd_serve)
    db = sub.add_parser("db", help="apply or revert migrations")
    db.add_argument("action", choices=["upgrade", "downgrade"])
    db.set_defaults(func=cmd_db)
    plan = sub.add_parser("plan", help="print the ContextPlan of a query")
    plan.add_argument("query")
    plan.add_argument("--now")
    plan.add_argument("--timezone")
    plan.set_defaults(func=cmd_plan)
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
