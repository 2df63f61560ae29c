"""The ``anthropic`` wire dialect: Messages events, the Message JSON form, and the real ``anthropic`` SDK.

Expected events are written from spec-reference 6.3 (event payloads, the byte-exact
text-then-tool example, thinking blocks, the error event), 6.5 (how ``@ai-sdk/anthropic``
reads stop reasons, usage and block stops) and 6.7 (the encoding table), not copied from
encoder output. The SDK tests serve each corpus scenario's plan through
``httpx2.MockTransport`` to the official client (``anthropic`` 2.12) and compare what it
yields with the scenario's expected transcript.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mock_provider.dialects import DialectError
from mock_provider.parts import PART_TYPES, Usage, parse_part
from mock_provider.scenario import Scenario
from mock_provider.transcript import ToolResultRecord, UsageRecord
from mock_provider.wires import Chunk, Disconnect, plan_response
from mock_provider.wires.anthropic import RULES, UNKNOWN_PART_RULE, Encoder, message
from mock_provider.wires.anthropic_server_tools import code_execution_kinds
from tests.test_wire import (
    Seen,
    SeenCall,
    assert_matches,
    corpus_cached,
    corpus_ids,
    corpus_scenario,
    make_scenario,
    mock_http_client,
    quirk_refusal,
    sdk_comparable,
    transcript_of,
    wire_faults,
)

anthropic = pytest.importorskip("anthropic")

D = "anthropic"
STREAM = {"model": "req-model", "stream": True}
META = {"part": {"type": "response-metadata", "id": "msg_1", "modelId": "mock-1"}}


def events(body: bytes) -> list[tuple[str | None, Any]]:
    """(event name, decoded data) per SSE event; comment-only events are left out."""
    out: list[tuple[str | None, Any]] = []
    for raw in body.decode().split("\n\n")[:-1]:
        lines = [x for x in raw.split("\n") if not x.startswith(":")]
        if not lines:
            continue
        name = next((x[len("event: "):] for x in lines if x.startswith("event: ")), None)
        data = next(x[len("data: "):] for x in lines if x.startswith("data: "))
        out.append((name, json.loads(data)))
    return out


def encode(*parts: dict[str, Any], usage: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    parsed = [parse_part(p) for p in parts]
    enc = Encoder("wire.test.001", model="mock-1", message_id="msg_1",
                  usage=Usage.model_validate(usage) if usage is not None else None,
                  code_kinds=code_execution_kinds(parsed))
    out: list[dict[str, Any]] = []
    for p in parsed:
        out.extend(enc.encode(p))
    return out


def finish(unified: str, raw: str | None = None, usage: Any = "default") -> dict[str, Any]:
    fr: dict[str, Any] = {"unified": unified}
    if raw is not None:
        fr["raw"] = raw
    part: dict[str, Any] = {"type": "finish", "finishReason": fr}
    part["usage"] = {"inputTokens": {"total": 9}, "outputTokens": {"total": 2}} if usage == "default" else usage
    return part


def message_start(usage: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "mock-1", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": usage or {"input_tokens": 0, "output_tokens": 0}}}


# ---------------------------------------------------------------- byte-exact stream (6.3)
def test_text_then_tool_follows_the_spec_example() -> None:
    s = make_scenario([
        {"part": {"type": "stream-start", "warnings": []}},
        META,
        {"part": {"type": "text-start", "id": "0"}},
        {"part": {"type": "ping"}},
        {"part": {"type": "text-delta", "id": "0", "delta": "Let me check."}},
        {"part": {"type": "text-end", "id": "0"}},
        {"part": {"type": "tool-input-start", "id": "toolu_1", "toolName": "get_weather"}},
        {"part": {"type": "tool-input-delta", "id": "toolu_1", "delta": ""}},
        {"part": {"type": "tool-input-delta", "id": "toolu_1", "delta": '{"city": "Par'}},
        {"part": {"type": "tool-input-delta", "id": "toolu_1", "delta": 'is"}'}},
        {"part": {"type": "tool-input-end", "id": "toolu_1"}},
        {"part": {"type": "tool-call", "toolCallId": "toolu_1", "toolName": "get_weather",
                  "input": '{"city": "Paris"}'}},
        {"part": finish("tool-calls", "tool_use", {"inputTokens": {"total": 25, "noCache": 25, "cacheRead": 0,
                                                                   "cacheWrite": 0}, "outputTokens": {"total": 42}})},
    ])
    plan = plan_response(s, D, STREAM)
    assert plan.headers == {"content-type": "text/event-stream", "cache-control": "no-cache",
                            "x-mock-scenario": "wire.test.001"}
    body = plan.body_bytes()
    assert body.startswith(b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1",')
    assert b'event: ping\ndata: {"type":"ping"}\n\n' in body
    def delta(i: int, d: dict[str, Any]) -> dict[str, Any]:
        return {"type": "content_block_delta", "index": i, "delta": d}
    expected = [
        # The spec example counts output_tokens 1 at message_start; the real count comes in message_delta.
        message_start({"input_tokens": 25, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
                       "output_tokens": 0}),
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "ping"},
        delta(0, {"type": "text_delta", "text": "Let me check."}),
        {"type": "content_block_stop", "index": 0},
        {"type": "content_block_start", "index": 1,
         "content_block": {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}}},
        delta(1, {"type": "input_json_delta", "partial_json": ""}),
        delta(1, {"type": "input_json_delta", "partial_json": '{"city": "Par'}),
        delta(1, {"type": "input_json_delta", "partial_json": 'is"}'}),
        {"type": "content_block_stop", "index": 1},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
         "usage": {"input_tokens": 25, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
                   "output_tokens": 42}},
        {"type": "message_stop"},
    ]
    got = events(body)
    assert [d for _, d in got] == expected
    # Every frame names its event (the SDK skips frames without one) and the name is the JSON type.
    assert all(name == d["type"] for name, d in got)
    assert b"[DONE]" not in body


def test_thinking_block_with_signature() -> None:
    sig = {"anthropic": {"signature": "EqQB"}}
    got = encode(
        {"type": "reasoning-start", "id": "0"},
        {"type": "reasoning-delta", "id": "0", "delta": "91 = 7 * 13"},
        {"type": "reasoning-end", "id": "0", "providerMetadata": sig},
    )
    assert got[1:] == [
        {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "91 = 7 * 13"}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "EqQB"}},
        {"type": "content_block_stop", "index": 0},
    ]
    # The AI SDK form of a signature_delta: reasoning-delta{delta:'', providerMetadata.anthropic.signature} (6.5).
    got = encode({"type": "reasoning-start", "id": "0"},
                 {"type": "reasoning-delta", "id": "0", "delta": "", "providerMetadata": sig})
    assert got[-1] == {"type": "content_block_delta", "index": 0,
                       "delta": {"type": "signature_delta", "signature": "EqQB"}}


def test_redacted_thinking_block() -> None:
    got = encode({"type": "reasoning-start", "id": "0", "providerMetadata": {"anthropic": {"redactedData": "xyz"}}},
                 {"type": "reasoning-end", "id": "0"})
    assert got[1:] == [
        {"type": "content_block_start", "index": 0, "content_block": {"type": "redacted_thinking", "data": "xyz"}},
        {"type": "content_block_stop", "index": 0},
    ]
    with pytest.raises(DialectError):
        encode({"type": "reasoning-start", "id": "0", "providerMetadata": {"anthropic": {"redactedData": "x"}}},
               {"type": "reasoning-delta", "id": "0", "delta": "visible"})


def test_atomic_call_is_start_one_delta_stop_and_a_replay_adds_nothing() -> None:
    call = {"type": "tool-call", "toolCallId": "fc-1", "toolName": "get_time", "input": '{"city":"Tokyo"}'}
    got = encode(call, call)
    assert got[1:] == [
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "fc-1", "name": "get_time", "input": {}}},
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "input_json_delta", "partial_json": '{"city":"Tokyo"}'}},
        {"type": "content_block_stop", "index": 0},
    ]


@pytest.mark.parametrize("text", ["null", "[1, 2]", "7", '"city"'])
def test_a_tool_input_that_is_json_but_not_an_object_is_not_expressible(text: str) -> None:
    # ToolUseBlock.input is Dict[str, object] (anthropic 2.14.0 types/tool_use_block.py:21): the API never sends one.
    start = {"type": "tool-input-start", "id": "c", "toolName": "refresh"}
    with pytest.raises(DialectError, match="is not one"):
        encode(start, {"type": "tool-input-delta", "id": "c", "delta": text},
               {"type": "tool-call", "toolCallId": "c", "toolName": "refresh", "input": text})
    # Text that is no JSON at all is still played: the malformed-arguments cases grade the adapter's robustness.
    got = encode(start, {"type": "tool-input-delta", "id": "c", "delta": '{"n":'},
                 {"type": "tool-call", "toolCallId": "c", "toolName": "refresh", "input": '{"n":'})
    assert got[-1] == {"type": "content_block_stop", "index": 0}


def test_a_tool_call_on_an_open_block_sends_the_missing_tail_and_stops_it() -> None:
    got = encode({"type": "tool-input-start", "id": "c", "toolName": "roll"},
                 {"type": "tool-input-delta", "id": "c", "delta": '{"n"'},
                 {"type": "tool-call", "toolCallId": "c", "toolName": "roll", "input": '{"n":6}'})
    assert got[-2:] == [
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": ":6}"}},
        {"type": "content_block_stop", "index": 0},
    ]


def test_blocks_are_numbered_in_opening_order_even_when_interleaved() -> None:
    """Real Messages streams never interleave blocks; scripted interleaving is emitted as is (a fault)."""
    got = encode(
        {"type": "text-start", "id": "t"},
        {"type": "tool-input-start", "id": "a", "toolName": "x"},
        {"type": "tool-input-start", "id": "b", "toolName": "y"},
        {"type": "tool-input-delta", "id": "b", "delta": "2"},
        {"type": "tool-input-delta", "id": "a", "delta": "1"},
        {"type": "text-delta", "id": "t", "delta": "z"},
    )
    assert [(e["type"], e["index"]) for e in got[1:]] == [
        ("content_block_start", 0), ("content_block_start", 1), ("content_block_start", 2),
        ("content_block_delta", 2), ("content_block_delta", 1), ("content_block_delta", 0)]


def test_text_delta_without_start_opens_a_block_and_ids_can_be_reused() -> None:
    got = encode({"type": "text-delta", "id": "0", "delta": "a"}, {"type": "text-end", "id": "0"},
                 {"type": "text-start", "id": "0"}, {"type": "text-delta", "id": "0", "delta": "b"})
    assert [(e["type"], e.get("index")) for e in got] == [
        ("message_start", None), ("content_block_start", 0), ("content_block_delta", 0), ("content_block_stop", 0),
        ("content_block_start", 1), ("content_block_delta", 1)]


def test_stream_start_and_metadata_send_nothing_themselves() -> None:
    assert encode({"type": "stream-start", "warnings": []}, {"type": "response-metadata", "modelId": "mock-1"}) == []


def test_metadata_that_changes_after_message_start_is_refused() -> None:
    with pytest.raises(DialectError) as info:
        encode({"type": "text-start", "id": "0"}, {"type": "response-metadata", "modelId": "other-model"})
    assert info.value.part_type == "response-metadata" and RULES["response-metadata"].error_when
    # The plan states the script's first metadata in message_start, so a late one is no change.
    s = make_scenario([{"part": {"type": "text-delta", "id": "0", "delta": "a"}},
                       {"part": {"type": "response-metadata", "id": "gen-77", "modelId": "router/llama"}}])
    assert events(plan_response(s, D, STREAM).body_bytes())[0][1]["message"]["model"] == "router/llama"


# ---------------------------------------------------------------- finish and usage
@pytest.mark.parametrize(
    ("unified", "raw", "wire"),
    [
        ("stop", "end_turn", "end_turn"),
        ("stop", "stop_sequence", "stop_sequence"),  # @ai-sdk/anthropic maps it back to stop: kept
        ("stop", "STOP", "end_turn"),
        ("length", None, "max_tokens"),
        ("length", "model_context_window_exceeded", "model_context_window_exceeded"),
        ("tool-calls", "tool_calls", "tool_use"),
        ("content-filter", None, "refusal"),
        ("other", "pause_turn", None),  # pause_turn reads as stop (6.5): null reads as 'other'
        ("unknown", None, None),
    ],
)
def test_stop_reason_map(unified: str, raw: str | None, wire: str | None) -> None:
    got = encode(finish(unified, raw))
    assert got[-2:] == [
        {"type": "message_delta", "delta": {"stop_reason": wire, "stop_sequence": None},
         "usage": {"input_tokens": 9, "output_tokens": 2}},
        {"type": "message_stop"},
    ]


def test_message_start_usage_comes_from_the_finish() -> None:
    nested = {"inputTokens": {"total": 1200, "noCache": 200, "cacheRead": 900, "cacheWrite": 100},
              "outputTokens": {"total": 300, "reasoning": 120}}
    assert encode({"type": "text-start", "id": "0"}, usage=nested)[0]["message"]["usage"] == {
        "input_tokens": 200, "output_tokens": 0, "cache_read_input_tokens": 900, "cache_creation_input_tokens": 100}
    # Without noCache: total minus the cached parts (the inverse of 6.5's input.total sum).
    totals = {"inputTokens": {"total": 50, "cacheRead": 20}, "outputTokens": {"total": 3}}
    assert encode({"type": "text-start", "id": "0"}, usage=totals)[0]["message"]["usage"] == {
        "input_tokens": 30, "output_tokens": 0, "cache_read_input_tokens": 20}
    assert encode({"type": "text-start", "id": "0"})[0]["message"]["usage"] == {"input_tokens": 0, "output_tokens": 0}


@pytest.mark.parametrize("usage", [None, {}])
def test_finish_without_usage_is_inexpressible(usage: Any) -> None:
    with pytest.raises(DialectError) as info:
        encode(finish("stop", usage=usage))
    assert info.value.part_type == "finish" and RULES["finish"].error_when


def test_error_finish_after_an_error_event_ends_the_stream() -> None:
    got = encode({"type": "text-start", "id": "0"}, {"type": "error", "error": {"message": "boom"}},
                 finish("error", usage={}))
    assert got[-1] == {"type": "error", "error": {"type": "api_error", "message": "boom"}}


@pytest.mark.parametrize("unified", ["error", "interrupted"])
def test_error_or_interrupted_finish_alone_is_inexpressible(unified: str) -> None:
    with pytest.raises(DialectError) as info:
        encode(finish(unified))
    assert info.value.part_type == "finish"


# ---------------------------------------------------------------- error, ping, refusals
def test_error_part_is_an_error_event() -> None:
    assert encode({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}) == [
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}]
    assert encode({"type": "error", "error": "reset"}) == [{"type": "error", "error": {"type": "api_error",
                                                                                       "message": "reset"}}]
    assert encode({"type": "error", "error": {"message": "m", "code": "c"}}) == [
        {"type": "error", "error": {"type": "api_error", "message": "m", "code": "c"}}]
    s = make_scenario([{"part": {"type": "error", "error": "x"}}])
    assert plan_response(s, D, STREAM).body_bytes().startswith(b"event: error\ndata: ")


def test_ping_is_a_ping_event() -> None:
    assert encode({"type": "ping"}) == [{"type": "ping"}]


PROVIDER_CALL = {"type": "tool-call", "toolCallId": "s", "toolName": "web", "input": "{}", "providerExecuted": True}
INEXPRESSIBLE: dict[str, list[dict[str, Any]]] = {
    "file": [{"type": "file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}}],
    "reasoning-file": [{"type": "reasoning-file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}}],
    "source": [{"type": "source", "sourceType": "url", "id": "s1", "url": "https://x"}],
    "custom": [{"type": "custom", "kind": "openai.compaction"}],
    "tool-result": [{"type": "tool-result", "toolCallId": "s", "toolName": "web", "result": {"a": 1}}],
    "tool-approval-request": [{"type": "tool-approval-request", "approvalId": "a", "toolCallId": "s"}],
    "raw": [{"type": "raw", "rawValue": {"type": "ping"}}],
    "provider-executed call": [PROVIDER_CALL],
    "provider-executed start": [{"type": "tool-input-start", "id": "s", "toolName": "web", "providerExecuted": True}],
    "delta without start": [{"type": "tool-input-delta", "id": "nope", "delta": "{}"}],
    "citation of another source": [{"type": "text-start", "id": "t"}, {"type": "text-end", "id": "t", "citations": [
        {"source": {"type": "source", "sourceType": "file", "id": "s"}}]}],
}


@pytest.mark.parametrize("case", sorted(INEXPRESSIBLE))
def test_inexpressible_parts_raise_a_documented_dialect_error(case: str) -> None:
    with pytest.raises(DialectError) as info:
        encode(*INEXPRESSIBLE[case])
    rule = RULES[info.value.part_type]
    assert rule.action == "error" or rule.error_when
    assert info.value.dialect == D and "wire.test.001" in str(info.value)


def test_unknown_part_types_raise() -> None:
    with pytest.raises(DialectError) as info:
        Encoder("wire.test.001").encode_raw({"type": "future-part"})
    assert info.value.part_type == "future-part" and info.value.reason == UNKNOWN_PART_RULE.note


def test_rules_cover_every_part_type() -> None:
    assert set(RULES) == set(PART_TYPES)


def test_a_call_ended_without_its_tool_call_is_refused() -> None:
    """content_block_stop completes the call for @ai-sdk/anthropic (6.5); a block left open does not."""
    start = [{"part": {"type": "tool-input-start", "id": "c", "toolName": "x"}},
             {"part": {"type": "tool-input-delta", "id": "c", "delta": '{"a":'}}]
    with pytest.raises(DialectError) as info:
        ended = [*start, {"part": {"type": "tool-input-end", "id": "c"}}, {"part": finish("stop")}]
        plan_response(make_scenario(ended), D, STREAM)
    assert RULES[info.value.part_type].error_when
    body = plan_response(make_scenario(start), D, STREAM).body_bytes()  # open at the end: faithful
    assert b"content_block_stop" not in body


# ---------------------------------------------------------------- non-streaming JSON
def test_json_message_folds_the_stream() -> None:
    s = make_scenario([
        META,
        {"part": {"type": "reasoning-start", "id": "0"}},
        {"part": {"type": "reasoning-delta", "id": "0", "delta": "Think."}},
        {"part": {"type": "reasoning-end", "id": "0", "providerMetadata": {"anthropic": {"signature": "sig"}}}},
        {"part": {"type": "text-delta", "id": "1", "delta": "Let me "}},
        {"part": {"type": "text-delta", "id": "1", "delta": "check."}},
        {"part": {"type": "text-end", "id": "1"}},
        {"part": {"type": "tool-call", "toolCallId": "toolu_2", "toolName": "get_time", "input": '{"tz":"CET"}'}},
        {"part": {"type": "tool-input-start", "id": "toolu_3", "toolName": "roll"}},
        {"part": {"type": "tool-call", "toolCallId": "toolu_3", "toolName": "roll", "input": "{}"}},
        {"part": finish("tool-calls", usage={"inputTokens": {"total": 5, "cacheRead": 1},
                                             "outputTokens": {"total": 7}})},
    ])
    plan = plan_response(s, D, {"model": "req-model"})
    assert plan.headers == {"content-type": "application/json", "x-mock-scenario": "wire.test.001"}
    assert json.loads(plan.body_bytes()) == {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "mock-1",
        "content": [
            {"type": "thinking", "thinking": "Think.", "signature": "sig"},
            {"type": "text", "text": "Let me check."},
            {"type": "tool_use", "id": "toolu_2", "name": "get_time", "input": {"tz": "CET"}},
            {"type": "tool_use", "id": "toolu_3", "name": "roll", "input": {}},
        ],
        "stop_reason": "tool_use", "stop_sequence": None,
        "usage": {"input_tokens": 4, "output_tokens": 7, "cache_read_input_tokens": 1},
    }


@pytest.mark.parametrize(
    "script",
    [
        [{"part": {"type": "text-delta", "id": "0", "delta": "no finish"}}],
        [{"part": {"type": "tool-call", "toolCallId": "c", "toolName": "x", "input": '{"a":'}},
         {"part": finish("stop")}],
        [{"part": {"type": "tool-call", "toolCallId": "c", "toolName": "x", "input": "null"}},
         {"part": finish("stop")}],
        [{"part": {"type": "error", "error": "x"}}, {"part": finish("error", usage={})}],
    ],
    ids=["no-finish", "malformed-input", "null-input", "error"],
)
def test_json_message_refusals(script: list[dict[str, Any]]) -> None:
    with pytest.raises(DialectError):
        message(make_scenario(script), {})


def test_json_faults_never_build_an_unsent_body() -> None:
    # The body would be refused (no finish), but the disconnect comes first.
    cut = plan_response(make_scenario([{"fault": {"kind": "disconnect"}}]), D, {})
    assert cut.body_bytes() == b"" and isinstance(cut.body[-1], Disconnect)
    raw = plan_response(make_scenario([{"fault": {"kind": "raw_bytes", "data": "oops"}}]), D, {})
    assert [c.data for c in raw.body if isinstance(c, Chunk)] == [b"oops"]


# ---------------------------------------------------------------- the corpus
def test_each_corpus_scenario_plans_or_fails_with_a_documented_error() -> None:
    planned = {True: 0, False: 0}
    for s in corpus_cached():
        if s.dialects is not None and D not in s.dialects:
            continue
        for stream in (True, False):
            try:
                plan = plan_response(s, D, {**STREAM, "stream": stream})
                planned[stream] += 1
            except DialectError as exc:
                assert exc.dialect == D and exc.scenario_id == s.id
                rule = RULES.get(exc.part_type, UNKNOWN_PART_RULE)
                assert rule.action == "error" or rule.error_when or quirk_refusal(exc), exc
                continue
            if stream and plan.status == 200 and "raw_bytes" not in wire_faults(s):
                assert all(name is not None for name, _ in events(plan.body_bytes())), s.id
    assert planned[True] >= 75 and planned[False] >= 55, planned


# ---------------------------------------------------------------- the real anthropic SDK
# Each code execution block's kind as @ai-sdk/anthropic 4.0.105 names it in its code_execution call's input
# (dist/index.js:5512; read here from the published code, not from the encoder).
CODE_KINDS = {"code_execution": "programmatic-tool-call", "bash_code_execution": "bash_code_execution",
              "text_editor_code_execution": "text_editor_code_execution"}
STOP_UNIFIED = {"end_turn": "stop", "stop_sequence": "stop", "pause_turn": "stop", "tool_use": "tool-calls",
                "max_tokens": "length", "model_context_window_exceeded": "length",
                "refusal": "content-filter"}  # @ai-sdk/anthropic (6.5); anything else is 'other'
MESSAGES = [{"role": "user", "content": "hi"}]


def client_for(scenario: Scenario) -> Any:
    # No retries: a scripted 429/500 must surface once, not after backoff sleeps.
    return anthropic.Anthropic(api_key="mock-key", base_url="http://mock.test", max_retries=0,
                               http_client=mock_http_client(scenario, D))


def usage_record(input_usage: Any, output_tokens: int, details: Any = None) -> UsageRecord:
    """@ai-sdk/anthropic V3 usage (6.5): input total = input + cache creation + cache read; reasoning =
    ``output_tokens_details.thinking_tokens`` (@ai-sdk/anthropic 4.0.105 dist/index.js:2393)."""
    cache_read = input_usage.cache_read_input_tokens
    cache_write = input_usage.cache_creation_input_tokens
    total_in = input_usage.input_tokens + (cache_read or 0) + (cache_write or 0)
    return UsageRecord(input_tokens=total_in, output_tokens=output_tokens, total_tokens=total_in + output_tokens,
                       cached_input_tokens=cache_read, cache_write_input_tokens=cache_write,
                       reasoning_tokens=details.thinking_tokens if details is not None else None)


def note_error(seen: Seen, exc: BaseException) -> None:
    seen.error = exc
    body = getattr(exc, "body", None)
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        seen.error_message = error.get("message")
        seen.error_code = error.get("code")
    seen.error_message = seen.error_message or getattr(exc, "message", None) or str(exc)
    status = getattr(exc, "status_code", None)
    if seen.error_code is None and isinstance(status, int) and status >= 400:
        seen.error_code = str(status)


def server_result(block: Any) -> ToolResultRecord | None:
    """A server tool's result block as the V4 tool-result it stands for (None: not a result block).

    Read from the SDK's typed blocks (anthropic 2.14.0 WebSearchResultBlock, CodeExecutionResultBlock,
    WebSearchToolResultErrorObject): the search result fields under the AI SDK's names (url, title,
    pageAge, encryptedContent when the API sent one), the run's stdout/stderr/return_code.
    """
    if block.type == "web_search_tool_result":
        if not isinstance(block.content, list):
            return ToolResultRecord(tool_call_id=block.tool_use_id, is_error=True,
                                    result={"type": block.content.type, "errorCode": block.content.error_code})
        items = []
        for r in block.content:
            item = {"url": r.url, "title": r.title}
            if r.page_age is not None:
                item["pageAge"] = r.page_age
            if r.encrypted_content:
                item["encryptedContent"] = r.encrypted_content
            items.append(item)
        return ToolResultRecord(tool_call_id=block.tool_use_id, result=items)
    if block.type == "web_fetch_tool_result":  # WebFetchBlock, under @ai-sdk/anthropic 4.0.105's names
        page = block.content
        source = page.content.source
        return ToolResultRecord(tool_call_id=block.tool_use_id, result={
            "type": page.type, "url": page.url, "retrievedAt": page.retrieved_at, "content": {
                "type": page.content.type, "title": page.content.title,
                "citations": page.content.citations and page.content.citations.model_dump(),
                "source": {"type": source.type, "mediaType": source.media_type, "data": source.data}}})
    if block.type == "tool_search_tool_result":  # ToolSearchToolSearchResultBlock's tool references
        return ToolResultRecord(tool_call_id=block.tool_use_id, result=[
            {"type": r.type, "toolName": r.tool_name} for r in block.content.tool_references])
    if block.type == "code_execution_tool_result":  # all five fields, as @ai-sdk/anthropic hands them on
        if block.content.type == "code_execution_tool_result_error":
            return ToolResultRecord(tool_call_id=block.tool_use_id, is_error=True,
                                    result={"type": block.content.type, "errorCode": block.content.error_code})
        return ToolResultRecord(tool_call_id=block.tool_use_id, result=block.content.model_dump())
    if block.type in ("bash_code_execution_tool_result", "text_editor_code_execution_tool_result"):
        # @ai-sdk/anthropic hands the content on as its zod schema parsed it (an error's message dropped).
        content = block.content.model_dump(exclude={"error_message"})
        return ToolResultRecord(tool_call_id=block.tool_use_id, result=content)
    return None


def ai_sdk_call(block: Any) -> tuple[str, str]:
    """A call block's name and the text @ai-sdk/anthropic opens its input with instead of ``{`` (none: ""):
    the three code execution blocks are its ``code_execution`` with the kind first (dist/index.js:5511, :5907)."""
    if block.type == "server_tool_use" and block.name in CODE_KINDS:
        return "code_execution", f'{{"type": "{CODE_KINDS[block.name]}",'
    return block.name, ""


def consume_stream(scenario: Scenario) -> Seen:
    """Stream the scenario through ``Anthropic().messages.create(stream=True)`` (raw events)."""
    import httpx2

    seen = Seen()
    calls: dict[int, SeenCall] = {}
    opening: dict[int, str] = {}
    input_usage: Any = None
    stop_reason: str | None = None
    output = 0
    details: Any = None
    try:
        for ev in client_for(scenario).messages.create(model=scenario.request.model, max_tokens=64,
                                                       messages=MESSAGES, stream=True):
            if ev.type == "message_start":
                seen.model, input_usage = ev.message.model, ev.message.usage
            elif ev.type == "content_block_start" and ev.content_block.type in ("tool_use", "server_tool_use"):
                name, opening[ev.index] = ai_sdk_call(ev.content_block)
                calls[ev.index] = SeenCall(id=ev.content_block.id, name=name,
                                           provider_executed=ev.content_block.type == "server_tool_use")
            elif ev.type == "content_block_start" and (result := server_result(ev.content_block)) is not None:
                seen.results.append(result)
            elif ev.type == "content_block_delta":
                d = ev.delta
                if d.type == "text_delta":
                    seen.text += d.text
                elif d.type == "thinking_delta":
                    seen.reasoning += d.thinking
                elif d.type == "input_json_delta":
                    text = d.partial_json
                    if text and not calls[ev.index].args_text and opening[ev.index]:  # as the SDK opens it
                        text = opening[ev.index] + text[1:]
                    calls[ev.index].args_text += text
            elif ev.type == "content_block_stop" and ev.index in calls:
                calls[ev.index].completed = True  # @ai-sdk/anthropic emits the tool-call here (6.5)
            elif ev.type == "message_delta":
                stop_reason, output = ev.delta.stop_reason, ev.usage.output_tokens
                details = ev.usage.output_tokens_details
            elif ev.type == "message_stop":
                # Only message_stop makes a finish (6.5: without it there is no finish part).
                seen.finish = STOP_UNIFIED.get(stop_reason or "", "other")
                seen.usage = usage_record(input_usage, output, details)
    except (anthropic.AnthropicError, httpx2.TransportError, ValueError) as exc:
        note_error(seen, exc)
    seen.calls = [calls[k] for k in sorted(calls)]
    return seen


def consume_json(scenario: Scenario) -> Seen:
    """Read the scenario through ``Anthropic().messages.create()`` (no streaming)."""
    seen = Seen()
    try:
        m = client_for(scenario).messages.create(model=scenario.request.model, max_tokens=64, messages=MESSAGES)
    except anthropic.AnthropicError as exc:
        note_error(seen, exc)
        return seen
    seen.model = m.model
    for block in m.content:
        if block.type == "text":
            seen.text += block.text
        elif block.type == "thinking":
            seen.reasoning += block.thinking
        elif block.type in ("tool_use", "server_tool_use"):
            name, _ = ai_sdk_call(block)
            parsed = {"type": CODE_KINDS[block.name], **block.input} if block.name in CODE_KINDS and \
                block.type == "server_tool_use" else block.input
            seen.calls.append(SeenCall(id=block.id, name=name, completed=True, parsed=parsed,
                                       has_parsed=True, provider_executed=block.type == "server_tool_use"))
        elif (result := server_result(block)) is not None:
            seen.results.append(result)
    seen.finish = STOP_UNIFIED.get(m.stop_reason or "", "other")
    seen.usage = usage_record(m.usage, m.usage.output_tokens, m.usage.output_tokens_details)
    return seen


def sdk_case(sid: str, *, streaming: bool) -> Scenario:
    s = sdk_comparable(sid, D, {**STREAM, "stream": streaming})
    if any(st.fault is not None and st.fault.kind == "raw_bytes" and "event:" not in st.fault.data
           for st in s.script):
        # 6.1: the Anthropic SDK skips frames without an event line, so these bytes are not the
        # error they are for @ai-sdk/anthropic (which ignores event names and fails to parse them).
        pytest.skip("raw bytes without an event: line are skipped by the Anthropic SDK")
    return s


@pytest.mark.parametrize("sid", corpus_ids())
def test_anthropic_sdk_streams_the_scenario(sid: str) -> None:
    s = sdk_case(sid, streaming=True)
    assert_matches(transcript_of(consume_stream(s)), s.expected_for(D), empty_args_equal=True)


@pytest.mark.parametrize("sid", corpus_ids())
def test_anthropic_sdk_reads_the_json_form(sid: str) -> None:
    s = sdk_case(sid, streaming=False)
    assert_matches(transcript_of(consume_json(s)), s.expected_for(D))


@pytest.mark.parametrize("sid", corpus_ids())
def test_anthropic_sdk_message_stream_accumulates_the_same_message(sid: str) -> None:
    """The SDK's own accumulator (``messages.stream``) builds the Message the JSON form states."""
    s = sdk_case(sid, streaming=True)
    if wire_faults(s) or any(p.type == "error" for p in s.parts()) or s.http_fault() is not None:
        pytest.skip("the accumulator needs a complete, error-free stream")
    try:
        want = message(s, {"model": s.request.model})
    except DialectError as exc:
        pytest.skip(f"no JSON form: {exc.reason}")
    with client_for(s).messages.stream(model=s.request.model, max_tokens=64, messages=MESSAGES) as stream:
        got = stream.get_final_message()
    # A Message's thinking block needs a signature: the JSON form says "" where the stream sent none.
    for block in want["content"]:
        if block.get("signature") == "":
            del block["signature"]
    assert got.model_dump(exclude_none=True, include={"id", "model", "stop_reason", "content"}) == {
        k: v for k, v in want.items() if k in {"id", "model", "stop_reason", "content"} and v is not None}
    assert (got.usage.input_tokens, got.usage.output_tokens) == (want["usage"]["input_tokens"],
                                                                 want["usage"]["output_tokens"])


