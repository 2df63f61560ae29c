"""Mutants of the per-protocol usage readings (issue 15): TanStack's ``TokenUsage`` lets
``completionTokens`` leave out reasoning reported apart (conformance.protocols.usage_readings); a count
that is neither the output with nor without the reasoning must still fail row 8.3.*."""

from __future__ import annotations

from typing import Any

from conformance.contract import AdapterContext
from conformance.protocols.agui import dig
from conformance.reference import tanstack
from tests.mutants.base import Mutant, map_events, per_event

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
