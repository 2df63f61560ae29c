"""The wire decoders read back what the kit's own encoders wrote: every corpus scenario rendered on each
HTTP wire, parsed as SSE and decoded into parts, gives the transcript the scenario's own parts give.

Usage is compared on the counts both sides state: a wire writes some counts always (Responses sends
``cached_tokens: 0``) and has no place for others (Messages has no reasoning count).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from conformance.semantics import no_arguments
from mock_provider.derive import expected_transcript
from mock_provider.dialects import DialectError
from mock_provider.minted import renamed_transcript
from mock_provider.sse import parse_sse
from mock_provider.wires import plan_response
from mock_provider.wires.decode import DECODED_WIRES, decode_events
from mock_provider.wires.gemini import continuation_of
from tests.shared_corpus import builtin_corpus

# What a wire cannot carry back, each with why (the decoded stream is what a consumer reads there).
WIRE_LIMITS: dict[tuple[str, str], str] = {
    ("openai-chat", "quirks.chat-audio.001"): "the decoder reads Chat Completions as @ai-sdk/openai 4.0.118 does, "
    "which drops delta.audio: the spoken transcript is no text of the decoded turn",
    ("openai-responses", "quirks.responses-audio.001"): "the decoder reads Responses as @ai-sdk/openai 4.0.118 "
    "does, which skips response.audio.*: the spoken transcript is no text of the decoded turn",
}


def _plain(s: Any) -> bool:
    return s.turn_count() == 1 and not s.failed_attempts and all(st.fault is None for st in s.script)


CASES = [(w, s) for s in builtin_corpus() if _plain(s) for w in DECODED_WIRES]


def _comparable(t: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    t = dict(t, model=None)
    # A call without arguments is "" or "{}" alike, as the grader reads it: Gemini's args is an object,
    # and a Messages tool_use without input_json_delta has no text at all.
    t["tool_calls"] = [dict(c, args_text="") if no_arguments(c["args_text"], c["args"]) else c
                       for c in t["tool_calls"]]
    if t.get("usage") and other.get("usage"):
        t["usage"] = {k: v for k, v in t["usage"].items() if v is not None and other["usage"].get(k) is not None}
    if t.get("error") and "code" in t["error"]:
        t["error"] = {k: v for k, v in t["error"].items() if k != "code"}  # Gemini's envelope always has one
    return t


@pytest.mark.parametrize(("wire", "scenario"), CASES, ids=[f"{w}-{s.id}" for w, s in CASES])
def test_decoded_transcript_matches(wire: str, scenario: Any) -> None:
    if (wire, scenario.id) in WIRE_LIMITS:
        pytest.skip(WIRE_LIMITS[(wire, scenario.id)])
    try:
        # toolConfig asks Gemini for streamed arguments (a `partial_args` call then comes as partialArgs).
        plan = plan_response(scenario, wire, {"model": "m", "stream": True, "stream_options": {"include_usage": True},
                                              "toolConfig": {"functionCallingConfig": {
                                                  "streamFunctionCallArguments": True}}}, streaming=True)
    except DialectError:
        pytest.skip("the wire cannot express the scenario")
    body = plan.body_bytes()
    hop = continuation_of(scenario) if wire == "gemini" else None
    if hop is not None:  # a long-decode call: the continuation request's response follows the first one
        body += plan_response(scenario, wire, {"model": "m", "stream": True, "continuationToken": hop[1].token},
                              streaming=True).body_bytes()
    decoded = decode_events(wire, parse_sse(body))
    want = expected_transcript(scenario.parts(), wire).model_dump()
    # A call the decoder names itself, as its consumer does (mock_provider.minted), read as the scripted one.
    got = renamed_transcript(expected_transcript(scenario.parts(), wire),
                             expected_transcript(decoded.parts, wire)).model_dump()
    assert _comparable(got, want) == _comparable(want, got)


def test_unmodelled_events_are_named() -> None:
    body = (b'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"c","usage":{}}}\n\n'
            b'event: future\ndata: {"type":"future_event"}\n\n')
    assert decode_events("anthropic", parse_sse(body)).unmodelled == ["anthropic: event future_event"]


def test_sse_raw_bytes_join_to_the_body() -> None:
    body = b'\xef\xbb\xbfdata: a\r\n\r\n: c\n\nevent: e\rdata: b\r\rdata: tail'
    events = parse_sse(body)
    assert b"".join(e.raw for e in events) == body[3:]
    assert [e.data for e in events] == ["a", None, "b", "tail"]


def test_a_messages_call_without_input_deltas_decodes_to_its_object_input() -> None:
    # A tool_use block's input is an object; with no input_json_delta it is `{}` (as @ai-sdk/anthropic reads it),
    # so a recorded no-argument call replays on the Messages wire, where input '' has no form of its own.
    events = [{"type": "message_start", "message": {"id": "m", "model": "x", "usage": {"input_tokens": 1}}},
              {"type": "content_block_start", "index": 0,
               "content_block": {"type": "tool_use", "id": "t", "name": "roll", "input": {}}},
              {"type": "content_block_stop", "index": 0},
              {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 1}},
              {"type": "message_stop"}]
    body = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()
    calls = [p for p in decode_events("anthropic", parse_sse(body)).parts if p.type == "tool-call"]
    assert [c.input for c in calls] == ["{}"]
