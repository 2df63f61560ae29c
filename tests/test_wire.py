"""Wire plans (``mock_provider.wires``): framing helpers, the part-dialect plans and the shared faults.

Expected bytes are written from spec-reference 2.1/2.2 (``data: <json>`` + blank line per
part; NDJSON one object per line), 6.1 (what SSE consumers accept) and the scenario fault
definitions, not copied from plan output. The helpers at the bottom (synthetic scenarios,
an SDK-facing HTTP transport and the SDK-output -> transcript reduction) are shared by
``test_wire_openai.py`` and ``test_wire_anthropic.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pytest

from mock_provider.dialects import DialectError
from mock_provider.minted import renamed_transcript
from mock_provider.scenario import Scenario
from mock_provider.transcript import (
    ApprovalRecord,
    ErrorRecord,
    ToolCallRecord,
    ToolResultRecord,
    Transcript,
    UsageRecord,
)
from mock_provider.wires import (
    Chunk,
    Disconnect,
    Stall,
    WirePlan,
    ndjson_line,
    plan_response,
    split_at,
    sse_frame,
)
from tests.shared_corpus import builtin_corpus

ALL_DIALECTS = ("v2", "v3", "v4", "mastra", "openai-chat", "anthropic", "openai-responses", "gemini")
COFFEE = "☕".encode()  # b'\xe2\x98\x95': three bytes, so a cut can land inside it


# ---------------------------------------------------------------- shared helpers
def make_scenario(
    script: list[Any],
    *,
    wire: dict[str, Any] | None = None,
    sid: str = "wire.test.001",
    model: str = "mock-model",
) -> Scenario:
    """A synthetic scenario around a script (the expected transcript is irrelevant to wire tests)."""
    return Scenario.model_validate({
        "id": sid,
        "title": "wire test",
        "rows": ["8.1.4"],
        "citations": [{"ref": "spec-reference 6"}],
        "request": {"model": model, "messages": [{"role": "user", "content": "hi"}]},
        "script": script,
        "expected": {},
        "wire": wire or {},
    })


@lru_cache(maxsize=1)
def corpus_cached() -> tuple[Scenario, ...]:
    return tuple(builtin_corpus())


def corpus_ids() -> list[str]:
    return [s.id for s in corpus_cached()]


def corpus_scenario(sid: str) -> Scenario:
    return next(s for s in corpus_cached() if s.id == sid)


def wire_faults(scenario: Scenario) -> set[str]:
    """The kinds of wire faults a script holds (http_status excluded: it is a whole response)."""
    return {s.fault.kind for s in scenario.script if s.fault is not None and s.fault.kind != "http_status"}


def quirk_refusal(exc: DialectError) -> bool:
    """A wire refusing a step's provider quirk (``StepWire``) it does not have: documented by
    ``mock_provider.wires.plan.refuse_quirks``, not by a part rule."""
    return exc.reason.startswith("wire quirk ") and exc.reason.endswith(
        ("is a Chat Completions quirk", "is an OpenAI Responses quirk", "is a Gemini quirk",
         "is an Anthropic Messages quirk"))


def sdk_comparable(sid: str, dialect: str, request: dict[str, Any]) -> Scenario:
    """The scenario, or a skip naming why an official SDK's reading cannot be compared with its
    transcript on this wire (``request['stream']`` chooses the streamed or the JSON form)."""
    s = corpus_scenario(sid)
    if s.dialects is not None and dialect not in s.dialects:
        pytest.skip(f"restricted to {s.dialects}")
    try:
        plan_response(s, dialect, request)
    except DialectError as exc:
        pytest.skip(f"not expressible: {exc.reason}")
    if s.client.abort_after_step is not None:
        pytest.skip("client abort: the harness aborts, not the SDK")
    if s.turn_count() > 1 or s.tool_results or s.failed_attempts:
        # The transcript is the whole loop's (tool results, later turns); tests/test_turns.py plays turns,
        # attempts and the SDKs' own retries.
        pytest.skip("agent loop: one SDK call reads one model turn, the transcript is the loop's")
    if s.request.structured_mode == "tool" or (s.expected.structured and s.expected.structured.error):
        pytest.skip("structured output: the transcript is what the adapter makes of the answer, not the wire")
    if "stall" in wire_faults(s):
        pytest.skip("stall: waits for the client's timeout")
    if not request.get("stream") and wire_faults(s) - {"split"}:
        pytest.skip(f"{sorted(wire_faults(s))} in a JSON body: all or nothing, not the streamed transcript")
    return s


def body_items_bytes(items: list[Any]) -> Iterator[bytes]:
    """Serve plan body items to an httpx2 response: bytes, then the fault as a transport error.

    A disconnect is what a client sees as a peer closing mid-body; a stall would hang a real
    client until its read timeout, which is what it is mapped to here.
    """
    import httpx2

    for item in items:
        if isinstance(item, Chunk):
            if item.data:
                yield item.data
        elif isinstance(item, Disconnect):
            raise httpx2.RemoteProtocolError("peer closed connection without sending complete message body")
        elif isinstance(item, Stall):
            raise httpx2.ReadTimeout("the mock stalled")


@dataclass
class Served:
    """What the mock transport saw: the SDK's request bodies and the plans it answered with."""

    requests: list[dict[str, Any]] = field(default_factory=list)
    plans: list[WirePlan] = field(default_factory=list)


