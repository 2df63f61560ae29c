"""Row ``consumer.agui-messages``: what ``@ag-ui/client``'s runAgent leaves is what the scenario implies.

Subordinate in the catalog, like ``consumer.ui-messages``: reported only where every other MUST row
held (a transcript or lifecycle failure changes what the client holds too).

Example:
    >>> check.__name__
    'check'
"""

from __future__ import annotations

from conformance import agui_client_view
from conformance.checks.context import GradeContext
from conformance.findings import Finding


def check(ctx: GradeContext) -> list[Finding]:
    """The differences between the expected and the held agent (at most three)."""
    if not ctx.fixed_picture:
        return []
    return agui_client_view.check(list(ctx.record.events), ctx.capabilities.output, ctx.scenario,
                                  ctx.record.dialect, ctx.policies, failed=ctx.record.outcome == "failed")
