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


async def message_per_line(events: Stream, ctx: AdapterContext) -> Stream:
    """Each line of text becomes its own message: after a delta that ends a line, the message is
    ended and the rest of the block comes in a new one (``<id>/<n>``).

    A transcript still joins to the same text, and the UI shows consecutive text messages as one
    text (the processor concatenates them). But a turn of only whitespace text now ends in a
    message that is whitespace-only while an earlier one is too; TanStack's processor removes only
    the last message, so the earlier blank line stays on screen as an empty-looking bubble.
    """
    current: dict[str, str] = {}  # block message id -> the id its text now goes to
    ended: set[str] = set()  # blocks whose current message was ended at a line end
    count = 0
    async for e in events:
        kind, mid = e.get("type"), e.get("messageId")
        if kind not in ("TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END") or not isinstance(mid, str):
            yield e
            continue
        if kind == "TEXT_MESSAGE_END":
            if mid not in ended:
                yield {**e, "messageId": current.get(mid, mid)}
            ended.discard(mid)
            continue
        if mid in ended:  # more text after a line end: a new message (opened only now, never empty)
            ended.discard(mid)
            count += 1
            current[mid] = f"{mid}/{count}"
            yield {"type": "TEXT_MESSAGE_START", "messageId": current[mid], "role": "assistant"}
        yield {**e, "messageId": current.get(mid, mid)}
        if str(e.get("delta", "")).endswith("\n"):
            yield {"type": "TEXT_MESSAGE_END", "messageId": current.get(mid, mid)}
            ended.add(mid)


async def activity_under_message_id(events: Stream, ctx: AdapterContext) -> Stream:
    """Before each text message, a status activity (``ACTIVITY_SNAPSHOT``) under the id the text is about to use.

    Every event is valid and the text events are unchanged, so a transcript and TanStack's processor
    (which ignores activity events) still read the reply. ``@ag-ui/client`` keeps one message per id:
    the id now holds an activity message, so it drops that text message's START and CONTENT
    (src/apply/default.ts:236-246, 287-295: "message ids must be unique across activity and text
    messages") and the user sees a status card where the reply should be.
    """
    async for e in events:
        if e.get("type") == "TEXT_MESSAGE_START":
            yield {"type": "ACTIVITY_SNAPSHOT", "messageId": e.get("messageId"), "activityType": "status",
                   "content": {"status": "writing"}}
        yield e


MUTANTS: list[Mutant] = [
    Mutant("consumer.calls-after-text", "tool calls moved after the text the model wrote after them",
           map_events(agui, calls_after_text), {"consumer.ui-messages"}, "agui"),
    Mutant("consumer.message-per-line", "a message per line: a whitespace-only turn is not removed as a whole",
           map_events(agui, message_per_line), {"consumer.ui-messages"}, "agui"),
    Mutant("consumer.activity-under-message-id", "a status activity under the reply's message id: @ag-ui/client drops "
           "the text", map_events(agui, activity_under_message_id), {"consumer.agui-messages"}, "agui"),
]
