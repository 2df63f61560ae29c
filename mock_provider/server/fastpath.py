"""The model routes answered below aiohttp's request objects, for the common request.

Each connection starts with :class:`FastProtocol`. It parses with aiohttp's own C parser (llhttp,
the parser aiohttp's server uses, with the same limits) and answers a model request itself when it
is plain: HTTP/1.1 ``POST`` of a model route with a ``Content-Length`` body within the body limit,
no ``Expect``, no ``Content-Encoding``, no upgrade, the whole request in hand and nothing after it,
and a plan that is one immediate write of at most one slice. The answer is the bytes aiohttp's
response would carry (same headers, same order, same ``Date`` clock, same chunk framing), written
at once, with the same log record.

Anything else goes to aiohttp, on the same connection, from the first byte of the request not yet
answered: the protocol builds aiohttp's handler for the connection, sets it as the transport's
protocol and feeds it the bytes held. A model request already resolved (its log record started,
its attempt counted) whose plan is not one immediate write, or that was refused, is handed over
with its resolution, which the route handler takes instead of resolving again (:func:`take`).

Example:
    >>> fast_route("/v1/chat/completions")
    ('openai-chat', None)
    >>> fast_route("/v1beta/models/gemini-2.0:streamGenerateContent")
    ('gemini', {'stream': True, 'model': 'gemini-2.0'})
    >>> fast_route("/v1/chat/completions/") is None
    True
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from aiohttp import hdrs
from aiohttp.helpers import rfc822_formatted_time
from aiohttp.http import SERVER_SOFTWARE, HttpVersion11
from aiohttp.http_parser import HttpRequestParser
from aiohttp.http_writer import _serialize_headers
from aiohttp.streams import EMPTY_PAYLOAD
from multidict import CIMultiDict

from mock_provider.dialects import HTTP_DIALECTS, PART_DIALECTS
from mock_provider.request_log import UpstreamCall
from mock_provider.server.control import MockProviderState
from mock_provider.server.errors import RequestError
from mock_provider.server.plans import CompiledPlan
from mock_provider.server.selection import MAX_ID_LENGTH, SCOPE_HEADER
from mock_provider.wires import http_dialect

if TYPE_CHECKING:
    from aiohttp import web

WRITE_SLICE = 64 << 10  # the writer's slice (writer.WRITE_SLICE): a longer body goes through aiohttp
# aiohttp's RequestHandler defaults (web_protocol.py), so both paths accept the same requests.
MAX_LINE_SIZE, MAX_FIELD_SIZE, MAX_HEADERS, READ_BUFSIZE = 8190, 8190, 128, 2 ** 16

_STATIC: dict[str, tuple[str, dict[str, Any] | None]] = {}
_DYNAMIC: list[tuple[re.Pattern[str], str, dict[str, Any]]] = []
for _name in HTTP_DIALECTS:
    for _route, _fields in http_dialect(_name).routes():
        if "{" in _route:
            # aiohttp's own pattern for a {name} segment: [^{}/]+
            _pattern = re.escape(_route).replace(r"\{model\}", "(?P<model>[^{}/]+)")
            _DYNAMIC.append((re.compile(_pattern), _name, dict(_fields)))
        else:
            _STATIC[_route] = (_name, dict(_fields) or None)
for _name in PART_DIALECTS:
    _STATIC[f"/v1/parts/{_name}"] = (_name, None)


def fast_route(path: str) -> tuple[str, dict[str, Any] | None] | None:
    """The dialect and path fields of a model route's path (no query, not percent-encoded), else None."""
    hit = _STATIC.get(path)
    if hit is not None:
        return hit
    for pattern, name, fields in _DYNAMIC:
        match = pattern.fullmatch(path)
        if match is not None:
            return name, {**fields, "model": match["model"]}
    return None


