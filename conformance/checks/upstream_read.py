"""Row ``upstream.read``: what the run shows came from its upstream.

An adapter whose events carry text, reasoning or a tool call while the case's upstream served
it no model call, or no script step, shows the user an answer the model never gave: it made it
up, or replayed it from somewhere else (the public corpus: a worker that knows the case can play
the reference adapter against its own copy of the script). The upstream received nothing of what
the caller asked. Likewise an error the run ends with where the scenario's first model call answers
with one (an HTTP status, an in-band error, a cut stream) while the upstream served no model call: that
error is the adapter's own, and nothing the scenario is about was tested (a PASS no adapter earned: an
adapter that fails every request before asking the model would pass every error case). Not graded when
the record does not count the upstream (``upstream_served`` None: a recording made without it, an
endpoint whose model calls the suite cannot attribute).

Example:
    >>> ROWS
    ('upstream.read',)
"""

from __future__ import annotations

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding
from mock_provider.scenario import Scenario

ROWS = declare("upstream.read")


def scripted_upstream_error(scenario: Scenario) -> bool:
    """Whether the scenario's first model call answers with an error: an HTTP status or another fault, an
    in-band ``error`` part, or a refused first attempt.

    >>> from mock_provider.scenario import load_corpus
    >>> corpus = {s.id: s for s in load_corpus()}
    >>> [scripted_upstream_error(corpus[i]) for i in ("http.401.001", "text.basic.001", "structured.one-of.001")]
    [True, False, False]
    """
    first = scenario.turn_scripts()[0]
    return bool(scenario.failed_attempts_of(1)) or any(
        step.fault is not None or (step.part is not None and step.part.type == "error") for step in first)


def check(ctx: GradeContext) -> list[Finding]:
    """One finding when the run showed content, or ended in a scripted upstream error, that the upstream
    never served."""
    served = ctx.record.upstream_served
    actual = ctx.actual
    if served is None or ctx.scenario.client.aborts:
        return []  # an aborted call's log entry can land after the case is graded (seen on @ag-ui/mastra)
    if not (actual.text or actual.reasoning or actual.tool_calls):
        return _unasked_error(ctx, served)
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


def _unasked_error(ctx: GradeContext, served: tuple[int, int]) -> list[Finding]:
    if served[0] or ctx.actual.terminal != "error" or not scripted_upstream_error(ctx.scenario):
        return []
    return [Finding(row="upstream.read", source="upstream",
                    message="the run ended in an error while its upstream served no model call: the scenario's "
                            "error comes from the model call, which the adapter never made, so the error is its "
                            "own and nothing this case is about was tested",
                    expected="the upstream's error, read from a model call", actual="upstream served no model call")]

