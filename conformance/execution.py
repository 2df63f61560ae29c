"""Run one case (scenario x dialect) through an adapter and record what happened; grade nothing.

The adapter runs in a worker thread with its own event loop: a cooperative hang is cancelled by
``asyncio`` at the per-case timeout; a blocking one (a busy loop, a ``time.sleep``) is stopped
after the timeout plus a grace period (an exception raised in its thread; abandoned only when that
fails). Every event is copied as it is yielded and checked for being a JSON object of bounded size;
the count of events is bounded too. The result is a
:class:`~conformance.run_record.RunRecord`, which :mod:`conformance.grading` grades.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.reference import agui
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> rec = execute(agui, s, "v3")
    >>> rec.outcome, rec.events[0]["type"], rec.positions_known
    ('completed', 'RUN_STARTED', True)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
import traceback
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from conformance import modalities
from conformance.contract import AdapterContext, Capabilities, HarnessError, HttpErrorResponse, RunRequest
from conformance.findings import Finding
from conformance.output_validation import reasked
from conformance.process_guard import CaseStopped, stop_thread
from conformance.protocols import protocol
from conformance.run_record import Outcome, RunRecord, UpstreamCall
from conformance.served import ServedCase
from conformance.server_tools import request_tools
from conformance.settings import Settings
from conformance.targets.contract import refusal, transport_report
from mock_provider.abort import AbortSignal
from mock_provider.dialects import DialectError, encoder
from mock_provider.dialects import names as dialect_names
from mock_provider.request_log import RequestLog
from mock_provider.request_log import UpstreamCall as LoggedCall
from mock_provider.scenario import Scenario
from mock_provider.servers import SERVER_HEADER, foreign_quirk

# The factory may return anything: the runner checks what it got (capabilities_of, stream) and grades it.
Factory = Callable[[AdapterContext], object]


class CallSnapshot(Protocol):
    """A request log read without waiting: the in-process :class:`RequestLog` or a served case."""

    def snapshot(self) -> list[LoggedCall]: ...

HTTP_DIALECTS: tuple[str, ...] = tuple(dialect_names("http"))  # served over HTTP by the mock server


def expressible(scenario: Scenario, dialect: str) -> str | None:
    """None when the dialect can express every part of the scenario, else the DialectError text.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> expressible(s, "v3") is None
    True
    """
    return _encoded(scenario, dialect)[0]


def _encoded(scenario: Scenario, dialect: str) -> tuple[str | None, list[list[dict[str, Any]]] | None]:
    """:func:`expressible`, and for a parts dialect the items turn 1's steps encode to (``[]`` for a step with
    neither a part nor a raw part), which the case's scripted model then hands out without encoding them again.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> why, items = _encoded(s, "v3")
    >>> why, items[0], len(items) == len(s.script), _encoded(s, "openai-chat")[1]
    (None, [{'type': 'stream-start', 'warnings': []}], True, None)
    """
    if scenario.dialects is not None and dialect not in scenario.dialects:
        return f"scenario {scenario.id} is written for dialects {', '.join(scenario.dialects)} only", None
    if dialect in HTTP_DIALECTS:
        from mock_provider.wires import plan_response

        request = {"model": f"scenario:{scenario.id}", "stream": True, "stream_options": {"include_usage": True}}
        try:
            for turn in range(1, scenario.turn_count() + 1):  # every turn of an agent loop
                plan_response(scenario.for_turn(turn), dialect, request, streaming=True)
        except DialectError as exc:
            return str(exc), None
        return None, None
    turns: list[list[list[dict[str, Any]]]] = []
    try:
        for script in scenario.turn_scripts():
            enc = encoder(dialect, scenario.id)  # one response per turn
            turns.append([enc.encode(step.part) if step.part is not None
                          else enc.encode_raw(step.raw_part) if step.raw_part is not None else []
                          for step in script])
    except DialectError as exc:
        return str(exc), None
    return None, turns[0]


def capabilities_of(adapter: object) -> Capabilities:
    """The adapter's declared capabilities, validated (a dict is accepted too).

    >>> capabilities_of(type("A", (), {"capabilities": {"name": "a", "inputs": ["v3"], "output": "ag-ui"}})()).name
    'a'
    """
    caps = getattr(adapter, "capabilities", None)
    if isinstance(caps, Capabilities):
        return caps
    if isinstance(caps, dict):
        return Capabilities.model_validate(caps)
    raise TypeError("the adapter has no `capabilities` (a conformance.contract.Capabilities)")


def stream_of(adapter: object, request: RunRequest) -> AsyncIterator[Any]:
    """The adapter's event stream for one request (TypeError naming what is missing or wrong).

    >>> stream_of(object(), None)
    Traceback (most recent call last):
    ...
    TypeError: the adapter has no stream(request) method
    """
    method = getattr(adapter, "stream", None)
    if not callable(method):
        raise TypeError("the adapter has no stream(request) method")
    stream = method(request)
    if not hasattr(stream, "__anext__"):
        raise TypeError(f"stream() must return an async iterator, got {type(stream).__name__}")
    result: AsyncIterator[Any] = stream
    return result


def build_request(scenario: Scenario, abort: AbortSignal,
                  on_tool_start: Callable[[], None] | None = None) -> RunRequest:
    """The request the adapter's caller makes for a scenario (no expected output in it).

    ``on_tool_start`` is called when the in-process ``execute`` of the call the caller aborts during
    (``client.abort_during_tool``) starts.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> build_request(s, AbortSignal()).run_id
    'run-text.basic.001'
    """
    req = scenario.request
    return RunRequest(
        model=req.model,
        messages=[m.model_dump(exclude_none=True) for m in req.messages],
        # Server tools with their execute (conformance.server_tools).
        tools=request_tools(scenario, abort, on_tool_start),
        output_schema=req.output_schema,
        options=dict(req.options),
        thread_id=f"thread-{scenario.id}",
        run_id=f"run-{scenario.id}",
        abort=abort,
        structured_mode=req.structured_mode,
    )


@dataclass
class _Run:
    """What the worker thread accumulates while the adapter runs (frozen into a RunRecord after)."""

    events: list[Any] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    event_turns: list[int] = field(default_factory=list)
    exhausted: list[bool] = field(default_factory=list)
    abort_event_index: int | None = None
    abort_at: float | None = None  # time.monotonic() of the caller's abort (the request logs' clock too)
    upstream_delays: list[float | None] = field(default_factory=list)
    upstream_checked: float = 0.0
    error: BaseException | None = None
    error_text: str = ""
    traceback: str = ""
    timed_out: bool = False
    too_many: bool = False
    capabilities: Capabilities | None = None
    setup_error: str = ""
    oversize: list[int] = field(default_factory=list)
    final_position: int = 0
    not_json: list[int] = field(default_factory=list)
    adapter: Any = None
    loop: asyncio.AbstractEventLoop | None = None


def execute(factory: Factory, scenario: Scenario, dialect: str, settings: Settings | None = None, *,
            adapter_name: str | None = None) -> RunRecord:
    """Run one scenario in one dialect through the adapter and return what happened, ungraded."""
    st = settings or Settings()
    name = adapter_name or str(getattr(factory, "__name__", "adapter"))
    base = RunRecord(case_id=f"{scenario.id}[{dialect}]", scenario_id=scenario.id, dialect=dialect, adapter=name)
    why, items = _encoded(scenario, dialect)
    why = why or refusal(factory, scenario)
    if why is not None:
        return _replace(base, outcome="not-expressible", reason=why)
    from mock_provider.model import ScriptedLanguageModel

    execution = _Execution(factory, scenario, dialect, st, base)
    if items is not None and isinstance(execution.model, ScriptedLanguageModel):
        execution.model.take_encoded(items)  # encoded once: the check above, then the model's stream
    return execution.run(adapter_name)


def _replace(record: RunRecord, **changes: Any) -> RunRecord:
    import dataclasses

    return dataclasses.replace(record, **changes)


class _Execution:
    """One case's run: the upstream (in process or served), the worker thread, the record at the end."""

    def __init__(self, factory: Factory, scenario: Scenario, dialect: str, st: Settings, base: RunRecord) -> None:
        from mock_provider.model import ScriptedLanguageModel

        self.factory, self.scenario, self.dialect, self.st, self.base = factory, scenario, dialect, st, base
        self.run_state = _Run()
        self.abort = AbortSignal()
        self.served: Any = None
        self.model: UpstreamProgress = _NoModel()
        model_info = scenario.model_info.model_dump(exclude_none=True) if scenario.model_info is not None else None
        if dialect in HTTP_DIALECTS:
            # Served over HTTP by the mock server (one per process, in its own thread); the case's
            # requests carry a scope header so its log entries are its own.
            from conformance.served import served_case  # starts the process's mock server on first use

            self.served = served_case(scenario, self._on_step, st.time_scale)
            self.log: RequestLog | ServedCase = self.served
            self.ctx = AdapterContext(dialect=dialect, model=None, scenario_id=scenario.id, time_scale=st.time_scale,
                                      request_log=self.served, base_url=self.served.base_url,
                                      model_id=f"scenario:{scenario.id}", extra={"headers": self.served.headers},
                                      model_info=model_info)
        else:
            self.log = RequestLog()
            self.model = ScriptedLanguageModel(scenario, dialect, time_scale=st.time_scale, log=self.log,
                                               on_step=self._on_step)
            self.ctx = AdapterContext(dialect=dialect, model=self.model, scenario_id=scenario.id,
                                      time_scale=st.time_scale, request_log=self.log, model_info=model_info)

    def _fire_abort(self) -> None:
        run = self.run_state
        if run.abort_event_index is None:
            run.abort_event_index = len(run.events)
            run.abort_at = time.monotonic()
        self.abort.abort("client abort")

    def _tool_started(self) -> None:
        """The held call's in-process execute started (client.abort_during_tool): abort now, on the
        case's loop (an adapter may run its tools in a thread of its own)."""
        loop = self.run_state.loop
        try:
            here: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if loop is not None and here is not loop:
            loop.call_soon_threadsafe(self._fire_abort)
        else:
            self._fire_abort()

    def _on_step(self, i: int) -> None:
        if self.scenario.client.abort_after_step is None or i != self.scenario.client.abort_after_step:
            return
        loop = self.run_state.loop
        if self.served is not None and loop is not None:
            loop.call_soon_threadsafe(self._fire_abort)  # called from the server's thread
        else:
            self._fire_abort()

    def run(self, adapter_name: str | None) -> RunRecord:
        run, st = self.run_state, self.st
        request = build_request(self.scenario, self.abort, self._tool_started)
        started = time.perf_counter()
        worker: threading.Thread | None = None
        if runs_elsewhere(self.factory) and not _loop_running():
            _drive(self, request, _thread_loop())
        else:
            worker = threading.Thread(target=_drive, args=(self, request), daemon=True)
            worker.start()
            worker.join(st.timeout + st.grace)
        duration = time.perf_counter() - started
        if worker is not None and worker.is_alive():
            run.timed_out = True  # first: the worker's own handler must not record the stop as the adapter's
            stopped = stop_thread(worker, wake=self._wake_loop)
            run.error_text = (f"the adapter blocked its event loop for more than {st.timeout + st.grace:.1f}s ("
                              + ("its thread was stopped" if stopped else "abandoned: its thread could not be stopped")
                              + "; a blocking call inside an async generator?)")
        if self.served is not None:
            self.served.close()
        # An adapter in another process hears of an HTTP abort later than the runner decides it; it
        # may say how many events it had emitted when the abort reached it (conformance.targets.cmd).
        report = transport_report(run.adapter)
        if self.served is not None and run.abort_event_index is not None and report.abort_event_index is not None:
            run.abort_event_index = max(run.abort_event_index, min(report.abort_event_index, len(run.events)))
        name = adapter_name or (run.capabilities.name if run.capabilities else self.base.adapter)
        outcome, reason = _outcome(run, st)
        records = self.log.records
        return _replace(
            self.base, adapter=name, outcome=outcome, reason=reason, capabilities=run.capabilities,
            events=tuple(run.events), positions=tuple(run.positions), exhausted=tuple(run.exhausted),
            event_turns=tuple(run.event_turns),
            positions_known=self.served is None, not_json=tuple(run.not_json), oversize=tuple(run.oversize),
            final_position=run.final_position, silent_steps=self._silent_steps(),
            abort_event_index=run.abort_event_index, timed_out_after_abort=run.timed_out,
            timeout_text=run.error_text if run.timed_out else "",
            error_text=run.error_text if run.error is not None else "",
            upstream=self._upstream(records), upstream_served=self._served(records),
            unrouted=tuple(self.served.unrouted()) if self.served is not None else (),
            upstream_watched=run.upstream_checked, served_over_http=self.served is not None,
            transport_findings=tuple(report.findings), transport_broken=report.broken,
            traceback="" if outcome == "http-error" else run.traceback, modalities=modalities.recorded(run.adapter),
            duration_s=duration)

    def _wake_loop(self) -> None:
        """Get the case's loop out of its selector, so a thread waiting there meets its stop."""
        loop = self.run_state.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: None)

    def _silent_steps(self) -> frozenset[int]:
        return self.model.silent_steps()

    def _served(self, records: list[Any]) -> tuple[int, int] | None:
        """(calls, steps) the upstream served this case (row ``upstream.read``); None when the target says
        its model calls may not reach the case's log (``upstream_attributed = False``: an endpoint)."""
        if getattr(self.run_state.adapter, "upstream_attributed", True) is False:
            return None
        # Over HTTP the server counts bytes, not script steps: a response with bytes served something.
        return len(records), sum(r.steps_sent if r.steps_sent is not None else int(r.bytes_sent > 0) for r in records)

    def _upstream(self, records: list[Any]) -> tuple[UpstreamCall, ...]:
        """The case's upstream calls as the grader reads them (only streaming calls are graded).

        Kept when a row reads them: an abort, request checks, an agent loop (several turns, failed
        attempts), a turn the upstream refuses (how many attempts it got, row retry.bounded), a call past
        the scenario's last turn (graded on robustness, :mod:`conformance.grading`),
        or a turn asked again after its answer (:mod:`conformance.output_validation`).
        """
        s = self.scenario
        wanted = (s.client.aborts or s.expected_request or s.turn_count() > 1
                  or s.failed_attempts or any(r.past_last_turn for r in records)
                  or any(script[0].fault is not None and script[0].fault.kind == "http_status"
                         for script in s.turn_scripts())
                  or reasked(s, records))  # an agent's retry prompt (POLICY output_validation)
        if not wanted:
            return ()
        calls: list[UpstreamCall] = []
        delays = iter(self.run_state.upstream_delays)
        for r in records:
            end = next(delays, None) if r.kind == "stream" else None
            calls.append(UpstreamCall(kind=r.kind, request=r.request, aborted=r.aborted,
                                      client_left_early=r.client_left_early, steps_sent=r.steps_sent,
                                      end_after_abort=end, turn=r.turn, attempt=r.attempt,
                                      past_last_turn=r.past_last_turn, started_at=r.started_at,
                                      ended_at=r.ended_at, served_items=r.served_items))
        return tuple(calls)


