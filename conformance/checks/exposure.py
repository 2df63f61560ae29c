"""Row 8.1.12: a call is handed to the consumer as complete only after its tool-call part was emitted.

Two findings. A call exposed before its tool-call part (SHOULD ``hygiene.early-exposure``: the
timing alone, what the consumer shows differs only where the input does) needs the upstream position of every event,
so it is found in process only (over HTTP and for a recording without positions there is nothing to
compare with). A call whose tool-call part never came in a run the upstream cut (it ends in an error)
handed over with input the client runs it with needs no positions: it is found on every road.

Example:
    >>> ROWS
    ('8.1.12', 'hygiene.early-exposure')
"""

from __future__ import annotations

from conformance.catalog import declare
from conformance.checks.context import GradeContext, first_failing_step
from conformance.findings import Finding
from mock_provider.parts import ToolCall

ROWS = declare("8.1.12", "hygiene.early-exposure")
EARLY_ROW = "hygiene.early-exposure"


def check(ctx: GradeContext) -> list[Finding]:
    """One finding per call exposed before the upstream completed it.

    Under the bridge profile (which ends open calls before RUN_ERROR, seed 001), an END after the
    upstream failure was read is that closing, not an exposure.
    """
    rec = ctx.record
    out = cut_calls_handed_over(ctx)
    if not rec.positions_known:
        return out
    failing = first_failing_step(ctx.scenario) if ctx.bridge else None
    complete_at: dict[str, int] = {}
    names: dict[str, str] = {}
    for steps, step in enumerate(ctx.scenario.script, start=1):
        if isinstance(step.part, ToolCall):
            complete_at.setdefault(step.part.tool_call_id, steps)
            names.setdefault(step.part.tool_call_id, step.part.tool_name)
    turn_one = min(first_turn_events(rec.event_turns, len(rec.positions)), later_call_starts(rec.positions))
    for call_id, idx in ctx.protocol.exposures(list(rec.events)).items():
        if rec.abort_event_index is not None and idx >= rec.abort_event_index:
            continue  # closing an open call for a 'cancelled' terminal is not exposing it
        need = complete_at.get(call_id)
        if need is None or idx >= turn_one:
            continue  # never completed upstream: closed at stream end (row 8.1.19), checked by lifecycle
        if failing is not None and rec.positions[idx] > failing:
            continue  # the bridge closes what is open before RUN_ERROR (bridge.close-before-error)
        if rec.positions[idx] < need and not rec.exhausted[idx]:
            # Timing alone: the events are the ones a correct adapter sends, only earlier than the upstream
            # completed the call. What the consumer then shows differs only if the input does, and the
            # content rows (8.1.10, 8.1.12's transcript) grade that.
            out.append(Finding(row=EARLY_ROW, event_index=idx, source="exposure", tool_call_id=call_id,
                               tool_name=names.get(call_id),
                               message=f"tool call {call_id!r} exposed as complete before its tool-call part "
                                       f"(upstream had sent {rec.positions[idx]} of the {need} steps needed)"))
    return out


def later_call_starts(positions: tuple[int, ...]) -> int:
    """The first event read while a later model call was streaming: positions count the current
    call's steps, so they fall when the adapter starts another call (an unscripted turn has no
    turn of its own in ``event_turns``); the script's steps are the first call's.

    >>> later_call_starts((0, 3, 4, 6, 0)), later_call_starts((0, 2, 2, 5))
    (4, 4)
    """
    top = 0
    for i, position in enumerate(positions):
        if position < top:
            return i
        top = max(top, position)
    return len(positions)


def cut_calls_handed_over(ctx: GradeContext) -> list[Finding]:
    """A call the upstream never completed (no tool-call part in any turn) of a run that ends in an error,
    handed over with the input a client would run it with: the UI message stream's
    ``tool-input-available``, a ``TOOL_CALL_END`` carrying ``input`` (``hands_over_input``). Closing such
    a call without input (the bridge's TOOL_CALL_END before RUN_ERROR, a ``tool-input-error``) hands over
    nothing to run.
    """
    hands_over = ctx.protocol.hands_over_input
    if hands_over is None or ctx.expected.terminal != "error" or ctx.bridge:
        return []  # the bridge profile closes what is open before RUN_ERROR (bridge.close-before-error)
    completed = {step.part.tool_call_id for script in ctx.scenario.turn_scripts() for step in script
                 if isinstance(step.part, ToolCall)}
    events = list(ctx.record.events)
    out: list[Finding] = []
    for call_id, idx in ctx.protocol.exposures(events).items():
        if call_id in completed or not hands_over(events[idx]):
            continue
        if ctx.record.abort_event_index is not None and idx >= ctx.record.abort_event_index:
            continue
        out.append(Finding(row="8.1.12", event_index=idx, source="exposure", tool_call_id=call_id,
                           expected="the call left open or marked invalid", actual=events[idx],
                           message=f"tool call {call_id!r} handed over as complete with input, but the upstream "
                                   f"never completed it (no tool-call part before the run was cut): a client "
                                   f"would run it"))
    return out


def first_turn_events(event_turns: tuple[int, ...], count: int) -> int:
    """How many events came while turn 1 was read: positions count the current model call's steps,
    and the script's steps are turn 1's, so an agent loop's later events are not compared.

    >>> first_turn_events((1, 1, 1, 2, 2), 5), first_turn_events((), 3)
    (3, 3)
    """
    return next((i for i, turn in enumerate(event_turns) if turn != 1), count)
