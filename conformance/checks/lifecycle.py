"""The output protocol's lifecycle table (rows 8.1.0, 8.1.5, 8.1.8, 8.1.12, 8.1.18, 8.4.2, ...).

The protocol's table says what is wrong with the stream; this check says whose fault a missing
terminal is: the upstream step the run stopped on (:attr:`GradeContext.cause`), or the scenario's
own row. Where the protocol's consumer reads a stream with no terminal as a finish
(``OutputProtocol.clean_end_is_finish``) and the run was to finish, it is no fault: that protocol's
SHOULD row grades it (``ui.finish-sent``, checks/ui_steps.py). Under a declared ``silent`` abort a
missing terminal is the policy, not a fault; under the bridge profile an open-at-error note is the
bridge's ``bridge.close-before-error`` failure.

Example:
    >>> ROWS
    ('bridge.close-before-error', 'info.open-at-error')
"""

from __future__ import annotations

import dataclasses

from conformance import bridge
from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding

ROWS = declare(bridge.CLOSE_ROW, bridge.OPEN_AT_ERROR_NOTE)
TERMINAL_MISSING = "lifecycle-terminal-missing"  # the source a protocol table gives a missing terminal


def check(ctx: GradeContext) -> list[Finding]:
    """The table's findings, each on the row it belongs to."""
    silent_abort = ctx.expected.terminal == "aborted" and ctx.policies.abort == "silent"
    clean_finish = ctx.expected.terminal == "finished" and ctx.protocol.clean_end_is_finish and ctx.cause is None
    out: list[Finding] = []
    # ctx.events: a run that failed through its declared channel (outcome 'failed') ends with the error
    # terminal that failure stands for, so what it left open is read as open at an error.
    for f in ctx.protocol.lifecycle(list(ctx.events)):
        if f.source == TERMINAL_MISSING:
            if silent_abort:
                continue
            if clean_finish:
                continue  # its consumer shows the run finished: the protocol's own SHOULD row grades the habit
            f = dataclasses.replace(f, row=ctx.cause or ctx.primary_row)  # the part the run stopped on is at fault
        if ctx.bridge and f.row == bridge.OPEN_AT_ERROR_NOTE:
            f = bridge.promote_open_at_error(f, ctx.events, ctx.policies.abort)
        out.append(f)
    return out
