"""A reference ``sac-harness/1`` harness: any Python adapter factory behind the stdio protocol.

It is what a harness in another language does (docs/adapter-protocol.md), written in Python
so the project's tests can prove that ``--adapter-cmd`` grades an adapter exactly as the
in-process runner does::

    pytest --adapter-cmd "python examples/harness_python.py conformance.reference:agui"

The adapter gets an ``AdapterContext`` whose ``model`` is a :class:`RemoteModel`: its
``do_stream`` pulls the suite's scripted parts one ``pull`` at a time (``flow: pull``), and
raises what the suite reports in ``parts-error`` (``APICallError``, ``StreamDisconnected``,
``AbortError``). On ``abort`` the harness fires the caller's signal; if that is the signal the
adapter gave ``do_stream``, it reports ``parts-abort``; then it answers ``abort-ack``. For HTTP
dialects the context carries ``base_url``/``model_id``/headers. A case with ``model_info`` (the
model's catalogue entry) gives it to the adapter, and the harness reports the adapter's
``input_modalities`` in a ``modalities`` message.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import traceback
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from conformance.contract import AdapterContext, RunRequest
from conformance.server_tools import tools_from_wire
from conformance.session import load_factory
from conformance.targets.protocol import (
    PROTOCOL,
    CaseMessage,
    HttpUpstream,
    PartsErrorMessage,
    UpstreamError,
    parse_suite_line,
)
from mock_provider.abort import AbortError, AbortSignal
from mock_provider.model import APICallError, StreamDisconnected


def write(message: dict[str, Any]) -> None:
    """One protocol line on stdout (the only thing this process prints there)."""
    import json

    sys.stdout.buffer.write((json.dumps(message, separators=(",", ":")) + "\n").encode())
    sys.stdout.buffer.flush()


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

    async def _pull(self, options: dict[str, Any] | None = None) -> Any:
        if not self.push:
            write({"type": "pull", "case": self.case_id, **({"options": options} if options is not None else {})})
        return await self.inbox.get()

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
        # The first pull is the doStream call itself; its options are what the suite logs as sent.
        first = await self._pull({k: v for k, v in options.items() if k != "abort_signal"})
        if isinstance(first, PartsErrorMessage):
            self.failure = first.error
            raise upstream_exception(first.error)
        return _Stream(self._items(first))

    async def _items(self, msg: Any) -> AsyncIterator[dict[str, Any]]:
        while True:
            if msg.type == "parts-end":
                return
            if isinstance(msg, PartsErrorMessage):
                raise upstream_exception(msg.error)
            yield msg.part
            msg = await self._pull()


class Harness:
    flow = "pull"

    def __init__(self, spec: str) -> None:
        self.factory = load_factory(spec)
        self.cases: dict[str, tuple[RemoteModel, AbortSignal]] = {}

    def capabilities(self) -> dict[str, Any]:
        adapter = self.factory(AdapterContext(dialect="probe", model=None, scenario_id="probe"))
        caps = adapter.capabilities
        return caps if isinstance(caps, dict) else caps.model_dump(mode="json")

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
        tools = tools_from_wire([t.model_dump(mode="json", exclude_none=True) for t in r.tools])
        request = RunRequest(model=r.model, messages=r.messages, tools=tools, output_schema=r.output_schema,
                             options=r.options, thread_id=r.thread_id, run_id=r.run_id, abort=abort,
                             structured_mode=r.structured_mode)
        try:
            adapter = self.factory(ctx)
            # The adapter's input modalities for the case's model (row request.modalities); only
            # for a case with model_info, the one case in which the suite expects them.
            declared = getattr(adapter, "input_modalities", None) if msg.model_info is not None else None
            if declared is not None:
                write({"type": "modalities", "case": msg.case, "input": declared})
            async for event in adapter.stream(request):
                write({"type": "event", "case": msg.case, "event": event})
        except Exception as exc:
            write({"type": "error", "case": msg.case, "message": f"{type(exc).__name__}: {exc}",
                   "stack": traceback.format_exc()})
        else:
            write({"type": "end", "case": msg.case})
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
                write({"type": "capabilities", "protocol": PROTOCOL, "capabilities": self.capabilities(),
                       "flow": self.flow})
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


if __name__ == "__main__":
    asyncio.run(Harness(sys.argv[1] if len(sys.argv) > 1 else "conformance.reference:agui").main())
