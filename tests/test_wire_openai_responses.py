"""The ``openai-responses`` wire dialect: Responses events, the Response JSON, and the real ``openai`` SDK.

Expected events are written from the published Python SDK types (``openai`` 3.57.0,
``openai/types/responses/``: ``response_stream_event.py`` for the event union, one
``response_*_event.py`` module per event, ``response.py`` for the Response object and
``response_usage.py`` for usage) and from how ``@ai-sdk/openai`` 4.x reads the terminal event
(``mapOpenAIResponseFinishReason``), not copied from encoder output. The SDK tests serve each
corpus scenario's plan through ``httpx2.MockTransport`` to ``OpenAI().responses.create(stream=True)``,
to the ``responses.stream()`` helper and to the non-streaming ``responses.create()``, and compare
what each yields with the scenario's expected transcript; every rendered event is also validated
frame by frame against the SDK's own pydantic model for its ``type``.
"""

from __future__ import annotations

import json
import typing
from typing import Any

import pydantic
import pytest

from mock_provider.dialects import DialectError
from mock_provider.parts import PART_TYPES, parse_part
from mock_provider.scenario import Scenario
from mock_provider.servers import plays_legacy_reasoning
from mock_provider.transcript import ApprovalRecord, ToolResultRecord, Transcript, UsageRecord
from mock_provider.wires import Chunk, Disconnect, Stall, plan_response
from mock_provider.wires.frames import Comment
from mock_provider.wires.openai_responses import RULES, UNKNOWN_PART_RULE, Encoder, response_object
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
    wire_faults,
)

openai = pytest.importorskip("openai")
responses_types = pytest.importorskip("openai.types.responses")

D = "openai-responses"
STREAM = {"model": "req-model", "stream": True}
SID = "wire.test.001"


def events(body: bytes) -> list[tuple[str | None, Any]]:
    """``(event:, data JSON)`` of every SSE event of a body (comments skipped)."""
    out: list[tuple[str | None, Any]] = []
    for block in body.decode().replace("\r\n", "\n").split("\n\n")[:-1]:
        name = next((line[len("event: "):] for line in block.split("\n") if line.startswith("event: ")), None)
        data = [line[len("data: "):] for line in block.split("\n") if line.startswith("data: ")]
        if data:
            out.append((name, json.loads(data[0])))
    return out


def encode(*parts: dict[str, Any]) -> list[Any]:
    enc = Encoder(SID, model="gpt-x", response_id="resp_1", created=1700000000)
    out: list[Any] = []
    for p in parts:
        out.extend(enc.encode(parse_part(p)))
    return out


def finish(unified: str, usage: Any = "default") -> dict[str, Any]:
    part: dict[str, Any] = {"type": "finish", "finishReason": {"unified": unified}}
    part["usage"] = {"inputTokens": {"total": 9}, "outputTokens": {"total": 2}} if usage == "default" else usage
    return part


def summary(evs: list[Any]) -> list[tuple[Any, ...]]:
    """Each event as (type, output_index or None, the delta/text/arguments it carries or None)."""
    return [(e["type"], e.get("output_index"), e.get("delta", e.get("text", e.get("arguments"))))
            for e in evs if isinstance(e, dict)]


# ---------------------------------------------------------------- the SDK's own models, frame by frame
EVENT_MODELS: dict[str, Any] = {
    typing.get_args(model.model_fields["type"].annotation)[0]: model
    for model in typing.get_args(typing.get_args(responses_types.ResponseStreamEvent)[0])
}


class LegacyReasoningDelta(pydantic.BaseModel, extra="forbid"):
    """openai 1.97.0 types/responses/response_reasoning_delta_event.py, field for field (removed in 1.98.0)."""

    content_index: int
    delta: object
    item_id: str
    output_index: int
    sequence_number: int
    type: typing.Literal["response.reasoning.delta"]


class LegacyReasoningDone(pydantic.BaseModel, extra="forbid"):
    """openai 1.97.0 types/responses/response_reasoning_done_event.py, field for field."""

    content_index: int
    item_id: str
    output_index: int
    sequence_number: int
    text: str
    type: typing.Literal["response.reasoning.done"]


# The events today's SDK no longer types, each checked against the published model of the last SDK that did.
LEGACY_EVENT_MODELS: dict[str, Any] = {"response.reasoning.delta": LegacyReasoningDelta,
                                       "response.reasoning.done": LegacyReasoningDone}


def validate_events(body: bytes) -> list[str]:
    """Validate every data frame against the SDK model its ``type`` names; the list of types seen."""
    seen: list[str] = []
    for name, data in events(body):
        assert name == data["type"], data  # the SSE event name is the event's type
        model = EVENT_MODELS.get(data["type"]) or LEGACY_EVENT_MODELS[data["type"]]
        model.model_validate(data)  # raises on a missing or mistyped field
        seen.append(data["type"])
    return seen


def test_the_sdk_union_has_the_events_the_wire_uses() -> None:
    used = {"response.created", "response.in_progress", "response.output_item.added", "response.output_item.done",
            "response.content_part.added", "response.content_part.done", "response.output_text.delta",
            "response.output_text.done", "response.function_call_arguments.delta",
            "response.function_call_arguments.done", "response.reasoning_summary_part.added",
            "response.reasoning_summary_part.done", "response.reasoning_summary_text.delta",
            "response.reasoning_summary_text.done", "response.completed", "response.incomplete",
            "response.failed", "error"}
    assert used <= set(EVENT_MODELS)
    assert len(EVENT_MODELS) >= 53  # the SDK's 59 in 3.57.0; fewer means the lookup above is broken


# ---------------------------------------------------------------- exact events
def test_text_answer_events() -> None:
    s = make_scenario([
        {"part": {"type": "response-metadata", "id": "resp_9", "modelId": "gpt-x",
                  "timestamp": "2023-11-14T22:13:20.000Z"}},
        {"part": {"type": "text-start", "id": "t"}},
        {"part": {"type": "text-delta", "id": "t", "delta": "Hel"}},
        {"part": {"type": "text-delta", "id": "t", "delta": "lo"}},
        {"part": {"type": "text-end", "id": "t"}},
        {"part": finish("stop", {"inputTokens": {"total": 9, "cacheRead": 4}, "outputTokens": {"total": 2}})},
    ])
    plan = plan_response(s, D, STREAM)
    assert plan.headers == {"content-type": "text/event-stream", "cache-control": "no-cache", "x-mock-scenario": SID}
    evs = [data for _, data in events(plan.body_bytes())]
    assert [e["sequence_number"] for e in evs] == list(range(len(evs)))
    assert [e["type"] for e in evs] == [
        "response.created", "response.in_progress", "response.output_item.added", "response.content_part.added",
        "response.output_text.delta", "response.output_text.delta", "response.output_text.done",
        "response.content_part.done", "response.output_item.done", "response.completed"]
    created = evs[0]["response"]
    assert (created["id"], created["model"], created["created_at"], created["status"], created["output"]) == (
        "resp_9", "gpt-x", 1700000000, "in_progress", [])
    msg_id = evs[2]["item"]["id"]
    assert evs[2]["item"] == {"id": msg_id, "type": "message", "status": "in_progress", "role": "assistant",
                              "content": []}
    assert evs[4] == {"type": "response.output_text.delta", "item_id": msg_id, "output_index": 0,
                      "content_index": 0, "delta": "Hel", "logprobs": [], "sequence_number": 4}
    assert evs[6]["text"] == "Hello"
    done_part = {"type": "output_text", "text": "Hello", "annotations": []}
    assert evs[7]["part"] == done_part
    assert evs[8]["item"] == {"id": msg_id, "type": "message", "status": "completed", "role": "assistant",
                              "content": [done_part]}
    final = evs[9]["response"]
    assert final["status"] == "completed" and final["incomplete_details"] is None
    assert final["output"] == [evs[8]["item"]]
    assert final["usage"] == {"input_tokens": 9, "input_tokens_details": {"cached_tokens": 4, "cache_write_tokens": 0},
                              "output_tokens": 2, "output_tokens_details": {"reasoning_tokens": 0},
                              "total_tokens": 11}
    validate_events(plan.body_bytes())