@pytest.mark.parametrize(
    ("status", "error"),
    [(400, "BadRequestError"), (401, "AuthenticationError"), (429, "RateLimitError"), (500, "InternalServerError")],
)
@pytest.mark.parametrize("stream", [True, False])
def test_anthropic_sdk_raises_its_own_error_for_http_status(status: int, error: str, stream: bool) -> None:
    s = make_scenario([{"fault": {"kind": "http_status", "status": status,
                                  "body": {"type": "error", "error": {"type": "x", "message": "scripted"}}}}])
    with pytest.raises(getattr(anthropic, error)) as info:
        client_for(s).messages.create(model="m", max_tokens=8, messages=MESSAGES, stream=stream)
    assert info.value.status_code == status and "scripted" in str(info.value)


def test_anthropic_sdk_raises_on_an_error_event_mid_stream() -> None:
    s = make_scenario([{"part": {"type": "text-delta", "id": "0", "delta": "Recursion is"}},
                       {"part": {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}}])
    seen = consume_stream(s)
    assert seen.text == "Recursion is" and isinstance(seen.error, anthropic.APIStatusError)
    assert seen.error_message == "Overloaded"


def test_anthropic_sdk_reads_crlf_keepalives_and_split_characters() -> None:
    text = "Zoë ☕ 東京"
    s = make_scenario([
        {"part": {"type": "text-start", "id": "0"}},
        {"fault": {"kind": "split", "offsets": list(range(1, 140))}},
        {"part": {"type": "text-delta", "id": "0", "delta": text}},
        {"part": {"type": "ping"}},
        {"part": {"type": "text-end", "id": "0"}},
        {"part": finish("stop")},
    ], wire={"line_ending": "crlf", "keepalive_comments": True})
    seen = consume_stream(s)
    assert (seen.text, seen.finish, seen.error) == (text, "stop", None)
    assert seen.usage == UsageRecord(input_tokens=9, output_tokens=2, total_tokens=11)


