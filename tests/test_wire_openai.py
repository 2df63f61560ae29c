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
    make_scenario,
    mock_http_client,
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
                assert rule.action == "error" or rule.error_when, exc
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


def consume_stream(scenario: Scenario, *, include_usage: bool = True) -> Seen:
    """Stream the scenario through ``OpenAI().chat.completions.create(stream=True)``."""
    seen = Seen()
    calls: dict[int, SeenCall] = {}
    try:
        stream = client_for(scenario).chat.completions.create(
            model=scenario.request.model, messages=[{"role": "user", "content": "hi"}], stream=True,
            stream_options={"include_usage": include_usage})
        for n, chunk in enumerate(stream):
            if n == 0:
                seen.model = chunk.model  # consumers take response metadata from the first chunk (6.4)
            if chunk.usage is not None:
                seen.usage = usage_record(chunk.usage)
            for choice in chunk.choices:
                delta = choice.delta
                seen.text += delta.content or ""
                seen.reasoning += (delta.model_extra or {}).get("reasoning_content") or ""
                for tc in delta.tool_calls or []:
                    call = calls.setdefault(tc.index, SeenCall(id=None, name=None))
                    call.id = call.id or tc.id
                    if tc.function is not None:
                        call.name = call.name or tc.function.name
                        call.args_text += tc.function.arguments or ""
                if choice.finish_reason is not None:
                    seen.finish = FINISH_UNIFIED.get(choice.finish_reason, "other")
    except (openai.OpenAIError, ValueError) as exc:  # ValueError: a malformed data line (json)
        note_error(seen, exc)
    else:
        for call in calls.values():
            call.completed = True  # the end of the stream completes every call (6.4 flush)
    seen.calls = [calls[k] for k in sorted(calls)]
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
    seen.text = choice.message.content or ""
    seen.reasoning = (choice.message.model_extra or {}).get("reasoning_content") or ""
    seen.calls = [SeenCall(id=tc.id, name=tc.function.name, args_text=tc.function.arguments, completed=True)
                  for tc in choice.message.tool_calls or []]
    seen.finish = None if choice.finish_reason is None else FINISH_UNIFIED.get(choice.finish_reason, "other")
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
