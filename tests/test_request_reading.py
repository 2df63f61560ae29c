"""The tool history and the offered tools, read the same way on every wire (conformance/request_reading.py).

Before these checks, ``request.tool-history.001``, ``loop.server-tool.001`` and ``loop.parallel.001`` checked
nothing on the Messages, Responses and Gemini wires, and ``request.tools.001`` nothing on Responses and Gemini: a
client that dropped the tool round, filed a result under the wrong call or sent another schema passed. The
bodies below are what real clients sent (the pinned runs' records): each must pass, and each harmful rewrite
of one must fail exactly the row the scenario gives it, while rewrites the model reads alike must not.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from conformance.request_checks import request_findings
from conformance.request_reading import conversation_mismatch, functions_mismatch, schema_mismatch
from mock_provider.scenario import Scenario
from tests.calibration import read_records

# (pin, case): a real client's request that carries the scenario's tool history, or offers its tools, correctly.
HISTORY = {"anthropic": ("pydantic-ai-agui-anthropic", "request.tool-history.001[anthropic]"),
           "gemini": ("pydantic-ai-agui-gemini", "request.tool-history.001[gemini]"),
           "openai-responses": ("pydantic-ai-agui-responses", "request.tool-history.001[openai-responses]")}
TOOLS = {"anthropic": ("ai-sdk7-anthropic", "request.tools.001[anthropic]"),
         "gemini": ("ai-sdk7-google", "request.tools.001[gemini]"),
         "openai-responses": ("ai-sdk7-openai", "request.tools.001[openai-responses]")}
# Where each wire keeps a function tool's schema.
SCHEMA_KEY = {"anthropic": "input_schema", "gemini": "parametersJsonSchema", "openai-responses": "parameters"}


def _sent(pin: str, case: str) -> dict[str, Any]:
    record = next(r for r in read_records(pin) if r.case_id == case)
    body = record.upstream[-1].request
    assert isinstance(body, dict)
    return copy.deepcopy(body)


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


def _rows(scenario: Scenario, body: Any, dialect: str) -> list[str]:
    return [f.row for f in request_findings(scenario.expected_request, body, dialect, scenario.rows[0])]


def _blocks(body: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """Every Messages block / Responses item / Gemini part of ``kind`` (call or result) in ``body``."""
    if "contents" in body:
        key = "functionCall" if kind == "call" else "functionResponse"
        return [p[key] for c in body["contents"] for p in c["parts"] if key in p]
    if "input" in body:
        want = "function_call" if kind == "call" else "function_call_output"
        return [i for i in body["input"] if i.get("type") == want]
    if kind == "result" and any(m["role"] == "tool" for m in body["messages"]):  # Chat Completions
        return [m for m in body["messages"] if m["role"] == "tool"]
    want = "tool_use" if kind == "call" else "tool_result"
    return [b for m in body["messages"] if isinstance(m["content"], list) for b in m["content"] if b["type"] == want]


def _drop_results(body: dict[str, Any]) -> None:
    for holder in body.get("messages", []) + body.get("contents", []):
        key = "content" if "content" in holder else "parts"
        if isinstance(holder[key], list):
            holder[key] = [b for b in holder[key] if b.get("type") != "tool_result" and "functionResponse" not in b]
    if "input" in body:
        body["input"] = [i for i in body["input"] if i.get("type") != "function_call_output"]


def _swap_result_ids(body: dict[str, Any]) -> None:
    results = _blocks(body, "result")
    key = "name" if "contents" in body else "call_id" if "input" in body else "tool_use_id"
    results[0][key], results[1][key] = results[1][key], results[0][key]


def _other_input(body: dict[str, Any]) -> None:
    call = _blocks(body, "call")[0]
    if "input" in body:
        call["arguments"] = '{"city":"Rome"}'
    else:
        call["args" if "contents" in body else "input"] = {"city": "Rome"}


def _other_value(body: dict[str, Any]) -> None:
    result = _blocks(body, "result")[0]
    if "contents" in body:
        result["response"] = {"tempC": 30, "sky": "rain"}
    elif "input" in body:
        result["output"] = '{"tempC":30,"sky":"rain"}'
    else:
        result["content"] = [{"type": "text", "text": '{"tempC":30,"sky":"rain"}'}]


def _enveloped(body: dict[str, Any]) -> None:
    """The text result (the last, ``14:05``) sent inside an envelope of the client's own, as VoltAgent sends the
    text result of a ModelMessage history (@voltagent/core 2.10.0): the model reads the envelope too. On Gemini
    the wire's object holds the envelope as its member."""
    result = _blocks(body, "result")[-1]
    envelope = {"type": "text", "value": "14:05"}
    if "contents" in body:
        result["response"] = {"name": result["name"], "content": envelope}
    elif "input" in body:
        result["output"] = json.dumps(envelope)
    else:
        result["content"] = json.dumps(envelope)


