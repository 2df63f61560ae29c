"""The semantic comparison: policy-aware, row-attributed differences between transcripts."""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.contract import Policies
from conformance.semantics import Comparison, compare
from mock_provider.transcript import ToolCallRecord, ToolResultRecord, Transcript, UsageRecord

USAGE = ("input_tokens", "output_tokens", "total_tokens")


def rows(expected: Transcript, actual: Transcript, policies: Policies | None = None, **kw: Any) -> list[str]:
    args: dict[str, Any] = {"rows": ["8.1.4"], "usage_fields": USAGE, "dialect": "v3", "upstream_finish": "stop",
                            "has_provider_calls": False}
    args.update(kw)
    return [f.row for f in compare(expected, actual, policies or Policies(), Comparison(**args))]


def call(**kw: Any) -> ToolCallRecord:
    base: dict[str, Any] = {"id": "c1", "name": "f", "args": {"a": 1}, "args_text": '{"a":1}'}
    base.update(kw)
    return ToolCallRecord(**base)


def test_equal_transcripts_have_no_findings() -> None:
    t = Transcript(text="hi", tool_calls=[call()], finish_reason="tool_calls")
    assert rows(t, t.model_copy(deep=True)) == []


def test_each_field_reports_on_its_row() -> None:
    exp = Transcript(text="hi", reasoning="r", tool_calls=[call()], finish_reason="tool_calls")
    assert rows(exp, exp.model_copy(update={"text": "h"})) == ["8.1.4"]
    assert rows(exp, exp.model_copy(update={"reasoning": ""})) == ["8.1.7"]
    assert rows(exp, exp.model_copy(update={"tool_calls": [call(args_text='{"a":2}')]})) == ["8.1.10"]
    assert rows(exp, exp.model_copy(update={"tool_calls": []})) == ["8.1.12"]


def test_re_serialized_arguments_are_the_same_arguments() -> None:
    """Every consumer parses the arguments: whitespace and key order are not a difference, a value is."""
    exp = Transcript(tool_calls=[call(args={"city": "Paris", "n": 1}, args_text='{"city":"Paris","n":1}')],
                     finish_reason="tool_calls")
    spaced = [call(args={"city": "Paris", "n": 1}, args_text='{"n": 1, "city": "Paris"}')]
    assert rows(exp, exp.model_copy(update={"tool_calls": spaced})) == []
    other = [call(args={"city": "Rome", "n": 1}, args_text='{"city": "Rome", "n": 1}')]
    assert rows(exp, exp.model_copy(update={"tool_calls": other})) == ["8.1.10"]
    cut = [call(args=None, args_text='{"city":"Paris"')]
    assert rows(exp, exp.model_copy(update={"tool_calls": cut})) == ["8.1.10"]


def test_malformed_args_follow_the_declared_policy() -> None:
    exp = Transcript(tool_calls=[call(args=None, args_text='{"a":', malformed=True)], finish_reason="tool_calls")
    # An actual malformed call's args is the input the consumer holds: the raw text, or what its end replaced it by.
    raw = Transcript(tool_calls=[call(args='{"a":', args_text='{"a":', malformed=True)], finish_reason="tool_calls")
    empty = Transcript(tool_calls=[call(args={}, args_text='{"a":', malformed=True)], finish_reason="tool_calls")
    assert rows(exp, raw, Policies(malformed_args="raw")) == []
    # Raw deltas, but the end's input {} is what the tool runs with: not the declared 'raw'.
    assert rows(exp, empty, Policies(malformed_args="raw")) == ["8.1.13"]
    assert rows(exp, raw, Policies(malformed_args="empty-object")) == ["8.1.13"]
    assert rows(exp, empty, Policies(malformed_args="empty-object")) == []
    dropped = Transcript(finish_reason="tool_calls")
    assert rows(exp, dropped) == ["8.1.13"]


def test_missing_usage_zeros_is_nonstrict_and_omit_is_strict() -> None:
    exp = Transcript(usage=None, finish_reason="stop")
    zeros = Transcript(usage=UsageRecord(input_tokens=0, output_tokens=0, total_tokens=0), finish_reason="stop")
    found = compare(exp, zeros, Policies(missing_usage="zeros"),
                    Comparison(rows=["8.1.4"], usage_fields=USAGE, dialect="v3", upstream_finish="stop",
                               has_provider_calls=False))
    assert [(f.row, f.level) for f in found] == [("8.3.absent", "SHOULD")]
    assert rows(exp, zeros, Policies(missing_usage="omit")) == ["8.3.absent"]


def test_usage_rows_follow_the_dialect() -> None:
    exp = Transcript(usage=UsageRecord(input_tokens=3, output_tokens=4, total_tokens=7), finish_reason="stop")
    wrong = Transcript(usage=UsageRecord(input_tokens=3, output_tokens=4, total_tokens=None), finish_reason="stop")
    assert rows(exp, wrong, dialect="v2") == ["8.3.v2"]
    assert rows(exp, wrong, dialect="v4") == ["8.3.v3"]
    assert rows(exp, wrong, dialect="mastra") == ["8.3.mastra"]
    assert rows(exp, wrong, usage_fields=()) == []  # a protocol with no usage slot is not graded on it


def test_unknown_finish_policy() -> None:
    exp = Transcript(finish_reason="@unknown")
    assert rows(exp, Transcript(finish_reason="stop")) == []
    assert rows(exp, Transcript(finish_reason=None), Policies(unknown_finish="null")) == []
    assert rows(exp, Transcript(finish_reason=None)) == ["8.2.other"]