# ---------------------------------------------------------------- stop_details and thinking tokens (issue 17)
def test_refusal_stop_details_and_thinking_tokens_on_the_wire() -> None:
    """anthropic 2.14.0 raw_message_delta_event.py (Delta.stop_details: RefusalStopDetails) and
    message_delta_usage.py (output_tokens_details.thinking_tokens)."""
    s = corpus_scenario("quirks.anthropic-stop-details.001")
    delta = next(e for _, e in events(plan_response(s, D, {"stream": True}).body_bytes())
                 if e["type"] == "message_delta")
    assert delta["delta"] == {"stop_reason": "refusal", "stop_sequence": None, "stop_details": {
        "type": "refusal", "category": "cyber",
        "explanation": "The request could enable malware or exploit development."}}
    assert delta["usage"] == {"input_tokens": 30, "output_tokens": 45, "output_tokens_details": {"thinking_tokens": 36}}
    # The priority tier, in message_start's Usage (MessageDeltaUsage has no service_tier).
    start = next(e for _, e in events(plan_response(s, D, {"stream": True}).body_bytes())
                 if e["type"] == "message_start")
    assert start["message"]["usage"]["service_tier"] == "priority"
    m = client_for(s).messages.create(model="m", max_tokens=64, messages=MESSAGES)
    assert (m.stop_reason, m.stop_details.category, m.usage.output_tokens_details.thinking_tokens,
            m.usage.service_tier) == ("refusal", "cyber", 36, "priority")
    # No reasoning count, no details: neither key.
    plain = next(e for _, e in events(plan_response(corpus_scenario("text.basic.001"), D, {"stream": True})
                                      .body_bytes()) if e["type"] == "message_delta")
    assert "stop_details" not in plain["delta"] and set(plain["usage"]) == {"input_tokens", "output_tokens"}


