"""A Responses call shown under its item's own id is that call, not an extra one beside a dropped one.

On OpenAI Responses a ``function_call`` item has two ids, ``call_id`` and the item's ``id`` (openai 3.57.0
``types/responses/response_function_tool_call.py:38-48``); agno 3.1.10's ``OpenAIResponses`` shows the call under
the item id and maps an answer back to the call id (mock_provider/wires/openai_responses_ids.py). The ids below are
read from the mock's own stream for the case, not from the grader: a run that shows each call under the item id
the wire gave it passes; an id no item had, the calls' item ids swapped, or an item id on a wire without one, fail.
"""

from __future__ import annotations

import json
from typing import Any

from conformance.contract import Capabilities
from conformance.grading import grade
from conformance.reference import agui
from conformance.run_record import RunRecord
from conformance.runner import Settings, run_case
from mock_provider.minted import renamed
from mock_provider.scenario import Scenario
from mock_provider.wires import plan_response
from tests.shared_corpus import builtin_corpus

CAPS = Capabilities(name="ref", inputs=["openai-responses", "openai-chat", "v3"], output="ag-ui")


def _scenario(sid: str) -> Scenario:
    return next(s for s in builtin_corpus() if s.id == sid)


def _served_item_ids(scenario: Scenario) -> dict[str, str]:
    """call_id -> item id of each function_call item the mock streams for the case (as an agent offering the
    scenario's tools as functions asks)."""
    request = {"stream": True, "tools": [{"type": "function", "name": t.name} for t in scenario.request.tools]}
    body = plan_response(scenario, "openai-responses", request).body_bytes().decode()
    events = [json.loads(line[6:]) for line in body.splitlines() if line.startswith("data: ")]
    return {e["item"]["call_id"]: e["item"]["id"] for e in events
            if e["type"] == "response.output_item.added" and e["item"]["type"] == "function_call"}


def _events(scenario: Scenario) -> list[Any]:
    result = run_case(agui, scenario, "v3", Settings(timeout=5.0))
    assert result.verdict == "PASS", result.describe()
    return list(result.events)


def _graded(scenario: Scenario, events: list[Any], dialect: str = "openai-responses") -> tuple[str, set[str]]:
    record = RunRecord(case_id=f"{scenario.id}[{dialect}]", scenario_id=scenario.id, dialect=dialect, adapter="a",
                       capabilities=CAPS, events=tuple(events), positions_known=False)
    result = grade(record, scenario)
    return result.verdict, {f.row for f in result.findings if f.level == "MUST"}


def test_a_call_under_its_item_id_passes() -> None:
    scenario = _scenario("tool.basic.001")
    items = _served_item_ids(scenario)
    assert list(items) == ["call_abc123"] and items["call_abc123"] != "call_abc123"
    assert _graded(scenario, renamed(_events(scenario), items)) == ("PASS", set())


def test_an_id_no_item_had_still_fails_8_1_12() -> None:
    scenario = _scenario("tool.basic.001")
    assert _graded(scenario, renamed(_events(scenario), {"call_abc123": "fc_never_streamed"})) == ("FAIL", {"8.1.12"})


def test_two_calls_under_each_others_item_ids_fail() -> None:
    scenario = _scenario("tool.sequential.001")
    items = _served_item_ids(scenario)
    assert len(items) == 2
    assert _graded(scenario, renamed(_events(scenario), items)) == ("PASS", set())
    first, second = items
    swapped = renamed(_events(scenario), {first: items[second], second: items[first]})
    # Read as each other's call: the arguments differ, and so does the order.
    assert _graded(scenario, swapped) == ("FAIL", {"8.1.9", "8.1.10"})


def test_an_item_id_is_no_call_id_on_chat_completions() -> None:
    scenario = _scenario("tool.basic.001")
    events = renamed(_events(scenario), _served_item_ids(scenario))
    assert _graded(scenario, events, "openai-chat") == ("FAIL", {"8.1.12"})
