"""Mutants of the protocol-dependent POLICY rows: each declares one value and behaves by another.

The grader's expectation follows the declaration (conformance/expectations.py), so an adapter
that says one thing and does the other fails exactly the POLICY's row.
"""

from __future__ import annotations

from conformance.contract import AdapterContext, Policies
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.ui_message_stream import UIMessageStreamReferenceAdapter
from tests.mutants.base import Mutant, subclass


class StopsDespiteDeclaringError(AguiReferenceAdapter):
    """Row 8.1.19: declares missing_finish 'error' (the references' default) yet finishes a truncated run."""

    def missing_finish_is_error(self) -> bool:
        return False


class ErrorsDespiteDeclaringStop(AguiReferenceAdapter):
    """Row 8.1.19: declares missing_finish 'stop' yet ends a truncated run with RUN_ERROR."""

    def __init__(self, ctx: AdapterContext | None = None) -> None:
        super().__init__(ctx, Policies(missing_finish="stop"))

    def missing_finish_is_error(self) -> bool:
        return True


class EngineRuleUnderProvider(UIMessageStreamReferenceAdapter):
    """8.2.tool-calls: the UI message stream's default is 'provider', yet it applies TanStack's engine
    rule ('tool-calls' iff a client call completed) instead of passing the provider's reason."""

    def final_finish_reason(self) -> str | None:
        if any(self.counts_as_completed(c) for c in self.state.calls.values()):
            return "tool_calls"
        return self.map_finish_reason(self.state.upstream_finish)


MUTANTS: list[Mutant] = [
    Mutant("agui.missing-finish-stops-despite-error", "declares missing_finish 'error' but finishes a truncated run",
           subclass(StopsDespiteDeclaringError), {"8.1.19"}, "agui"),
    Mutant("agui.missing-finish-errors-despite-stop", "declares missing_finish 'stop' but errors on a truncated run",
           subclass(ErrorsDespiteDeclaringStop), {"8.1.19"}, "agui"),
    Mutant("ui.engine-rule-under-provider", "finish reason by TanStack's engine rule under the 'provider' default",
           subclass(EngineRuleUnderProvider), {"8.2.tool-calls"}, "ui-message-stream"),
]
