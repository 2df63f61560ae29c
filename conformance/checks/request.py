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
    """The scenario's request checks against the first streaming call (none: nothing to check), and
    each later turn's ``expect_request`` against the first call that asked for that turn (an agent
    loop's follow-up request: it carries the previous turn and its tool results). A turn the adapter
    never asked for has no request to check (what its run lacks, the transcript rows say)."""
    if not ctx.record.upstream_known:
        return []
    out: list[Finding] = []
    # The caller's messages are found in order wherever the adapter put them; the system prompt is its POLICY.
    system, roles = ctx.policies.system_prompt, [str(m.role) for m in ctx.scenario.request.messages]
    server = ctx.record.capabilities.server if ctx.record.capabilities is not None else None
    if ctx.scenario.expected_request:
        first: Any = next((c.request for c in ctx.record.upstream if c.kind == "stream"), None)
        out += request_findings(ctx.scenario.expected_request, first, ctx.record.dialect, ctx.primary_row, system,
                                roles, server)
    for number, turn in enumerate(ctx.scenario.turns, start=2):
        asked = next((c for c in ctx.record.upstream if c.kind == "stream" and c.turn == number), None)
        if turn.expect_request and asked is not None:
            out += request_findings(turn.expect_request, asked.request, ctx.record.dialect, ctx.primary_row,
                                    system, roles, server)
    return out
