"""Rows ``bridge.*``: the AG-UI bridge profile's own conventions (seed 001), for adapters that declare it.

Example:
    >>> check.__name__
    'check'
"""

from __future__ import annotations

from conformance import bridge
from conformance.checks.context import GradeContext
from conformance.findings import Finding


def check(ctx: GradeContext) -> list[Finding]:
    """Tool result ids, the bridge's error code and its steps (nothing unless the profile is declared)."""
    if not ctx.bridge:
        return []
    return bridge.profile_findings(ctx.scenario, list(ctx.record.events), ctx.policies.abort)
