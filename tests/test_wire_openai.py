"""The ``openai-chat`` wire dialect: Chat Completions chunks, the JSON form, and the real ``openai`` SDK.

Expected frames are written from spec-reference 6.2 (chunk fields, the byte-exact text and
parallel-tool examples, the usage object, the in-stream error), 6.4 (how consumers read
finish reasons and flush calls) and 6.7 (the encoding table), not copied from encoder output.
The SDK tests serve each corpus scenario's plan through ``httpx2.MockTransport`` to the
official client (``openai`` 3.54) and compare what it yields with the scenario's expected
transcript.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mock_provider.dialects import DialectError
from mock_provider.parts import PART_TYPES, parse_part
from mock_provider.scenario import Scenario
from mock_provider.transcript import UsageRecord
from mock_provider.wires import Chunk, Disconnect, Stall, plan_response
from mock_provider.wires.openai_chat import (
    RULES,
    UNKNOWN_PART_RULE,
    Comment,
    Encoder,
    completion,
)
from tests.test_wire import (
    Seen,
    SeenCall,
    Served,
    assert_matches,
    corpus_cached,
    corpus_ids,
    corpus_scenario,
    make_scenario,
    mock_http_client,
    quirk_refusal,
    sdk_comparable,
    transcript_of,
)

openai = pytest.importorskip("openai")

D = "openai-chat"
STREAM = {"model": "req-model", "stream": True, "stream_options": {"include_usage": True}}
META = {"part": {"type": "response-metadata", "id": "chatcmpl-1", "modelId": "mock-1",
                 "timestamp": "2023-11-14T22:13:20.000Z"}}  # = created 1700000000 (6.2 example)


def frames(body: bytes) -> list[Any]:
    """The data payloads of an SSE body (JSON decoded; '[DONE]' kept as the string)."""
    out: list[Any] = []
    for event in body.decode().split("\n\n")[:-1]:
        data = [line[len("data: "):] for line in event.split("\n") if line.startswith("data: ")]
        if data:
            out.append(data[0] if data[0] == "[DONE]" else json.loads(data[0]))
    return out


def choices(body: bytes) -> list[dict[str, Any]]:
    return [f["choices"][0] for f in frames(body) if isinstance(f, dict) and f.get("choices")]


def encode(*parts: dict[str, Any], **kw: Any) -> list[Any]:
    enc = Encoder("wire.test.001", model="mock-1", completion_id="chatcmpl-1", created=1700000000, **kw)
    out: list[Any] = []
    for p in parts:
        out.extend(enc.encode(parse_part(p)))
    return out


def finish(unified: str, raw: str | None = None, usage: Any = "default") -> dict[str, Any]:
    fr: dict[str, Any] = {"unified": unified}
    if raw is not None:
        fr["raw"] = raw
    part: dict[str, Any] = {"type": "finish", "finishReason": fr}
    part["usage"] = {"inputTokens": {"total": 9}, "outputTokens": {"total": 2}} if usage == "default" else usage
    return part


# ---------------------------------------------------------------- byte-exact stream (6.2)
def test_text_answer_bytes_follow_the_spec_example() -> None:
    s = make_scenario([
        {"part": {"type": "stream-start", "warnings": []}},
        META,
        {"part": {"type": "text-start", "id": "txt-0"}},
        {"part": {"type": "text-delta", "id": "txt-0", "delta": "Hel"}},
        {"part": {"type": "text-delta", "id": "txt-0", "delta": "lo"}},
        {"part": {"type": "text-end", "id": "txt-0"}},
        {"part": finish("stop", "stop", {"inputTokens": {"total": 9, "cacheRead": 0},
                                         "outputTokens": {"total": 2, "reasoning": 0}})},
    ])
    env = '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"mock-1",'
    expected = (
        f'data: {env}"choices":[{{"index":0,"delta":{{"role":"assistant","content":""}},"finish_reason":null}}]}}\n\n'
        f'data: {env}"choices":[{{"index":0,"delta":{{"content":"Hel"}},"finish_reason":null}}]}}\n\n'
        f'data: {env}"choices":[{{"index":0,"delta":{{"content":"lo"}},"finish_reason":null}}]}}\n\n'
        f'data: {env}"choices":[{{"index":0,"delta":{{}},"finish_reason":"stop"}}]}}\n\n'
        f'data: {env}"choices":[],"usage":{{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11,'
        '"prompt_tokens_details":{"cached_tokens":0},"completion_tokens_details":{"reasoning_tokens":0}}}\n\n'
        "data: [DONE]\n\n"
    )
    plan = plan_response(s, D, STREAM)
    assert plan.body_bytes().decode() == expected
    assert plan.headers == {"content-type": "text/event-stream", "cache-control": "no-cache",
                            "x-mock-scenario": "wire.test.001"}


def test_two_parallel_calls_follow_the_spec_example() -> None:
    script = [
        {"type": "tool-input-start", "id": "call_A", "toolName": "get_weather"},
        {"type": "tool-input-delta", "id": "call_A", "delta": '{"city":'},
        {"type": "tool-input-delta", "id": "call_A", "delta": '"Paris"}'},
        {"type": "tool-input-end", "id": "call_A"},
        {"type": "tool-call", "toolCallId": "call_A", "toolName": "get_weather", "input": '{"city":"Paris"}'},
        {"type": "tool-input-start", "id": "call_B", "toolName": "get_time"},
        {"type": "tool-input-delta", "id": "call_B", "delta": '{"tz":"CET"}'},
        {"type": "tool-input-end", "id": "call_B"},
        {"type": "tool-call", "toolCallId": "call_B", "toolName": "get_time", "input": '{"tz":"CET"}'},
        finish("tool-calls", "tool_calls"),
    ]
    got = [c["choices"][0] for c in encode(*script) if c["choices"]]
    fn = "function"
    assert got == [
        # The spec's first tool chunk also carries the role; this mock sends the role chunk first (both real).
        {"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None},
        {"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_A", "type": fn,
                                               fn: {"name": "get_weather", "arguments": ""}}]}, "finish_reason": None},
        {"index": 0, "delta": {"tool_calls": [{"index": 0, fn: {"arguments": '{"city":'}}]}, "finish_reason": None},
        {"index": 0, "delta": {"tool_calls": [{"index": 0, fn: {"arguments": '"Paris"}'}}]}, "finish_reason": None},
        {"index": 0, "delta": {"tool_calls": [{"index": 1, "id": "call_B", "type": fn,
                                               fn: {"name": "get_time", "arguments": ""}}]}, "finish_reason": None},
        {"index": 0, "delta": {"tool_calls": [{"index": 1, fn: {"arguments": '{"tz":"CET"}'}}]}, "finish_reason": None},
        {"index": 0, "delta": {}, "finish_reason": "tool_calls"},
    ]


def test_interleaved_calls_keep_their_index() -> None:
    got = encode(
        {"type": "tool-input-start", "id": "a", "toolName": "x"},
        {"type": "tool-input-start", "id": "b", "toolName": "y"},
        {"type": "tool-input-delta", "id": "a", "delta": "1"},
        {"type": "tool-input-delta", "id": "b", "delta": "2"},
    )
    assert [c["choices"][0]["delta"]["tool_calls"][0]["index"] for c in got[1:]] == [0, 1, 0, 1]


def test_atomic_call_is_one_chunk_and_a_replay_adds_nothing() -> None:
    call = {"type": "tool-call", "toolCallId": "fc-1", "toolName": "get_time", "input": '{"city":"Tokyo"}'}
    got = encode({"type": "text-delta", "id": "t", "delta": "Hi"}, call, call)
    assert [c["choices"][0]["delta"] for c in got[2:]] == [
        {"tool_calls": [{"index": 0, "id": "fc-1", "type": "function",
                         "function": {"name": "get_time", "arguments": '{"city":"Tokyo"}'}}]},
    ]


def test_a_tool_call_sends_the_tail_its_fragments_missed() -> None:
    start = {"type": "tool-input-start", "id": "c", "toolName": "roll"}
    got = encode(start, {"type": "tool-input-end", "id": "c"},
                 {"type": "tool-call", "toolCallId": "c", "toolName": "roll", "input": "{}"})
    assert got[-1]["choices"][0]["delta"] == {"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]}
    # Input that does not extend the fragments: the wire already said what it says.
    got = encode(start, {"type": "tool-input-delta", "id": "c", "delta": '{"a":1}'},
                 {"type": "tool-call", "toolCallId": "c", "toolName": "roll", "input": '{"b":2}'})
    assert len(got) == 3


def test_boundaries_and_stream_start_are_implicit() -> None:
    assert encode(
        {"type": "stream-start", "warnings": [{"type": "other", "message": "m"}]},
        {"type": "text-start", "id": "t"},
        {"type": "text-end", "id": "t"},
        {"type": "reasoning-start", "id": "r"},
        {"type": "reasoning-end", "id": "r"},
        {"type": "tool-input-start", "id": "c", "toolName": "x"},
        {"type": "tool-input-end", "id": "c"},
    )[2:] == []


def test_reasoning_is_the_reasoning_content_extension() -> None:
    got = encode({"type": "reasoning-delta", "id": "r", "delta": "think"})
    assert got[1]["choices"][0]["delta"] == {"reasoning_content": "think"}


def test_response_metadata_stamps_the_following_chunks() -> None:
    enc = Encoder("wire.test.001", model="req-model")
    before = enc.encode(parse_part({"type": "text-delta", "id": "t", "delta": "a"}))
    enc.encode(parse_part({"type": "response-metadata", "id": "gen-9", "modelId": "late-model",
                           "timestamp": "2025-01-01T00:00:01.000Z"}))
    after = enc.encode(parse_part({"type": "text-delta", "id": "t", "delta": "b"}))
    stamps = [(c["id"], c["model"], c["created"]) for c in [*before, *after] if isinstance(c, dict)]
    assert stamps == [(enc_default_id(), "req-model", 1700000000)] * 2 + [("gen-9", "late-model", 1735689601)]


def enc_default_id() -> str:
    # Deterministic: the same scenario always gets the same completion id.
    first = Encoder("wire.test.001").completion_id
    assert first == Encoder("wire.test.001").completion_id != Encoder("wire.test.002").completion_id
    assert first.startswith("chatcmpl-")
    return first


def test_plan_applies_late_metadata_from_the_first_chunk() -> None:
    """Consumers read id/model from the first chunk (6.4), so a plan states them once for the stream."""
    s = make_scenario([
        {"part": {"type": "text-delta", "id": "t", "delta": "Hello"}},
        {"part": {"type": "response-metadata", "id": "gen-77", "modelId": "router/llama"}},
        {"part": {"type": "text-delta", "id": "t", "delta": "!"}},
    ])
    fs = frames(plan_response(s, D, STREAM).body_bytes())
    assert {(f["id"], f["model"]) for f in fs} == {("gen-77", "router/llama")}
    no_meta = frames(plan_response(make_scenario(TEXT_ONLY), D, {"model": "asked-for", "stream": True}).body_bytes())
    assert {(f["model"], f["created"]) for f in no_meta if isinstance(f, dict)} == {("asked-for", 1700000000)}


TEXT_ONLY = [{"part": {"type": "text-delta", "id": "t", "delta": "Hi"}}, {"part": finish("stop")}]


# ---------------------------------------------------------------- finish and usage
@pytest.mark.parametrize(
    ("unified", "raw", "wire"),
    [
        ("stop", "stop", "stop"),
        ("stop", "STOP", "stop"),
        ("length", None, "length"),
        ("content-filter", "content_filter", "content_filter"),
        ("tool-calls", None, "tool_calls"),
        # other/unknown: a value every consumer reads as 'other' (6.4 "else other"); the raw one when
        # it is not a value consumers map to a known reason.
        ("other", "pause_turn", "pause_turn"),
        ("other", "function_call", "other"),
        ("other", "stop", "other"),
        ("other", None, "other"),
        ("unknown", None, "other"),
    ],
)
def test_finish_reason_map(unified: str, raw: str | None, wire: str) -> None:
    got = encode({"type": "text-delta", "id": "t", "delta": "x"}, finish(unified, raw))
    assert got[2]["choices"] == [{"index": 0, "delta": {}, "finish_reason": wire}]


def test_error_finish_after_an_error_frame_sends_no_finish_chunk() -> None:
    got = encode({"type": "error", "error": {"message": "boom"}}, finish("error", usage={}))
    assert got == [{"error": {"message": "boom", "type": "server_error", "param": None, "code": None}}]


@pytest.mark.parametrize("unified", ["error", "interrupted"])
def test_error_or_interrupted_finish_alone_is_inexpressible(unified: str) -> None:
    with pytest.raises(DialectError) as info:
        encode({"type": "text-delta", "id": "t", "delta": "x"}, finish(unified))
    assert info.value.part_type == "finish" and RULES["finish"].error_when


def test_usage_chunk_only_when_asked_for_and_reported() -> None:
    usage = {"inputTokens": {"total": 100, "noCache": 60, "cacheRead": 30, "cacheWrite": 10},
             "outputTokens": {"total": 50, "text": 40, "reasoning": 10}}
    got = encode(finish("stop", usage=usage), include_usage=True)
    assert got[-1] == {
        "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1700000000, "model": "mock-1",
        "choices": [],
        "usage": {"prompt_tokens": 100, "completion_tokens": 50, "total_tokens": 150,
                  "prompt_tokens_details": {"cached_tokens": 30},
                  "completion_tokens_details": {"reasoning_tokens": 10}},
    }
    assert "usage" not in encode(finish("stop", usage=usage))[-1]  # include_usage off
    absent: dict[str, Any] | None
    for absent in (None, {}):
        assert "usage" not in encode(finish("stop", usage=absent), include_usage=True)[-1]
    # A provider total (V2 raw) does not override the sum OpenAI reports.
    raw_total = {"inputTokens": {"total": 12}, "outputTokens": {"total": 8}, "raw": {"totalTokens": 25}}
    assert encode(finish("stop", usage=raw_total), include_usage=True)[-1]["usage"]["total_tokens"] == 20


def test_plan_reads_include_usage_from_the_request() -> None:
    s = make_scenario(TEXT_ONLY)
    assert b'"usage"' in plan_response(s, D, STREAM).body_bytes()
    assert b'"usage"' not in plan_response(s, D, {"stream": True}).body_bytes()
    off = {"stream": True, "stream_options": {"include_usage": False}}
    assert b'"usage"' not in plan_response(s, D, off).body_bytes()


# ---------------------------------------------------------------- error, ping, refusals
def test_error_part_is_an_error_data_frame() -> None:
    e = {"message": "Rate limit reached", "type": "tokens", "code": "rate_limit_exceeded"}
    assert encode({"type": "error", "error": e}) == [{"error": {**e, "param": None}}]
    assert encode({"type": "error", "error": "reset by peer"}) == [
        {"error": {"message": "reset by peer", "type": "server_error", "param": None, "code": None}}]


def test_ping_is_an_sse_comment_line() -> None:
    assert encode({"type": "ping"}) == [Comment("ping")]
    s = make_scenario([{"part": {"type": "ping"}}, *TEXT_ONLY])
    assert plan_response(s, D, {"stream": True}).body_bytes().startswith(b": ping\n\ndata: {")


PROVIDER_CALL = {"type": "tool-call", "toolCallId": "s", "toolName": "web", "input": "{}", "providerExecuted": True}
INEXPRESSIBLE: dict[str, list[dict[str, Any]]] = {
    "file": [{"type": "file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}}],
    "reasoning-file": [{"type": "reasoning-file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}}],
    "source": [{"type": "source", "sourceType": "url", "id": "s1", "url": "https://x"}],
    "custom": [{"type": "custom", "kind": "openai.compaction"}],
    "tool-result": [{"type": "tool-result", "toolCallId": "s", "toolName": "web", "result": {"a": 1}}],
    "tool-approval-request": [{"type": "tool-approval-request", "approvalId": "a", "toolCallId": "s"}],
    "raw": [{"type": "raw", "rawValue": {"choices": []}}],
    "provider-executed call": [PROVIDER_CALL],
    "provider-executed start": [{"type": "tool-input-start", "id": "s", "toolName": "web", "providerExecuted": True}],
    "delta without start": [{"type": "tool-input-delta", "id": "nope", "delta": "{}"}],
    "citations": [{"type": "text-end", "id": "t", "citations": [{"source": {"sourceType": "url", "id": "s",
                                                                            "url": "https://x"}}]}],
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
        Encoder("wire.test.001").encode_raw({"type": "future-part", "x": 1})
    assert info.value.part_type == "future-part" and info.value.reason == UNKNOWN_PART_RULE.note


def test_rules_cover_every_part_type() -> None:
    assert set(RULES) == set(PART_TYPES)


def test_a_started_call_the_script_never_completes_is_refused() -> None:
    """Consumers complete every started call at the end of the stream (6.4 flush)."""
    started = [{"part": {"type": "tool-input-start", "id": "c", "toolName": "x"}},
               {"part": {"type": "tool-input-delta", "id": "c", "delta": '{"a":'}}]
    with pytest.raises(DialectError) as info:
        ended = [*started, {"part": {"type": "tool-input-end", "id": "c"}}, {"part": finish("stop")}]
        plan_response(make_scenario(ended), D, STREAM)
    assert RULES[info.value.part_type].error_when
    # Cut by a disconnect, or after an error frame, the consumer never completes it: fine.
    plan_response(make_scenario([*started, {"fault": {"kind": "disconnect"}}]), D, STREAM)
    plan_response(make_scenario([*started, {"part": {"type": "error", "error": "x"}}]), D, STREAM)


# ---------------------------------------------------------------- non-streaming JSON
def test_json_completion_folds_the_stream() -> None:
    s = make_scenario([
        META,
        {"part": {"type": "reasoning-delta", "id": "r", "delta": "Think."}},
        {"part": {"type": "text-delta", "id": "t", "delta": "Let me "}},
        {"part": {"type": "text-delta", "id": "t", "delta": "check."}},
        {"part": {"type": "tool-input-start", "id": "call_1", "toolName": "get_weather"}},
        {"part": {"type": "tool-input-delta", "id": "call_1", "delta": '{"city":"Oslo"}'}},
        {"part": {"type": "tool-call", "toolCallId": "call_1", "toolName": "get_weather", "input": '{"city":"Oslo"}'}},
        {"part": {"type": "tool-call", "toolCallId": "fc_2", "toolName": "get_time", "input": "{}"}},
        {"part": finish("tool-calls", usage={"inputTokens": {"total": 5}, "outputTokens": {"total": 7}})},
    ])
    plan = plan_response(s, D, {"model": "req-model"})
    assert plan.headers == {"content-type": "application/json", "x-mock-scenario": "wire.test.001"}
    assert json.loads(plan.body_bytes()) == {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1700000000,
        "model": "mock-1",
        "choices": [{
            "index": 0,
            "message": {
                "role": "assistant",
                "content": "Let me check.",
                "reasoning_content": "Think.",
                "tool_calls": [
                    {"id": "call_1", "type": "function", "function": {"name": "get_weather",
                                                                      "arguments": '{"city":"Oslo"}'}},
                    {"id": "fc_2", "type": "function", "function": {"name": "get_time", "arguments": "{}"}},
                ],
            },
            "finish_reason": "tool_calls",
        }],
        "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12},
    }


def test_json_completion_without_text_or_finish() -> None:
    c = completion(make_scenario([{"part": {"type": "stream-start", "warnings": []}}]), {})
    assert c["choices"][0] == {"index": 0, "message": {"role": "assistant", "content": None}, "finish_reason": None}
    assert "usage" not in c


def test_json_completion_cannot_carry_an_error_part() -> None:
    with pytest.raises(DialectError) as info:
        plan_response(make_scenario([*TEXT_ONLY[:1], {"part": {"type": "error", "error": "x"}}]), D, {})
    assert info.value.part_type == "error" and RULES["error"].error_when


def test_json_faults() -> None:
    body = plan_response(make_scenario(TEXT_ONLY), D, {}).body_bytes()
    raw = plan_response(make_scenario([*TEXT_ONLY, {"fault": {"kind": "raw_bytes", "data": "{not json"}}]), D, {})
    assert raw.body_bytes() == b"{not json"
    delayed = make_scenario([{**TEXT_ONLY[0], "delay_ms": 10}, {"fault": {"kind": "disconnect"}, "delay_ms": 5},
                             TEXT_ONLY[1]])
    cut = plan_response(delayed, D, {})
    assert cut.body_bytes() == b"" and isinstance(cut.body[-1], Disconnect)
    assert [c.delay_ms for c in cut.body if isinstance(c, Chunk)] == [15]  # nothing before the scripted time
    stall = plan_response(make_scenario([{"fault": {"kind": "stall"}}, *TEXT_ONLY]), D, {})
    assert isinstance(stall.body[-1], Stall) and stall.body_bytes() == b""
    part = plan_response(make_scenario([*TEXT_ONLY, {"fault": {"kind": "disconnect", "after_bytes": 20}}]), D, {})
    assert part.body_bytes() == body[:20] and isinstance(part.body[-1], Disconnect)
    split = plan_response(make_scenario([{"fault": {"kind": "split", "offsets": [3, 9]}}, *TEXT_ONLY]), D, {})
    assert [c.data for c in split.body if isinstance(c, Chunk)] == [body[:3], body[3:9], body[9:]]


# ---------------------------------------------------------------- the corpus
def test_each_corpus_scenario_plans_or_fails_with_a_documented_error() -> None:
    planned = {True: 0, False: 0}
    for s in corpus_cached():
        if s.dialects is not None and D not in s.dialects:
            continue
        for stream in (True, False):
            try:
                plan_response(s, D, {**STREAM, "stream": stream})
                planned[stream] += 1
            except DialectError as exc:
                assert exc.dialect == D and exc.scenario_id == s.id
                rule = RULES.get(exc.part_type, UNKNOWN_PART_RULE)
                assert rule.action == "error" or rule.error_when or quirk_refusal(exc), exc
    assert planned[True] >= 75 and planned[False] >= 65, planned


# ---------------------------------------------------------------- the real openai SDK
FINISH_UNIFIED = {"stop": "stop", "length": "length", "content_filter": "content-filter",
                  "tool_calls": "tool-calls", "function_call": "tool-calls"}  # 6.4; anything else is 'other'


def client_for(scenario: Scenario, served: Served | None = None) -> Any:
    # No retries: a scripted 429 must surface once, not after Retry-After sleeps.
    return openai.OpenAI(api_key="mock-key", base_url="http://mock.test/v1", max_retries=0,
                         http_client=mock_http_client(scenario, D, served))


def usage_record(u: Any) -> UsageRecord | None:
    if u is None:
        return None
    return UsageRecord(
        input_tokens=u.prompt_tokens,
        output_tokens=u.completion_tokens,
        total_tokens=u.total_tokens,
        reasoning_tokens=u.completion_tokens_details.reasoning_tokens if u.completion_tokens_details else None,
        cached_input_tokens=u.prompt_tokens_details.cached_tokens if u.prompt_tokens_details else None,
    )


def note_error(seen: Seen, exc: BaseException) -> None:
    seen.error = exc
    seen.error_message = getattr(exc, "message", None) or str(exc)
    code = getattr(exc, "code", None)
    status = getattr(exc, "status_code", None)
    seen.error_code = str(code) if code is not None else (str(status) if status is not None else None)


def reasoning_of(extra: dict[str, Any] | None) -> str:
    """The reasoning text of a delta or message: either field name (openai-compatible 3.0.92 reads
    ``reasoning_content ?? reasoning``, dist/index.js:835)."""
    extra = extra or {}
    return str(extra.get("reasoning_content") or extra.get("reasoning") or "")


def untag_think(seen: Seen) -> None:
    """What a think-tag extracting client (extractReasoningMiddleware, tagName 'think') makes of the
    content: the ``<think>`` spans as reasoning, the rest as text."""
    outside, inside = [], []
    for n, piece in enumerate(seen.text.replace("</think>", "<think>").split("<think>")):
        (inside if n % 2 else outside).append(piece)
    seen.text, seen.reasoning = "".join(outside), seen.reasoning + "".join(inside)


def consume_stream(scenario: Scenario, *, include_usage: bool = True) -> Seen:
    """Stream the scenario through ``OpenAI().chat.completions.create(stream=True)``, reading it as
    the AI SDK's OpenAI providers do: a refusal is text and turns 'stop' into content-filter,
    metadata comes from the first chunk that has any, a new id at a used index is a new call."""
    seen = Seen()
    calls: list[SeenCall] = []
    by_index: dict[int, SeenCall] = {}
    refused = False
    try:
        stream = client_for(scenario).chat.completions.create(
            model=scenario.request.model, messages=[{"role": "user", "content": "hi"}], stream=True,
            stream_options={"include_usage": include_usage})
        for chunk in stream:
            if seen.model is None and (chunk.id or chunk.model):
                seen.model = chunk.model  # @ai-sdk/openai 4.0.118 dist/index.js:2372 (6.4)
            if chunk.usage is not None:
                seen.usage = usage_record(chunk.usage)
            for choice in chunk.choices:
                delta = choice.delta
                seen.text += (delta.content or "") + (delta.refusal or "")
                refused = refused or bool(delta.refusal)
                seen.reasoning += reasoning_of(delta.model_extra)
                for tc in delta.tool_calls or []:
                    call = by_index.get(tc.index)
                    if call is None or (tc.id and call.id and tc.id != call.id):
                        call = by_index[tc.index] = SeenCall(id=None, name=None)
                        calls.append(call)
                    call.id = call.id or tc.id
                    if tc.function is not None:
                        call.name = call.name or tc.function.name
                        call.args_text += tc.function.arguments or ""
                if choice.finish_reason is not None:
                    seen.finish = FINISH_UNIFIED.get(choice.finish_reason, "other")
    except (openai.OpenAIError, ValueError) as exc:  # ValueError: a malformed data line (json)
        note_error(seen, exc)
    else:
        for call in calls:
            call.completed = True  # the end of the stream completes every call (6.4 flush)
    if refused and seen.finish == "stop":
        seen.finish = "content-filter"  # @ai-sdk/openai 4.0.118 dist/index.js:1684
    if scenario.wire.reasoning == "think-tags":
        untag_think(seen)
    seen.calls = calls
    return seen


def consume_json(scenario: Scenario) -> Seen:
    """Read the scenario through ``OpenAI().chat.completions.create()`` (no streaming)."""
    seen = Seen()
    try:
        c = client_for(scenario).chat.completions.create(model=scenario.request.model,
                                                         messages=[{"role": "user", "content": "hi"}])
    except openai.OpenAIError as exc:
        note_error(seen, exc)
        return seen
    seen.model = c.model
    choice = c.choices[0]
    seen.text = (choice.message.content or "") + (choice.message.refusal or "")
    seen.reasoning = reasoning_of(choice.message.model_extra)
    seen.calls = [SeenCall(id=tc.id, name=tc.function.name, args_text=tc.function.arguments, completed=True)
                  for tc in choice.message.tool_calls or []]
    seen.finish = None if choice.finish_reason is None else FINISH_UNIFIED.get(choice.finish_reason, "other")
    if choice.message.refusal and seen.finish == "stop":
        seen.finish = "content-filter"
    if scenario.wire.reasoning == "think-tags":
        untag_think(seen)
    seen.usage = usage_record(c.usage)
    return seen


def sdk_case(sid: str, *, streaming: bool) -> Scenario:
    return sdk_comparable(sid, D, {**STREAM, "stream": streaming})


@pytest.mark.parametrize("sid", corpus_ids())
def test_openai_sdk_streams_the_scenario(sid: str) -> None:
    s = sdk_case(sid, streaming=True)
    assert_matches(transcript_of(consume_stream(s)), s.expected_for(D))


@pytest.mark.parametrize("sid", corpus_ids())
def test_openai_sdk_reads_the_json_form(sid: str) -> None:
    s = sdk_case(sid, streaming=False)
    assert_matches(transcript_of(consume_json(s)), s.expected_for(D))


@pytest.mark.parametrize(
    ("status", "error"),
    [(400, "BadRequestError"), (401, "AuthenticationError"), (429, "RateLimitError"), (500, "InternalServerError")],
)
@pytest.mark.parametrize("stream", [True, False])
def test_openai_sdk_raises_its_own_error_for_http_status(status: int, error: str, stream: bool) -> None:
    s = make_scenario([{"fault": {"kind": "http_status", "status": status,
                                  "body": {"error": {"message": "scripted", "type": "x", "code": None}}}}])
    with pytest.raises(getattr(openai, error)) as info:
        client_for(s).chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], stream=stream)
    assert info.value.status_code == status and "scripted" in info.value.message


def test_openai_sdk_sends_what_the_plan_reads() -> None:
    served = Served()
    s = make_scenario(TEXT_ONLY, model="scenario-model")
    list(client_for(s, served).chat.completions.create(model="asked", messages=[{"role": "user", "content": "hi"}],
                                                       stream=True))
    assert served.requests[0]["stream"] is True and "stream_options" not in served.requests[0]
    assert frames(served.plans[0].body_bytes())[0]["model"] == "asked"
    assert consume_stream(s, include_usage=False).usage is None
    assert consume_stream(s).usage == UsageRecord(input_tokens=9, output_tokens=2, total_tokens=11)


def test_openai_sdk_reads_crlf_keepalives_pings_and_split_characters() -> None:
    text = "Zoë ☕ 東京"
    frame = json.dumps({"content": text}, ensure_ascii=False)[:-1].encode()
    cut = len(b'data: {"id":"chatcmpl-x","object":"chat.completion.chunk","created":1700000000,') + 40
    s = make_scenario([
        {"part": {"type": "response-metadata", "id": "chatcmpl-x", "modelId": "m"}},
        {"part": {"type": "ping"}},
        {"fault": {"kind": "split", "offsets": list(range(cut, cut + len(frame) + 30, 1))}},
        {"part": {"type": "text-delta", "id": "t", "delta": text}},
        {"part": finish("stop")},
    ], wire={"line_ending": "crlf", "keepalive_comments": True})
    seen = consume_stream(s)
    assert (seen.text, seen.finish, seen.error) == (text, "stop", None)


# ---------------------------------------------------------------- reasoning dialects and provider quirks
# Expected shapes written from openai 3.57.0 types/chat/chat_completion_chunk.py (ChoiceDelta.refusal,
# ChoiceDeltaToolCall with optional id/name), @ai-sdk/openai-compatible 3.0.92 dist/index.js:835
# (`reasoning_content ?? reasoning`), @ai-sdk/openai 4.0.118 dist/index.js:1712-1720 (url_citation) and
# Azure OpenAI's content-filter chunk (empty choices, prompt_filter_results).
THINK = [
    {"part": {"type": "reasoning-start", "id": "r"}},
    {"part": {"type": "reasoning-delta", "id": "r", "delta": "a"}},
    {"part": {"type": "reasoning-delta", "id": "r", "delta": "b"}},
    {"part": {"type": "reasoning-end", "id": "r"}},
    {"part": {"type": "text-delta", "id": "t", "delta": "Hi"}},
    {"part": finish("stop")},
]


@pytest.mark.parametrize(("reasoning", "deltas"), [
    ("reasoning_content", [{"reasoning_content": "a"}, {"reasoning_content": "b"}, {"content": "Hi"}]),
    ("reasoning", [{"reasoning": "a"}, {"reasoning": "b"}, {"content": "Hi"}]),
    ("think-tags", [{"content": "<think>a"}, {"content": "b"}, {"content": "</think>"}, {"content": "Hi"}]),
])
def test_reasoning_dialects(reasoning: str, deltas: list[dict[str, Any]]) -> None:
    s = make_scenario(THINK, wire={"reasoning": reasoning})
    got = [c["delta"] for c in choices(plan_response(s, D, STREAM).body_bytes())]
    assert got == [{"role": "assistant", "content": ""}, *deltas, {}]
    message = json.loads(plan_response(s, D, {}).body_bytes())
    message = message["choices"][0]["message"]
    if reasoning == "think-tags":
        assert message["content"] == "<think>ab</think>Hi" and set(message) == {"role", "content"}
    else:
        assert (message["content"], message[reasoning]) == ("Hi", "ab")


def test_think_tags_close_before_a_call_or_the_finish() -> None:
    s = make_scenario([THINK[1], {"part": {"type": "tool-call", "toolCallId": "c", "toolName": "x", "input": "{}"}},
                       {"part": finish("tool-calls")}], wire={"reasoning": "think-tags"})
    got = [c["delta"] for c in choices(plan_response(s, D, STREAM).body_bytes())][1:4]
    assert got[:2] == [{"content": "<think>a"}, {"content": "</think>"}] and "tool_calls" in got[2]
    unclosed = make_scenario([THINK[1], {"part": finish("stop")}], wire={"reasoning": "think-tags"})
    assert [c["delta"] for c in choices(plan_response(unclosed, D, STREAM).body_bytes())][1:] == [
        {"content": "<think>a"}, {"content": "</think>"}, {}]


def test_the_request_header_picks_the_reasoning_dialect_per_request() -> None:
    from mock_provider.server import MockProviderState
    from mock_provider.server.errors import RequestError

    state = MockProviderState(flush="per-event")
    body = json.dumps({"model": "scenario:reasoning.basic.001", "stream": True,
                       "messages": [{"role": "user", "content": "hi"}]}).encode()

    def served(headers: dict[str, str]) -> bytes:
        return b"".join(op.data for op in state.resolve(D, body, headers)[1].ops if hasattr(op, "data"))

    plain, tagged = served({}), served({"X-Mock-Reasoning": "think-tags"})
    assert b'"reasoning_content":"91 = 7 * 13"' in plain and b"<think>" not in plain
    assert b'"content":"<think>91 = 7 * 13"' in tagged and b"reasoning_content" not in tagged
    assert b'"reasoning":"91 = 7 * 13"' in served({"X-Mock-Reasoning": "reasoning"})
    # Mistral's: the reasoning is a `thinking` chunk in an array `content`, the answer plain content.
    chunks = served({"X-Mock-Reasoning": "thinking-chunks"})
    assert b'"content":[{"type":"thinking","thinking":[{"type":"text","text":"91 = 7 * 13"}]}]' in chunks
    assert b"reasoning_content" not in chunks and b"<think>" not in chunks
    assert served({}) == plain  # the override is per request (and per plan cache key)
    with pytest.raises(RequestError) as info:
        served({"X-Mock-Reasoning": "thoughts"})
    assert info.value.status == 400 and "X-Mock-Reasoning" in info.value.message


def quirk_deltas(*steps: dict[str, Any]) -> list[dict[str, Any]]:
    return [c["choices"][0]["delta"] for c in frames(plan_response(make_scenario(list(steps)), D, STREAM)
                                                      .body_bytes()) if isinstance(c, dict) and c.get("choices")]


def test_refusal_channel_and_its_stop() -> None:
    refusal = {"part": {"type": "text-delta", "id": "t", "delta": "No."}, "wire": {"channel": "refusal"}}
    got = quirk_deltas(refusal, {"part": finish("content-filter")})
    assert got[1:] == [{"refusal": "No."}, {}]
    fs = frames(plan_response(make_scenario([refusal, {"part": finish("content-filter")}]), D, STREAM).body_bytes())
    assert fs[2]["choices"][0]["finish_reason"] == "stop"  # OpenAI ends a refusal with stop
    # Without a refusal before it, content-filter is still content_filter.
    plain = frames(plan_response(make_scenario([*TEXT_ONLY[:1], {"part": finish("content-filter")}]), D,
                                 STREAM).body_bytes())
    assert plain[2]["choices"][0]["finish_reason"] == "content_filter"


def test_filter_chunk_has_empty_choices_and_no_metadata() -> None:
    s = make_scenario([TEXT_ONLY[0], {"part": {"type": "text-delta", "id": "t", "delta": "!"},
                                      "wire": {"filter_chunk_before": True}}, TEXT_ONLY[1]])
    fs = frames(plan_response(s, D, STREAM).body_bytes())
    flt = fs[2]
    assert (flt["choices"], flt["id"], flt["model"], flt["created"]) == ([], "", "", 0)
    assert flt["prompt_filter_results"][0]["content_filter_results"]["hate"] == {"filtered": False,
                                                                                 "severity": "safe"}
    assert fs[3]["choices"][0]["delta"] == {"content": "!"}


def test_late_id_and_name_come_in_the_second_delta() -> None:
    start = {"part": {"type": "tool-input-start", "id": "c9", "toolName": "get"}, "wire": {"late": ["id", "name"]}}
    done = {"part": {"type": "tool-call", "toolCallId": "c9", "toolName": "get", "input": "{}"}}
    got = quirk_deltas(start, done)
    assert got[1:3] == [{"tool_calls": [{"index": 0, "type": "function", "function": {"arguments": ""}}]},
                       {"tool_calls": [{"index": 0, "id": "c9", "function": {"name": "get"}}]}]
    only_name = quirk_deltas({**start, "wire": {"late": ["name"]}}, done)
    assert only_name[1]["tool_calls"][0]["id"] == "c9" and only_name[2]["tool_calls"][0] == {
        "index": 0, "function": {"name": "get"}}


def test_index_quirk_sets_the_wire_index_of_a_call() -> None:
    call = {"type": "tool-call", "toolCallId": "a", "toolName": "x", "input": "{}"}
    got = quirk_deltas({"part": call}, {"part": {**call, "toolCallId": "b"}, "wire": {"index": 0}},
                       {"part": {**call, "toolCallId": "c"}, "wire": {"index": 5}})
    assert [(d["tool_calls"][0]["index"], d["tool_calls"][0]["id"]) for d in got[1:]] == [(0, "a"), (0, "b"), (5, "c")]
    # The JSON form has no index: three calls, in order.
    s = make_scenario([{"part": call}, {"part": {**call, "toolCallId": "b"}, "wire": {"index": 0}}])
    assert [c["id"] for c in completion(s, {})["choices"][0]["message"]["tool_calls"]] == ["a", "b"]


@pytest.mark.parametrize(("step", "why"), [
    ({"part": {"type": "ping"}, "wire": {"channel": "refusal"}}, "only a text part"),
    ({"part": {"type": "text-delta", "id": "t", "delta": "x"}, "wire": {"late": ["id"]}}, "tool-input-start"),
    ({"part": {"type": "text-delta", "id": "t", "delta": "x"}, "wire": {"index": 1}}, "starts a call"),
])
def test_a_quirk_on_the_wrong_part_is_refused(step: dict[str, Any], why: str) -> None:
    with pytest.raises(DialectError) as info:
        plan_response(make_scenario([step]), D, STREAM)
    assert why in info.value.reason


@pytest.mark.parametrize(("dialect", "wire", "named"), [
    ("anthropic", {"channel": "refusal"}, "channel: refusal"),
    ("gemini", {"channel": "refusal"}, "channel: refusal"),
    # Responses has a refusal content part of its own (tests/test_wire_openai_responses.py), not the rest.
    ("openai-responses", {"filter_chunk_before": True}, "filter_chunk_before"),
    ("openai-responses", {"channel": "refusal", "index": 1}, "channel: refusal; index: 1"),
])
def test_other_wires_refuse_chat_quirks_as_not_expressible(dialect: str, wire: dict[str, Any], named: str) -> None:
    s = make_scenario([{"part": {"type": "text-delta", "id": "t", "delta": "x"}, "wire": wire},
                       {"part": finish("stop")}])
    with pytest.raises(DialectError) as info:
        plan_response(s, dialect, {"stream": True, "max_tokens": 5})
    assert info.value.dialect == dialect and f"wire quirk {named} is a Chat Completions quirk" == info.value.reason


def test_url_source_is_an_annotation_over_the_content_so_far() -> None:
    got = quirk_deltas({"part": {"type": "text-delta", "id": "t", "delta": "Paris"}},
                       {"part": {"type": "source", "sourceType": "url", "id": "s", "url": "https://x", "title": "X"}})
    assert got[2] == {"annotations": [{"type": "url_citation", "url_citation": {
        "start_index": 0, "end_index": 5, "url": "https://x", "title": "X"}}]}
    with pytest.raises(DialectError):
        quirk_deltas({"part": {"type": "source", "sourceType": "url", "id": "s", "url": "https://x"}})


def test_openai_sdk_reads_annotations_and_refusals() -> None:
    s = corpus_scenario("quirks.chat-annotations.001")
    c = client_for(s).chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
    annotation = c.choices[0].message.annotations[0]
    assert (annotation.url_citation.url, annotation.url_citation.end_index) == ("https://example.com/eiffel", 31)
    r = client_for(corpus_scenario("quirks.refusal.001")).chat.completions.create(
        model="m", messages=[{"role": "user", "content": "hi"}])
    assert (r.choices[0].message.refusal, r.choices[0].message.content) == ("I'm sorry, I can't help with that.", None)


def stream_helper_calls(sid: str) -> list[tuple[str | None, str, str]]:
    s = corpus_scenario(sid)
    with client_for(s).chat.completions.stream(model="m", messages=[{"role": "user", "content": "hi"}]) as stream:
        final = stream.get_final_completion()
    return [(c.id, c.function.name, c.function.arguments) for c in final.choices[0].message.tool_calls or []]


def test_openai_sdk_stream_helper_trips_on_index_quirks() -> None:
    """Findings on openai 3.57.0's ``chat.completions.stream()`` helper (lib/streaming/_deltas.py
    ``accumulate_delta`` merges tool-call deltas by ``index`` alone): a skipped index makes it raise
    IndexError (it inserts call 2 at position 1, then looks it up at ``acc[2]``), and a reused index
    merges two calls into one whose id, name and arguments are both concatenated. The raw stream
    (``create(stream=True)``) carries both calls; the corpus SDK test reads them apart by id."""
    with pytest.raises(IndexError):
        stream_helper_calls("quirks.tool-index-gap.001")
    assert stream_helper_calls("quirks.tool-index-reused.001") == [
        ("call_w1call_w2", "file_writefile_write", '{"path":"hello.py"}{"path":"world.py"}')]
    seen = consume_stream(corpus_scenario("quirks.tool-index-reused.001"))
    assert [(c.id, c.args_text) for c in seen.calls] == [("call_w1", '{"path":"hello.py"}'),
                                                         ("call_w2", '{"path":"world.py"}')]


def test_thinking_chunks_decode_as_reasoning_and_fold_into_the_json_message() -> None:
    """The thinking-chunks dialect (Mistral) reads back as the scenario's reasoning, streamed or JSON."""
    from mock_provider.scenario import load_corpus
    from mock_provider.sse import parse_sse
    from mock_provider.wires.decode import decode_events

    scenario = next(s for s in load_corpus() if s.id == "reasoning.basic.001")
    mistral = scenario.model_copy(update={"wire": scenario.wire.model_copy(update={"reasoning": "thinking-chunks"})})
    body = plan_response(mistral, D, STREAM).body_bytes()
    decoded = decode_events(D, parse_sse(body))
    reasoning = "".join(p.delta for p in decoded.parts if p.type == "reasoning-delta")
    assert reasoning == "".join(p.delta for p in scenario.parts() if p.type == "reasoning-delta")
    message = completion(mistral, {"model": "m"})["choices"][0]["message"]
    assert message["content"][0] == {"type": "thinking", "thinking": [{"type": "text", "text": reasoning}]}
    assert message["content"][1]["type"] == "text" and message["content"][1]["text"]


def test_a_spoken_answer_streams_its_transcript_in_delta_audio_only() -> None:
    """openai 3.57.0 ChoiceDeltaAudio: the transcript in pieces (the first naming the audio), then the audio
    data, then only the expiry; no content beside it (the role chunk's empty string aside)."""
    from openai.types.chat import ChatCompletionChunk

    s = corpus_scenario("quirks.chat-audio.001")
    body = plan_response(s, D, {"stream": True, "model": "m"}).body_bytes().decode()
    frames = [line[6:] for line in body.splitlines() if line.startswith("data: ") and line != "data: [DONE]"]
    deltas = [c.choices[0].delta for c in map(ChatCompletionChunk.model_validate_json, frames) if c.choices]
    audio = [d.audio for d in deltas if d.audio is not None]
    spoken = "".join(p.delta for p in s.parts() if p.type == "text-delta")  # type: ignore[union-attr]
    assert "".join(a.transcript or "" for a in audio) == spoken != ""
    assert audio[0].id is not None and audio[-2].id == audio[0].id and audio[-2].data
    assert audio[-1].expires_at is not None  # the final update: only the expiry
    assert (audio[-1].id, audio[-1].data, audio[-1].transcript) == (None, None, None)
    assert not any(d.content for d in deltas)
