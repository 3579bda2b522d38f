"""schemas/*.json are generated from the msgspec Structs; this fails when they drift."""

import json
from pathlib import Path

import pytest

from app.contracts import SCHEMA_FILES, json_schema

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"


@pytest.mark.parametrize("filename", sorted(SCHEMA_FILES))
def test_committed_schema_matches_structs(filename):
    committed = json.loads((SCHEMAS / filename).read_text(encoding="utf-8"))
    assert committed == json_schema(SCHEMA_FILES[filename]), (
        f"schemas/{filename} is stale: run `python -m app schemas` and commit the result"
    )


def test_schemas_carry_the_rfc_enums():
    plan = json.loads((SCHEMAS / "context-plan.schema.json").read_text())
    defs = plan["$defs"]
    assert set(defs["ContextPlan"]["properties"]["temporal_mode"]["enum"]) == {
        "OCCURRED_IN", "MENTIONED_IN", "PLANNED_IN", "CREATED_IN", "DUE_IN", "AMBIGUOUS"}
    assert set(defs["ContextNeeds"]["properties"]["temporal_recall"]["enum"]) == {"REQUIRED", "OPTIONAL", "SKIP"}
    item = json.loads((SCHEMAS / "timeline-item.schema.json").read_text())["$defs"]["TimelineItem"]["properties"]
    assert set(item["source"]["enum"]) == {"calendar", "chat", "meinput", "memory_v2"}
    assert set(item["type"]["enum"]) == {"event", "todo", "decision", "mention", "commitment"}
    assert set(item["status"]["enum"]) == {"planned", "completed", "mentioned", "unknown"}