def mock_http_client(scenario: Scenario, dialect: str, served: Served | None = None) -> Any:
    """An ``httpx2.Client`` whose transport answers every request with the scenario's wire plan."""
    import httpx2

    seen = served if served is not None else Served()

    def handler(request: Any) -> Any:
        body = json.loads(request.content or b"{}")
        plan = plan_response(scenario, dialect, body)
        seen.requests.append(body)
        seen.plans.append(plan)
        return httpx2.Response(plan.status, headers=plan.headers, content=body_items_bytes(plan.body))

    return httpx2.Client(transport=httpx2.MockTransport(handler))


@dataclass
class SeenCall:
    id: str | None
    name: str | None
    args_text: str = ""
    completed: bool = False  # the consumer would hand it to the client as complete
    parsed: Any = None  # set when the SDK parsed the input itself (non-streaming Messages)
    has_parsed: bool = False
    provider_executed: bool = False  # a server tool call (Messages server_tool_use): not the client's to run


@dataclass
class Seen:
    """What one SDK consumption yielded, before the transcript rules (spec-reference 8.2/8.3) apply.

    ``finish`` is in the canonical unified vocabulary (stop/length/content-filter/tool-calls/
    other), None when the stream carried no finish at all.
    """

    text: str = ""
    reasoning: str = ""
    calls: list[SeenCall] = field(default_factory=list)
    finish: str | None = None
    usage: UsageRecord | None = None
    model: str | None = None
    error: BaseException | None = None
    error_message: str | None = None
    error_code: str | None = None
    results: list[ToolResultRecord] = field(default_factory=list)  # server tools' results (Messages)
    approvals: list[ApprovalRecord] = field(default_factory=list)  # provider-executed calls awaiting approval


def parse_args(text: str) -> tuple[Any, bool]:
    """Parsed arguments and whether the text is malformed ('' counts as {} as row 12 does)."""
    try:
        return json.loads(text or "{}"), False
    except ValueError:
        return None, True


def transcript_of(seen: Seen) -> Transcript:
    """The transcript an adapter following spec-reference 8.1/8.2/8.3 (declared POLICY: first
    error fatal, unknown finish '@unknown', usage omitted when absent) derives from SDK output."""
    # After an error only calls the consumer already completed count (openai-chat completes calls at
    # the very end, so none; Messages at each content_block_stop).
    calls = [c for c in seen.calls if c.completed] if seen.error is not None else list(seen.calls)
    records = []
    for c in calls:
        args, malformed = (c.parsed, False) if c.has_parsed else parse_args(c.args_text)
        records.append(ToolCallRecord(id=c.id or "", name=c.name or "", args=args,
                                      args_text=None if c.has_parsed else c.args_text, malformed=malformed,
                                      provider_executed=c.provider_executed))
    if seen.error is not None:
        return Transcript(text=seen.text, reasoning=seen.reasoning, tool_calls=records, terminal="error",
                          error=ErrorRecord(message=seen.error_message, code=seen.error_code), model=seen.model)
    if any(c.completed and not c.provider_executed for c in seen.calls):  # 8.2: only a call the client runs
        finish = "tool_calls"
    else:
        finish = {"stop": "stop", "length": "length", "content-filter": "content_filter",
                  "tool-calls": "stop"}.get(seen.finish or "", "@unknown")
    return Transcript(text=seen.text, reasoning=seen.reasoning, tool_calls=records, finish_reason=finish,  # type: ignore[arg-type]
                      usage=seen.usage, model=seen.model, tool_results=seen.results, approvals=seen.approvals)