def test_parallel_calls_interleave_their_argument_deltas_by_output_index() -> None:
    got = encode(
        {"type": "tool-input-start", "id": "call_A", "toolName": "get_weather"},
        {"type": "tool-input-start", "id": "call_B", "toolName": "get_time"},
        {"type": "tool-input-delta", "id": "call_A", "delta": '{"city":'},
        {"type": "tool-input-delta", "id": "call_B", "delta": '{"tz":"CET"}'},
        {"type": "tool-input-delta", "id": "call_A", "delta": '"Paris"}'},
        {"type": "tool-input-end", "id": "call_A"},
        {"type": "tool-call", "toolCallId": "call_B", "toolName": "get_time", "input": '{"tz":"CET"}'},
        {"type": "tool-call", "toolCallId": "call_A", "toolName": "get_weather", "input": '{"city":"Paris"}'},
        finish("tool-calls"),
    )
    assert summary(got)[2:] == [
        ("response.output_item.added", 0, None),
        ("response.output_item.added", 1, None),
        ("response.function_call_arguments.delta", 0, '{"city":'),
        ("response.function_call_arguments.delta", 1, '{"tz":"CET"}'),
        ("response.function_call_arguments.delta", 0, '"Paris"}'),
        ("response.function_call_arguments.done", 1, '{"tz":"CET"}'),
        ("response.output_item.done", 1, None),
        ("response.function_call_arguments.done", 0, '{"city":"Paris"}'),
        ("response.output_item.done", 0, None),
        ("response.completed", None, None),
    ]
    a = got[2]["item"]
    assert {k: a[k] for k in ("type", "call_id", "name", "arguments", "status")} == {
        "type": "function_call", "call_id": "call_A", "name": "get_weather", "arguments": "", "status": "in_progress"}
    assert got[3]["item"]["id"] != a["id"] and got[4]["item_id"] == a["id"]
    final = got[-1]["response"]["output"]
    assert [(o["call_id"], o["arguments"], o["status"]) for o in final] == [
        ("call_A", '{"city":"Paris"}', "completed"), ("call_B", '{"tz":"CET"}', "completed")]


def test_an_atomic_call_is_added_with_one_delta_and_a_replay_adds_nothing() -> None:
    call = {"type": "tool-call", "toolCallId": "fc-1", "toolName": "get_time", "input": '{"city":"Tokyo"}'}
    got = encode(call, call)
    assert summary(got)[2:] == [("response.output_item.added", 0, None),
                                ("response.function_call_arguments.delta", 0, '{"city":"Tokyo"}'),
                                ("response.function_call_arguments.done", 0, '{"city":"Tokyo"}'),
                                ("response.output_item.done", 0, None)]
    # A streamed call whose fragments stop short of `input` gets the tail as a delta.
    tail = encode({"type": "tool-input-start", "id": "c", "toolName": "roll"},
                  {"type": "tool-call", "toolCallId": "c", "toolName": "roll", "input": "{}"})
    assert summary(tail)[3] == ("response.function_call_arguments.delta", 0, "{}")


def test_reasoning_is_a_summary_item() -> None:
    got = encode({"type": "reasoning-start", "id": "r"}, {"type": "reasoning-delta", "id": "r", "delta": "think"},
                 {"type": "reasoning-end", "id": "r"}, {"type": "text-delta", "id": "t", "delta": "A"})
    assert summary(got)[2:8] == [
        ("response.output_item.added", 0, None), ("response.reasoning_summary_part.added", 0, None),
        ("response.reasoning_summary_text.delta", 0, "think"), ("response.reasoning_summary_text.done", 0, "think"),
        ("response.reasoning_summary_part.done", 0, None), ("response.output_item.done", 0, None)]
    assert got[7]["item"]["summary"] == [{"type": "summary_text", "text": "think"}]
    assert got[8]["output_index"] == 1 and got[8]["item"]["type"] == "message"  # text is the next item


def test_a_reasoning_item_carries_its_status_as_a_server_returns_it() -> None:
    """Every output item the API returns has a ``status`` (openai 3.57.0 ``ResponseReasoningItem.status``:
    optional in the type, "populated when items are returned via API"); xAI's server sends it on each
    reasoning item and @ai-sdk/xai 5.0.12 rejects an item without it (dist/index.js:786): 'in_progress'
    when added, 'completed' when done, summary and raw reasoning text alike, and in the terminal output."""
    summarised = encode({"type": "reasoning-delta", "id": "r", "delta": "think"}, {"type": "reasoning-end", "id": "r"},
                        finish("stop"))
    raw = [data for _, data in events(plan_response(make_scenario(RAW_REASONING), D, {"stream": True}).body_bytes())]
    for got in (summarised, raw):
        items = [(e["type"], e["item"].get("status")) for e in got
                 if e["type"].startswith("response.output_item.") and e["item"]["type"] == "reasoning"]
        assert items == [("response.output_item.added", "in_progress"), ("response.output_item.done", "completed")]
        assert got[-1]["response"]["output"][0]["status"] == "completed"


def test_finish_closes_open_items_first() -> None:
    got = encode({"type": "reasoning-delta", "id": "r", "delta": "a"}, {"type": "text-delta", "id": "t", "delta": "b"},
                 finish("stop"))
    kinds = [e["type"] for e in got]
    assert kinds[-1] == "response.completed" and kinds.count("response.output_item.done") == 2
    assert [o.get("status", "completed") for o in got[-1]["response"]["output"]] == ["completed", "completed"]


@pytest.mark.parametrize(("unified", "event", "reason"), [
    ("stop", "response.completed", None),
    ("tool-calls", "response.completed", None),
    ("length", "response.incomplete", "max_output_tokens"),
    ("content-filter", "response.incomplete", "content_filter"),
])
def test_finish_reason_map(unified: str, event: str, reason: str | None) -> None:
    last = encode({"type": "text-delta", "id": "t", "delta": "x"}, finish(unified))[-1]
    assert last["type"] == event
    assert last["response"]["incomplete_details"] == (None if reason is None else {"reason": reason})
    assert last["response"]["status"] == ("completed" if reason is None else "incomplete")


@pytest.mark.parametrize("unified", ["other", "unknown", "error", "interrupted"])
def test_finishes_without_a_responses_form_are_refused(unified: str) -> None:
    with pytest.raises(DialectError) as info:
        encode({"type": "text-delta", "id": "t", "delta": "x"}, finish(unified))
    assert info.value.part_type == "finish" and RULES["finish"].error_when


def test_an_error_is_an_error_event_and_its_finish_is_response_failed() -> None:
    got = encode({"type": "error", "error": {"message": "Rate limit", "code": "rate_limit_exceeded"}},
                 finish("error", usage=None))
    assert [e["type"] for e in got] == ["response.created", "response.in_progress", "error", "response.failed"]
    assert got[2] == {"type": "error", "code": "rate_limit_exceeded", "message": "Rate limit", "param": None,
                      "sequence_number": 2}
    failed = got[3]["response"]
    assert failed["status"] == "failed" and failed["error"] == {"code": "rate_limit_exceeded", "message": "Rate limit"}
    # A code the SDK's ResponseError.code Literal does not know is reported as server_error there.
    odd = encode({"type": "error", "error": {"message": "m", "code": "weird"}}, finish("error", usage=None))
    assert odd[2]["code"] == "weird" and odd[3]["response"]["error"]["code"] == "server_error"


