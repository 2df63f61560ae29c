"""Rows 8.1.22 and ``request.abort``: the caller's abort reaches the upstream, in time, and ends the run.

* ``request.abort``: every upstream request ended within the bound (``--conformance-abort-bound``)
  of the caller's abort, and the upstream sent at most one step in flight after it;
* 8.1.22: the upstream request was aborted, and after the abort the adapter emitted only what its
  declared abort policy allows (nothing; the one ``RUN_ERROR``; or the END events that close what
  is open and one ``RUN_FINISHED`` / UI message stream ``abort``), plus the events of the one
  upstream part it had already read (a pipeline reads one ahead) and no more. An adapter that
  emitted nothing before the abort is said to have buffered (no single event is to blame).
* ``loop.abort-stops``: an abort while a server tool runs (``client.abort_during_tool``) ends the
  agent loop: the request log holds no model call of a later turn. There no upstream request is
  open when the caller aborts (turn 1 has ended), so 8.1.22 reads only what was emitted after it.

Example:
    >>> ROWS
    ('8.1.22', 'request.abort', 'loop.abort-stops')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.protocols.base import DEFAULT_ABORT

ROWS = declare("8.1.22", "request.abort", "loop.abort-stops")

# Steps the upstream may still send after the caller's abort (one read may be in flight).
ABORT_STEP_BOUND = 1


def check(ctx: GradeContext) -> list[Finding]:
    """The abort findings of an abort scenario (none for other scenarios or a record without upstream facts)."""
    client = ctx.scenario.client
    if not client.aborts:
        return []
    out: list[Finding] = []
    if ctx.record.upstream_known:
        out += _time_findings(ctx)
        out += _upstream_findings(ctx) if client.abort_after_step is not None else _later_turn_findings(ctx)
    out += _after_abort_findings(ctx)
    return out


def _later_turn_findings(ctx: GradeContext) -> list[Finding]:
    """loop.abort-stops: the caller aborted during a tool of turn 1; a model call of a later turn is one
    made after the abort (the tool held its result until then)."""
    later = [c for c in ctx.record.upstream if c.kind == "stream" and (c.past_last_turn or (c.turn or 1) > 1)]
    if not later:
        return []
    turn = later[0].turn
    return [Finding(row="loop.abort-stops", source="runner", expected="no model call after the abort",
                    actual=f"{len(later)} call(s)",
                    message=f"the adapter called the model again (turn {turn if turn is not None else '?'}) after "
                            f"the caller aborted while the tool {ctx.scenario.client.abort_during_tool!r} ran: "
                            "an abort ends the agent loop")]


def _time_findings(ctx: GradeContext) -> list[Finding]:
    """request.abort: every upstream request ended within the bound of the caller's abort."""
    bound, rec = ctx.settings.abort_bound, ctx.record
    for call in rec.upstream:
        if call.kind != "stream":
            continue
        d = call.end_after_abort
        if d is None and rec.upstream_watched >= bound:
            measured = f"was still open {rec.upstream_watched:.3f}s after the caller aborted"
        elif d is not None and d > bound:
            measured = f"ended {d:.3f}s after the caller aborted"
        else:
            continue
        # One finding per case: the first request that outlived the bound.
        return [Finding(row="request.abort", source="runner", expected=f"<= {bound:g}s",
                        actual=f"{d:.3f}s" if d is not None else "open",
                        message=f"the upstream request {measured} (bound {bound:g}s, "
                                "--conformance-abort-bound): close the upstream stream when the caller aborts")]
    return []


def _upstream_findings(ctx: GradeContext) -> list[Finding]:
    rec, point = ctx.record, ctx.scenario.client.abort_after_step
    assert point is not None
    calls = [c for c in rec.upstream if c.kind == "stream"]
    out: list[Finding] = []
    if calls and not any(c.aborted or c.client_left_early for c in calls):
        out.append(Finding(row="8.1.22", source="runner",
                           message="the upstream request was not aborted (request log: aborted=False); "
                                   "pass the caller's abort signal to the upstream"))
    # request.abort: at most one step in flight after the abort point (and ended in time, above).
    for c in calls:
        sent = c.steps_sent
        free = len([i for i in rec.silent_steps if point <= i < (sent or 0)])
        if sent is not None and sent > point + ABORT_STEP_BOUND + free:
            out.append(Finding(row="request.abort", source="runner", expected=point, actual=sent,
                               message=f"the upstream sent {sent} steps although the caller aborted after "
                                       f"{point} (at most {ABORT_STEP_BOUND} more "
                                       "allowed): cancel the upstream request when the caller aborts"))
    return out


