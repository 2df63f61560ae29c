"""The ``ui-message-stream`` output protocol (AI SDK ``UIMessageChunk``, ai 6.0.326) and its reference adapter.

Streams are written by hand from the published types and the consumer's rules
(``processUIMessageStream``, ``Chat``); expected findings come from those rules, not from output.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.contract import OUTPUT_PROTOCOLS, Capabilities, Policies
from conformance.expectations import truncated
from conformance.findings import Finding
from conformance.protocols import protocol
from conformance.protocols import ui_message_stream as ums
from conformance.reference import ui_message_stream
from conformance.runner import run_case
from conformance.semantics import Comparison, compare
from mock_provider.scenario import Scenario
from mock_provider.transcript import ApprovalRecord, ErrorRecord, ToolResultRecord, Transcript
from tests.test_reference import _run_all, _with_policies

Ev = dict[str, Any]
START: list[Ev] = [{"type": "start", "messageId": "m1"}, {"type": "start-step"}]
FINISH: list[Ev] = [{"type": "finish-step"}, {"type": "finish", "finishReason": "stop"}]


def text(pid: str, *deltas: str) -> list[Ev]:
    return [{"type": "text-start", "id": pid}, *({"type": "text-delta", "id": pid, "delta": d} for d in deltas),
            {"type": "text-end", "id": pid}]


def call(cid: str, name: str, *fragments: str, input: Any = None) -> list[Ev]:
    return [{"type": "tool-input-start", "toolCallId": cid, "toolName": name},
            *({"type": "tool-input-delta", "toolCallId": cid, "inputTextDelta": f} for f in fragments),
            {"type": "tool-input-available", "toolCallId": cid, "toolName": name, "input": input}]


def valid_stream() -> list[Ev]:
    """Everything a streamText run can send, in a correct order (two steps' worth of parts)."""
    return [
        *START,
        {"type": "reasoning-start", "id": "r1"},
        {"type": "reasoning-delta", "id": "r1", "delta": "Need the weather "},
        {"type": "reasoning-delta", "id": "r1", "delta": "and the time."},
        {"type": "reasoning-end", "id": "r1"},
        *text("t1", "Checking ", "both."),
        {"type": "tool-input-start", "toolCallId": "c1", "toolName": "get_weather"},
        {"type": "tool-input-start", "toolCallId": "c2", "toolName": "get_time"},
        {"type": "tool-input-delta", "toolCallId": "c1", "inputTextDelta": '{"city":'},
        {"type": "tool-input-delta", "toolCallId": "c2", "inputTextDelta": '{"tz":"UTC"}'},
        {"type": "tool-input-available", "toolCallId": "c2", "toolName": "get_time", "input": {"tz": "UTC"}},
        {"type": "tool-input-delta", "toolCallId": "c1", "inputTextDelta": '"Paris"}'},
        {"type": "tool-input-available", "toolCallId": "c1", "toolName": "get_weather", "input": {"city": "Paris"}},
        {"type": "tool-input-available", "toolCallId": "c3", "toolName": "search", "input": {"q": "x"},
         "providerExecuted": True},
        {"type": "tool-output-available", "toolCallId": "c3", "output": {"hits": 2}, "providerExecuted": True},
        {"type": "tool-approval-request", "approvalId": "ap1", "toolCallId": "c2"},
        {"type": "data-weather", "id": "d1", "data": {"temp": 21}},
        {"type": "message-metadata", "messageMetadata": {"createdAt": 1}},
        {"type": "source-url", "sourceId": "s1", "url": "https://example.com"},
        {"type": "file", "url": "data:image/png;base64,AA==", "mediaType": "image/png"},
        {"type": "finish-step"},
        {"type": "start-step"},
        *text("t1", "Done."),  # a part id may be used again once its part ended
        {"type": "finish-step"},
        {"type": "finish", "finishReason": "tool-calls", "messageMetadata": {"tokens": 3}},
    ]


# ---------------------------------------------------------------------------------------------
# Registration, schema
# ---------------------------------------------------------------------------------------------


def test_registered_as_an_output_protocol() -> None:
    assert protocol("ui-message-stream") is ums.PROTOCOL
    assert ums.NAME == "ui-message-stream" in OUTPUT_PROTOCOLS
    caps = Capabilities(name="x", inputs=["openai-chat"], output="ui-message-stream")
    assert caps.output == "ui-message-stream"
    # What the stream cannot say is declared, so the grader skips it instead of failing it.
    assert ums.USAGE_FIELDS == () and ums.EXPRESSES_MODEL is False and ums.EXPRESSES_ERROR_CODE is False


def test_valid_stream_has_no_findings() -> None:
    events = valid_stream()
    assert [(i, ums.schema_errors(e)) for i, e in enumerate(events) if ums.schema_errors(e)] == []
    assert ums.lifecycle(events) == []


@pytest.mark.parametrize(
    ("event", "needle"),
    [
        ({"type": "text-delta", "id": "t"}, "'delta' is a required property"),
        ({"type": "tool-input-delta", "toolCallId": "c", "delta": "{}"}, "'inputTextDelta' is a required property"),
        ({"type": "finish", "finishReason": "tool_calls"}, "finishReason: 'tool_calls' is not one of"),
        ({"type": "finish", "finishReason": "unknown"}, "finishReason: 'unknown' is not one of"),  # dropped in ai 6
        ({"type": "tool-input-start", "toolCallId": 7, "toolName": "f"}, "toolCallId: 7 is not of type 'string'"),
        ({"type": "tool-output-available", "toolCallId": "c"}, "'output' is a required property"),
        ({"type": "error", "message": "x"}, "'errorText' is a required property"),
        ({"type": "data-x"}, "'data' is a required property"),
        ({"type": "text-start", "id": "t", "providerMetadata": {"openai": 1}}, "providerMetadata.openai"),
        ({"type": "TEXT_MESSAGE_CONTENT"}, "is not a UIMessageChunk type"),
        ({"id": "t"}, "missing or non-string 'type'"),
        ("text", "not a JSON object"),
    ],
)
def test_schema_errors(event: Any, needle: str) -> None:
    errors = ums.schema_errors(event)
    assert any(needle in e for e in errors), errors


def test_extra_keys_are_allowed_and_null_output_is_a_value() -> None:
    # zod looseObject: unknown keys pass; `output: null` is what streamText sends for undefined.
    assert ums.schema_errors({"type": "text-delta", "id": "t", "delta": "x", "extra": 1}) == []
    assert ums.schema_errors({"type": "tool-output-available", "toolCallId": "c", "output": None}) == []


def test_per_type_validation_agrees_with_the_whole_schema() -> None:
    import jsonschema

    whole = jsonschema.Draft202012Validator(ums.SCHEMA)
    samples: list[Ev] = [*valid_stream(), {"type": "abort"}, {"type": "abort", "reason": 5},
                         {"type": "tool-input-error", "toolCallId": "c", "toolName": "f", "input": "{"},
                         {"type": "tool-output-denied"}, {"type": "start", "messageId": 1},
                         {"type": "data-y", "data": 1, "transient": "no"}, {"type": "finish-step", "x": 1}]
    for event in samples:
        assert bool(ums.schema_errors(event)) == bool(list(whole.iter_errors(event))), event


def test_schema_file_is_valid_json_schema_and_names_its_source() -> None:
    import jsonschema

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import gen_ui_message_stream_schema as gen

    assert gen.schema() == ums.SCHEMA, "stale: run `python tools/gen_ui_message_stream_schema.py`"
    jsonschema.Draft202012Validator.check_schema(ums.SCHEMA)
    assert "ai` 6.0.326" in ums.SCHEMA["description"]
    assert set(ums.CHUNK_TYPES) >= {"start", "finish", "abort", "error", "tool-input-available", "message-metadata"}


# ---------------------------------------------------------------------------------------------
# Lifecycle table
# ---------------------------------------------------------------------------------------------

LIFECYCLE_CASES: dict[str, tuple[list[Ev], list[tuple[str, int | None]]]] = {
    "start-missing": ([{"type": "start-step"}, *FINISH], [("8.1.0", 0)]),
    "second-start": ([*START, {"type": "start"}, *FINISH], [("8.1.0", 2)]),
    "terminal-first": ([{"type": "finish"}], [("8.1.0", 0)]),
    "delta-before-start": (
        [*START, {"type": "text-delta", "id": "t", "delta": "a"}, *text("t", "b")[0:1],
         {"type": "text-end", "id": "t"}, *FINISH],
        [("8.4.2", 2)],
    ),
    "end-without-start": ([*START, {"type": "reasoning-end", "id": "r"}, *FINISH], [("8.4.2", 2)]),
    # The consumer starts a second part under the same id; the first stays 'streaming' (never ended).
    "start-while-open": ([*START, {"type": "text-start", "id": "t"}, *text("t", "x"), *FINISH], [("8.1.5", 3)]),
    "text-open-at-finish": ([*START, *text("t", "x")[:2], {"type": "finish"}], [("8.1.5", 4)]),
    "text-open-at-finish-step": ([*START, *text("t", "x")[:2], *FINISH], [("8.1.5", 4)]),
    "reasoning-open-at-finish-step": (
        [*START, {"type": "reasoning-start", "id": "r"}, {"type": "reasoning-delta", "id": "r", "delta": "x"},
         *FINISH],
        [("8.1.8", 4)],
    ),
    # finish-step drops the open part: a later delta for it is for a part that is not open.
    "delta-after-finish-step": (
        [*START, *text("t", "x")[:2], {"type": "finish-step"}, {"type": "text-delta", "id": "t", "delta": "y"},
         {"type": "finish"}],
        [("8.1.5", 4), ("8.4.2", 5)],
    ),
    "tool-open-at-finish": ([*START, *call("c", "f", "{}")[:2], {"type": "finish"}], [("8.1.12", 4)]),
    "tool-delta-without-start": (
        [*START, {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": "{}"}, *FINISH],
        [("8.4.2", 2)],
    ),
    "tool-delta-after-available": (
        [*START, *call("c", "f", "{}", input={}), {"type": "tool-input-delta", "toolCallId": "c",
                                                   "inputTextDelta": "x"}, *FINISH],
        [("8.1.12", 5)],  # no throw: the exposed call goes back to input-streaming
    ),
    "atomic-call-is-fine": ([*START, call("c", "f", input={})[-1], *FINISH], []),
    "exposed-twice": ([*START, *call("c", "f", "{}", input={}), call("c", "f", input={})[-1], *FINISH],
                      [("8.1.12", 5)]),
    "restarted-after-complete": ([*START, *call("c", "f", "{}", input={}), call("c", "f")[0],
                                  call("c", "f", input={})[-1], *FINISH], [("8.1.12", 5)]),
    "output-for-unknown-call": (
        [*START, {"type": "tool-output-available", "toolCallId": "zz", "output": 1}, *FINISH], [("8.4.2", 2)]),
    "approval-for-unknown-call": (
        [*START, {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "zz"}, *FINISH],
        [("8.4.2", 2)]),
    "output-while-input-streams-is-fine": (
        [*START, *call("c", "f", "{}")[:2], {"type": "tool-output-available", "toolCallId": "c", "output": 1},
         call("c", "f", input={})[-1], *FINISH], []),
    "empty-text-delta": ([*START, *text("t", "", "x"), *FINISH], [("hygiene.empty-delta", 3)]),
    "empty-text-part": ([*START, *text("t"), *FINISH], [("hygiene.empty-delta", 3)]),
    "empty-args-delta": ([*START, *call("c", "f", "", "{}", input={}), *FINISH], [("hygiene.empty-delta", 3)]),
    # An empty delta that carries providerMetadata is not empty: the reader keeps the metadata on the part
    # (ai 7.0.173 dist/index.js:7268; Anthropic's thinking signature, sent back with the block next turn),
    # and ai 7's own streamText keeps such a delta (:10687). An empty part stays empty all the same.
    "signed-empty-reasoning-delta": (
        [*START, {"type": "reasoning-start", "id": "r"}, {"type": "reasoning-delta", "id": "r", "delta": "x"},
         {"type": "reasoning-delta", "id": "r", "delta": "", "providerMetadata": {"anthropic": {"signature": "s"}}},
         {"type": "reasoning-end", "id": "r"}, *FINISH], []),
    "metadata-only-text-part": (
        [*START, {"type": "text-start", "id": "t"},
         {"type": "text-delta", "id": "t", "delta": "", "providerMetadata": {"p": {"k": 1}}},
         {"type": "text-end", "id": "t"}, *FINISH], [("hygiene.empty-delta", 4)]),
    "after-finish": ([*START, *FINISH, *text("t", "x")], [("8.1.18", 4), ("8.1.18", 5), ("8.1.18", 6)]),
    "second-finish": ([*START, *FINISH, {"type": "finish"}], [("8.1.18", 4)]),
    # streamText's own shape (ai 6.0.326 dist/index.js 9323-9353): finish-step, message-metadata and
    # finish after the error; readUIMessageStream reads on, Chat stops at the error. Not a finding.
    "finish-after-error": ([*START, {"type": "error", "errorText": "x"}, {"type": "finish-step"},
                            {"type": "message-metadata", "messageMetadata": {"t": 1}},
                            {"type": "finish", "finishReason": "error"}], []),
    # Parts open at the error stay open through the trailer (L9: recorded, not graded).
    "trailer-leaves-parts-open": ([*START, *text("t", "x")[:2], {"type": "error", "errorText": "x"},
                                   *FINISH], [("info.open-at-error", 4)]),
    # streamText forwards what the provider sends after an error part; readUIMessageStream reads it
    # (Chat stopped at the error). The part rules still hold there; a second start is a second message.
    "text-after-error": ([*START, {"type": "error", "errorText": "x"}, *text("t", "x"), *FINISH], []),
    "delta-after-error-for-no-part": ([*START, {"type": "error", "errorText": "x"},
                                       {"type": "text-delta", "id": "t", "delta": "x"}, *FINISH], [("8.4.2", 3)]),
    "start-after-error": ([*START, {"type": "error", "errorText": "x"}, *START, *FINISH], [("8.1.0", 3)]),
    "after-error-trailer": ([*START, {"type": "error", "errorText": "x"}, *FINISH, {"type": "finish-step"}],
                            [("8.1.18", 5)]),
    "after-abort": ([*START, {"type": "abort"}, {"type": "finish"}], [("8.1.18", 3)]),
    "abort-leaves-parts-open": ([*START, *text("t", "x")[:2], {"type": "abort"}], []),
}


@pytest.mark.parametrize("case", list(LIFECYCLE_CASES))
def test_lifecycle(case: str) -> None:
    events, expected = LIFECYCLE_CASES[case]
    assert [(f.row, f.event_index) for f in ums.lifecycle(events)] == expected


def test_after_the_terminal_only_what_changes_the_readers_message_is_a_must() -> None:
    """processUIMessageStream has no terminal state: text after finish is shown (MUST); an abort,
    or a finish after the abort chunk, changes nothing it shows (SHOULD)."""
    text_after = ums.lifecycle([*START, *FINISH, *text("t", "x")])
    assert {(f.row, f.level) for f in text_after} == {("8.1.18", None)}  # the row's level: MUST
    (after_abort,) = ums.lifecycle([*START, {"type": "abort"}, {"type": "finish"}])
    assert (after_abort.row, after_abort.level) == ("8.1.18", "SHOULD")
    (abort_after_finish,) = ums.lifecycle([*START, *FINISH, {"type": "abort"}])
    assert (abort_after_finish.row, abort_after_finish.level) == ("8.1.18", "SHOULD")
    (second_finish,) = ums.lifecycle([*START, *FINISH, {"type": "finish", "finishReason": "length"}])
    assert (second_finish.row, second_finish.level) == ("8.1.18", None)  # the reason Chat reports changes


def test_missing_terminal_is_marked_for_the_runner() -> None:
    (finding,) = ums.lifecycle([*START, *text("t", "x")])
    assert (finding.row, finding.source) == ("8.1.18", "lifecycle-terminal-missing")


def test_parts_open_at_an_error_are_recorded_not_graded() -> None:
    (finding,) = ums.lifecycle([*START, *text("t", "x")[:2], {"type": "error", "errorText": "boom"}])
    assert finding.row == "info.open-at-error" and "text part 't'" in finding.message


def test_lifecycle_messages_name_the_chunk_and_id() -> None:
    (finding,) = ums.lifecycle([*START, {"type": "tool-input-delta", "toolCallId": "call_42",
                                         "inputTextDelta": "{}"}, *FINISH])
    assert "call_42" in finding.message and "tool-input-delta" in finding.message


def test_lifecycle_tables_are_complete() -> None:
    phases = ("before", "running", "finished", "errored", "aborted")
    roles = ("start", "finish", "error", "abort", "body", "trailer")
    assert set(ums.RUN_PHASES) == {(p, r) for p in phases for r in roles}
    states = ("absent", "orphan", "open", "fed", "closed")
    ops = ("open", "feed", "close", "complete", "refer")
    assert set(ums.TRANSITIONS) == {(s, o) for s in states for o in ops}
    assert {kind for kind, _op in ums.CHUNKS.values()} == {"run", "step", *ums.ENTITIES}
    assert set(ums.CHUNKS) <= ums.CHUNK_TYPES


# ---------------------------------------------------------------------------------------------
# Extraction
# ---------------------------------------------------------------------------------------------


def test_valid_stream_extracts_every_field() -> None:
    t = ums.extract(valid_stream())
    assert t.text == "Checking both.Done."
    assert t.reasoning == "Need the weather and the time."
    # Order of first appearance; streamed calls keep their fragments verbatim, atomic ones the
    # compact JSON of their input.
    assert [(c.id, c.name, c.args_text, c.args, c.provider_executed) for c in t.tool_calls] == [
        ("c1", "get_weather", '{"city":"Paris"}', {"city": "Paris"}, False),
        ("c2", "get_time", '{"tz":"UTC"}', {"tz": "UTC"}, False),
        ("c3", "search", '{"q":"x"}', {"q": "x"}, True),
    ]
    assert t.tool_results == [ToolResultRecord(tool_call_id="c3", result={"hits": 2})]
    assert t.approvals == [ApprovalRecord(approval_id="ap1", tool_call_id="c2", tool_name="get_time")]
    assert (t.terminal, t.finish_reason, t.usage, t.model) == ("finished", "tool_calls", None, None)


@pytest.mark.parametrize(
    ("reason", "expected"),
    [("stop", "stop"), ("length", "length"), ("content-filter", "content_filter"), ("tool-calls", "tool_calls"),
     ("other", None), (None, None), ("tool_calls", None)],
)
def test_finish_reasons(reason: str | None, expected: str | None) -> None:
    finish: Ev = {"type": "finish"} if reason is None else {"type": "finish", "finishReason": reason}
    t = ums.extract([*START, finish])
    assert (t.terminal, t.finish_reason) == ("finished", expected)


@pytest.mark.parametrize(
    ("terminal", "expected"),
    [
        ({"type": "error", "errorText": "rate limited"}, ("error", ErrorRecord(message="rate limited"))),
        ({"type": "finish", "finishReason": "error"}, ("error", ErrorRecord())),
        ({"type": "abort", "reason": "user"}, ("aborted", None)),
    ],
)
def test_error_and_abort_terminals(terminal: Ev, expected: tuple[str, ErrorRecord | None]) -> None:
    t = ums.extract([*START, *text("t", "x"), terminal, {"type": "text-delta", "id": "t", "delta": "late"}])
    assert (t.terminal, t.error) == expected
    assert t.text == "x"  # nothing after the terminal counts


def test_no_terminal() -> None:
    assert ums.extract([*START, *text("t", "x")]).terminal == "none"


def test_invalid_and_unfinished_tool_calls() -> None:
    events = [
        *START,
        *call("c1", "f", '{"a":', '"b'),  # malformed: streamText's tool-input-error carries the raw text
    ]
    events[-1] = {"type": "tool-input-error", "toolCallId": "c1", "toolName": "f", "input": '{"a":"b',
                  "errorText": "Invalid input"}
    events += [
        {"type": "tool-input-error", "toolCallId": "c2", "toolName": "g", "input": "{x", "errorText": "bad"},
        *call("c3", "h", '{"q":1}')[:2],  # never completed: not handed to the consumer
        {"type": "tool-input-available", "toolCallId": "c4", "toolName": "k", "input": None},  # JSON null input
        {"type": "tool-output-error", "toolCallId": "c1", "errorText": '{"why":"bad json"}'},
        {"type": "tool-output-available", "toolCallId": "c4", "output": "5", "preliminary": True},
        {"type": "tool-output-error", "toolCallId": "c4", "errorText": "late"},
        {"type": "finish", "finishReason": "tool-calls"},
    ]
    t = ums.extract(events)
    assert [(c.id, c.args_text, c.malformed) for c in t.tool_calls] == [
        ("c1", '{"a":"b', True), ("c2", "{x", True), ("c4", "null", False)]
    assert t.tool_calls[2].args is None  # what readUIMessageStream keeps as the part's input
    # c1's tool-output-error is streamText's own answer to the call it could not accept (ai 6.0.326
    # dist/index.mjs:7265): not a provider result. An error result of an accepted call still counts.
    assert t.tool_results == [
        ToolResultRecord(tool_call_id="c4", result="5", preliminary=True),  # output is kept as sent
        ToolResultRecord(tool_call_id="c4", result="late", is_error=True),
    ]
    assert not t.tool_calls[0].provider_executed
    # START is 2 chunks, c1 has start + 2 deltas: its complete chunk is #5.
    assert ums.exposures(events) == {"c1": 5, "c2": 6, "c4": 9}


def test_an_invalid_provider_executed_calls_error_result_is_kept() -> None:
    # streamText answers only invalid calls that are not provider-executed (ai 6.0.326 dist/index.mjs:7266):
    # a provider-executed call's error result is the provider's, and row 8.1.14 compares it.
    events = [*START,
              {"type": "tool-input-error", "toolCallId": "p1", "toolName": "web", "input": "{x", "errorText": "bad",
               "providerExecuted": True},
              {"type": "tool-output-error", "toolCallId": "p1", "errorText": "search failed", "providerExecuted": True},
              {"type": "finish", "finishReason": "stop"}]
    assert ums.extract(events).tool_results == [
        ToolResultRecord(tool_call_id="p1", result="search failed", is_error=True)]


GARBAGE: list[Any] = [
    None, 3, "x", [], {}, {"type": 5}, {"type": "text-delta", "id": 1, "delta": None},
    {"type": "tool-input-available", "toolCallId": None}, {"type": "tool-input-error", "toolCallId": "c"},
    {"type": "finish", "finishReason": {"unified": "stop"}}, {"type": "error", "errorText": 5},
    {"type": "tool-approval-request", "toolCallId": "c", "approvalId": 1},
]


def test_garbage_events_do_not_raise() -> None:
    for event in GARBAGE:
        assert isinstance(ums.schema_errors(event), list)
    for stream in ([*GARBAGE], [*START, *GARBAGE], list(reversed(GARBAGE))):
        assert all(isinstance(f, Finding) for f in ums.lifecycle(stream))
        ums.extract(stream)
        assert isinstance(ums.exposures(stream), dict)


_TYPES = st.sampled_from([*sorted(ums.CHUNK_TYPES), "data-x", "RUN_STARTED"])
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
_KEYS = st.sampled_from(["id", "delta", "toolCallId", "toolName", "inputTextDelta", "input", "output",
                         "errorText", "finishReason", "approvalId", "preliminary", "providerExecuted"])
_EVENT = st.one_of(
    _JSON,
    st.builds(lambda t, extra: {"type": t, **extra}, _TYPES, st.dictionaries(_KEYS, _JSON, max_size=4)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(stream=st.lists(_EVENT, max_size=8))
def test_random_streams_do_not_raise(stream: list[Any]) -> None:
    for event in stream:
        ums.schema_errors(event)
    ums.lifecycle(stream)
    ums.extract(stream)
    ums.exposures(stream)


# ---------------------------------------------------------------------------------------------
# Grading what the protocol cannot express
# ---------------------------------------------------------------------------------------------


def test_model_and_error_code_comparisons_are_skipped_only_when_not_expressible() -> None:
    expected = Transcript(terminal="error", error=ErrorRecord(message="boom", code="429"), model="m1")
    actual = Transcript(terminal="error", error=ErrorRecord(message="boom"))
    kwargs: dict[str, Any] = {"rows": ["8.1.17"], "usage_fields": (), "dialect": "v3", "upstream_finish": None,
                              "has_provider_calls": False}
    rows = {f.row for f in compare(expected, actual, Policies(), Comparison(**kwargs))}
    assert rows == {"8.1.2", "hygiene.error-code"}
    assert compare(expected, actual, Policies(), Comparison(model_expressed=False, error_codes=False, **kwargs)) == []


# ---------------------------------------------------------------------------------------------
# The reference adapter
# ---------------------------------------------------------------------------------------------


def test_reference_passes_every_expressible_case(corpus: list[Scenario]) -> None:
    verdicts = _run_all(ui_message_stream, corpus)
    assert not verdicts.get("FAIL") and not verdicts.get("ERROR"), "\n".join(
        (verdicts.get("FAIL") or []) + (verdicts.get("ERROR") or []))[:4000]
    assert set(verdicts) <= {"PASS", "INFO", "NOT-EXPRESSIBLE"}
    assert len(verdicts["PASS"]) + len(verdicts.get("INFO", [])) >= 350


@pytest.mark.slow
@pytest.mark.parametrize(
    "policies",
    [{"malformed_args": "empty-object"}, {"abort": "cancelled"}, {"abort": "run-error"}, {"unknown_finish": "null"},
     {"preliminary_results": "forward"}, {"missing_finish": "stop"}, {"finish_reason": "engine"},
     {"finish_reason": "provider"}],
    ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()),
)
def test_reference_passes_under_each_policy_choice(policies: dict[str, str], corpus: list[Scenario]) -> None:
    verdicts = _run_all(_with_policies(ui_message_stream, policies), corpus)
    assert not verdicts.get("FAIL") and not verdicts.get("ERROR"), "\n".join(
        (verdicts.get("FAIL") or []) + (verdicts.get("ERROR") or []))[:4000]
    nonstrict = {c.split("[", 1)[0] for c in verdicts.get("PASS-NONSTRICT", [])}
    # missing_finish 'stop' is conformant but non-strict: exactly on the truncated upstreams.
    assert nonstrict == ({s.id for s in corpus if truncated(s)} if policies.get("missing_finish") == "stop" else set())


def test_reference_chunks_for_a_tool_run(corpus: list[Scenario]) -> None:
    s = next(s for s in corpus if s.id == "tool.malformed.001")
    r = run_case(ui_message_stream, s, "v3")
    types = [e["type"] for e in r.events]
    assert types[:2] == ["start", "start-step"] and types[-2:] == ["finish-step", "finish"]
    bad = next(e for e in r.events if e["type"] == "tool-input-error")
    assert bad["input"] == s.expected.tool_calls[0].args_text  # the raw text, policy 'raw'
    # The provider's reason passes through (POLICY finish_reason, default 'provider' here, as ai does);
    # TanStack's engine rule would make it 'tool-calls' because a client call completed.
    assert s.parts()[-1].type == "finish" and r.events[-1]["finishReason"] == "length"
    engine = run_case(_with_policies(ui_message_stream, {"finish_reason": "engine"}), s, "v3")
    assert engine.events[-1]["finishReason"] == "tool-calls" and engine.verdict == "PASS"
    assert r.verdict == "PASS", r.findings
    assert json.loads(json.dumps(r.events)) == r.events


def test_abort_cancelled_is_one_abort_chunk_with_parts_left_open(corpus: list[Scenario]) -> None:
    s = next(s for s in corpus if s.id == "abort.mid-text.001")
    r = run_case(_with_policies(ui_message_stream, {"abort": "cancelled"}), s, "v3")
    assert r.verdict == "PASS", r.describe()
    assert [e["type"] for e in r.events][-2:] == ["text-delta", "abort"]


def test_run_error_abort_policy_is_an_error_chunk(corpus: list[Scenario]) -> None:
    """The error chunk has no code: under 'run-error' the caller's abort ends the stream with an error chunk."""
    s = next(s for s in corpus if s.id == "abort.mid-text.001")
    r = run_case(_with_policies(ui_message_stream, {"abort": "run-error"}), s, "v3")
    assert r.verdict == "INFO" and not r.failed_rows(), r.describe()  # INFO: the text part left open at the error
    assert [e["type"] for e in r.events][-3:] == ["error", "finish-step", "finish"]


@pytest.mark.parametrize(("output", "stopped"), [("ui-message-stream", "NOT-EXPRESSIBLE"),
                                                 ("ui-message-stream@7", "NOT-EXPRESSIBLE"), ("tanstack", None)])
@pytest.mark.parametrize("scenario_id", ["structured.tool.001", "structured.instruction.001"])
def test_a_structured_mode_the_protocol_lacks_is_not_expressible(output: str, stopped: str | None,
                                                                 scenario_id: str) -> None:
    # The catalog says TanStack's tool-based and instruction modes do not apply to the UI message
    # stream (ai sends responseFormat only): their scripts answer a request ai never makes.
    from conformance.grading.gates import first_stop
    from conformance.run_record import RunRecord
    from mock_provider.scenario import load_corpus

    s = next(s for s in load_corpus() if s.id == scenario_id)
    rec = RunRecord(case_id="c", scenario_id=s.id, dialect="openai-chat", adapter="a", outcome="completed",
                    capabilities=Capabilities(name="x", inputs=["openai-chat"], output=output,
                                              features=["structured_output", "tools"]))
    stop = first_stop(rec, s)
    assert (stop.verdict if stop is not None else None) == stopped
    native = next(s for s in load_corpus() if s.id == "structured.native.001")
    assert first_stop(rec, native) is None  # the native mode exists everywhere: graded


def _custom_call(encoding: dict[str, Any]) -> list[dict[str, Any]]:
    """A custom tool's call as streamText sends it (ai 7 with @ai-sdk/openai 4, tool.custom-input.001)."""
    return [{"type": "start"}, {"type": "start-step"},
            {"type": "tool-input-start", "toolCallId": "c1", "toolName": "run_sql", **encoding},
            {"type": "tool-input-delta", "toolCallId": "c1", "inputTextDelta": "SELECT 1\n"},
            {"type": "tool-input-delta", "toolCallId": "c1", "inputTextDelta": 'WHERE a = "x";'},
            {"type": "tool-input-available", "toolCallId": "c1", "toolName": "run_sql",
             "input": 'SELECT 1\nWHERE a = "x";'},
            {"type": "finish-step"}, {"type": "finish", "finishReason": "tool-calls"}]


def test_a_text_encoded_call_is_the_string_its_deltas_join_to() -> None:
    """ai 7.0.173 dist/index.js:7359: with inputEncoding 'text' the part's input is the joined text; the
    canonical tool-call input is that text JSON-encoded (@ai-sdk/provider 3.0.19 tool-input-start docs)."""
    from mock_provider.scenario import load_corpus

    scenario = next(s for s in load_corpus() if s.id == "tool.custom-input.001")
    want = scenario.expected_for("openai-responses").tool_calls[0]
    got = ums.extract(_custom_call({"inputEncoding": "text"})).tool_calls[0]
    text = 'SELECT 1\nWHERE a = "x";'
    assert (got.args, got.args_text, got.malformed) == (text, json.dumps(text), False)
    assert isinstance(want.args, str) and json.loads(want.args_text or "") == want.args
    # Without the encoding the same deltas are JSON to the consumer: broken, and 8.1.10 sees other text.
    plain = ums.extract(_custom_call({})).tool_calls[0]
    assert (plain.args_text, plain.malformed) == ('SELECT 1\nWHERE a = "x";', True)
