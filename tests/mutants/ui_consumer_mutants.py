"""A mutant only ai's UI message reader sees: a valid lifecycle and the right transcript, the wrong chat UI."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext
from conformance.reference import ui_message_stream
from tests.mutants.base import Mutant, map_events

Stream = AsyncIterator[dict[str, Any]]
# Where a step (or the run) ends: the held tool chunks are sent just before it.
_STEP_ENDS = frozenset({"finish-step", "finish", "error", "abort"})


async def calls_after_text(events: Stream, ctx: AdapterContext) -> Stream:
    """Every chunk of a tool call (its input, output, approval) is held back and sent, in its own
    order, just before the step ends.

    Each call is still started, streamed and completed, its output follows it, and the text still
    joins to the same transcript; but ``readUIMessageStream`` places a tool part where its first
    chunk arrives, so text the model wrote after a call now shows before it.
    """
    held: list[dict[str, Any]] = []
    async for e in events:
        if "toolCallId" in e:
            held.append(e)
            continue
        if e.get("type") in _STEP_ENDS:
            for h in held:
                yield h
            held = []
        yield e
    for h in held:  # a stream that ends with no step end still sends its calls
        yield h


MUTANTS: list[Mutant] = [
    Mutant("ui.calls-after-text", "tool parts moved after the text the model wrote after them",
           map_events(ui_message_stream, calls_after_text), {"consumer.ui-message-stream"}, "ui-message-stream"),
]
