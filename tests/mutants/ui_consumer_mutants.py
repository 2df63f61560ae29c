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


_REASONING = frozenset({"reasoning-start", "reasoning-delta", "reasoning-end"})


async def reasoning_after_text(events: Stream, ctx: AdapterContext) -> Stream:
    """Every reasoning chunk is held back and sent, in its own order, just before the step ends, as a
    bridge that shows reasoning only once the model's response is done does (the real one sends it
    after ``finish-step``; inside the step, no other rule sees the move).

    The reasoning is still started, streamed and ended whole, and the text and the calls are where
    they were, so the transcript is the same; but ``readUIMessageStream`` appends a part where its
    first chunk arrives, so the thinking now shows below the answer.
    """
    held: list[dict[str, Any]] = []
    async for e in events:
        if e.get("type") in _REASONING:
            held.append(e)
            continue
        if e.get("type") in _STEP_ENDS:
            for h in held:
                yield h
            held = []
        yield e
    for h in held:  # a stream that ends with no terminal still sends its reasoning
        yield h


MUTANTS: list[Mutant] = [
    Mutant("ui.calls-after-text", "tool parts moved after the text the model wrote after them",
           map_events(ui_message_stream, calls_after_text), {"consumer.ui-message-stream"}, "ui-message-stream"),
    Mutant("ui.reasoning-after-text", "a step's reasoning moved after its text and tool parts",
           map_events(ui_message_stream, reasoning_after_text), {"consumer.ui-message-stream"}, "ui-message-stream"),
]