def response_bytes(plan: CompiledPlan, data: bytes, keep_alive: bool) -> bytes:
    """What aiohttp writes for ``web.Response(body=data, status=..., headers=plan.headers)`` on HTTP/1.1.

    >>> from mock_provider.server.plans import CompiledPlan
    >>> p = CompiledPlan(200, {"content-type": "application/json"}, (), b"{}", False, b"{}", None, 0.0, "x", "v3")
    >>> response_bytes(p, b"{}", True).split(b"\\r\\n")[:3]
    [b'HTTP/1.1 200 OK', b'content-type: application/json', b'Content-Length: 2']
    """
    headers: CIMultiDict[str] = CIMultiDict(plan.headers)
    if plan.chunked:
        headers.pop(hdrs.CONTENT_LENGTH, None)
        headers[hdrs.TRANSFER_ENCODING] = "chunked"
        body = (b"%x\r\n%b\r\n0\r\n\r\n" % (len(data), data)) if data else b"0\r\n\r\n"
    else:
        headers[hdrs.CONTENT_LENGTH] = str(len(data))
        body = data
    if data:
        headers.setdefault(hdrs.CONTENT_TYPE, "application/octet-stream")
    if hdrs.DATE not in headers:
        headers[hdrs.DATE] = rfc822_formatted_time()
    headers.setdefault(hdrs.SERVER, SERVER_SOFTWARE)
    if hdrs.CONNECTION not in headers and not keep_alive:
        headers[hdrs.CONNECTION] = "close"
    head: bytes = _serialize_headers(f"HTTP/1.1 {plan.status} {_reason(plan.status)}", headers)
    return head + body