def _what_it_did(log: CallSnapshot, events: int) -> str:
    """How a case that timed out spent its time: an adapter that called the model thousands of times
    did not hang, it looped.

    >>> _what_it_did(RequestLog(), 0)
    'the adapter hung; 0 events so far'
    """
    calls = len(log.snapshot())
    if calls > 1:
        return f"the adapter made {calls:,} model calls and {events} events without ending"
    return f"the adapter hung; {events} events so far"


def _current_turn(log: CallSnapshot) -> int:
    """The turn of the latest upstream call (1 before any call, or for a call refused unpicked)."""
    calls = log.snapshot()
    turn = calls[-1].turn if calls else None
    return turn if turn is not None else 1


class UpstreamProgress(Protocol):
    """How far the scripted upstream got: what the runner reads from the model while events arrive."""

    @property
    def steps_emitted(self) -> int: ...

    @property
    def exhausted(self) -> bool: ...

    def silent_steps(self) -> frozenset[int]: ...


class _NoModel:
    """Stands in for the scripted model when the upstream is served over HTTP (no positions there)."""

    steps_emitted = 0
    exhausted = False

    def silent_steps(self) -> frozenset[int]:
        return frozenset()


def _outcome(run: _Run, st: Settings) -> tuple[Outcome, str]:
    """How the run ended, in the order the grader asks (setup, hang, runaway, harness, raise)."""
    if run.setup_error:
        return "setup-error", run.setup_error
    if run.timed_out and run.abort_event_index is None:
        return "timed-out", run.error_text or f"timed out after {st.timeout:.1f}s"
    if run.too_many:
        return "too-many-events", f"more than {st.max_events} events: stopped reading (runaway adapter?)"
    if isinstance(run.error, HarnessError):
        return "harness-error", str(run.error)
    if isinstance(run.error, HttpErrorResponse) and not run.events and run.capabilities is not None \
            and protocol(run.capabilities.output).http_failure is not None:
        return "http-error", run.error.body  # the client reads a non-2xx answer as the run's failure
    if run.error is not None:
        caps = run.capabilities
        declared = caps is not None and caps.failure_channel == "observable"
        # TanStack's delivery sends a raise as RUN_ERROR; a cancelled one (the caller aborted) sends nothing.
        delivered = caps is not None and protocol(caps.output).raise_is_failure and run.abort_at is None
        return ("failed" if declared or delivered else "raised"), run.error_text
    return "completed", ""


