"""Mutants of issue 16's retry rows: a refused model call retried past the declared bound, or at once."""

from __future__ import annotations

from conformance.contract import AdapterContext
from conformance.reference.agui import AguiReferenceAdapter
from tests.mutants.base import Mutant, subclass


class RetriesPastItsBound(AguiReferenceAdapter):
    """Declares ``max_retries: 1`` but retries as the reference does (twice): on a turn refused three
    times it makes three attempts where it promised two, then gives up with the same error."""

    def __init__(self, ctx: AdapterContext | None = None) -> None:
        super().__init__(ctx)
        self.capabilities = self.capabilities.model_copy(update={"max_retries": 1})


class RetriesAtOnce(AguiReferenceAdapter):
    """Retries a refused call as often as the reference, but at once: the Retry-After is read (it still
    decides whether to retry) and its wait dropped."""

    def retry_delay(self, exc: BaseException, attempt: int) -> float | None:
        delay = super().retry_delay(exc, attempt)
        return None if delay is None else 0.0


MUTANTS: list[Mutant] = [
    Mutant("agui.retry-past-bound", "retries a refused model call more times than its declared max_retries",
           subclass(RetriesPastItsBound), {"retry.bounded"}, "agui", loops=True),
    # A SHOULD miss: the retry still gets the answer, so no MUST row fails; PASS-NONSTRICT on retry.after.
    Mutant("agui.retry-ignores-after", "retries a refused model call at once, before its Retry-After",
           subclass(RetriesAtOnce), set(), "agui", loops=True, should={"retry.after"}),
]
