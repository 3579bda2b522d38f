"""Prometheus metrics of one app, in a registry of its own (no global state: two apps in one process,
as in the tests, count apart).

Labels are bounded sets only: route templates, methods, status codes, stage and source names,
outcomes. Never a user id, a query text, a token or a caller name.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterator, Mapping
from typing import Any

from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy.ext.asyncio import AsyncEngine

from app.contracts import SourceReport
from app.db.engine import pool_use

# the methods a label may name: a client may send any token as a method, labels must stay few
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

REQUEST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
STAGE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
def outcome(report: SourceReport) -> str:
    """ok, error, partial (failed part-way: its records are used), truncated (an ok one cut at
    SOURCE_RECORD_CAP) or skipped."""
    if report.partial:
        return "partial"
    if report.status == "ok" and report.truncated:
        return "truncated"
    return report.status


class _PoolCollector(Collector):
    """The recall pool, read at scrape time: connections in use, the pool's size, the waits."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    def collect(self) -> Iterator[Metric]:
        use = pool_use(self.engine)
        yield GaugeMetricFamily("recall_db_pool_connections_in_use", "Pooled connections checked out by recalls",
                                value=self.engine.pool.checkedout())  # type: ignore[attr-defined]
        yield GaugeMetricFamily("recall_db_pool_size", "Connections the recall pool may hold",
                                value=self.engine.pool.size())  # type: ignore[attr-defined]
        yield CounterMetricFamily("recall_db_pool_waits", "Recalls that found every pooled connection busy and waited",
                                  value=use.waits)
        yield CounterMetricFamily("recall_db_pool_wait_seconds", "Time spent in those waits", value=use.wait_s)
        yield CounterMetricFamily("recall_db_pool_timeouts", "Waits that ran out of time (answered 503)",
                                  value=use.timeouts)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.requests = Histogram("recall_http_request_duration_seconds", "HTTP requests by route template and status",
                                  ["route", "method", "status"], buckets=REQUEST_BUCKETS, registry=r)
        self.stages = Histogram("recall_stage_duration_seconds", "Time of each recall stage",
                                ["stage"], buckets=STAGE_BUCKETS, registry=r)
        self.fetches = Counter("recall_source_fetches", "Source reads per recall by outcome (cache hits included)",
                               ["source", "outcome"], registry=r)
        self.fetch_time = Histogram("recall_source_fetch_duration_seconds",
                                    "Reads that went to the upstream (not served from the cache), by outcome",
                                    ["source", "outcome"], buckets=STAGE_BUCKETS, registry=r)
        self.cache = Counter("recall_timeline_cache_lookups", "Timeline cache lookups of a configured source",
                             ["result"], registry=r)
        self.db_restarts = Counter("recall_embedded_postgres_restarts",
                                   "Times the embedded server died and was started again", registry=r)
        for result in ("hit", "miss"):
            self.cache.labels(result)  # both series exist from the start: a ratio never divides by nothing

    def track_pool(self, engine: AsyncEngine) -> None:
        self.registry.register(_PoolCollector(engine))

    def observe_recall(self, fetch_s: float, stage_ms: Mapping[str, float], reports: Mapping[str, SourceReport]) -> None:
        self.stages.labels("fetch").observe(fetch_s)
        for stage, ms in stage_ms.items():
            self.stages.labels(stage).observe(ms / 1000)
        for source, report in reports.items():
            result = outcome(report)
            self.fetches.labels(source, result).inc()
            if result == "skipped":
                continue  # not configured or not asked: no lookup, no read
            self.cache.labels("hit" if report.cached else "miss").inc()
            if not report.cached:
                self.fetch_time.labels(source, result).observe(report.ms / 1000)

    def middleware(self, app: ASGIApp) -> ASGIApp:
        """Times every HTTP request, refusals and unknown paths included (it runs outside access
        control and routing)."""

        async def timed(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            started = time.perf_counter()
            status = 500  # what the server answers for a handler that dies before starting a response

            async def send_noting(message: Message) -> None:
                nonlocal status
                if message["type"] == "http.response.start":
                    status = message["status"]
                await send(message)

            try:
                await app(scope, receive, send_noting)
            except Exception as exc:  # Litestar answers refusals and errors itself: this is one it could not
                status = getattr(exc, "status_code", 500)
                raise
            finally:
                route = scope.get("path_template") or "unmatched"  # a template, never a raw path
                method = scope["method"] if scope["method"] in _METHODS else "other"  # any token is a method
                self.requests.labels(route, method, str(status)).observe(time.perf_counter() - started)

        return timed


def is_loopback(client: Any) -> bool:
    """Whether an ASGI client address is this machine's (a proxy on this machine is too: see
    docs/operations.md "Metrics")."""
    try:
        return ipaddress.ip_address(client[0]).is_loopback
    except (TypeError, ValueError, IndexError):
        return False
