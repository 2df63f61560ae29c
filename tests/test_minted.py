"""A call the consumer names itself (no wire carries its id) is graded by what a client can know of it.

On OpenAI Responses an ``mcp_approval_request`` reaches the client as a call under an id @ai-sdk/openai
4.0.118 generates (dist/index.js:8790-8808). The scenario lists its call id in ``expected.minted_ids``
(on that wire only): an adapter that shows the call under any id, with the approval naming that same
id, passes; one whose approval names another call fails row 8.1.15, and only that row; on a dialect
that carries the id (V3), an invented id is still a difference. An id that holds the wire's id whole and then
data of the client's own (litellm's Gemini route: ``<id>__thought__<signature>``) is the call it holds
(mock_provider.minted.carried_id); one that merely begins like it, or shows the call a second time, is not.
"""

from __future__ import annotations

from typing import Any

from conformance.contract import Capabilities
from conformance.grading import grade
from conformance.reference import agui
from conformance.run_record import RunRecord
from conformance.runner import Settings, run_case
from mock_provider.minted import renamed
from tests.shared_corpus import builtin_corpus

SID = "tool.openai-mcp-approval.001"
SCENARIO = next(s for s in builtin_corpus() if s.id == SID)
GENERATED = "q7RkP2xWnL0aZ3vB"  # an id of generateId()'s shape: none the script says


def _reference_events() -> tuple[list[Any], Capabilities]:
    """What the AG-UI reference adapter makes of the scenario's parts (V3: the call id is carried)."""
    result = run_case(agui, SCENARIO, "v3", Settings(timeout=5.0))
    assert result.verdict == "PASS", result.describe()
    caps = Capabilities(name="ref", inputs=["openai-responses", "v3"], output="ag-ui")
    return list(result.events), caps


def _record(events: list[Any], dialect: str, caps: Capabilities) -> RunRecord:
    return RunRecord(case_id=f"{SID}[{dialect}]", scenario_id=SID, dialect=dialect, adapter="a",
                     capabilities=caps, events=tuple(events), positions_known=False)


def test_a_generated_call_id_passes_on_the_wire_that_carries_none() -> None:
    events, caps = _reference_events()
    minted = renamed(events, {"mcp_drop_call": GENERATED})
    assert minted != events  # the call id is in the events, so the adapter's differs now
    result = grade(_record(minted, "openai-responses", caps), SCENARIO)
    assert result.verdict == "PASS", result.describe()


def test_an_approval_for_another_call_fails_only_the_approval_row() -> None:
    events, caps = _reference_events()
    minted = renamed(events, {"mcp_drop_call": GENERATED})
    moved = [renamed(e, {GENERATED: "other-call"}) if isinstance(e, dict) and e.get("type") == "RUN_FINISHED"
             else e for e in minted]
    assert moved != minted
    result = grade(_record(moved, "openai-responses", caps), SCENARIO)
    assert result.verdict == "FAIL"
    assert {f.row for f in result.findings if f.level == "MUST"} == {"8.1.15"}, result.describe()


def test_an_invented_id_is_a_difference_where_the_wire_carries_the_id() -> None:
    events, caps = _reference_events()
    result = grade(_record(renamed(events, {"mcp_drop_call": GENERATED}), "v3", caps), SCENARIO)
    assert result.verdict == "FAIL"


CODE = "tool.gemini-code-execution.001"  # two code execution calls, no id on the Gemini wire


def _code_events() -> tuple[list[Any], Any]:
    scenario = next(s for s in builtin_corpus() if s.id == CODE)
    result = run_case(agui, scenario, "v3", Settings(timeout=5.0))
    assert result.verdict == "PASS", result.describe()
    return list(result.events), scenario


