"""Row ``refusal.shown``: a refusal the model sent on the wire is shown to the consumer (a SHOULD).

Shown means the whole refusal text is in the assistant text or in the message of the run's error
terminal (:func:`conformance.refusal.shown`). The MUST rows grade the readings themselves
(:func:`conformance.refusal.reading`); this row grades only whether the user can see why there is no
answer: an empty successful answer, or an error that says something else, misses it.

Example:
    >>> ROWS
    ('refusal.shown',)
"""

from __future__ import annotations

from conformance import refusal
from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding

ROWS = declare("refusal.shown")


def check(ctx: GradeContext) -> list[Finding]:
    """One finding when the scenario's wire refusal does not reach the consumer (nothing for other cases)."""
    deltas = refusal.refusal_deltas(ctx.scenario, ctx.record.dialect)
    if not deltas or ctx.actual.terminal in ("aborted", "none"):
        return []
    if refusal.shown(ctx.actual, deltas):
        return []
    text = "".join(deltas)
    got = ctx.actual.error.message if ctx.actual.terminal == "error" and ctx.actual.error else ctx.actual.text
    where = "error message" if ctx.actual.terminal == "error" else "assistant text"
    return [Finding(row="refusal.shown", source="refusal", field="refusal", expected=text, actual=got,
                    message=f"the model's refusal is not shown: the {where} does not carry {text!r}")]
