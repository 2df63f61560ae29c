"""Agent loops on the provider side: turn selection, refusal past the last turn, attempts, the log.

Scenarios under ``tests/data/turns/``: ``turns.server.001`` (a server-tool call, then text; turn 2's
first attempt is a 429), ``turns.retry.500`` (two 500s, then text) and ``turns.followup.001`` (the
scenario's own messages already hold an assistant turn). Every request is built by hand in its
wire's own conversation format (the shapes of the published SDK types), so each wire's turn
counter is tested on what a real client sends, and the expected texts and envelopes are written
here, not read back from the renderer.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from conformance.run_record import RunRecord, UpstreamCall
from mock_provider.dialects import HTTP_DIALECTS, PART_DIALECTS, assistant_turns, decode_items
from mock_provider.model import APICallError, ScriptedLanguageModel
from mock_provider.parts import TextDelta, ToolCall
from mock_provider.request_log import RequestLog, call_of_turn
from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server import ThreadedMockServer
from mock_provider.wires import plan_response

DATA = Path(__file__).parent / "data" / "turns"
SERVER_TOOL, RETRY_500, FOLLOW_UP = "turns.server.001", "turns.retry.500", "turns.followup.001"
TURN2_TEXT = "It is sunny in Paris."


@pytest.fixture(scope="module")
def scenarios() -> dict[str, Scenario]:
    return {s.id: s for s in load_corpus(DATA)}


@pytest.fixture(scope="module")
def srv(scenarios: dict[str, Scenario]) -> Iterator[ThreadedMockServer]:
    server = ThreadedMockServer(list(scenarios.values()), time_scale=0.0)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def client(srv: ThreadedMockServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=srv.base_url, timeout=10.0) as c:
        yield c


def new_scope() -> str:
    return f"turns-{uuid.uuid4().hex[:10]}"


# ---------------------------------------------------------------- conversations, one per wire
# Each builder gives the request body after `done` finished assistant turns: turn k called
# get_weather and got its result back, as the wire's SDK types spell it.
def _prompt(done: int) -> list[dict[str, Any]]:
    """AI SDK LanguageModelV3Prompt (the part dialects, in process and over /v1/parts)."""
    out: list[dict[str, Any]] = [{"role": "user", "content": [{"type": "text", "text": "Weather in Paris?"}]}]
    for k in range(done):
        out += [{"role": "assistant", "content": [{"type": "tool-call", "toolCallId": f"call_{k}",
                                                   "toolName": "get_weather", "input": {"city": "Paris"}}]},
                {"role": "tool", "content": [{"type": "tool-result", "toolCallId": f"call_{k}",
                                              "toolName": "get_weather",
                                              "output": {"type": "json", "value": {"forecast": "sunny"}}}]}]
    return out


def _chat(done: int) -> dict[str, Any]:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Weather in Paris?"}]
    for k in range(done):
        messages += [{"role": "assistant", "content": None, "tool_calls": [
            {"id": f"call_{k}", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": f"call_{k}", "content": '{"forecast":"sunny"}'}]
    return {"stream": True, "messages": messages}


def _anthropic(done: int) -> dict[str, Any]:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Weather in Paris?"}]
    for k in range(done):
        messages += [{"role": "assistant", "content": [{"type": "tool_use", "id": f"toolu_{k}", "name": "get_weather",
                                                        "input": {"city": "Paris"}}]},
                     {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_{k}",
                                                   "content": "sunny"}]}]
    return {"stream": True, "max_tokens": 64, "messages": messages}


def _responses(done: int) -> dict[str, Any]:
    items: list[dict[str, Any]] = [{"role": "user", "content": "Weather in Paris?"}]
    for k in range(done):
        # One turn, three assistant-side items: reasoning, text, the call; then the call's output.
        items += [{"type": "reasoning", "id": f"rs_{k}", "summary": []},
                  {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Let me see."}]},
                  {"type": "function_call", "call_id": f"call_{k}", "name": "get_weather", "arguments": "{}"},
                  {"type": "function_call_output", "call_id": f"call_{k}", "output": "sunny"}]
    return {"stream": True, "input": items}


def _gemini(done: int) -> dict[str, Any]:
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": "Weather in Paris?"}]}]
    for _ in range(done):
        contents += [{"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},
                     {"role": "user", "parts": [{"functionResponse": {"name": "get_weather",
                                                                      "response": {"forecast": "sunny"}}}]}]
    return {"contents": contents}


BODIES: dict[str, Callable[[int], dict[str, Any]]] = {
    "openai-chat": _chat, "anthropic": _anthropic, "openai-responses": _responses, "gemini": _gemini,
    **{d: (lambda done: {"prompt": _prompt(done)}) for d in PART_DIALECTS},
}
# The API's own error envelope of a refusal, per wire (the part routes use the mock's own).
ENVELOPES: dict[str, Callable[[str], dict[str, Any]]] = {
    "openai-chat": lambda m: {"error": {"message": m, "type": "invalid_request_error", "param": None, "code": None}},
    "openai-responses": lambda m: {"error": {"message": m, "type": "invalid_request_error", "param": None,
                                             "code": None}},
    "anthropic": lambda m: {"type": "error", "error": {"type": "invalid_request_error", "message": m}},
    "gemini": lambda m: {"error": {"code": 400, "message": m, "status": "INVALID_ARGUMENT"}},
    **{d: (lambda m: {"type": "error", "error": {"type": "invalid_request_error", "message": m}})
       for d in PART_DIALECTS},
}


def post(c: httpx.Client, dialect: str, sid: str, body: dict[str, Any], scope: str) -> httpx.Response:
    headers = {"X-Mock-Scope": scope}
    if dialect == "gemini":
        return c.post(f"/v1beta/models/scenario%3A{sid}:streamGenerateContent?alt=sse", json=body, headers=headers)
    routes = {"openai-chat": "/v1/chat/completions", "anthropic": "/v1/messages", "openai-responses": "/v1/responses"}
    path = f"/v1/parts/{dialect}" if dialect in PART_DIALECTS else routes[dialect]
    return c.post(path, json={"model": f"scenario:{sid}", **body}, headers=headers)


def logged(c: httpx.Client, scope: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = c.get("/_mock/requests", params={"scope": scope}).json()["requests"]
    return entries


# ---------------------------------------------------------------- the counters
def test_each_wire_counts_its_own_assistant_turns() -> None:
    for name, build in BODIES.items():
        assert [assistant_turns(name, build(k)) for k in range(3)] == [0, 1, 2], name


def test_responses_counts_a_run_of_assistant_items_once_and_hostile_bodies_count_zero() -> None:
    body = {"input": [{"role": "user", "content": "a"}, {"type": "reasoning"}, {"type": "function_call"},
                      {"type": "function_call_output"}, {"type": "function_call"}, {"type": "item_reference"},
                      {"role": "user", "content": "b"}, {"role": "assistant", "content": "c"}]}
    assert assistant_turns("openai-responses", body) == 3
    for name in (*PART_DIALECTS, *HTTP_DIALECTS):
        for hostile in ({}, {"messages": "x", "input": 3, "contents": {"a": 1}, "prompt": None},
                        {"messages": [None, 1, []], "input": [None], "contents": [[]], "prompt": ["assistant"]},
                        {"input": [{"type": ["function_call"]}, {"type": {"a": 1}}, {"role": ["assistant"]}]}):
            assert assistant_turns(name, hostile) == 0, (name, hostile)



def test_chat_counts_a_run_of_assistant_messages_once() -> None:
    # One model turn sent back as its text, then its call, in two messages (AiSdkModel of @openai/agents-extensions
    # 0.18.0 through @ai-sdk/mistral, the openai-agents-aisdk-mistral pin's loop.text-between.*): Mistral's server
    # merges consecutive messages of one role, so this is turn 2, not turn 3 past a two-turn script.
    body = {"messages": [{"role": "user", "content": "Weather in Oslo?"},
                         {"role": "assistant", "content": "Let me check. "},
                         {"role": "assistant", "content": "", "tool_calls": [
                             {"id": "call_t1", "type": "function",
                              "function": {"name": "get_weather", "arguments": '{"city":"Oslo"}'}}]},
                         {"role": "tool", "tool_call_id": "call_t1", "content": '{"temp_c":3}'}]}
    assert assistant_turns("openai-chat", body) == 1
    # A user or tool message between them ends the run: two turns.
    split = {"messages": [*body["messages"][:2], {"role": "user", "content": "and?"}, *body["messages"][2:]]}
    assert assistant_turns("openai-chat", split) == 2


# ---------------------------------------------------------------- in process
def _texts(items: list[dict[str, Any]], dialect: str) -> str:
    return "".join(p.delta for p in decode_items(items, dialect) if isinstance(p, TextDelta))


async def _stream(model: ScriptedLanguageModel, prompt: list[dict[str, Any]]) -> list[dict[str, Any]]:
    result = await model.do_stream({"prompt": prompt})
    return [item async for item in result.stream]


@pytest.mark.parametrize("dialect", PART_DIALECTS)
def test_in_process_turns_attempts_and_the_end_of_the_script(scenarios: dict[str, Scenario], dialect: str) -> None:
    model = ScriptedLanguageModel(scenarios[SERVER_TOOL], dialect)

    async def run() -> None:
        first = decode_items(await _stream(model, _prompt(0)), dialect)
        assert [p.tool_call_id for p in first if isinstance(p, ToolCall)] == ["call_w1"]
        with pytest.raises(APICallError) as refused:  # turn 2, attempt 1: the scripted 429
            await _stream(model, _prompt(1))
        assert refused.value.status_code == 429 and refused.value.is_retryable
        assert refused.value.response_headers == {"retry-after-ms": "1", "retry-after": "0"}
        assert _texts(await _stream(model, _prompt(1)), dialect) == TURN2_TEXT
        with pytest.raises(APICallError) as past:
            await _stream(model, _prompt(2))
        assert past.value.status_code == 400 and not past.value.is_retryable
        assert str(past.value) == "scenario turns.server.001 scripts 2 turns; this request is turn 3"

    asyncio.run(run())
    calls = model.log.records
    assert [(c.turn, c.attempt, c.past_last_turn) for c in calls] == [(1, 1, False), (2, 1, False), (2, 2, False),
                                                                      (3, 1, True)]
    assert [c.completed for c in calls] == [True, False, True, False]
    assert calls[1].error == ("APICallError: mock-provider: scripted HTTP 429 "
                              "(scenario turns.server.001, turn 2, attempt 1)")
    assert model.log.turn_call(2) is calls[2] and model.log.turn_call(3) is None


def test_in_process_do_generate_plays_the_turn_too(scenarios: dict[str, Scenario]) -> None:
    model = ScriptedLanguageModel(scenarios[FOLLOW_UP], "v3")
    own = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!"},
           {"role": "user", "content": "joke"}]
    first = asyncio.run(model.do_generate({"prompt": own}))
    second = asyncio.run(model.do_generate({"prompt": [*own, {"role": "assistant", "content": "x"},
                                                       {"role": "user", "content": "more"}]}))
    assert first["content"] == [{"type": "text", "text": "First answer."}]
    assert second["content"] == [{"type": "text", "text": "Second answer."}]


def test_in_process_follow_up_counts_only_assistant_turns_beyond_the_scenarios_own(
        scenarios: dict[str, Scenario]) -> None:
    s = scenarios[FOLLOW_UP]
    own = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!"}]
    model = ScriptedLanguageModel(s, "v4")
    assert _texts(asyncio.run(_stream(model, own)), "v4") == "First answer."
    assert _texts(asyncio.run(_stream(model, [*own, {"role": "assistant", "content": "First answer."}])),
                  "v4") == "Second answer."
    with pytest.raises(APICallError, match=r"^scenario turns.followup.001 scripts 2 turns; this request is turn 3$"):
        asyncio.run(_stream(model, [*own, *[{"role": "assistant", "content": "x"}] * 2]))


def test_in_process_500_twice_then_the_stream_and_attempts_per_log(scenarios: dict[str, Scenario]) -> None:
    shared = RequestLog()
    model = ScriptedLanguageModel(scenarios[RETRY_500], "v3", log=shared)
    other = ScriptedLanguageModel(scenarios[RETRY_500], "v3")  # another case: its own log, its own count
    statuses = []
    for _ in range(2):
        with pytest.raises(APICallError) as exc:
            asyncio.run(_stream(model, _prompt(0)))
        statuses.append(exc.value.status_code)
    with pytest.raises(APICallError):
        asyncio.run(_stream(other, _prompt(0)))
    assert statuses == [500, 500]
    assert _texts(asyncio.run(_stream(model, _prompt(0))), "v3") == "Third time lucky."
    assert [c.attempt for c in shared.records] == [1, 2, 3] and [c.attempt for c in other.log.records] == [1]
    shared.clear()  # a cleared log starts counting again
    with pytest.raises(APICallError):
        asyncio.run(_stream(model, _prompt(0)))
    assert shared.last().attempt == 1


# ---------------------------------------------------------------- over HTTP, every wire
@pytest.mark.parametrize("dialect", [*PART_DIALECTS, *HTTP_DIALECTS])
def test_http_turns_attempts_and_past_last_turn(client: httpx.Client, scenarios: dict[str, Scenario],
                                                dialect: str) -> None:
    s, build, scope = scenarios[SERVER_TOOL], BODIES[dialect], new_scope()
    first = post(client, dialect, SERVER_TOOL, build(0), scope)
    assert first.status_code == 200 and b"call_w1" in first.content and TURN2_TEXT.encode() not in first.content
    refused = post(client, dialect, SERVER_TOOL, build(1), scope)
    assert refused.status_code == 429 and refused.headers["retry-after-ms"] == "1"
    message = "mock-provider: scripted HTTP 429 (scenario turns.server.001, turn 2, attempt 1)"
    if dialect == "gemini":
        assert refused.json() == {"error": {"code": 429, "message": message, "status": "RESOURCE_EXHAUSTED"}}
    elif dialect.startswith("openai"):
        assert refused.json()["error"]["message"] == message and refused.json()["error"]["type"] == "rate_limit_error"
    else:
        assert refused.json() == {"type": "error", "error": {"type": "rate_limit_error", "message": message}}
    second = post(client, dialect, SERVER_TOOL, build(1), scope)
    assert second.status_code == 200 and TURN2_TEXT.encode() in second.content and b"call_w1" not in second.content
    # Turn 2 renders through the same planner as any scenario: the bytes are its plan's.
    request = {"stream": True, "model": f"scenario:{SERVER_TOOL}"} if dialect in HTTP_DIALECTS else {}
    assert second.content == plan_response(s.for_turn(2), dialect, request, streaming=True).body_bytes()
    past = post(client, dialect, SERVER_TOOL, build(2), scope)
    want = "scenario turns.server.001 scripts 2 turns; this request is turn 3"
    assert (past.status_code, past.json()) == (400, ENVELOPES[dialect](want))
    entries = logged(client, scope)
    assert [(e["turn"], e["attempt"], e["past_last_turn"], e["status"]) for e in entries] == [
        (1, 1, False, 200), (2, 1, False, 429), (2, 2, False, 200), (3, 1, True, 400)]
    assert entries[3]["error"] == want


def test_http_attempts_count_per_scope(client: httpx.Client) -> None:
    a, b = new_scope(), new_scope()
    seen = [(scope, post(client, "openai-chat", RETRY_500, _chat(0), scope).status_code)
            for scope in (a, b, a, a, b)]
    assert seen == [(a, 500), (b, 500), (a, 500), (a, 200), (b, 500)]
    assert [e["attempt"] for e in logged(client, a)] == [1, 2, 3]
    assert [e["attempt"] for e in logged(client, b)] == [1, 2]
    client.delete("/_mock/requests", params={"scope": b})  # clearing a scope's log restarts its count
    assert post(client, "openai-chat", RETRY_500, _chat(0), b).status_code == 500
    assert [e["attempt"] for e in logged(client, b)] == [1]


def test_http_follow_up_scenario_and_the_turn_request_helper(client: httpx.Client, srv: ThreadedMockServer) -> None:
    scope = new_scope()
    own = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!"},
           {"role": "user", "content": "joke"}]
    one = post(client, "anthropic", FOLLOW_UP, {"max_tokens": 9, "stream": False, "messages": own}, scope)
    two = post(client, "anthropic", FOLLOW_UP, {"max_tokens": 9, "stream": False, "messages": [
        *own, {"role": "assistant", "content": "First answer."}, {"role": "user", "content": "another"}]}, scope)
    assert [b["text"] for b in one.json()["content"]] == ["First answer."]
    assert [b["text"] for b in two.json()["content"]] == ["Second answer."]
    turn2 = srv.state.log.turn_call(2, scope)
    assert turn2 is not None and turn2.request["messages"][-1]["content"] == "another"


# ---------------------------------------------------------------- the official SDKs retry
def test_openai_sdk_retries_two_500s_and_the_log_counts_three_attempts(client: httpx.Client,
                                                                       srv: ThreadedMockServer) -> None:
    openai = pytest.importorskip("openai")
    scope = new_scope()
    sdk = openai.OpenAI(api_key="mock-key", base_url=srv.base_url + "/v1", max_retries=2,
                        default_headers={"X-Mock-Scope": scope})
    stream = sdk.chat.completions.create(model=f"scenario:{RETRY_500}", stream=True,
                                         messages=[{"role": "user", "content": "hi"}])
    text = "".join(chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices)
    assert text == "Third time lucky."
    assert [(e["attempt"], e["status"]) for e in logged(client, scope)] == [(1, 500), (2, 500), (3, 200)]


def test_anthropic_sdk_retries_the_429_of_turn_two(client: httpx.Client, srv: ThreadedMockServer) -> None:
    anthropic = pytest.importorskip("anthropic")
    scope = new_scope()
    sdk = anthropic.Anthropic(api_key="mock-key", base_url=srv.base_url, max_retries=1,
                              default_headers={"X-Mock-Scope": scope})
    body = _anthropic(1)
    reply = sdk.messages.create(model=f"scenario:{SERVER_TOOL}", max_tokens=64, messages=body["messages"])
    assert [b.text for b in reply.content if b.type == "text"] == [TURN2_TEXT]
    assert [(e["turn"], e["attempt"], e["status"]) for e in logged(client, scope)] == [(2, 1, 429), (2, 2, 200)]
    with pytest.raises(anthropic.BadRequestError, match="this request is turn 3"):
        sdk.messages.create(model=f"scenario:{SERVER_TOOL}", max_tokens=64, messages=_anthropic(2)["messages"])


# ---------------------------------------------------------------- CLI and the grader's record
def test_render_turn_prints_that_turns_bytes_and_refuses_past_the_last(scenarios: dict[str, Scenario]) -> None:
    def cli(*args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([sys.executable, "-m", "mock_provider", "--scenarios", str(DATA), "render", SERVER_TOOL,
                               *args], capture_output=True, check=False)

    two = cli("--dialect", "anthropic", "--turn", "2")
    assert two.returncode == 0 and TURN2_TEXT.encode() in two.stdout and b"call_w1" not in two.stdout
    request = {"model": f"scenario:{SERVER_TOOL}", "stream": True}
    assert two.stdout == plan_response(scenarios[SERVER_TOOL].for_turn(2), "anthropic", request).body_bytes()
    assert cli("--dialect", "anthropic").stdout == plan_response(scenarios[SERVER_TOOL], "anthropic",
                                                                   request).body_bytes()
    three = cli("--turn", "3")
    assert three.returncode == 2 and b"scripts 2 turns; this request is turn 3" in three.stderr


def test_run_record_upstream_keeps_turn_attempt_and_past_last_turn() -> None:
    calls = (UpstreamCall(request={"a": 1}, turn=1, attempt=2), UpstreamCall(turn=3, attempt=1, past_last_turn=True))
    record = RunRecord(case_id="c", scenario_id=SERVER_TOOL, dialect="v3", adapter="a", upstream=calls)
    again = RunRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again.upstream == calls
    assert call_of_turn(again.upstream, 1) is again.upstream[0] and call_of_turn(again.upstream, 3) is None


def test_respx_router_plays_turns_and_attempts_like_the_server(scenarios: dict[str, Scenario]) -> None:
    from mock_provider.respx_routes import mock_router

    base = "https://api.openai.com"
    with mock_router(list(scenarios.values()), base) as router, httpx.Client() as c:
        def send(done: int) -> httpx.Response:
            return c.post(base + "/v1/chat/completions", json={"model": f"scenario:{SERVER_TOOL}", **_chat(done)},
                          headers={"X-Mock-Scope": "respx"})

        statuses = [send(0).status_code, send(1).status_code]
        second = send(1)
        past = send(2)
    assert statuses == [200, 429] and second.status_code == 200 and TURN2_TEXT.encode() in second.content
    assert past.status_code == 400 and past.json()["error"]["message"].endswith("this request is turn 3")
    entries = router.mock_state.log.entries("respx")
    assert [(e.turn, e.attempt, e.past_last_turn) for e in entries] == [(1, 1, False), (2, 1, False), (2, 2, False),
                                                                        (3, 1, True)]


@pytest.mark.parametrize(("dialect", "prefix"), [("openai-chat", "chatcmpl-"), ("anthropic", "msg_"),
                                                 ("openai-responses", "resp_")])
def test_a_later_turn_gets_response_ids_of_its_own(scenarios: dict[str, Scenario], dialect: str, prefix: str) -> None:
    import hashlib

    s = scenarios[FOLLOW_UP]  # no response-metadata: the wire makes up the ids

    def response_id(turn: int) -> str:
        body = plan_response(s.for_turn(turn), dialect, {"stream": False}, streaming=False).body_bytes()
        found: str = json.loads(body)["id"]
        return found

    def seeded(seed: str) -> str:
        return prefix + hashlib.sha256(seed.encode()).hexdigest()[:12]

    assert response_id(1) == seeded(FOLLOW_UP)  # turn 1 keeps the ids it always had
    assert response_id(2) == seeded(f"{FOLLOW_UP} turn 2")


def test_validate_names_the_turns_of_a_loop() -> None:
    out = subprocess.run([sys.executable, "-m", "mock_provider", "validate", str(DATA / "server_tool_then_text.yaml"),
                          str(DATA / "retried_500.yaml")], capture_output=True, text=True, check=False)
    assert out.returncode == 0
    assert out.stdout.splitlines() == [
        f"ok: {DATA / 'server_tool_then_text.yaml'} (turns.server.001, 7 steps, 2 turns)",
        f"ok: {DATA / 'retried_500.yaml'} (turns.retry.500, 5 steps)"]