def test_the_kth_generated_call_of_a_name_stands_for_the_kth_scripted_one() -> None:
    events, scenario = _code_events()
    caps = Capabilities(name="ref", inputs=["gemini"], output="ag-ui")
    minted = renamed(events, {"gce_sum": "gen-a", "gce_div": "gen-b"})
    record = RunRecord(case_id=f"{CODE}[gemini]", scenario_id=CODE, dialect="gemini", adapter="a", capabilities=caps,
                       events=tuple(minted), positions_known=False)
    assert grade(record, scenario).verdict == "PASS"
    # Each result under the other call's id: the k-th call keeps its place, so the results now differ.
    swapped = [renamed(e, {"gen-a": "gen-b", "gen-b": "gen-a"}) if isinstance(e, dict)
               and e.get("type") == "TOOL_CALL_RESULT" else e for e in minted]
    record = RunRecord(case_id=f"{CODE}[gemini]", scenario_id=CODE, dialect="gemini", adapter="a", capabilities=caps,
                       events=tuple(swapped), positions_known=False)
    result = grade(record, scenario)
    assert result.verdict == "FAIL"
    assert {f.row for f in result.findings if f.level == "MUST"} == {"8.1.14"}, result.describe()


SIGNED = "reasoning.gemini-signature.001"  # a Gemini call with id 'call_gsig' and a thought signature
CARRIED = "call_gsig__thought__c2lnLWNhbGwtMDAx"  # litellm's Gemini route: the wire's id, '__thought__', the signature


def _signed_record(events: list[Any], case: str = SIGNED) -> tuple[RunRecord, Any]:
    scenario = next(s for s in builtin_corpus() if s.id == case)
    caps = Capabilities(name="ref", inputs=["gemini"], output="ag-ui", features=["tools", "reasoning"])
    return RunRecord(case_id=f"{case}[gemini]", scenario_id=case, dialect="gemini", adapter="a", capabilities=caps,
                     events=tuple(events), positions_known=False), scenario


def _signed_events() -> list[Any]:
    scenario = next(s for s in builtin_corpus() if s.id == SIGNED)
    result = run_case(agui, scenario, "v3", Settings(timeout=5.0))
    assert result.verdict == "PASS", result.describe()
    return list(result.events)


def test_an_id_that_carries_the_wires_id_is_that_call() -> None:
    # litellm shows the call as CARRIED and sends Gemini 'call_gsig' back: one call, exposed once.
    events = renamed(_signed_events(), {"call_gsig": CARRIED})
    assert any(isinstance(e, dict) and e.get("toolCallId") == CARRIED for e in events)
    result = grade(*_signed_record(events))
    assert result.verdict == "PASS", result.describe()


def test_an_id_that_only_begins_like_the_wires_is_another_call() -> None:
    result = grade(*_signed_record(renamed(_signed_events(), {"call_gsig": "call_gsig2"})))
    assert result.verdict == "FAIL"
    assert {f.row for f in result.findings if f.level == "MUST"} == {"8.1.12"}, result.describe()


def test_a_carried_id_beside_the_wires_own_is_a_second_call() -> None:
    # The call shown under its own id, then again under an id that carries it: exposed twice.
    events = _signed_events()
    start = next(i for i, e in enumerate(events) if isinstance(e, dict) and e.get("type") == "TOOL_CALL_START")
    end = next(i for i, e in enumerate(events) if isinstance(e, dict) and e.get("type") == "TOOL_CALL_END")
    again = renamed(events[start:end + 1], {"call_gsig": CARRIED})
    result = grade(*_signed_record([*events[:end + 1], *again, *events[end + 1:]]))
    assert result.verdict == "FAIL"
    assert {f.row for f in result.findings if f.level == "MUST"} == {"8.1.12"}, result.describe()


def test_a_stream_that_also_says_the_wires_id_is_not_read_as_one_call() -> None:
    # The call under the carried id, and a result filed under the wire's id: the stream names two calls, and reading
    # the carried one as the wire's would hide that (8.1.12 as well as the stray result's 8.1.14).
    events = renamed(_signed_events(), {"call_gsig": CARRIED})
    end = next(i for i, e in enumerate(events) if isinstance(e, dict) and e.get("type") == "TOOL_CALL_END")
    stray = {"type": "TOOL_CALL_RESULT", "messageId": "tool-result-x", "toolCallId": "call_gsig", "content": '"rain"',
             "role": "tool"}
    result = grade(*_signed_record([*events[:end + 1], stray, *events[end + 1:]]))
    assert result.verdict == "FAIL"
    assert {f.row for f in result.findings if f.level == "MUST"} == {"8.1.12", "8.1.14"}, result.describe()
