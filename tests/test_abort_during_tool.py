"""An abort while an agent loop's server tool runs (issue 16, ``client.abort_during_tool``).

The scenario's hook is validated with located errors; the held tool resolves only once the caller's
signal fired (in process, on a harness, at an endpoint); the runner aborts while the tool is pending on
every road; the reference stops its loop there; a record with a later model call fails
``loop.abort-stops`` and nothing else.
"""

from __future__ import annotations

import asyncio
import dataclasses
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from conformance import reference
from conformance.execution import build_request, completes_call, execute
from conformance.grading import grade
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.state import ToolCallState
from conformance.run_record import UpstreamCall
from conformance.runner import run_case
from conformance.server_tools import UNTIL_ABORT, tools_from_wire, wire_tools
from conformance.settings import Settings
from conformance.targets.isolated import isolated_target
from mock_provider.abort import AbortSignal
from mock_provider.scenario import ScenarioError, parse_scenario_text
from tests.shared_corpus import builtin_corpus

SID = "loop.abort-during-tool.001"
CORPUS = {s.id: s for s in builtin_corpus()}
SCENARIO = CORPUS[SID]
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "scenarios" / "loop" / f"{SID}.yaml"


# ---------------------------------------------------------------- the scenario hook
@pytest.mark.parametrize(("held", "says"), [
    ("call_nope", "'call_nope' is no tool-call of the script"),
])
def test_abort_during_tool_names_a_server_tool_call_of_the_scenario(held: str, says: str) -> None:
    text = FIXTURE.read_text(encoding="utf-8").replace("client: {abort_during_tool: call_w1}",
                                                       f"client: {{abort_during_tool: {held}}}")
    with pytest.raises(ScenarioError) as err:
        parse_scenario_text(text, "x.yaml")
    assert err.value.field == "client.abort_during_tool" and says in str(err.value)
    client_line = 1 + text.splitlines().index(f"client: {{abort_during_tool: {held}}}")
    assert str(err.value).startswith(f"x.yaml:{client_line}: client.abort_during_tool: ")


def test_abort_during_a_client_tool_call_is_refused() -> None:
    text = FIXTURE.read_text(encoding="utf-8").replace("      server: true\n", "")
    text = text.replace("tool_results:\n  - {tool_call_id: call_w1, result: {temp_c: 21, sky: sunny}}\n", "")
    with pytest.raises(ScenarioError) as err:
        parse_scenario_text(text, "x.yaml")
    assert err.value.field == "client.abort_during_tool"
    assert "calls 'get_weather', which is not a server tool" in str(err.value)


def _without_turns(text: str) -> str:
    head, _, rest = text.partition("turns:\n")
    return head + rest[rest.index("tool_results:"):]


@pytest.mark.parametrize(("edit", "says"), [
    # No later turn: no model call left for loop.abort-stops to grade.
    (_without_turns, "'call_w1' must be a call of turn 1, with a later turn"),
    # Arguments the loop cannot parse: no tool runs, so the abort never lands.
    (lambda t: t.replace("""input: '{"city":"Paris"}'""", """input: '{"city":'"""),
     "'call_w1' has arguments that are not JSON"),
])
def test_the_held_call_is_one_the_abort_can_land_in(edit: Any, says: str) -> None:
    text = edit(FIXTURE.read_text(encoding="utf-8"))
    with pytest.raises(ScenarioError) as err:
        parse_scenario_text(text, "x.yaml")
    assert err.value.field == "client.abort_during_tool" and says in str(err.value)


def test_the_caller_aborts_once() -> None:
    text = FIXTURE.read_text(encoding="utf-8").replace("client: {abort_during_tool: call_w1}",
                                                       "client: {abort_during_tool: call_w1, abort_after_step: 2}")
    with pytest.raises(ScenarioError, match="the caller aborts once"):
        parse_scenario_text(text, "x.yaml")


def test_the_scenario_needs_abort_and_server_tools() -> None:
    assert {"abort", "server_tools"} <= SCENARIO.features()
    assert SCENARIO.client.aborts and not CORPUS["loop.server-tool.001"].client.aborts


# ---------------------------------------------------------------- the held tool
def _run_held(execute_fn: Any, signal: AbortSignal) -> list[str]:
    """Awaits the held call's result; what happened, in order (the loop is stepped, no clock)."""
    seen: list[str] = []

    async def go() -> None:
        pending = asyncio.ensure_future(execute_fn("call_w1", {"city": "Paris"}))
        for _ in range(5):
            await asyncio.sleep(0)  # let anything that could resolve it run
        seen.append("done" if pending.done() else "pending")
        signal.abort("client abort")
        seen.append(repr(await pending))

    asyncio.run(go())
    return seen


