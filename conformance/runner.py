"""Run one case (scenario x dialect) against an adapter and grade it. Never hangs, never crashes.

The adapter runs in a worker thread with its own event loop: a cooperative hang is
cancelled by ``asyncio`` at the per-case timeout; a blocking one (a busy loop, a
``time.sleep``) is abandoned after the timeout plus a grace period. Every event is
checked for being a JSON object of bounded size; the count of events is bounded too.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.reference import agui
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> run_case(agui, s, "v3").verdict
    'PASS'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from conformance import bridge, modalities
from conformance.consumer_view import case_findings as consumer_findings
from conformance.contract import AdapterContext, Capabilities, HarnessError, RunRequest
from conformance.findings import Finding
from conformance.matrix import Matrix, load_matrix
from conformance.protocols import protocol
from conformance.request_checks import request_findings
from conformance.semantics import compare
from conformance.verdict import CaseResult, grade
from mock_provider.abort import AbortSignal
from mock_provider.dialects import DialectError, encoder
from mock_provider.parts import Finish, ToolCall, ToolInputStart
from mock_provider.request_log import RequestLog
from mock_provider.scenario import Scenario

Factory = Callable[[AdapterContext], Any]


# Seconds every upstream request may stay open after the caller aborted (row request.abort). An
# aborted fetch closes its connection at once; a second covers a busy machine and a server that
# notices a closed connection on its next poll, and keeps the wait on a leaking adapter short.
ABORT_TIME_BOUND = 1.0


@dataclass
class Settings:
    """Per-run limits. ``timeout`` is per case (seconds); ``abort_bound`` is how long (seconds) every
    upstream request may stay open after the caller aborted (row ``request.abort``)."""

    timeout: float = 10.0
    max_events: int = 10_000
    max_event_bytes: int = 1_000_000
    time_scale: float = 0.0
    grace: float = 2.0
    strict: bool = False
    matrix: Matrix | None = None
    abort_bound: float = ABORT_TIME_BOUND


@dataclass
class _Run:
    events: list[Any] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    exhausted: list[bool] = field(default_factory=list)
    abort_event_index: int | None = None
    abort_at: float | None = None  # time.monotonic() of the caller's abort
    abort_wall: float | None = None  # time.time() of it (the HTTP server's log keeps wall-clock times)
    # Seconds from the abort to each upstream request's end (None: still open) and until they were read.
    upstream_delays: list[float | None] = field(default_factory=list)
    upstream_checked: float = 0.0
    error: BaseException | None = None
    error_text: str = ""
    timed_out: bool = False
    too_many: bool = False
    capabilities: Capabilities | None = None
    setup_error: str = ""
    oversize: list[int] = field(default_factory=list)
    final_position: int = 0
    not_json: list[int] = field(default_factory=list)
    adapter: Any = None


HTTP_DIALECTS = ("openai-chat", "anthropic")


def expressible(scenario: Scenario, dialect: str) -> str | None:
    """None when the dialect can express every part of the scenario, else the DialectError text."""
    if scenario.dialects is not None and dialect not in scenario.dialects:
        return f"scenario {scenario.id} is written for dialects {', '.join(scenario.dialects)} only"
    if dialect in HTTP_DIALECTS:
        from mock_provider.wire import plan_response

        request = {"model": f"scenario:{scenario.id}", "stream": True, "stream_options": {"include_usage": True}}
        try:
            plan_response(scenario, dialect, request, streaming=True)
        except DialectError as exc:
            return str(exc)
        return None
    enc = encoder(dialect, scenario.id)
    try:
        for step in scenario.script:
            if step.part is not None:
                enc.encode(step.part)
            elif step.raw_part is not None:
                enc.encode_raw(step.raw_part)
    except DialectError as exc:
        return str(exc)
    return None


def capabilities_of(adapter: Any) -> Capabilities:
    """The adapter's declared capabilities, validated (a dict is accepted too)."""
    caps = getattr(adapter, "capabilities", None)
    if isinstance(caps, Capabilities):
        return caps
    if isinstance(caps, dict):
        return Capabilities.model_validate(caps)
    raise TypeError("the adapter has no `capabilities` (a conformance.contract.Capabilities)")


