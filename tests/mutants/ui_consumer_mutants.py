"""A mutant only ai's UI message reader sees: a valid lifecycle and the right transcript, the wrong chat UI."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from conformance.contract import AdapterContext
from conformance.reference import ui_message_stream
from tests.mutants.base import Mutant, map_events

Stream = AsyncIterator[dict[str, Any]]
# Where a step (or the run) ends: the held tool chunks are sent just before it.
_STEP_ENDS = frozenset({"finish-step", "finish", "error", "abort"})


async def _held_to_step_end(events: Stream, holds: Callable[[dict[str, Any]], bool]) -> Stream:
    """The chunks ``holds`` picks, held back and sent in their own order just before the step ends (or at
    the end of a stream with no step end); every other chunk where it was."""
    held: list[dict[str, Any]] = []
    async for e in events:
        if holds(e):
            held.append(e)
            continue
        if e.get("type") in _STEP_ENDS:
            for h in held:
                yield h
            held = []
        yield e
    for h in held:
        yield h


def calls_after_text(events: Stream, ctx: AdapterContext) -> Stream:
    """Every chunk of a tool call (its input, output, approval) held to the step's end.

    Each call is still started, streamed and completed, its output follows it, and the text still
    joins to the same transcript; but ``readUIMessageStream`` places a tool part where its first
    chunk arrives, so text the model wrote after a call now shows before it.
    """
    return _held_to_step_end(events, lambda e: "toolCallId" in e)


_REASONING = frozenset({"reasoning-start", "reasoning-delta", "reasoning-end"})


def reasoning_after_text(events: Stream, ctx: AdapterContext) -> Stream:
    """Every reasoning chunk held to the step's end, as a bridge that shows reasoning only once the
    model's response is done does (the real one sends it after ``finish-step``; inside the step, no
    other rule sees the move).

    The reasoning is still started, streamed and ended whole, and the text and the calls are where
    they were, so the transcript is the same; but ``readUIMessageStream`` appends a part where its
    first chunk arrives, so the thinking now shows below the answer.
    """
    return _held_to_step_end(events, lambda e: e.get("type") in _REASONING)


MUTANTS: list[Mutant] = [
    Mutant("ui.calls-after-text", "tool parts moved after the text the model wrote after them",
           map_events(ui_message_stream, calls_after_text), {"consumer.ui-message-stream"}, "ui-message-stream"),
    Mutant("ui.reasoning-after-text", "a step's reasoning moved after its text and tool parts",
           map_events(ui_message_stream, reasoning_after_text), {"consumer.ui-message-stream"}, "ui-message-stream"),
]