def assert_matches(actual: Transcript, expected: Transcript, *, empty_args_equal: bool = False) -> None:
    """Compare what the SDK yielded with the scenario's expected transcript, field by field (a call the
    reader named itself, as its consumer does, read as the scripted one: mock_provider.minted)."""
    actual = renamed_transcript(expected, actual)
    assert actual.terminal == expected.terminal
    assert actual.text == expected.text
    assert actual.reasoning == expected.reasoning
    assert [(c.id, c.name) for c in actual.tool_calls] == [(c.id, c.name) for c in expected.tool_calls]
    assert [c.provider_executed for c in actual.tool_calls] == [c.provider_executed for c in expected.tool_calls]
    for got, want in zip(actual.tool_calls, expected.tool_calls, strict=True):
        assert got.malformed == want.malformed, got.id
        if not want.malformed:
            assert got.args == want.args, got.id
        if got.args_text is not None and want.args_text is not None:
            if empty_args_equal and {got.args_text, want.args_text} <= {"", "{}"}:
                continue  # @ai-sdk/anthropic itself reads an empty input as "{}" (6.5)
            assert got.args_text == want.args_text, got.id
    assert actual.tool_results == expected.tool_results  # only Messages server tools carry results on a wire
    assert actual.approvals == expected.approvals
    if expected.model is not None:
        assert actual.model == expected.model
    if expected.terminal == "error":
        assert expected.error is None or actual.error is not None
        if expected.error is not None and expected.error.message:
            assert expected.error.message in ((actual.error.message if actual.error else None) or "")
        if expected.error is not None and expected.error.code:
            assert actual.error is not None and actual.error.code == expected.error.code
        return
    assert actual.finish_reason == expected.finish_reason
    assert actual.usage == expected.usage


# ---------------------------------------------------------------- framing helpers
def test_sse_frame_is_one_data_line_and_a_blank_line() -> None:
    assert sse_frame({"type": "text-delta", "delta": "é"}) == 'data: {"type":"text-delta","delta":"é"}\n\n'.encode()
    assert sse_frame({"type": "ping"}, event="ping") == b'event: ping\ndata: {"type":"ping"}\n\n'
    assert sse_frame({"a": 1}, event="x", line_ending="crlf") == b'event: x\r\ndata: {"a":1}\r\n\r\n'
    assert sse_frame("[DONE]") == b"data: [DONE]\n\n"


def test_ndjson_line_is_one_compact_object_per_line() -> None:
    assert ndjson_line({"type": "text-delta", "delta": "a\nb"}) == b'{"type":"text-delta","delta":"a\\nb"}\n'


def test_split_at_cuts_exactly_and_ignores_out_of_range_offsets() -> None:
    assert split_at(b"abcdef", [2, 4]) == [b"ab", b"cd", b"ef"]
    assert split_at(b"abc", [0, 3, 9, 2, 2]) == [b"ab", b"c"]
    assert split_at(COFFEE, [1, 2]) == [b"\xe2", b"\x98", b"\x95"]


# ---------------------------------------------------------------- part dialects
TEXT_SCRIPT = [
    {"part": {"type": "text-start", "id": "t"}},
    {"part": {"type": "text-delta", "id": "t", "delta": "é"}, "delay_ms": 20},
    {"part": {"type": "text-end", "id": "t"}},
]


def test_part_dialect_sse_is_one_data_frame_per_part() -> None:
    plan = plan_response(make_scenario(TEXT_SCRIPT), "v3", {})
    assert plan.status == 200
    assert plan.headers["content-type"] == "text/event-stream"
    assert plan.headers["x-mock-scenario"] == "wire.test.001"
    assert plan.body_bytes() == (
        b'data: {"type":"text-start","id":"t"}\n\n'
        + 'data: {"type":"text-delta","id":"t","delta":"é"}\n\n'.encode()
        + b'data: {"type":"text-end","id":"t"}\n\n'
    )
    # The step's scripted delay rides on its first chunk; no [DONE] in a parts stream (2.2).
    assert [c.delay_ms for c in plan.body if isinstance(c, Chunk)] == [0, 20, 0]


