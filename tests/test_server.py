"""The HTTP mock provider: routes, selection, control API, request log, faults, timing, flush modes.

Most tests share one real server (a ThreadedMockServer on an ephemeral 127.0.0.1 port) and
talk to it with a synchronous httpx client; tests that need their own settings run a
MockServer inside ``asyncio.run``.
"""

from __future__ import annotations

import asyncio
import difflib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any
from unittest import mock

import httpx
import pytest

from mock_provider import server as server_mod
from mock_provider.dialects import DialectError
from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server import (
    MockProviderState,
    MockServer,
    ThreadedMockServer,
    compile_plan,
)
from mock_provider.server import app as app_mod
from mock_provider.server import writer as writer_mod
from mock_provider.wires import Chunk, Disconnect, Stall, plan_response

PART_DIALECTS = ("v2", "v3", "v4", "mastra")
HAVE_OPENAI = importlib.util.find_spec("mock_provider.wires.openai_chat") is not None
HAVE_ANTHROPIC = importlib.util.find_spec("mock_provider.wires.anthropic") is not None
needs_openai = pytest.mark.skipif(not HAVE_OPENAI, reason="openai-chat dialect module not available")
needs_anthropic = pytest.mark.skipif(not HAVE_ANTHROPIC, reason="anthropic dialect module not available")


def make_scenario(sid: str, *, text: str = "Hello", delay_ms: float = 0, match: dict[str, Any] | None = None,
                  pieces: int = 1) -> Scenario:
    """A small valid text scenario: ``pieces`` deltas of ``text``, each after ``delay_ms``."""
    script: list[dict[str, Any]] = [{"part": {"type": "stream-start", "warnings": []}},
                                    {"part": {"type": "text-start", "id": "t"}}]
    script += [{"part": {"type": "text-delta", "id": "t", "delta": text}, "delay_ms": delay_ms}
               for _ in range(pieces)]
    script += [{"part": {"type": "text-end", "id": "t"}},
               {"part": {"type": "finish", "finishReason": {"unified": "stop", "raw": "stop"},
                         "usage": {"inputTokens": {"total": 1}, "outputTokens": {"total": 1}}}}]
    data: dict[str, Any] = {
        "id": sid, "title": f"test {sid}", "rows": ["8.1.4"], "citations": [{"ref": "tests/test_server.py"}],
        "request": {"messages": [{"role": "user", "content": "hi"}]},
        "script": script, "expected": {"text": text * pieces, "finish_reason": "stop"},
    }
    if match is not None:
        data["match"] = match
    return Scenario.model_validate(data)


EXTRA = [
    make_scenario("srv.match.weather", text="sunny", match={"last_user_contains": "weather in"}),
    make_scenario("srv.match.tools", text="tools!", match={"tool_names": ["lookup", "save"]}),
    make_scenario("srv.slow.001", text="x", delay_ms=60_000, pieces=5),
    make_scenario("srv.timed.001", text="t", delay_ms=40, pieces=4),
]


@pytest.fixture(scope="module")
def corpus_all() -> list[Scenario]:
    return [*load_corpus(), *EXTRA]


@pytest.fixture(scope="module")
def srv(corpus_all: list[Scenario]) -> Iterator[ThreadedMockServer]:
    server = ThreadedMockServer(corpus_all, time_scale=0.0, max_stall_s=30.0)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def client(srv: ThreadedMockServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=srv.base_url, timeout=10.0) as c:
        yield c


def by_id(scenarios: list[Scenario], sid: str) -> Scenario:
    return next(s for s in scenarios if s.id == sid)


def bytes_before_fault(plan: Any) -> bytes:
    out = b""
    for item in plan.body:
        if not isinstance(item, Chunk):
            break
        out += item.data
    return out


def wait_for_log(c: httpx.Client, scope: str, n: int, *, timeout: float = 3.0) -> list[dict[str, Any]]:
    """The scope's log once it holds ``n`` finished entries (bounded wait: the server thread
    may still be updating an entry when the client already has the bytes)."""
    deadline = time.monotonic() + timeout
    entries: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        entries = c.get("/_mock/requests", params={"scope": scope}).json()["requests"]
        if len(entries) >= n and all(e["ended_at"] is not None for e in entries):
            return entries
        time.sleep(0.02)
    raise AssertionError(f"log for {scope} did not settle: {entries}")


# ---------------------------------------------------------------- routes and bytes
@pytest.mark.parametrize("dialect", PART_DIALECTS)
def test_parts_routes_serve_exact_plan_bytes(client: httpx.Client, corpus_all: list[Scenario], dialect: str) -> None:
    s = by_id(corpus_all, "text.basic.001")
    r = client.post(f"/v1/parts/{dialect}", json={"model": "scenario:text.basic.001"})
    plan = plan_response(s, dialect, {}, streaming=True)
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/event-stream"
    assert r.headers["transfer-encoding"] == "chunked"
    assert r.headers["x-mock-scenario"] == "text.basic.001"
    assert r.content == plan.body_bytes()


def test_parts_route_ndjson_with_accept(client: httpx.Client, corpus_all: list[Scenario]) -> None:
    s = by_id(corpus_all, "tool.basic.001")
    r = client.post("/v1/parts/v4", json={"model": "scenario:tool.basic.001"},
                    headers={"Accept": "application/x-ndjson"})
    assert r.status_code == 200 and r.headers["content-type"] == "application/x-ndjson"
    assert r.content == plan_response(s, "v4", {}, accept="application/x-ndjson").body_bytes()
    assert all(json.loads(line)["type"] for line in r.text.splitlines())


