"""Rows ``consumer.*``: what each output protocol's official consumer shows is what the scenario implies.

One view a consumer, each on its own row, each silent on an output protocol its consumer does not read:

* ``consumer.ui-messages``: the UI TanStack's ``StreamProcessor`` shows (AG-UI and TanStack's
  yield layer, :mod:`conformance.consumer_view`);
* ``consumer.ui-message-stream``: the UI ``ai``'s own ``readUIMessageStream`` shows (a UI message
  stream, :mod:`conformance.ui_message_view`);
* ``consumer.agui-messages``: the agent ``@ag-ui/client``'s ``runAgent`` leaves (AG-UI,
  :mod:`conformance.agui_client_view`).

The rows are *subordinate* in the catalog: the grader reports them only where every other MUST row
held (a transcript or lifecycle failure changes what a consumer shows too, and one defect is blamed
on one row).

Example:
    >>> [view.ROW for view in VIEWS]
    ['consumer.ui-messages', 'consumer.ui-message-stream', 'consumer.agui-messages']
"""

from __future__ import annotations

from conformance import agui_client_view, consumer_view, ui_message_view
from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.retrieval_sources import events_without

VIEWS = (consumer_view, ui_message_view, agui_client_view)  # in the order their findings are reported


def check(ctx: GradeContext) -> list[Finding]:
    """The differences between the expected and the shown UI, at most three a row."""
    if not ctx.fixed_picture:
        return []
    output, scenario, dialect, policies = ctx.capabilities.output, ctx.scenario, ctx.record.dialect, ctx.policies
    events = events_without(ctx.record.events, ctx.retrieval_calls)  # a retrieval shown as its call: a source
    return [*consumer_view.check(events, output, scenario, dialect, policies, ctx.capabilities.server),
            *ui_message_view.check(events, output, scenario, dialect, policies),
            *agui_client_view.check(events, output, scenario, dialect, policies,
                                    failed=ctx.record.outcome == "failed")]