def test_anthropic_sdk_streams_stop_details() -> None:
    s = corpus_scenario("quirks.anthropic-stop-details.001")
    got = [ev for ev in client_for(s).messages.create(model="m", max_tokens=64, messages=MESSAGES, stream=True)
           if ev.type == "message_delta"]
    assert type(got[0].delta.stop_details).__name__ == "RefusalStopDetails"
    assert got[0].delta.stop_details.explanation == "The request could enable malware or exploit development."


def test_citations_are_citations_deltas_before_the_block_stops() -> None:
    """anthropic 2.14.0 citations_delta.py (CitationsDelta{citation}), citations_web_search_result_location.py
    and citation_char_location.py give the shapes; @ai-sdk/anthropic 4.0.105 dist/index.js:5918 collects them."""
    url = {"source": {"type": "source", "sourceType": "url", "id": "s1", "url": "https://x", "title": "X"},
           "citedText": "quoted"}
    doc = {"source": {"type": "source", "sourceType": "document", "id": "s2", "mediaType": "application/pdf",
                      "title": "Doc"}, "startIndex": 3, "endIndex": 9, "citedText": "cited"}
    got = encode({"type": "text-delta", "id": "t", "delta": "Hi"},
                 {"type": "text-end", "id": "t", "citations": [url, doc]})
    assert got[-3:] == [
        {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": {
            "type": "web_search_result_location", "url": "https://x", "title": "X", "cited_text": "quoted",
            "encrypted_index": ""}}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": {
            "type": "char_location", "document_index": 0, "document_title": "Doc", "start_char_index": 3,
            "end_char_index": 9, "cited_text": "cited"}}},
        {"type": "content_block_stop", "index": 0},
    ]