def test_every_corpus_scenario_in_every_dialect_is_byte_exact_or_refused(
        client: httpx.Client, corpus_all: list[Scenario]) -> None:
    """The whole corpus through the server: body bytes equal the plan (up to a fault), DialectError -> 422."""
    dialects = [*PART_DIALECTS, *(["openai-chat"] if HAVE_OPENAI else []), *(["anthropic"] if HAVE_ANTHROPIC else [])]
    paths = {"openai-chat": "/v1/chat/completions", "anthropic": "/v1/messages"}
    checked = refused = 0
    for s in load_corpus():
        if any(st.fault is not None and st.fault.kind == "stall" for st in s.script):
            continue  # stalls are covered below (they wait for the client)
        if s.failed_attempts:
            continue  # the first attempts get the scripted failures (tests/test_turns.py plays them)
        for dialect in dialects:
            body: dict[str, Any] = {"model": f"scenario:{s.id}", "messages": [{"role": "user", "content": "x"}]}
            if dialect in ("openai-chat", "anthropic"):
                body["stream"] = True
            if dialect == "anthropic":
                body["max_tokens"] = 64
            restricted = s.dialects is not None and dialect not in s.dialects
            try:
                plan = plan_response(s, dialect, body)
            except DialectError as exc:
                plan, error = None, exc
            path = paths.get(dialect, f"/v1/parts/{dialect}")
            with client.stream("POST", path, json=body) as r:
                data = b""
                try:
                    for piece in r.iter_raw():
                        data += piece
                    cut = False
                except httpx.RemoteProtocolError:
                    cut = True
            if restricted or plan is None:
                assert r.status_code == 422, (s.id, dialect, data)
                err = json.loads(data)["error"]
                if not restricted:
                    assert err["type"] == "dialect_error" and err["part"] == error.part_type
                    assert err["dialect"] == dialect
                refused += 1
                continue
            assert r.status_code == plan.status, (s.id, dialect)
            has_cut = any(isinstance(i, Disconnect) for i in plan.body)
            assert cut == has_cut, (s.id, dialect)
            assert data == (bytes_before_fault(plan) if has_cut else plan.body_bytes()), (s.id, dialect)
            checked += 1
    print(f"byte-exact: {checked} scenario x dialect responses, {refused} refused with 422")
    assert checked > 300 and refused > 0


@needs_openai
def test_openai_chat_stream_and_json(client: httpx.Client, corpus_all: list[Scenario]) -> None:
    s = by_id(corpus_all, "text.basic.001")
    body = {"model": "scenario:text.basic.001", "messages": [{"role": "user", "content": "x"}], "stream": True,
            "stream_options": {"include_usage": True}}
    r = client.post("/v1/chat/completions", json=body)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    assert r.content == plan_response(s, "openai-chat", body).body_bytes()
    assert r.text.rstrip().endswith("data: [DONE]")
    body["stream"] = False
    del body["stream_options"]
    r = client.post("/v1/chat/completions", json=body)
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert "content-length" in r.headers
    assert r.json()["choices"][0]["message"]["content"] == "The capital of France is Paris."


@needs_anthropic
def test_anthropic_stream(client: httpx.Client, corpus_all: list[Scenario]) -> None:
    s = by_id(corpus_all, "text.basic.001")
    body = {"model": "scenario:text.basic.001", "max_tokens": 100, "stream": True,
            "messages": [{"role": "user", "content": "x"}]}
    r = client.post("/v1/messages", json=body)
    assert r.status_code == 200
    assert r.content == plan_response(s, "anthropic", body).body_bytes()
    assert r.text.startswith("event: message_start")


def test_http_status_fault_is_served_with_its_headers(client: httpx.Client) -> None:
    r = client.post("/v1/parts/v3", json={"model": "scenario:http.429.001"})
    assert r.status_code == 429 and r.headers["retry-after"] == "0"
    assert "error" in r.json()


# ---------------------------------------------------------------- selection
def test_selection_by_model_header_and_match_rules(client: httpx.Client) -> None:
    def selected(r: httpx.Response) -> str:
        assert r.status_code == 200, r.text
        return r.headers["x-mock-scenario"]

    assert selected(client.post("/v1/parts/v3", json={"model": "scenario:text.basic.001"})) == "text.basic.001"
    assert selected(client.post("/v1/parts/v3", json={"model": "gpt-4o"},
                                headers={"X-Mock-Scenario": "tool.basic.001"})) == "tool.basic.001"
    # The model wins over the header.
    assert selected(client.post("/v1/parts/v3", json={"model": "scenario:text.basic.001"},
                                headers={"X-Mock-Scenario": "tool.basic.001"})) == "text.basic.001"
    # An empty body is fine on the parts routes when the header selects.
    assert selected(client.post("/v1/parts/v3", headers={"X-Mock-Scenario": "text.basic.001"})) == "text.basic.001"
    msgs = [{"role": "user", "content": "first"}, {"role": "assistant", "content": "a"},
            {"role": "user", "content": [{"type": "text", "text": "what is the weather in Paris?"}]}]
    assert selected(client.post("/v1/parts/v3", json={"model": "m", "messages": msgs})) == "srv.match.weather"
    tools = [{"type": "function", "function": {"name": "save"}}, {"name": "lookup"}, {"name": "other"}]
    assert selected(client.post("/v1/parts/v3", json={"messages": [], "tools": tools})) == "srv.match.tools"
    # Gemini declares its functions in one tool's functionDeclarations: the same rule selects.
    gemini_tools = [{"functionDeclarations": [{"name": "lookup"}, {"name": "save"}]}]
    assert selected(client.post("/v1beta/models/m:streamGenerateContent?alt=sse", json={
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}], "tools": gemini_tools})) == "srv.match.tools"
    # Only the LAST user message counts, and every listed tool must be present.
    r = client.post("/v1/parts/v3", json={"messages": [*msgs, {"role": "user", "content": "thanks"}],
                                          "tools": [{"name": "lookup"}]})
    assert r.status_code == 400 and r.json()["error"]["type"] == "no_scenario_selected"
    assert "X-Mock-Scenario" in r.json()["error"]["message"] and "scenario:<id>" in r.json()["error"]["message"]