def _upstream_delays(log: CallSnapshot, since: float) -> list[float | None]:
    """Seconds from ``since`` (the abort, as the adapter got it) to the end of each upstream streaming request
    (None: still open).

    Both logs, in process and over HTTP, keep ``time.monotonic()``: one clock, one subtraction.
    """
    return [None if c.ended_at is None else c.ended_at - since for c in log.snapshot() if c.kind == "stream"]


def abort_reached_adapter(abort_at: float, delivered_at: float | None, bound: float) -> float:
    """When the caller's abort reached the adapter: ``delivered_at`` (a harness's ``abort-ack``), credited
    at most ``bound`` seconds after the runner fired it, so a transport's delivery on a busy machine is not
    charged to the adapter, and a harness that holds its ack back gains at most one bound.

    >>> abort_reached_adapter(10.0, None, 1.0), abort_reached_adapter(10.0, 10.4, 1.0)
    (10.0, 10.4)
    >>> abort_reached_adapter(10.0, 15.0, 1.0), abort_reached_adapter(10.0, 9.0, 1.0)
    (11.0, 10.0)
    """
    if delivered_at is None:
        return abort_at
    return abort_at + min(max(delivered_at - abort_at, 0.0), bound)


async def _await_upstream_end(log: CallSnapshot | None, run: _Run, bound: float, limit: float) -> None:
    """After an abort, poll the request log until every upstream request has ended or the bound has
    passed since the abort reached the adapter (never past ``limit``, the case's timeout), and keep what
    was seen in ``run``."""
    if run.abort_at is None or log is None:
        return
    since = abort_reached_adapter(run.abort_at, transport_report(run.adapter).abort_delivered_at, bound)
    deadline = min(since + bound, limit)
    while True:
        now = time.monotonic()
        delays = _upstream_delays(log, since)
        if all(d is not None for d in delays) or now >= deadline:
            break
        await asyncio.sleep(min(0.005, deadline - now))  # yields to the adapter's own closing tasks
    run.upstream_delays, run.upstream_checked = delays, now - since