def build_request(scenario: Scenario, abort: AbortSignal) -> RunRequest:
    req = scenario.request
    return RunRequest(
        model=req.model,
        messages=[m.model_dump(exclude_none=True) for m in req.messages],
        tools=[t.model_dump() for t in req.tools],
        output_schema=req.output_schema,
        options=dict(req.options),
        thread_id=f"thread-{scenario.id}",
        run_id=f"run-{scenario.id}",
        abort=abort,
        structured_mode=req.structured_mode,
    )


def run_case(
    factory: Factory,
    scenario: Scenario,
    dialect: str,
    settings: Settings | None = None,
    *,
    adapter_name: str | None = None,
) -> CaseResult:
    """Run one scenario in one dialect through the adapter and grade the result."""
    from mock_provider.model import ScriptedLanguageModel

    st = settings or Settings()
    matrix = st.matrix or _default_matrix()
    case_id = f"{scenario.id}[{dialect}]"
    result = CaseResult(case_id=case_id, scenario_id=scenario.id, dialect=dialect,
                        adapter=adapter_name or str(getattr(factory, "__name__", "adapter")), rows=list(scenario.rows))
    refuses = getattr(factory, "refuses", None)  # a target whose transport cannot carry the request
    why = expressible(scenario, dialect) or (refuses(scenario) if callable(refuses) else None)
    if why is not None:
        result.content = result.termination = "NOT-EXPRESSIBLE"
        result.reason = why
        return result

    log = RequestLog()
    abort = AbortSignal()
    run = _Run()
    state: dict[str, Any] = {}

    def fire_abort() -> None:
        if run.abort_event_index is None:
            run.abort_event_index = len(run.events)
            run.abort_at, run.abort_wall = time.monotonic(), time.time()
        abort.abort("client abort")

    def on_step(i: int) -> None:
        if scenario.client.abort_after_step is not None and i == scenario.client.abort_after_step:
            loop = state.get("loop")
            if dialect in HTTP_DIALECTS and loop is not None:
                loop.call_soon_threadsafe(fire_abort)  # called from the server's thread
            else:
                fire_abort()

    served: Any = None
    model_info = scenario.model_info.model_dump(exclude_none=True) if scenario.model_info is not None else None
    if dialect in HTTP_DIALECTS:
        # Served over HTTP by the mock server (one per process, in its own thread); the case's
        # requests carry a scope header so its log entries are its own.
        from conformance.served import served_case

        served = served_case(scenario, on_step, st.time_scale)
        model: Any = _NoModel()
        ctx = AdapterContext(dialect=dialect, model=None, scenario_id=scenario.id, time_scale=st.time_scale,
                             request_log=served, base_url=served.base_url, model_id=f"scenario:{scenario.id}",
                             extra={"headers": served.headers}, model_info=model_info)
    else:
        model = ScriptedLanguageModel(scenario, dialect, time_scale=st.time_scale, log=log, on_step=on_step)
        ctx = AdapterContext(dialect=dialect, model=model, scenario_id=scenario.id, time_scale=st.time_scale,
                             request_log=log, model_info=model_info)
    request = build_request(scenario, abort)
    started = time.perf_counter()
    worker = threading.Thread(target=_drive, args=(factory, ctx, request, run, st, model, state), daemon=True)
    worker.start()
    worker.join(st.timeout + st.grace)
    result.duration_s = time.perf_counter() - started
    if served is not None:
        served.close()
    # An adapter in another process hears of an HTTP abort later than the runner decides it; it
    # may say how many events it had emitted when the abort reached it (conformance.targets.cmd).
    acked = None
    with contextlib.suppress(Exception):  # a hostile adapter's attribute may raise
        acked = getattr(state.get("adapter"), "abort_event_index", None)
    if served is not None and run.abort_event_index is not None and isinstance(acked, int):
        run.abort_event_index = max(run.abort_event_index, min(acked, len(run.events)))
    if worker.is_alive():
        run.timed_out = True
        run.error_text = (f"the adapter blocked its event loop for more than {st.timeout + st.grace:.1f}s "
                          "(abandoned; a blocking call inside an async generator?)")
    result.adapter = adapter_name or (run.capabilities.name if run.capabilities else result.adapter)
    result.events = list(run.events)
    result.upstream_positions = list(run.positions)

    if run.setup_error:
        result.content = result.termination = "ERROR"
        result.reason = run.setup_error
        return result
    caps = run.capabilities
    assert caps is not None
    if dialect not in caps.inputs:
        result.content = result.termination = "UNSUPPORTED"
        result.reason = f"the adapter does not consume dialect {dialect!r} (declared inputs: {caps.inputs})"
        return result
    missing = sorted(scenario.features() - set(caps.features))
    if missing:
        result.content = result.termination = "UNSUPPORTED"
        result.reason = f"feature(s) not declared: {', '.join(missing)}"
        return result
    # A harness that broke (conformance.targets.cmd) is ERROR below, even if it declared nothing yet.
    if (scenario.model_info is not None and not isinstance(run.error, HarnessError)
            and (why := modalities.unsupported_reason(run.adapter))):
        result.content = result.termination = "UNSUPPORTED"
        result.reason = why
        return result
    if run.timed_out and run.abort_event_index is None:
        result.content = result.termination = "ERROR"
        result.reason = run.error_text or f"timed out after {st.timeout:.1f}s"
        return result
    if run.too_many:
        result.content = result.termination = "ERROR"
        result.reason = f"more than {st.max_events} events: stopped reading (runaway adapter?)"
        return result

    # A target that reaches the adapter over a transport (conformance.targets) reports what it saw
    # on the wire; when the wire broke the stream (non-2xx, early close), only that is graded.
    transport: list[Finding] = list(getattr(run.adapter, "transport_findings", None) or [])
    if transport and getattr(run.adapter, "transport_broken", False):
        result.findings = _with_levels(transport, matrix)
        _grade(result, matrix, st.strict)
        return result

    expected = scenario.expected_for(dialect)
    bridge_profile = bridge.declared(caps)
    if bridge_profile:
        expected = bridge.expected_for(expected)
    proto = protocol(caps.output)
    findings: list[Finding] = list(transport)
    if isinstance(run.error, HarnessError):
        result.content = result.termination = "ERROR"
        result.reason = str(run.error)
        return result
    if run.error is not None:
        if expected.terminal == "error":
            # Row 8.1.21/4.5: adapters report upstream failures as events; they do not throw.
            findings.append(Finding(row=scenario.rows[0], source="runner",
                                    message=f"the adapter raised instead of emitting an error event: {run.error_text}"))
        else:
            result.content = result.termination = "ERROR"
            result.reason = f"the adapter raised: {run.error_text}"
            findings_only = _event_findings(run, proto)
            result.findings = _with_levels(findings_only, matrix)
            return result

    if run.timed_out:
        findings.append(Finding(row="8.1.22", source="runner",
                                message=f"the adapter did not stop after the caller aborted: {run.error_text}"))
    findings.extend(_event_findings(run, proto))
    lifecycle = proto.lifecycle(run.events)
    aborted_silently = expected.terminal == "aborted" and caps.policies.abort == "silent"
    for f in lifecycle:
        if f.source == "lifecycle-terminal-missing" and aborted_silently:
            continue
        findings.append(f)
    actual = proto.extract(run.events)
    result.expected = expected.model_dump()
    result.actual = actual.model_dump()
    upstream_finish = next((p.finish_reason.unified for p in scenario.parts() if isinstance(p, Finish)), None)
    has_provider_calls = any(
        isinstance(p, ToolCall | ToolInputStart) and p.provider_executed for p in scenario.parts()
    )
    cause = _terminal_row(scenario, run, expected.terminal, actual.terminal)
    for f in findings:
        if f.source == "lifecycle-terminal-missing":
            f.row = cause or scenario.rows[0]  # the fault of the part the run stopped on
    findings.extend(
        compare(expected, actual, caps.policies, rows=scenario.rows, usage_fields=proto.USAGE_FIELDS,
                dialect=dialect, upstream_finish=upstream_finish, has_provider_calls=has_provider_calls,
                reports_finish_reason=caps.reports_finish_reason, terminal_row=cause,
                result_errors=getattr(proto, "EXPRESSES_RESULT_ERROR", True), abort_in_flight=served is not None,
                closes_at_error=bridge_profile,
                output_schema=scenario.request.output_schema,
                expresses_structured=getattr(proto, "EXPRESSES_STRUCTURED", True),
                model_expressed=getattr(proto, "EXPRESSES_MODEL", True),
                error_codes=getattr(proto, "EXPRESSES_ERROR_CODE", True))
    )
    if scenario.expected_request:
        findings.extend(request_findings(scenario.expected_request, _logged_request(served or log), dialect,
                                         scenario.rows[0]))
    if scenario.expected_modalities is not None:
        findings.extend(modalities.modality_findings(scenario.expected_modalities,
                                                     modalities.read_declared(run.adapter)))
    _locate_divergence(findings, run.events, expected, proto)
    if served is None:  # over HTTP there are no upstream positions to compare with
        findings.extend(_exposure_findings(scenario, run, proto, closes_at_error=bridge_profile))
    findings.extend(_abort_findings(scenario, run, served if served is not None else log, caps,
                                   silent_steps=_silent_steps(model), bound=st.abort_bound))
    if bridge_profile:
        findings = bridge.check(scenario, run.events, findings, caps.policies.abort)
    findings.extend(consumer_findings(run.events, caps.output, scenario, dialect, caps.policies, findings,
                                      set(matrix.must_rows())))
    result.findings = _with_levels(findings, matrix)
    _grade(result, matrix, st.strict)
    return result


