"""Mutants of the UI message stream reference adapter: one lifecycle rule of that protocol each.

Each breaks a rule of ``conformance.protocols.ui_message_stream`` (its state-machine table) and
must FAIL exactly its rows over the whole corpus.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext
from conformance.reference import ui_message_stream
from tests.mutants.base import Mutant, map_events, per_event

Events = list[dict[str, Any]]
Stream = AsyncIterator[dict[str, Any]]


@per_event
def drop_start(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """No ``start`` chunk: the message begins with ``start-step``."""
    return [] if e.get("type") == "start" else [e]


@per_event
def drop_text_end(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """Text parts are never ended (``finish-step`` comes while they are open)."""
    return [] if e.get("type") == "text-end" else [e]


@per_event
def drop_reasoning_end(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """Reasoning parts are never ended."""
    return [] if e.get("type") == "reasoning-end" else [e]


async def delta_before_start(events: Stream, ctx: AdapterContext) -> Stream:
    """``text-start`` is sent after the part's first ``text-delta``."""
    held: dict[str, Any] | None = None
    async for e in events:
        if e.get("type") == "text-start":
            held = e
            continue
        yield e
        if held is not None and e.get("type") == "text-delta" and e.get("id") == held["id"]:
            yield held
            held = None


@per_event
def exposed_twice(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """Every complete tool call is sent twice (``tool-input-available`` repeated)."""
    return [e, dict(e)] if e.get("type") in ("tool-input-available", "tool-input-error") else [e]


async def output_before_call(events: Stream, ctx: AdapterContext) -> Stream:
    """A provider call's result is sent before the call itself (its chunks are held until then)."""
    held: dict[str, Events] = {}
    async for e in events:
        call_id = e.get("toolCallId")
        if e.get("type") == "tool-input-start" and e.get("providerExecuted"):
            held[str(call_id)] = [e]
            continue
        if call_id in held and e.get("type") in ("tool-input-delta", "tool-input-available", "tool-input-error"):
            held[str(call_id)].append(e)
            continue
        if call_id in held and e.get("type") in ("tool-output-available", "tool-output-error"):
            yield e
            for h in held.pop(str(call_id)):
                yield h
            continue
        if e.get("type") in ("finish-step", "error", "abort", "tool-approval-request", "text-start",
                             "reasoning-start"):
            # A call with no result yet (a denied one never gets one): sent as it was, before what follows.
            for call in list(held):
                for h in held.pop(call):
                    yield h
        yield e


async def start_after_error(events: Stream, ctx: AdapterContext) -> Stream:
    """A second message after the ``error`` chunk: a new ``start`` (and step) where streamText only
    forwards the rest of the same message (8.1.0, as a second start while running)."""
    async for e in events:
        yield e
        if e.get("type") == "error":
            yield {"type": "start", "messageId": "retry"}
            yield {"type": "start-step"}


@per_event
def input_not_the_streamed_one(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """The argument text streams right, but ``tool-input-available.input`` (what the client runs the
    tool with) is not what it says: an empty object where the deltas carried arguments."""
    if e.get("type") == "tool-input-available" and e.get("input") not in ({}, None):
        return [{**e, "input": {}}]
    return [e]


MUTANTS: list[Mutant] = [
    # 8.1.0 is SHOULD for the UI message stream: ai's reader does not need a start chunk (catalog).
    Mutant("ui.no-start", "no start chunk", map_events(ui_message_stream, drop_start), set(),
           "ui-message-stream", should={"8.1.0"}),
    Mutant("ui.text-left-open", "text parts never ended (open at finish-step)",
           map_events(ui_message_stream, drop_text_end), {"8.1.5"}, "ui-message-stream"),
    Mutant("ui.reasoning-left-open", "reasoning parts never ended (open at finish-step)",
           map_events(ui_message_stream, drop_reasoning_end), {"8.1.8"}, "ui-message-stream"),
    Mutant("ui.delta-before-start", "text-delta before its text-start",
           map_events(ui_message_stream, delta_before_start), {"8.4.2"}, "ui-message-stream"),
    Mutant("ui.exposed-twice", "tool-input-available sent twice for one call",
           map_events(ui_message_stream, exposed_twice), {"8.1.12"}, "ui-message-stream"),
    Mutant("ui.output-before-call", "a tool output names a call not yet started",
           map_events(ui_message_stream, output_before_call), {"8.4.2"}, "ui-message-stream"),
    Mutant("ui.input-not-streamed", "tool-input-available.input differs from the streamed argument text",
           # robust.invented-input on the contract-breaking cases: the input it hands over is not the model's.
           map_events(ui_message_stream, input_not_the_streamed_one), {"8.1.12", "robust.invented-input"},
           "ui-message-stream"),
    # (Formerly "ui.finish-after-error" on 8.1.18/8.1.20: finish-step + finish after the error is
    # streamText's own shape, which readUIMessageStream reads on; the reference adapter now sends it.)
    # 8.1.0 is a SHOULD for this protocol (ai's reader accepts start anywhere; its producer sends it first).
    Mutant("ui.start-after-error", "a second start chunk after the error chunk",
           map_events(ui_message_stream, start_after_error), set(), "ui-message-stream", should={"8.1.0"}),
]
