"""A call the consumer names itself (no wire carries its id) is graded by what a client can know of it.

On OpenAI Responses an ``mcp_approval_request`` reaches the client as a call under an id @ai-sdk/openai
4.0.118 generates (dist/index.js:8790-8808). The scenario lists its call id in ``expected.minted_ids``
(on that wire only): an adapter that shows the call under any id, with the approval naming that same
id, passes; one whose approval names another call fails row 8.1.15, and only that row; on a dialect
that carries the id (V3), an invented id is still a difference.
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
