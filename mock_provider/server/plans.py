"""Compiled plans: a wire plan turned into write operations, once per request shape.

Plans come from :func:`mock_provider.wires.plan_response` and are compiled once per (scenario,
dialect, stream, include_usage, NDJSON) into write operations, then cached. Scripted delays are
``delay_ms * time_scale``; at time scale 0 nothing sleeps. The default flush mode, ``coalesce``,
joins consecutive zero-delay chunks into one write, so a zero-delay stream costs one ``send()``
however many events it holds (cheap: the mock should never be the bottleneck of a test session).
The bytes are identical in both modes; only the write boundaries differ. Frames a ``split``
fault cuts are always written piece by piece, as are all chunks in ``per-event`` mode (one
write per event, aiohttp back-pressure after each), which is closer to a real provider on the
wire. The TCP stack may still merge small writes; give steps a delay and a time scale > 0 when
a test needs the client to see separate reads.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from mock_provider.wires import plan_response
    >>> s = next(s for s in load_corpus() if s.id == "fault.disconnect.001")
    >>> compile_plan(plan_response(s, "v3", {}, streaming=True), s).fault
    'disconnect'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import mock_provider.dialects as registry
from mock_provider.scenario import Scenario, SplitFault
from mock_provider.wires import Chunk, Disconnect, Stall, WirePlan

FlushMode = Literal["coalesce", "per-event"]
FLUSH_MODES: tuple[str, ...] = ("coalesce", "per-event")
WRITE, DISCONNECT, STALL = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Op:
    """One write operation: sleep ``delay_s``, then write ``data`` / drop / stall (``kind``)."""

    kind: int
    data: bytes = b""
    delay_s: float = 0.0


@dataclass(frozen=True, slots=True)
class CompiledPlan:
    """A wire plan turned into write operations for one time scale and flush mode.

    ``single`` is the whole body when the response is one immediate write (the fast path);
    ``chunked`` is false for plain JSON bodies (sent with a Content-Length). ``served_items`` are the output items
    the body completes on a wire whose items a later request may name by id (Responses' ``item_reference``).
    """

    status: int
    headers: dict[str, str]
    ops: tuple[Op, ...]
    body: bytes
    chunked: bool
    single: bytes | None
    fault: str | None
    total_delay_s: float
    scenario_id: str
    dialect: str
    served_items: tuple[dict[str, Any], ...] = ()


def _served(plan: WirePlan, body: bytes) -> tuple[dict[str, Any], ...]:
    """The output items ``body`` completes, read by the plan's wire (none on a wire without item ids)."""
    found = registry.dialect(plan.dialect) if plan.dialect in registry.HTTP_DIALECTS else None
    read = getattr(found, "served_items", None)
    return read(body) if read is not None and 200 <= plan.status < 300 else ()


def _split_target_steps(scenario: Scenario, plan: WirePlan) -> set[int]:
    """Steps whose frames a ``split`` fault cut: the first step with frames after each split."""
    chunk_steps = sorted({c.step for c in plan.body if isinstance(c, Chunk) and c.step >= 0})
    targets: set[int] = set()
    for k, step in enumerate(scenario.script):
        if isinstance(step.fault, SplitFault):
            later = [s for s in chunk_steps if s > k and scenario.script[s].fault is None]
            if later:
                targets.add(later[0])
    return targets


def paused(plan: WirePlan, steps: int) -> WirePlan:
    """The plan cut after its first ``steps`` script steps, then a stall (a scripted caller abort).

    >>> from mock_provider.scenario import load_corpus
    >>> from mock_provider.wires import plan_response
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> p = paused(plan_response(s, "v3", {}, streaming=True), 2)
    >>> [type(b).__name__ for b in p.body]
    ['Chunk', 'Chunk', 'Stall']
    """
    kept: list[Any] = []
    for item in plan.body:
        if isinstance(item, Chunk) and 0 <= item.step < steps:
            kept.append(item)
        elif isinstance(item, Chunk) and item.step < 0 and not kept:
            kept.append(item)  # framing before the first step (e.g. a role chunk)
        elif not isinstance(item, Chunk) and item.step < steps:
            kept.append(item)
            return WirePlan(plan.status, plan.headers, kept, plan.scenario_id, plan.dialect)
    kept.append(Stall(steps))
    return WirePlan(plan.status, plan.headers, kept, plan.scenario_id, plan.dialect)


def compile_plan(plan: WirePlan, scenario: Scenario, *, time_scale: float = 0.0,
                 flush: FlushMode = "coalesce") -> CompiledPlan:
    """Turn a wire plan into write operations (delays scaled, chunks coalesced per ``flush``).

    >>> from mock_provider.scenario import load_corpus
    >>> from mock_provider.wires import plan_response
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> plan = plan_response(s, "v3", {}, streaming=True)
    >>> c = compile_plan(plan, s)
    >>> len(c.ops), c.single == plan.body_bytes(), len(compile_plan(plan, s, flush="per-event").ops)
    (1, True, 8)
    """
    isolated_steps = _split_target_steps(scenario, plan)
    ops: list[Op] = []
    group: list[bytes] = []
    group_delay = 0.0
    open_group = False
    prev_isolated = False
    fault: str | None = None

    def close() -> None:
        nonlocal open_group, group
        if open_group:
            ops.append(Op(WRITE, b"".join(group), group_delay))
        group, open_group = [], False

    for item in plan.body:
        if isinstance(item, Chunk):
            delay = item.delay_ms * time_scale / 1000.0
            isolated = item.step in isolated_steps
            if flush == "per-event" or not open_group or delay > 0 or isolated or prev_isolated:
                close()
                group, group_delay, open_group = [item.data], delay, True
            else:
                group.append(item.data)
            prev_isolated = isolated
        else:
            close()
            if isinstance(item, Disconnect):
                ops.append(Op(DISCONNECT))
                fault = "disconnect"
            elif isinstance(item, Stall):
                ops.append(Op(STALL))
                fault = "stall"
            break
    close()
    ctype = plan.headers.get("content-type", "")
    chunked = ctype.startswith(("text/event-stream", "application/x-ndjson")) or fault is not None
    single: bytes | None = None
    body = plan.body_bytes()
    if not ops:
        single = b""
    elif len(ops) == 1 and ops[0].kind == WRITE and ops[0].delay_s == 0:
        single = ops[0].data
    return CompiledPlan(
        status=plan.status,
        headers=dict(plan.headers),
        ops=tuple(ops),
        body=body,
        chunked=chunked,
        single=single,
        fault=fault,
        total_delay_s=sum(op.delay_s for op in ops),
        scenario_id=scenario.id,
        dialect=plan.dialect,
        served_items=_served(plan, body),
    )


__all__ = ["DISCONNECT", "FLUSH_MODES", "STALL", "WRITE", "CompiledPlan", "FlushMode", "Op", "compile_plan",
           "paused"]