def test_anthropic_sdk_reads_the_citations() -> None:
    s = corpus_scenario("parts.citations.001")
    m = client_for(s).messages.create(model="m", max_tokens=64, messages=MESSAGES)
    assert [(c.type, c.url, c.cited_text) for c in m.content[0].citations or []] == [
        ("web_search_result_location", "https://example.com/mont-blanc", "Mont Blanc rises to 4,806 metres.")]
    with client_for(s).messages.stream(model="m", max_tokens=64, messages=MESSAGES) as stream:
        final = stream.get_final_message()
    assert final.content[0].citations is not None and final.content[0].citations[0].title == "Mont Blanc"


# ---------------------------------------------------------------- server-tool blocks (issue 17)
# Expected blocks written from anthropic 2.14.0 types: server_tool_use_block.py {type, id, name, input},
# web_search_tool_result_block.py {type, tool_use_id, content: [web_search_result_block.py]},
# code_execution_tool_result_block.py {type, tool_use_id, content: code_execution_result_block.py},
# message_delta_usage.py server_tool_use (server_tool_usage.py: web_search_requests, web_fetch_requests).
SEARCH_CALL = [
    {"type": "tool-input-start", "id": "srvtoolu_9", "toolName": "web_search", "providerExecuted": True},
    {"type": "tool-input-delta", "id": "srvtoolu_9", "delta": '{"query":"tides"}'},
    {"type": "tool-input-end", "id": "srvtoolu_9"},
    {"type": "tool-call", "toolCallId": "srvtoolu_9", "toolName": "web_search", "input": '{"query":"tides"}',
     "providerExecuted": True},
]


