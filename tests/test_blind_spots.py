"""The suite's blind spots of issue 15, each closed by a check these tests pin down."""

from __future__ import annotations

from typing import Any

import pytest

from conformance import reference
from conformance.contract import Policies
from conformance.execution import execute
from conformance.grading import grade
from conformance.protocols import tanstack, ui_message_stream
from conformance.runner import Settings, run_case
from conformance.semantics import Comparison, compare
from mock_provider.parts import ToolCall
from mock_provider.scenario import Scenario
from mock_provider.transcript import ToolCallRecord, Transcript
from tests.mutants import ALL_MUTANTS
from tests.mutants.base import map_events
from tests.mutants.blind_mutants import read_ahead

VIEW = Comparison(rows=["8.1.13"], usage_fields=(), dialect="v3", upstream_finish="tool-calls",
                  has_provider_calls=False)


def _tanstack_call(delta: str, **end: Any) -> list[dict[str, Any]]:
    return [
        {"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
        {"type": "TOOL_CALL_START", "toolCallId": "c1", "toolName": "f", "index": 0},
        {"type": "TOOL_CALL_ARGS", "toolCallId": "c1", "delta": delta},
        {"type": "TOOL_CALL_END", "toolCallId": "c1", **end},
        {"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "finishReason": "tool_calls"},
    ]


def _raw_expected() -> Transcript:
    return Transcript(tool_calls=[ToolCallRecord(id="c1", name="f", args=None, args_text='{"a":', malformed=True)],
                      terminal="finished", finish_reason="tool_calls")


def test_tanstack_end_input_is_what_the_engine_runs() -> None:
    """ToolCallManager.completeToolCall: a defined END input replaces the deltas; a non-object one is {}."""
    assert tanstack.extract(_tanstack_call('{"a":1}', input={"a": 2})).tool_calls[0].args == {"a": 2}
    assert tanstack.extract(_tanstack_call('{"a":1}')).tool_calls[0].args == {"a": 1}
    malformed = tanstack.extract(_tanstack_call('{"a":', input='{"a":')).tool_calls[0]
    assert (malformed.malformed, malformed.args) == (True, {})
    assert tanstack.extract(_tanstack_call('{"a":')).tool_calls[0].args == '{"a":'
    # 'null' text runs as {} in executeTools anyway: an END input {} says the same (TanStack's OpenAI adapter).
    assert tanstack.extract(_tanstack_call("null", input={})).tool_calls[0].args is None


def test_raw_policy_compares_the_end_input() -> None:
    """Under 'raw', an END that carries any input hands the tool a substitute, not the raw text."""
    exp = _raw_expected()
    for events, want in [(_tanstack_call('{"a":'), []), (_tanstack_call('{"a":', input={}), ["8.1.13"])]:
        found = compare(exp, tanstack.extract(events), Policies(malformed_args="raw"), VIEW)
        assert [f.row for f in found] == want
    found = compare(exp, tanstack.extract(_tanstack_call('{"a":', input={})), Policies(malformed_args="empty-object"),
                    VIEW)
    assert found == []


def test_raw_policy_compares_the_ui_tool_input_error_input() -> None:
    """readUIMessageStream keeps tool-input-error.input as the part's rawInput: under 'raw' it is the raw text."""
    def events(value: Any) -> list[dict[str, Any]]:
        return [
            {"type": "start"}, {"type": "start-step"},
            {"type": "tool-input-start", "toolCallId": "c1", "toolName": "f"},
            {"type": "tool-input-delta", "toolCallId": "c1", "inputTextDelta": '{"a":'},
            {"type": "tool-input-error", "toolCallId": "c1", "toolName": "f", "input": value, "errorText": "bad"},
            {"type": "finish-step"}, {"type": "finish", "finishReason": "tool-calls"},
        ]
    raw = Policies(malformed_args="raw")
    assert compare(_raw_expected(), ui_message_stream.extract(events('{"a":')), raw, VIEW) == []
    assert [f.row for f in compare(_raw_expected(), ui_message_stream.extract(events({})), raw, VIEW)] == ["8.1.13"]


CALL_ROWS = {"8.1.9", "8.1.10", "8.1.12", "8.1.13", "8.1.14", "8.4.2", "hygiene.early-exposure"}


@pytest.mark.parametrize("name", ["agui.args-fragment-lost", "agui.replay-reemitted", "agui.exposed-at-input-end",
                                  "legacy.index-reused", "ui.input-not-streamed", "tanstack.raw-input-substituted"])
def test_findings_about_a_call_name_the_call(name: str, corpus: list[Scenario]) -> None:
    """Every finding a mutant gets on a tool-call row names the call: its id and the upstream's name for it."""
    mutant = next(m for m in ALL_MUTANTS if m.name == name)
    named = 0
    for scenario in corpus:
        # Every turn's calls: an agent loop's later turns bring calls of their own.
        upstream = {s.part.tool_call_id: s.part.tool_name for turn in scenario.turn_scripts() for s in turn
                    if isinstance(s.part, ToolCall)}
        if not upstream:
            continue
        result = run_case(mutant.factory, scenario, mutant.dialects[0], Settings(timeout=mutant.timeout, grace=1.0))
        for f in result.findings:
            if f.row not in CALL_ROWS or f.field == "tool_calls.order" or f.level not in ("MUST", "SHOULD"):
                continue
            if f.row == "8.4.2" and f.tool_call_id is None and "tool" not in f.message:
                continue  # an 8.4.2 about a text or reasoning part
            assert f.tool_call_id in upstream, f"{result.case_id}: {f.row} {f.message!r} names no upstream call"
            assert f.tool_name == upstream[f.tool_call_id], f"{result.case_id}: {f.row} {f.message!r}"
            assert f.subject() in result.describe()
            named += 1
    assert named > 0, f"{name} produced no finding about a tool call"


@pytest.mark.parametrize("base", ["agui", "tanstack", "ui-message-stream", "tanstack-legacy"])
def test_one_part_read_ahead_may_come_out_after_the_abort(base: str, corpus: list[Scenario]) -> None:
    """A pipeline one part ahead emits the part it read before the abort after it: that passes 8.1.22;
    two parts ahead fails it (the scenario with two deltas before the abort)."""
    factory = {"agui": reference.agui, "tanstack": reference.tanstack, "ui-message-stream": reference.ui_message_stream,
               "tanstack-legacy": reference.tanstack_legacy}[base]
    settings = Settings(timeout=5.0, grace=1.0)
    aborts = [s for s in corpus if s.client.abort_after_step is not None]
    late = 0
    for scenario in aborts:
        record = execute(read_ahead(factory, 1), scenario, "v3", settings)
        result = grade(record, scenario, settings)
        assert result.verdict == "PASS", result.describe()
        late += len(record.events) - (record.abort_event_index or 0)
    assert late > 0, "the read-ahead pipeline emitted nothing after the abort: the allowance was not exercised"
    two = run_case(read_ahead(factory, 2), next(s for s in aborts if s.id == "abort.mid-text.002"), "v3", settings)
    assert two.failed_rows() == {"8.1.22"}, two.describe()
    (finding,) = [f for f in two.findings if f.row == "8.1.22"]
    if finding.event_index is None:  # legacy chunks have no run start: all of this stream came late
        assert "buffered" in finding.message and base == "tanstack-legacy"
    else:  # the second delta after the abort: the first event beyond one part's worth
        assert two.events[finding.event_index]["type"] in ("TEXT_MESSAGE_CONTENT", "text-delta")
        assert two.events[finding.event_index]["delta"] == " a time"


def test_a_buffering_adapter_is_said_to_buffer(corpus: list[Scenario]) -> None:
    """An adapter that emits everything at the end: the abort finding says it buffered and points at no
    single event (it used to point at RUN_STARTED, the first event of a stream that was all late)."""
    async def buffer_all(events: Any, ctx: Any) -> Any:
        held = [e async for e in events]
        for e in held:
            yield e

    scenario = next(s for s in corpus if s.id == "abort.mid-text.002")
    result = run_case(map_events(reference.agui, buffer_all), scenario, "v3", Settings(timeout=5.0, grace=1.0))
    assert result.failed_rows() == {"8.1.22"}, result.describe()
    (finding,) = [f for f in result.findings if f.row == "8.1.22"]
    assert "buffered" in finding.message and finding.event_index is None
    assert "first differing event" not in result.describe()


@pytest.mark.parametrize("case", ["text.metadata.001", "text.empty-delta.001", "ids.reuse.001"])
@pytest.mark.parametrize("output", ["ag-ui", "tanstack"])
def test_an_error_where_the_model_finished_is_a_must_without_upstream_positions(case: str, output: str,
                                                                                 corpus: list[Scenario]) -> None:
    """A run that ends in an error where the upstream finished, graded with no upstream positions (every
    HTTP-wire harness reports none): the end goes to a terminal MUST row, not to the scenario's primary
    row when that is a SHOULD (the reported model, an empty delta), which made it PASS-NONSTRICT."""
    import dataclasses

    factory = reference.agui if output == "ag-ui" else reference.tanstack
    scenario = next(s for s in corpus if s.id == case)
    assert next(iter(scenario.rows)) not in ("8.1.4", "8.1.17", "8.1.18")  # a SHOULD primary row, on purpose
    settings = Settings(timeout=10.0)
    record = execute(factory, scenario, "v3", settings)
    events = [*record.events[:-1], {"type": "RUN_ERROR", "message": "boom"}]
    n = len(events)
    unknown = dataclasses.replace(record, events=tuple(events), positions=(0,) * n, exhausted=(False,) * n,
                                  event_turns=(0,) * n, final_position=0)
    result = grade(unknown, scenario, settings)
    assert result.verdict == "FAIL"
    assert any(f.level == "MUST" and "expected" in f.message and f.row == "8.1.18" for f in result.findings), \
        [(f.row, f.level, f.message) for f in result.findings]