def test_unknown_id_is_404_with_closest_ids(client: httpx.Client) -> None:
    r = client.post("/v1/parts/v3", json={"model": "scenario:text.basik.001"})
    assert r.status_code == 404
    err = r.json()["error"]
    assert err["type"] == "unknown_scenario" and "text.basik.001" in err["message"]
    assert err["closest"][0] == "text.basic.001" and 1 <= len(err["closest"]) <= 5
    r = client.post("/v1/parts/v3", headers={"X-Mock-Scenario": "zzz.yyy.999"})
    assert r.status_code == 404 and r.json()["error"]["type"] == "unknown_scenario"


@pytest.mark.parametrize("bad", ["../../etc/passwd", "text/basic/001", "TEXT.BASIC.001", "x", "a..b", "a.b/../c",
                                 "a" * 300 + ".b"])
def test_malformed_scenario_ids_are_400(client: httpx.Client, bad: str) -> None:
    r = client.post("/v1/parts/v3", json={"model": f"scenario:{bad}"})
    assert r.status_code == 400 and r.json()["error"]["type"] == "invalid_scenario_id"
    r = client.post("/v1/parts/v3", headers={"X-Mock-Scenario": bad})
    assert r.status_code == 400 and r.json()["error"]["type"] == "invalid_scenario_id"


# ---------------------------------------------------------------- malformed requests
@pytest.mark.parametrize(("body", "param"), [
    ({"messages": "hello"}, "messages"),
    ({"messages": ["hello"]}, "messages.0"),
    ({"messages": [{"role": 3}]}, "messages.0.role"),
    ({"model": 7}, "model"),
    ({"model": None}, "model"),
    ({"stream": "yes"}, "stream"),
    ({"stream": 1}, "stream"),
    ({"stream_options": []}, "stream_options"),
    ({"stream_options": {"include_usage": "true"}}, "stream_options.include_usage"),
    ({"tools": {}}, "tools"),
    ({"tools": [1]}, "tools.0"),
])
def test_wrong_field_types_are_400_naming_the_field(client: httpx.Client, body: dict[str, Any], param: str) -> None:
    for path in ("/v1/parts/v3", "/v1/chat/completions", "/v1/messages"):
        r = client.post(path, json={**body}, headers={"X-Mock-Scenario": "text.basic.001"})
        assert r.status_code == 400, (path, r.text)
        assert r.json()["error"]["param"] == param
        assert r.json()["error"]["message"].startswith(param)