def test_ping_is_a_comment_and_usage_null_is_null() -> None:
    assert encode({"type": "ping"}) == [Comment("ping")]
    assert encode(finish("stop", usage=None))[-1]["response"]["usage"] is None
    assert encode(finish("stop", usage={}))[-1]["response"]["usage"] is None


PROVIDER_CALL = {"type": "tool-call", "toolCallId": "s", "toolName": "web", "input": "{}", "providerExecuted": True}
INEXPRESSIBLE: dict[str, list[dict[str, Any]]] = {
    "file": [{"type": "file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}}],
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
    "call open at finish": [{"type": "tool-input-start", "id": "c", "toolName": "x"}, finish("tool-calls")],
    "metadata changed late": [{"type": "text-delta", "id": "t", "delta": "x"},
                              {"type": "response-metadata", "id": "other", "modelId": "m2"}],
}


@pytest.mark.parametrize("case", sorted(INEXPRESSIBLE))
def test_inexpressible_parts_raise_a_documented_dialect_error(case: str) -> None:
    with pytest.raises(DialectError) as info:
        encode(*INEXPRESSIBLE[case])
    rule = RULES[info.value.part_type]
    assert rule.action == "error" or rule.error_when
    assert info.value.dialect == D and SID in str(info.value)


def test_unknown_part_types_raise_and_rules_cover_every_part() -> None:
    with pytest.raises(DialectError) as info:
        Encoder(SID).encode_raw({"type": "future-part"})
    assert info.value.reason == UNKNOWN_PART_RULE.note
    assert set(RULES) == set(PART_TYPES)


def test_a_started_call_the_script_never_completes_is_refused() -> None:
    started = [{"part": {"type": "tool-input-start", "id": "c", "toolName": "x"}},
               {"part": {"type": "tool-input-delta", "id": "c", "delta": '{"a":'}}]
    with pytest.raises(DialectError):
        plan_response(make_scenario(started), D, STREAM)
    # Cut by a disconnect, or after an error event, no consumer completes it: fine.
    plan_response(make_scenario([*started, {"fault": {"kind": "disconnect"}}]), D, STREAM)
    plan_response(make_scenario([*started, {"part": {"type": "error", "error": "x"}}]), D, STREAM)


# ---------------------------------------------------------------- faults (shared plan code)
TEXT = [{"part": {"type": "text-delta", "id": "t", "delta": "Hello ☕"}}, {"part": finish("stop")}]


def test_stream_faults() -> None:
    full = plan_response(make_scenario(TEXT), D, STREAM).body_bytes()
    cut = plan_response(make_scenario([TEXT[0], {"fault": {"kind": "disconnect", "after_bytes": 100}}, TEXT[1]]),
                        D, STREAM)
    assert cut.body_bytes() == full[:100] and isinstance(cut.body[-1], Disconnect)
    stall = plan_response(make_scenario([TEXT[0], {"fault": {"kind": "stall"}}, TEXT[1]]), D, STREAM)
    assert isinstance(stall.body[-1], Stall) and b"response.completed" not in stall.body_bytes()
    raw = plan_response(make_scenario([TEXT[0], {"fault": {"kind": "raw_bytes", "data": "data: {oops\n\n"}}, TEXT[1]]),
                        D, STREAM)
    assert b"data: {oops\n\n" in raw.body_bytes() and raw.body_bytes().endswith(full[-200:])
    split = plan_response(make_scenario([{"fault": {"kind": "split", "offsets": [3, 9]}}, *TEXT]), D, STREAM)
    chunks = [c.data for c in split.body if isinstance(c, Chunk)]
    # The cut falls inside the frame that carries the step's part (the text delta), not the preamble.
    at = full.index(b"event: response.output_text.delta")
    k = chunks.index(full[at:at + 3])
    assert chunks[k + 1] == full[at + 3:at + 9] and b"".join(chunks) == full
    crlf = plan_response(make_scenario(TEXT, wire={"line_ending": "crlf"}), D, STREAM).body_bytes()
    assert b"\n" not in crlf.replace(b"\r\n", b"") and crlf.replace(b"\r\n", b"\n") == full
    no_terminal = plan_response(make_scenario(TEXT[:1]), D, STREAM).body_bytes()
    assert b"response.completed" not in no_terminal and b"response.output_text.delta" in no_terminal


def test_http_status_fault_uses_the_scripted_openai_error_envelope() -> None:
    body = {"error": {"message": "slow down", "type": "requests", "param": None, "code": "rate_limit_exceeded"}}
    plan = plan_response(make_scenario([{"fault": {"kind": "http_status", "status": 429, "body": body}}]), D, STREAM)
    assert plan.status == 429 and json.loads(plan.body_bytes()) == body


# ---------------------------------------------------------------- non-streaming Response
def test_json_response_is_the_terminal_response_object() -> None:
    s = make_scenario([
        {"part": {"type": "reasoning-delta", "id": "r", "delta": "Think."}},
        {"part": {"type": "text-delta", "id": "t", "delta": "Let me check."}},
        {"part": {"type": "tool-call", "toolCallId": "fc_2", "toolName": "get_time", "input": "{}"}},
        {"part": finish("tool-calls", usage={"inputTokens": {"total": 5}, "outputTokens": {"total": 7,
                                                                                           "reasoning": 3}})},
    ])
    plan = plan_response(s, D, {"model": "req-model"})
    assert plan.headers == {"content-type": "application/json", "x-mock-scenario": SID}
    r = json.loads(plan.body_bytes())
    responses_types.Response.model_validate(r)
    assert (r["object"], r["status"], r["model"]) == ("response", "completed", "req-model")
    assert [o["type"] for o in r["output"]] == ["reasoning", "message", "function_call"]
    assert r["output"][0]["summary"] == [{"type": "summary_text", "text": "Think."}]
    assert r["output"][1]["content"][0]["text"] == "Let me check."
    assert (r["output"][2]["call_id"], r["output"][2]["arguments"]) == ("fc_2", "{}")
    assert r["usage"]["output_tokens_details"] == {"reasoning_tokens": 3} and r["usage"]["total_tokens"] == 12
    with pytest.raises(DialectError):
        response_object(make_scenario(TEXT[:1]), {})  # no finish: not a finished Response
    with pytest.raises(DialectError):
        plan_response(make_scenario([TEXT[0], {"part": {"type": "error", "error": "x"}}]), D, {})


# ---------------------------------------------------------------- the corpus
def test_each_corpus_scenario_plans_validates_or_fails_with_a_documented_error() -> None:
    planned, refused = 0, 0
    for s in corpus_cached():
        if s.dialects is not None and D not in s.dialects:
            continue
        try:
            plan = plan_response(s, D, STREAM)
        except DialectError as exc:
            assert exc.dialect == D and exc.scenario_id == s.id
            rule = RULES.get(exc.part_type, UNKNOWN_PART_RULE)
            assert rule.action == "error" or rule.error_when or quirk_refusal(exc), exc
            refused += not quirk_refusal(exc)  # the bound is on parts; Chat Completions quirks are apart
            continue
        planned += 1
        if plan.status == 200 and not wire_faults(s) & {"raw_bytes", "split", "disconnect"}:
            kinds = validate_events(plan.body_bytes())
            # A queued response (wire.queued) waits in response.queued between the two.
            opening = ["response.created", *(["response.queued"] if s.wire.queued else []), "response.in_progress"]
            assert kinds[:len(opening)] == opening, s.id
    # 18: parts.container-upload.001's custom part is an Anthropic block (Responses has only compaction).
    assert planned >= 80 and refused <= 18, (planned, refused)


# ---------------------------------------------------------------- the real openai SDK
def client_for(scenario: Scenario, served: Served | None = None) -> Any:
    return openai.OpenAI(api_key="mock-key", base_url="http://mock.test/v1", max_retries=0,
                         http_client=mock_http_client(scenario, D, served))


# How @ai-sdk/openai 4.x reads incomplete_details.reason (mapOpenAIResponseFinishReason); else 'other'.
INCOMPLETE = {"max_output_tokens": "length", "content_filter": "content-filter"}


def usage_record(u: Any) -> UsageRecord | None:
    if u is None:
        return None
    return UsageRecord(input_tokens=u.input_tokens, output_tokens=u.output_tokens, total_tokens=u.total_tokens,
                       reasoning_tokens=u.output_tokens_details.reasoning_tokens,
                       cached_input_tokens=u.input_tokens_details.cached_tokens,
                       cache_write_input_tokens=u.input_tokens_details.cache_write_tokens)


def expected_usage(expected: Transcript) -> Transcript:
    """The scenario's expected transcript as this wire carries it: ResponseUsage has no absent counts
    (openai 3.57.0 ``response_usage.py``: every detail count is a required int), so a count the
    scenario leaves unreported reads as 0 whenever usage is reported at all."""
    u = expected.usage
    if u is None:
        return expected
    filled = u.model_copy(update={k: 0 for k in ("reasoning_tokens", "cached_input_tokens",
                                                 "cache_write_input_tokens") if getattr(u, k) is None})
    return expected.model_copy(update={"usage": filled})


def read_terminal(seen: Seen, response: Any, has_calls: bool, refused: bool = False) -> None:
    seen.usage = usage_record(response.usage)
    if response.status == "completed":
        # @ai-sdk/openai 4.0.118 dist/index.js:4264: completed + a refusal reads as content-filter.
        seen.finish = "tool-calls" if has_calls else ("content-filter" if refused else "stop")
    elif response.status == "incomplete":
        reason = response.incomplete_details.reason if response.incomplete_details else None
        seen.finish = INCOMPLETE.get(reason or "", "other")


def note_error(seen: Seen, exc: BaseException) -> None:
    seen.error = exc
    seen.error_message = getattr(exc, "message", None) or str(exc)
    status = getattr(exc, "status_code", None)
    seen.error_code = str(status) if status is not None else None


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)  # JSON.stringify


def _web_search_result(item: Any) -> tuple[Any, bool]:
    """mapWebSearchResult (@ai-sdk/openai 4.0.118 dist/index.js:9225-9252) over the SDK's typed item."""
    if item.status != "completed":
        return {"status": item.status}, True
    a = item.action
    if a.type == "open_page":
        return {"action": {"type": "openPage", "url": a.url}}, False
    if a.type == "find_in_page":
        return {"action": {"type": "findInPage", "url": a.url, "pattern": a.pattern}}, False
    out: dict[str, Any] = {"action": {"type": "search", **({"query": a.query} if a.query is not None else {}),
                                      **({"queries": a.queries} if a.queries is not None else {})}}
    if a.sources is not None:
        out["sources"] = [{"type": src.type, "url": src.url} for src in a.sources]
    return out, False


def _computer_action(a: Any) -> dict[str, Any]:
    """mapComputerAction (dist/index.js:7328-7366): explicit key order, scroll's offsets renamed."""
    keys = {"keys": a.keys} if getattr(a, "keys", None) is not None else {}
    if a.type == "click":
        return {"type": "click", "button": a.button, "x": a.x, "y": a.y, **keys}
    if a.type in ("double_click", "move"):
        return {"type": a.type, "x": a.x, "y": a.y, **keys}
    if a.type == "scroll":
        return {"type": "scroll", "x": a.x, "y": a.y, "scrollX": a.scroll_x, "scrollY": a.scroll_y, **keys}
    return dict(a.model_dump(exclude_none=True))


def _client_builtin(item: Any) -> SeenCall | None:
    """A client-run built-in item as the client call @ai-sdk/openai 4.0.118 makes of it (dist/index.js:
    8825-8839 shell_call, 8757-8789 apply_patch_call, 8600-8643 computer_call)."""
    if item.type == "shell_call":
        action = {"commands": item.action.commands,
                  **({"timeoutMs": item.action.timeout_ms} if item.action.timeout_ms is not None else {}),
                  **({"maxOutputLength": item.action.max_output_length}
                     if item.action.max_output_length is not None else {})}
        # A shell in a container OpenAI runs: provider-executed (@ai-sdk/openai knows it from its declared tool).
        hosted = item.environment is not None and item.environment.type == "container_reference"
        return SeenCall(id=item.call_id, name="shell", args_text=compact({"action": action}), completed=True,
                        provider_executed=hosted)
    if item.type == "local_shell_call":  # dist/index.js:8809-8824: JSON.stringify drops the absent fields
        a = item.action
        action = {k: v for k, v in (("type", a.type), ("command", a.command), ("timeoutMs", a.timeout_ms),
                                    ("user", a.user), ("workingDirectory", a.working_directory), ("env", a.env))
                  if v is not None}
        return SeenCall(id=item.call_id, name="local_shell", args_text=compact({"action": action}), completed=True)
    if item.type == "apply_patch_call":
        op = item.operation
        operation = {"type": op.type, "path": op.path, **({"diff": op.diff} if op.type != "delete_file" else {})}
        return SeenCall(id=item.call_id, name="apply_patch", completed=True,
                        args_text=compact({"callId": item.call_id, "operation": operation}))
    if item.type == "computer_call":
        actions = item.actions if item.actions is not None else [item.action] if item.action is not None else []
        checks = [{"id": c.id, **({"code": c.code} if c.code is not None else {}),
                   **({"message": c.message} if c.message is not None else {})} for c in item.pending_safety_checks]
        return SeenCall(id=item.call_id, name="computer", completed=True, args_text=compact(
            {"actions": [_computer_action(a) for a in actions], "pendingSafetyChecks": checks, "status": item.status}))
    return None


def search_item(item: Any, seen: Seen | None) -> tuple[SeenCall | None, list[ToolResultRecord]]:
    """A tool search's call or output as @ai-sdk/openai 4.0.118 reads it (dist/index.js:8692-8729): a hosted search
    is named after its item; an output without a call_id pairs with the oldest hosted search ``seen`` has not
    had a result for."""
    if item.type == "tool_search_call":
        hosted = item.execution == "server"
        call_id = item.id if hosted else item.call_id or item.id
        args = compact({"arguments": item.arguments, "call_id": None if hosted else call_id})
        return SeenCall(id=call_id, name="tool_search", completed=True, provider_executed=hosted, args_text=args), []
    answered = {r.tool_call_id for r in seen.results} if seen is not None else set()
    waiting = [c.id for c in seen.calls if c.name == "tool_search" and c.provider_executed
               and c.id not in answered] if seen is not None else []
    call_id = item.call_id or (waiting[0] if waiting else item.id)
    return None, [ToolResultRecord(tool_call_id=call_id, result={
        "tools": [t.model_dump(exclude_unset=True) for t in item.tools]})]


def builtin_item(item: Any, seen: Seen | None = None) -> tuple[SeenCall | None, list[ToolResultRecord]]:
    """A completed built-in item as the call and results @ai-sdk/openai 4.0.118 hands on at its
    ``response.output_item.done`` (dist/index.js:8581-8839; provider-executed calls are named after the
    item id, MCP calls ``mcp.<name>``); (None, []) for any other item."""
    hosted = {"web_search_call": "web_search", "file_search_call": "file_search",
              "code_interpreter_call": "code_interpreter", "image_generation_call": "image_generation"}
    if item.type in hosted:
        args = "{}"
        if item.type == "web_search_call":
            result, is_error = _web_search_result(item)
        elif item.type == "file_search_call":
            result, is_error = {"queries": item.queries, "results": None if item.results is None else [
                {"attributes": r.attributes, "fileId": r.file_id, "filename": r.filename, "score": r.score,
                 "text": r.text} for r in item.results]}, False
        elif item.type == "code_interpreter_call":
            args = compact({"code": item.code, "containerId": item.container_id})
            result, is_error = {"outputs": None if item.outputs is None else [
                o.model_dump() for o in item.outputs]}, False
        else:
            result, is_error = {"result": item.result}, False
        call = SeenCall(id=item.id, name=hosted[item.type], args_text=args, completed=True, provider_executed=True)
        return call, [ToolResultRecord(tool_call_id=item.id, result=result, is_error=is_error)]
    if item.type == "mcp_call":
        result = {"type": "call", "serverLabel": item.server_label, "name": item.name, "arguments": item.arguments,
                  **({"output": item.output} if item.output is not None else {}),
                  **({"error": item.error.model_dump()} if item.error is not None else {})}
        call = SeenCall(id=item.id, name=f"mcp.{item.name}", args_text=item.arguments, completed=True,
                        provider_executed=True)
        return call, [ToolResultRecord(tool_call_id=item.id, result=result)]
    if item.type == "program":  # dist/index.js:8541-8551: a provider-executed call under the program's call_id
        return SeenCall(id=item.call_id, name="programmatic_tool_calling", completed=True, provider_executed=True,
                        args_text=compact({"code": item.code, "fingerprint": item.fingerprint})), []
    if item.type == "program_output":  # dist/index.js:8552-8562
        return None, [ToolResultRecord(tool_call_id=item.call_id, result={"result": item.result,
                                                                          "status": item.status})]
    if item.type in ("tool_search_call", "tool_search_output"):
        return search_item(item, seen)
    if item.type == "shell_call_output":  # dist/index.js:8839-8855
        output = [{"stdout": o.stdout, "stderr": o.stderr, "outcome": {"type": "exit", "exitCode": o.outcome.exit_code}
                   if o.outcome.type == "exit" else {"type": "timeout"}} for o in item.output]
        result = {**({"maxOutputLength": item.max_output_length} if item.max_output_length is not None else {}),
                  "output": output}
        return None, [ToolResultRecord(tool_call_id=item.call_id, result=result)]
    return _client_builtin(item), []


def approval_item(item: Any, seen: Seen) -> SeenCall:
    """An ``mcp_approval_request`` as @ai-sdk/openai 4.0.118 hands it on (dist/index.js:8790-8808): the call under
    an id the reader generates (none is on the wire), then the approval request under the item's id."""
    call_id = f"generated-{len(seen.approvals)}"
    seen.approvals.append(ApprovalRecord(approval_id=item.id, tool_call_id=call_id, tool_name=f"mcp.{item.name}"))
    return SeenCall(id=call_id, name=f"mcp.{item.name}", args_text=item.arguments, completed=True,
                    provider_executed=True)


def reduce_events(stream: Any, seen: Seen) -> None:
    """Fold Responses events into what a consumer hands on: text, reasoning (a summary, as
    ``@ai-sdk/openai`` 4.x reads it, or raw reasoning text, as ``@tanstack/openai-base`` reads it), a call
    at its ``output_item.done`` (in ``output_index`` order), the terminal event's finish and usage; an
    ``error`` event ends the reading (the transcript policy: the first error is fatal)."""
    calls: dict[int, SeenCall] = {}
    refused = False
    for event in stream:
        kind = event.type
        if kind == "response.created":
            seen.model = event.response.model
        elif kind == "response.output_text.delta":
            seen.text += event.delta
        elif kind == "response.refusal.delta":  # @ai-sdk/openai 4.0.118 dist/index.js:8988: a text delta
            seen.text += event.delta
            refused = True
        elif kind in ("response.reasoning_summary_text.delta", "response.reasoning_text.delta",
                      "response.reasoning.delta"):  # the last: the older API's raw reasoning, read by openai-base
            seen.reasoning += event.delta
        elif kind == "response.output_item.done" and event.item.type == "function_call":
            item = event.item
            calls[event.output_index] = SeenCall(id=item.call_id, name=item.name, args_text=item.arguments,
                                                 completed=True)
            seen.calls = [calls[k] for k in sorted(calls)]
        elif kind == "response.output_item.done" and event.item.type == "custom_tool_call":
            # @ai-sdk/openai 4.0.118 dist/index.js:8562-8580: the call's input is JSON.stringify(item.input).
            item = event.item
            calls[event.output_index] = SeenCall(id=item.call_id, name=item.name, completed=True,
                                                 args_text=json.dumps(item.input, ensure_ascii=False))
            seen.calls = [calls[k] for k in sorted(calls)]
        elif kind == "response.output_item.done" and event.item.type == "mcp_approval_request":
            calls[event.output_index] = approval_item(event.item, seen)
            seen.calls = [calls[k] for k in sorted(calls)]
        elif kind == "response.output_item.done":
            call, results = builtin_item(event.item, seen)
            if call is not None:
                calls[event.output_index] = call
                seen.calls = [calls[k] for k in sorted(calls)]
            seen.results += results
        elif kind == "response.image_generation_call.partial_image":  # dist/index.js:8932-8938
            seen.results.append(ToolResultRecord(tool_call_id=event.item_id, result={
                "result": event.partial_image_b64}, preliminary=True))
        elif kind in ("response.completed", "response.incomplete"):
            read_terminal(seen, event.response, any(not c.provider_executed for c in seen.calls), refused)
        elif kind == "error" and seen.error is None:
            seen.error = RuntimeError(event.message)
            seen.error_message, seen.error_code = event.message, event.code
            return


def consume_stream(scenario: Scenario) -> Seen:
    """Stream the scenario through ``OpenAI().responses.create(stream=True)``."""
    seen = Seen()
    try:
        reduce_events(client_for(scenario).responses.create(model=scenario.request.model, input="hi", stream=True),
                      seen)
    except (openai.OpenAIError, ValueError) as exc:  # ValueError: a malformed data line (json)
        note_error(seen, exc)
    return seen


def consume_helper(scenario: Scenario) -> Seen:
    """Stream the scenario through the ``OpenAI().responses.stream()`` helper (its own accumulator)."""
    seen = Seen()
    try:
        with client_for(scenario).responses.stream(model=scenario.request.model, input="hi") as stream:
            reduce_events(stream, seen)
            if seen.error is None and seen.finish in ("stop", "tool-calls"):
                final = stream.get_final_response()  # the helper's own snapshot agrees with the events
                refusals = "".join(c.refusal for o in final.output if o.type == "message"
                                   for c in o.content if c.type == "refusal")
                assert final.output_text + refusals == seen.text
                assert [(c.id, c.args_text) for c in map(item_call, final.output) if c is not None] == [
                    (c.id, c.args_text) for c in seen.calls
                    if c.id not in {a.tool_call_id for a in seen.approvals}]  # named by the reader, not the item
    except (openai.OpenAIError, ValueError, RuntimeError) as exc:  # RuntimeError: the helper's own refusals
        note_error(seen, exc)
    return seen


def item_call(item: Any) -> SeenCall | None:
    """The call a finished output item is to the consumer (None: not a call)."""
    if item.type == "function_call":
        return SeenCall(id=item.call_id, name=item.name, args_text=item.arguments, completed=True)
    if item.type == "custom_tool_call":
        return SeenCall(id=item.call_id, name=item.name, completed=True,
                        args_text=json.dumps(item.input, ensure_ascii=False))
    return builtin_item(item)[0]


def consume_json(scenario: Scenario) -> Seen:
    """Read the scenario through ``OpenAI().responses.create()`` (no streaming)."""
    seen = Seen()
    try:
        r = client_for(scenario).responses.create(model=scenario.request.model, input="hi")
    except openai.OpenAIError as exc:
        note_error(seen, exc)
        return seen
    seen.model = r.model
    refused = False
    for item in r.output:
        if item.type == "message":
            seen.text += "".join(c.text if c.type == "output_text" else c.refusal for c in item.content)
            refused = refused or any(c.type == "refusal" for c in item.content)
        elif item.type == "reasoning":
            seen.reasoning += "".join(s.text for s in item.summary) + "".join(c.text for c in item.content or [])
        elif item.type == "mcp_approval_request":
            seen.calls.append(approval_item(item, seen))
        else:
            call = item_call(item)
            seen.calls += [call] if call is not None else []
            seen.results += builtin_item(item, seen)[1]
    read_terminal(seen, r, any(not c.provider_executed for c in seen.calls), refused)
    return seen


def expected_json(s: Scenario) -> Transcript:
    """The expected transcript of the non-streaming Response: each item is there finished, so an image
    generation's partial images (preliminary results when streamed) are not."""
    expected = expected_usage(s.expected_for(D))
    update: dict[str, Any] = {"tool_results": [r for r in expected.tool_results if not r.preliminary]}
    if plays_legacy_reasoning(s):
        update["reasoning"] = ""  # the older API's reasoning item had no content (openai 1.97.0): no raw text
    return expected.model_copy(update=update)


def expressible_cut(s: Scenario) -> bool:
    """Whether the scenario streams on this wire and is cut by a disconnect (a client must raise)."""
    if "disconnect" not in wire_faults(s) or (s.dialects is not None and D not in s.dialects):
        return False
    try:
        plan_response(s, D, STREAM)
    except DialectError:
        return False
    return True


def sdk_case(sid: str, *, streaming: bool) -> Scenario:
    return sdk_comparable(sid, D, {**STREAM, "stream": streaming})


@pytest.mark.parametrize("sid", corpus_ids())
def test_openai_sdk_streams_the_scenario(sid: str) -> None:
    s = sdk_case(sid, streaming=True)
    assert_matches(transcript_of(consume_stream(s)), expected_usage(s.expected_for(D)))


@pytest.mark.parametrize("sid", corpus_ids())
def test_openai_sdk_stream_helper_reads_the_scenario(sid: str) -> None:
    s = sdk_case(sid, streaming=True)
    assert_matches(transcript_of(consume_helper(s)), expected_usage(s.expected_for(D)))


@pytest.mark.parametrize("sid", corpus_ids())
def test_openai_sdk_reads_the_json_form(sid: str) -> None:
    s = sdk_case(sid, streaming=False)
    assert_matches(transcript_of(consume_json(s)), expected_json(s))


@pytest.mark.parametrize(
    ("status", "error"),
    [(400, "BadRequestError"), (401, "AuthenticationError"), (429, "RateLimitError"), (500, "InternalServerError")],
)
@pytest.mark.parametrize("stream", [True, False])
def test_openai_sdk_raises_its_own_error_for_http_status(status: int, error: str, stream: bool) -> None:
    s = make_scenario([{"fault": {"kind": "http_status", "status": status,
                                  "body": {"error": {"message": "scripted", "type": "x", "code": None}}}}])
    with pytest.raises(getattr(openai, error)) as info:
        client_for(s).responses.create(model="m", input="hi", stream=stream)
    assert info.value.status_code == status and "scripted" in info.value.message


def test_a_disconnect_is_an_exception_for_both_readers() -> None:
    s = make_scenario([TEXT[0], {"fault": {"kind": "disconnect"}}, TEXT[1]])
    for consume in (consume_stream, consume_helper):
        seen = consume(s)
        assert isinstance(seen.error, openai.APIConnectionError), consume
        assert (seen.text, seen.finish) == ("Hello ☕", None)
    # A stream that ends without a terminal event is no clean end for the helper either.
    with pytest.raises(RuntimeError, match=r"response\.completed"), \
            client_for(make_scenario(TEXT[:1])).responses.stream(model="m", input="hi") as stream:
        stream.get_final_response()


def test_openai_sdk_sends_what_the_plan_reads_and_reads_split_crlf_frames() -> None:
    served = Served()
    list(client_for(make_scenario(TEXT), served).responses.create(model="asked", input="hi", stream=True))
    assert served.requests[0]["stream"] is True and served.requests[0]["model"] == "asked"
    assert events(served.plans[0].body_bytes())[0][1]["response"]["model"] == "asked"
    text = "Zoë ☕ 東京"
    s = make_scenario([{"part": {"type": "ping"}}, {"fault": {"kind": "split", "offsets": list(range(1, 400, 7))}},
                       {"part": {"type": "text-delta", "id": "t", "delta": text}}, {"part": finish("length")}],
                      wire={"line_ending": "crlf", "keepalive_comments": True})
    seen = consume_helper(s)
    assert (seen.text, seen.finish, seen.error) == (text, "length", None)


# ---------------------------------------------------------------- refusals and annotations (issue 17)
def test_refusal_is_a_refusal_content_part_in_a_completed_response() -> None:
    """openai 3.57.0 response_refusal_delta_event.py / response_refusal_done_event.py /
    response_output_refusal.py: deltas and the done event name item, output and content index."""
    s = make_scenario([
        {"part": {"type": "text-start", "id": "t"}, "wire": {"channel": "refusal"}},
        {"part": {"type": "text-delta", "id": "t", "delta": "No."}, "wire": {"channel": "refusal"}},
        {"part": {"type": "text-end", "id": "t"}, "wire": {"channel": "refusal"}},
        {"part": {"type": "finish", "finishReason": {"unified": "content-filter"}, "usage": {}}},
    ])
    evs = [data for _, data in events(plan_response(s, D, {"stream": True}).body_bytes())]
    kinds = [e["type"] for e in evs]
    assert kinds[2:] == ["response.output_item.added", "response.content_part.added", "response.refusal.delta",
                         "response.refusal.done", "response.content_part.done", "response.output_item.done",
                         "response.completed"]
    assert evs[3]["part"] == {"type": "refusal", "refusal": ""}
    assert (evs[4]["delta"], evs[4]["content_index"], evs[5]["refusal"]) == ("No.", 0, "No.")
    assert evs[-1]["response"]["output"][0]["content"] == [{"type": "refusal", "refusal": "No."}]
    assert evs[-1]["response"]["status"] == "completed"
    with pytest.raises(DialectError):  # a text part that began as output_text stays one
        plan_response(make_scenario([{"part": {"type": "text-delta", "id": "t", "delta": "a"}},
                                     {"part": {"type": "text-delta", "id": "t", "delta": "b"},
                                      "wire": {"channel": "refusal"}}]), D, {"stream": True})


def test_url_source_is_an_output_text_annotation() -> None:
    s = make_scenario([
        {"part": {"type": "text-delta", "id": "t", "delta": "Paris"}},
        {"part": {"type": "source", "sourceType": "url", "id": "s", "url": "https://x", "title": "X"}},
        {"part": {"type": "text-end", "id": "t"}},
    ])
    evs = [data for _, data in events(plan_response(s, D, {"stream": True}).body_bytes())]
    added = next(e for e in evs if e["type"] == "response.output_text.annotation.added")
    cite = {"type": "url_citation", "start_index": 0, "end_index": 5, "url": "https://x", "title": "X"}
    assert (added["annotation"], added["annotation_index"], added["content_index"]) == (cite, 0, 0)
    done = next(e for e in evs if e["type"] == "response.content_part.done")
    assert done["part"]["annotations"] == [cite]
    with pytest.raises(DialectError):  # no text item is open
        plan_response(make_scenario([s.script[1].model_dump(exclude_none=True, by_alias=True)]), D, {"stream": True})


def test_openai_sdk_reads_refusal_and_annotation_scenarios() -> None:
    r = client_for(corpus_scenario("quirks.refusal.001")).responses.create(model="m", input="hi")
    assert r.output[0].content[0].refusal == "I'm sorry, I can't help with that."
    a = client_for(corpus_scenario("quirks.chat-annotations.001")).responses.create(model="m", input="hi")
    assert a.output[0].content[0].annotations[0].url == "https://example.com/eiffel"


# ---------------------------------------------------------------- raw reasoning text (quirk channel: reasoning_text)
RAW_REASONING = [
    {"part": {"type": "reasoning-start", "id": "r"}, "wire": {"channel": "reasoning_text"}},
    {"part": {"type": "reasoning-delta", "id": "r", "delta": "Think "}, "wire": {"channel": "reasoning_text"}},
    {"part": {"type": "reasoning-delta", "id": "r", "delta": "hard."}, "wire": {"channel": "reasoning_text"}},
    {"part": {"type": "reasoning-end", "id": "r"}, "wire": {"channel": "reasoning_text"}},
    {"part": {"type": "text-start", "id": "t"}},
    {"part": {"type": "text-delta", "id": "t", "delta": "42"}},
    {"part": {"type": "text-end", "id": "t"}},
    {"part": finish("stop")},
]


def test_raw_reasoning_text_is_sent_as_reasoning_text_content_the_sdk_models_accept() -> None:
    body = plan_response(make_scenario(RAW_REASONING), D, {"stream": True}).body_bytes()
    seen = validate_events(body)
    assert "response.reasoning_summary_text.delta" not in seen
    evs = [data for _, data in events(body)]
    deltas = [e["delta"] for e in evs if e["type"] == "response.reasoning_text.delta"]
    assert deltas == ["Think ", "hard."]
    done = next(e for e in evs if e["type"] == "response.reasoning_text.done")
    assert (done["text"], done["content_index"], done["output_index"]) == ("Think hard.", 0, 0)
    added = next(e for e in evs if e["type"] == "response.content_part.added")
    assert added["part"] == {"type": "reasoning_text", "text": ""}


def test_openai_sdk_reads_raw_reasoning_text_streamed_and_whole() -> None:
    s = make_scenario(RAW_REASONING)
    stream = client_for(s).responses.create(model="m", input="hi", stream=True)
    got = [(e.type, getattr(e, "delta", None)) for e in stream if e.type.startswith("response.reasoning")]
    assert got == [("response.reasoning_text.delta", "Think "), ("response.reasoning_text.delta", "hard."),
                   ("response.reasoning_text.done", None)]
    with client_for(s).responses.stream(model="m", input="hi") as helper:
        final = helper.get_final_response()
    reasoning = final.output[0]
    assert (reasoning.type, reasoning.summary, [c.text for c in reasoning.content or []]) == (
        "reasoning", [], ["Think hard."])
    assert final.output_text == "42"
    whole = client_for(s).responses.create(model="m", input="hi")
    assert [c.text for c in whole.output[0].content or []] == ["Think hard."]


@pytest.mark.parametrize("wire", ["openai-chat", "anthropic", "gemini"])
def test_raw_reasoning_text_is_not_expressible_on_the_other_wires(wire: str) -> None:
    with pytest.raises(DialectError, match="reasoning_text"):
        plan_response(make_scenario(RAW_REASONING), wire, {"stream": True})


def test_a_summary_reasoning_part_cannot_turn_into_raw_reasoning_text() -> None:
    script = [{"part": {"type": "reasoning-start", "id": "r"}},
              {"part": {"type": "reasoning-delta", "id": "r", "delta": "x"}, "wire": {"channel": "reasoning_text"}}]
    with pytest.raises(DialectError, match="summary"):
        plan_response(make_scenario(script), D, {"stream": True})


# ---------------------------------------------------------------- raw reasoning, the older API's events
LEGACY_REASONING = [{**p, "wire": {"channel": "reasoning_legacy"}} if "wire" in p else p for p in RAW_REASONING]


def test_legacy_raw_reasoning_is_sent_as_the_older_apis_events_with_no_content() -> None:
    body = plan_response(make_scenario(LEGACY_REASONING), D, {"stream": True}).body_bytes()
    seen = validate_events(body)
    assert not any(k.startswith("response.reasoning_text") or k.startswith("response.reasoning_summary")
                   for k in seen), seen
    evs = [data for _, data in events(body)]
    assert [e["delta"] for e in evs if e["type"] == "response.reasoning.delta"] == ["Think ", "hard."]
    done = next(e for e in evs if e["type"] == "response.reasoning.done")
    assert (done["text"], done["content_index"], done["output_index"]) == ("Think hard.", 0, 0)
    # openai 1.97.0's ResponseReasoningItem has no content, so no content part opens the reasoning.
    assert not [e for e in evs if e["type"] == "response.content_part.added" and e["output_index"] == 0]
    item = next(e["item"] for e in evs if e["type"] == "response.output_item.done" and e["output_index"] == 0)
    assert (item["type"], item["summary"], "content" in item) == ("reasoning", [], False)


def test_openai_sdk_hands_on_the_legacy_reasoning_events_and_still_reads_the_answer() -> None:
    s = make_scenario(LEGACY_REASONING)
    stream = client_for(s).responses.create(model="m", input="hi", stream=True)
    got = [(e.type, getattr(e, "delta", None)) for e in stream if e.type.startswith("response.reasoning")]
    assert got == [("response.reasoning.delta", "Think "), ("response.reasoning.delta", "hard."),
                   ("response.reasoning.done", None)]
    assert client_for(s).responses.create(model="m", input="hi").output_text == "42"


@pytest.mark.parametrize("wire", ["openai-chat", "anthropic", "gemini"])
def test_legacy_raw_reasoning_is_not_expressible_on_the_other_wires(wire: str) -> None:
    with pytest.raises(DialectError, match="reasoning_legacy"):
        plan_response(make_scenario(LEGACY_REASONING), wire, {"stream": True})


def test_a_raw_reasoning_part_cannot_change_between_its_two_event_forms() -> None:
    script = [RAW_REASONING[0], {**RAW_REASONING[1], "wire": {"channel": "reasoning_legacy"}}]
    with pytest.raises(DialectError, match="keeps the one channel"):
        plan_response(make_scenario(script), D, {"stream": True})


def test_the_replay_decoder_reads_legacy_reasoning_back_as_the_same_channel() -> None:
    from mock_provider.sse import parse_sse
    from mock_provider.wires.decode import decode_events
    body = plan_response(make_scenario(LEGACY_REASONING), D, {"stream": True}).body_bytes()
    d = decode_events(D, parse_sse(body))
    deltas = [i for i, p in enumerate(d.parts) if p.type == "reasoning-delta"]
    assert [getattr(d.parts[i], "delta", None) for i in deltas] == ["Think ", "hard."]
    assert [d.quirks.get(i) for i in deltas] == [{"channel": "reasoning_legacy"}] * 2
    assert d.unmodelled == []


# ---------------------------------------------------------------- custom tool calls (inputEncoding: text)
CUSTOM_CALL = [
    {"part": {"type": "tool-input-start", "id": "c1", "toolName": "run_sql", "inputEncoding": "text"}},
    {"part": {"type": "tool-input-delta", "id": "c1", "delta": "SELECT 1\n"}},
    {"part": {"type": "tool-input-delta", "id": "c1", "delta": 'WHERE a = "x"'}},
    {"part": {"type": "tool-input-end", "id": "c1"}},
    # The V3/V4 tool-call input is JSON whatever the deltas' encoding: here the text as one JSON string.
    {"part": {"type": "tool-call", "toolCallId": "c1", "toolName": "run_sql",
              "input": json.dumps('SELECT 1\nWHERE a = "x";')}},
    {"part": finish("tool-calls")},
]


def test_a_text_encoded_call_is_a_custom_tool_call_item_the_sdk_models_accept() -> None:
    """openai 3.57.0 response_custom_tool_call.py (input: str), response_custom_tool_call_input_delta_event.py,
    response_custom_tool_call_input_done_event.py; @ai-sdk/openai 4.0.118 dist/index.js:4758-4766 requires the
    done item's status 'completed'."""
    body = plan_response(make_scenario(CUSTOM_CALL), D, {"stream": True}).body_bytes()
    seen = validate_events(body)
    assert "response.function_call_arguments.delta" not in seen
    evs = [data for _, data in events(body)]
    added = next(e for e in evs if e["type"] == "response.output_item.added")
    assert (added["item"]["type"], added["item"]["call_id"], added["item"]["name"], added["item"]["input"]) == \
        ("custom_tool_call", "c1", "run_sql", "")
    deltas = [e["delta"] for e in evs if e["type"] == "response.custom_tool_call_input.delta"]
    # The raw text, and the tail the tool-call has beyond the streamed fragments (";").
    assert deltas == ["SELECT 1\n", 'WHERE a = "x"', ";"]
    done = next(e for e in evs if e["type"] == "response.custom_tool_call_input.done")
    assert done["input"] == 'SELECT 1\nWHERE a = "x";'
    item = next(e for e in evs if e["type"] == "response.output_item.done")["item"]
    assert (item["input"], item["status"]) == ('SELECT 1\nWHERE a = "x";', "completed")
    responses_types.ResponseCustomToolCall.model_validate(evs[-1]["response"]["output"][0])


def test_openai_sdk_reads_a_custom_tool_call() -> None:
    s = make_scenario(CUSTOM_CALL)
    stream = client_for(s).responses.create(model="m", input="hi", stream=True)
    got = [(e.type, getattr(e, "delta", None)) for e in stream if "custom_tool_call" in e.type]
    assert got == [("response.custom_tool_call_input.delta", "SELECT 1\n"),
                   ("response.custom_tool_call_input.delta", 'WHERE a = "x"'),
                   ("response.custom_tool_call_input.delta", ";"), ("response.custom_tool_call_input.done", None)]
    whole = client_for(s).responses.create(model="m", input="hi")
    assert [(o.type, o.input) for o in whole.output] == [("custom_tool_call", 'SELECT 1\nWHERE a = "x";')]


@pytest.mark.parametrize("input_text", ['{"q": 1}', '"SELECT 2"'])
def test_a_custom_call_whose_input_is_not_its_streamed_text_is_refused(input_text: str) -> None:
    script = [*CUSTOM_CALL[:4], {"part": {"type": "tool-call", "toolCallId": "c1", "toolName": "run_sql",
                                          "input": input_text}}]
    with pytest.raises(DialectError, match="custom tool call"):
        plan_response(make_scenario(script), D, {"stream": True})


@pytest.mark.parametrize("wire", ["openai-chat", "anthropic", "gemini"])
def test_text_encoded_input_is_not_expressible_on_the_other_wires(wire: str) -> None:
    with pytest.raises(DialectError, match=r"free-text|JSON object"):
        plan_response(make_scenario(CUSTOM_CALL), wire, {"stream": True})


# ---------------------------------------------------------------- spoken answers, MCP approvals
def test_a_spoken_answer_is_audio_events_the_sdk_models_accept_and_no_message_item() -> None:
    s = corpus_scenario("quirks.responses-audio.001")
    body = plan_response(s, D, STREAM).body_bytes()
    kinds = validate_events(body)
    spoken = [k for k in kinds if k.startswith("response.audio")]
    assert spoken == ["response.audio.transcript.delta", "response.audio.transcript.delta",
                      "response.audio.transcript.done", "response.audio.delta", "response.audio.done"]
    assert "response.output_text.delta" not in kinds and "response.output_item.added" not in kinds
    deltas = [json.loads(line[6:]) for line in body.decode().splitlines() if line.startswith("data: ")]
    assert "".join(e["delta"] for e in deltas if e["type"] == "response.audio.transcript.delta") == \
        "¡Hola! ¿Cómo estás?"  # the script's text, spoken


def test_an_mcp_approval_is_one_item_the_sdk_models_accept_named_by_the_approval_id() -> None:
    s = corpus_scenario("tool.openai-mcp-approval.001")
    body = plan_response(s, D, STREAM).body_bytes()
    validate_events(body)
    done = [json.loads(line[6:]) for line in body.decode().splitlines() if line.startswith("data: ")]
    items = [e["item"] for e in done if e["type"] == "response.output_item.done"]
    assert [i["type"] for i in items] == ["mcp_list_tools", "mcp_approval_request"]
    approval = responses_types.response_output_item.McpApprovalRequest.model_validate(items[1])
    assert (approval.id, approval.name, approval.arguments) == ("mcpr_drop_1", "drop_database", '{"name":"staging"}')
    assert "mcp_drop_call" not in body.decode()  # the call's id is on no event: the consumer generates one


def test_an_approval_request_not_right_after_an_mcp_call_is_refused() -> None:
    s = make_scenario([{"part": {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c"}}])
    with pytest.raises(DialectError, match="mcp_approval_request"):
        plan_response(s, D, STREAM)


def test_a_failed_mcp_tool_list_comes_first_as_an_item_with_its_error_the_sdk_models_accept() -> None:
    s = corpus_scenario("tool.openai-mcp-list-failed.001")
    body = plan_response(s, D, STREAM).body_bytes()
    kinds = validate_events(body)
    assert kinds[2:6] == ["response.output_item.added", "response.mcp_list_tools.in_progress",
                          "response.mcp_list_tools.failed", "response.output_item.done"]
    assert "response.mcp_list_tools.completed" not in kinds
    frames = [json.loads(line[6:]) for line in body.decode().splitlines() if line.startswith("data: ")]
    listed = responses_types.response_output_item.McpListTools.model_validate(frames[5]["item"])
    assert listed.error and listed.tools == []
    final = responses_types.Response.model_validate(frames[-1]["response"])
    assert [o.type for o in final.output] == ["mcp_list_tools", "message"]
