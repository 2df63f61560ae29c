"""The shared, sans-IO interpreter behind the three reference adapters (spec-reference section 8).

One class, :class:`ReferenceAdapter`, reads raw upstream items of every part dialect
(AI SDK ``v2``/``v3``/``v4`` stream parts and Mastra chunks), keeps the per-run state
(open text message, open reasoning, tool calls by id with their ordinal ``k``, usage,
finish reason, model id) and calls small ``emit_*`` hooks that the protocol modules
(:mod:`~conformance.reference.agui`, :mod:`~conformance.reference.tanstack`,
:mod:`~conformance.reference.legacy`) implement. Every rule of section 8 lives in one
small method, so a *mutant* adapter breaks exactly one rule by overriding exactly one
method (see the package docstring for the method -> rule table).

The class is composed by concern, one module each, so no module holds every rule:
:mod:`~conformance.reference.base` (state, outbox, ids, ``emit_*`` hooks),
:mod:`~conformance.reference.request` (the upstream request),
:mod:`~conformance.reference.reading` (dialects -> parts),
:mod:`~conformance.reference.text` (text and reasoning),
:mod:`~conformance.reference.structured_output`, :mod:`~conformance.reference.tools`,
:mod:`~conformance.reference.finish` (reason, usage, approvals),
:mod:`~conformance.reference.errors`, :mod:`~conformance.reference.interpreter` (the lifecycle)
and this module (the async driver). Every method still lands on :class:`ReferenceAdapter`,
so a mutant overrides it there.

The interpreter is sans-IO: :meth:`ReferenceAdapter.begin`, :meth:`~ReferenceAdapter.start`,
:meth:`~ReferenceAdapter.feed`, :meth:`~ReferenceAdapter.end_of_stream` and friends never
await; they append events to an outbox that :meth:`~ReferenceAdapter.drain` empties. The
only IO is :meth:`ReferenceAdapter.stream`, which drives the model and the abort signal.

Example (a V3 stream fed by hand; ``AguiReferenceAdapter`` supplies the AG-UI hooks):
    >>> from conformance.contract import RunRequest
    >>> from conformance.reference.agui import AguiReferenceAdapter
    >>> a = AguiReferenceAdapter()
    >>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={},
    ...                    thread_id="t", run_id="r"))
    >>> a.start()
    >>> a.feed({"type": "text-delta", "id": "0", "delta": "Hi"})
    >>> a.feed({"type": "finish", "finishReason": {"unified": "stop", "raw": "stop"},
    ...         "usage": {"inputTokens": {"total": 3}, "outputTokens": {"total": 1}}})
    >>> a.end_of_stream()
    >>> [e["type"] for e in a.drain()]
    ['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncGenerator, AsyncIterator, Iterator
from contextlib import suppress
from typing import Any

from conformance.contract import RunRequest
from conformance.reference.interpreter import Interpreter
from conformance.reference.state import RunState, ToolCallState
from conformance.reference.values import (
    ALL_PART_DIALECTS,
    Event,
    TokenCounts,
    js_stringify,
    normalize_usage,
    parse_json_text,
)

__all__ = [
    "ALL_PART_DIALECTS",
    "Event",
    "ReferenceAdapter",
    "RunState",
    "TokenCounts",
    "ToolCallState",
    "js_stringify",
    "normalize_usage",
    "parse_json_text",
]


class _AbortedWhileWaiting(Exception):
    """The caller's signal fired while we waited for the next upstream item."""