# The 8.1 row each upstream part type belongs to: when a run ends the wrong way, the part it
# ended on names the broken rule.
PART_ROWS: dict[str, str] = {
    "stream-start": "8.1.1",
    "response-metadata": "8.1.2",
    "text-start": "8.1.4",
    "text-delta": "8.1.4",
    "text-end": "8.1.5",
    "reasoning-start": "8.1.7",
    "reasoning-delta": "8.1.7",
    "reasoning-end": "8.1.8",
    "tool-input-start": "8.1.9",
    "tool-input-delta": "8.1.10",
    "tool-input-end": "8.1.12",
    "tool-call": "8.1.12",
    "tool-result": "8.1.14",
    "tool-approval-request": "8.1.15",
    "file": "8.1.16",
    "reasoning-file": "8.1.16",
    "source": "8.1.16",
    "custom": "8.1.16",
    "raw": "8.1.16",
    "ping": "8.1.16",
    "error": "8.1.17",
    "finish": "8.1.18",
    "step-start": "bridge.steps",
    "step-finish": "bridge.steps",
}


def _first_failing_step(scenario: Scenario) -> int | None:
    """Index of the first step that makes the upstream fail (error part or fault)."""
    for i, step in enumerate(scenario.script):
        if step.fault is not None and step.fault.kind != "split":
            return i
        if step.part is not None and step.part.type == "error":
            return i
        if isinstance(step.part, Finish) and step.part.finish_reason.unified == "error":
            return i
    return None


