"""Row ``consumer.ui-messages``: the UI TanStack's StreamProcessor shows is the one the scenario implies.

The row is *subordinate* in the catalog: the grader reports it only where every other MUST row
held (a transcript or lifecycle failure changes the UI too, and one defect is blamed on one row).

Example:
    >>> check.__name__
    'check'
"""

from __future__ import annotations

from conformance import consumer_view
from conformance.checks.context import GradeContext
from conformance.findings import Finding


def check(ctx: GradeContext) -> list[Finding]:
    """The differences between the expected and the shown UI (at most three)."""
    if not ctx.fixed_picture:
        return []
    return consumer_view.check(list(ctx.record.events), ctx.capabilities.output, ctx.scenario, ctx.record.dialect,
                               ctx.policies)
