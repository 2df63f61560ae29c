"""Row ``request.modalities``: the TanStack input modalities the adapter declares for the scenario's model.

Example:
    >>> check.__name__
    'check'
"""

from __future__ import annotations

from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.modalities import recorded_findings


def check(ctx: GradeContext) -> list[Finding]:
    """The declaration against the modalities the scenario's model implies (when the scenario states them)."""
    if ctx.scenario.expected_modalities is None:
        return []
    return recorded_findings(ctx.scenario.expected_modalities, ctx.record.modalities)