def _terminal_row(scenario: Scenario, run: _Run, expected_terminal: str, actual_terminal: str) -> str | None:
    """The row of the upstream step the run stopped on, when it stopped the wrong way or too early.

    None: the run ended as expected (or the cause is unknown); the primary row applies.
    """
    consumed = run.final_position
    if expected_terminal == "aborted" and run.abort_event_index is not None:
        return None  # every difference of an abort case is the abort rule's
    # (An abort case that ended before the abort was even reached: the part it stopped on is to blame.)
    if expected_terminal == "error":
        failing = _first_failing_step(scenario)
        structured = scenario.expected.structured
        if failing is None and structured is not None and structured.error is not None:
            failing = len(scenario.script)  # no result can be made: that failure comes after the upstream
        if actual_terminal != "error" or failing is None or consumed > failing:
            return None  # swallowed or late: the error scenario's own (primary) row
        # The run errored before the upstream failed: the part it stopped on is to blame.
    elif actual_terminal == "finished":
        return None
    if consumed >= len(scenario.script):
        if scenario.request.output_schema is not None:
            return None  # the structured result is made after the upstream ended: the scenario's own row
        has_finish = any(isinstance(s.part, Finish) for s in scenario.script)
        return "8.1.18" if has_finish else "8.1.19"
    if consumed <= 0:
        return None
    step = scenario.script[consumed - 1]
    if step.raw_part is not None:
        return "8.1.16"
    if step.part is not None:
        return PART_ROWS.get(step.part.type)
    return None


class _NoModel:
    """Stands in for the scripted model when the upstream is served over HTTP."""

    steps_emitted = 0
    exhausted = False


_ERROR_TERMINALS = {"RUN_ERROR", "error"}
_FINISH_TERMINALS = {"RUN_FINISHED", "done", "finish", "abort"}


def _default_matrix() -> Matrix:
    global _MATRIX
    if _MATRIX is None:
        _MATRIX = load_matrix()
    return _MATRIX


