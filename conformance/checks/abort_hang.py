"""Row 8.1.22: after the caller aborts, the adapter stops (it does not run into the case's timeout).

Example:
    >>> ROWS
    ('8.1.22',)
"""

from __future__ import annotations

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding

ROWS = declare("8.1.22")


def check(ctx: GradeContext) -> list[Finding]:
    """One finding when the run timed out after the caller's abort."""
    if not ctx.record.timed_out_after_abort:
        return []
    return [Finding(row="8.1.22", source="runner",
                    message=f"the adapter did not stop after the caller aborted: {ctx.record.timeout_text}")]