def test_a_server_search_is_server_tool_use_then_its_result_block() -> None:
    result = {"type": "tool-result", "toolCallId": "srvtoolu_9", "toolName": "web_search",
              "result": [{"url": "https://t.test/a", "title": "Tides", "pageAge": "2 days"},
                         {"url": "https://t.test/b", "title": "More", "encryptedContent": "EnC"}]}
    got = encode(*SEARCH_CALL, result, finish("stop"))
    assert got[1:] == [
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "server_tool_use", "id": "srvtoolu_9", "name": "web_search", "input": {}}},
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "input_json_delta", "partial_json": '{"query":"tides"}'}},
        {"type": "content_block_stop", "index": 0},
        {"type": "content_block_start", "index": 1, "content_block": {
            "type": "web_search_tool_result", "tool_use_id": "srvtoolu_9", "content": [
                {"type": "web_search_result", "url": "https://t.test/a", "title": "Tides", "page_age": "2 days",
                 "encrypted_content": ""},
                {"type": "web_search_result", "url": "https://t.test/b", "title": "More", "encrypted_content": "EnC"},
            ]}},
        {"type": "content_block_stop", "index": 1},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
         "usage": {"input_tokens": 9, "output_tokens": 2,
                   "server_tool_use": {"web_search_requests": 1, "web_fetch_requests": 0}}},
        {"type": "message_stop"},
    ]
    assert [sdk_event(e).type for e in got] == [e["type"] for e in got]  # each is one of the SDK's events


