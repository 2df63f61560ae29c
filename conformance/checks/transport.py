"""Rows ``transport.*``: what a target reached over a transport saw on the wire (``--adapter-url``).

Example:
    >>> check.__doc__.split(":")[0]
    'The transport findings the target reported'
"""

from __future__ import annotations

from conformance.findings import Finding
from conformance.grading.context import GradeContext


def check(ctx: GradeContext) -> list[Finding]:
    """The transport findings the target reported: status, content type, framing, early close, close."""
    return list(ctx.record.transport_findings)