def _after_abort_findings(ctx: GradeContext) -> list[Finding]:
    rec = ctx.record
    if rec.abort_event_index is None:
        return []
    policy, words = ctx.policies.abort, ctx.protocol.abort
    allowed = words.allowed[policy]
    after = rec.events[rec.abort_event_index:]
    extra = [i for i, e in enumerate(after, start=rec.abort_event_index)
             if not (isinstance(e, dict) and e.get("type") in allowed)
             and not (words.inert is not None and words.inert(e))]
    types = [e.get("type") for e in after if isinstance(e, dict)]
    terminals = [t for t in types if t in words.terminals]
    # A terminal the consumer reads past (a UI message stream finish after the abort) is the lifecycle's.
    ends = terminals[:1] + [t for t in terminals[1:] if t not in words.trailing]
    # An abort during a tool comes between two model calls: no upstream part is in flight then.
    beyond = _beyond_one_part(extra, rec.events, ctx.protocol.content_types, ctx.scenario.client.abort_after_step or 0,
                              words.terminals)
    if beyond is None and len(ends) <= 1:
        return []
    if beyond is not None and rec.abort_event_index == 0 and ctx.scenario.client.abort_after_step:
        # Nothing came out while the upstream streamed: no single event "differs" (the first one, a
        # RUN_STARTED, would be a false lead); the whole stream is late.
        message = (f"the adapter buffered: it emitted nothing while the upstream sent "
                   f"{ctx.scenario.client.abort_after_step} part(s), then {len(after)} event(s) after the "
                   f"caller aborted; policy {policy!r} ({words.said[policy]}) allows only "
                   f"{sorted(allowed) or 'none'} and one already-read part's worth")
        return [Finding(row="8.1.22", event_index=None, source="runner", message=message)]
    return [Finding(row="8.1.22", event_index=beyond, source="runner",
                    message=f"{len(after)} event(s) emitted after the caller aborted; policy "
                            f"{policy!r} ({words.said[policy]}) allows only {sorted(allowed) or 'none'} and one "
                            "already-read part's worth")]


def _beyond_one_part(extra: Sequence[int], events: Sequence[Any], content_types: frozenset[str] | None,
                     parts_read: int | None, terminals: frozenset[str] = DEFAULT_ABORT.terminals) -> int | None:
    """The first event after the abort that is more than one already-read upstream part's worth, if any.

    A pipeline reads one part ahead (a TransformStream's writable side queues one chunk: highWaterMark 1,
    the readable side 0, whatwg/streams#808), so the part it had read when the caller aborted may still
    come out: at most one event carrying content (a text, reasoning or argument delta, a result, or a
    terminal the policy does not allow: the finish part's), with the structural events around it.
    Nothing at all when no part was read.

    >>> evs = [{"type": "TEXT_MESSAGE_CONTENT"}, {"type": "TEXT_MESSAGE_CONTENT"}, {"type": "RUN_FINISHED"}]
    >>> text = frozenset({"TEXT_MESSAGE_CONTENT"})
    >>> _beyond_one_part([0], evs, text, 4), _beyond_one_part([0, 1], evs, text, 4)
    (None, 1)
    >>> _beyond_one_part([1, 2], evs, text, 4), _beyond_one_part([0], evs, text, 0)
    (2, 0)
    """
    if not extra:
        return None
    if not parts_read:
        return extra[0]
    counted = None if content_types is None else content_types | terminals
    content = [i for i in extra
               if counted is None or (isinstance(events[i], dict) and events[i].get("type") in counted)]
    return content[1] if len(content) > 1 else None