def sdk_event(event: dict[str, Any]) -> Any:
    """The event parsed by the SDK's own ``RawMessageStreamEvent`` union (raises when it is none of them)."""
    from pydantic import TypeAdapter

    return TypeAdapter(anthropic.types.RawMessageStreamEvent).validate_python(event)


def test_a_code_execution_run_is_a_code_execution_tool_result_and_counts_no_search() -> None:
    s = make_scenario([
        META,
        {"part": {"type": "tool-call", "toolCallId": "srvtoolu_c", "toolName": "code_execution",
                  "input": '{"type": "programmatic-tool-call","code":"print(4)"}', "providerExecuted": True}},
        {"part": {"type": "tool-result", "toolCallId": "srvtoolu_c", "toolName": "code_execution",
                  "result": {"type": "code_execution_result", "stdout": "4\n", "stderr": "", "return_code": 0,
                             "content": []}}},
        {"part": finish("stop")},
    ])
    m = anthropic.types.Message.model_validate_json(plan_response(s, D, {"model": "m"}).body_bytes())
    call, run = m.content
    # The kind is @ai-sdk/anthropic's, not the API's: the block's input is the code alone.
    assert (call.type, call.id, call.name, call.input) == ("server_tool_use", "srvtoolu_c", "code_execution",
                                                           {"code": "print(4)"})
    assert run.type == "code_execution_tool_result" and run.tool_use_id == "srvtoolu_c"
    assert (run.content.type, run.content.stdout, run.content.stderr, run.content.return_code) == (
        "code_execution_result", "4\n", "", 0)
    assert m.usage.server_tool_use is None  # no web search or fetch in this turn


def test_bash_and_text_editor_calls_are_their_own_blocks_and_results_without_is_error() -> None:
    got = encode(
        {"type": "tool-input-start", "id": "s1", "toolName": "code_execution", "providerExecuted": True},
        {"type": "tool-input-delta", "id": "s1", "delta": '{"type": "bash_code_execution","command":"ls"}'},
        {"type": "tool-input-end", "id": "s1"},
        {"type": "tool-call", "toolCallId": "s1", "toolName": "code_execution", "providerExecuted": True,
         "input": '{"type": "bash_code_execution","command":"ls"}'},
        {"type": "tool-result", "toolCallId": "s1", "toolName": "code_execution",
         "result": {"type": "bash_code_execution_tool_result_error", "error_code": "unavailable"}},
        {"type": "tool-call", "toolCallId": "s2", "toolName": "code_execution", "providerExecuted": True,
         "input": '{"type": "text_editor_code_execution","command":"create","path":"a.txt","file_text":"x"}'},
        {"type": "tool-result", "toolCallId": "s2", "toolName": "code_execution",
         "result": {"type": "text_editor_code_execution_create_result", "is_file_update": False}})
    events = [sdk_event(e) for e in got[1:]]
    starts = [e.content_block for e in events if e.type == "content_block_start"]
    assert [(b.type, getattr(b, "name", None)) for b in starts] == [
        ("server_tool_use", "bash_code_execution"), ("bash_code_execution_tool_result", None),
        ("server_tool_use", "text_editor_code_execution"), ("text_editor_code_execution_tool_result", None)]
    inputs = [e.delta.partial_json for e in events if e.type == "content_block_delta"]
    assert inputs == ['{"command":"ls"}', '{"command":"create","path":"a.txt","file_text":"x"}']
    assert starts[1].content.error_code == "unavailable" and starts[3].content.is_file_update is False


def test_a_search_error_is_the_error_object() -> None:
    got = encode(*SEARCH_CALL, {"type": "tool-result", "toolCallId": "srvtoolu_9", "toolName": "web_search",
                                "result": {"type": "web_search_tool_result_error", "errorCode": "max_uses_exceeded"},
                                "isError": True})
    assert got[-1] == {"type": "content_block_stop", "index": 1}
    block = sdk_event(got[-2]).content_block
    assert block.content.type == "web_search_tool_result_error" and block.content.error_code == "max_uses_exceeded"


