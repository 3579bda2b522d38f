"""Property-based API check: schemathesis against the running service's own OpenAPI document.

Bounded examples per operation; every response must be < 500 and match the documented schema
(status, content type, body).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from app.db import migrate
from tests.conftest import create_database
from tests.test_service import _free_port, _wait_healthy

ROOT = Path(__file__).resolve().parents[1]
# No 5xx, and every response as documented. Schema-valid data may still be refused with a 400 when
# it is semantically wrong (an unknown time zone, a blank query), so "positive data acceptance" is
# not among the checks.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
DB = "schemathesis_run"


@pytest.fixture(scope="module")
def service(embedded_pg, emulator, tmp_path_factory):
    url = asyncio.run(create_database(DB))
    migrate.upgrade(url)
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": url, "DB_POOL_SIZE": "4",
           **emulator.env(("meinput", "chat"))}
    # Logs go to a file: a pipe nobody reads fills after ~64 KiB and then blocks the service.
    log = tmp_path_factory.mktemp("schemathesis") / "service.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", str(port)], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT, text=True)
    try:
        _wait_healthy(port, proc, 30, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
            pytest.fail(f"the service did not stop within 20 s of SIGTERM; its log: {log}")


def test_no_server_errors_and_documented_responses(service):
    # schemathesis' own pytest plugin does not load under pytest 9: drive its strategies directly
    schema = schemathesis.openapi.from_url(f"{service}/schema/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in operations} >= {"/v1/temporal-recall/query", "/v1/context-planner/plan", "/healthz"}
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def check(case):
            case.call_and_validate(checks=CHECKS)

        check()
