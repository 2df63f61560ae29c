"""``--adapter-cmd "CMD ..."``: an adapter in any language, behind the ``sac-harness/1`` stdio protocol.

:class:`CmdTarget` is a normal factory for the runner. It starts ``CMD`` once (shell-split,
cwd = the current directory), greets it, takes its capabilities from the handshake, and reuses
the process for one case after another. Each :class:`CmdAdapter` sends its case, feeds the
scripted model's parts (part dialects) or lets the harness call the mock server (HTTP
dialects), forwards the caller's abort, and yields the events the harness prints.

The process is read and written by threads with blocking pipes, so the target works with the
runner's fresh event loop per case. Whatever the harness does, the case gets a verdict:

* it does not answer ``hello`` in time, or exits first: every case ERROR "harness did not start";
* it exits mid-case, prints a line that is not a valid message, names another case, or says
  nothing until the case timeout: ERROR with the reason and the tail of its stderr, and the
  process is killed and started afresh for the next case;
* it reports ``error`` (the adapter threw): graded like a Python adapter that raised;
* it prints a message for a case that already ended: dropped by the reader thread, and counted
  on that case (:meth:`CmdTarget.late_notes`), never charged to the case running when it arrives;
  past ``max_late_messages`` such messages the process is replaced when no case needs it.

A case whose scenario states the model's catalogue entry carries it as ``model_info``; the
harness may answer with one ``modalities`` message, which becomes the adapter's
``input_modalities`` (row ``request.modalities``, graded by :mod:`conformance.modalities`).

Example:
    >>> import sys, pathlib
    >>> harness = pathlib.Path(__file__).parents[2] / "examples" / "harness_python.py"
    >>> target = CmdTarget(f"{sys.executable} {harness}", start_timeout=20)
    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.runner import run_case
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> run_case(target, s, "v3").verdict
    'PASS'
    >>> target.close()
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextlib
import secrets
import shlex
import threading
import time
import weakref
from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AbortSignal, AdapterContext, Capabilities, HarnessError, HttpErrorResponse, RunRequest
from conformance.server_tools import EXECUTE, wire_tools
from conformance.targets.harness_process import (
    DEFAULT_MAX_LINE_BYTES,
    HARNESS_MARK,
    HarnessProcess,
    Item,
    descendants,
    marked_processes,
    off_loop,
    polled_exit_code,
)
from conformance.targets.parts_ahead import SAYS_READ, AheadCall, offer
from conformance.targets.protocol import (
    AbortMessage,
    CaseMessage,
    HttpUpstream,
    PartMessage,
    PartsAheadMessage,
    PartsEndMessage,
    PartsErrorMessage,
    PartsUpstream,
    RequestBody,
    UpstreamError,
    upstream_error,
)
from mock_provider.scenario import PART_DIALECTS

__all__ = ["DEFAULT_MAX_LINE_BYTES", "HARNESS_MARK", "CmdAdapter", "CmdTarget", "HarnessAdapterError", "HarnessProcess",
           "descendants", "marked_processes"]

DEFAULT_START_TIMEOUT = 30.0
MAX_ENDED_CASES = 10_000
# Messages for ended cases one harness process may print before it is replaced (at the end of the
# case running then, or before the next one): a harness that keeps printing for a finished case
# would otherwise cost every later case the time to read its lines.
DEFAULT_MAX_LATE_MESSAGES = 10_000
# How often a case waiting on its harness checks that the process is still there: a harness that
# exited while a child it started holds its stdout sends no EOF, and was once "silent" until the timeout.
LIVENESS_POLL_S = 0.25
EOF_GRACE_S = 1.0


class HarnessAdapterError(Exception):
    """The harness reported that its adapter threw (an ``error`` message)."""


class _NotTaken(HarnessError):
    """The harness exited before it took the case: no line for it, no upstream call made for it."""


_TARGETS: weakref.WeakSet[CmdTarget] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for target in list(_TARGETS):
        target.close()


class CmdTarget:
    """A factory (``factory(ctx) -> adapter``) backed by one harness process, restarted as needed.

    ``start_timeout`` bounds each handshake (restarts too); ``case_timeout`` is how long a case may go without
    the harness finishing before it is ERROR (use the runner's per-case timeout: the target
    stops a little earlier so the reason can quote the harness's stderr).
    """

    # The adapter runs in the harness's process: the suite's side of a case is this module's code, which
    # never blocks its loop, so the runner plays the case on the calling thread's own loop instead of a
    # thread and a loop of its own (conformance.execution.runs_elsewhere).
    RUNS_ELSEWHERE = True

    def __init__(self, cmd: str, *, start_timeout: float = DEFAULT_START_TIMEOUT, case_timeout: float = 10.0,
                 max_line_bytes: int = DEFAULT_MAX_LINE_BYTES, opaque: bool = False,
                 max_late_messages: int = DEFAULT_MAX_LATE_MESSAGES) -> None:
        self.cmd = cmd
        # Opaque: the harness sees a random id per case (its case id, thread and run ids, HTTP model
        # id), never the scenario's: a worker cannot look its case up in the public corpus by name.
        self.opaque = opaque
        self._names: collections.OrderedDict[str, str] = collections.OrderedDict()  # wire id -> case id
        self.argv = shlex.split(cmd)
        if not self.argv:
            raise ValueError("--adapter-cmd is empty")
        self.start_timeout = start_timeout
        self.case_timeout = case_timeout
        self.max_line_bytes = max_line_bytes
        self.max_late_messages = max_late_messages
        self.__name__ = f"cmd:{cmd}"
        self.starts = 0
        self._proc: HarnessProcess | None = None
        self._failed: str | None = None
        self._closed = False
        self._lock = threading.Lock()
        # Cases already ended (bounded): a message for one of them is late, not the next case's.
        # Their own lock: the reader threads consult them while process() holds _lock for a handshake.
        self._late_lock = threading.Lock()
        self._ended: collections.OrderedDict[str, None] = collections.OrderedDict()
        self._late: dict[str, collections.Counter[str]] = {}
        self._restarted: set[str] = set()  # cases whose late messages had their harness replaced
        self._notes: dict[str, list[str]] = {}  # the harness's own notes on a case (its end's ``notes``)
        self.deaths: list[str] = []  # cases after whose end the harness exited on its own
        self.retaken: list[str] = []  # cases run again on a fresh harness: the one before exited before taking them
        self.leaks: list[tuple[str, str]] = []  # (note, case id): threads the adapter left in the worker
        _TARGETS.add(self)

    def __call__(self, ctx: AdapterContext) -> CmdAdapter:
        return CmdAdapter(self, self.process(), ctx)

    def display(self, wire: str) -> str:
        """The case id behind ``wire`` (itself unless the target is opaque)."""
        with self._lock:
            return self._names.get(wire, wire)

    def wire_id(self, case_id: str) -> str:
        """The id the harness knows ``case_id`` by: itself, or a random one when the target is opaque."""
        if not self.opaque:
            return case_id
        wire = f"case.{secrets.token_hex(8)}"  # a valid scenario id: the mock server selects by it
        with self._lock:
            self._names[wire] = case_id
            while len(self._names) > MAX_ENDED_CASES:
                self._names.popitem(last=False)
        return wire

    def case_started(self, case_id: str) -> None:
        """``case_id`` runs (again): its messages are its own, not late ones of an earlier run."""
        with self._late_lock:
            self._ended.pop(case_id, None)

    def case_ended(self, case_id: str) -> None:
        """Remember that ``case_id`` is over: its later messages are dropped and noted (:meth:`late_notes`)."""
        with self._late_lock:
            self._ended[case_id] = None
            while len(self._ended) > MAX_ENDED_CASES:
                self._ended.popitem(last=False)

    def note_if_late(self, msg: Any) -> bool:
        """True (and counted) when ``msg`` belongs to a case that already ended."""
        case = getattr(msg, "case", None)
        with self._late_lock:
            if case not in self._ended:
                return False
        self.note_late(str(case), str(getattr(msg, "type", "?")))
        return True

    def note_late(self, case: str, what: str) -> None:
        """Count one thing the harness printed for ``case`` after it had ended (what kinds: a few)."""
        with self._late_lock:
            kinds = self._late.setdefault(case, collections.Counter())
            if what in kinds or len(kinds) < 8:
                kinds[what] += 1
            else:
                kinds["other"] += 1

    def note_case(self, case: str, notes: list[str]) -> None:
        """Keep the notes the harness sent with ``case``'s end (a thread left running) for its reason."""
        with self._lock:
            name = self._names.get(case, case)
        with self._late_lock:
            self._notes.setdefault(case, []).extend(notes[:8])
            self.leaks.extend((n, name) for n in notes[:8] if "non-daemon thread" in n)

    def flooding(self, proc: HarnessProcess) -> bool:
        """``proc`` printed more messages for ended cases than a harness may: it is to be replaced."""
        return proc.late > self.max_late_messages

    def _replace_flooding(self, proc: HarnessProcess) -> None:
        """Note the replacement of a flooding ``proc`` on the case it printed most for (it is killed after)."""
        if proc.late_cases:
            with self._late_lock:
                self._restarted.add(proc.late_cases.most_common(1)[0][0])

    def late_notes(self) -> dict[str, str]:
        """Case id -> a note on the messages its harness printed after the case had ended (taken once).

        They were dropped, not charged to the case running when they arrived; the session adds
        the note to the case they belong to.

        >>> t = CmdTarget("true")
        >>> t.case_ended("a[v3]"); t.note_late("a[v3]", "event"); t.note_late("a[v3]", "end")
        >>> t.late_notes()["a[v3]"]
        'note: the harness printed 2 message(s) for this case after it had ended (end, event); dropped'
        """
        with self._late_lock:
            late, self._late = self._late, {}
            restarted, self._restarted = self._restarted, set()
            own, self._notes = self._notes, {}
        cases = late.keys() | restarted | own.keys()
        if not cases:  # the common call (after every case): no copy of the names
            return {}
        with self._lock:
            names = {case: self._names.get(case, case) for case in cases}
        notes = {}
        for case in cases:
            kinds = late.get(case, collections.Counter())
            text = (f"note: the harness printed {sum(kinds.values())} message(s) for this case after it had ended "
                    f"({', '.join(sorted(kinds))}); dropped" if kinds else "")
            if case in restarted:
                text += (("; " if text else "note: ") + f"past {self.max_late_messages} messages for ended cases "
                         "the harness was restarted")
            notes[names[case]] = "\n".join(n for n in (*own.get(case, []), text) if n)
        return notes

    @property
    def start_failure(self) -> str | None:
        """Why the harness could not start (every case is then ERROR), or None."""
        return self._failed

    def process(self) -> HarnessProcess:
        """The running harness, started (and greeted) if needed; HarnessError if it cannot start."""
        with self._lock:
            if self._failed is not None:
                raise HarnessError(self._failed)  # a harness that cannot start is not retried per case
            if self._proc is not None and self._proc.alive() and not self.flooding(self._proc):
                return self._proc
            if self._closed:
                raise HarnessError("harness target closed")
            if self._proc is not None:
                if self.flooding(self._proc):
                    self._replace_flooding(self._proc)
                elif not self._proc.alive():
                    self._note_death(self._proc)
                self._proc.kill()
            timeout = self.start_timeout
            try:
                proc = HarnessProcess(self.argv, max_line_bytes=self.max_line_bytes, late=self.note_if_late)
            except OSError as exc:
                self._failed = f"harness did not start: cannot run {self.cmd!r}: {exc}"
                raise HarnessError(self._failed) from exc
            self.starts += 1
            try:
                proc.handshake(timeout)
            except HarnessError as exc:
                proc.kill()
                self._failed = str(exc)
                raise
            self._proc = proc
            return proc

    def _note_death(self, proc: HarnessProcess) -> None:
        """The harness died on its own between cases: a note on the case it ended last, not on the next one."""
        death = self.death_note(proc, "it was restarted for the next case")
        if death is not None:
            self.record_death(*death)

    def death_note(self, proc: HarnessProcess, then: str) -> tuple[str, str] | None:
        """(case, note) for a death of ``proc`` before it took a case: the case it ended last owns it.

        None when ``proc`` ended no case (a fresh process: its death is the case's it was given).
        """
        case, proc.last_ended = proc.last_ended, None
        if case is None:
            return None
        tail = proc.tail().strip().splitlines()[-5:]
        stderr = "; its last stderr lines:\n  " + "\n  ".join(tail) if tail else ""
        return case, (f"note: the harness exited (exit code {proc.exit_code()}) after this case ended, before it "
                      f"took the next one; {then}{stderr}")

    def record_death(self, case: str, text: str) -> None:
        """Keep ``text`` (from :meth:`death_note`) as a note on ``case``, and count the death."""
        name = self._names.get(case, case)  # no _lock: process() calls this holding it (one dict read)
        with self._late_lock:
            self._notes.setdefault(case, []).append(text)
        self.deaths.append(name)

    def replace(self, proc: HarnessProcess) -> HarnessProcess:
        """Kill ``proc`` (it exited before taking a case) and start and greet a fresh one (blocking).

        HarnessError when the fresh one cannot start. Its death is not noted here: the caller knows
        whether the fresh harness takes the case, and so whose the death was.
        """
        with self._lock:
            if self._proc is proc:
                self._proc = None
        proc.kill()
        return self.process()

    def discard(self, proc: HarnessProcess) -> None:
        """Kill ``proc`` (a case ended badly) and start its successor in the background.

        The start overlaps the grading of this case, so the next case's factory call (whose
        time counts against that case) mostly finds the new process ready.
        """
        if self.flooding(proc):
            self._replace_flooding(proc)
        proc.kill()
        with self._lock:
            if self._proc is proc:
                self._proc = None
        threading.Thread(target=self._restart, daemon=True, name="harness-restart").start()

    def _restart(self) -> None:
        with contextlib.suppress(HarnessError):
            self.process()  # a failure is remembered and reported by the next case

    def close(self) -> None:
        with self._lock:
            self._closed = True
            proc, self._proc = self._proc, None
        if proc is not None:
            proc.kill()


class CmdAdapter:
    """One case's view of the harness: sends the case, feeds parts, yields events."""

    # Its server tools run behind the transport (from the case's results), never the runner's execute:
    # the runner watches the events to abort during a tool (client.abort_during_tool).
    remote_tools = True
    # Its events are parsed from the harness's lines by the suite's reader thread: plain JSON that
    # nothing else holds, so the runner keeps them without a copy (conformance.execution.owns_its_events).
    YIELDS_OWNED_JSON = True

    @property
    def reports_tool_start(self) -> bool:
        """The harness says when a held tool starts (``tool-started``): the abort comes then, not on a guess."""
        return "tool-started" in self.proc.sends

    def __init__(self, target: CmdTarget, proc: HarnessProcess, ctx: AdapterContext) -> None:
        self.target = target
        self.proc = proc
        self.ctx = ctx
        assert proc.capabilities is not None
        self.capabilities: Capabilities = proc.capabilities
        self.case_id = target.wire_id(f"{ctx.scenario_id}[{ctx.dialect}]")
        # The thread and run ids the harness gets: the caller's, or ones derived from the opaque case id
        # (the caller's name the scenario); the events' own are put back as they come (see stream()).
        self._ids: dict[str, tuple[str, str]] = {}
        self._abort_sent = False
        self._parts_done = False
        self._iterator: Any = None
        self._result: Any = None
        # The scripted upstream's own signal: it fires when the harness reports that its adapter
        # aborted the upstream call (``parts-abort``), not when the caller aborts, so an adapter
        # that never passes the caller's signal upstream is caught (row 8.1.22).
        self._upstream_abort = AbortSignal()
        self._acked: asyncio.Event | None = None
        self._feeding: asyncio.Task[None] | None = None
        self._ahead: AheadCall | None = None  # the model call answered with parts-ahead, if any
        self.calls_ahead = 0  # model calls answered with parts-ahead (the rest had a pull per read)
        self.events_yielded = 0
        # The harness's ``modalities`` message for this case (None: it declared none, UNSUPPORTED
        # on a case with model_info); read by the runner after the run, like an in-process adapter's.
        self.input_modalities: list[str] | None = None
        # Read by the runner (HTTP cases): how many events the harness had printed when the abort
        # reached it (its ``abort-ack``).
        self.abort_event_index: int | None = None
        # ... and when (time.monotonic(), the request log's clock): row request.abort counts from there.
        self.abort_delivered_at: float | None = None
        # Whether the harness took this case: it printed a line for it, or its adapter called the
        # upstream for it. A death before that is the previous case's (see _death()).
        self._taken = False
        self._retook: str | None = None  # the case that owned the first death, once this case is run again
        self._pending_death: tuple[str, str] | None = None  # ... and its note, kept once the fresh harness takes it
        self._inbox: asyncio.Queue[Item] | None = None

    # ------------------------------------------------------------ parts
    def _send_abort(self) -> None:
        if not self._abort_sent:
            self._abort_sent = True
            self.proc.send(AbortMessage(case=self.case_id))

    async def _next_answer(self, request: RunRequest, call: dict[str, Any] | None = None) -> Any:
        """The scripted model's next item, as the message that answers a pull.

        ``call``: the doStream options the harness sent with its first pull (logged as the upstream
        request); without them the caller's messages and tools stand in.
        """
        try:
            if self._iterator is None:
                options: dict[str, Any] = (dict(call) if call is not None
                                           else {"prompt": request.messages, "tools": wire_tools(request.tools)})
                options["abort_signal"] = self._upstream_abort
                if self.ctx.model is None:  # an HTTP case: the harness's adapter reads base_url, not parts
                    raise HarnessError("harness protocol violation: it pulled upstream parts on a case served "
                                       f"over HTTP ({self.ctx.dialect}); its adapter should call base_url")
                self._result = await self.ctx.model.do_stream(options)
                self._iterator = self._result.stream.__aiter__()
                ahead = offer(self.proc.flow, self.proc.receives, self.ctx.model, request.abort.aborted)
                if ahead is not None:  # the first pull is the call and its first read, as in pull flow
                    self._ahead, self.calls_ahead = AheadCall(len(ahead[0]) + 1, self._iterator), self.calls_ahead + 1
                    self._parts_done = await self._ahead.play(1)
                    return PartsAheadMessage(case=self.case_id, parts=ahead[0],
                                             error=None if ahead[1] is None else upstream_error(ahead[1]))
            item = await self._iterator.__anext__()
        except StopAsyncIteration:
            self._parts_done = True
            return PartsEndMessage(case=self.case_id)
        except Exception as exc:
            self._parts_done = True
            # doStream returned and its stream failed: the harness's doStream returns too, and the
            # first read throws (an abort before the first part reaches an in-process adapter so).
            return PartsErrorMessage(case=self.case_id, error=upstream_error(exc), inStream=self._iterator is not None)
        return PartMessage(case=self.case_id, part=item)

    async def _feed_one(self, request: RunRequest, *, pulled: bool, call: dict[str, Any] | None = None) -> None:
        """Answer one pull (or push one item): the next part, or how the stream ended.

        When the caller aborts during this pull (the scenario's abort-after-step N), an adapter
        that passed the signal upstream would not see part N. So, in pull flow, the answer waits
        for the harness's ``abort-ack``: if the harness reported ``parts-abort`` by then, the
        pull is answered with the upstream's AbortError instead.
        """
        aborted_before = request.abort.aborted
        answer = await self._next_answer(request, call)
        if request.abort.aborted:
            self._send_abort()  # the harness hears of the abort before the upstream's answer
            if pulled and not aborted_before and self._acked is not None:
                await self._acked.wait()
                if self._upstream_abort.aborted and not isinstance(answer, PartsErrorMessage):
                    if not self._parts_done:
                        answer = await self._next_answer(request)  # the model records the abort
                    if not isinstance(answer, PartsErrorMessage):
                        answer = PartsErrorMessage(case=self.case_id, error=UpstreamError(
                            name="AbortError", message="The operation was aborted"), inStream=True)
                    self._parts_done = True
        self.proc.send(answer)

    async def _push_parts(self, request: RunRequest) -> None:
        while not self._parts_done:
            await self._feed_one(request, pulled=False)

    async def _watch_abort(self, request: RunRequest) -> None:
        await request.abort.wait()
        self._send_abort()

    # ------------------------------------------------------------ the case
    def _case_message(self, request: RunRequest) -> CaseMessage:
        ctx = self.ctx
        upstream: HttpUpstream | PartsUpstream
        if ctx.dialect in PART_DIALECTS:
            upstream = PartsUpstream()
        else:
            model_id = ctx.model_id or ""
            alias = getattr(ctx.request_log, "alias", None)
            if self.target.opaque and callable(alias):
                model_id = alias(self.case_id)  # the mock server knows the case by its opaque id too
            upstream = HttpUpstream(base_url=ctx.base_url or "", model_id=model_id,
                                    headers=dict(ctx.extra.get("headers") or {}))
        thread_id, run_id = request.thread_id, request.run_id
        if self.target.opaque:
            thread_id, run_id = f"thread-{self.case_id}", f"run-{self.case_id}"
            self._ids = {"threadId": (thread_id, request.thread_id), "runId": (run_id, request.run_id)}
        body = RequestBody(model=request.model, messages=request.messages,
                           tools=wire_tools(request.tools),  # type: ignore[arg-type]  # validated as ToolBody
                           output_schema=request.output_schema, options=request.options,
                           thread_id=thread_id, run_id=run_id,
                           structured_mode=request.structured_mode)  # type: ignore[arg-type]
        return CaseMessage(case=self.case_id, dialect=ctx.dialect, request=body, upstream=upstream,
                           model_info=ctx.model_info)

    def _failure(self, what: str) -> HarnessError:
        return HarnessError(f"{what}{self.proc.tail()}")

    def _check_stray(self, stray: list[Item]) -> None:
        # Lines the harness printed between cases: any message there breaks the protocol.
        for kind, msg in stray:
            if kind == "msg" and self.target.note_if_late(msg):
                continue  # a late message of a case that ended: noted on that case, not charged to this one
            if kind == "msg":
                raise self._failure(f"harness protocol violation: a {msg.type!r} message between cases "
                                    f"(for case {getattr(msg, 'case', None)!r})")
            if kind == "violation":
                raise self._failure(f"harness protocol violation between cases: {msg}")
            if kind == "eof":  # it exited between the factory's liveness check and now
                raise self._death(f"harness exited (exit code {self.proc.exit_code()}) before {self.case_id} "
                                  "was sent")

    async def _receive(self, inbox: asyncio.Queue[Item], request: RunRequest, deadline: float) -> Any:
        """The next message of this case; a silent, dead or misbehaving harness raises :class:`HarnessError`."""
        while True:
            kind, msg = await self._next_item(inbox, request, deadline)
            if kind == "msg" and getattr(msg, "case", None) != self.case_id and self.target.note_if_late(msg):
                continue  # a late message of an earlier case: noted there, not charged to this one
            break
        if kind == "eof":
            code = await polled_exit_code(self.proc)
            if code is None:  # end of file, yet the process runs on
                raise self._failure(f"harness closed its stdout during {self.case_id} (the process is still running)")
            raise self._death(f"harness exited mid-case (exit code {code}) during {self.case_id}")
        if kind == "violation":
            raise self._failure(f"harness protocol violation: {msg}")
        if getattr(msg, "case", None) != self.case_id:
            raise self._failure(f"harness protocol violation: a {msg.type!r} message for case "
                                f"{getattr(msg, 'case', None)!r} during case {self.case_id!r}")
        self._took()
        return msg

    def _took(self) -> None:
        """The harness printed its first line for this case: it took it, and a death from now on is this case's.

        On a fresh harness (the case run again), the death of the one before is now known to be the
        previous case's: its note is kept.
        """
        if self._taken:
            return
        self._taken = True
        if self._pending_death is not None:
            self.target.record_death(*self._pending_death)
            self._pending_death = None

    def _upstream_touched(self) -> bool:
        """The case's upstream was called (by the harness's adapter, or, in push flow, by the suite)."""
        log = self.ctx.request_log
        snapshot = getattr(log, "snapshot", None)
        calls = snapshot() if callable(snapshot) else getattr(log, "records", [])
        return bool(calls) or self._result is not None or self._feeding is not None

    def _death(self, what: str) -> HarnessError:
        """The harness exited during this case: whose death is it?

        Taken (a line for the case, or an upstream call): this case's ERROR. Not taken, on a process
        that ended a case before: the case never reached the adapter, so it is run again on a fresh
        harness (:class:`_NotTaken`), and the death goes to that earlier case once the fresh harness
        takes this one. A push-flow parts case has had its upstream called by the suite: it cannot be
        run again unchanged, and stays ERROR.
        """
        push = self.ctx.dialect in PART_DIALECTS and self.proc.flow != "pull"
        if self._taken or push or self._upstream_touched():
            return self._failure(what)
        if self._retook is not None:
            return self._failure(
                f"{what}; it printed nothing for this case, as the harness before it did (which had exited "
                f"after {self.target.display(self._retook)} ended, before taking this case), so the case was run "
                "again on a fresh harness: it exited again before taking it")
        if self.proc.last_ended is None:  # a fresh process: nothing ran on it before, the death is this case's
            return self._failure(what)
        return _NotTaken(what)

    async def _take_again(self, died: _NotTaken, loop: asyncio.AbstractEventLoop, request: RunRequest,
                          tasks: list[asyncio.Task[None]], parts: bool) -> asyncio.Queue[Item]:
        """The harness exited before taking this case: send it again to a fresh harness (once)."""
        old = self.proc
        old.detach()
        await _cancelled(tasks)
        tasks.clear()
        self._pending_death = self.target.death_note(
            old, f"the next case ({self.target.display(self.case_id)}) was sent again to a fresh harness")
        self._retook = self._pending_death[0] if self._pending_death else "?"
        self.target.retaken.append(self.target.display(self.case_id))
        try:
            self.proc = await off_loop(lambda: self.target.replace(old))
        except HarnessError as exc:
            raise HarnessError(f"{died} before taking the case; a fresh harness to run it again did not start: "
                               f"{exc}") from exc
        self._abort_sent = False  # the dead harness's abort, if any, is sent again after the case
        return self._begin(loop, request, tasks, parts)

    async def _next_item(self, inbox: asyncio.Queue[Item], request: RunRequest, deadline: float) -> Item:
        """The next item from the reader, waiting in slices so a harness that exited is seen at once."""
        if not inbox.empty():  # already read: no timer (wait_for) for it
            return inbox.get_nowait()
        loop = asyncio.get_running_loop()
        while True:
            # After the caller aborted, a harness that keeps going is graded (row 8.1.22) by
            # the runner's own timeout, as any adapter that ignores the abort.
            left = None if request.abort.aborted else max(deadline - loop.time(), 0.0)
            try:
                return await asyncio.wait_for(inbox.get(), LIVENESS_POLL_S if left is None else
                                              min(left, LIVENESS_POLL_S))
            except asyncio.TimeoutError:
                code = self.proc.proc.poll()
                if code is not None:
                    with contextlib.suppress(asyncio.TimeoutError):  # its end of file may be on its way
                        return await asyncio.wait_for(inbox.get(), EOF_GRACE_S)
                    # Exited, yet its stdout is still open: a child it started holds the pipe.
                    raise self._death(f"harness exited (exit code {code}) during {self.case_id} while a "
                                        "process it started still holds its stdout (no end of file)") from None
                if left is not None and left <= LIVENESS_POLL_S:
                    raise self._failure(f"harness silent: case {self.case_id} not ended within "
                                        f"{self.target.case_timeout:.1f}s (no 'end' or 'error'; the process is "
                                        "alive)") from None

    def _on_control(self, msg: Any, request: RunRequest, tasks: list[asyncio.Task[None]], parts: bool) -> None:
        """A message of the case that is neither an event nor its end: acks, upstream abort, modalities, pulls."""
        if msg.type == "abort-ack":
            if self.abort_event_index is None:
                self.abort_event_index = self.events_yielded
                self.abort_delivered_at = time.monotonic()
            assert self._acked is not None  # stream() makes one per case
            self._acked.set()
        elif msg.type == "parts-abort":
            if not parts:
                raise self._failure("harness protocol violation: 'parts-abort' in an HTTP case")
            self._upstream_abort.abort("the adapter aborted its upstream call")
        elif msg.type == "modalities":
            if self.input_modalities is not None:
                raise self._failure("harness protocol violation: a second 'modalities' message "
                                    f"during case {self.case_id!r}")
            self.input_modalities = list(msg.input)
        elif msg.type == "pull":
            tasks.append(self._on_pull(msg, request, parts))
        elif msg.type == "tool-started":
            for tool in request.tools:  # the runner's executors: the held one fires the caller's abort
                started = getattr(tool.get(EXECUTE), "started", None)
                if callable(started):
                    started(msg.tool_call_id)

    def _on_pull(self, msg: Any, request: RunRequest, parts: bool) -> asyncio.Task[None]:
        """Pull flow: answer the harness's request for the next part in a task (returned, to be awaited)."""
        proc = self.proc
        busy = self._feeding is not None and not self._feeding.done()
        if self._ahead is not None and not self._parts_done:
            raise self._failure("harness protocol violation: unexpected 'pull' (a call answered with parts-ahead is "
                                f"read locally; {self._ahead.said} of its {self._ahead.total} reads said)")
        self._ahead = None
        if parts and proc.flow == "pull" and self._parts_done and not busy and msg.options is not None:
            # An agent loop's next model call: a pull with doStream options after the stream ended
            # starts a new upstream call (the scripted model picks its turn from the prompt).
            self._iterator, self._parts_done = None, False
        if not parts or proc.flow != "pull" or self._parts_done or busy:
            why = ("the part stream already ended" if self._parts_done and parts
                   else "the previous pull is not answered yet" if busy
                   else f"flow is {proc.flow!r}, dialect {self.ctx.dialect!r}")
            raise self._failure(f"harness protocol violation: unexpected 'pull' ({why})")
        # A task, so lines (parts-abort, abort-ack) are read while the model waits.
        self._feeding = asyncio.create_task(self._feed_one(request, pulled=True, call=msg.options))
        return self._feeding

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        """Send the case, serve the harness (parts, aborts) and yield the events it prints until its ``end``."""
        loop = asyncio.get_running_loop()
        finished = False
        tasks: list[asyncio.Task[None]] = []
        parts = self.ctx.dialect in PART_DIALECTS
        self.target.case_started(self.case_id)
        self._acked = asyncio.Event()
        # Stop a little before the runner does, to say why with the harness's stderr.
        deadline = loop.time() + max(self.target.case_timeout * 0.9, self.target.case_timeout - 1.0)
        try:
            try:
                inbox = self._begin(loop, request, tasks, parts)
            except _NotTaken as died:
                inbox = await self._take_again(died, loop, request, tasks, parts)
            while True:
                try:
                    msg = await self._receive(inbox, request, deadline)
                except _NotTaken as died:
                    inbox = await self._take_again(died, loop, request, tasks, parts)
                    continue
                if msg.type in SAYS_READ and self._ahead is not None:  # read the upstream as far first
                    try:
                        self._parts_done = await self._ahead.take(getattr(msg, "read", None)) or self._parts_done
                    except ValueError as why:
                        raise self._failure(f"harness protocol violation: {msg.type!r} says its adapter "
                                            f"{why}") from None
                if msg.type == "event":
                    self.events_yielded += 1
                    yield self._caller_ids(msg.event)
                    continue
                if msg.type in ("end", "error") and msg.notes:
                    self.target.note_case(self.case_id, [str(n)[:500] for n in msg.notes])
                if msg.type == "parts-close":
                    await self._upstream_closed(parts)
                elif msg.type == "end":
                    finished = True
                    return
                elif msg.type == "error":
                    finished = True
                    if msg.http_status is not None:
                        raise HttpErrorResponse(msg.http_status, msg.message)  # an HTTP answer, not a throw
                    stack = f"\n{msg.stack}" if msg.stack else ""
                    raise HarnessAdapterError(f"{msg.message}{stack}")
                else:
                    self._on_control(msg, request, tasks, parts)
        finally:
            proc = self.proc
            self.target.case_ended(self.case_id)
            if finished:
                proc.last_ended = self.case_id
            proc.detach()
            await _cancelled(tasks)
            if not (finished and self._reports_close(parts)):
                await self._close_upstream()
            # else: an upstream the harness did not report closed is left open, as the in-process
            # adapter left it: the runner watches it, and its loop's end closes it.
            if not finished or self.target.flooding(proc):
                self.target.discard(proc)
            await asyncio.sleep(0)  # lines already handed to this loop: noted below, never lost unsaid
            if self._inbox is not None:
                self._drain_late(self._inbox)

    def _begin(self, loop: asyncio.AbstractEventLoop, request: RunRequest, tasks: list[asyncio.Task[None]],
               parts: bool) -> asyncio.Queue[Item]:
        """Take the harness's stdout for this case, send it the case and start serving it; the case's queue."""
        inbox: asyncio.Queue[Item] = asyncio.Queue()
        self._inbox = inbox
        stray = self.proc.attach(loop, inbox)
        self._check_stray(stray)
        self.proc.send(self._case_message(request))
        tasks.append(asyncio.create_task(self._watch_abort(request)))
        if parts and self.proc.flow == "push":
            tasks.append(asyncio.create_task(self._push_parts(request)))
        return inbox

    def _caller_ids(self, event: Any) -> Any:
        """The event with the opaque thread and run ids the harness was given put back to the caller's
        (an adapter that echoes them emits what it would in process; any other value stays)."""
        if not self._ids or not isinstance(event, dict):
            return event
        swapped = {key: self._ids[key][1] for key, value in event.items()
                   if key in self._ids and value == self._ids[key][0]}
        return {**event, **swapped} if swapped else event

    def _drain_late(self, inbox: asyncio.Queue[Item]) -> None:
        """What reached this case's queue after it ended: a note on the case, not a message for the next one."""
        while not inbox.empty():
            kind, msg = inbox.get_nowait()
            if kind == "msg" and not self.target.note_if_late(msg):
                other = getattr(msg, "case", None)
                self.target.note_late(self.case_id, f"{getattr(msg, 'type', '?')} for case {other!r}")
            elif kind == "violation":
                self.target.note_late(self.case_id, f"an invalid line ({str(msg)[:80]})")

    def _reports_close(self, parts: bool) -> bool:
        """The harness says when its adapter closes an upstream stream early (``parts-close``)."""
        return parts and self.proc.flow == "pull" and "parts-close" in self.proc.sends

    async def _upstream_closed(self, parts: bool) -> None:
        """``parts-close``: the adapter let go of its upstream stream; end the scripted call now."""
        if not self._reports_close(parts):
            raise self._failure("harness protocol violation: 'parts-close' it did not declare (flow pull, "
                                "capabilities.sends), or in an HTTP case")
        feeding = self._feeding
        if feeding is not None and not feeding.done():  # a pull being answered: that read is cancelled
            feeding.cancel()
            with contextlib.suppress(BaseException):
                await feeding
        await self._close_upstream()
        self._iterator, self._parts_done, self._ahead = None, True, None

    async def _close_upstream(self) -> None:
        # Like an adapter that stops reading: the request log records whether it left early.
        stream = getattr(self._result, "stream", None)
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(aclose(), timeout=1.0)


async def _cancelled(tasks: list[asyncio.Task[Any]]) -> None:
    """Cancel ``tasks`` and wait until each has ended, whatever it raised."""
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(BaseException):
            await task
