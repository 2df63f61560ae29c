"""Rows ``request.*`` and ``structured.*`` (request side): what the adapter sent upstream.

The scenario's ``expected_request`` checks read the first streaming upstream call: the call
options in process, the JSON body over HTTP (:mod:`conformance.request_checks`).

Example:
    >>> check.__name__
    'check'
"""

from __future__ import annotations

from typing import Any

from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.request_checks import request_findings


def check(ctx: GradeContext) -> list[Finding]:
    """The scenario's request checks against the first streaming call (none: nothing to check)."""
    if not ctx.scenario.expected_request or not ctx.record.upstream_known:
        return []
    first: Any = next((c.request for c in ctx.record.upstream if c.kind == "stream"), None)
    return request_findings(ctx.scenario.expected_request, first, ctx.record.dialect, ctx.primary_row)
