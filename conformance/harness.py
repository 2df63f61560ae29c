"""The packaged ``sac-harness/1`` harness: any Python adapter factory behind the stdio protocol.

``python -m conformance.harness MODULE:FACTORY`` is what ``--adapter-isolation=process`` runs:
the adapter lives in this worker process, the suite (scenarios, expected transcripts, grader)
in another. The worker gets only what a case's caller sends (the request, the upstream parts
or the mock server's URL); it can neither read the expected answer from the suite's memory,
nor patch the grader, nor end the suite (``sys.exit``, ``os._exit``, a stack overflow end this
process: the case is ERROR and the next case gets a fresh one).

The adapter gets an ``AdapterContext`` whose ``model`` is a :class:`RemoteModel`: its
``do_stream`` pulls the suite's scripted parts one ``pull`` at a time (``flow: pull``), or takes a
model call's parts at once where the suite sends them ahead (``parts-ahead``: a case whose caller never
aborts, a stream that never waits) and then says on each message how many reads its adapter made
(``read``); it raises what the suite reports in ``parts-error`` (``APICallError``,
``StreamDisconnected``, ``AbortError``). On ``abort`` the harness fires the caller's signal; if that is the signal the
adapter gave ``do_stream``, it reports ``parts-abort``; then it answers ``abort-ack``. For HTTP
dialects the context carries ``base_url``/``model_id``/headers. A case with ``model_info`` (the
model's catalogue entry) gives it to the adapter, and the harness reports the adapter's
``input_modalities`` in a ``modalities`` message.

Run as a command (:func:`main`), the protocol is written to a private copy of stdout and the
adapter's own ``print`` (or a child process's output) goes to stderr, so it cannot break the
framing. examples/harness_python.py is this module for people reading the examples.

Example:
    >>> event_line("a[v3]", {"type": "RUN_STARTED"})
    {'type': 'event', 'case': 'a[v3]', 'event': {'type': 'RUN_STARTED'}}
    >>> event_line("a[v3]", {"bad": {1, 2}})["event"]
    "{'bad': {1, 2}}"
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import os
import sys
import threading
import traceback
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from conformance.contract import AdapterContext, HttpErrorResponse, RunRequest
from conformance.factory_import import AdapterLoadError, load_factory
from conformance.server_tools import tools_from_wire
from conformance.targets.protocol import (
    PROTOCOL,
    CaseMessage,
    HttpUpstream,
    PartsAheadMessage,
    PartsEndMessage,
    PartsErrorMessage,
    UpstreamError,
    parse_suite_line,
)
from mock_provider.abort import AbortError, AbortSignal
from mock_provider.model import APICallError, StreamDisconnected

__all__ = ["Harness", "RemoteModel", "event_line", "main", "upstream_exception", "write"]

# Where protocol lines go: None is the process's stdout (the examples' harnesses); main() sets a
# private duplicate of it so the adapter's prints cannot interleave with the protocol.
_PROTOCOL_OUT: IO[bytes] | None = None
_WRITE_LOCK = threading.Lock()


def write(message: dict[str, Any]) -> None:
    """One protocol line on the protocol stream (the only thing this process prints there)."""
    _write_line((json.dumps(message, separators=(",", ":")) + "\n").encode())


def _write_event(case: str, event: Any, fields: dict[str, Any]) -> None:
    """The ``event`` message for what the adapter yielded, with ``fields`` (``read``), serialized once: an
    event JSON cannot carry goes as :func:`event_line` says."""
    try:
        data = json.dumps({"type": "event", "case": case, "event": event, **fields}, separators=(",", ":"))
    except Exception:  # TypeError, ValueError, or a hostile object whose own methods raise
        write({**event_line(case, event), **fields})
        return
    _write_line((data + "\n").encode())


def _write_line(data: bytes) -> None:
    out = _PROTOCOL_OUT if _PROTOCOL_OUT is not None else sys.stdout.buffer
    with _WRITE_LOCK:  # an adapter thread may not interleave half a line
        out.write(data)
        out.flush()


def event_line(case: str, event: Any) -> dict[str, Any]:
    """The ``event`` message for what the adapter yielded.

    Something JSON cannot carry (a set, an object) travels as its ``repr`` string, which the
    suite grades like the in-process runner grades a non-object event ("not a JSON object").
    """
    try:
        json.dumps(event)
    except Exception:  # TypeError, ValueError, or a hostile object whose own methods raise
        try:
            text = repr(event)[:200]
        except Exception:
            text = f"<unprintable {type(event).__name__}>"
        return {"type": "event", "case": case, "event": text}
    return {"type": "event", "case": case, "event": event}


def upstream_exception(error: UpstreamError) -> Exception:
    """The Python exception an in-process upstream would have raised for a ``parts-error``."""
    if error.name == "APICallError" and error.status is not None:
        headers = dict(error.response_headers or {})
        return APICallError(error.status, error.response_body, headers, message=error.message)
    if error.name == "StreamDisconnected":
        return StreamDisconnected(error.message)
    if error.name == "AbortError":
        return AbortError(error.message)
    return RuntimeError(f"{error.name}: {error.message}")


@dataclass(frozen=True)
class _AheadPart:
    """A part of a call answered ahead, shaped as the ``part`` message a pull would have got."""

    part: dict[str, Any]
    type: str = "part"


@dataclass
class _Stream:
    stream: AsyncIterator[dict[str, Any]]
    request: dict[str, Any] = field(default_factory=dict)
    response: dict[str, Any] = field(default_factory=dict)


class RemoteModel:
    """``do_stream`` over the protocol: every item the adapter reads is one ``pull``."""

    def __init__(self, case_id: str, dialect: str, *, push: bool = False) -> None:
        self.case_id = case_id
        self.push = push  # flow 'push': parts arrive unasked, nothing to write
        self.specification_version = dialect
        self.provider = "sac-harness"
        self.model_id = case_id
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.signal: Any = None  # the abort signal the adapter passed to do_stream, if any
        self.abort_reported = False
        self.calls = 0  # do_stream calls made (push flow serves one)
        self.failure: UpstreamError | None = None  # how the first call failed, if it did
        self.outstanding = False  # a pull was sent and its answer not read yet
        # Parts the adapter has read of the current call (the in-process model's ``steps_emitted``, for
        # code that watches its own progress through the stream, as the read-ahead mutants do).
        self.steps_emitted = 0
        self.ended = False  # the case's end or error is written: nothing more for it
        # A call the suite answered with ``parts-ahead``: what is left of it to read (its parts, then how it
        # ends), and how many reads the adapter made of it, said on each message printed for the case.
        self.ahead: collections.deque[Any] | None = None
        self.reads = 0

    def said(self) -> dict[str, Any]:
        """``{"read": n}`` while the current call was answered ahead, else ``{}``: fields for a message."""
        return {"read": self.reads} if self.ahead is not None else {}

    async def _pull(self, options: dict[str, Any] | None = None) -> Any:
        said: dict[str, Any] = {}
        if self.ahead is not None:
            if self.ahead:
                # A read of the call answered ahead; so is a new call's first pull while that call has reads
                # left (as under a pull per read: the suite's stream goes on until it ends).
                return self._read_ahead()
            said, self.ahead = self.said(), None  # that call was read to its end: this pull is a new call's
        # A read cancelled while it waited (an adapter racing its read against the abort) leaves the
        # stream open, as an in-process model's does: the answer on its way is the next read's.
        if not self.push and not (self.outstanding and options is None):
            write({"type": "pull", "case": self.case_id, **said,
                   **({"options": options} if options is not None else {})})
        self.outstanding = True
        answer = await self.inbox.get()
        self.outstanding = False
        if isinstance(answer, PartsAheadMessage):
            self.ahead = collections.deque(answer.parts)
            self.ahead.append(PartsErrorMessage(case=self.case_id, error=answer.error, inStream=True)
                              if answer.error is not None else PartsEndMessage(case=self.case_id))
            self.reads = 0
            return self._read_ahead()
        return answer

    def _read_ahead(self) -> Any:
        """One read of the call answered ahead: its next part (as a ``part`` answer would carry it), or
        how it ends (the ``parts-end`` or ``parts-error`` a pull would have got)."""
        assert self.ahead
        self.reads += 1
        item = self.ahead.popleft()
        return _AheadPart(item) if isinstance(item, dict) else item

    def report_close(self) -> None:
        """Tell the suite the adapter closed (or dropped) its upstream stream early: ``parts-close``."""
        if not self.push and not self.ended:
            write({"type": "parts-close", "case": self.case_id, **self.said()})

    def report_abort(self) -> None:
        """Tell the suite the adapter aborted its upstream call (its signal fired): ``parts-abort``."""
        if self.signal is not None and self.signal.aborted and not self.abort_reported:
            self.abort_reported = True
            write({"type": "parts-abort", "case": self.case_id})

    async def do_stream(self, options: dict[str, Any]) -> _Stream:
        self.signal = options.get("abort_signal")
        self.report_abort()  # called with a signal that already fired
        if self.push and self.calls:
            # Push flow carries one model call per case: a retry gets that call's failure again (what
            # a scripted failure answers every attempt); an agent loop's next turn needs flow 'pull'.
            if self.failure is not None:
                raise upstream_exception(self.failure)
            raise RuntimeError("flow 'push' carries one model call per case; an agent loop needs flow 'pull'")
        self.calls += 1
        self.steps_emitted = 0
        # The first pull is the doStream call itself; its options are what the suite logs as sent.
        first = await self._pull({k: v for k, v in options.items() if k != "abort_signal"})
        if isinstance(first, PartsErrorMessage) and not first.in_stream:
            self.failure = first.error
            raise upstream_exception(first.error)
        # An error in the stream (inStream) is raised by the first read, as the in-process model does.
        return _Stream(_RemoteStream(self, first))


class _RemoteStream:
    """One model call's parts, pulled one read at a time. Unlike an async generator, a read cancelled
    while it waits does not end it (the in-process model's stream has its next part at hand, so the
    same adapter's read there is not pending when the abort comes); ``aclose`` before the end, or
    letting go of it, is reported to the suite (``parts-close``), which ends the upstream call then."""

    def __init__(self, model: RemoteModel, first: Any) -> None:
        self.model, self.next, self.done = model, first, False

    def __aiter__(self) -> _RemoteStream:
        return self

    async def __anext__(self) -> dict[str, Any]:
        if self.done:
            raise StopAsyncIteration
        msg, self.next = self.next, None
        if msg is None:
            msg = await self.model._pull()
        if msg.type == "parts-end":
            self.done = True
            raise StopAsyncIteration
        if isinstance(msg, PartsErrorMessage):
            self.done = True
            raise upstream_exception(msg.error)
        part: dict[str, Any] = msg.part
        self.model.steps_emitted += 1
        return part

    async def aclose(self) -> None:
        self._close()

    def _close(self) -> None:
        if not self.done:
            self.done = True
            self.model.report_close()

    def __del__(self) -> None:  # dropped unclosed: an in-process generator is closed by the collector
        with contextlib.suppress(Exception):
            self._close()


class Harness:
    """Serves one factory: the handshake, then cases, each in its own task."""

    flow = "pull"
    # Take a model call's parts at once where the suite offers them (``parts-ahead``) and say the adapter's
    # reads instead of pulling each: the same positions, without a round trip per part.
    ahead = True

    def __init__(self, spec: str, search: Sequence[Path] = ()) -> None:
        self.factory = load_factory(spec, search=search)
        self.cases: dict[str, tuple[RemoteModel, AbortSignal]] = {}

    def capabilities(self) -> dict[str, Any]:
        adapter: Any = self.factory(AdapterContext(dialect="probe", model=None, scenario_id="probe"))
        caps = adapter.capabilities
        return caps if isinstance(caps, dict) else dict(caps.model_dump(mode="json"))

    async def run_case(self, msg: CaseMessage) -> None:
        model, abort = self.cases[msg.case]
        up = msg.upstream
        scenario_id = msg.case.rsplit("[", 1)[0]
        if isinstance(up, HttpUpstream):
            ctx = AdapterContext(dialect=msg.dialect, model=None, scenario_id=scenario_id, base_url=up.base_url,
                                 model_id=up.model_id, extra={"headers": up.headers}, model_info=msg.model_info)
        else:
            ctx = AdapterContext(dialect=msg.dialect, model=model, scenario_id=scenario_id, model_info=msg.model_info)
        r = msg.request
        # Server tools come with their declared results: give each an execute function again.
        # A result marked until_abort holds until the case's abort reaches this harness.
        tools = tools_from_wire([t.model_dump(mode="json", exclude_none=True) for t in r.tools], abort,
                                lambda call_id: write({"type": "tool-started", "case": msg.case,
                                                       "tool_call_id": call_id}))
        request = RunRequest(model=r.model, messages=r.messages, tools=tools, output_schema=r.output_schema,
                             options=r.options, thread_id=r.thread_id, run_id=r.run_id, abort=abort,
                             structured_mode=r.structured_mode)
        threads = set(threading.enumerate())
        notes: dict[str, Any] = {}
        try:
            adapter: Any = self.factory(ctx)
            # The adapter's input modalities for the case's model (row request.modalities); only
            # for a case with model_info, the one case in which the suite expects them.
            declared = getattr(adapter, "input_modalities", None) if msg.model_info is not None else None
            if declared is not None:
                write({"type": "modalities", "case": msg.case, "input": declared})
            async for event in adapter.stream(request):
                _write_event(msg.case, event, model.said())
        except asyncio.CancelledError:
            raise
        except HttpErrorResponse as exc:  # an HTTP error answer before the stream, not a throw
            model.ended = True
            notes = _leak_notes(threads)
            write({"type": "error", "case": msg.case, "message": exc.body, "http_status": exc.status,
                   **model.said(), **notes})
        except BaseException as exc:  # SystemExit too: the adapter's failure, graded like a raise
            model.ended = True
            notes = _leak_notes(threads)
            write({"type": "error", "case": msg.case, "message": _describe(exc), "stack": _stack(),
                   **model.said(), **notes})
        else:
            model.ended = True
            write({"type": "end", "case": msg.case, **model.said(), **_leak_notes(threads)})
        finally:
            self.cases.pop(msg.case, None)

    async def main(self) -> None:
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[bytes | None] = asyncio.Queue()

        def read() -> None:  # stdin in a thread: a portable, loop-independent reader
            for raw in sys.stdin.buffer:
                loop.call_soon_threadsafe(lines.put_nowait, raw)
            loop.call_soon_threadsafe(lines.put_nowait, None)

        threading.Thread(target=read, daemon=True).start()
        tasks: set[asyncio.Task[None]] = set()
        while (raw := await lines.get()) is not None:
            msg = parse_suite_line(raw)
            if msg.type == "hello":
                pull = self.flow == "pull"
                write({"type": "capabilities", "protocol": PROTOCOL, "capabilities": self.capabilities(),
                       "flow": self.flow, "sends": ["tool-started", *(["parts-close"] if pull else [])],
                       **({"receives": ["parts-ahead"]} if pull and self.ahead else {})})
            elif isinstance(msg, CaseMessage):
                # Registered before the task runs: in push flow the parts follow at once.
                self.cases[msg.case] = (RemoteModel(msg.case, msg.dialect, push=self.flow == "push"), AbortSignal())
                task = asyncio.create_task(self.run_case(msg))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            elif msg.case in self.cases:
                model, abort = self.cases[msg.case]
                if msg.type == "abort":
                    abort.abort("client abort")
                    model.report_abort()  # before the ack: the suite waits for both in order
                    write({"type": "abort-ack", "case": msg.case})
                else:
                    model.inbox.put_nowait(msg)
            else:
                print(f"harness: message for an unknown case {msg.case!r}", file=sys.stderr)


def _leak_notes(before: set[threading.Thread]) -> dict[str, Any]:
    """``{"notes": [...]}`` naming the non-daemon threads the case started and left running, or ``{}``.

    Such a thread would hold this process's exit; the suite ends the worker at its own, and says so.
    The loop's executor threads (``asyncio.to_thread``) are the harness's own, kept between cases.

    >>> _leak_notes(set(threading.enumerate()))
    {}
    """
    leaked = sorted(t.name for t in threading.enumerate()
                    if t not in before and not t.daemon and t.is_alive() and not t.name.startswith("asyncio_"))
    if not leaked:
        return {}
    return {"notes": [f"note: the adapter left {len(leaked)} non-daemon thread(s) running ({', '.join(leaked)}) "
                      "in the worker process; the suite ends the worker at its exit"]}


def _describe(exc: BaseException) -> str:
    try:
        return f"{type(exc).__name__}: {exc}"
    except Exception:  # an exception whose str() raises
        return type(exc).__name__


def _stack() -> str:
    try:
        return traceback.format_exc()[-8000:]
    except Exception:  # a runaway recursion or a hostile frame: the message alone says enough
        return ""


def _private_stdout() -> IO[bytes]:
    """A duplicate of stdout for the protocol; fd 1 (and ``sys.stdout``) then point at stderr."""
    out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)  # the adapter's print(), and its children's output, go to stderr
    sys.stdout = sys.stderr
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m conformance.harness [--search DIR]... MODULE:FACTORY``: serve the factory on stdio.

    ``--search``: directories to import the adapter's module from when it is not installed
    (the plugin passes pytest's cwd and rootdir, where ``--adapter`` looks too).
    """
    global _PROTOCOL_OUT
    import argparse

    parser = argparse.ArgumentParser(prog="python -m conformance.harness",
                                     description="Serve a Python adapter factory on stdio as a sac-harness/1 "
                                                 "harness (docs/adapter-protocol.md).")
    parser.add_argument("--search", action="append", type=Path, default=[], metavar="DIR",
                        help="a directory to import the adapter's module from (repeatable)")
    parser.add_argument("adapter", metavar="MODULE:FACTORY", help="the adapter factory to serve")
    parsed = parser.parse_args(sys.argv[1:] if argv is None else argv)
    search: list[Path] = parsed.search
    args = [parsed.adapter]
    _PROTOCOL_OUT = _private_stdout()
    try:
        harness = Harness(args[0], search)
    except AdapterLoadError as exc:  # the suite quotes stderr in "harness did not start"
        print(f"harness: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    asyncio.run(harness.main())


if __name__ == "__main__":
    main()
