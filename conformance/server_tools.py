"""Server tools: the executable tools an agent loop runs, as the adapter's caller offers them.

A scenario's ``request.tools`` may mark a tool ``server: true`` and declare, per call, what it
returns or the error it raises (``Scenario.tool_results``). The caller offers such a tool three
ways, one per road a case takes:

* in process, ``RunRequest.tools`` holds it with an ``execute(tool_call_id, input)`` callable that
  returns the declared result or raises :class:`ToolExecutionError` with the declared message;
* to a ``sac-harness/1`` harness, the case message's tool carries ``server: true`` and its
  ``results`` (the same per-call data), so the harness builds its own execute function;
* to an AG-UI endpoint (``--adapter-url``), ``RunAgentInput.tools`` lists it and
  ``forwardedProps.serverTools`` carries the names and the results (AG-UI has no field for a tool
  the agent runs itself).

Client tools (no ``server``) are offered as before, without ``execute`` or ``results``.

A scenario whose caller aborts during a tool (``client.abort_during_tool``) holds that call's
result until the abort: in process its ``execute`` tells the runner the tool started (the runner
aborts then) and returns an awaitable that resolves to the result once the caller's signal fired;
on the wire the call's result carries ``until_abort: true``, and the harness's or endpoint's
execute waits for the abort that reaches it before it returns the result (a tool that ignores the
abort: the framework's loop, not the tool, must stop the run).

Example:
    >>> from mock_provider.scenario import Scenario
    >>> s = Scenario.model_validate({"id": "loop.x.900", "title": "t", "rows": ["8.1.4"],
    ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}],
    ...     "tools": [{"name": "weather", "server": True}]},
    ...     "script": [{"part": {"type": "tool-call", "toolCallId": "c1", "toolName": "weather", "input": "{}"}}],
    ...     "turns": [{"script": [{"part": {"type": "text-delta", "id": "0", "delta": "Sunny"}}]}],
    ...     "tool_results": [{"tool_call_id": "c1", "result": {"temp": 21}}],
    ...     "expected": {"text": "Sunny"}})
    >>> tool = request_tools(s)[0]
    >>> tool["server"], tool["results"], tool["execute"]("c1", {})
    (True, [{'tool_call_id': 'c1', 'result': {'temp': 21}}], {'temp': 21})
    >>> wire_tools([tool])[0].keys() >= {"name", "server", "results"}, "execute" in wire_tools([tool])[0]
    (True, False)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from mock_provider.abort import AbortSignal
from mock_provider.parts import ToolCall
from mock_provider.scenario import Scenario, ServerToolResult, ToolSpec

__all__ = ["EXECUTE", "UNTIL_ABORT", "ToolExecutionError", "ToolExecutor", "executor_of", "request_tools",
           "server_tools_prop", "tools_from_wire", "wire_tools"]

EXECUTE = "execute"  # the key of the callable in an in-process tool dict (not JSON: dropped on the wire)
UNTIL_ABORT = "until_abort"  # a wire result's flag: hold the result until the caller's abort reaches the tool
# Next to until_abort: a harness that declared it sends `tool-started` says so when that tool starts executing
# (the suite then aborts there, as in process); a suite that predates it never sets it.
REPORT_START = "report_start"


class ToolExecutionError(Exception):
    """A server tool raised: the scenario declared this error for the call (``tool_results[].error``)."""


class ToolExecutor:
    """A server tool's ``execute``: the scenario's declared result for each call, or its error.

    A call the scenario declares nothing for (an adapter that invents a call id) raises too,
    naming the call: the scenario did not script what the tool returns for it.

    >>> ex = ToolExecutor("t", [ServerToolResult(tool_call_id="c1", error="no such city")])
    >>> ex("c1", {})
    Traceback (most recent call last):
    ...
    conformance.server_tools.ToolExecutionError: no such city
    >>> ex("c9", None)
    Traceback (most recent call last):
    ...
    conformance.server_tools.ToolExecutionError: tool 't' has no declared result for call 'c9'
    """

    def __init__(self, name: str, results: list[ServerToolResult], *, held: str | None = None,
                 signal: AbortSignal | None = None, on_start: Callable[[], None] | None = None) -> None:
        self.name = name
        self._results = {r.tool_call_id: r for r in results}
        self.calls: list[str] = []  # the call ids it was asked to run, in order
        # The call whose result waits for the caller's abort (client.abort_during_tool), the signal it
        # waits on, and the runner's hook told when that call starts executing.
        self._held, self._signal, self._on_start = held, signal, on_start

    def started(self, tool_call_id: str) -> None:
        """The held call started executing (here, or in a harness that said so): tell the runner."""
        if tool_call_id == self._held and self._on_start is not None:
            self._on_start()  # the runner aborts now: while this call is pending

    def __call__(self, tool_call_id: str, input: Any = None) -> Any:
        self.calls.append(tool_call_id)
        declared = self._results.get(tool_call_id)
        if declared is None:
            raise ToolExecutionError(f"tool {self.name!r} has no declared result for call {tool_call_id!r}")
        if tool_call_id == self._held and self._signal is not None:
            self.started(tool_call_id)
            return self._after_abort(self._signal, declared)
        if declared.error is not None:
            raise ToolExecutionError(declared.error)
        return declared.result

    @staticmethod
    def _after_abort(signal: AbortSignal, declared: ServerToolResult) -> Awaitable[Any]:
        """The held call's pending result: resolves once the caller's signal fired (no clock involved)."""

        async def pending() -> Any:
            await signal.wait()
            if declared.error is not None:
                raise ToolExecutionError(declared.error)
            return declared.result

        return pending()


def _results_of(scenario: Scenario, tool: ToolSpec) -> list[ServerToolResult]:
    names = {p.tool_call_id: p.tool_name for turn in scenario.turn_scripts() for s in turn
             if isinstance(p := s.part, ToolCall)}
    return [r for r in scenario.tool_results if names.get(r.tool_call_id) == tool.name]


def _result_json(r: ServerToolResult, held: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"tool_call_id": r.tool_call_id, "error": r.error} if r.error is not None else {
        "tool_call_id": r.tool_call_id, "result": r.result}
    if r.tool_call_id == held:
        out[UNTIL_ABORT] = True
        out[REPORT_START] = True
    return out


def request_tools(scenario: Scenario, signal: AbortSignal | None = None,
                  on_tool_start: Callable[[], None] | None = None) -> list[dict[str, Any]]:
    """The tools of the caller's request: client tools as declared; server tools with their per-call
    ``results`` and an ``execute`` callable (:class:`ToolExecutor`).

    With ``client.abort_during_tool``, that call's result holds until ``signal`` fires, and
    ``on_tool_start`` is called when the call starts executing (the runner aborts there).
    """
    held = scenario.client.abort_during_tool
    out: list[dict[str, Any]] = []
    for t in scenario.request.tools:
        tool = t.model_dump()
        if t.server:
            results = _results_of(scenario, t)
            tool["results"] = [_result_json(r, held) for r in results]
            tool[EXECUTE] = ToolExecutor(t.name, results, held=held, signal=signal, on_start=on_tool_start)
        out.append(tool)
    return out


def wire_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tools as JSON (a harness message, a log): the ``execute`` callable left out."""
    return [{k: v for k, v in t.items() if k != EXECUTE} for t in tools]