def test_tool_calls_claimed_without_a_client_call() -> None:
    exp = Transcript(finish_reason="stop")
    assert rows(exp, Transcript(finish_reason="tool_calls")) == ["8.2.tool-calls"]
    assert rows(exp, Transcript(finish_reason="tool_calls"), has_provider_calls=True) == ["8.1.12a"]


def test_abort_policies() -> None:
    exp = Transcript(text="par", terminal="aborted")
    for policy, terminal in (("silent", "none"), ("run-error", "aborted"), ("cancelled", "aborted")):
        assert rows(exp, Transcript(text="par", terminal=terminal), Policies(abort=policy),
                    rows=["8.1.22"]) == [], policy
    assert rows(exp, Transcript(text="partial", terminal="finished"), Policies(abort="silent"),
                rows=["8.1.22"]) == ["8.1.22", "8.1.22"]


def test_preliminary_results_policy() -> None:
    results = [ToolResultRecord(tool_call_id="c1", result={"p": 1}, preliminary=True),
               ToolResultRecord(tool_call_id="c1", result={"p": 2})]
    exp = Transcript(tool_results=results, finish_reason="stop")
    only_final = Transcript(tool_results=[results[1]], finish_reason="stop")
    both = Transcript(tool_results=results, finish_reason="stop")
    assert rows(exp, only_final, Policies(preliminary_results="drop")) == []
    assert rows(exp, both, Policies(preliminary_results="drop")) == ["8.1.14"]
    assert rows(exp, both, Policies(preliminary_results="forward")) == []


def test_a_wrong_ending_charges_everything_to_the_cause_row() -> None:
    exp = Transcript(text="hello", finish_reason="stop")
    act = Transcript(text="", terminal="error")
    assert set(rows(exp, act, rows=["8.1.4"], terminal_row="8.1.1")) == {"8.1.1"}
    assert set(rows(exp, act, rows=["8.1.16"])) == {"8.1.16"}


def test_error_message_substring_and_code() -> None:
    from mock_provider.transcript import ErrorRecord

    exp = Transcript(terminal="error", error=ErrorRecord(message="rate limit", code="429"))
    ok = Transcript(terminal="error", error=ErrorRecord(message="HTTP 429: Rate Limit exceeded", code="429"))
    assert rows(exp, ok, rows=["8.1.21"]) == []
    assert rows(exp, ok.model_copy(update={"error": ErrorRecord(message="boom", code="429")}),
                rows=["8.1.21"]) == ["8.1.17"]
    assert rows(exp, ok.model_copy(update={"error": ErrorRecord(message="rate limit")}),
                rows=["8.1.21"]) == ["hygiene.error-code"]


def test_a_suspended_call_may_be_reported_waiting() -> None:
    """An interrupt naming a call the scenario left suspended reads as an approval: allowed for that call only."""
    from mock_provider.transcript import ApprovalRecord

    exp = Transcript(tool_calls=[call()], finish_reason="tool_calls", suspended=["c1"])
    waiting = exp.model_copy(update={"suspended": [], "approvals": [ApprovalRecord(approval_id="r::c1",
                                                                                   tool_call_id="c1")]})
    assert rows(exp, waiting) == [] and rows(exp, exp.model_copy(update={"suspended": []})) == []
    other = waiting.model_copy(update={"approvals": [ApprovalRecord(approval_id="r::c2", tool_call_id="c2")]})
    assert rows(exp, other) == ["8.1.15"]
    assert rows(exp.model_copy(update={"suspended": []}), waiting) == ["8.1.15"]


def test_a_start_chunk_after_an_immediate_abort_is_no_output_after_it() -> None:
    """Row 8.1.22 (UI message stream): VoltAgent's streamText awaits the stream's first part before its UI
    stream starts, so after an immediate abort it sends `start` then `abort`, the two chunks ai 6's
    streamText sends (with `start` before the abort) and the kit passes. A `start` chunk carries no content
    (ai 6.0.326 processUIMessageStream only sets the message id on it): the consumer shows the same."""
    from conformance.grading import grade
    from conformance.runner import Settings
    from mock_provider.scenario import load_corpus
    from tests.calibration import read_records

    record = next(r for r in read_records("voltagent-ui") if r.scenario_id == "abort.immediate.001")
    assert [e["type"] for e in record.events] == ["start", "abort"] and record.abort_event_index == 0
    scenario = next(s for s in load_corpus() if s.id == "abort.immediate.001")
    result = grade(record, scenario, Settings(timeout=10.0))
    assert [f.row for f in result.findings if f.level == "MUST"] == [], result.describe()
    # A transient data part goes to onData only (never into the message): not output after the abort either.
    noise = {"type": "data-noise", "data": {"n": 1}, "transient": True}
    quiet = grade(dataclasses.replace(record, events=({"type": "start"}, noise, {"type": "abort"})), scenario,
                  Settings(timeout=10.0))
    assert [f.row for f in quiet.findings if f.level == "MUST"] == [], quiet.describe()
    # Content after the abort still counts: a text delta there is output the caller no longer wants.
    late = [{"type": "start"}, {"type": "text-start", "id": "0"}, {"type": "text-delta", "id": "0", "delta": "x"},
            {"type": "text-end", "id": "0"}, {"type": "abort"}]
    worse = grade(dataclasses.replace(record, events=tuple(late), positions=(), exhausted=(), event_turns=()),
                  scenario, Settings(timeout=10.0))
    assert "8.1.22" in {f.row for f in worse.findings}, worse.describe()