def _respaced(body: dict[str, Any]) -> None:
    """JSON written with spaces, and a result's text as a plain string: the model reads the same."""
    for call in _blocks(body, "call"):
        if "arguments" in call:
            call["arguments"] = json.dumps(json.loads(call["arguments"]), indent=1)
    for result in _blocks(body, "result"):
        if isinstance(result.get("content"), list):
            result["content"] = "".join(b["text"] for b in result["content"])
        if isinstance(result.get("output"), str) and result["output"].startswith("{"):
            result["output"] = json.dumps(json.loads(result["output"]))


HARMFUL: dict[str, Callable[[dict[str, Any]], None]] = {
    "results dropped": _drop_results, "results under each other's call": _swap_result_ids,
    "another input": _other_input, "another value": _other_value, "a text result in an envelope": _enveloped}


@pytest.mark.parametrize("dialect", sorted(HISTORY))
def test_a_real_clients_tool_history_passes_and_reads_the_same_rewritten(dialect: str, corpus: list[Scenario]) -> None:
    scenario = _scenario(corpus, "request.tool-history.001")
    body = _sent(*HISTORY[dialect])
    assert _rows(scenario, body, dialect) == []
    _respaced(body)
    assert _rows(scenario, body, dialect) == []


@pytest.mark.parametrize("harm", sorted(HARMFUL))
@pytest.mark.parametrize("dialect", sorted(HISTORY))
def test_a_harmful_rewrite_of_the_tool_history_fails_its_row(dialect: str, harm: str, corpus: list[Scenario]) -> None:
    scenario = _scenario(corpus, "request.tool-history.001")
    body = _sent(*HISTORY[dialect])
    HARMFUL[harm](body)
    assert _rows(scenario, body, dialect) == ["request.tool-history"], harm


def test_on_gemini_a_result_is_found_by_its_calls_name_and_ids_do_not_matter() -> None:
    body: dict[str, Any] = {"contents": [
        {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {"a": 1}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {"name": "f", "content": "ok"}}}]}]}
    want: list[dict[str, Any]] = [{"call": {"id": "c1", "name": "f", "args": {"a": 1}}},
                                  {"result": {"id": "c1", "value": "ok"}}]
    assert conversation_mismatch(want, body) is None
    body["contents"][1]["parts"][0]["functionResponse"]["name"] = "c1"  # named after the call's id: not its call
    assert conversation_mismatch(want, body) is not None


def test_a_result_before_its_call_is_not_the_calls_result() -> None:
    body = {"input": [{"type": "function_call_output", "call_id": "c1", "output": "ok"},
                      {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}]}
    want: list[dict[str, Any]] = [{"call": {"id": "c1", "name": "f", "args": {}}},
                                  {"result": {"id": "c1", "value": "ok"}}]
    assert "was not sent after its call" in str(conversation_mismatch(want, body))


@pytest.mark.parametrize("dialect", sorted(TOOLS))
def test_a_real_clients_tools_pass_and_each_harm_fails_request_tools(dialect: str, corpus: list[Scenario]) -> None:
    scenario = _scenario(corpus, "request.tools.001")
    body = _sent(*TOOLS[dialect])
    assert _rows(scenario, body, dialect) == []
    key = SCHEMA_KEY[dialect]
    harms: list[Callable[[list[dict[str, Any]]], object]] = [
        lambda tools: tools[0][key]["properties"]["unit"].pop("enum"),
        lambda tools: tools[0].update(description="Weather"),
        lambda tools: tools.pop(1),
        lambda tools: tools[1][key]["properties"]["tz"].update(type="integer"),
        lambda tools: tools[0][key].update(required=[]),
    ]
    for harm in harms:
        broken = copy.deepcopy(body)
        harm(broken["tools"][0]["functionDeclarations"] if dialect == "gemini" else broken["tools"])
        assert _rows(scenario, broken, dialect) == ["request.tools"]