_MATRIX: Matrix | None = None


def _with_levels(findings: list[Finding], matrix: Matrix) -> list[Finding]:
    levels = {r.id: r.level for r in matrix.rows}
    for f in findings:
        if f.level is None:
            f.level = levels.get(f.row, "MUST")
    return findings


def _grade(result: CaseResult, matrix: Matrix, strict: bool) -> None:
    axes = {r.id: r.axis for r in matrix.rows}
    by_axis: dict[str, list[str]] = {"content": [], "termination": []}
    for f in result.findings:
        level = f.level or "MUST"
        if strict and level == "SHOULD":
            level = "MUST"
        by_axis[axes.get(f.row, "content")].append(level)
    result.content = grade(by_axis["content"])
    result.termination = grade(by_axis["termination"])


def _event_findings(run: _Run, proto: Any) -> list[Finding]:
    out: list[Finding] = []
    for i in run.not_json:
        out.append(Finding(row="schema.event", event_index=i, source="schema",
                           message="event is not a JSON object (not a dict of JSON values)"))
    for i in run.oversize:
        out.append(Finding(row="schema.event", event_index=i, source="schema",
                           message="event exceeds the size limit (dropped from the transcript)"))
    bad = set(run.not_json) | set(run.oversize)
    for i, ev in enumerate(run.events):
        if i in bad:
            continue
        for err in proto.schema_errors(ev):
            out.append(Finding(row="schema.event", event_index=i, source="schema", message=err))
    return out


def _locate_divergence(findings: list[Finding], events: list[Any], expected: Any, proto: Any) -> None:
    """Give semantic findings the index of the first event where the content stops matching.

    Re-extracts the transcript of growing prefixes (only for failing cases, bounded) and finds
    the first event after which the text, reasoning or a call's argument text is no longer a
    prefix of what was expected.
    """
    wanted = [f for f in findings if f.source == "semantics" and f.event_index is None
              and f.field is not None and (f.field in ("text", "reasoning") or f.field.endswith(".args_text"))]
    if not wanted or len(events) > 2000:
        return
    exp_args = {c.id: c.args_text or "" for c in expected.tool_calls}

    def diverged(field: str, t: Any) -> bool:
        if field == "text":
            return not expected.text.startswith(t.text)
        if field == "reasoning":
            return not expected.reasoning.startswith(t.reasoning)
        call_id = field.split("[", 1)[1].split("]", 1)[0]
        got = next((c.args_text for c in t.tool_calls if c.id == call_id), None)
        return got is not None and not exp_args.get(call_id, "").startswith(got)

    for k in range(1, len(events) + 1):
        t = proto.extract(events[:k])
        for f in wanted:
            if f.event_index is None and diverged(f.field or "", t):
                f.event_index = k - 1
        if all(f.event_index is not None for f in wanted):
            return
    last = len(events) - 1
    for f in wanted:
        if f.event_index is None and last >= 0:
            f.event_index = last  # content missing at the end: the stream stopped short


def _exposure_findings(scenario: Scenario, run: _Run, proto: Any, *, closes_at_error: bool = False) -> list[Finding]:
    """Row 8.1.12: a call is handed to the consumer only after its tool-call part was emitted.

    ``closes_at_error``: the adapter declared the bridge profile, which ends open calls before
    RUN_ERROR (seed 001); an END after the upstream failure was read is that, not an exposure.
    """
    failing = _first_failing_step(scenario) if closes_at_error else None
    complete_at: dict[str, int] = {}
    for steps, step in enumerate(scenario.script, start=1):
        if isinstance(step.part, ToolCall):
            complete_at.setdefault(step.part.tool_call_id, steps)
    out: list[Finding] = []
    for call_id, idx in proto.exposures(run.events).items():
        if run.abort_event_index is not None and idx >= run.abort_event_index:
            continue  # closing an open call for a 'cancelled' terminal is not exposing it
        need = complete_at.get(call_id)
        if need is None or idx >= len(run.positions):
            continue  # never completed upstream: closed at stream end (row 8.1.19), checked by lifecycle
        if failing is not None and run.positions[idx] > failing:
            continue  # the bridge closes what is open before RUN_ERROR (bridge.close-before-error)
        if run.positions[idx] < need and not run.exhausted[idx]:
            out.append(Finding(row="8.1.12", event_index=idx, source="exposure",
                               message=f"tool call {call_id!r} exposed as complete before its tool-call part "
                                       f"(upstream had sent {run.positions[idx]} of the {need} steps needed)"))
    return out


