"""Mutants only a consumer sees: a valid AG-UI lifecycle and the right transcript, the wrong chat UI."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext
from conformance.reference import agui
from tests.mutants.base import Mutant, map_events

Stream = AsyncIterator[dict[str, Any]]


async def calls_after_text(events: Stream, ctx: AdapterContext) -> Stream:
    """Tool-call events are held back and sent, in their own order, just before the terminal.

    Every call is still complete, in first-appearance order, with its arguments; but text the
    model wrote after a call now comes before it. TanStack's processor files a call under its
    ``parentMessageId``, so where that message already holds the text (a call the model made
    before writing, a provider-executed call and its result) the UI shows the text first, the
    call after it, and a result that came before its call is lost. Held calls are never sent
    when no terminal comes (a silent abort): nothing is emitted after the abort.
    """
    held: list[dict[str, Any]] = []
    async for e in events:
        if e.get("type") in ("TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END"):
            held.append(e)
            continue
        if e.get("type") in ("RUN_FINISHED", "RUN_ERROR"):
            for h in held:
                yield h
            held = []
        yield e


MUTANTS: list[Mutant] = [
    Mutant("consumer.calls-after-text", "tool calls moved after the text the model wrote after them",
           map_events(agui, calls_after_text), {"consumer.ui-messages"}, "agui"),
]
