"""Mutants of the per-protocol usage rules: TanStack's ``TokenUsage`` lets ``completionTokens`` leave out
reasoning reported apart (issue 15, conformance.protocols.usage_readings), so a count that is neither the
output with nor without the reasoning must still fail row 8.3.*; and TanStack's agent loop reports the last
model call's usage, not the sum (issue 16, ``OutputProtocol.loop_usage``)."""

from __future__ import annotations

from typing import Any

from conformance.contract import AdapterContext
from conformance.protocols.agui import dig
from conformance.reference import tanstack
from conformance.reference.loop import LoopMixin
from conformance.reference.tanstack import TanstackReferenceAdapter
from conformance.reference.values import TokenCounts
from tests.mutants.base import Mutant, map_events, per_event, subclass

Events = list[dict[str, Any]]


def tanstack_reasoning_twice(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """The reasoning tokens added to a completionTokens that already counts them (neither reading)."""
    usage = e.get("usage")
    reasoning = dig(usage, "completionTokensDetails", "reasoningTokens")
    if e.get("type") == "RUN_FINISHED" and isinstance(usage, dict) and isinstance(reasoning, int) and reasoning:
        e = {**e, "usage": {**usage, "completionTokens": usage.get("completionTokens", 0) + reasoning}}
    return [e]


MUTANTS: list[Mutant] = [
    Mutant("tanstack.reasoning-counted-twice", "completionTokens counts the reasoning tokens twice (neither "
           "the output with nor without them)", map_events(tanstack, per_event(tanstack_reasoning_twice)),
           {"8.3.v2", "8.3.v3", "8.3.mastra"}, "tanstack"),
]


class TanstackLoopUsageSummed(TanstackReferenceAdapter):
    """Issue 16: an agent loop's usage summed over the model calls (ai's ``totalUsage``) where TanStack's
    run reports the last call's own (conformance.protocols.tanstack ``loop_usage``)."""

    def final_usage(self) -> TokenCounts | None:
        return LoopMixin.final_usage(self)


MUTANTS.append(
    Mutant("tanstack.loop-usage-summed", "an agent loop's RUN_FINISHED usage summed over the model calls "
           "(ai's totalUsage), not the last call's as TanStack reports it", subclass(TanstackLoopUsageSummed),
           {"8.3.v2", "8.3.v3", "8.3.mastra"}, "tanstack", loops=True))
