"""An AG-UI AbstractAgent fails a run by erroring its run() Observable (``failure_channel: observable``).

@ag-ui/client 1.0.0 does it itself: its HttpAgent's run() Observable errors on every non-abort failure
(src/run/http-request.ts:37-42), and AbstractAgent.runAgent reports that error to its subscribers'
``onRunFailed`` (src/agent/agent.ts:364-370, 649-656). An adapter that declares this channel is graded
as if its raise were a RUN_ERROR at that point: an error case PASSes, a run expected to succeed that
errored still FAILs (not ERROR), and an adapter that does not declare the channel keeps the old
grading (the raise FAILs the error case's row, ERRORs a success case).

A failed run may also close what it opened before its error terminal (pydantic-ai does, on purpose:
pydantic_ai/ui/_event_stream.py:160-168): a failed run hands no call to the client to run
(@ag-ui/client 1.0.0 src/apply/default.ts 1086-1103: pendingToolCallIds only at RUN_FINISHED), so a
call closed there is not an exposure (row 8.1.12); the same call closed in a run that finishes is.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from conformance.contract import AdapterContext, Capabilities, RunRequest
from conformance.reference import agui
from conformance.runner import Settings, run_case
from conformance.targets.cmd import CmdTarget
from mock_provider.scenario import Scenario

ERROR_CASES = ["error.code.001", "error.openai-midstream.001", "fault.disconnect.002", "http.500.001"]


class _AbstractAgentLike:
    """The AG-UI reference, failing its runs the way MastraAgent does: no RUN_ERROR, the stream raises.

    ``declare``: whether its capabilities say so; ``fail_success``: it also raises where it would have
    sent RUN_FINISHED (a run that should succeed, failed).
    """

    def __init__(self, ctx: AdapterContext, declare: bool, fail_success: bool = False) -> None:
        self.inner = agui(ctx)
        channel = "observable" if declare else "event"
        self.capabilities = self.inner.capabilities.model_copy(update={"failure_channel": channel})
        self.fail_success = fail_success

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        async for event in self.inner.stream(request):
            if event.get("type") == "RUN_ERROR":
                raise RuntimeError(str(event.get("message")))
            if event.get("type") == "RUN_FINISHED" and self.fail_success:
                raise RuntimeError("the agent failed")
            yield event


class _ClosesCutCalls:
    """The AG-UI reference, ending every call still open with TOOL_CALL_END right before its terminal."""

    def __init__(self, ctx: AdapterContext) -> None:
        self.inner = agui(ctx)
        self.capabilities = self.inner.capabilities

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        open_calls: list[str] = []
        async for event in self.inner.stream(request):
            kind = event.get("type")
            if kind == "TOOL_CALL_START":
                open_calls.append(event["toolCallId"])
            elif kind == "TOOL_CALL_END":
                open_calls.remove(event["toolCallId"])
            elif kind in ("RUN_FINISHED", "RUN_ERROR"):
                for call_id in open_calls:
                    yield {"type": "TOOL_CALL_END", "toolCallId": call_id}
                open_calls.clear()
            yield event


def _factory(declare: bool, fail_success: bool = False) -> Any:
    def factory(ctx: AdapterContext) -> _AbstractAgentLike:
        return _AbstractAgentLike(ctx, declare, fail_success)

    return factory


# For the Python harness (examples/harness_python.py MODULE:FACTORY): the declared AbstractAgent-like adapter.
observable_agent = _factory(True)
HARNESS = f"{sys.executable} {Path(__file__).resolve().parent.parent / 'examples' / 'harness_python.py'}"


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


@pytest.mark.parametrize("sid", ERROR_CASES)
def test_a_declared_observable_failure_is_the_runs_error_terminal(corpus: list[Scenario], sid: str) -> None:
    scenario = _scenario(corpus, sid)
    declared = run_case(_factory(True), scenario, "v3", Settings(timeout=5.0))
    undeclared = run_case(_factory(False), scenario, "v3", Settings(timeout=5.0))
    assert declared.actual is not None and declared.actual["terminal"] == "error"
    # What an Error object cannot carry (the reference's RUN_ERROR code and model, the closing of what
    # was open) is graded as for any RUN_ERROR without it: SHOULD or INFO, never the error case's row.
    assert declared.verdict in ("PASS", "PASS-NONSTRICT", "INFO"), [f.message for f in declared.findings]
    assert {f.row for f in declared.findings} <= {"hygiene.error-code", "8.1.2", "info.open-at-error"}
    # Without the declaration the raise is what it always was: the error case's own row FAILs.
    assert undeclared.verdict == "FAIL" and undeclared.failed_rows() == {scenario.rows[0]}


def test_a_run_expected_to_succeed_that_failed_still_fails(corpus: list[Scenario]) -> None:
    scenario = _scenario(corpus, "text.basic.001")
    declared = run_case(_factory(True, fail_success=True), scenario, "v3", Settings(timeout=5.0))
    undeclared = run_case(_factory(False, fail_success=True), scenario, "v3", Settings(timeout=5.0))
    assert declared.verdict == "FAIL", declared.reason
    assert any(f.field == "terminal" and f.actual == "error" for f in declared.findings)
    assert undeclared.verdict == "ERROR"  # an adapter that raises without the channel: as before


def test_only_ag_ui_has_the_channel() -> None:
    assert Capabilities(name="a", inputs=["v3"], output="ag-ui", failure_channel="observable")
    with pytest.raises(ValidationError, match="AbstractAgent"):
        Capabilities(name="a", inputs=["v3"], output="tanstack", failure_channel="observable")


def test_a_failed_run_may_close_the_call_it_cut_a_finished_one_may_not(corpus: list[Scenario]) -> None:
    cut = _scenario(corpus, "fault.disconnect.002")  # a call half streamed when the connection drops
    failed = run_case(_ClosesCutCalls, cut, "v3", Settings(timeout=5.0))
    assert [e["type"] for e in failed.events][-2:] == ["TOOL_CALL_END", "RUN_ERROR"]
    assert "8.1.12" not in {f.row for f in failed.findings} and failed.verdict != "FAIL", failed.describe()
    # The same half-streamed call, but the upstream then finishes normally: closing it exposes it.
    finish = _scenario(corpus, "text.basic.001").script[-1]
    finished = cut.model_copy(update={"script": [*cut.script[:-1], finish], "expected": cut.expected.model_copy(
        update={"terminal": "finished", "finish_reason": "stop"})})
    exposed = run_case(_ClosesCutCalls, finished, "v3", Settings(timeout=5.0))
    assert [e["type"] for e in exposed.events][-2:] == ["TOOL_CALL_END", "RUN_FINISHED"]
    assert "8.1.12" in exposed.failed_rows()


def test_the_harness_error_of_a_declared_channel_is_the_runs_failure(corpus: list[Scenario]) -> None:
    """Over sac-harness/1 the Observable's error is the harness's ``error`` line: graded as in process."""
    target = CmdTarget(f"{HARNESS} tests.test_failure_channel:observable_agent", start_timeout=20, case_timeout=10)
    try:
        for sid in ("error.code.001", "text.basic.001"):
            remote = run_case(target, _scenario(corpus, sid), "v3", Settings(timeout=10.0))
            local = run_case(observable_agent, _scenario(corpus, sid), "v3", Settings(timeout=5.0))
            assert (remote.verdict, sorted(remote.failed_rows())) == (local.verdict, sorted(local.failed_rows()))
            assert remote.verdict != "ERROR" and remote.actual is not None, remote.describe()
        assert target.starts == 1  # an adapter's failure is not a harness crash: the process was kept
    finally:
        target.close()
