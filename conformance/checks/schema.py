"""Row ``schema.event``: every event is a JSON object of bounded size that the protocol's schema accepts.

Example:
    >>> ROWS
    ('schema.event',)
"""

from __future__ import annotations

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding

ROWS = declare("schema.event")
NOT_JSON = "event is not a JSON object (not a dict of JSON values; NaN and Infinity are not JSON)"


def check(ctx: GradeContext) -> list[Finding]:
    """Events that are not JSON objects, oversize ones, then each event's schema errors, in event order."""
    rec = ctx.record
    out = [Finding(row="schema.event", event_index=i, source="schema", message=NOT_JSON) for i in rec.not_json]
    out += [Finding(row="schema.event", event_index=i, source="schema",
                    message="event exceeds the size limit (dropped from the transcript)") for i in rec.oversize]
    bad = set(rec.not_json) | set(rec.oversize)
    for i, ev in enumerate(rec.events):
        if i not in bad:
            out += [Finding(row="schema.event", event_index=i, source="schema", message=err)
                    for err in ctx.protocol.schema_errors(ev)]
    return out