def _reason(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return ""


def _one_write(plan: CompiledPlan) -> bytes | None:
    """The body when the writer would send the plan as one immediate ``web.Response``, else None."""
    if plan.single is not None:
        data = plan.single
    elif not plan.chunked and plan.fault is None and plan.total_delay_s == 0:
        data = plan.body
    else:
        return None
    return data if len(data) <= WRITE_SLICE else None


class FastProtocol(asyncio.Protocol):
    """One connection, answered here while its requests are plain model requests (see the module)."""

    def __init__(self, handler: Callable[[], web.RequestHandler], state: MockProviderState,
                 fast: set[FastProtocol]) -> None:
        self._handler = handler
        self._state = state
        self._fast = fast
        self._transport: asyncio.Transport | None = None
        self._buf = bytearray()  # amortised appends: a body may come in many reads
        self._parser: Any = None
        self._pending: tuple[Any, Any] | None = None
        self._entry: UpstreamCall | None = None  # the pending request's record, started with its head

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]
        # The parser only calls pause_reading/resume_reading on its protocol (below), not BaseProtocol's rest.
        self._parser = HttpRequestParser(self, asyncio.get_running_loop(), READ_BUFSIZE,  # type: ignore[arg-type]
                                         max_line_size=MAX_LINE_SIZE, max_field_size=MAX_FIELD_SIZE,
                                         max_headers=MAX_HEADERS)
        self._fast.add(self)

    def connection_lost(self, exc: BaseException | None) -> None:
        self._fast.discard(self)
        self._transport = None
        entry, self._entry = self._entry, None
        if entry is not None:  # the client left during its upload: what aiohttp's path records
            entry.left_early()
            entry.end()

    # The payload stream calls these; the body is bounded before it is read (see _plain).
    def pause_reading(self) -> None:
        pass

    def resume_reading(self, resume_parser: bool = True) -> None:
        pass

    def close(self) -> None:
        """Close an idle connection (the server is stopping)."""
        if self._transport is not None:
            self._transport.close()

    def data_received(self, data: bytes) -> None:
        self._buf += data
        try:
            messages, upgraded, _tail = self._parser.feed_data(data)
        except Exception:  # malformed: aiohttp answers it (in JSON, see app.py)
            self._hand_over()
            return
        if upgraded or len(messages) > 1 or (messages and self._pending is not None):
            self._hand_over()
            return
        if messages:
            self._pending = messages[0]
            if not self._plain(messages[0][0]):
                self._hand_over()
                return
            self._entry = self._start(messages[0][0])
        if self._pending is None:
            return  # the headers are not all here yet
        msg, payload = self._pending
        if payload is not EMPTY_PAYLOAD and not payload.is_eof():
            return  # the body is not all here yet
        head = self._buf.find(b"\r\n\r\n")
        if head < 0 or len(self._buf) != head + 4 + int(msg.headers[hdrs.CONTENT_LENGTH]):  # _plain: one, digits
            self._hand_over()  # bytes after the request (pipelined), or framing this count does not see
            return
        raw = payload.read_nowait(-1) if payload is not EMPTY_PAYLOAD else b""
        self._pending = None
        self._answer(msg, raw)

    def _plain(self, msg: Any) -> bool:
        """Whether the request's head allows an answer here (the body may still be on its way)."""
        headers = msg.headers
        if msg.method != "POST" or msg.version != HttpVersion11 or msg.chunked or msg.upgrade \
                or msg.compression is not None or hdrs.EXPECT in headers or hdrs.CONTENT_ENCODING in headers:
            return False
        length = headers.get(hdrs.CONTENT_LENGTH)
        if length is None or not length.isdigit() or int(length) > self._state.max_body_bytes:
            return False
        if len(headers.getall(hdrs.CONTENT_LENGTH)) != 1:
            return False
        path = msg.path
        return "%" not in path and "#" not in path and fast_route(path.partition("?")[0]) is not None

    def _start(self, msg: Any) -> UpstreamCall:
        """The request's log record, started once its head is read (as aiohttp's path does)."""
        path = msg.path.partition("?")[0]
        route = fast_route(path)
        assert route is not None  # _plain checked
        scope = msg.headers.get(SCOPE_HEADER)
        return self._state.log.start(msg.method, path, route[0], msg.raw_headers,
                                     scope[:MAX_ID_LENGTH] if scope else None)

    def _answer(self, msg: Any, raw: bytes) -> None:
        state = self._state
        route = fast_route(msg.path.partition("?")[0])
        assert route is not None and self._entry is not None  # _plain checked, _start started it
        dialect, path_fields = route
        entry, self._entry = self._entry, None
        try:
            _scenario, plan = state.resolve(dialect, raw, msg.headers, entry, path_fields)
        except RequestError as exc:
            self._hand_over((entry, exc))
            return
        except BaseException:
            entry.left_early()
            entry.end()
            raise
        data = _one_write(plan)
        if data is None:
            self._hand_over((entry, plan))
            return
        entry.status = plan.status
        entry.fault = plan.fault
        transport = self._transport
        if transport is None or transport.is_closing():
            entry.left_early()  # what aiohttp's writer reports on a closing transport
        else:
            transport.write(response_bytes(plan, data, not msg.should_close))
            entry.bytes_sent = len(data)
            entry.completed = True
        entry.end()
        self._buf.clear()
        if msg.should_close and transport is not None:
            transport.close()

    def _hand_over(self, resolved: tuple[UpstreamCall, CompiledPlan | RequestError | None] | None = None) -> None:
        """Give the connection to aiohttp's handler, with every byte not answered here.

        A request whose record is started goes with it (``None``: its body is still to be read and resolved).
        """
        if resolved is None and self._entry is not None:
            resolved = (self._entry, None)
        self._entry = None
        transport = self._transport
        self._fast.discard(self)
        self._transport = None
        if transport is None or transport.is_closing():
            if resolved is not None:
                resolved[0].left_early()
                resolved[0].end()
            return
        handler = self._handler()
        transport.set_protocol(handler)
        handler.connection_made(transport)
        if resolved is not None:
            self._state.pre_resolved[handler] = resolved
        handler.data_received(bytes(self._buf))
        self._buf.clear()


def take(state: MockProviderState,
         request: web.BaseRequest) -> tuple[UpstreamCall, CompiledPlan | RequestError | None] | None:
    """The record (and resolution, or None) the fast path made for this connection's first request, if any.

    Taken once.
    """
    if not state.pre_resolved:
        return None
    return state.pre_resolved.pop(request.protocol, None)


def drop(state: MockProviderState, handler: object) -> None:
    """End the record of a resolution its connection never got to answer (the client left)."""
    resolved = state.pre_resolved.pop(handler, None)
    if resolved is not None:
        resolved[0].left_early()
        resolved[0].end()


__all__ = ["FastProtocol", "drop", "fast_route", "response_bytes", "take"]
