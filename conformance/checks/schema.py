"""Row ``schema.event``: every event is a JSON object of bounded size that the protocol's schema accepts.

Example:
    >>> ROWS
    ('schema.event',)
"""

from __future__ import annotations

import json
from typing import Any

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding

ROWS = declare("schema.event")
NOT_JSON = "event is not a JSON object (not a dict of JSON values; NaN and Infinity are not JSON)"

# The same event is validated many times over (every rewrite, mutant and regrade of a stream repeats most of its
# events), and a schema's errors are a function of the event's JSON text: they are kept per schema check and text,
# within a bound on the texts' total size, so the cache never outgrows a few megabytes.
_SEEN: dict[tuple[Any, str], tuple[str, ...]] = {}
_SEEN_LIMITS = {"text": 4096, "total": 16 << 20}
_seen_bytes = 0


def schema_errors(protocol: Any, event: Any) -> list[str]:
    """``protocol.schema_errors(event)``, remembered for an event whose JSON text is short.

    >>> from conformance.protocols import agui
    >>> schema_errors(agui, {"type": "RUN_STARTED", "threadId": "t"})
    ['runId: Field required (got <missing>)']
    """
    global _seen_bytes
    try:
        text = json.dumps(event, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return list(protocol.schema_errors(event))
    if len(text) > _SEEN_LIMITS["text"]:
        return list(protocol.schema_errors(event))
    key = (protocol.schema_errors, text)  # the function itself: a protocol built in a test has its own
    hit = _SEEN.get(key)
    if hit is None:
        if _seen_bytes + len(text) > _SEEN_LIMITS["total"]:
            _SEEN.clear()
            _seen_bytes = 0
        hit = _SEEN[key] = tuple(protocol.schema_errors(event))
        _seen_bytes += len(text)
    return list(hit)


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
                    for err in schema_errors(ctx.protocol, ev)]
    return out
