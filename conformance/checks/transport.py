"""Rows ``transport.*``: what a target reached over a transport saw on the wire (``--adapter-url``).

Example:
    >>> check.__doc__.split(":")[0]
    'The transport findings the target reported'
"""

from __future__ import annotations

from conformance.checks.context import GradeContext
from conformance.findings import Finding


def check(ctx: GradeContext) -> list[Finding]:
    """The transport findings the target reported: status, content type, framing, early close, close."""
    return list(ctx.record.transport_findings)