class _AbortWatch:
    """One waiter per run on the caller's abort signal: it cancels the upstream read in progress.

    The read is the adapter's own task awaiting ``__anext__``; only a cancellation this waiter made
    becomes :class:`_AbortedWhileWaiting` (one from outside, a server handler whose client left,
    still propagates). :meth:`close` ends the waiter with the run.

    >>> import asyncio
    >>> from mock_provider.abort import AbortSignal
    >>> async def stalled():
    ...     yield 1
    ...     await asyncio.Event().wait()
    >>> async def demo():
    ...     signal, items = AbortSignal(), stalled()
    ...     watch = _AbortWatch(signal)
    ...     first = await watch.read(items)
    ...     asyncio.get_running_loop().call_later(0.01, signal.abort)
    ...     try:
    ...         await watch.read(items)
    ...     except _AbortedWhileWaiting:
    ...         return first, "aborted while waiting"
    ...     finally:
    ...         watch.close()
    >>> asyncio.run(demo())
    (1, 'aborted while waiting')
    """

    def __init__(self, signal: Any) -> None:
        self.signal = signal
        self.reading: asyncio.Task[Any] | None = None
        self.cancelled_read = False
        self.waiter: asyncio.Future[Any] = asyncio.ensure_future(self._watch())

    async def _watch(self) -> None:
        await self.signal.wait()
        if self.reading is not None:
            self.cancelled_read = True
            self.reading.cancel()

    async def read(self, iterator: AsyncIterator[Any]) -> Any:
        """The next item; :class:`_AbortedWhileWaiting` when the signal fired during the read."""
        task = asyncio.current_task()
        if task is None or self.waiter.done():  # no task to cancel, or a waiter already spent
            return await _race(iterator, self.signal)
        self.reading = task
        try:
            item = await iterator.__anext__()
        except asyncio.CancelledError:
            if not self.cancelled_read or _cancelled_from_elsewhere(task):
                raise
            raise _AbortedWhileWaiting() from None
        finally:
            self.reading = None
        if self.cancelled_read:
            # An upstream that swallowed our cancellation and answered: the item is returned (the
            # caller checks the abort next), and our cancellation must not stay counted on the task.
            _cancelled_from_elsewhere(task)
        return item

    def close(self) -> None:
        """End the waiter (the run is over)."""
        self.waiter.cancel()


def _cancelled_from_elsewhere(task: asyncio.Task[Any]) -> bool:
    """After our own cancellation: was the task also cancelled by someone else (Python >= 3.11)?"""
    uncancel = getattr(task, "uncancel", None)
    return uncancel is not None and uncancel() > 0


async def _race(iterator: AsyncIterator[Any], signal: Any) -> Any:
    """The next item raced against the signal in two tasks (a read outside a task, or a spent waiter)."""
    nxt: asyncio.Future[Any] = asyncio.ensure_future(iterator.__anext__())
    waiter: asyncio.Future[Any] = asyncio.ensure_future(signal.wait())
    try:
        await asyncio.wait({nxt, waiter}, return_when=asyncio.FIRST_COMPLETED)
    except BaseException:
        # Our own task was cancelled (a server handler whose client left): the upstream read
        # must stop too, or it outlives the run and its response is never closed.
        nxt.cancel()
        raise
    finally:
        waiter.cancel()
        with suppress(asyncio.CancelledError, Exception):
            await waiter
    if nxt.done():
        return nxt.result()
    nxt.cancel()
    with suppress(asyncio.CancelledError, Exception):
        await nxt
    raise _AbortedWhileWaiting()



