"""OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then a span per request
(the ASGI instrumentation), per upstream request of each source (the httpx instrumentation, on
each upstream's own client) and per SQL statement (`app.pipeline.sql.SqlRun`, its name only).

The provider is passed around, never installed globally, so that an app (or a test) traces into
the provider it was given. The SDK and instrumentations are imported only when tracing is on
(~0.4 s of start-up otherwise spent for nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.settings import Settings

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider

    from app.fetch import Upstreams

SERVICE_NAME = "memind-recall"


def tracer_provider_from(settings: Settings) -> TracerProvider | None:
    """A provider exporting over OTLP/HTTP in batches, or None when tracing is off. The exporter
    and the resource read the standard OTEL_* variables (headers, timeout, OTEL_SERVICE_NAME…)."""
    if settings.otel_endpoint is None:
        return None
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = TracerProvider(resource=Resource.create({"service.name": SERVICE_NAME}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    return provider


def request_tracing(provider: TracerProvider) -> Any:
    """The ASGI middleware making one server span per request; the `send`/`receive` spans of the
    ASGI messages are left out (a handful per request, and they say nothing the timings don't)."""
    from litestar.middleware import DefineMiddleware
    from opentelemetry.instrumentation.asgi import OpenTelemetryMiddleware

    return DefineMiddleware(OpenTelemetryMiddleware, tracer_provider=provider, exclude_spans=["receive", "send"])


def trace_upstreams(upstreams: Upstreams, provider: TracerProvider) -> None:
    """A client span per upstream request, named by its source. The span's URL is cut to its
    origin: an upstream's path and query carry the user id and the query's words."""
    from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor

    for name, upstream in upstreams.clients.items():
        for client in upstream.http_clients:
            HTTPXClientInstrumentor.instrument_client(client, tracer_provider=provider, request_hook=_source_hook(name))


def _source_hook(source: str) -> Any:
    async def hook(span: Any, request: Any) -> None:  # async: the instrumentation calls only that kind on an AsyncClient
        if not span.is_recording():
            return
        url = request.url
        origin = f"{url.scheme}://{url.netloc.decode()}" if hasattr(url, "netloc") else ""
        span.update_name(f"{request.method.decode()} {source}")
        span.set_attribute("recall.source", source)
        for key in ("http.url", "url.full"):
            if key in (span.attributes or {}):
                span.set_attribute(key, origin)
        for key in ("url.path", "url.query", "http.target"):
            if key in (span.attributes or {}):
                span.set_attribute(key, "")

    return hook
