"""``Capabilities.client_tools``: an adapter that runs every tool it is given is not graded on client tool calls.

An agent framework whose function tools always execute (the OpenAI Agents SDK: ``execute`` is required)
cannot leave a call for its caller to run. Such a scenario is UNSUPPORTED for it, its server-tool
scenarios still run, and an adapter that does not say keeps today's behaviour (client tools graded).
"""

from __future__ import annotations

import pytest

from conformance.contract import Capabilities
from conformance.grading.gates import first_stop
from conformance.run_record import RunRecord
from mock_provider.scenario import Scenario
from tests.shared_corpus import builtin_corpus

CORPUS = {s.id: s for s in builtin_corpus()}
FEATURES = {"tools", "parallel_tools", "server_tools", "reasoning", "abort", "structured_output"}


def _record(scenario: Scenario, client_tools: bool) -> RunRecord:
    caps = Capabilities(name="agent", inputs=["v3"], output="ui-message-stream", features=FEATURES,  # type: ignore[arg-type]
                        client_tools=client_tools)
    return RunRecord(case_id=f"{scenario.id}[v3]", scenario_id=scenario.id, dialect="v3", adapter="agent",
                     outcome="completed", capabilities=caps)


@pytest.mark.parametrize(("scenario_id", "client"), [
    ("tool.basic.001", ["get_weather"]),          # a single client call
    ("loop.client-tool.001", ["show_map"]),       # the client call comes in turn 2, after a server round
    ("loop.server-tool.001", []),                 # server tools only
    ("text.basic.001", []),                       # no tool at all
])
def test_client_tool_calls_are_read_from_every_turn(scenario_id: str, client: list[str]) -> None:
    assert CORPUS[scenario_id].client_tool_calls() == client


def test_an_adapter_without_client_tools_is_unsupported_on_client_calls_only() -> None:
    stop = first_stop(_record(CORPUS["loop.client-tool.001"], client_tools=False), CORPUS["loop.client-tool.001"])
    assert stop is not None and stop.verdict == "UNSUPPORTED" and "show_map" in stop.reason
    server = CORPUS["loop.server-tool.001"]
    assert first_stop(_record(server, client_tools=False), server) is None


def test_client_tools_are_graded_by_default() -> None:
    assert Capabilities(name="a", inputs=["v3"], output="ag-ui").client_tools is True
    scenario = CORPUS["tool.basic.001"]
    assert first_stop(_record(scenario, client_tools=True), scenario) is None