# The events that show a tool call complete, its input whole (the tool may run from then on): AG-UI and
# TanStack TOOL_CALL_END, the UI message stream's tool-input-available, the legacy tool_call chunk.
CALL_COMPLETE_TYPES = frozenset({"TOOL_CALL_END", "tool-input-available", "tool_call"})


def completes_call(event: Any, call_id: str) -> bool:
    """Whether an emitted event shows the tool call ``call_id`` complete (:data:`CALL_COMPLETE_TYPES`;
    ``toolCallId``, or the legacy chunk's ``toolCall.id``).

    >>> completes_call({"type": "TOOL_CALL_END", "toolCallId": "c1"}, "c1")
    True
    >>> completes_call({"type": "tool_call", "toolCall": {"id": "c1"}}, "c1")
    True
    >>> completes_call({"type": "TOOL_CALL_START", "toolCallId": "c1"}, "c1"), completes_call("x", "c1")
    (False, False)
    """
    if not isinstance(event, dict) or event.get("type") not in CALL_COMPLETE_TYPES:
        return False
    nested = event.get("toolCall")
    return event.get("toolCallId") == call_id or (isinstance(nested, dict) and nested.get("id") == call_id)


class _ToolAbortWatch:
    """``client.abort_during_tool`` for an adapter whose tools run out of the runner's reach (a harness,
    an endpoint: ``remote_tools``): the caller aborts once the held call was emitted complete and turn 1's
    upstream request has ended, while the tool holds its result for the abort (``until_abort``). In
    process the tool's own ``execute`` fires the abort (:func:`conformance.server_tools.request_tools`), and
    so does a harness's ``tool-started`` (``reports_tool_start``): then this watch stands aside, since an
    agent may not have read the call yet when the call is emitted and the turn ended."""

    POLL_S = 0.005  # how often the request log is read once the call was seen (it has no callback)

    def __init__(self, call_id: str, ex: _Execution, adapter: Any = None) -> None:
        self.call_id, self.ex, self.adapter = call_id, ex, adapter
        self.task: asyncio.Task[None] | None = None

    def seen(self, event: Any) -> None:
        """Called with each event as copied: the first one about the held call starts the watch."""
        if getattr(self.adapter, "reports_tool_start", False) is True:
            return  # the harness says when the tool starts (tool-started): the abort comes then
        if self.task is None and self.ex.run_state.abort_at is None and completes_call(event, self.call_id):
            self.task = asyncio.ensure_future(self._abort_when_turn_ended())

    async def _abort_when_turn_ended(self) -> None:
        while self.ex.run_state.abort_at is None:
            # Turn 1's last attempt (a scripted failed attempt before it has ended too).
            turn1 = [c for c in self.ex.log.snapshot() if c.kind == "stream" and (c.turn or 1) == 1]
            if turn1 and turn1[-1].ended_at is not None:
                self.ex._fire_abort()
                return
            await asyncio.sleep(self.POLL_S)

    async def stop(self) -> None:
        """Cancel the watch (the run ended)."""
        if self.task is not None:
            self.task.cancel()
            # Wait for it without re-raising its cancellation; a cancellation of this task (the case's
            # bound) still goes through.
            await asyncio.wait({self.task})