def test_in_process_the_held_call_tells_the_runner_and_waits_for_the_abort() -> None:
    started: list[int] = []
    signal = AbortSignal()
    tool = build_request(SCENARIO, signal, lambda: started.append(1)).tools[0]
    assert tool["results"][0][UNTIL_ABORT] is True
    # The hook that aborts runs when execute is called; the result is an awaitable, not the value.
    assert _run_held(tool["execute"], signal) == ["pending", "{'temp_c': 21, 'sky': 'sunny'}"]
    assert started == [1]


def test_a_harness_holds_the_call_marked_until_abort() -> None:
    signal = AbortSignal()
    tool = tools_from_wire(wire_tools(build_request(SCENARIO, AbortSignal()).tools), signal)[0]
    assert _run_held(tool["execute"], signal) == ["pending", "{'temp_c': 21, 'sky': 'sunny'}"]


def test_other_calls_are_not_held() -> None:
    tool = build_request(CORPUS["loop.server-tool.001"], AbortSignal()).tools[0]
    assert UNTIL_ABORT not in tool["results"][0]
    assert tool["execute"]("call_w1", {}) == {"temp_c": 21, "sky": "sunny"}


def test_completes_call_reads_each_protocol_s_complete_call() -> None:
    assert completes_call({"type": "tool-input-available", "toolCallId": "c"}, "c")
    assert not completes_call({"type": "tool-input-start", "toolCallId": "c"}, "c")
    assert not completes_call({"type": "TOOL_CALL_END", "toolCallId": "d"}, "c")


# ---------------------------------------------------------------- the runs
@pytest.mark.parametrize("name", ["agui", "tanstack", "tanstack_legacy", "ui_message_stream"])
def test_in_process_the_abort_lands_while_the_tool_runs_and_the_loop_stops(name: str) -> None:
    rec = execute(getattr(reference, name), SCENARIO, "v3")
    calls = [c for c in rec.upstream if c.kind == "stream"]
    assert [c.turn for c in calls] == [1] and calls[0].end_after_abort is not None
    assert calls[0].end_after_abort < 0  # turn 1 had ended: the abort came while the tool ran
    assert rec.abort_event_index is not None and rec.abort_event_index > 0
    assert not any("RESULT" in str(e.get("type")).upper() or "output" in str(e.get("type"))
                   for e in rec.events), "the tool's result came after the abort: it must not be emitted"
    assert grade(rec, SCENARIO).verdict == "PASS"


class _ToolsInAThread(AguiReferenceAdapter):
    """Runs each server tool's execute in a worker thread (as sync tools often are): the runner's hook
    is then called off the case's loop."""

    def execute_server_call(self, call: ToolCallState) -> tuple[Any, bool]:
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(self.server_executor(call.name), call.id, call.input_value).result(), False


def test_a_tool_started_in_a_thread_still_aborts_on_the_case_s_loop() -> None:
    rec = execute(_ToolsInAThread, SCENARIO, "v3")
    assert [c.turn for c in rec.upstream if c.kind == "stream"] == [1] and rec.abort_event_index is not None
    assert grade(rec, SCENARIO).verdict == "PASS"


def test_over_http_in_process_the_loop_stops() -> None:
    result = run_case(reference.openai_http, SCENARIO, "openai-chat", Settings(timeout=20))
    assert result.verdict == "PASS", result.describe()


@pytest.mark.parametrize(("ref", "dialect"), [("agui", "v3"), ("openai_http", "openai-chat")])
def test_over_sac_harness_the_abort_reaches_the_harness_s_tool(ref: str, dialect: str) -> None:
    target = isolated_target(f"conformance.reference:{ref}", start_timeout=30)
    try:
        rec = execute(target, SCENARIO, dialect, Settings(timeout=20))
    finally:
        target.close()
    # The runner's execute never ran (the harness runs its own); the tool held its result until the abort
    # reached the harness, so no result was emitted and turn 2 was never asked for.
    assert rec.outcome == "completed" and rec.abort_event_index is not None
    assert [c.turn for c in rec.upstream if c.kind == "stream"] == [1]
    assert not any(e.get("type") == "TOOL_CALL_RESULT" for e in rec.events)
    assert grade(rec, SCENARIO).verdict == "PASS"


def test_a_model_call_after_the_abort_fails_only_loop_abort_stops() -> None:
    rec = execute(reference.agui, SCENARIO, "v3")
    late = UpstreamCall(kind="stream", request={}, turn=2, attempt=1, end_after_abort=0.001, steps_sent=6)
    looped = dataclasses.replace(rec, upstream=(*rec.upstream, late))
    result = grade(looped, SCENARIO)
    assert result.failed_rows() == {"loop.abort-stops"}, result.describe()
    assert "turn 2" in next(f.message for f in result.findings if f.row == "loop.abort-stops")


def test_a_scenario_that_aborts_after_a_step_is_not_graded_on_loop_abort_stops() -> None:
    rec = execute(reference.agui, CORPUS["abort.mid-tool.001"], "v3")
    result = grade(rec, CORPUS["abort.mid-tool.001"])
    assert result.verdict == "PASS" and "loop.abort-stops" not in {f.row for f in result.findings}
