"""The model routes answered below aiohttp's request objects, for the common request.

Each connection starts with :class:`FastProtocol`. It parses with aiohttp's own C parser (llhttp,
the parser aiohttp's server uses, with the same limits) and answers a model request itself when it
is plain: HTTP/1.1 ``POST`` of a model route with a ``Content-Length`` body within the body limit,
no ``Expect``, no ``Content-Encoding``, no upgrade, the whole request in hand and nothing after it,
and a plan that is one immediate write of at most one slice. The answer is the bytes aiohttp's
response would carry (same headers, same order, same ``Date`` clock, same chunk framing), written
at once, with the same log record.

A head in its plainest form (the request line and ``Name: value`` lines of visible ASCII, each name
once, none that changes the framing or the connection) is read here with one regular expression; any
other head is read by llhttp, so both read the same fields (``tests/test_server_fastpath_head.py``
compares them). The response head is made once per plan and second (the ``Date``).

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
    >>> fast_route("/v1beta1/projects/p/locations/us-central1/publishers/google/models/g:generateContent")
    ('gemini', {'stream': False, 'model': 'g'})
    >>> fast_route("/v1/chat/completions/") is None
    True
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import TYPE_CHECKING, Any, NamedTuple

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
            # aiohttp's own pattern for a {name} segment: [^{}/]+ (only the model is read: Vertex AI's project
            # and location change nothing in the answer)
            _pattern = re.sub(r"\\\{(\w+)\\\}", lambda m: "(?P<model>[^{}/]+)" if m[1] == "model" else "[^{}/]+",
                              re.escape(_route))
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


class Fields(dict[str, str]):
    """A plain head's fields by lower-case name, read by any case (as aiohttp's headers are).

    >>> f = Fields({"x-mock-scenario": "text.basic.001"})
    >>> f.get("X-Mock-Scenario"), "X-MOCK-SCENARIO" in f, f["x-Mock-scenario"], f.get("Accept")
    ('text.basic.001', True, 'text.basic.001', None)
    """

    __slots__ = ()

    def __getitem__(self, name: str) -> str:
        return dict.__getitem__(self, name.lower())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and dict.__contains__(self, name.lower())

    def get(self, name: str, default: Any = None) -> Any:
        return dict.get(self, name.lower(), default)


# The plainest head: ``POST`` of a target made of RFC 3986 path and query characters (no '%', which
# aiohttp decodes, no '#'), HTTP/1.1, and ``Name: value`` lines of visible ASCII (one space after the
# colon, none at the end of the value). llhttp reads every such head to the same fields.
_TARGET = rb"/[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*"
_FIELD = rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+: [\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?\r\n"
_HEAD = re.compile(rb"POST (" + _TARGET + rb") HTTP/1\.1\r\n((?:" + _FIELD + rb"){1,%d})\r\n" % MAX_HEADERS)
# The lines of a head _HEAD took apart: (name, value) pairs; names; values (up to each line's first ": ").
_PAIR = re.compile(rb"([^:]+): ([^\r]*)\r\n")
_NAME = re.compile(r"^([^:]+):", re.MULTILINE)
_VALUE = re.compile(r": ([^\r]*)\r$", re.MULTILINE)
# Fields that change the framing, the encoding or the connection, and one aiohttp refuses: llhttp and
# aiohttp read those.
_NOT_PLAIN = frozenset({"transfer-encoding", "expect", "content-encoding", "upgrade", "proxy-connection",
                        "sec-websocket-key1"})


class PlainHead(NamedTuple):
    """A plain model request's head read by :func:`read_head`: what llhttp's message would say."""

    path: str  # without the query
    dialect: str
    path_fields: dict[str, Any] | None
    fields: Fields
    raw_headers: tuple[tuple[bytes, bytes], ...]  # as aiohttp's raw_headers: the pairs in the order sent
    should_close: bool
    header_bytes: int  # what the request log counts for the headers
    body_start: int
    end: int  # the request's length: head and body


def read_head(buf: bytes | bytearray, max_body_bytes: int) -> PlainHead | None:
    """The head of a plain model request at the start of ``buf``, when it is in its plainest form.

    None when it is not (a field named twice, a framing or connection field, a byte outside visible
    ASCII, a head not all here ...): llhttp reads that head. The body may still be on its way.

    >>> h = read_head(b"POST /v1/chat/completions HTTP/1.1\\r\\nHost: m\\r\\nContent-Length: 2\\r\\n\\r\\n{}", 100)
    >>> h.dialect, h.raw_headers, h.should_close, h.end
    ('openai-chat', ((b'Host', b'm'), (b'Content-Length', b'2')), False, 68)
    >>> read_head(b"POST /v1/chat/completions HTTP/1.1\\r\\nContent-Length:  2\\r\\n\\r\\n{}", 100) is None
    True
    """
    match = _HEAD.match(buf)
    if match is None or match.end() > MAX_LINE_SIZE:
        return None
    path = match[1].decode("ascii").partition("?")[0]
    route = fast_route(path)
    if route is None:
        return None
    block = match[2]
    raw = tuple(_PAIR.findall(block))
    text = block.decode("ascii")
    # Names lower-cased and values as sent, line by line (each line is "name: value\r\n", _HEAD says).
    fields = dict(zip(_NAME.findall(text.lower()), _VALUE.findall(text), strict=True))
    if len(fields) != len(raw) or not _NOT_PLAIN.isdisjoint(fields) or "host" not in fields:
        return None  # a field named twice, one that llhttp and aiohttp read, or no Host (aiohttp refuses it)
    length = fields.get("content-length")
    if length is None or not length.isdigit() or int(length) > max_body_bytes:
        return None
    connection = fields.get("connection")
    if connection is None:
        close = False  # HTTP/1.1: kept alive
    elif connection.lower() in ("close", "keep-alive"):
        close = connection.lower() == "close"
    else:
        return None  # a list of options (or upgrade): llhttp reads it
    body_start = match.end()
    # Each "Name: value\r\n" line is len(name) + len(value) + 4 bytes: the request log's header size.
    return PlainHead(path, route[0], route[1], Fields(fields), raw,
                     close, len(block), body_start, body_start + int(length))


def response_bytes(plan: CompiledPlan, data: bytes, keep_alive: bool, date: str | None = None) -> bytes:
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
        headers[hdrs.DATE] = date or rfc822_formatted_time()
    headers.setdefault(hdrs.SERVER, SERVER_SOFTWARE)
    if hdrs.CONNECTION not in headers and not keep_alive:
        headers[hdrs.CONNECTION] = "close"
    head: bytes = _serialize_headers(f"HTTP/1.1 {plan.status} {_reason(plan.status)}", headers)
    return head + body


class Responses:
    """Whole responses made by :func:`response_bytes`, by plan and keep-alive, remade when the ``Date``
    second changes; at most ``max_bytes`` held (then forgotten and made again).

    >>> from mock_provider.server.plans import CompiledPlan
    >>> p = CompiledPlan(200, {"content-type": "application/json"}, (), b"{}", False, b"{}", None, 0.0, "x", "v3")
    >>> r = Responses()
    >>> r.get(p, b"{}", True) is r.get(p, b"{}", True), r.get(p, b"{}", False).count(b"Connection: close")
    (True, 1)
    """

    def __init__(self, max_bytes: int = 4 << 20) -> None:
        self.max_bytes = max_bytes
        # (id of the plan, keep-alive) -> (the plan, which holds its id, the Date it was made with, bytes)
        self._made: dict[tuple[int, bool], tuple[CompiledPlan, str, bytes]] = {}
        self._bytes = 0

    def get(self, plan: CompiledPlan, data: bytes, keep_alive: bool) -> bytes:
        """The response to write: ``data`` is the plan's one write (:func:`_one_write`), so the plan decides it."""
        date = rfc822_formatted_time()
        key = (id(plan), keep_alive)
        made = self._made.get(key)
        if made is not None and made[0] is plan and made[1] == date:
            return made[2]
        out = response_bytes(plan, data, keep_alive, date)
        if made is not None:
            self._bytes -= len(made[2])
        if self._bytes + len(out) > self.max_bytes:
            self._made.clear()
            self._bytes = 0
        self._made[key] = (plan, date, out)
        self._bytes += len(out)
        return out


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
                 fast: set[FastProtocol], responses: Responses | None = None) -> None:
        self._handler = handler
        self._state = state
        self._fast = fast
        self._responses = Responses() if responses is None else responses
        self._transport: asyncio.Transport | None = None
        self._buf = bytearray()  # amortised appends: a body may come in many reads
        self._parser: Any = None  # llhttp, made for the first head not in its plainest form
        self._slow = False  # llhttp reads the request in progress
        self._head: PlainHead | None = None  # a plain head read here, its body still on its way
        self._pending: tuple[Any, Any] | None = None
        self._entry: UpstreamCall | None = None  # the pending request's record, started with its head

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]
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
        if self._slow:
            self._feed(data)
            return
        head = self._head
        if head is None:
            head = read_head(self._buf, self._state.max_body_bytes)
            if head is None:  # not all here, or not in its plainest form: llhttp reads it
                self._slow = True
                self._feed(bytes(self._buf))
                return
            self._head = head
            scope = head.fields.get(SCOPE_HEADER)
            self._entry = self._state.log.start("POST", head.path, head.dialect, head.raw_headers,
                                                scope[:MAX_ID_LENGTH] if scope else None, head.header_bytes)
        size = len(self._buf)
        if size < head.end:
            return  # the body is not all here yet
        if size > head.end:
            self._hand_over()  # bytes after the request (pipelined)
            return
        self._head = None
        self._answer(head.dialect, head.path_fields, head.fields, head.should_close,
                     bytes(self._buf[head.body_start:]))

    def _feed(self, data: bytes) -> None:
        """llhttp reads the request (a head not in its plainest form, or not all in the first read)."""
        if self._parser is None:
            # The parser only calls pause_reading/resume_reading on its protocol (above), not BaseProtocol's rest.
            self._parser = HttpRequestParser(self, asyncio.get_running_loop(), READ_BUFSIZE,  # type: ignore[arg-type]
                                             max_line_size=MAX_LINE_SIZE, max_field_size=MAX_FIELD_SIZE,
                                             max_headers=MAX_HEADERS)
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
        self._slow = False  # llhttp is between messages: the next head may be read here
        route = fast_route(msg.path.partition("?")[0])
        assert route is not None  # _plain checked
        self._answer(route[0], route[1], msg.headers, msg.should_close, raw)

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

    def _answer(self, dialect: str, path_fields: dict[str, Any] | None, headers: Mapping[str, str],
                should_close: bool, raw: bytes) -> None:
        state = self._state
        assert self._entry is not None  # started with the head
        entry, self._entry = self._entry, None
        try:
            _scenario, plan = state.resolve(dialect, raw, headers, entry, path_fields)
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
            transport.write(self._responses.get(plan, data, not should_close))
            entry.bytes_sent = len(data)
            entry.completed = True
        entry.end()
        self._buf.clear()
        if should_close and transport is not None:
            transport.close()

    def _hand_over(self, resolved: tuple[UpstreamCall, CompiledPlan | RequestError | None] | None = None) -> None:
        """Give the connection to aiohttp's handler, with every byte not answered here.

        A request whose record is started goes with it (``None``: its body is still to be read and resolved).
        """
        if resolved is None and self._entry is not None:
            resolved = (self._entry, None)
        self._entry = None
        self._head = None
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


__all__ = ["FastProtocol", "Fields", "PlainHead", "Responses", "drop", "fast_route", "read_head", "response_bytes",
           "take"]
