"""What operators see: /metrics after a few recalls, who may read it, the spans of one recall, and
the affinity header."""

from __future__ import annotations

import httpx
import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind
from prometheus_client.parser import text_string_to_metric_families

from app.emulator.dataset import DEMO_NOW, DEMO_USER, OTHER_USER

NOW = DEMO_NOW.isoformat()
QUERY = "我昨天有什么重要的事？"
RECALL = "/v1/temporal-recall/query"


def _client(app, client_addr: tuple[str, int] = ("127.0.0.1", 50000)) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=client_addr), base_url="http://recall")


def _samples(text: str) -> dict[str, list]:
    """Every sample by its name (a counter's `_total`, a histogram's `_count`, `_sum`, `_bucket`)."""
    out: dict[str, list] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out.setdefault(sample.name, []).append(sample)
    return out


def _value(samples: dict[str, list], name: str, **labels: str) -> float:
    return sum(s.value for s in samples.get(name, []) if all(s.labels.get(k) == v for k, v in labels.items()))


async def test_metrics_after_a_few_recalls_show_every_family_with_sane_values(build_app, upstream_env):
    app = build_app(upstream_env)
    async with _client(app) as client:
        for user in (DEMO_USER, DEMO_USER, OTHER_USER):  # the repeat is served from the timeline cache
            resp = await client.post(RECALL, json={"user_id": user, "query": QUERY, "now": NOW},
                                     headers={"X-User-Id": user})
            assert resp.status_code == 200, resp.text
        refused = await client.post(RECALL, json={"user_id": DEMO_USER, "query": QUERY},
                                    headers={"X-User-Id": OTHER_USER})
        assert refused.status_code == 400 and "X-User-Id" in refused.json()["detail"]
        # no route: counted under one label whatever the path, and whatever token the method is
        assert (await client.get("/v1/no-such-path/42")).status_code == 404
        assert (await client.request("BREW", "/coffee")).status_code in (404, 405)
        assert (await client.get(RECALL)).status_code == 405
        scraped = await client.get("/metrics")
    assert scraped.status_code == 200 and scraped.headers["content-type"].startswith("text/plain")
    assert DEMO_USER not in scraped.text and OTHER_USER not in scraped.text and QUERY not in scraped.text
    m = _samples(scraped.text)

    request = "recall_http_request_duration_seconds"
    assert _value(m, f"{request}_count", route=RECALL, method="POST", status="200") == 3
    assert _value(m, f"{request}_count", route=RECALL, method="POST", status="400") == 1
    assert 0 < _value(m, f"{request}_sum", route=RECALL, status="200") < 3 * 5  # within the deadline each
    assert _value(m, f"{request}_count", route="unmatched", method="GET", status="404") == 1
    assert _value(m, f"{request}_count", route="unmatched", method="GET", status="405") == 1
    assert sum(s.value for s in m[f"{request}_count"] if s.labels["method"] == "other") == 1
    assert "/v1/no-such-path/42" not in scraped.text and "BREW" not in scraped.text

    for stage in ("fetch", "load", "filter", "dedupe", "rank"):
        assert _value(m, "recall_stage_duration_seconds_count", stage=stage) == 3, stage
        assert 0 < _value(m, "recall_stage_duration_seconds_sum", stage=stage) < 5, stage

    for source in ("meinput", "chat"):
        assert _value(m, "recall_source_fetches_total", source=source, outcome="ok") == 3
        # two users read from the upstream, the repeat from the cache
        assert _value(m, "recall_source_fetch_duration_seconds_count", source=source, outcome="ok") == 2
    assert {s.labels["outcome"] for s in m["recall_source_fetches_total"]} <= {"ok", "error", "partial", "truncated",
                                                                               "skipped"}
    hits = _value(m, "recall_timeline_cache_lookups_total", result="hit")
    misses = _value(m, "recall_timeline_cache_lookups_total", result="miss")
    assert hits >= 2 and misses >= 4  # every configured source: a miss per new user, a hit on the repeat

    assert _value(m, "recall_db_pool_connections_in_use") == 0  # every recall gave its connection back
    assert _value(m, "recall_db_pool_size") == 10
    assert _value(m, "recall_db_pool_waits_total") == 0 and _value(m, "recall_db_pool_timeouts_total") == 0
    assert _value(m, "recall_embedded_postgres_restarts_total") == 0