def test_part_dialect_ndjson_when_the_client_accepts_it() -> None:
    plan = plan_response(make_scenario(TEXT_SCRIPT), "v4", {}, accept="application/x-ndjson")
    assert plan.headers["content-type"] == "application/x-ndjson"
    lines = plan.body_bytes().decode().splitlines()
    assert [json.loads(x) for x in lines] == [
        {"type": "text-start", "id": "t"},
        {"type": "text-delta", "id": "t", "delta": "é"},
        {"type": "text-end", "id": "t"},
    ]
    assert "data:" not in plan.body_bytes().decode()


def test_part_dialect_refusal_is_a_dialect_error() -> None:
    s = make_scenario([{"part": {"type": "ping"}}])
    with pytest.raises(DialectError) as info:
        plan_response(s, "v3", {})
    assert info.value.part_type == "ping" and info.value.dialect == "v3"


def test_unknown_dialect_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown dialect"):
        plan_response(make_scenario(TEXT_SCRIPT), "v9", {})


# ---------------------------------------------------------------- faults, the same in every dialect
def test_split_cuts_the_next_frame_inside_a_multibyte_character() -> None:
    frame = 'data: {"type":"text-delta","id":"t","delta":"☕☕"}\n\n'.encode()
    first = frame.index(COFFEE)
    offsets = [first + 1, first + 2, first + 4]
    s = make_scenario([
        {"part": {"type": "text-start", "id": "t"}},
        {"fault": {"kind": "split", "offsets": offsets}, "delay_ms": 5},
        {"part": {"type": "text-delta", "id": "t", "delta": "☕☕"}, "delay_ms": 30},
        {"part": {"type": "text-end", "id": "t"}},
    ])
    plan = plan_response(s, "v3", {})
    chunks = [c for c in plan.body if isinstance(c, Chunk) and c.step == 2]
    assert [c.data for c in chunks] == [frame[:first + 1], frame[first + 1:first + 2], frame[first + 2:first + 4],
                                        frame[first + 4:]]
    with pytest.raises(UnicodeDecodeError):
        chunks[0].data.decode("utf-8")  # the cut really is inside the character
    assert [c.delay_ms for c in chunks] == [30, 0, 0, 0]  # the pieces follow each other at once
    assert plan.body_bytes() == (b'data: {"type":"text-start","id":"t"}\n\n' + frame
                                 + b'data: {"type":"text-end","id":"t"}\n\n')
    # Only the frame right after the split is cut.
    assert len([c for c in plan.body if isinstance(c, Chunk) and c.step == 3]) == 1


@pytest.mark.parametrize("dialect", ["v2", "v3", "v4", "openai-chat", "anthropic"])
def test_the_corpus_split_fault_cuts_inside_the_coffee_in_every_wire(dialect: str) -> None:
    # fault.split.001 says its cuts fall inside multi-byte characters. Chat Completions writes a
    # role chunk before the first content chunk: the cut must land in the content, not that preamble.
    s = next(s for s in corpus_cached() if s.id == "fault.split.001")
    at = next(i for i, step in enumerate(s.script) if step.fault is not None) + 1
    pieces = [c.data for c in plan_response(s, dialect, {"stream": True}).body if isinstance(c, Chunk) and c.step == at]
    cuts = len(s.script[at - 1].fault.offsets)  # type: ignore[union-attr]
    frame = b"".join(pieces[-(cuts + 1):])
    assert frame.count(b"\n\n") == 1, "the pieces are one frame"
    run = range(frame.index(COFFEE), frame.rindex(COFFEE) + len(COFFEE))
    bounds = [sum(len(p) for p in pieces[-(cuts + 1):][:k]) for k in range(1, cuts + 1)]
    assert all(b in run for b in bounds), (bounds, run)
    inside = [b for b in bounds if 0x80 <= frame[b] <= 0xBF]  # the cut leaves a continuation byte behind it
    assert len(inside) >= cuts // 2, (dialect, bounds)
    assert b"".join(pieces[-(cuts + 1):]).decode("utf-8").count("☕") == 80


