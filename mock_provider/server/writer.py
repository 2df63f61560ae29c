"""Writing a compiled plan as the HTTP response: timing, flush boundaries, faults, the log record.

A ``disconnect`` fault hands over what was written, then drops the connection without the
terminating chunk; a ``stall`` fault sends nothing until the client leaves, the server shuts
down or ``max_stall_s`` passes (a scripted caller abort calls back first: everything before the
pause is on the wire). The request's :class:`~mock_provider.request_log.UpstreamCall` learns the
status, the bytes sent, and whether the response completed or the client left early.

Example:
    >>> import asyncio
    >>> asyncio.run(scripted_delay(0.0))
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from aiohttp import web
from aiohttp.http import HttpVersion11

from mock_provider.request_log import UpstreamCall
from mock_provider.server.control import MockProviderState
from mock_provider.server.plans import STALL, WRITE, CompiledPlan, Op

WRITE_SLICE = 64 << 10  # bytes per write: what one connection may buffer beyond aiohttp's own limit
DELAY_CHECK_S = 0.05  # how often a scripted delay looks whether the client is still there


async def scripted_delay(seconds: float, request: web.BaseRequest | None = None) -> None:
    """Wait a scripted (already scaled) delay; only called when ``seconds > 0``.

    With the request, the wait ends early (``ConnectionResetError``) once the client has gone:
    aiohttp does not cancel a handler whose client left, so a long delay kept its log entry open.
    """
    if request is None:
        await asyncio.sleep(seconds)
        return
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while (left := end - loop.time()) > 0:
        if _client_gone(request):
            raise ConnectionResetError("the client left during a scripted delay")
        await asyncio.sleep(min(left, DELAY_CHECK_S))


def _transport(request: web.BaseRequest) -> asyncio.Transport | None:
    # No isinstance check: uvloop's TCPTransport is not an asyncio.Transport subclass, and
    # filtering it out made every disconnect end cleanly and every stall end at once on uvloop.
    return request.transport


async def _flush_transport(request: web.BaseRequest, timeout: float = 5.0) -> None:
    """Wait (bounded) until the transport handed every buffered byte to the kernel."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        transport = _transport(request)
        if transport is None or transport.is_closing() or transport.get_write_buffer_size() == 0:
            return
        await asyncio.sleep(0.001)


def _client_gone(request: web.BaseRequest) -> bool:
    transport = _transport(request)
    return transport is None or transport.is_closing()


async def _stall(request: web.BaseRequest, state: MockProviderState) -> str:
    """Send nothing until the client leaves, the server shuts down or ``max_stall_s`` passes."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + state.max_stall_s
    while True:
        if _client_gone(request):
            return "client"
        if state.shutting_down:
            return "shutdown"
        if loop.time() >= deadline:
            return "timeout"
        # Polling (not an event) because aiohttp does not cancel handlers when a client leaves.
        await asyncio.sleep(0.02)



async def _write_whole(request: web.BaseRequest, plan: CompiledPlan, call: UpstreamCall) -> web.StreamResponse:
    """The fast path: the whole body in one write, headers coalesced with it."""
    if plan.single is None and plan.total_delay_s > 0:
        await scripted_delay(plan.total_delay_s, request)
    data = plan.single if plan.single is not None else plan.body
    # A body past one slice goes out slice by slice, each awaiting the reader (see WRITE_SLICE).
    whole = web.Response(body=data, status=plan.status, headers=plan.headers) if len(data) <= WRITE_SLICE \
        else web.StreamResponse(status=plan.status, headers=plan.headers)
    if plan.chunked and request.version >= HttpVersion11:  # HTTP/1.0 has no chunks: body until close
        whole.enable_chunked_encoding()
    elif not isinstance(whole, web.Response):
        whole.content_length = len(data)
    try:
        await whole.prepare(request)
        if not isinstance(whole, web.Response):
            for start in range(0, len(data), WRITE_SLICE):
                await whole.write(data[start:start + WRITE_SLICE])
        await whole.write_eof()
    except ConnectionError:
        call.left_early()
    else:
        call.bytes_sent = len(data)
        call.completed = True
    call.end()
    return whole


async def _fault(request: web.BaseRequest, op: Op, call: UpstreamCall, state: MockProviderState,
                 on_pause: Callable[[], None] | None) -> None:
    """Play a stall or disconnect op: the response ends here either way."""
    if op.kind == STALL:
        await _flush_transport(request)
        if on_pause is not None:
            on_pause()  # everything before the pause is on the wire: the caller may abort now
        if await _stall(request, state) == "client":
            call.left_early()
    # A scripted disconnect, or a stall however it ended: hand over what was written, then drop the connection
    # without the terminating chunk. A client that left gets nothing more either way; one judged gone while it is
    # still there (its transport not yet visible) would otherwise read aiohttp's terminating chunk as a clean end.
    await _flush_transport(request)
    transport = _transport(request)
    if transport is not None:
        transport.abort()


async def write_plan(request: web.BaseRequest, plan: CompiledPlan, entry: UpstreamCall,
                     state: MockProviderState, on_pause: Callable[[], None] | None = None) -> web.StreamResponse:
    """Write a compiled plan as the response to ``request``, updating the request's log record.

    The record learns the status and fault at once, then the bytes sent, ``completed`` or
    ``client_left_early``, and ``ended_at`` (monotonic) when the response is over. ``on_pause`` is
    called once a scripted pause has put every step before it on the wire.

    >>> import asyncio, httpx
    >>> from mock_provider.server import MockServer
    >>> async def main():
    ...     async with MockServer() as server, httpx.AsyncClient() as client:
    ...         await client.post(server.base_url + "/v1/parts/v4", json={"model": "scenario:text.basic.001"})
    ...         [call] = server.state.log.records
    ...         while call.ended_at is None:  # the server may end the record just after the client read
    ...             await asyncio.sleep(0.01)
    ...         return call.status, call.completed, call.bytes_sent > 0, call.ended_at >= call.started_at
    >>> asyncio.run(main())
    (200, True, True, True)
    """
    entry.status = plan.status
    entry.fault = plan.fault
    if plan.single is not None or (not plan.chunked and plan.fault is None):
        return await _write_whole(request, plan, entry)

    first = plan.ops[0]
    # Headers go out with the first write when it is immediate, else at once (a delayed
    # or stalled stream still shows its status and headers, as a real provider would).
    resp: web.StreamResponse
    if first.kind == WRITE and first.delay_s == 0 and first.data and request.version >= HttpVersion11:
        resp = web.Response(status=plan.status, headers=plan.headers)
    else:
        resp = web.StreamResponse(status=plan.status, headers=plan.headers)
    if request.version >= HttpVersion11:
        resp.enable_chunked_encoding()
    sent = 0
    try:
        await resp.prepare(request)
        for op in plan.ops:
            if op.delay_s:
                await scripted_delay(op.delay_s, request)
            if op.kind != WRITE:
                await _fault(request, op, entry, state, on_pause)
                return resp
            if op.data:
                # Slices, each awaiting the reader (aiohttp drains past its high-water mark): a whole
                # coalesced stream in one write sat in the transport's buffer for a slow reader.
                for start in range(0, len(op.data), WRITE_SLICE):
                    await resp.write(op.data[start:start + WRITE_SLICE])
                sent += len(op.data)
        await resp.write_eof()
        entry.completed = True
    except ConnectionError:
        entry.left_early()
    finally:
        entry.bytes_sent = sent
        entry.end()
    return resp


__all__ = ["scripted_delay", "write_plan"]