def test_a_source_read_part_way_is_counted_partial_and_one_cut_at_the_cap_truncated():
    from app.contracts import SourceReport
    from app.metrics import outcome

    assert outcome(SourceReport(status="error", fetched=40, partial=True, error="timeout after 2.0s")) == "partial"
    assert outcome(SourceReport(status="ok", fetched=100, truncated=True)) == "truncated"
    assert outcome(SourceReport(status="error", error="HTTP 401")) == "error"
    assert outcome(SourceReport(status="skipped")) == "skipped"


async def test_pool_waits_are_counted(build_app, upstream_env):
    import asyncio

    app = build_app(upstream_env | {"DB_POOL_SIZE": "1"})
    async with _client(app) as client:
        bodies = [{"user_id": DEMO_USER, "query": q, "now": NOW} for q in (QUERY, "我上周做了什么？", "这个月有哪些决定")]
        answers = await asyncio.gather(*(client.post(RECALL, json=b) for b in bodies))
        assert [a.status_code for a in answers] == [200] * 3
        m = _samples((await client.get("/metrics")).text)
    assert _value(m, "recall_db_pool_waits_total") >= 1
    assert _value(m, "recall_db_pool_wait_seconds_total") > 0


@pytest.mark.parametrize(("env", "client_addr", "headers", "status"), [
    ({}, ("127.0.0.1", 5), {}, 200),  # default: loopback only, no token needed
    ({}, ("10.1.2.3", 5), {}, 404),  # from elsewhere there is no such route
    ({"RECALL_API_TOKENS": "prom:scrape-token"}, ("::1", 5), {}, 200),
    ({"RECALL_METRICS": "service", "RECALL_API_TOKENS": "prom:scrape-token"}, ("10.1.2.3", 5), {}, 401),
    ({"RECALL_METRICS": "service", "RECALL_API_TOKENS": "prom:scrape-token"}, ("10.1.2.3", 5),
     {"Authorization": "Bearer scrape-token"}, 200),
    ({"RECALL_METRICS": "open", "RECALL_API_TOKENS": "prom:scrape-token"}, ("10.1.2.3", 5), {}, 200),
    ({"RECALL_METRICS": "off"}, ("127.0.0.1", 5), {}, 404),
    ({"RECALL_METRICS_ADDR": "127.0.0.1:9464"}, ("127.0.0.1", 5), {}, 404),  # served on its own port instead
])
async def test_who_may_read_metrics(build_app, env, client_addr, headers, status):
    async with _client(build_app(env), client_addr) as client:
        resp = await client.get("/metrics", headers=headers)
    assert resp.status_code == status, resp.text


async def test_one_recall_traces_request_then_sources_then_sql_statements(build_app, upstream_env):
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    app = build_app(upstream_env, tracer_provider=provider)
    async with _client(app) as client:
        resp = await client.post(RECALL, json={"user_id": DEMO_USER, "query": QUERY, "now": NOW})
    assert resp.status_code == 200
    spans = exporter.get_finished_spans()
    [server] = [s for s in spans if s.kind == SpanKind.SERVER]
    assert server.name == f"POST {RECALL}" and server.attributes["http.status_code"] == 200
    assert {s.context.trace_id for s in spans} == {server.context.trace_id}, "one trace"
    by_id = {s.context.span_id: s for s in spans}

    def under_server(span) -> bool:
        while span.parent is not None:
            if span.parent.span_id == server.context.span_id:
                return True
            span = by_id[span.parent.span_id]
        return False

    upstream = [s for s in spans if s.kind == SpanKind.CLIENT]
    assert {s.attributes["recall.source"] for s in upstream} >= {"meinput", "chat"}
    assert all(under_server(s) for s in upstream)
    sql = [s for s in spans if s.name.startswith("sql ")]
    stages = [s.attributes["recall.stage"] for s in sorted(sql, key=lambda s: s.start_time)]
    assert stages[0] == "load" and stages[-1] == "rank"
    assert {"load", "filter", "dedupe", "rank"} <= set(stages)
    assert all(under_server(s) for s in sql)
    assert all(s.attributes["recall.sql.statement"] == s.name.removeprefix("sql ") for s in sql)
    # neither the user nor the question is in any span: URLs are cut to their origin, no SQL parameters
    for span in spans:
        for value in span.attributes.values():
            assert DEMO_USER not in str(value) and "昨天" not in str(value), (span.name, value)