SERVER_REFUSALS: dict[str, list[dict[str, Any]]] = {
    "not a server tool name": [{**SEARCH_CALL[0], "toolName": "my_search"}],
    "result of a client call": [
        {"type": "tool-call", "toolCallId": "toolu_1", "toolName": "x", "input": "{}"},
        {"type": "tool-result", "toolCallId": "toolu_1", "toolName": "x", "result": {"a": 1}}],
    "web_fetch result without its document": [
        {"type": "tool-call", "toolCallId": "s", "toolName": "web_fetch", "input": "{}", "providerExecuted": True},
        {"type": "tool-result", "toolCallId": "s", "toolName": "web_fetch", "result": {"url": "https://x"}}],
    "code_execution call without its kind": [
        {"type": "tool-call", "toolCallId": "s", "toolName": "code_execution", "input": '{"code":"1"}',
         "providerExecuted": True}],
    "code_execution call whose first delta drops the kind": [
        {"type": "tool-input-start", "id": "s", "toolName": "code_execution", "providerExecuted": True},
        {"type": "tool-input-delta", "id": "s", "delta": '{"command":"ls"}'},
        {"type": "tool-call", "toolCallId": "s", "toolName": "code_execution", "providerExecuted": True,
         "input": '{"command":"ls"}'}],
    "bash result flagged isError": [
        {"type": "tool-call", "toolCallId": "s", "toolName": "code_execution", "providerExecuted": True,
         "input": '{"type": "bash_code_execution","command":"ls"}'},
        {"type": "tool-result", "toolCallId": "s", "toolName": "code_execution", "isError": True,
         "result": {"type": "bash_code_execution_tool_result_error", "error_code": "unavailable"}}],
    "text editor result with a field of another form": [
        {"type": "tool-call", "toolCallId": "s", "toolName": "code_execution", "providerExecuted": True,
         "input": '{"type": "text_editor_code_execution","command":"view","path":"a"}'},
        {"type": "tool-result", "toolCallId": "s", "toolName": "code_execution",
         "result": {"type": "text_editor_code_execution_create_result", "is_file_update": False, "content": ""}}],
    "search result field without a home": [*SEARCH_CALL, {
        "type": "tool-result", "toolCallId": "srvtoolu_9", "toolName": "web_search",
        "result": [{"url": "https://x", "title": "X", "snippet": "no such field"}]}],
    "failed code run flagged isError": [
        {"type": "tool-call", "toolCallId": "s", "toolName": "code_execution", "providerExecuted": True,
         "input": '{"type": "programmatic-tool-call","code":"1/0"}'},
        {"type": "tool-result", "toolCallId": "s", "toolName": "code_execution", "isError": True,
         "result": {"stderr": "boom", "return_code": 1}}],
}


# Each case's own reason (a case refused for another reason must not pass): the part and what it says.
REFUSAL_REASONS: dict[str, tuple[str, str]] = {
    "not a server tool name": ("tool-input-start", "'my_search' is not a Messages server tool"),
    "result of a client call": ("tool-result", "'toolu_1' is not one"),
    "web_fetch result without its document": ("tool-result", "a web_fetch result is {type: 'web_fetch_result'"),
    "code_execution call without its kind": ("tool-call", "input opens with the kind"),
    "code_execution call whose first delta drops the kind": ("tool-input-start", "input opens with the kind"),
    "bash result flagged isError": ("tool-result", "isError on a bash_code_execution result"),
    "text editor result with a field of another form": ("tool-result", "a text_editor_code_execution result is"),
    "search result field without a home": ("tool-result", "fields ['snippet'] have no WebSearchResultBlock field"),
    "failed code run flagged isError": ("tool-result", "an error result of code_execution is"),
}


@pytest.mark.parametrize("case", sorted(SERVER_REFUSALS))
def test_server_tool_cases_without_a_wire_form_are_refused(case: str) -> None:
    part_type, says = REFUSAL_REASONS[case]
    with pytest.raises(DialectError) as info:
        encode(*SERVER_REFUSALS[case])
    assert info.value.part_type == part_type and says in str(info.value), str(info.value)
    assert RULES[info.value.part_type].error_when


@pytest.mark.parametrize("streaming", [True, False])
def test_anthropic_sdk_reads_the_scenarios_server_search(streaming: bool) -> None:
    """The SDK's typed blocks carry the scenario's call id, name, input and result (values from the script)."""
    s = corpus_scenario("tool.provider-executed.001")
    call = next(p for p in s.parts() if p.type == "tool-call")
    result = next(p for p in s.parts() if p.type == "tool-result")
    client = client_for(s)
    if streaming:
        with client.messages.stream(model=s.request.model, max_tokens=64, messages=MESSAGES) as stream:
            m = stream.get_final_message()
    else:
        m = client.messages.create(model=s.request.model, max_tokens=64, messages=MESSAGES)
    use = next(b for b in m.content if b.type == "server_tool_use")
    found = next(b for b in m.content if b.type == "web_search_tool_result")
    assert (use.id, use.name, use.input) == (call.tool_call_id, call.tool_name, json.loads(call.input))
    assert found.tool_use_id == call.tool_call_id
    assert [(r.url, r.title, r.page_age) for r in found.content] == [
        (r["url"], r["title"], r.get("pageAge")) for r in result.result]
    assert m.usage.server_tool_use is not None and m.usage.server_tool_use.web_search_requests == 1


def test_a_container_upload_is_a_block_the_sdk_types_and_keeps_in_the_message() -> None:
    upload = {"type": "custom", "kind": "anthropic.container_upload",
              "providerMetadata": {"anthropic": {"fileId": "file_9"}}}
    got = encode(upload, {"type": "text-start", "id": "t"}, {"type": "text-delta", "id": "t", "delta": "ok"},
                 {"type": "text-end", "id": "t"}, finish("stop"))
    start = got[1]
    assert start == {"type": "content_block_start", "index": 0,
                     "content_block": {"type": "container_upload", "file_id": "file_9"}}
    assert got[2] == {"type": "content_block_stop", "index": 0}
    assert isinstance(sdk_event(start).content_block, anthropic.types.ContainerUploadBlock)
    s = corpus_scenario("parts.container-upload.001")
    ask: dict[str, Any] = {"model": "m", "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    with client_for(s).messages.stream(**ask) as stream:
        streamed = stream.get_final_message()
    for whole in (streamed, client_for(s).messages.create(**ask)):
        assert [b.type for b in whole.content] == ["container_upload", "text"]
        assert whole.content[0].file_id == "file_011CNha8iCJcU1wXNR6q4V8w"  # the script's fileId


@pytest.mark.parametrize("meta", [None, {"anthropic": {"fileId": 7}}, {"anthropic": {"fileId": "f", "x": 1}}])
def test_a_custom_part_that_is_no_container_upload_is_refused(meta: Any) -> None:
    with pytest.raises(DialectError, match="container_upload"):
        encode({"type": "custom", "kind": "anthropic.container_upload", **({"providerMetadata": meta} if meta else {})})
