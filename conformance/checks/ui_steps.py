"""Rows ``ui.step-pairing`` and ``ui.error-then-finish``: the UI message stream's step and error trailers
(SHOULDs).

* ``ui.step-pairing``: every ``finish-step`` ends a step a ``start-step`` opened. ``streamText`` sends
  them in pairs, one pair per model call (ai@6.0.326 dist/index.mjs:9261-9268), and the reader counts
  steps by the ``step-start`` part each ``start-step`` adds (:6559-6562): a ``finish-step`` with no
  step open ends a step the client never saw begin.
* ``ui.error-then-finish``: a stream with an ``error`` chunk still ends with ``finish``, as ``streamText``
  ends a model call whose stream carried an error part (``finish-step`` then ``finish{finishReason:
  'error'}``, ai@6.0.326 dist/index.mjs:8602-8606, 8770-8777). A producer that ends one failure that way and
  another (a request the upstream refused) with a bare ``error`` shows the client two shapes of one
  outcome. An ``abort`` ends a stream without ``finish`` and is not graded here.
A successful run's missing ``finish`` is its lifecycle table's ``clean_end`` row, ``ui.finish-sent``
(checks/lifecycle.py).

Both apply to the UI message stream only (the catalog says so for the other protocols).

Example:
    >>> ROWS
    ('ui.step-pairing', 'ui.error-then-finish')
    >>> [f.row for f in step_findings([{"type": "start"}, {"type": "finish-step"}, {"type": "finish"}])]
    ['ui.step-pairing']
    >>> [f.row for f in error_findings([{"type": "start"}, {"type": "error", "errorText": "x"}])]
    ['ui.error-then-finish']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding

ROWS = declare("ui.step-pairing", "ui.error-then-finish")


def _type(event: Any) -> str | None:
    return event.get("type") if isinstance(event, dict) else None


def step_findings(events: Sequence[Any]) -> list[Finding]:
    """The first ``finish-step`` that ends no open step (one finding: the rest follow from it)."""
    open_step = False
    for index, event in enumerate(events):
        kind = _type(event)
        if kind == "start-step":
            open_step = True
        elif kind == "finish-step":
            if not open_step:
                return [Finding(row="ui.step-pairing", event_index=index, source="lifecycle",
                                expected="start-step before it", actual="finish-step",
                                message="finish-step with no step open: no start-step began the step it ends")]
            open_step = False
    return []


def error_findings(events: Sequence[Any]) -> list[Finding]:
    """A finding when an ``error`` chunk is not followed by ``finish`` (nothing for an aborted stream)."""
    kinds = [_type(e) for e in events]
    if "error" not in kinds or "abort" in kinds:
        return []
    last_error = len(kinds) - 1 - kinds[::-1].index("error")
    if "finish" in kinds[last_error:]:
        return []
    return [Finding(row="ui.error-then-finish", event_index=last_error, source="lifecycle",
                    expected="finish after the error chunk", actual=kinds[-1],
                    message="the stream ends at an error chunk with no finish after it, where a failure inside "
                            "the model's stream ends with finish-step and finish{finishReason:'error'}")]


def check(ctx: GradeContext) -> list[Finding]:
    """The two rows' findings on a UI message stream (none on the other protocols)."""
    if not ctx.protocol.name.startswith("ui-message-stream"):
        return []
    events = list(ctx.events)
    # A caller's abort reported as one error chunk is POLICY abort 'run-error' (checks/abort.py grades it): the
    # stream then ends at the abort, not at a failure.
    # An HTTP error answer before the stream is no stream at all: the client reads the failed request.
    aborted = ctx.record.abort_event_index is not None or ctx.record.outcome == "http-error"
    return step_findings(events) + ([] if aborted else error_findings(events))
