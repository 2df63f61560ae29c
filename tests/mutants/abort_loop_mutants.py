"""Mutants of an abort during an agent loop's tool (issue 16, loop.abort-during-tool.001)."""

from __future__ import annotations

from conformance.contract import RunRequest
from conformance.reference.agui import AguiReferenceAdapter
from tests.mutants.base import Mutant, subclass


class LoopsOnAfterAbort(AguiReferenceAdapter):
    """Notices the abort that came while its server tool ran (it emits what its abort policy says and
    nothing more), but its loop still asks the model for the next turn, then drops that answer unread:
    an abort checked only by the stream reader, not by the step loop."""

    def abort_in_tools(self, turn: RunRequest) -> list[RunRequest]:
        nxt = self.end_turn(turn)  # its results go to the outbox, which on_abort clears
        self.on_abort()
        return [nxt]


MUTANTS: list[Mutant] = [
    Mutant("agui.loop-on-after-abort", "asks the model for the next turn after the caller aborted while a "
           "server tool ran (its output still follows the abort policy)",
           subclass(LoopsOnAfterAbort), {"loop.abort-stops"}, "agui", loops=True),
]
