"""Row ``upstream.read``: what the run shows came from its upstream.

An adapter whose events carry text, reasoning or a tool call while the case's upstream served
it no model call, or no script step, shows the user an answer the model never gave: it made it
up, or replayed it from somewhere else (the public corpus: a worker that knows the case can play
the reference adapter against its own copy of the script). The upstream received nothing of what
the caller asked. Not graded when the record does not count the upstream (``upstream_served``
None: a recording made without it, an endpoint whose model calls the suite cannot attribute).

Example:
    >>> ROWS
    ('upstream.read',)
"""

from __future__ import annotations

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding

ROWS = declare("upstream.read")


def check(ctx: GradeContext) -> list[Finding]:
    """One finding when the run showed content the upstream never served."""
    served = ctx.record.upstream_served
    actual = ctx.actual
    if served is None or not (actual.text or actual.reasoning or actual.tool_calls):
        return []
    if ctx.scenario.client.aborts:
        return []  # an aborted call's log entry can land after the case is graded (seen on @ag-ui/mastra)
    calls, steps = served
    if calls and steps:
        return []
    what = "no model call" if not calls else f"{calls} model call(s) and no script step"
    shown = [name for name, value in (("text", actual.text), ("reasoning", actual.reasoning),
                                      ("tool calls", actual.tool_calls)) if value]
    return [Finding(row="upstream.read", source="upstream",
                    message=f"the run showed {', '.join(shown)} while its upstream served {what}: the adapter "
                            "never read its upstream",
                    expected="content read from the upstream", actual=f"upstream served {what}")]
