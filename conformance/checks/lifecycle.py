"""The output protocol's lifecycle table (rows 8.1.0, 8.1.5, 8.1.8, 8.1.12, 8.1.18, 8.4.2, ...).

The protocol's table says what is wrong with the stream; this check says whose fault a missing
terminal is: the upstream step the run stopped on (:attr:`GradeContext.cause`), or the scenario's
own row. Where the protocol's consumer reads a stream with no terminal as a finish and the run was
to finish, it is the row the table's ``clean_end`` names (the UI message stream's SHOULD
``ui.finish-sent``). Under a declared ``silent`` abort a
missing terminal is the policy, not a fault; under the bridge profile an open-at-error note is the
bridge's ``bridge.close-before-error`` failure.

Example:
    >>> ROWS
    ('bridge.close-before-error', 'info.open-at-error', 'ui.finish-sent')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from conformance import bridge
from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.protocols import names, protocol

_CLEAN_END_ROWS = tuple(dict.fromkeys(end[0] for name in names() if (end := protocol(name).clean_end)))
ROWS = declare(bridge.CLOSE_ROW, bridge.OPEN_AT_ERROR_NOTE, *_CLEAN_END_ROWS)
TERMINAL_MISSING = "lifecycle-terminal-missing"  # the source a protocol table gives a missing terminal


def check(ctx: GradeContext) -> list[Finding]:
    """The table's findings, each on the row it belongs to."""
    silent_abort = ctx.expected.terminal == "aborted" and ctx.policies.abort == "silent"
    # A run that was to finish, where nothing failed and the caller did not abort.
    finished = ctx.expected.terminal == "finished" and ctx.cause is None and ctx.record.abort_event_index is None
    clean_end = ctx.protocol.clean_end if finished else None
    out: list[Finding] = []
    # ctx.events: a run that failed through its declared channel (outcome 'failed') ends with the error
    # terminal that failure stands for, so what it left open is read as open at an error.
    for f in ctx.protocol.lifecycle(list(ctx.events)):
        if f.source == TERMINAL_MISSING:
            if silent_abort:
                continue
            if clean_end is not None:  # its consumer shows the run finished: the table's own row grades the habit
                f = _clean_end(f, clean_end, ctx.events)
            else:
                f = dataclasses.replace(f, row=ctx.cause or ctx.primary_row)  # the part the run stopped on is at fault
        if ctx.bridge and f.row == bridge.OPEN_AT_ERROR_NOTE:
            f = bridge.promote_open_at_error(f, ctx.events, ctx.policies.abort)
        out.append(f)
    return out



def _clean_end(f: Finding, clean_end: tuple[str, str], events: Sequence[Any]) -> Finding:
    """The missing terminal ``f`` on the table's ``clean_end`` row, at the stream's last event."""
    last = events[-1] if events else None
    return dataclasses.replace(f, row=clean_end[0], message=clean_end[1], source="lifecycle", expected="finish",
                               actual=str(last.get("type")) if isinstance(last, dict) else "no chunk",
                               event_index=len(events) - 1 if events else None)
