"""Suite errors of issue 15 fixed where they arose, each checked on what only the new reading decides.

TanStack AI (harness examples/ts/tanstack-ai-openai.mjs): structured-output mechanisms the adapter never
declared, the AI SDK prompt conversion, tools in OpenAI strict mode, zero usage details. agno: tools in
another order. llama-index: ``null`` arguments read as ``{}``. Each test also shows the rule still
fails where it must (other protocols, a wrong schema, a real difference).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from conformance.catalog import catalog
from conformance.contract import Capabilities, Policies
from conformance.grading.gates import first_stop
from conformance.protocols import agui, tanstack, tanstack_legacy, ui_message_stream
from conformance.request_checks import request_findings
from conformance.run_record import RunRecord
from conformance.semantics import Comparison, compare
from conformance.targets.protocol import parse_harness_line
from mock_provider.scenario import RequestCheck, Scenario, load_corpus
from mock_provider.transcript import ToolCallRecord, Transcript, UsageRecord


def _scenario(scenario_id: str) -> Scenario:
    return next(s for s in load_corpus() if s.id == scenario_id)


def _record(scenario: Scenario, **caps: Any) -> RunRecord:
    capabilities = Capabilities(**{"name": "x", "inputs": ["openai-chat"], "output": "ag-ui", **caps})
    return RunRecord(case_id="c", scenario_id=scenario.id, dialect="openai-chat", adapter="a", outcome="completed",
                     capabilities=capabilities)


# ---------------------------------------------------------------- structured_modes (class 7)
@pytest.mark.parametrize("scenario_id", ["structured.tool.001", "structured.instruction.001",
                                         "structured.instruction.002"])
def test_a_structured_mode_the_adapter_did_not_declare_is_unsupported(scenario_id: str) -> None:
    s = _scenario(scenario_id)
    stop = first_stop(_record(s, output="tanstack", structured_modes={"native"}), s)
    assert stop is not None and stop.verdict == "UNSUPPORTED"
    assert f"mode {s.request.structured_mode!r} not declared" in stop.reason
    # Undeclared (every reference adapter, every older harness): all three modes, graded as before.
    assert first_stop(_record(s, output="tanstack"), s) is None
    assert first_stop(_record(s, output="tanstack", structured_modes={"native", s.request.structured_mode}), s) is None


def test_the_native_mode_stays_graded_for_a_native_only_adapter() -> None:
    s = _scenario("structured.native.001")
    assert first_stop(_record(s, output="tanstack", structured_modes={"native"}), s) is None
    assert first_stop(_record(s, output="tanstack", structured_modes={"tool"}), s) is not None


def test_a_harness_that_says_nothing_of_structured_modes_keeps_all_three() -> None:
    line = {"type": "capabilities", "protocol": "sac-harness/1",
            "capabilities": {"name": "old", "inputs": ["openai-chat"], "output": "tanstack"}}
    assert parse_harness_line(json.dumps(line).encode()).capabilities.structured_modes == {"native", "tool",
                                                                                          "instruction"}
    line["capabilities"]["structured_modes"] = ["native"]  # type: ignore[index]
    assert parse_harness_line(json.dumps(line).encode()).capabilities.structured_modes == {"native"}


# ---------------------------------------------------------------- request.prompt (class 1)
@pytest.mark.slow
@pytest.mark.parametrize(("output", "stopped"), [("tanstack", "NOT-EXPRESSIBLE"), ("ag-ui", None),
                                                 ("tanstack-legacy", None), ("ui-message-stream", None),
                                                 ("ui-message-stream@7", None)])
def test_request_prompt_is_graded_everywhere_but_tanstack(output: str, stopped: str | None) -> None:
    s = _scenario("request.prompt.001")
    stop = first_stop(_record(s, output=output), s)
    assert (stop.verdict if stop is not None else None) == stopped
    assert (catalog().row("request.prompt").level_for(output) is None) == (stopped is not None)


# ---------------------------------------------------------------- request.tools (class 6)
WEATHER = {"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["C", "F"]}},
           "required": ["city"]}
TIME = {"type": "object", "properties": {"tz": {"type": "string"}}, "required": ["tz"]}
# What @tanstack/openai-base 0.10.15 sent for request.tools.001 (measured through the harness).
STRICT_WEATHER = {"type": "object", "properties": {"city": {"type": "string"},
                                                   "unit": {"type": ["string", "null"], "enum": ["C", "F", None]}},
                  "required": ["city", "unit"], "additionalProperties": False}
STRICT_TIME = {**TIME, "additionalProperties": False}


def _tool(name: str, parameters: dict[str, Any], strict: bool | None = None, **extra: Any) -> dict[str, Any]:
    function: dict[str, Any] = {"name": name, "description": name, "parameters": parameters, **extra}
    if strict is not None:
        function["strict"] = strict
    return {"type": "function", "function": function}


def _tools_check(**kw: Any) -> RequestCheck:
    return RequestCheck(path="/tools", subset=[_tool("get_weather", WEATHER), _tool("get_time", TIME)],
                        row="request.tools", **kw)


def _tool_rows(check: RequestCheck, tools: list[dict[str, Any]], server: str | None = None) -> list[str]:
    return [f.row for f in request_findings([check], {"tools": tools}, "openai-chat", "x", server=server)]


def test_tools_in_another_order_are_the_same_tools_when_found_by_name() -> None:
    agno = [_tool("get_time", TIME, external_execution=True), _tool("get_weather", WEATHER, external_execution=True)]
    assert _tool_rows(_tools_check(), agno) == ["request.tools"]  # position by position: what agno failed
    assert _tool_rows(_tools_check(key="/function/name"), agno) == []
    # Found by name, still compared: a missing tool, a changed schema, a second tool under a caller's name.
    assert _tool_rows(_tools_check(key="/function/name"), [agno[0], _tool("get_wether", WEATHER)]) == ["request.tools"]
    assert _tool_rows(_tools_check(key="/function/name"), [agno[0], _tool("get_weather", TIME)]) == ["request.tools"]
    assert _tool_rows(_tools_check(key="/function/name"), [*agno, _tool("get_time", WEATHER)]) == ["request.tools"]


def test_an_adapters_own_tools_may_be_offered_beside_the_callers() -> None:
    # Chat Completions' tools are "A list of tools the model may call" (openai 3.57.0
    # types/chat/completion_create_params.py), not the caller's only: the CopilotKit runtime's BuiltInAgent adds its
    # two state tools to every run, as the other wires of request.tools.001 already allow.
    own = [_tool("AGUISendStateSnapshot", TIME), _tool("AGUISendStateDelta", TIME)]
    sent = [_tool("get_weather", WEATHER), _tool("get_time", TIME), *own]
    assert _tool_rows(_tools_check(key="/function/name"), sent) == []
    assert _tool_rows(_tools_check(key="/function/name"), [sent[0], *own]) == ["request.tools"]  # get_time missing
    # Without a key the list is compared position by position, its length included.
    assert _tool_rows(_tools_check(), sent) == ["request.tools"]


def test_a_strict_tool_is_compared_with_the_strict_form_of_its_schema() -> None:
    sent = [_tool("get_weather", STRICT_WEATHER, True), _tool("get_time", STRICT_TIME, True)]
    assert _tool_rows(_tools_check(), sent) == ["request.tools"]  # the caller's schema: what TanStack failed
    assert _tool_rows(_tools_check(strict_tools=True), sent) == []
    assert _tool_rows(_tools_check(strict_tools=True, key="/function/name"), sent[::-1]) == []
    # Not strict mode's form: 'unit' left optional, or not nullable.
    loose = {**STRICT_WEATHER, "required": ["city"]}
    assert _tool_rows(_tools_check(strict_tools=True), [_tool("get_weather", loose, True), sent[1]]) \
        == ["request.tools"]
    not_null = {**STRICT_WEATHER, "properties": {**STRICT_WEATHER["properties"], "unit": {"type": "string",
                                                                                         "enum": ["C", "F"]}}}
    assert _tool_rows(_tools_check(strict_tools=True), [_tool("get_weather", not_null, True), sent[1]]) \
        == ["request.tools"]
    # The rewritten schema without strict: true is not the caller's schema.
    assert _tool_rows(_tools_check(strict_tools=True), [_tool("get_weather", STRICT_WEATHER, False), sent[1]]) \
        == ["request.tools"]
    # The caller's schema sent as it was (no strict mode) still passes.
    assert _tool_rows(_tools_check(strict_tools=True), [_tool("get_weather", WEATHER), _tool("get_time", TIME)]) == []


@pytest.mark.parametrize("server", ["other", "groq", "mistral-own", "deepseek", "xai", "openrouter"])
def test_a_strict_tool_in_the_callers_own_schema_is_the_callers_tool_where_the_server_does_not_refuse_it(
        server: str) -> None:
    # pydantic-ai over TogetherProvider sends the caller's schema as given with strict: true (meta's profile calls
    # every schema strict-compatible). Only OpenAI's docs say that request is refused ("All fields must be
    # required"); another server gets the tool the caller defined, so the upstream received the right thing.
    loose = [_tool("get_weather", WEATHER, True), _tool("get_time", TIME, True)]
    check = _tools_check(strict_tools=True, key="/function/name")
    assert _tool_rows(check, loose, server) == []
    assert _tool_rows(check, loose, "openai") == _tool_rows(check, loose) == ["request.tools"]
    # Either form holds there, and a wrong schema still fails in both.
    strict = [_tool("get_weather", STRICT_WEATHER, True), _tool("get_time", STRICT_TIME, True)]
    assert _tool_rows(check, strict, server) == []
    assert _tool_rows(check, [_tool("get_weather", TIME, True), loose[1]], server) == ["request.tools"]


def test_key_and_strict_tools_qualify_subset_checks_only() -> None:
    with pytest.raises(ValueError, match="qualify a subset check only"):
        RequestCheck(path="/tools", equals=[], key="/function/name")


# ---------------------------------------------------------------- usage details, null arguments (class 1)
FIELDS = ("input_tokens", "output_tokens", "total_tokens", "reasoning_tokens", "cached_input_tokens",
          "cache_write_input_tokens")


def _rows(expected: Transcript, actual: Transcript, proto: Any) -> list[str]:
    view = Comparison(rows=["8.1.4"], usage_fields=FIELDS, dialect="openai-chat", upstream_finish="stop",
                      has_provider_calls=False, zero_is_absent=proto.zero_is_absent,
                      null_args_empty=proto.null_args_empty)
    return [f.row for f in compare(expected, actual, Policies(), view)]


def test_zero_usage_details_are_absent_ones_only_where_the_protocol_type_says_nothing() -> None:
    exp = Transcript(text="Done.", finish_reason="stop",
                     usage=UsageRecord(input_tokens=4, output_tokens=2, total_tokens=6, reasoning_tokens=0,
                                       cached_input_tokens=0))
    dropped = exp.model_copy(update={"usage": UsageRecord(input_tokens=4, output_tokens=2, total_tokens=6)})
    assert _rows(exp, dropped, tanstack.PROTOCOL) == []
    assert _rows(exp, dropped, agui.PROTOCOL) == ["8.3.v3"]  # AG-UI keeps its comparison
    # A non-zero detail, and the totals, are still compared under tanstack.
    wrong = exp.model_copy(update={"usage": UsageRecord(input_tokens=4, output_tokens=2, total_tokens=6,
                                                        reasoning_tokens=1)})
    assert _rows(exp, wrong, tanstack.PROTOCOL) == ["8.3.v3"]
    zero_total = exp.model_copy(update={"usage": UsageRecord(input_tokens=4, output_tokens=2)})
    assert _rows(exp, zero_total, tanstack.PROTOCOL) == ["8.3.v3"]


def test_a_cache_count_the_messages_api_always_sends_is_absent_when_zero() -> None:
    # The live Messages API sends cache_read_input_tokens and cache_creation_input_tokens in every usage, 0 when
    # nothing was cached (tests/data/captures/anthropic-text.chunks.txt), and @ai-sdk/anthropic 3.0.140 reads a
    # missing one as 0 (dist/index.mjs:2123-2124): a 0 there is what a client of the real provider is told.
    exp = Transcript(text="x", finish_reason="stop", usage=UsageRecord(input_tokens=4, output_tokens=2, total_tokens=6))
    zero = exp.model_copy(update={"usage": UsageRecord(input_tokens=4, output_tokens=2, total_tokens=6,
                                                       cached_input_tokens=0, cache_write_input_tokens=0)})

    def rows(actual: Transcript, dialect: str) -> list[str]:
        view = Comparison(rows=["8.1.4"], usage_fields=FIELDS, dialect=dialect, upstream_finish="stop",
                          has_provider_calls=False)
        return [f.row for f in compare(exp, actual, Policies(), view)]

    assert rows(zero, "anthropic") == []
    assert rows(zero, "v3") == ["8.3.v3"]  # where a count may be absent (AI SDK parts), 0 and absent stay apart
    cached = exp.model_copy(update={"usage": UsageRecord(input_tokens=4, output_tokens=2, total_tokens=6,
                                                         cached_input_tokens=3)})
    assert rows(cached, "anthropic") == ["8.3.v3"]  # a count the wire never sent is still wrong
    reasoning = exp.model_copy(update={"usage": UsageRecord(input_tokens=4, output_tokens=2, total_tokens=6,
                                                            reasoning_tokens=0)})
    assert rows(reasoning, "anthropic") == ["8.3.v3"]  # thinking_tokens is not in every usage


def test_a_count_the_gemini_api_leaves_out_at_zero_is_absent_when_zero() -> None:
    # Gemini's UsageMetadata counts are proto3 int32 with no presence (googleapis generative_service.proto:635
    # cached_content_token_count, :645 thoughts_token_count) and ProtoJSON leaves a 0 out, so the live API never
    # says 0 and a client cannot tell it from absent: @ai-sdk/google 3.0.141 reads a missing one as 0
    # (dist/index.mjs:595-596). A 0 there is what a client of the real provider is told.
    none = UsageRecord(input_tokens=4, output_tokens=2, total_tokens=6)
    exp = Transcript(text="x", finish_reason="stop", usage=none)
    zero = exp.model_copy(update={"usage": none.model_copy(update={"cached_input_tokens": 0, "reasoning_tokens": 0})})

    def rows(actual: Transcript, dialect: str, expected: Transcript = exp) -> list[str]:
        view = Comparison(rows=["8.1.4"], usage_fields=FIELDS, dialect=dialect, upstream_finish="stop",
                          has_provider_calls=False)
        return [f.row for f in compare(expected, actual, Policies(), view)]

    assert rows(zero, "gemini") == []
    assert rows(exp, "gemini", zero) == []  # and absent where the scenario says 0
    assert rows(zero, "v3") == ["8.3.v3"]  # AI SDK parts may leave a count undefined: 0 and absent stay apart
    for count in ({"cached_input_tokens": 3}, {"reasoning_tokens": 2}):  # a count the wire never sent is wrong
        assert rows(exp.model_copy(update={"usage": none.model_copy(update=count)}), "gemini") == ["8.3.v3"]
    # usageMetadata has no cache-write count (the wire cannot say one): a 0 there is invented, as before.
    write = exp.model_copy(update={"usage": none.model_copy(update={"cache_write_input_tokens": 0})})
    assert rows(write, "gemini") == ["8.3.v3"]


def _null_call(args_text: str, args: Any) -> Transcript:
    return Transcript(tool_calls=[ToolCallRecord(id="c", name="refresh_cache", args=args, args_text=args_text)],
                      finish_reason="tool_calls")


@pytest.mark.parametrize(("proto", "same"), [(agui.PROTOCOL, True), (tanstack.PROTOCOL, True),
                                             (tanstack_legacy.PROTOCOL, False), (ui_message_stream.PROTOCOL, False)])
def test_null_and_empty_object_arguments_are_one_call_where_the_tanstack_engine_reads_them(proto: Any,
                                                                                           same: bool) -> None:
    exp = _null_call("null", None)
    assert _rows(exp, _null_call("{}", {}), proto) == ([] if same else ["8.1.10"])
    assert _rows(exp, _null_call('{"a":1}', {"a": 1}), proto) == ["8.1.10"]  # arguments the model never sent
    assert _rows(_null_call("{}", {}), _null_call("null", None), proto) == ([] if same else ["8.1.10"])


# ---------------------------------------------------------------- output tokens and reasoning (class 1, Gemini)
def _usage_rows(expected: UsageRecord, actual: UsageRecord, proto: Any, events: list[dict[str, Any]]) -> list[str]:
    view = Comparison(rows=["8.1.4"], usage_fields=FIELDS, dialect="gemini", upstream_finish="stop",
                      has_provider_calls=False, zero_is_absent=proto.zero_is_absent,
                      reasoning_apart=proto.reasoning_apart(events))
    exp, act = Transcript(text="x", finish_reason="stop", usage=expected), Transcript(text="x", finish_reason="stop",
                                                                                       usage=actual)
    return [f.row for f in compare(exp, act, Policies(), view)]


def test_output_tokens_without_reasoning_are_a_reading_of_tanstack_usage_only() -> None:
    # Gemini's usageMetadata: candidatesTokenCount 18 + thoughtsTokenCount 12 of an output of 30.
    exp = UsageRecord(input_tokens=10, output_tokens=30, total_tokens=40, reasoning_tokens=12)
    gemini_reading = UsageRecord(input_tokens=10, output_tokens=18, total_tokens=40, reasoning_tokens=12)
    tanstack_wire = [{"type": "RUN_FINISHED", "metadata": {"tanstack": {"finishReason": "stop"}}}]
    assert _usage_rows(exp, gemini_reading, tanstack.PROTOCOL, []) == []
    assert _usage_rows(exp, exp, tanstack.PROTOCOL, []) == []  # the count with the reasoning stays right
    assert _usage_rows(exp, gemini_reading, agui.PROTOCOL, tanstack_wire) == []
    # AG-UI without TanStack's metadata, and the AI SDK's own protocols, keep outputTokens.total's rule.
    assert _usage_rows(exp, gemini_reading, agui.PROTOCOL, [{"type": "RUN_FINISHED"}]) == ["8.3.v3"]
    assert _usage_rows(exp, gemini_reading, ui_message_stream.PROTOCOL, []) == ["8.3.v3"]
    # Neither reading: reasoning counted twice, or subtracted when none was reported apart.
    twice = gemini_reading.model_copy(update={"output_tokens": 42})
    assert _usage_rows(exp, twice, tanstack.PROTOCOL, []) == ["8.3.v3"]
    no_reasoning = UsageRecord(input_tokens=10, output_tokens=30, total_tokens=40)
    assert _usage_rows(no_reasoning, no_reasoning.model_copy(update={"output_tokens": 18}), tanstack.PROTOCOL,
                       []) == ["8.3.v3"]
    # The total is Gemini's totalTokenCount, thoughts included: a total without them is still wrong.
    short_total = gemini_reading.model_copy(update={"total_tokens": 28})
    assert _usage_rows(exp, short_total, tanstack.PROTOCOL, []) == ["8.3.v3"]