MAX_TRACEBACK_CHARS = 8_000


def _traceback(exc: BaseException) -> str:
    """The exception's traceback as text, its last lines kept when it is long (a runaway recursion)."""
    try:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    except Exception:  # a hostile exception whose str() raises
        return f"{type(exc).__name__} (its traceback could not be formatted)"
    return text if len(text) <= MAX_TRACEBACK_CHARS else "...\n" + text[-MAX_TRACEBACK_CHARS:]


def runs_elsewhere(factory: Any) -> bool:
    """Whether the factory is a transport target of the kit whose adapter runs in another process
    (``RUNS_ELSEWHERE``): nothing of the adapter's runs on the case's loop, so no thread needs to bound
    it. A factory of another module saying so is not believed.

    >>> from conformance.targets.cmd import CmdTarget
    >>> class Forged:
    ...     RUNS_ELSEWHERE = True
    >>> runs_elsewhere(object.__new__(CmdTarget)), runs_elsewhere(Forged())
    (True, False)
    """
    kind = type(factory)
    return getattr(kind, "RUNS_ELSEWHERE", False) is True and kind.__module__.startswith("conformance.targets.")


_RUNNERS = threading.local()


def _loop_running() -> bool:
    """Whether this thread is inside an event loop (then a case gets a thread and a loop of its own)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _thread_loop() -> asyncio.AbstractEventLoop:
    """This thread's event loop for the cases of a target that runs elsewhere, made once (closed at exit)."""
    loop: asyncio.AbstractEventLoop | None = getattr(_RUNNERS, "loop", None)
    if loop is None or loop.is_closed():
        loop = _RUNNERS.loop = asyncio.new_event_loop()
        import atexit

        atexit.register(loop.close)
    return loop