@pytest.mark.parametrize("dialect", sorted(TOOLS))
def test_tools_of_the_adapters_own_beside_the_callers_pass_request_tools(dialect: str,
                                                                        corpus: list[Scenario]) -> None:
    # The CopilotKit runtime's BuiltInAgent offers two state tools of its own on every run (@copilotkit/runtime
    # 1.75.0 dist/agent/index.mjs:598-627) beside the caller's: the caller's tools are all offered, by name.
    scenario = _scenario(corpus, "request.tools.001")
    body = _sent(*TOOLS[dialect])
    own = {"name": "AGUISendStateSnapshot", "description": "Replace the entire application state with a new snapshot",
           SCHEMA_KEY[dialect]: {"type": "object", "properties": {"snapshot": {}}}}
    if dialect == "gemini":
        body["tools"][0]["functionDeclarations"].append(own)
    else:
        body["tools"].append({**own, "type": "function"} if dialect == "openai-responses" else own)
    assert _rows(scenario, body, dialect) == []


def test_a_schema_in_geminis_openapi_form_or_openais_strict_form_means_the_callers() -> None:
    want = {"type": "object", "required": ["city"],
            "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["C", "F"]}}}
    gemini = {"type": "OBJECT", "propertyOrdering": ["city", "unit"], "required": ["city"], "properties": {
        "city": {"type": "STRING"}, "unit": {"type": "STRING", "enum": ["C", "F"], "nullable": True}}}
    assert schema_mismatch(want, gemini) is None
    strict = {"type": "function", "name": "f", "strict": True, "parameters": {
        "type": "object", "additionalProperties": False, "required": ["city", "unit"],
        "properties": {"city": {"type": "string"}, "unit": {"type": ["string", "null"], "enum": ["C", "F", None]}}}}
    assert functions_mismatch([{"name": "f", "parameters": want}], {"tools": [strict]}) is None
    strict["strict"] = False  # the same schema sent without strict mode makes `unit` required: not the caller's
    assert functions_mismatch([{"name": "f", "parameters": want}], {"tools": [strict]}) is not None


def test_a_tool_of_the_agents_own_beside_the_callers_is_no_finding() -> None:
    mine = {"type": "function", "name": "final_result", "parameters": {"type": "object"}}
    theirs = {"type": "function", "name": "f", "parameters": {"type": "object"}}
    assert functions_mismatch([{"name": "f", "parameters": {"type": "object"}}], {"tools": [mine, theirs]}) is None


def test_a_call_renamed_with_its_result_tells_the_model_the_same_and_a_result_under_the_other_call_does_not() -> None:
    want: list[dict[str, Any]] = [{"call": {"id": "c1", "name": "f", "args": {"city": "Paris"}}},
                                  {"call": {"id": "c2", "name": "f", "args": {"city": "Rome"}}},
                                  {"result": {"id": "c1", "value": {"t": 21}}},
                                  {"result": {"id": "c2", "value": {"t": 25}}}]
    body: dict[str, Any] = {"messages": [
        {"role": "assistant", "tool_calls": [
            {"id": "x1", "type": "function", "function": {"name": "f", "arguments": '{"city": "Paris"}'}},
            {"id": "x2", "type": "function", "function": {"name": "f", "arguments": '{"city": "Rome"}'}}]},
        {"role": "tool", "tool_call_id": "x2", "content": '{"t": 25}'},
        {"role": "tool", "tool_call_id": "x1", "content": '{"t": 21}'}]}
    assert conversation_mismatch(want, body) is None
    body["messages"][1]["tool_call_id"], body["messages"][2]["tool_call_id"] = "x1", "x2"
    assert "the result of call c1" in str(conversation_mismatch(want, body))


LOOPS = {"anthropic": "ai-sdk7-anthropic", "gemini": "ai-sdk7-google", "openai-responses": "ai-sdk7-openai",
         "openai-chat": "ai-sdk7-openai-compatible"}


@pytest.mark.parametrize("dialect", sorted(LOOPS))
def test_a_loop_turn_that_forgets_an_earlier_round_fails_the_tool_history(dialect: str, corpus: list[Scenario]) -> None:
    """loop.three-turns.001 states no request check of its own: the third turn's request must still carry both
    earlier rounds (conformance.checks.request.earlier_rounds). A real client's run passes; the same run with
    the first round's result left out of the third request fails request.tool-history and nothing else."""
    from conformance.grading import grade
    from conformance.runner import Settings

    scenario = _scenario(corpus, "loop.three-turns.001")
    record = next(r for r in read_records(LOOPS[dialect]) if r.case_id == f"loop.three-turns.001[{dialect}]")
    assert grade(record, scenario, Settings(timeout=10.0)).verdict == "PASS"
    broken = copy.deepcopy(record)
    third = next(c for c in broken.upstream if c.kind == "stream" and c.turn == 3)
    first = _blocks(third.request, "result")[0]
    first["response" if "contents" in third.request else "output" if "input" in third.request else "content"] = (
        {"temp_c": 0} if "contents" in third.request else '{"temp_c": 0}')
    result = grade(broken, scenario, Settings(timeout=10.0))
    assert (result.verdict, sorted({f.row for f in result.findings if f.level == "MUST"})) == (
        "FAIL", ["request.tool-history"])


PROMPT = {"anthropic": ("ai-sdk7-anthropic", "request.prompt.001[anthropic]"),
          "gemini": ("ai-sdk7-google", "request.prompt.001[gemini]"),
          "openai-responses": ("ai-sdk7-openai", "request.prompt.001[openai-responses]")}


def _first(pin: str, case: str) -> dict[str, Any]:
    body = next(r for r in read_records(pin) if r.case_id == case).upstream[0].request
    assert isinstance(body, dict)
    return copy.deepcopy(body)


def _turns(body: dict[str, Any]) -> list[dict[str, Any]]:
    return list(body.get("messages") or body.get("input") or body.get("contents") or [])


def _system_dropped(body: dict[str, Any]) -> None:
    for key in ("system", "systemInstruction"):
        body.pop(key, None)
    if "input" in body:
        body["input"] = [i for i in body["input"] if i.get("role") != "system"]


def _user_reworded(body: dict[str, Any]) -> None:
    first = _turns(body)[0]
    if "parts" in first:
        first["parts"] = [{"text": "Hello"}]
    else:
        first["content"] = "Hello"


def _assistant_dropped(body: dict[str, Any]) -> None:
    key = "messages" if "messages" in body else "input" if "input" in body else "contents"
    body[key] = [m for m in body[key] if m.get("role") not in ("assistant", "model")]


def _order_swapped(body: dict[str, Any]) -> None:
    key = "messages" if "messages" in body else "input" if "input" in body else "contents"
    turns = [m for m in body[key] if m.get("role") != "system"]
    body[key] = [m for m in body[key] if m.get("role") == "system"] + [turns[2], turns[1], turns[0], *turns[3:]]


PROMPT_HARMS: dict[str, Callable[[dict[str, Any]], None]] = {
    "system prompt dropped": _system_dropped, "user message reworded": _user_reworded,
    "assistant turn dropped": _assistant_dropped, "messages out of order": _order_swapped}


@pytest.mark.parametrize("harm", sorted(PROMPT_HARMS))
@pytest.mark.parametrize("dialect", sorted(PROMPT))
def test_the_callers_messages_reach_the_model_on_every_wire(dialect: str, harm: str, corpus: list[Scenario]) -> None:
    scenario = _scenario(corpus, "request.prompt.001")
    body = _first(*PROMPT[dialect])
    assert _rows(scenario, body, dialect) == []
    PROMPT_HARMS[harm](body)
    assert _rows(scenario, body, dialect) == ["request.prompt"], harm


def test_a_system_prompt_kept_elsewhere_or_beside_the_agents_own_is_the_callers(corpus: list[Scenario]) -> None:
    scenario = _scenario(corpus, "request.prompt.001")
    body = _first(*PROMPT["openai-responses"])
    system = body["input"].pop(0)
    body["instructions"] = "You are Acme's agent.\n\n" + system["content"]
    assert _rows(scenario, body, "openai-responses") == []
    body["instructions"] = "You are Acme's agent."
    assert _rows(scenario, body, "openai-responses") == ["request.prompt"]
    owned = request_findings(scenario.expected_request, body, "openai-responses", "request.prompt", "own")
    assert owned == []  # the adapter declared it owns the system prompt


STRUCTURED = {"anthropic": "ai-sdk7-anthropic", "gemini": "ai-sdk7-google", "openai-responses": "ai-sdk7-openai"}


@pytest.mark.parametrize("dialect", sorted(STRUCTURED))
def test_the_output_schema_reaches_the_model_in_any_of_its_forms(dialect: str, corpus: list[Scenario]) -> None:
    """structured.native.001 on the Messages, Responses and Gemini wires: a real client's request (natively on
    Responses and Gemini, as a forced tool on the Messages API) passes; without the schema, or with a property
    lost, it fails structured.native."""
    scenario = _scenario(corpus, "structured.native.001")
    body = _first(STRUCTURED[dialect], f"structured.native.001[{dialect}]")
    assert _rows(scenario, body, dialect) == []
    lost = copy.deepcopy(body)
    schema = (lost["tools"][0]["input_schema"] if dialect == "anthropic" else lost["text"]["format"]["schema"]
              if dialect == "openai-responses" else lost["generationConfig"]["responseJsonSchema"])
    schema["properties"].pop("languages")
    assert _rows(scenario, lost, dialect) == ["structured.native"]
    for key in ("tools", "text", "generationConfig"):
        body.pop(key, None)
    assert _rows(scenario, body, dialect) == ["structured.native"]
    body["system"] = "Answer with JSON that follows this schema: " + json.dumps(scenario.request.output_schema)
    assert _rows(scenario, body, dialect) == []  # the schema in the system prompt reaches the model too


def test_a_tool_the_model_may_skip_does_not_carry_the_output_schema() -> None:
    from conformance.request_reading import output_schema_mismatch

    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
    body: dict[str, Any] = {"tools": [{"name": "json", "input_schema": schema}], "tool_choice": {"type": "auto"}}
    assert output_schema_mismatch(schema, body) is not None
    body["tool_choice"] = {"type": "tool", "name": "json"}
    assert output_schema_mismatch(schema, body) is None


MEDIA = {"anthropic": "ai-sdk7-anthropic", "gemini": "ai-sdk7-google", "openai-responses": "ai-sdk7-openai"}


@pytest.mark.parametrize("dialect", sorted(MEDIA))
def test_the_callers_files_reach_the_model_on_every_wire(dialect: str, corpus: list[Scenario]) -> None:
    """text.multimodal.001: a real client's request passes; with the PDF's bytes gone, or the image sent as
    another media type, it fails request.media."""
    scenario = _scenario(corpus, "text.multimodal.001")
    body = _first(MEDIA[dialect], f"text.multimodal.001[{dialect}]")
    assert _rows(scenario, body, dialect) == []
    pdf = "JVBERi0xLjQKJcfsj6IKMSAwIG9iago8PD4+CmVuZG9iagp0cmFpbGVyCjw8Pj4KJSVFT0YK"
    gone = json.loads(json.dumps(body).replace(pdf, "JVBERi0x"))
    assert _rows(scenario, gone, dialect) == ["request.media"]
    retyped = json.loads(json.dumps(body).replace("image/png", "image/jpeg"))
    assert _rows(scenario, retyped, dialect) == ["request.media"]


def test_a_scenario_that_checks_the_request_checks_it_in_every_dialect_it_runs(corpus: list[Scenario]) -> None:
    """A request check written for some wires only passes every other wire without looking (a vacuous PASS):
    each scenario with request checks has one for every dialect it runs in (for some server of that wire)."""
    from mock_provider.dialects import names
    from mock_provider.servers import SERVERS

    vacuous = []
    for s in corpus:
        checks = [*s.expected_request, *(c for t in s.turns for c in t.expect_request)]
        for dialect in (s.dialects or names()) if checks else []:
            if not any(c.applies_to(dialect, server) for c in checks for server in SERVERS):
                vacuous.append(f"{s.id}[{dialect}]")
    assert vacuous == []
