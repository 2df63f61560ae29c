"""Mutants of the AG-UI reference adapter for AG-UI 1.0's subagents, steps per lane and canary thinking events.

Each wraps the reference's events the way an adapter that delegates to a subagent (or one typed
against a canary ``@ag-ui/core``) gets them wrong, and must FAIL exactly the rows it breaks: where
``@ag-ui/client`` 1.0.0's verifyEvents throws at a rule the lifecycle table has a row for, that row;
where no other row speaks, ``consumer.agui-messages`` (the client's runAgent rejects the run).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext
from conformance.reference import agui
from tests.mutants.base import Mutant, map_events

Stream = AsyncIterator[dict[str, Any]]


async def subagent_id_reused(events: Stream, ctx: AdapterContext) -> Stream:
    """Each tool call runs in a subagent span, every span under one fixed ``subagentRunId``.

    With one call the stream is valid. A second call starts a span whose id already finished in this run:
    verifyEvents throws "subagent ... has already finished in this run. Subagent IDs are per-invocation".
    """
    async for e in events:
        if e.get("type") == "TOOL_CALL_START":
            yield {"type": "SUBAGENT_STARTED", "subagentRunId": "helper-run", "name": "helper"}
        yield e
        if e.get("type") == "TOOL_CALL_END":
            yield {"type": "SUBAGENT_FINISHED", "subagentRunId": "helper-run"}


async def _spanned(events: Stream, started: dict[str, Any], error: dict[str, Any]) -> Stream:
    """The run's body inside one subagent span: ``started`` after RUN_STARTED, SUBAGENT_FINISHED before
    RUN_FINISHED, ``error`` before RUN_ERROR (each only while the span is open)."""
    open_ = False
    async for e in events:
        kind = e.get("type")
        if open_ and kind in ("RUN_FINISHED", "RUN_ERROR"):
            yield {"type": "SUBAGENT_FINISHED", "subagentRunId": started["subagentRunId"]} \
                if kind == "RUN_FINISHED" else error
            open_ = False
        yield e
        if kind == "RUN_STARTED":
            yield started
            open_ = True


async def subagent_error_without_message(events: Stream, ctx: AdapterContext) -> Stream:
    """The body runs in a subagent span; a failing run ends it with SUBAGENT_ERROR and no ``message``.

    ``message`` is required (``@ag-ui/core`` 1.0.0 SubagentErrorEventSchema): enforceEvents throws a ZodError.
    """
    async for e in _spanned(events, {"type": "SUBAGENT_STARTED", "subagentRunId": "helper-run", "name": "helper"},
                            {"type": "SUBAGENT_ERROR", "subagentRunId": "helper-run"}):
        yield e


async def subagent_parent_never_started(events: Stream, ctx: AdapterContext) -> Stream:
    """The body runs in a nested subagent's span whose parent span was never sent.

    Every event is valid; verifyEvents throws "parentSubagentRunId 'planner-run' has not been started in this
    run" and runAgent rejects: the user sees a failed run, not the answer.
    """
    started = {"type": "SUBAGENT_STARTED", "subagentRunId": "helper-run", "name": "helper",
               "parentSubagentRunId": "planner-run"}
    async for e in _spanned(events, started, {"type": "SUBAGENT_ERROR", "subagentRunId": "helper-run",
                                              "message": "the run failed"}):
        yield e


async def step_finished_in_subagent_lane(events: Stream, ctx: AdapterContext) -> Stream:
    """Each tool call is a parent step ``tools`` wrapping a subagent; the step is finished under the tag of
    "whichever subagent is active", so the parent's step is never finished.

    verifyEvents throws "STEP_FINISHED for step 'tools' attributed to subagent ...: that step is open under
    the parent agent" (row 8.4.2: closed while not open in its lane), and the parent's step stays open at
    RUN_FINISHED (row 8.1.8).
    """
    count = 0
    async for e in events:
        if e.get("type") == "TOOL_CALL_START":
            count += 1
            yield {"type": "STEP_STARTED", "stepName": "tools"}
            yield {"type": "SUBAGENT_STARTED", "subagentRunId": f"helper-{count}", "name": "helper"}
        yield e
        if e.get("type") == "TOOL_CALL_END":
            yield {"type": "STEP_FINISHED", "stepName": "tools", "subagentRunId": f"helper-{count}"}
            yield {"type": "SUBAGENT_FINISHED", "subagentRunId": f"helper-{count}"}


async def subagent_call_in_parent_message(events: Stream, ctx: AdapterContext) -> Stream:
    """Each tool call runs in its own subagent span and carries that subagent's tag, while its
    ``parentMessageId`` still names the parent's text message.

    Where that message was streamed, verifyEvents throws "TOOL_CALL_START: subagentRunId ... does not match its
    parent message ... owner '(the parent agent)'. A tool call belongs to the message that carries it" and
    runAgent rejects the run; only @ag-ui/client refuses it (row consumer.agui-messages).
    """
    helpers: dict[Any, str] = {}  # call id -> its subagent (calls may interleave)
    async for e in events:
        kind, call = e.get("type"), e.get("toolCallId")
        if kind == "TOOL_CALL_START" and call not in helpers:
            helpers[call] = f"helper-{len(helpers) + 1}"
            yield {"type": "SUBAGENT_STARTED", "subagentRunId": helpers[call], "name": "helper"}
        if kind in ("TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END") and call in helpers:
            yield {**e, "subagentRunId": helpers[call]}
        else:
            yield e
        if kind == "TOOL_CALL_END" and call in helpers:
            yield {"type": "SUBAGENT_FINISHED", "subagentRunId": helpers[call]}


# REASONING_* -> the deprecated name @tanstack/ai 0.58.0's EventType (from @ag-ui/core 0.1.1-canary.beta.0) offers.
CANARY_THINKING = {"REASONING_START": "THINKING_START", "REASONING_MESSAGE_START": "THINKING_TEXT_MESSAGE_START",
                   "REASONING_MESSAGE_CONTENT": "THINKING_TEXT_MESSAGE_CONTENT",
                   "REASONING_MESSAGE_END": "THINKING_TEXT_MESSAGE_END", "REASONING_END": "THINKING_END"}


async def canary_thinking(events: Stream, ctx: AdapterContext) -> Stream:
    """Reasoning sent as the canary THINKING_* events (no ``messageId``, as their types have none).

    ``@ag-ui/core`` 1.0.0's EventSchema has no such type (schema.event). @ag-ui/client's CompatibilityBoundary
    translates them, so its UI still shows the reasoning; TanStack's StreamProcessor and a transcript read none
    (row 8.1.7).
    """
    async for e in events:
        name = CANARY_THINKING.get(str(e.get("type")))
        if name is None:
            yield e
            continue
        out = {k: v for k, v in e.items() if k not in ("messageId", "role")}
        yield {**out, "type": name}


MUTANTS: list[Mutant] = [
    Mutant("agui.subagent-id-reused", "every tool call's subagent span reuses one subagentRunId",
           map_events(agui, subagent_id_reused), {"8.4.2"}, "agui"),
    Mutant("agui.subagent-error-without-message", "SUBAGENT_ERROR sent without its required message",
           map_events(agui, subagent_error_without_message), {"schema.event"}, "agui"),
    Mutant("agui.subagent-parent-never-started", "a subagent span names a parent span never started",
           map_events(agui, subagent_parent_never_started), {"consumer.agui-messages"}, "agui"),
    Mutant("agui.subagent-call-in-parent-message", "a subagent's tool call filed under the parent's text message",
           map_events(agui, subagent_call_in_parent_message), {"consumer.agui-messages"}, "agui"),
    Mutant("agui.step-finished-in-subagent-lane", "the parent's step finished under the active subagent's tag",
           map_events(agui, step_finished_in_subagent_lane), {"8.4.2", "8.1.8"}, "agui"),
    Mutant("agui.canary-thinking", "reasoning sent as the canary THINKING_* events",
           map_events(agui, canary_thinking), {"schema.event", "8.1.7"}, "agui"),
]
