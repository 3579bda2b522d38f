"""Input that cannot steer the service: no user id (or upstream session id) changes which upstream
path is asked, bodies are decoded strictly (a wrong type, an unknown field, bytes that are not
UTF-8, absurd nesting are all 400, never 500), and what a caller may send is bounded."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote, urlsplit

import httpx
import pytest

from app.contracts import MAX_PROJECTS
from app.emulator.dataset import DEMO_NOW
from app.emulator.hostile import HostileUpstream, json_answer

NOW = DEMO_NOW.isoformat()
RECALL = "/v1/temporal-recall/query"
PLAN = "/v1/context-planner/plan"
QUERY = "我昨天有什么重要的事？"

# every answer any source asks for, at once: sessions worth a look, no records
SESSIONS = [{"session_id": sid, "title": "t", "created_at": NOW, "last_active_at": NOW}
            for sid in ("..", ".", "...", "s/../x", "%2e%2e", "ok")]
UPSTREAM_ANSWER = {"sessions": SESSIONS, "runs": [], "messages": [], "items": [], "memories": [], "next_cursor": None}
ALLOWED = (re.compile(r"/v1/users/(?P<user>[^/?#]+)/(sessions|agent-runs)"),
           re.compile(r"/v1/sessions/(?P<session>[^/?#]+)/messages"),
           re.compile(r"/v1/evidence/export"),
           re.compile(r"/v1/memory/search"))


def client_for(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://recall")


def assert_400(resp: httpx.Response, mentions: str = "") -> str:
    assert resp.status_code == 400, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json")
    detail = resp.json()["detail"]
    assert mentions in detail, detail
    return detail


# ---------------------------------------------------------------- upstream paths

STEERING_IDS = ["a/../b", "../../admin", "..%2F..%2Fadmin", "%2e%2e", "?user_id=other", "#frag", "a\\..\\b",
                "./.", ".. ", "x/..", "..;", "．．", "u 42", "u%00"]


async def test_no_user_id_leaves_the_users_paths(build_app):
    async with HostileUpstream(json_answer(UPSTREAM_ANSWER)) as upstream:
        env = {f"{s}_{k}": v for s in ("MEINPUT", "CHAT", "MEMORY") for k, v in (("URL", upstream.url), ("TOKEN", "t"))}
        async with client_for(build_app(env)) as c:
            for user in STEERING_IDS:
                upstream.paths.clear()
                resp = await c.post(RECALL, json={"user_id": user, "query": QUERY, "now": NOW})
                assert resp.status_code == 200, (user, resp.text)
                sessions = set()
                for path in upstream.paths:
                    raw, query = urlsplit(path).path, urlsplit(path).query
                    match = next((m for p in ALLOWED if (m := p.fullmatch(raw))), None)
                    assert match is not None, f"user id {user!r} made the service ask for {path}"
                    if "user" in match.groupdict():
                        assert unquote(match["user"]) == user
                    elif "session" in match.groupdict():
                        sessions.add(unquote(match["session"]))
                    elif raw == "/v1/evidence/export":
                        assert ("user_id", user) in httpx.QueryParams(query).multi_items()
                assert sessions == {"s/../x", "%2e%2e", "ok"}, "dot-only session ids are never asked for"
                assert resp.json()["sources"]["chat"]["skipped"] == 3  # `..`, `.`, `...`: undecodable


@pytest.mark.parametrize("user", [".", "..", "...", "...."])
async def test_a_user_id_of_dots_only_is_400_and_asks_nobody(build_app, user):
    async with HostileUpstream(json_answer(UPSTREAM_ANSWER)) as upstream:
        async with client_for(build_app({"CHAT_URL": upstream.url, "MEINPUT_URL": upstream.url})) as c:
            resp = await c.post(RECALL, json={"user_id": user, "query": QUERY, "now": NOW})
        assert_400(resp, "dots only")
        assert upstream.paths == []


# ---------------------------------------------------------------- strict bodies

BAD_RECALL_BODIES = {
    "limit as a string": ({"limit": "5"}, "$.limit"),
    "include_hidden as a string": ({"include_hidden": "true"}, "$.include_hidden"),
    "explain as a number": ({"explain": 1}, "$.explain"),
    "now as a number": ({"now": 12345}, "$.now"),
    "user_id with DEL": ({"user_id": "u\x7f42"}, "control characters"),
    "user_id with a C1 control": ({"user_id": "u\x8542"}, "control characters"),
    "user_id with CSI": ({"user_id": "u\x9b31m"}, "control characters"),
    "unknown field in the snapshot": ({"user_snapshot": {"active_projects": [], "mood": "x"}}, "mood"),
    "too many projects": ({"user_snapshot": {"active_projects": [f"p{i}" for i in range(MAX_PROJECTS + 1)]}},
                          "$.user_snapshot.active_projects"),
    "7,000 projects": ({"user_snapshot": {"active_projects": ["p"] * 7000}}, "$.user_snapshot.active_projects"),
    "a project too long": ({"user_snapshot": {"active_projects": ["p" * 101]}}, "$.user_snapshot.active_projects[0]"),
}


@pytest.mark.parametrize("case", list(BAD_RECALL_BODIES))
async def test_strict_types_and_bounds(build_app, case):
    change, mentions = BAD_RECALL_BODIES[case]
    async with client_for(build_app()) as c:
        resp = await c.post(RECALL, json={"user_id": "u_42", "query": QUERY, "now": NOW, **change})
    assert_400(resp, mentions)


async def test_now_as_a_number_is_400_for_the_planner_too(build_app):
    async with client_for(build_app()) as c:
        assert_400(await c.post(PLAN, json={"query": QUERY, "now": 12345}), "$.now")


@pytest.mark.parametrize("where", ["plan", "plan.time", "plan.output", "plan.filters", "plan.time.event_range",
                                   "plan.targets[0]", "plan.context_needs"])
async def test_an_unknown_field_anywhere_in_a_callers_plan_is_400(build_app, where):
    async with client_for(build_app()) as c:
        plan = (await c.post(PLAN, json={"query": "我前天做了什么", "now": NOW})).json()
        node = plan
        for step in where.split(".")[1:]:
            name, _, index = step.partition("[")
            node = node[name] if not index else node[name][int(index[:-1])]
        node["surprise"] = True
        resp = await c.post(RECALL, json={"user_id": "u_42", "query": "随便", "now": NOW, "plan": plan})
    assert_400(resp, "surprise")


UNDECODABLE = {
    "raw invalid UTF-8": (b'{"user_id": "u_42", "query": "\xff\xfe", "now": "%s"}' % NOW.encode(), "UTF-8"),
    "20,000-deep array": (b"[" * 20_000 + b"]" * 20_000, ""),
    "20,000-deep array in a field": (b'{"user_id": "u_42", "query": "q", "plan": ' + b"[" * 20_000 + b"]" * 20_000
                                     + b"}", ""),
    "10,000-deep object in the plan": (b'{"user_id": "u_42", "query": "q", "plan": {"time": {"x": '
                                       + b'{"a":' * 10_000 + b"1" + b"}" * 10_000 + b"}}}", ""),
    "truncated": (b'{"user_id": "u_42", "query": ', "not valid JSON"),
    "empty": (b"", "not valid JSON"),
}


@pytest.mark.parametrize("case", list(UNDECODABLE))
@pytest.mark.parametrize("path", [RECALL, PLAN])
async def test_undecodable_bodies_are_400_not_500(build_app, case, path):
    body, mentions = UNDECODABLE[case]
    async with client_for(build_app()) as c:
        resp = await c.post(path, content=body, headers={"content-type": "application/json"})
    assert_400(resp, mentions)


async def test_a_well_typed_body_still_passes(build_app):
    """The strict check refuses nothing the contract allows (the planner needs no upstream)."""
    body = {"query": QUERY, "now": NOW, "timezone": "Asia/Shanghai", "user_id": "u_42"}
    async with client_for(build_app()) as c:
        resp = await c.post(PLAN, content=json.dumps(body, ensure_ascii=False).encode(),
                            headers={"content-type": "application/json; charset=utf-8"})
    assert resp.status_code == 200, resp.text