class ReferenceAdapter(Interpreter):
    """Sans-IO interpreter + async driver shared by the reference adapters.

    Subclasses set :attr:`NAME` / :attr:`OUTPUT` and implement the ``emit_*`` hooks.
    Each public method below implements one rule; override one to break one rule.

    >>> ReferenceAdapter.HANDLERS["tool-call"]
    'on_tool_call'
    """

    async def next_item(self, iterator: AsyncIterator[Any], request: RunRequest) -> Any:
        """The next upstream item, or :class:`_AbortedWhileWaiting` if the caller aborts first.

        Racing the signal means a stalled upstream cannot keep an aborted run alive. The read runs
        in this task; one waiter per run (:class:`_AbortWatch`) cancels it if the signal fires
        meanwhile, instead of two tasks and a wait per item (the main job reads 90,000 items).
        """
        signal = request.abort
        if signal is None or not hasattr(signal, "wait"):
            return await iterator.__anext__()
        if getattr(signal, "aborted", False) or not hasattr(asyncio.Task, "uncancel"):
            # A read after the signal fired (a subclass that reads on): as before, an item already
            # there is returned, else the abort wins. Python 3.10 has no Task.uncancel, so the one
            # waiter could not tell its own cancellation from a caller's: the two-task race there.
            return await _race(iterator, signal)
        watch = self.__dict__.get("_abort_watch")
        if not isinstance(watch, _AbortWatch) or watch.signal is not signal:
            watch = self.__dict__["_abort_watch"] = _AbortWatch(signal)
        return await watch.read(iterator)

    async def close_upstream(self, result: Any, iterator: Any) -> None:
        """Cancel the upstream reader (rows 17, 22): ``aclose`` the iterator and the stream."""
        seen: set[int] = set()
        for obj in (iterator, getattr(result, "stream", None)):
            if obj is None or id(obj) in seen:
                continue
            seen.add(id(obj))
            aclose = getattr(obj, "aclose", None)
            if aclose is not None:
                with suppress(Exception):
                    await aclose()

    def _flush(self, request: RunRequest) -> Iterator[Event]:
        # 'silent' checks the abort before every yield: an abort between two events of one
        # batch drops the rest of it (row 22 "stop emitting"). The terminal policies check
        # between upstream items only, so the events they close are exactly the ones sent.
        st = self.state
        silent = self.policies.abort == "silent"
        while st.outbox:
            if silent and not st.abort_handled and self.abort_requested(request):
                self.on_abort()
                continue
            yield st.outbox.pop(0)

    async def stream(self, request: RunRequest) -> AsyncIterator[Event]:
        """Run one request against ``ctx.model`` and yield the protocol's events; never raises.

        Each call works on a shallow copy, so one adapter object can serve several runs.
        """
        run = copy.copy(self)
        run.begin(request)
        driver = run._drive(request)
        try:
            async for event in driver:
                yield event
        finally:
            # A consumer that stops early closes us; close the driver now (not at GC) so the
            # upstream reader is cancelled at once (row 22, request log `client_left_early`).
            await driver.aclose()
            watch = run.__dict__.get("_abort_watch")
            if isinstance(watch, _AbortWatch):
                watch.close()  # a server's loop outlives the run: no waiter may stay behind

    async def _drive(self, request: RunRequest) -> AsyncGenerator[Event, None]:
        self.start()
        # Row 0: RUN_STARTED goes out even when the caller has already aborted.
        for event in self.drain():
            yield event
        if self.abort_requested(request):
            self.on_abort()
        if self.state.done:
            for event in self._flush(request):
                yield event
            return
        turn: RunRequest | None = request
        while turn is not None:
            # One model call per turn; a turn that ended with server-tool calls gives the next one's
            # request (conformance.reference.loop), inside this one run.
            follow_up: list[RunRequest] = []
            async for event in self._turn(turn, request, follow_up):
                yield event
            turn = follow_up[0] if follow_up else None

    async def _turn(self, turn: RunRequest, request: RunRequest,
                    follow_up: list[RunRequest]) -> AsyncGenerator[Event, None]:
        """One model call: its items interpreted; at its end the run finishes, or (agent loop) the server
        tools it called run and ``follow_up`` gets the next turn's request."""
        attempt = 1
        while True:
            try:
                if self.ctx is None or self.ctx.model is None:
                    raise RuntimeError("adapter context has no model")
                result = await self.ctx.model.do_stream(self.stream_options(turn))
                iterator = result.stream.__aiter__()
                break
            except Exception as exc:
                delay = None if self.abort_requested(request) else self.retry_delay(exc, attempt)
                if delay is None:
                    self.request_failed(exc)
                    for event in self._flush(request):
                        yield event
                    return
                attempt += 1
                if delay > 0:
                    await asyncio.sleep(delay)
        try:
            while not self.state.done:
                if self.abort_requested(request):
                    self.on_abort()
                    break
                try:
                    item = await self.next_item(iterator, request)
                except StopAsyncIteration:
                    if not self.loop_continues():
                        self.end_of_stream()
                    elif await self.await_server_results(request):
                        follow_up.append(self.end_turn(turn))
                    else:
                        follow_up.extend(self.abort_in_tools(turn))
                    break
                except _AbortedWhileWaiting:
                    self.on_abort()
                    break
                except Exception as exc:
                    self.stream_failed(exc)
                    break
                if self.abort_requested(request):
                    self.on_abort()
                    break
                self.feed(item)
                for event in self._flush(request):
                    yield event
            for event in self._flush(request):
                yield event
        finally:
            await self.close_upstream(result, iterator)
        if follow_up and self.abort_requested(request) and not self.state.abort_handled:
            # The caller aborted while the tools ran: no further model call (rows 22, loop.abort-stops).
            self.on_abort()
            follow_up.clear()
            for event in self._flush(request):
                yield event
