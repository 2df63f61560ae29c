"""Mutants of the UI message stream rules this kit added for ``ai`` 7 and for the provider's finish reason.

Each breaks one rule and must FAIL exactly its rows over the whole corpus (tests/test_mutants.py).
"""

from __future__ import annotations

from typing import Any

from conformance.contract import AdapterContext
from conformance.reference import ui_message_stream7
from conformance.reference.ui_message_stream import UIMessageStreamReferenceAdapter
from tests.mutants.base import Mutant, map_events, per_event, subclass

Events = list[dict[str, Any]]


@per_event
def reset_after_text_start(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """A ``reset-step`` (in a step of its own) right after each ``text-start``: ai 7's consumer forgets
    the open text part there, so the part's deltas and end name a part that is gone (8.4.2)."""
    if e.get("type") == "text-start":
        return [e, {"type": "start-step"}, {"type": "reset-step"}]
    return [e]


@per_event
def answer_an_unknown_approval(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """A ``tool-approval-response`` after each ``tool-approval-request``, naming an approval id no
    request carried: ai 7's reader finds no tool part for it and throws (8.4.2)."""
    if e.get("type") == "tool-approval-request":
        return [e, {"type": "tool-approval-response", "approvalId": f"{e['approvalId']}-unknown", "approved": True}]
    return [e]


class EngineFinishReason(UIMessageStreamReferenceAdapter):
    """TanStack's engine rule on the UI message stream: 'tool-calls' iff a client call completed,
    instead of the provider's reason that streamText passes on (8.2.tool-calls as the catalog
    applies it to ui-message-stream)."""

    def final_finish_reason(self) -> str | None:
        if any(self.counts_as_completed(c) for c in self.state.calls.values()):
            return "tool_calls"
        return self.map_finish_reason(self.state.upstream_finish)


MUTANTS: list[Mutant] = [
    Mutant("ui7.delta-after-reset", "text deltas continue a part a reset-step dropped (ai 7)",
           map_events(ui_message_stream7, reset_after_text_start), {"8.4.2"}, "ui-message-stream@7"),
    Mutant("ui7.unknown-approval-response", "an approval answered that the stream never asked for (ai 7)",
           map_events(ui_message_stream7, answer_an_unknown_approval), {"8.4.2"}, "ui-message-stream@7"),
    Mutant("ui.engine-finish-reason", "finish reason by TanStack's engine rule, not the provider's",
           subclass(EngineFinishReason), {"8.2.tool-calls"},
           "ui-message-stream"),
]