def _in_loop(loop: asyncio.AbstractEventLoop, ex: _Execution, request: RunRequest) -> None:
    """``_consume`` on the thread's loop, then what ``asyncio.run`` would end: the tasks the case left."""
    try:
        loop.run_until_complete(_consume(ex, request))
    finally:
        left = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))


def _drive(ex: _Execution, request: RunRequest, runner: asyncio.AbstractEventLoop | None = None) -> None:
    run = ex.run_state
    try:
        if runner is not None:
            _in_loop(runner, ex, request)
        else:
            asyncio.run(_consume(ex, request))
    except CaseStopped:
        return  # the runner ended a case past its bound: its record says so already
    except BaseException as exc:  # the worker must never die silently
        if runner is not None and isinstance(exc, KeyboardInterrupt):
            raise  # on the caller's thread: the user's interrupt ends the session, as it did in join()
        if not run.setup_error and run.error is None:
            run.error = exc
            run.error_text = describe(exc)
            run.traceback = _traceback(exc)


def _strict_json(ev: Any) -> bool:
    try:
        json.dumps(ev, allow_nan=False)
    except ValueError:
        return False
    return True


def _safe_repr(value: Any, limit: int = 200) -> str:
    """``repr`` for a report, whatever the object does (a raising ``__repr__``, a recursion bomb, a
    5,000-digit integer): the suite's copy of an event must not fail where the adapter did not.

    >>> _safe_repr(10 ** 5000)
    '<int that cannot be shown>'
    """
    try:
        return repr(value)[:limit]
    except Exception:
        return f"<{type(value).__name__} that cannot be shown>"


