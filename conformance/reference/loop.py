"""The reference adapters' small agent loop (issue 16), sans-IO: run the server tools a turn called,
emit their results, and ask the model again, all inside one run.

When the caller's request offers server tools (``RunRequest.tools`` entries with an ``execute``,
:mod:`conformance.server_tools`) and a model turn ended with complete calls to them, the turn does
not end the run: open text and reasoning are closed, each call is executed and its result emitted
in the output protocol (AG-UI ``TOOL_CALL_RESULT``, UI message stream ``tool-output-available`` /
``tool-output-error``, TanStack ``TOOL_CALL_RESULT``, legacy ``tool_result``), and the next model
call carries the turn's assistant message and the tool results. The run keeps one lifecycle: one
start, one terminal event, after the last turn; its finish reason is the last turn's, its usage
the sum over the turns (``ai``'s ``totalUsage``: ai@6.0.326 dist/index.mjs ``addLanguageModelUsage``).
Without server tools nothing here runs, and a run is the single model call it always was.

>>> from conformance.contract import RunRequest
>>> from conformance.reference.agui import AguiReferenceAdapter
>>> a = AguiReferenceAdapter()
>>> tool = {"name": "w", "server": True, "execute": lambda call_id, value: {"temp": 21}}
>>> a.begin(RunRequest(model="m", messages=[{"role": "user", "content": "hi"}], tools=[tool],
...                    output_schema=None, options={}, thread_id="t", run_id="r"))
>>> a.feed({"type": "tool-call", "toolCallId": "c1", "toolName": "w", "input": "{}"})
>>> a.loop_continues()
True
>>> nxt = a.end_turn(a.state.request)
>>> [e["type"] for e in a.drain()][-1], [m["role"] for m in nxt.messages]
('TOOL_CALL_RESULT', ['user', 'assistant', 'tool'])
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
from contextlib import suppress
from typing import Any

from conformance.contract import RunRequest
from conformance.reference.finish import FinishMixin
from conformance.reference.state import ToolCallState
from conformance.reference.tools import ToolsMixin
from conformance.reference.values import TokenCounts, js_stringify
from mock_provider.turns import header_delay

__all__ = ["LoopMixin", "add_usage"]

MAX_LOOP_TURNS = 16  # a loop bound (mock_provider.scenario.MAX_TURNS): a model that always calls tools ends
# ai's default: a retryable APICallError (429, 408, 409, 5xx; isRetryable) is retried twice, after the
# Retry-After it states (ai@6.0.326 dist/index.mjs retryWithExponentialBackoffRespectingRetryHeaders);
# see LoopMixin.retry_delay for what the reference keeps of it.
MAX_RETRIES = 2
MAX_RETRY_WAIT = 5.0  # seconds: a longer Retry-After gives up rather than outlive the case
RETRYABLE = frozenset({408, 409, 429})
INVALID_ARGUMENTS = "Invalid input for tool {name}: the arguments are not valid JSON"


def add_usage(a: TokenCounts | None, b: TokenCounts | None) -> TokenCounts | None:
    """Two steps' usage summed key by key (a key either step reports counts; None: neither reported any).

    >>> add_usage({"inputTokens": 3, "outputTokens": 1, "totalTokens": 4}, {"inputTokens": 5, "totalTokens": 5})
    {'inputTokens': 8, 'outputTokens': 1, 'totalTokens': 9}
    >>> add_usage(None, None) is None
    True
    """
    if a is None or b is None:
        return a if b is None else b
    return {k: a.get(k, 0) + b.get(k, 0) for k in (*a, *(k for k in b if k not in a))}


class LoopMixin(ToolsMixin, FinishMixin):
    """Server-tool calls ending a turn, their execution, and the next turn's request."""

    def server_executor(self, name: str) -> Any:
        """The caller's ``execute`` for a server tool of this name (None: a client tool, or unknown)."""
        for tool in self.state.request.tools:
            if tool.get("name") == name and tool.get("server") and callable(tool.get("execute")):
                return tool["execute"]
        return None

    def pending_server_calls(self) -> list[ToolCallState]:
        """This turn's complete calls to server tools, not yet executed, in order of appearance."""
        return [c for c in self.state.calls.values()
                if c.completed and c.input_complete and not c.provider_executed and not c.executed
                and self.server_executor(c.name) is not None]

    def loop_continues(self) -> bool:
        """The turn ended with server-tool calls and nothing else ends the run: run them, ask again.

        A client call in the same turn ends the run for its caller (the tools it cannot run), an
        error finish or an approval request ends it too; so does the loop bound.
        """
        st = self.state
        if st.done or st.upstream_finish == "error" or st.approvals or st.turns >= MAX_LOOP_TURNS:
            return False
        pending = self.pending_server_calls()
        client = [c for c in st.calls.values() if not c.executed and c not in pending and self.counts_as_completed(c)]
        return bool(pending) and not client

    def end_turn(self, request: RunRequest) -> RunRequest:
        """Close the turn (text, reasoning, open calls), execute its server calls, emit their results, and
        return the request of the next turn: the conversation plus this turn's assistant message and results."""
        st = self.state
        self.close_open()
        calls = self.pending_server_calls()
        assistant: dict[str, Any] = {"role": "assistant", "content": st.text_total[st.turn_text_from:] or None,
                                     "tool_calls": [{"id": c.id, "type": "function",
                                                     "function": {"name": c.name, "arguments": c.input_text}}
                                                    for c in calls]}
        results: list[dict[str, Any]] = []
        for call in calls:
            call.executed = True
            if not call.input_ok:
                # Arguments that do not parse are not run: the model is told, and the stream already
                # shows the call as invalid (row 8.1.13); protocols that answer it say so here.
                value: Any = INVALID_ARGUMENTS.format(name=call.name)
                self.emit_invalid_call_result(call, value)
            else:
                done = st.tool_outputs.pop(call.id, None)
                value, is_error = done if done is not None else self.execute_server_call(call)
                self.emit_server_tool_result(call.id, call.name, value, is_error)
            results.append({"role": "tool", "tool_call_id": call.id,
                            "content": value if isinstance(value, str) else js_stringify(value)})
        st.loop_usage = add_usage(st.loop_usage, st.usage)
        st.usage, st.upstream_finish, st.finish_seen, st.raw_finish = None, None, False, None
        st.turns += 1
        st.turn_text_from = len(st.text_total)
        self.emit_step_boundary()
        return dataclasses.replace(request, messages=[*request.messages, assistant, *results])

    async def await_server_results(self, request: RunRequest) -> bool:
        """Run this turn's server calls before the turn ends; an ``execute`` that returns an awaitable (a
        coroutine, as async tools do) is awaited, raced against the caller's abort signal. False: the
        caller aborted while a tool ran (its result is dropped; ``abort_in_tools``).

        >>> import asyncio
        >>> from conformance.reference.agui import AguiReferenceAdapter
        >>> async def slow(call_id, value):
        ...     return {"temp": 21}
        >>> a = AguiReferenceAdapter()
        >>> a.begin(RunRequest(model="m", messages=[], tools=[{"name": "w", "server": True, "execute": slow}],
        ...                    output_schema=None, options={}, thread_id="t", run_id="r"))
        >>> a.feed({"type": "tool-call", "toolCallId": "c1", "toolName": "w", "input": "{}"})
        >>> asyncio.run(a.await_server_results(a.state.request)), a.state.tool_outputs
        (True, {'c1': ({'temp': 21}, False)})
        """
        for call in self.pending_server_calls():
            if not call.input_ok:
                continue  # not run (end_turn answers it)
            value, is_error = self.execute_server_call(call)
            if inspect.isawaitable(value):
                pending = asyncio.ensure_future(value)
                signal = request.abort
                waiter = asyncio.ensure_future(signal.wait()) if hasattr(signal, "wait") else None
                try:
                    await asyncio.wait({pending} | ({waiter} if waiter else set()),
                                       return_when=asyncio.FIRST_COMPLETED)
                except BaseException:
                    pending.cancel()  # this run was cancelled (the case's bound): the tool must not outlive it
                    raise
                finally:
                    if waiter is not None:
                        waiter.cancel()
                if not pending.done():
                    pending.cancel()  # the caller aborted first: the tool's result is not waited for
                    with suppress(asyncio.CancelledError, Exception):
                        await pending
                    return False
                try:
                    value = pending.result()
                except Exception as exc:  # the tool's error is the call's result, not the run's end
                    value, is_error = str(exc) or type(exc).__name__, True
            self.state.tool_outputs[call.id] = (value, is_error)
        return not (request.abort is not None and request.abort.aborted)

    def execute_server_call(self, call: ToolCallState) -> tuple[Any, bool]:
        """Run one server tool: ``(result, False)``, or ``(error message, True)`` when it raised."""
        try:
            return self.server_executor(call.name)(call.id, call.input_value), False
        except Exception as exc:  # the tool's error is the call's result, not the run's end
            return str(exc) or type(exc).__name__, True

    def emit_server_tool_result(self, call_id: str, tool_name: str, result: Any, is_error: bool) -> None:
        """A server tool's result in the output protocol (by default as a provider result is sent)."""
        self.emit_tool_result(call_id, tool_name, result, is_error)

    def retry_delay(self, exc: BaseException, attempt: int) -> float | None:
        """Seconds to wait before attempt ``attempt + 1`` of a failed model call (None: give up).

        Retried: an error that is retryable (``is_retryable``, else a status of 408, 409, 429 or 5xx)
        and states when to retry (a ``retry-after-ms`` / ``retry-after`` header), while fewer than
        :data:`MAX_RETRIES` retries were made. The wait is that header's, as ai waits it (row
        ``retry.after``): the suite's ``time_scale`` shortens the mock's scripted delays, not the
        upstream's word, which the mock serves unscaled. A wait past :data:`MAX_RETRY_WAIT` seconds
        gives up instead. ai also retries without the header, after an exponential backoff; the
        reference leaves those out, so it never sleeps on a clock of its own choosing and a transport
        that carries one model call per case (a push-flow harness) is never asked twice.

        >>> class E(Exception):
        ...     status_code, response_headers = 429, {"retry-after-ms": "1500"}
        >>> LoopMixin().retry_delay(E(), 1), LoopMixin().retry_delay(E(), 3), LoopMixin().retry_delay(ValueError(), 1)
        (1.5, None, None)
        """
        status = getattr(exc, "status_code", getattr(exc, "statusCode", None))
        retryable = getattr(exc, "is_retryable", None)
        if retryable is None:
            retryable = isinstance(status, int) and (status in RETRYABLE or status >= 500)
        # The mock's APICallError (AI SDK shape) has response_headers; the openai SDK's APIStatusError
        # keeps them on its httpx response.
        response = getattr(exc, "response", None)
        headers: Any = getattr(exc, "response_headers", None) or getattr(response, "headers", None)
        # The same reading the retry.after row grades (retry-after-ms, then retry-after; an HTTP date or
        # garbage is no wait this reference reads).
        seconds = header_delay(headers) if hasattr(headers, "items") else None
        if retryable is not True or attempt > MAX_RETRIES or seconds is None:
            return None
        wait = max(0.0, seconds)
        return wait if wait <= MAX_RETRY_WAIT else None

    def final_usage(self) -> TokenCounts | None:
        """8.3 over a loop: the turns' usage summed (a single turn: as before)."""
        if self.state.loop_usage is None:
            return super().final_usage()
        return add_usage(self.state.loop_usage, self.state.usage)

    def emit_invalid_call_result(self, call: ToolCallState, message: str) -> None:
        """A server call whose arguments do not parse, answered to the model only; protocols whose
        producer also streams that answer (ai 6's ``tool-output-error``) emit it here."""

    def emit_step_boundary(self) -> None:
        """Between two model calls of one run; protocols without step events emit nothing."""
