"""Row ``consumer.ui-message-stream``: the UI ai's own reader shows is the one the scenario implies.

The row is *subordinate* in the catalog, as ``consumer.ui-messages`` is for TanStack: the grader
reports it only where every other MUST row held (one defect is blamed on one row).

Example:
    >>> check.__name__
    'check'
"""

from __future__ import annotations

from conformance import ui_message_view
from conformance.checks.context import GradeContext
from conformance.findings import Finding


def check(ctx: GradeContext) -> list[Finding]:
    """The differences between the expected and the shown UI (at most three)."""
    if not ctx.fixed_picture:
        return []
    return ui_message_view.check(list(ctx.record.events), ctx.capabilities.output, ctx.scenario, ctx.record.dialect,
                                 ctx.policies)