@pytest.mark.parametrize("dialect", ["v3", "openai-chat", "anthropic"])
def test_disconnect_after_n_bytes_truncates_exactly(dialect: str) -> None:
    script = [
        {"part": {"type": "text-start", "id": "t"}},
        {"part": {"type": "text-delta", "id": "t", "delta": "Hello ☕ world"}},
        {"part": {"type": "text-end", "id": "t"}},
        {"part": {"type": "finish", "finishReason": {"unified": "stop"},
                  "usage": {"inputTokens": {"total": 1}, "outputTokens": {"total": 2}}}},
    ]
    request = {"stream": True}
    full = plan_response(make_scenario(script), dialect, request).body_bytes()
    for n in (0, 1, 17, full.index(COFFEE) + 1, len(full) - 1, len(full), len(full) + 50):
        s = make_scenario([*script[:2], {"fault": {"kind": "disconnect", "after_bytes": n}}, *script[2:]])
        plan = plan_response(s, dialect, request)
        assert plan.body_bytes() == full[:n], n
        assert isinstance(plan.body[-1], Disconnect), n
        assert sum(isinstance(i, Disconnect) for i in plan.body) == 1


@pytest.mark.parametrize("dialect", ["v2", "openai-chat", "anthropic"])
@pytest.mark.parametrize("kind", ["disconnect", "stall"])
def test_disconnect_and_stall_at_a_step_end_the_body_there(dialect: str, kind: str) -> None:
    s = make_scenario([
        {"part": {"type": "text-start", "id": "t"}},
        {"part": {"type": "text-delta", "id": "t", "delta": "before"}},
        {"fault": {"kind": kind}, "delay_ms": 40},
        {"part": {"type": "text-delta", "id": "t", "delta": "after"}},
        {"part": {"type": "finish", "finishReason": {"unified": "stop"},
                  "usage": {"inputTokens": {"total": 1}, "outputTokens": {"total": 2}}}},
    ])
    plan = plan_response(s, dialect, {"stream": True})
    marker = plan.body[-1]
    assert isinstance(marker, Disconnect if kind == "disconnect" else Stall)
    assert marker.step == 2
    assert b"before" in plan.body_bytes()
    assert b"after" not in plan.body_bytes() and b"[DONE]" not in plan.body_bytes()


@pytest.mark.parametrize("dialect", ["v3", "openai-chat", "anthropic"])
def test_raw_bytes_are_written_verbatim_in_place(dialect: str) -> None:
    raw = 'data: {"choices":[{"delta":{"content":" so\n\n'
    if dialect == "anthropic":
        # An Anthropic client skips a frame with no event name: there the malformed frame is a named one
        # (an event-less one is NOT-EXPRESSIBLE, tests/test_wire_contract.py).
        raw = "event: content_block_delta\n" + raw
    s = make_scenario([
        {"part": {"type": "text-start", "id": "t"}},
        {"part": {"type": "text-delta", "id": "t", "delta": "one"}},
        {"fault": {"kind": "raw_bytes", "data": raw}, "delay_ms": 7},
        {"part": {"type": "text-delta", "id": "t", "delta": "two"}},
    ], wire={"done": "omit"})
    plan = plan_response(s, dialect, {"stream": True})
    chunks = [c for c in plan.body if isinstance(c, Chunk)]
    at = next(i for i, c in enumerate(chunks) if c.step == 2)
    assert chunks[at].data == raw.encode() and chunks[at].delay_ms == 7
    assert b"one" in b"".join(c.data for c in chunks[:at])
    assert b"two" in b"".join(c.data for c in chunks[at + 1:])


@pytest.mark.parametrize("dialect", ["v4", "openai-chat", "anthropic"])
def test_crlf_line_endings(dialect: str) -> None:
    s = make_scenario([
        {"part": {"type": "text-start", "id": "t"}},
        {"part": {"type": "text-delta", "id": "t", "delta": "Hi"}},
        {"part": {"type": "text-end", "id": "t"}},
        {"part": {"type": "finish", "finishReason": {"unified": "stop"},
                  "usage": {"inputTokens": {"total": 1}, "outputTokens": {"total": 2}}}},
    ], wire={"line_ending": "crlf"})
    body = plan_response(s, dialect, {"stream": True}).body_bytes()
    assert body.endswith(b"\r\n\r\n")
    assert b"\n" not in body.replace(b"\r\n", b"")  # no bare LF anywhere
    frames = body.split(b"\r\n\r\n")[:-1]
    assert frames and all(b"data: " in f for f in frames)


