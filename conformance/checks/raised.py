"""Row 8.1.21 (via the scenario's primary row): adapters report upstream failures as events, they do not throw.

A run whose ``stream()`` raised is graded here only when the scenario expected an error event;
otherwise it never reached the checks (an ERROR, see :mod:`conformance.grading.gates`).

Example:
    >>> check.__name__
    'check'
"""

from __future__ import annotations

from conformance.checks.context import GradeContext
from conformance.findings import Finding


def check(ctx: GradeContext) -> list[Finding]:
    """One finding on the scenario's primary row when the adapter raised instead of emitting an error event."""
    if ctx.record.outcome != "raised":
        return []
    return [Finding(row=ctx.primary_row, source="runner",
                    message=f"the adapter raised instead of emitting an error event: {ctx.record.error_text}")]
