"""Rows ``request.*`` and ``structured.*`` (request side): what the adapter sent upstream.

The scenario's ``expected_request`` checks read the first streaming upstream call: the call
options in process, the JSON body over HTTP (:mod:`conformance.request_checks`). A Responses request that names
an item an earlier call of the case was served by ``item_reference`` is read with that item in its place, as
OpenAI's server reads it (``UpstreamCall.served_items``).

Example:
    >>> check.__name__
    'check'
"""

from __future__ import annotations

from typing import Any

from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.request_checks import request_findings
from conformance.request_reading import served_by_id, with_references_read
from conformance.run_record import UpstreamCall
from mock_provider.parts import ToolCall
from mock_provider.scenario import RequestCheck, Scenario

HISTORY_ROW = "request.tool-history"


def earlier_rounds(scenario: Scenario, number: int) -> list[dict[str, Any]]:
    """The tool rounds the request for turn ``number`` must carry: each call of an earlier turn that has a result
    in the scenario's ``tool_results`` (a result, not a raised error, whose wording is the adapter's), then those
    results, as a ``conversation`` check states them.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "loop.text-between.001")
    >>> for entry in earlier_rounds(s, 2):
    ...     print(entry)
    {'call': {'id': 'call_t1', 'name': 'get_weather', 'args': '{"city":"Oslo"}'}}
    {'result': {'id': 'call_t1', 'value': {'temp_c': 3}}}
    """
    results = {r.tool_call_id: r.result for r in scenario.tool_results if r.error is None}
    scripts = [scenario.script, *(t.script for t in scenario.turns)][:number - 1]
    calls = [step.part for script in scripts for step in script
             if isinstance(step.part, ToolCall) and step.part.tool_call_id in results]
    return ([{"call": {"id": c.tool_call_id, "name": c.tool_name, "args": c.input}} for c in calls]
            + [{"result": {"id": c.tool_call_id, "value": results[c.tool_call_id]}} for c in calls])


def _derived(scenario: Scenario, number: int, stated: list[RequestCheck], dialect: str) -> list[RequestCheck]:
    """The tool-history check of turn ``number``'s request, unless the turn states its own for ``dialect`` (or the
    scenario breaks the contract on purpose, or the caller aborts)."""
    # A turn the caller aborted before is not owed at all (row loop.abort-stops fails the call itself).
    if scenario.contract is not None or scenario.client.aborts or any(
            c.applies_to(dialect) and c.row == HISTORY_ROW for c in stated):
        return []
    rounds = earlier_rounds(scenario, number)
    return [RequestCheck.model_validate({"path": "", "row": HISTORY_ROW, "conversation": rounds,
                                         "why": "each earlier turn's calls and their results"})] if rounds else []


def _as_read(call: UpstreamCall, upstream: tuple[UpstreamCall, ...]) -> Any:
    """``call``'s request as the model reads it: each ``item_reference`` (Responses) to an item an earlier call of
    the case was served read as that item (:func:`~conformance.request_reading.with_references_read`)."""
    earlier = upstream[:next(i for i, c in enumerate(upstream) if c is call)]
    return with_references_read(call.request, served_by_id(item for c in earlier for item in c.served_items))


def check(ctx: GradeContext) -> list[Finding]:
    """The scenario's request checks against the first streaming call (none: nothing to check), and
    each later turn's ``expect_request`` against the first call that asked for that turn (an agent
    loop's follow-up request: it carries the previous turn and its tool results), with the check that it carries
    every earlier tool round (:func:`earlier_rounds`) where the turn states none of its own. A turn the adapter
    never asked for has no request to check (what its run lacks, the transcript rows say)."""
    if not ctx.record.upstream_known:
        return []
    out: list[Finding] = []
    # The caller's messages are found in order wherever the adapter put them; the system prompt is its POLICY.
    system, roles = ctx.policies.system_prompt, [str(m.role) for m in ctx.scenario.request.messages]
    server = ctx.record.capabilities.server if ctx.record.capabilities is not None else None
    upstream = ctx.record.upstream
    if ctx.scenario.expected_request:
        first = next((c for c in upstream if c.kind == "stream"), None)
        out += request_findings(ctx.scenario.expected_request, None if first is None else _as_read(first, upstream),
                                ctx.record.dialect, ctx.primary_row, system, roles, server)
    for number, turn in enumerate(ctx.scenario.turns, start=2):
        asked = next((c for c in upstream if c.kind == "stream" and c.turn == number), None)
        checks = [*turn.expect_request, *_derived(ctx.scenario, number, turn.expect_request, ctx.record.dialect)]
        if checks and asked is not None:
            out += request_findings(checks, _as_read(asked, upstream), ctx.record.dialect, ctx.primary_row, system,
                                    roles, server)
    return out
