"""Mutants of the agent-loop rules (issue 16): each breaks one rule of a run that calls the model
more than once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext, RunRequest
from conformance.reference import agui
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.values import TokenCounts
from tests.mutants.base import Mutant, map_events, subclass

Events = list[dict[str, Any]]
_CALL_EVENTS = frozenset({"TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END"})


async def result_before_end(events: AsyncIterator[dict[str, Any]],
                            ctx: AdapterContext) -> AsyncIterator[dict[str, Any]]:
    """Each TOOL_CALL_RESULT comes before its call's TOOL_CALL_END (an executor that answers a call
    while its arguments are still open): ENDs are held back until a result for them arrives or some
    other event comes."""
    held: Events = []
    async for e in events:
        kind = e.get("type")
        if kind == "TOOL_CALL_END" or (held and kind in _CALL_EVENTS):
            held.append(e)
            continue
        if held and kind == "TOOL_CALL_RESULT":
            at = next((i for i, h in enumerate(held) if h.get("type") == "TOOL_CALL_END"
                       and h.get("toolCallId") == e.get("toolCallId")), None)
            if at is not None:
                held.insert(at, e)
                continue
        for h in held:
            yield h
        held = []
        yield e
    for h in held:
        yield h


class RunFinishedPerTurn(AguiReferenceAdapter):
    """TanStack AI ``chat()`` with server tools (issue 16): RUN_FINISHED after the model turn that called
    the tools, then the results and the next turn's events, then a second RUN_FINISHED whose runId was
    never started."""

    def end_turn(self, request: RunRequest) -> RunRequest:
        self.close_open()
        self.emit_run_finished("tool_calls", self.state.usage, [])
        return super().end_turn(request)

    def emit_run_finished(self, finish_reason: str | None, usage: TokenCounts | None,
                          interrupts: list[dict[str, Any]]) -> None:
        super().emit_run_finished(finish_reason, usage, interrupts)
        if self.state.turns > 0:
            self.state.outbox[-1] = {**self.state.outbox[-1], "runId": f"{self.state.request.run_id}-2"}


MUTANTS: list[Mutant] = [
    Mutant("agui.loop-result-before-end", "a server tool's TOOL_CALL_RESULT comes before its TOOL_CALL_END",
           # 8.1.22 on loop.abort-during-tool.001 only: the END it holds for a result that never comes (the
           # caller aborts while the tool runs) goes out after the abort, which no abort policy allows.
           map_events(agui, result_before_end), {"loop.tool-result", "8.1.22"}, "agui", loops=True),
    Mutant("agui.loop-run-finished-per-turn", "RUN_FINISHED after each model turn of the loop, the last one "
           "with a runId never started (TanStack AI chat() with server tools)",
           # 8.1.18 is the rule it breaks; a consumer stops at the first RUN_FINISHED (@ag-ui/client
           # verifyEvents rejects what follows), so the later turns' text, results, calls, approvals,
           # usage and finish reason never reach it: those rows fail too, on the loop scenarios only.
           subclass(RunFinishedPerTurn),
           {"8.1.18", "8.1.4", "8.1.7", "8.1.12", "8.1.14", "8.1.15", "8.1.21", "8.2.tool-calls",
            "8.3.v2", "8.3.v3", "8.3.mastra"}, "agui", loops=True),
]