@pytest.mark.parametrize(("raw", "needle"), [
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "must be a JSON object"),
    (b'{"a": NaN}', "NaN"),
    (b"\xff\xfe{}", "not valid JSON"),
    (b"[" * 100_000 + b"]" * 100_000, ""),
])
def test_invalid_json_is_400_naming_the_error(client: httpx.Client, raw: bytes, needle: str) -> None:
    r = client.post("/v1/chat/completions", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.headers["content-type"] == "application/json"
    assert needle in r.json()["error"]["message"]


def test_body_limit_is_413_json(client: httpx.Client) -> None:
    big = b'{"messages": "' + b"x" * (1 << 20) + b'"}'
    r = client.post("/v1/chat/completions", content=big)
    assert r.status_code == 413 and r.json()["error"]["type"] == "request_too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit applies while reading
        for _ in range(20):
            yield b"x" * 65536

    r = client.post("/v1/parts/v3", content=chunks())
    assert r.status_code == 413 and r.json()["error"]["type"] == "request_too_large"


def test_unknown_paths_methods_and_dialects_are_json(client: httpx.Client) -> None:
    r = client.get("/nowhere")
    assert r.status_code == 404 and "model routes" in r.json()["error"]["message"]
    r = client.get("/v1/chat/completions")
    assert r.status_code == 405 and r.headers["allow"] == "POST" and r.json()["error"]["type"] == "method_not_allowed"
    r = client.request("PATCH", "/_mock/requests")
    assert r.status_code == 405
    r = client.post("/v1/parts/v9", json={})
    assert r.status_code == 404 and r.json()["error"]["type"] == "unknown_dialect"


def test_protocol_level_errors_are_json_too(srv: ThreadedMockServer) -> None:
    with httpx.Client(base_url=srv.base_url) as c:
        r = c.post("/v1/parts/v3", json={}, headers={"X-Long": "a" * 10_000})
    assert r.status_code == 400 and r.headers["content-type"] == "application/json"
    assert "malformed HTTP request" in r.json()["error"]["message"]


def _raises_dialect_error(s: Scenario, dialect: str) -> bool:
    try:
        plan_response(s, dialect, {"stream": True})
    except DialectError:
        return True
    return False


def test_dialect_error_is_422_naming_part_and_dialect(client: httpx.Client) -> None:
    r = client.post("/v1/parts/v2", json={"model": "scenario:tool.approval.001"})
    assert r.status_code == 422 and r.json()["error"]["type"] == "dialect_not_supported"
    if HAVE_OPENAI:
        sid = next(s.id for s in load_corpus() if (s.dialects is None or "openai-chat" in s.dialects)
                   and _raises_dialect_error(s, "openai-chat"))
        r = client.post("/v1/chat/completions", json={"model": f"scenario:{sid}", "stream": True, "messages": []})
        err = r.json()["error"]
        assert r.status_code == 422 and err["type"] == "dialect_error"
        assert err["dialect"] == "openai-chat" and err["part"] and err["part"] in err["message"]


# ---------------------------------------------------------------- control API
def test_health_and_scenario_listing(client: httpx.Client, corpus_all: list[Scenario]) -> None:
    assert client.get("/_mock/health").json() == {"status": "ok", "scenarios": len(client.get(
        "/_mock/scenarios").json()["scenarios"])}
    listing = client.get("/_mock/scenarios").json()
    ids = [s["id"] for s in listing["scenarios"]]
    assert set(s.id for s in corpus_all) <= set(ids)
    basic = next(s for s in listing["scenarios"] if s["id"] == "text.basic.001")
    assert basic["title"] and basic["rows"][0] == "8.1.4"


def test_post_scenario_json_and_yaml(client: httpx.Client) -> None:
    s = make_scenario("srv.posted.json", text="posted")
    r = client.post("/_mock/scenarios", json=s.model_dump(mode="json", exclude_none=True))
    assert r.status_code == 201 and r.json()["id"] == "srv.posted.json"
    r = client.post("/v1/parts/v3", json={"model": "scenario:srv.posted.json"})
    assert r.status_code == 200 and b"posted" in r.content
    yaml_doc = """
id: srv.posted.yaml
title: posted as YAML
rows: ["8.1.4"]
citations: [{ref: test}]
request: {messages: [{role: user, content: hi}]}
script:
  - part: {type: text-delta, id: "0", delta: "from yaml"}
expected: {text: "from yaml"}
"""
    r = client.post("/_mock/scenarios", content=yaml_doc, headers={"Content-Type": "application/yaml"})
    assert r.status_code == 201, r.text
    assert client.post("/v1/parts/v3", json={"model": "scenario:srv.posted.yaml"}).status_code == 200
    # Duplicate id.
    r = client.post("/_mock/scenarios", content=yaml_doc, headers={"Content-Type": "application/yaml"})
    assert r.status_code == 409 and r.json()["error"]["type"] == "duplicate_scenario"


def test_post_scenario_422_lists_field_errors(client: httpx.Client) -> None:
    bad = {
        "id": "srv.bad.001", "title": "t", "rows": ["8.1.4"], "citations": [{"ref": "r"}],
        "request": {"messages": [{"role": "user", "content": "hi"}]},
        "script": [{"part": {"type": "text-delta", "id": "0", "delta": 5}},
                   {"part": {"type": "text-delta", "id": "0", "delta": "x", "colour": "red"}}],
        "expected": {"text": "x"}, "extra_top": 1,
    }
    r = client.post("/_mock/scenarios", json=bad)
    assert r.status_code == 422
    err = r.json()["error"]
    fields = {f["field"]: f["message"] for f in err["fields"]}
    assert "script.0.part.delta" in fields
    assert fields["script.1.part.colour"] == "unknown field (typo?)"
    assert fields["extra_top"] == "unknown field (typo?)"
    good = make_scenario("srv.bad.002").model_dump(mode="json", exclude_none=True)
    # A posted scenario is a user's: the short form derives a missing title, but not a missing answer.
    missing = {k: v for k, v in good.items() if k != "script"}
    r = client.post("/_mock/scenarios", json=missing)
    assert r.status_code == 422 and [f["field"] for f in r.json()["error"]["fields"]] == ["script"]
    r = client.post("/_mock/scenarios", json={**bad, "id": "BAD ID", "script": [{"part": {"type": "ping"}}],
                                              "extra_top": None})
    assert r.status_code == 422


@pytest.mark.parametrize(("content", "ctype", "status"), [
    (b"id: [unclosed", "application/yaml", 400),
    (b"- a list\n- not a mapping\n", "application/yaml", 400),
    (b"a: &x [1]\nb: *x\n", "application/yaml", 400),
    (b"{bad json", "application/json", 400),
    (b"\xff\xfe", "text/plain", 400),
])
def test_post_scenario_unparsable_is_400(client: httpx.Client, content: bytes, ctype: str, status: int) -> None:
    r = client.post("/_mock/scenarios", content=content, headers={"Content-Type": ctype})
    assert r.status_code == status and r.json()["error"]["message"]


def test_token_guards_the_control_api_only() -> None:
    async def main() -> None:
        async with MockServer(None, token="s3cret") as s, httpx.AsyncClient(base_url=s.base_url) as c:
            for method, path in [("GET", "/_mock/health"), ("GET", "/_mock/scenarios"), ("POST", "/_mock/scenarios"),
                                 ("GET", "/_mock/requests"), ("DELETE", "/_mock/requests")]:
                r = await c.request(method, path)
                assert r.status_code == 401 and r.json()["error"]["type"] == "authentication_error"
                r = await c.request(method, path, headers={"Authorization": "Bearer wrong"})
                assert r.status_code == 401
            ok = await c.get("/_mock/health", headers={"Authorization": "Bearer s3cret"})
            assert ok.status_code == 200 and ok.json()["status"] == "ok"
            # The model routes accept any credentials (the adapter's own API key).
            r = await c.post("/v1/parts/v3", json={"model": "scenario:text.basic.001"},
                             headers={"Authorization": "Bearer sk-adapter"})
            assert r.status_code == 200

    asyncio.run(main())


# ---------------------------------------------------------------- request log
def test_request_log_drops_credentials_and_isolates_scopes(client: httpx.Client) -> None:
    secret_headers = {"Authorization": "Bearer sk-live", "X-Api-Key": "sk-ant", "Api-Key": "azure",
                      "Cookie": "session=1", "X-Custom": "kept"}
    body = {"model": "scenario:text.basic.001", "messages": [{"role": "user", "content": "hello"}], "temperature": 0}
    r = client.post("/v1/parts/v3", json=body, headers={**secret_headers, "X-Mock-Scope": "scope-a"})
    assert r.status_code == 200
    client.post("/v1/parts/v4", json={"model": "scenario:tool.basic.001"}, headers={"X-Mock-Scope": "scope-b"})
    client.post("/v1/parts/v4", json={"model": "scenario:nope.nope.001"}, headers={"X-Mock-Scope": "scope-b"})
    a = wait_for_log(client, "scope-a", 1)
    b = wait_for_log(client, "scope-b", 2)
    assert len(a) == 1 and len(b) == 2
    entry = a[0]
    for name in ("authorization", "x-api-key", "api-key", "cookie"):
        assert name not in entry["headers"]
    assert "sk-live" not in json.dumps(entry) and "sk-ant" not in json.dumps(entry)
    assert entry["headers"]["x-custom"] == "kept"
    assert entry["body"] == body and entry["scenario_id"] == "text.basic.001" and entry["dialect"] == "v3"
    assert entry["path"] == "/v1/parts/v3" and entry["status"] == 200 and entry["completed"] is True
    assert entry["bytes_sent"] == len(r.content) and entry["client_left_early"] is False
    assert entry["started_at"] <= entry["ended_at"] and abs(entry["started_at"] - time.time()) < 60
    assert [e["status"] for e in b] == [200, 404] and b[1]["error"]
    # Clearing one scope leaves the other.
    assert client.delete("/_mock/requests", params={"scope": "scope-b"}).json() == {"cleared": 2}
    assert len(wait_for_log(client, "scope-a", 1)) == 1
    assert client.get("/_mock/requests", params={"scope": "scope-b"}).json()["requests"] == []


def test_delete_all_requests() -> None:
    async def main() -> None:
        async with MockServer([]) as s, httpx.AsyncClient(base_url=s.base_url) as c:
            await c.post("/v1/parts/v3", json={})
            await c.post("/v1/parts/v3", json={}, headers={"X-Mock-Scope": "x"})
            assert len((await c.get("/_mock/requests")).json()["requests"]) == 2
            assert (await c.delete("/_mock/requests")).json() == {"cleared": 2}
            assert (await c.get("/_mock/requests")).json()["requests"] == []

    asyncio.run(main())


def test_log_is_bounded() -> None:
    state = MockProviderState([], max_log_entries=3)
    for _ in range(10):
        state.log.start("POST", "/v1/parts/v3", "v3", {}, None)
    assert [e.id for e in state.log.entries()] == [8, 9, 10]


# ---------------------------------------------------------------- faults
@pytest.mark.parametrize("sid", ["fault.disconnect.001", "fault.disconnect.002"])
def test_disconnect_is_a_remote_protocol_error_after_the_right_bytes(
        client: httpx.Client, corpus_all: list[Scenario], sid: str) -> None:
    plan = plan_response(by_id(corpus_all, sid), "v3", {})
    expected = bytes_before_fault(plan)
    assert isinstance(plan.body[-1], Disconnect) and expected
    got = b""
    with pytest.raises(httpx.RemoteProtocolError), \
            client.stream("POST", "/v1/parts/v3", json={"model": f"scenario:{sid}"},
                          headers={"X-Mock-Scope": f"cut-{sid}"}) as r:
        assert r.status_code == 200
        for piece in r.iter_raw():
            got += piece
    assert got == expected
    entry = wait_for_log(client, f"cut-{sid}", 1)[0]
    assert entry["fault"] == "disconnect" and entry["bytes_sent"] == len(expected) and entry["completed"] is False
    assert client.get("/_mock/health").status_code == 200


@needs_openai
def test_disconnect_in_openai_dialect(client: httpx.Client, corpus_all: list[Scenario]) -> None:
    body = {"model": "scenario:fault.disconnect.001", "stream": True, "messages": []}
    expected = bytes_before_fault(plan_response(by_id(corpus_all, "fault.disconnect.001"), "openai-chat", body))
    got = b""
    with pytest.raises(httpx.RemoteProtocolError), client.stream("POST", "/v1/chat/completions", json=body) as r:
        for piece in r.iter_raw():
            got += piece
    assert got == expected


def test_stall_ends_with_client_timeout_and_is_logged(client: httpx.Client, corpus_all: list[Scenario]) -> None:
    plan = plan_response(by_id(corpus_all, "fault.stall-abort.001"), "v3", {})
    assert isinstance(plan.body[-1], Stall)
    got = b""
    t0 = time.monotonic()
    with pytest.raises(httpx.ReadTimeout), \
            client.stream("POST", "/v1/parts/v3", json={"model": "scenario:fault.stall-abort.001"},
                          headers={"X-Mock-Scope": "stall-1"}, timeout=httpx.Timeout(5.0, read=0.3)) as r:
        for piece in r.iter_raw():
            got += piece
    assert 0.25 < time.monotonic() - t0 < 60  # the client's 0.3 s read timeout ended it (a hang guard above)
    assert got == bytes_before_fault(plan)
    entry = wait_for_log(client, "stall-1", 1)[0]
    assert entry["client_left_early"] is True and entry["fault"] == "stall" and entry["completed"] is False
    assert entry["bytes_sent"] == len(got)


def test_a_stall_never_ends_cleanly_even_when_the_client_is_judged_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    # The stall decides the client left (as when its transport is not visible yet); if the client is in fact still
    # reading, it must see the connection dropped, not a terminating chunk: a clean end is an empty, complete answer.
    async def gone(_request: object, _state: object) -> str:
        return "client"

    monkeypatch.setattr(writer_mod, "_stall", gone)

    async def main() -> bytes:
        async with MockServer(None) as server, httpx.AsyncClient(timeout=10.0) as c:
            got = b""
            with pytest.raises(httpx.RemoteProtocolError):
                async with c.stream("POST", server.base_url + "/v1/parts/v3",
                                    json={"model": "scenario:fault.stall-abort.001"}) as r:
                    async for piece in r.aiter_raw():
                        got += piece
            return got

    assert asyncio.run(main())  # what came before the stall still arrived


def test_stall_does_not_block_shutdown() -> None:
    async def main() -> float:
        server = MockServer(None, max_stall_s=120.0, shutdown_timeout=30.0)
        await server.start()
        got = b""
        async with httpx.AsyncClient(timeout=10.0) as c:
            async def read() -> None:
                nonlocal got
                async with c.stream("POST", server.base_url + "/v1/parts/v3",
                                    json={"model": "scenario:fault.stall-abort.001"}) as r:
                    async for piece in r.aiter_raw():
                        got += piece

            reader = asyncio.create_task(read())
            while not got:  # bounded by the client timeout of the reader
                await asyncio.sleep(0.01)
                assert not reader.done(), reader
            t0 = time.monotonic()
            await server.stop()
            took = time.monotonic() - t0
            with pytest.raises(httpx.RemoteProtocolError):
                await reader
        return took

    assert asyncio.run(main()) < 2.0


# ---------------------------------------------------------------- timing and flush modes
def test_time_scale_zero_never_sleeps(client: httpx.Client, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[float] = []
    real = writer_mod.scripted_delay

    async def spy(seconds: float, request: Any = None) -> None:
        calls.append(seconds)
        await real(seconds, request)

    monkeypatch.setattr(writer_mod, "scripted_delay", spy)
    t0 = time.monotonic()
    r = client.post("/v1/parts/v3", json={"model": "scenario:srv.slow.001"})  # 5 x 60 s scripted
    assert r.status_code == 200 and r.text.count('"delta":"x"') == 5
    assert time.monotonic() - t0 < 60 and calls == []  # 300 s if the scripted delays were slept


def test_time_scale_applies_scripted_delays(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[float] = []
    real = writer_mod.scripted_delay

    async def spy(seconds: float, request: Any = None) -> None:
        calls.append(seconds)
        await real(seconds, request)

    monkeypatch.setattr(writer_mod, "scripted_delay", spy)
    scenario = make_scenario("srv.timed.002", text="t", delay_ms=40, pieces=4)

    async def main() -> tuple[float, list[float]]:
        async with MockServer([scenario], time_scale=0.5) as s, httpx.AsyncClient() as c:
            arrivals: list[float] = []
            t0 = time.monotonic()
            async with c.stream("POST", s.base_url + "/v1/parts/v3", json={"model": "scenario:srv.timed.002"}) as r:
                async for _ in r.aiter_raw():
                    arrivals.append(time.monotonic() - t0)
            return time.monotonic() - t0, arrivals

    took, arrivals = asyncio.run(main())
    assert calls == [0.02] * 4  # 40 ms scaled by 0.5
    assert took >= 0.08 and len(arrivals) >= 2  # delayed chunks arrive in separate reads


def test_per_event_and_coalesce_write_identical_bytes(corpus_all: list[Scenario]) -> None:
    dialects = ["v3", "mastra", *(["openai-chat"] if HAVE_OPENAI else []), *(["anthropic"] if HAVE_ANTHROPIC else [])]
    paths = {"openai-chat": "/v1/chat/completions", "anthropic": "/v1/messages"}
    scenarios = [s for s in load_corpus() if not any(st.fault is not None and st.fault.kind == "stall"
                                                      for st in s.script)]

    async def collect(flush: str) -> dict[tuple[str, str], tuple[int, bytes]]:
        out: dict[tuple[str, str], tuple[int, bytes]] = {}
        async with MockServer(scenarios, flush=flush) as s, httpx.AsyncClient(base_url=s.base_url) as c:
            for sc in scenarios:
                for d in dialects:
                    data = b""
                    try:
                        async with c.stream("POST", paths.get(d, f"/v1/parts/{d}"),
                                            json={"model": f"scenario:{sc.id}", "stream": True}) as r:
                            async for piece in r.aiter_raw():
                                data += piece
                    except httpx.RemoteProtocolError:
                        data += b"<cut>"
                    out[(sc.id, d)] = (r.status_code, data)
        return out

    coalesced = asyncio.run(collect("coalesce"))
    per_event = asyncio.run(collect("per-event"))
    assert coalesced == per_event
    assert len(coalesced) == len(scenarios) * len(dialects)


def test_coalesce_joins_zero_delay_chunks_but_keeps_split_pieces_apart(corpus_all: list[Scenario]) -> None:
    s = by_id(corpus_all, "text.basic.001")
    plan = plan_response(s, "v3", {})
    assert len(compile_plan(plan, s, time_scale=0).ops) == 1
    # With delays: a new write starts at each delayed chunk (steps 3 and 4 have 20 ms).
    timed = compile_plan(plan, s, time_scale=1.0)
    assert [round(op.delay_s, 3) for op in timed.ops] == [0.0, 0.02, 0.02]
    assert b"".join(op.data for op in timed.ops) == plan.body_bytes()
    assert len(compile_plan(plan, s, flush="per-event").ops) == len(plan.body)
    split = by_id(corpus_all, "fault.split.001")
    splan = plan_response(split, "v3", {})
    ops = compile_plan(splan, split).ops
    pieces = [c.data for c in splan.body if isinstance(c, Chunk) and c.step == 4]
    assert len(pieces) > 3
    for piece in pieces:  # each cut piece is its own write
        assert any(op.data == piece for op in ops)
    assert b"".join(op.data for op in ops) == splan.body_bytes()


def test_plans_are_cached_per_request_shape() -> None:
    state = MockProviderState()
    _, a = state.resolve("v3", b'{"model": "scenario:text.basic.001"}', {})
    _, b = state.resolve("v3", b'{"model": "scenario:text.basic.001", "messages": []}', {})
    _, c = state.resolve("v3", b'{"model": "scenario:text.basic.001"}', {"Accept": "application/x-ndjson"})
    assert a is b and c is not a and c.headers["content-type"] == "application/x-ndjson"


def test_app_options_are_validated() -> None:
    for kwargs in ({"time_scale": -1}, {"time_scale": float("nan")}, {"flush": "sometimes"}, {"max_body_bytes": 0}):
        with pytest.raises(ValueError):
            server_mod.create_app([], **kwargs)


# ---------------------------------------------------------------- real SDK clients
def test_openai_sdk_streams_from_the_server(srv: ThreadedMockServer) -> None:
    openai = pytest.importorskip("openai")
    if not HAVE_OPENAI:
        pytest.skip("openai-chat dialect module not available")
    client = openai.OpenAI(base_url=srv.base_url + "/v1", api_key="sk-test", max_retries=0)
    stream = client.chat.completions.create(model="scenario:text.basic.001", stream=True,
                                            messages=[{"role": "user", "content": "hi"}])
    text = "".join(chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices)
    assert text == "The capital of France is Paris."
    with pytest.raises(openai.RateLimitError):
        client.chat.completions.create(model="scenario:http.429.001", messages=[{"role": "user", "content": "x"}])


def test_anthropic_sdk_streams_from_the_server(srv: ThreadedMockServer) -> None:
    anthropic = pytest.importorskip("anthropic")
    if not HAVE_ANTHROPIC:
        pytest.skip("anthropic dialect module not available")
    client = anthropic.Anthropic(base_url=srv.base_url, api_key="sk-ant-test", max_retries=0)
    with client.messages.stream(model="scenario:text.basic.001", max_tokens=64,
                                messages=[{"role": "user", "content": "hi"}]) as stream:
        text = "".join(stream.text_stream)
    assert text == "The capital of France is Paris."


# ---------------------------------------------------------------- CLI and pytest plugin
@pytest.mark.parametrize(("sig", "loop"), [(signal.SIGTERM, "auto"), (signal.SIGINT, "asyncio")])
def test_cli_serve_prints_url_streams_and_stops_on_signal(sig: signal.Signals, loop: str) -> None:
    env = {**os.environ, "MOCK_PROVIDER_TIME_SCALE": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "mock_provider", "serve", "--port", "0", "--log-level", "warning",
                             "--loop", loop], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    # auto runs on uvloop wherever it is installed (a dependency on Linux and macOS).
    expected_loop = "uvloop" if loop == "auto" and importlib.util.find_spec("uvloop") else "asyncio"
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "serving" in line and "time scale 0" in line and f"{expected_loop} loop" in line, line
        url = line.split(" at ")[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        health = httpx.get(url + "/_mock/health", timeout=5).json()
        assert health["status"] == "ok" and health["scenarios"] == len(load_corpus())
        assert f"serving {health['scenarios']} scenarios" in line
        sse = httpx.post(url + "/v1/chat/completions", timeout=5, json={
            "model": "scenario:text.basic.001", "stream": True, "messages": [{"role": "user", "content": "hi"}]})
        deltas = [json.loads(ln[6:])["choices"][0]["delta"].get("content") or ""
                  for ln in sse.text.split("\n") if ln.startswith("data: {")]
        assert "".join(deltas) == "The capital of France is Paris." and sse.text.endswith("data: [DONE]\n\n")
        proc.send_signal(sig)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=5)


def test_a_server_owning_its_process_raises_the_young_gc_threshold_and_restores_it() -> None:
    import gc

    before = gc.get_threshold()

    async def main() -> tuple[int, int, int]:
        server = MockServer([], freeze_gc=True)
        await server.start()
        try:
            return gc.get_threshold()
        finally:
            await server.stop()

    try:
        during = asyncio.run(main())
    finally:
        gc.unfreeze()  # MockServer(freeze_gc=True) froze this test process's heap
    assert during == (server_mod.YOUNG_GC_THRESHOLD, *before[1:]) and during[0] > before[0]
    assert gc.get_threshold() == before


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_accepted_connections_have_nodelay_from_the_loop_and_no_keepalive_probes(loop: str) -> None:
    """The server skips aiohttp's second TCP_NODELAY setsockopt; the loop's own must still be there."""
    import socket

    if loop == "uvloop" and importlib.util.find_spec("uvloop") is None:
        pytest.skip("uvloop is not installed")

    async def main() -> list[tuple[str, int, int]]:
        async with MockServer([]) as server:
            reader, writer = await asyncio.open_connection("127.0.0.1", int(server.base_url.rsplit(":", 1)[1]))
            writer.write(b"GET /_mock/health HTTP/1.1\r\nHost: x\r\n\r\n")
            await reader.readuntil(b"\r\n\r\n")
            runner = server._runner
            assert runner is not None and runner.server is not None
            seen = []
            for handler in runner.server.connections:
                sock = handler.transport.get_extra_info("socket")
                seen.append((type(handler).__name__, sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY),
                             sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE)))
            writer.close()
            return seen

    if loop == "uvloop":
        import uvloop

        seen = uvloop.run(main())
    else:
        seen = asyncio.run(main())
    assert len(seen) == 1
    name, nodelay, keepalive = seen[0]
    assert name == "_JsonErrorRequestHandler"
    assert nodelay != 0 and keepalive == 0


def test_unknown_transports_still_get_aiohttps_nodelay() -> None:
    """Only asyncio's and uvloop's transports (which set TCP_NODELAY themselves) skip the setsockopt."""
    asked: list[str] = []

    class Transport:
        def get_extra_info(self, name: str, default: Any = None) -> Any:
            asked.append(name)
            return default

    loop = asyncio.new_event_loop()
    try:
        proto = app_mod._NoDelaySetByLoop(loop)
        proto.connection_made(Transport())  # type: ignore[arg-type]
        assert asked == ["socket"] and proto.transport is not None  # BaseProtocol's tcp_nodelay asked for it
        asked.clear()
        Transport.__module__ = "uvloop.loop"
        proto.connection_made(Transport())  # type: ignore[arg-type]
        assert asked == [] and proto.transport is not None
    finally:
        loop.close()


def test_cli_serve_rejects_bad_time_scale() -> None:
    out = subprocess.run([sys.executable, "-m", "mock_provider", "serve", "--time-scale", "-2"],
                         capture_output=True, text=True, timeout=30, check=False)
    assert out.returncode == 2 and "--time-scale" in out.stderr


def test_cli_serve_refuses_an_empty_token() -> None:
    """``--token ''`` once turned authentication off without a word."""
    out = subprocess.run([sys.executable, "-m", "mock_provider", "serve", "--port", "0", "--token", ""],
                         capture_output=True, text=True, timeout=30, check=False)
    assert out.returncode == 2 and "--token ''" in out.stderr


def test_cli_serve_warns_on_a_non_loopback_bind_without_a_token() -> None:
    env = {**os.environ, "MOCK_PROVIDER_TIME_SCALE": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "mock_provider", "serve", "--port", "0", "--host", "0.0.0.0",
                             "--log-level", "warning"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        assert "serving" in proc.stdout.readline()
        proc.terminate()
        proc.wait(timeout=10)
        assert "without --token" in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=5)


def test_did_you_mean_compares_a_bounded_number_of_ids() -> None:
    """With 10,000 stored ids a suggestion once ran difflib over all of them on the event loop."""
    from mock_provider.server.selection import MAX_SUGGEST, ScenarioStore

    base = load_corpus()[0]
    many = [base.model_copy(update={"id": f"zz{i:05d}.x.001"}) for i in range(10_000)]
    store = ScenarioStore([*load_corpus(), *many])
    compared: list[int] = []
    real = difflib.get_close_matches

    def counting(word: str, possibilities: list[str], *args: Any, **kwargs: Any) -> list[str]:
        compared.append(len(possibilities))
        return real(word, possibilities, *args, **kwargs)

    with mock.patch("difflib.get_close_matches", counting):
        assert store.closest("text.basic.01")[0] == "text.basic.001"  # its family comes first
    assert compared == [MAX_SUGGEST]


PLUGIN_TESTS = '''
import httpx

def _post(mp, sid):
    r = httpx.post(mp.parts_url("v3"), json={"model": mp.model(sid)}, headers=mp.headers)
    assert r.status_code == 200

def test_one(mock_provider):
    _post(mock_provider, "text.basic.001")
    _post(mock_provider, "tool.basic.001")
    assert [e["scenario_id"] for e in mock_provider.requests()] == ["text.basic.001", "tool.basic.001"]

def test_two(mock_provider, request):
    from mock_provider.pytest_plugin import session_server

    assert mock_provider.requests() == []
    _post(mock_provider, "reasoning.basic.001")
    assert [e["scenario_id"] for e in mock_provider.requests()] == ["reasoning.basic.001"]
    assert mock_provider.openai_base_url == session_server(request.config).base_url + "/v1"
    assert mock_provider.anthropic_base_url == session_server(request.config).base_url

def test_add_scenario(mock_provider):
    sid = mock_provider.add_scenario("""
id: plugin.added.001
title: added
rows: ["8.1.4"]
citations: [{ref: t}]
request: {messages: [{role: user, content: hi}]}
script: [{part: {type: text-delta, id: "0", delta: "added"}}]
expected: {text: added}
""")
    _post(mock_provider, sid)
'''


def test_pytest_plugin_fixtures_isolate_tests(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plugin_use=PLUGIN_TESTS)
    result = pytester.runpytest_subprocess("-q")  # the plugin loads through its pytest11 entry point
    result.assert_outcomes(passed=3)


@pytest.mark.parametrize(("path", "body", "param"), [
    ("/v1/chat/completions", {"model": "scenario:text.basic.001", "stream": True}, "messages"),
    ("/v1/messages", {"model": "scenario:text.basic.001", "stream": True, "max_tokens": 64}, "messages"),
    ("/v1/messages", {"model": "scenario:text.basic.001", "stream": True,
                      "messages": [{"role": "user", "content": "hi"}]}, "max_tokens"),
])
def test_a_request_the_real_api_refuses_is_refused_in_its_error_shape(
        client: httpx.Client, path: str, body: dict[str, Any], param: str) -> None:
    """No ``messages`` (both APIs) or no ``max_tokens`` (Anthropic) is a 400, not a 200 stream."""
    r = client.post(path, json=body)
    assert r.status_code == 400, r.text
    error = r.json()
    assert error["type"] == "error" and error["error"]["type"] == "invalid_request_error"  # Anthropic's envelope
    assert error["error"]["param"] == param and param in error["error"]["message"]  # OpenAI's error object


# ---------------------------------------------------------------- PUT / DELETE of a posted scenario (issue 18)
def test_a_posted_scenario_can_be_replaced_and_deleted(client: httpx.Client) -> None:
    """Before, a posted scenario could be neither replaced (POST again: 409) nor deleted (no route)."""
    s = make_scenario("srv.put.001", text="first")
    assert client.post("/_mock/scenarios", json=s.model_dump(mode="json", exclude_none=True)).status_code == 201
    assert b"first" in client.post("/v1/parts/v3", json={"model": "scenario:srv.put.001"}).content
    again = make_scenario("srv.put.001", text="second")
    r = client.put("/_mock/scenarios/srv.put.001", json=again.model_dump(mode="json", exclude_none=True))
    assert r.status_code == 200, r.text
    streamed = client.post("/v1/parts/v3", json={"model": "scenario:srv.put.001"}).content
    assert b"second" in streamed and b"first" not in streamed  # the compiled plan of the first is gone
    r = client.delete("/_mock/scenarios/srv.put.001")
    assert r.status_code == 200 and r.json()["deleted"] == "srv.put.001"
    assert client.post("/v1/parts/v3", json={"model": "scenario:srv.put.001"}).status_code == 404
    assert client.delete("/_mock/scenarios/srv.put.001").status_code == 404
    # PUT of a new id creates it; a body whose id differs from the URL's is refused.
    r = client.put("/_mock/scenarios/srv.put.001", json=again.model_dump(mode="json", exclude_none=True))
    assert r.status_code == 201, r.text
    r = client.put("/_mock/scenarios/srv.put.other", json=again.model_dump(mode="json", exclude_none=True))
    assert r.status_code == 400 and "srv.put.other" in r.json()["error"]["message"]
    client.delete("/_mock/scenarios/srv.put.001")


def test_built_in_scenarios_can_be_neither_replaced_nor_deleted(client: httpx.Client) -> None:
    r = client.delete("/_mock/scenarios/text.basic.001")
    assert r.status_code == 409 and r.json()["error"]["type"] == "builtin_scenario"
    fake = make_scenario("text.basic.001", text="not the corpus")
    r = client.put("/_mock/scenarios/text.basic.001", json=fake.model_dump(mode="json", exclude_none=True))
    assert r.status_code == 409
    assert b"not the corpus" not in client.post("/v1/parts/v3", json={"model": "scenario:text.basic.001"}).content
