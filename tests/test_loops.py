"""Agent loops, conformance side (issue 16): grading across turns, robustness grading of a run that
asked for a turn the scenario does not script, server tools in the adapter's context on every road,
and the reference adapters' loop over the loop.* scenarios, in process and over HTTP."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from conformance import reference
from conformance.contract import AdapterContext, RunRequest
from conformance.execution import build_request, execute
from conformance.grading import grade
from conformance.recording import dump, load_recording, record_of, recording_from_record
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.openai_http import OpenAIHttpReferenceAdapter
from conformance.run_record import RunRecord, UpstreamCall
from conformance.runner import run_case
from conformance.server_tools import ToolExecutionError, server_tools_prop, tools_from_wire, wire_tools
from conformance.settings import Settings
from conformance.targets.protocol import CaseMessage, PartsUpstream, RequestBody
from conformance.targets.url import run_agent_input
from mock_provider.abort import AbortSignal
from tests.shared_corpus import builtin_corpus

CORPUS = {s.id: s for s in builtin_corpus()}
LOOPS = sorted(i for i in CORPUS if i.startswith("loop."))
PART_DIALECTS = ("v2", "v3", "v4", "mastra")
REFERENCES = {"agui": reference.agui, "tanstack": reference.tanstack, "tanstack-legacy": reference.tanstack_legacy,
              "ui-message-stream": reference.ui_message_stream, "ui-message-stream@7": reference.ui_message_stream7}
# What the references may grade besides PASS: a case a dialect cannot express, and the INFO note on a
# message left open at RUN_ERROR (a disconnect mid-text, as fault.disconnect.001 in one turn).
ACCEPTED = {"PASS", "NOT-EXPRESSIBLE", "INFO"}


def test_the_corpus_has_fifteen_multi_turn_scenarios() -> None:
    multi = [i for i in LOOPS if CORPUS[i].turn_count() > 1]
    assert len(multi) >= 15, multi


# ---------------------------------------------------------------- the run record
def test_upstream_calls_carry_turn_attempt_and_past_last_turn_through_a_recording(tmp_path: Any) -> None:
    s = CORPUS["loop.retry-500.001"]
    rec = execute(reference.agui, s, "v3")
    assert [(c.turn, c.attempt, c.past_last_turn) for c in rec.upstream] == [(1, 1, False), (2, 1, False),
                                                                            (2, 2, False)]
    assert RunRecord.from_json(json.loads(json.dumps(rec.to_json()))) == rec
    path = tmp_path / "case.json"
    path.write_text(dump(recording_from_record(rec)), encoding="utf-8")
    assert record_of(load_recording(path)).upstream == rec.upstream


# ---------------------------------------------------------------- grading a run past the last turn
def _asked_past(rec: RunRecord, turn: int = 2) -> RunRecord:
    return dataclasses.replace(rec, upstream=(*rec.upstream, UpstreamCall(turn=turn, attempt=1, past_last_turn=True)))


def test_a_run_that_asked_past_the_last_turn_is_graded_on_robustness_rows_only() -> None:
    """A synthetic record: the reference's events for tool.basic.001 with the text of another answer
    (a content difference) and a request for turn 2 that the provider refused."""
    s = CORPUS["tool.basic.001"]
    live = execute(reference.agui, s, "v3")
    events = list(live.events)
    at = next(i for i, e in enumerate(events) if e["type"] == "TOOL_CALL_START")
    events[at:at] = [{"type": "TEXT_MESSAGE_START", "messageId": "m9", "role": "assistant"},
                     {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m9", "delta": "Unknown tool, trying again"},
                     {"type": "TEXT_MESSAGE_END", "messageId": "m9"}]
    edited = dataclasses.replace(live, events=tuple(events), positions=(), exhausted=(), positions_known=False)
    assert grade(edited, s).verdict == "FAIL"  # one model call's expectation: the text is a difference
    result = grade(_asked_past(edited), s)
    assert result.verdict == "INFO", result.describe()
    assert {f.level for f in result.findings} == {"MAY"}
    assert "turn 2" in result.reason and s.id in result.reason
    # A robustness row still fails: a second terminal after the first.
    twice = dataclasses.replace(edited, events=(*edited.events, edited.events[-1]))
    assert grade(_asked_past(twice), s).failed_rows() == {"8.1.18"}


def test_a_timeout_after_a_refused_turn_is_not_called_a_hang() -> None:
    s = CORPUS["tool.basic.001"]
    caps = reference.agui(AdapterContext(dialect="v3", model=None, scenario_id=s.id)).capabilities
    rec = RunRecord(case_id="c", scenario_id=s.id, dialect="v3", adapter="a", outcome="timed-out",
                    reason="no terminal within 5.0s (the adapter hung; 3 events so far)", capabilities=caps)
    assert "hung" in grade(rec, s).reason
    result = grade(_asked_past(rec, 3), s)
    assert result.verdict == "ERROR"
    assert "hung" not in result.reason and "turn 3" in result.reason and "refused" in result.reason


class _ReAsks(AguiReferenceAdapter):
    """An agent that answers every call itself (an unknown tool, unparsable arguments) and asks again,
    as agno's and llama-index's agents do: every call is run with a made-up answer."""

    def server_executor(self, name: str) -> Any:
        return lambda call_id, value: {"error": f"unknown tool {name}"}


def _re_asks(ctx: AdapterContext) -> _ReAsks:
    return _ReAsks(ctx)


@pytest.mark.parametrize("dialect", ["v3", "openai-chat"])
def test_an_agent_that_re_asks_gets_a_refusal_and_a_robustness_grade(dialect: str) -> None:
    """End to end: turn 2 of a one-turn scenario is refused (no replay), the run ends with an error,
    and the case is graded on robustness with the note; the same agent on a scripted turn 2 is not."""
    s = CORPUS["tool.dynamic.001"]
    if dialect == "openai-chat":
        factory: Any = lambda ctx: _HttpReAsks(ctx)  # noqa: E731
    else:
        factory = _re_asks
    rec = execute(factory, s, dialect, Settings(timeout=20))
    asked = [(c.turn, c.past_last_turn) for c in rec.upstream]
    assert asked == [(1, False), (2, True)], asked  # one refusal ends the loop: never a replay
    assert rec.events[-1]["type"] == "RUN_ERROR" and "turn 2" in rec.events[-1]["message"]
    result = grade(rec, s)
    assert result.verdict in ("PASS", "INFO"), result.describe()
    assert "turn 2" in result.reason


class _HttpReAsks(OpenAIHttpReferenceAdapter):
    def server_executor(self, name: str) -> Any:
        return lambda call_id, value: {"error": f"unknown tool {name}"}


# ---------------------------------------------------------------- server tools on every road
def test_server_tools_reach_the_adapter_with_execute_and_results() -> None:
    s = CORPUS["loop.tool-error.001"]
    request = build_request(s, AbortSignal())
    tool = request.tools[0]
    assert tool["server"] is True and tool["results"] == [{"tool_call_id": "call_e1", "error": "city not found"}]
    with pytest.raises(ToolExecutionError, match="city not found"):
        tool["execute"]("call_e1", {"city": "Atlantis"})
    # Client tools stay as they were: no execute, no results.
    client = build_request(CORPUS["tool.basic.001"], AbortSignal()).tools[0]
    assert client["server"] is False and "execute" not in client and "results" not in client


def test_the_harness_message_carries_results_not_execute() -> None:
    s = CORPUS["loop.server-tool.001"]
    request = build_request(s, AbortSignal())
    body = RequestBody(model=request.model, messages=request.messages, tools=wire_tools(request.tools),  # type: ignore[arg-type]
                       thread_id=request.thread_id, run_id=request.run_id)
    line = json.loads(CaseMessage(case="c", dialect="v3", request=body, upstream=PartsUpstream()).line())
    wire = line["request"]["tools"][0]
    assert wire["server"] is True and "execute" not in wire
    assert wire["results"] == [{"tool_call_id": "call_w1", "result": {"temp_c": 21, "sky": "sunny"}}]
    # The harness side builds the execute function again from the results.
    assert tools_from_wire(line["request"]["tools"])[0]["execute"]("call_w1", {}) == {"temp_c": 21, "sky": "sunny"}
    # Client tools on the wire as before (no results key).
    plain = RequestBody(model="m", messages=[], tools=wire_tools(build_request(  # type: ignore[arg-type]
        CORPUS["tool.basic.001"], AbortSignal()).tools), thread_id="t", run_id="r")
    assert "results" not in json.loads(plain.model_dump_json(exclude_none=True))["tools"][0]


def test_run_agent_input_forwards_server_tools() -> None:
    request = build_request(CORPUS["loop.parallel.001"], AbortSignal())
    body = run_agent_input(request, {"base_url": "http://x"})
    assert [t["name"] for t in body["tools"]] == ["get_weather"]
    assert body["forwardedProps"]["serverTools"] == server_tools_prop(request.tools)
    assert [r["tool_call_id"] for r in body["forwardedProps"]["serverTools"][0]["results"]] == ["call_p1", "call_p2"]
    plain = run_agent_input(build_request(CORPUS["tool.basic.001"], AbortSignal()), None)
    assert "serverTools" not in plain["forwardedProps"]


# ---------------------------------------------------------------- the reference loops
@pytest.mark.parametrize("scenario_id", LOOPS)
def test_loop_scenarios_pass_the_references_in_process(scenario_id: str) -> None:
    s = CORPUS[scenario_id]
    bad = []
    for name, factory in REFERENCES.items():
        for dialect in PART_DIALECTS:
            result = run_case(factory, s, dialect)
            if result.verdict not in ACCEPTED:
                bad.append(f"{name}: {result.describe()}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("scenario_id", LOOPS)
def test_loop_scenarios_pass_the_http_reference(scenario_id: str) -> None:
    result = run_case(reference.openai_http, CORPUS[scenario_id], "openai-chat", Settings(timeout=20))
    assert result.verdict in ACCEPTED, result.describe()


def test_the_reference_loop_is_one_run() -> None:
    """One RUN_STARTED, results after their END, one terminal; the second model call carries the first
    turn's assistant message and the tool result."""
    s = CORPUS["loop.three-turns.001"]
    rec = execute(reference.agui, s, "v3")
    kinds = [e["type"] for e in rec.events]
    assert kinds.count("RUN_STARTED") == 1 and kinds.count("RUN_FINISHED") == 1 and kinds[-1] == "RUN_FINISHED"
    for call in ("call_s1", "call_s2"):
        end = next(i for i, e in enumerate(rec.events) if e["type"] == "TOOL_CALL_END" and e["toolCallId"] == call)
        res = next(i for i, e in enumerate(rec.events) if e["type"] == "TOOL_CALL_RESULT" and e["toolCallId"] == call)
        assert end < res
    second = rec.upstream[1].request["prompt"]
    assert [m["role"] for m in second] == ["user", "assistant", "tool"]
    assert second[2]["content"][0]["toolCallId"] == "call_s1"


def test_single_turn_requests_are_unchanged() -> None:
    """A scenario without server tools gives the same request and tools as before the loop existed."""
    request = build_request(CORPUS["tool.basic.001"], AbortSignal())
    assert request.tools == [t.model_dump() for t in CORPUS["tool.basic.001"].request.tools]
    assert isinstance(request, RunRequest)


def test_a_later_turn_s_expect_request_is_checked_on_the_request_that_asked_for_it() -> None:
    s = CORPUS["loop.server-tool.001"]
    rec = execute(reference.agui, s, "v3")
    assert grade(rec, s).verdict == "PASS"
    # The same run, had the turn-2 request left out the tool's result: request.tool-history fails.
    dropped = tuple(dataclasses.replace(c, request={**c.request, "prompt": c.request["prompt"][:2]})
                    if c.turn == 2 else c for c in rec.upstream)
    assert grade(dataclasses.replace(rec, upstream=dropped), s).failed_rows() == {"request.tool-history"}