def describe(exc: BaseException) -> str:
    """``Type: message`` of an exception, even one whose ``__str__`` raises.

    >>> describe(KeyError("k"))
    "KeyError: 'k'"
    """
    try:
        return f"{type(exc).__name__}: {exc}"
    except Exception:
        return f"{type(exc).__name__} (its message could not be read)"


def _larger_than(value: Any, limit: int) -> bool:
    """True when ``value`` surely serializes to more than ``limit`` bytes, found without serializing it:
    copying a 64 MiB string to learn its size once blocked the case's loop past its bound.

    >>> _larger_than({"delta": "x" * 100}, 50), _larger_than({"delta": "x"}, 50)
    (True, False)
    """
    total, stack = 0, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (str, bytes)):
            total += len(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        total += 1
        if total > limit:
            return True
    return False


def owns_its_events(adapter: Any) -> bool:
    """Whether the events an adapter yields are already the suite's own plain JSON: a transport target
    of the kit (``conformance.targets``) that parses each event from the harness's line and says so
    (``YIELDS_OWNED_JSON``). The adapter is in another process and holds no reference to them, so
    they need no copy; an in-process adapter's class saying so is not believed.

    >>> from conformance.targets.cmd import CmdAdapter
    >>> class Forged:
    ...     YIELDS_OWNED_JSON = True
    >>> owns_its_events(object.__new__(CmdAdapter)), owns_its_events(Forged())
    (True, False)
    """
    kind = type(adapter)
    return getattr(kind, "YIELDS_OWNED_JSON", False) is True and kind.__module__.startswith("conformance.targets.")


def _snapshot(ev: Any, run: _Run, max_bytes: int, owned: bool = False) -> Any:
    """The event as graded: a copy (an adapter that changes an event after yielding it changes nothing).

    ``owned`` (:func:`owns_its_events`): the event is plain JSON the suite parsed and alone holds; it is
    checked as any other, and kept as it is instead of copied."""
    i = len(run.events)
    try:
        # The walk bounds what serializing an event the adapter still holds would cost; an owned event was
        # parsed from a line of bounded length, so it is serialized first and walked only when too large
        # (the walk's count never exceeds the serialized length, so it can only say "larger" then).
        text: str | None = None
        if owned:
            with contextlib.suppress(Exception):  # if it cannot be serialized, the lines below say so as before
                text = json.dumps(ev)
        if isinstance(ev, dict) and (text is None or len(text) > max_bytes) and _larger_than(ev, max_bytes):
            run.oversize.append(i)
            return {"type": "<oversize>", "bytes": f"more than {max_bytes}"}
        text = json.dumps(ev) if text is None else text
        if not isinstance(ev, dict):
            run.not_json.append(i)
        elif len(text) > max_bytes:
            run.oversize.append(i)
            return {"type": "<oversize>", "bytes": len(text)}
        elif ("NaN" in text or "Infinity" in text) and not _strict_json(ev):
            run.not_json.append(i)  # JavaScript's JSON.parse rejects NaN and Infinity: a client cannot read it
        if owned:
            return ev
        # A JSON round trip is the copy: plain JSON values only (string keys, lists), so a later
        # change by the adapter, a non-string key or a tuple can reach neither the grader nor the reports.
        return json.loads(text)
    except Exception:  # not JSON (TypeError, ValueError), too deep (RecursionError), or a hostile object
        run.not_json.append(i)
        return _safe_repr(ev)


async def _consume(ex: _Execution, request: RunRequest) -> None:
    run, st, model = ex.run_state, ex.st, ex.model
    run.loop = asyncio.get_running_loop()
    began = time.monotonic()
    try:
        adapter = run.adapter = ex.factory(ex.ctx)
        run.capabilities = capabilities_of(adapter)
    except (Exception, SystemExit) as exc:  # sys.exit() in a factory is the adapter's failure, not the suite's
        run.setup_error = f"the adapter factory failed: {describe(exc)}"
        run.traceback = _traceback(exc)
        return
    if ex.dialect not in run.capabilities.inputs:
        return
    server = run.capabilities.server
    if server is not None and ex.served is not None:
        if foreign_quirk(ex.scenario, server, ex.dialect) is not None:
            return  # another server's habit: not run (the grader's foreign_server gate says why)
        ex.served.headers[SERVER_HEADER] = server  # the mock answers in that server's shapes
    try:
        stream = stream_of(adapter, request)
    except (Exception, SystemExit) as exc:
        run.error = exc
        run.error_text = describe(exc)
        run.traceback = _traceback(exc)
        return

    looped = ex.scenario.turn_count() > 1
    held = ex.scenario.client.abort_during_tool
    # An adapter behind a transport runs the tools itself (the request's execute never runs here).
    watch = _ToolAbortWatch(held, ex, adapter) if held is not None and getattr(adapter, "remote_tools", False) is True \
        else None

    owned = owns_its_events(adapter)

    async def pump() -> None:
        async for ev in stream:
            if looped:
                run.event_turns.append(_current_turn(ex.log))
            run.positions.append(model.steps_emitted)
            run.exhausted.append(model.exhausted)
            run.events.append(_snapshot(ev, run, st.max_event_bytes, owned))
            if watch is not None:
                watch.seen(run.events[-1])
            if len(run.events) > st.max_events:
                run.too_many = True
                return

    try:
        await asyncio.wait_for(pump(), timeout=st.timeout)
    except asyncio.TimeoutError:
        run.timed_out = True
        run.error_text = f"no terminal within {st.timeout:.1f}s ({_what_it_did(ex.log, len(run.events))})"
    except (Exception, SystemExit) as exc:
        run.error = exc
        run.error_text = describe(exc)
        run.traceback = _traceback(exc)
    finally:
        if watch is not None:
            await watch.stop()
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            # A hostile generator may refuse to close; the verdict is already known.
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(aclose(), timeout=1.0)
    run.final_position = model.steps_emitted
    # Inside the loop, before its shutdown closes whatever the adapter left open (asyncio.run's
    # shutdown_asyncgens), so an upstream left open after the abort is seen open.
    await _await_upstream_end(ex.log, run, st.abort_bound, began + st.timeout)


__all__ = ["HTTP_DIALECTS", "Factory", "Finding", "build_request", "capabilities_of", "execute", "expressible"]