def server_tools_prop(tools: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """``forwardedProps.serverTools`` for an AG-UI endpoint: each server tool's name and results
    (None when the request has no server tool, so a plain endpoint sees no new prop).

    >>> server_tools_prop([{"name": "a", "server": False}]) is None
    True
    >>> server_tools_prop([{"name": "w", "server": True, "results": [{"tool_call_id": "c", "result": 1}]}])
    [{'name': 'w', 'results': [{'tool_call_id': 'c', 'result': 1}]}]
    """
    server = [{"name": t["name"], "results": list(t.get("results") or [])} for t in tools if t.get("server")]
    return server or None


def tools_from_wire(tools: list[dict[str, Any]], signal: AbortSignal | None = None,
                    on_start: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """A harness's side of :func:`wire_tools`: each server tool gets back an ``execute`` built from its
    ``results`` (what ``examples/harness_python.py`` hands its adapter); a result marked ``until_abort``
    is held until ``signal`` (the case's abort, as it reached the harness) fires, and, when it also
    carries ``report_start``, ``on_start(call id)`` is called as it starts (the harness's ``tool-started``).

    >>> t = tools_from_wire([{"name": "w", "server": True, "results": [{"tool_call_id": "c", "result": 2}]}])
    >>> t[0]["execute"]("c", {})
    2
    """
    out: list[dict[str, Any]] = []
    for t in tools:
        tool = dict(t)
        if tool.get("server"):
            raw = [r for r in tool.get("results") or [] if isinstance(r, dict)]
            held = next((str(r.get("tool_call_id")) for r in raw if r.get(UNTIL_ABORT)), None)
            report = on_start is not None and any(r.get(REPORT_START) for r in raw if r.get(UNTIL_ABORT))
            results = [ServerToolResult.model_validate({k: v for k, v in r.items()
                                                        if k not in (UNTIL_ABORT, REPORT_START)}) for r in raw]
            tool[EXECUTE] = ToolExecutor(str(tool.get("name", "")), results, held=held, signal=signal,
                                         on_start=_told(on_start, held) if report else None)
        out.append(tool)
    return out


def _told(on_start: Callable[[str], None] | None, held: str | None) -> Callable[[], None]:
    """``on_start`` for the held call, as the no-argument hook :class:`ToolExecutor` calls."""
    return lambda: on_start(held or "") if on_start is not None else None


def executor_of(tool: dict[str, Any]) -> Callable[[str, Any], Any] | None:
    """The tool's ``execute`` callable (None for a client tool).

    >>> executor_of({"name": "a"}) is None
    True
    """
    fn = tool.get(EXECUTE)
    return fn if callable(fn) else None