FINISH = {"part": {"type": "finish", "finishReason": {"unified": "stop"},
                   "usage": {"inputTokens": {"total": 1}, "outputTokens": {"total": 2}}}}
TEXT = [{"part": {"type": "text-delta", "id": "t", "delta": "x"}}]


@pytest.mark.parametrize(
    ("done", "with_finish", "sends_done"),
    [
        ("auto", True, True),  # a normal end
        ("auto", False, False),  # a script without finish ends without [DONE] too
        ("omit", True, False),  # finish without [DONE]
        ("always", False, True),  # [DONE] without finish
        ("always", True, True),
    ],
)
def test_done_trailer_follows_wire_done(done: str, with_finish: bool, sends_done: bool) -> None:
    s = make_scenario([*TEXT, *([FINISH] if with_finish else [])], wire={"done": done})
    body = plan_response(s, "openai-chat", {"stream": True}).body_bytes()
    assert body.endswith(b"data: [DONE]\n\n") is sends_done
    assert body.count(b"[DONE]") == int(sends_done)
    # [DONE] is OpenAI's: the Messages and the parts streams never carry it (2.2, 6.3).
    for other in ("anthropic", "v3"):
        assert b"[DONE]" not in plan_response(s, other, {"stream": True}).body_bytes()


def test_done_never_follows_a_cut_stream() -> None:
    s = make_scenario([*TEXT, {"fault": {"kind": "disconnect"}}, FINISH], wire={"done": "always"})
    assert b"[DONE]" not in plan_response(s, "openai-chat", {"stream": True}).body_bytes()


@pytest.mark.parametrize("dialect", ["openai-chat", "anthropic"])
def test_keepalive_comments_sit_between_frames(dialect: str) -> None:
    s = make_scenario([*TEXT, FINISH], wire={"keepalive_comments": True})
    body = plan_response(s, dialect, {"stream": True}).body_bytes()
    events = body.split(b"\n\n")[:-1]
    assert not events[0].startswith(b":") and not events[-1].startswith(b":")
    data_events = [e for e in events if not e.startswith(b":")]
    assert events[1::2] == [b": keep-alive"] * (len(data_events) - 1)


@pytest.mark.parametrize("dialect", ALL_DIALECTS)
def test_http_status_fault_is_a_whole_response(dialect: str) -> None:
    s = make_scenario([{"fault": {"kind": "http_status", "status": 429, "headers": {"Retry-After": "20"},
                                  "body": {"error": {"message": "slow down", "type": "rate_limit_error"}}},
                        "delay_ms": 15}])
    plan = plan_response(s, dialect, {"stream": True})
    assert plan.status == 429
    assert plan.headers == {"content-type": "application/json", "retry-after": "20"}
    assert json.loads(plan.body_bytes()) == {"error": {"message": "slow down", "type": "rate_limit_error"}}
    assert [c.delay_ms for c in plan.body if isinstance(c, Chunk)] == [15]
    default = plan_response(make_scenario([{"fault": {"kind": "http_status", "status": 500}}]), dialect, {})
    assert json.loads(default.body_bytes())["error"]["message"]


@pytest.mark.parametrize("dialect", ALL_DIALECTS)
def test_every_corpus_plan_is_well_formed_or_refused(dialect: str) -> None:
    """Each corpus scenario plans in each dialect, or fails with a DialectError for that dialect;
    a plan never writes after its fault marker."""
    planned = 0
    for s in corpus_cached():
        for stream in (True, False):
            try:
                plan = plan_response(s, dialect, {"model": "m", "stream": stream})
            except DialectError as exc:
                assert exc.dialect == dialect and exc.scenario_id == s.id
                continue
            planned += 1
            assert plan.scenario_id == s.id
            assert plan.status == 200 or s.http_fault() is not None
            markers = [i for i, item in enumerate(plan.body) if not isinstance(item, Chunk)]
            assert markers in ([], [len(plan.body) - 1])
            if plan.status == 200:
                assert plan.headers["x-mock-scenario"] == s.id
    assert planned >= 100