# Steps the upstream may still send after the caller's abort (one read may be in flight).
ABORT_STEP_BOUND = 1


def _logged_request(log: Any) -> Any:
    """The first upstream streaming request of the case as logged (call options, or the HTTP body)."""
    for r in log.records:
        if getattr(r, "kind", "stream") != "stream":
            continue
        return r.options if hasattr(r, "options") else getattr(r, "body", None)
    return None


def _silent_steps(model: Any) -> set[int]:
    """Script steps that hand the adapter nothing in this dialect (e.g. ``stream-start`` in Mastra).

    Running through them costs an adapter no read, so they never count as steps in flight.
    """
    plan = getattr(model, "_plan", None)
    if plan is None:
        return set()
    try:
        return {i for i, planned in enumerate(plan()) if not planned.items and planned.step.fault is None}
    except Exception:  # an inexpressible script never got this far; be safe
        return set()


def _upstream_delays(log: Any, run: _Run) -> list[float | None]:
    """Seconds from the caller's abort to the end of each upstream streaming request (None: still open).

    The in-process log keeps ``time.monotonic()``; the HTTP server's log keeps ``time.time()``
    (its entries are public JSON), so each is compared with the abort time on its own clock.
    """
    if isinstance(log, RequestLog):
        origin, ends = run.abort_at, [r.ended_at for r in log.records if r.kind == "stream"]
    else:
        origin, ends = run.abort_wall, list(log.upstream_ends())
    assert origin is not None
    return [None if end is None else end - origin for end in ends]


async def _await_upstream_end(log: Any, run: _Run, bound: float, limit: float) -> None:
    """After an abort, poll the request log until every upstream request has ended or the bound has
    passed (never past ``limit``, the case's timeout), and keep what was seen in ``run``."""
    if run.abort_at is None or log is None:
        return
    deadline = min(run.abort_at + bound, limit)
    while True:
        now = time.monotonic()
        delays = _upstream_delays(log, run)
        if all(d is not None for d in delays) or now >= deadline:
            break
        await asyncio.sleep(min(0.005, deadline - now))  # yields to the adapter's own closing tasks
    run.upstream_delays, run.upstream_checked = delays, now - run.abort_at


def _abort_time_findings(run: _Run, bound: float) -> list[Finding]:
    """request.abort: every upstream request ended within ``bound`` seconds of the caller's abort."""
    out: list[Finding] = []
    for d in run.upstream_delays:
        if d is None and run.upstream_checked >= bound:
            measured = f"was still open {run.upstream_checked:.3f}s after the caller aborted"
        elif d is not None and d > bound:
            measured = f"ended {d:.3f}s after the caller aborted"
        else:
            continue
        out.append(Finding(row="request.abort", source="runner", expected=f"<= {bound:g}s",
                           actual=f"{d:.3f}s" if d is not None else "open",
                           message=f"the upstream request {measured} (bound {bound:g}s, "
                                   "--conformance-abort-bound): close the upstream stream when the caller aborts"))
        break  # one finding per case: the first request that outlived the bound
    return out


