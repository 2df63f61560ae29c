"""Mutants for the checks that closed the suite's blind spots (issue 15): each breaks one rule that
no check looked at before."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext
from conformance.reference import agui, tanstack, ui_message_stream
from conformance.reference.core import ToolCallState
from conformance.reference.tanstack import TanstackReferenceAdapter
from tests.mutants.base import EventMap, Factory, Mutant, map_events, per_event, subclass

Events = list[dict[str, Any]]


class RawInputSubstituted(TanstackReferenceAdapter):
    """Row 8.1.13 broken under the declared 'raw' policy: the argument text streams verbatim, but the
    END carries ``input: {}``, which TanStack's engine runs the tool with instead of the raw text."""

    def end_input(self, call: ToolCallState) -> tuple[bool, Any]:
        return (True, call.input_value) if call.input_ok else (True, {})


@per_event
def end_input_not_streamed(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """The deltas are right, but ``TOOL_CALL_END.input`` (what the engine runs the tool with) is not."""
    if e.get("type") == "TOOL_CALL_END" and e.get("input") not in ({}, None):
        return [{**e, "input": {}}]
    return [e]


@per_event
def raw_input_lost(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """``tool-input-error.input`` (the part's rawInput for the client) is not the raw argument text."""
    if e.get("type") == "tool-input-error":
        return [{**e, "input": {}}]
    return [e]


def parts_late(parts: int) -> EventMap:
    """Events come out ``parts`` upstream reads late: those of part N only once part N+``parts`` was read,
    as behind ``pipeThrough`` into a TransformStream, whose writable side queues one chunk (highWaterMark
    1, whatwg/streams#808) so the pipe reads the next part before the last one's output is taken.
    When the read that aborts ends the adapter's stream, what it holds still comes out."""

    async def fn(events: AsyncIterator[dict[str, Any]], ctx: AdapterContext) -> AsyncIterator[dict[str, Any]]:
        progress = ctx.model
        held: list[tuple[int, dict[str, Any]]] = []
        async for event in events:
            read = progress.steps_emitted if progress is not None else 0
            held.append((read, event))
            # What came out before any part was read (RUN_STARTED from start()) is no part's output.
            for _at, ready in [h for h in held if h[0] == 0 or h[0] <= read - parts]:
                yield ready
            held = [h for h in held if not (h[0] == 0 or h[0] <= read - parts)]
        for _at, ready in held:
            yield ready

    return fn


def read_ahead(base: Factory, parts: int) -> Factory:
    """The reference adapter behind a pipeline that reads ``parts`` upstream parts ahead of its output."""
    return map_events(base, parts_late(parts))


MUTANTS: list[Mutant] = [
    Mutant("tanstack.raw-input-substituted", "declares 'raw' but ENDs a malformed call with input {}",
           subclass(RawInputSubstituted), {"8.1.13"}, "tanstack"),
    Mutant("tanstack.end-input-not-streamed", "TOOL_CALL_END.input differs from the streamed argument text",
           map_events(tanstack, end_input_not_streamed), {"8.1.12"}, "tanstack"),
    # Nothing runs a call a tool-input-error ended: losing its raw text is what the user cannot see, a SHOULD.
    Mutant("ui.raw-input-lost", "tool-input-error.input is not the raw argument text (policy 'raw')",
           map_events(ui_message_stream, raw_input_lost), set(), "ui-message-stream", should={"8.1.13"}),
    Mutant("agui.two-parts-after-abort", "reads two upstream parts ahead: two parts' events come after the abort",
           read_ahead(agui, 2), {"8.1.22"}, "agui"),
]