def _abort_findings(scenario: Scenario, run: _Run, log: Any, caps: Capabilities,
                    silent_steps: set[int] | None = None, bound: float = ABORT_TIME_BOUND) -> list[Finding]:
    if scenario.client.abort_after_step is None:
        return []
    out: list[Finding] = _abort_time_findings(run, bound)
    records = [r for r in log.records if getattr(r, "kind", "stream") == "stream"]
    if records and not any(r.aborted or r.client_left_early for r in records):
        out.append(Finding(row="8.1.22", source="runner",
                           message="the upstream request was not aborted (request log: aborted=False); "
                                   "pass the caller's abort signal to the upstream"))
    # request.abort: at most one step in flight after the abort point (and ended in time, above).
    for r in records:
        sent = getattr(r, "steps_sent", None)
        point = scenario.client.abort_after_step
        free = len([i for i in (silent_steps or ()) if point <= i < (sent or 0)])
        if sent is not None and sent > point + ABORT_STEP_BOUND + free:
            out.append(Finding(row="request.abort", source="runner", expected=scenario.client.abort_after_step,
                               actual=sent,
                               message=f"the upstream sent {sent} steps although the caller aborted after "
                                       f"{scenario.client.abort_after_step} (at most {ABORT_STEP_BOUND} more "
                                       "allowed): cancel the upstream request when the caller aborts"))
    if run.abort_event_index is not None:
        after = run.events[run.abort_event_index:]
        # 'silent': nothing; 'run-error': the one error event; 'cancelled': the END events that close
        # what is open (AG-UI rule 6) and the one RUN_FINISHED (UI message stream: the one `abort`).
        allowed_types = {"silent": set(), "run-error": {"RUN_ERROR", "error"},
                         "cancelled": {"RUN_FINISHED", "TEXT_MESSAGE_END", "TOOL_CALL_END", "REASONING_MESSAGE_END",
                                       "REASONING_END", "STEP_FINISHED", "abort"}}[caps.policies.abort]
        extra = [i for i, e in enumerate(after, start=run.abort_event_index)
                 if not (isinstance(e, dict) and e.get("type") in allowed_types)]
        terminals = [e for e in after if isinstance(e, dict) and e.get("type") in _ERROR_TERMINALS | _FINISH_TERMINALS]
        if extra or len(terminals) > 1:
            out.append(Finding(row="8.1.22", event_index=extra[0] if extra else None, source="runner",
                               message=f"{len(after)} event(s) emitted after the caller aborted; policy "
                                       f"{caps.policies.abort!r} allows only {sorted(allowed_types) or 'none'}"))
    return out


def _drive(factory: Factory, ctx: AdapterContext, request: RunRequest, run: _Run, st: Settings, model: Any,
           state: dict[str, Any]) -> None:
    try:
        asyncio.run(_consume(factory, ctx, request, run, st, model, state))
    except BaseException as exc:  # the worker must never die silently
        if not run.setup_error and run.error is None:
            run.error = exc
            run.error_text = f"{type(exc).__name__}: {exc}"


async def _consume(factory: Factory, ctx: AdapterContext, request: RunRequest, run: _Run, st: Settings,
                   model: Any, state: dict[str, Any]) -> None:
    state["loop"] = asyncio.get_running_loop()
    began = time.monotonic()
    try:
        adapter = run.adapter = factory(ctx)
        state["adapter"] = adapter
        run.capabilities = capabilities_of(adapter)
    except Exception as exc:
        run.setup_error = f"the adapter factory failed: {type(exc).__name__}: {exc}"
        return
    if ctx.dialect not in run.capabilities.inputs:
        return
    try:
        stream = adapter.stream(request)
        if not hasattr(stream, "__anext__"):
            raise TypeError(f"stream() must return an async iterator, got {type(stream).__name__}")
    except Exception as exc:
        run.error = exc
        run.error_text = f"{type(exc).__name__}: {exc}"
        return

    async def pump() -> None:
        async for ev in stream:
            i = len(run.events)
            run.positions.append(getattr(model, "steps_emitted", 0))
            run.exhausted.append(bool(getattr(model, "exhausted", False)))
            try:
                size = len(json.dumps(ev))
                if not isinstance(ev, dict):
                    run.not_json.append(i)
                elif size > st.max_event_bytes:
                    run.oversize.append(i)
                    ev = {"type": "<oversize>", "bytes": size}
            except (TypeError, ValueError):
                run.not_json.append(i)
                ev = repr(ev)[:200]
            run.events.append(ev)
            if len(run.events) > st.max_events:
                run.too_many = True
                return

    try:
        await asyncio.wait_for(pump(), timeout=st.timeout)
    except asyncio.TimeoutError:
        run.timed_out = True
        run.error_text = f"no terminal within {st.timeout:.1f}s (the adapter hung; {len(run.events)} events so far)"
    except Exception as exc:
        run.error = exc
        run.error_text = f"{type(exc).__name__}: {exc}"
    finally:
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            # A hostile generator may refuse to close; the verdict is already known.
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(aclose(), timeout=1.0)
    run.final_position = int(getattr(model, "steps_emitted", 0))
    # Inside the loop, before its shutdown closes whatever the adapter left open (asyncio.run's
    # shutdown_asyncgens), so an upstream left open after the abort is seen open.
    await _await_upstream_end(ctx.request_log, run, st.abort_bound, began + st.timeout)
