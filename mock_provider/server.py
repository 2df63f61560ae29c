"""The mock provider over HTTP: an aiohttp app that writes pre-encoded wire plans.

Routes (model side; any credentials are accepted and never logged):

* ``POST /v1/chat/completions`` - OpenAI Chat Completions (SSE when ``"stream": true``, else JSON);
* ``POST /v1/messages`` - Anthropic Messages;
* ``POST /v1/parts/{v2|v3|v4|mastra}`` - AI SDK / Mastra stream parts as SSE, or NDJSON
  with ``Accept: application/x-ndjson``.

The scenario is chosen, in order, by ``"model": "scenario:<id>"`` in the JSON body, by the
``X-Mock-Scenario: <id>`` header, then by the default scenario (``PUT /_mock/default-scenario``,
for clients with a fixed model name that send no header), then by the scenarios' ``match`` rules
(first match in registration order). Requests carrying ``X-Mock-Scope: <id>`` are logged under
that scope, so parallel tests can each read only their own requests; a request that takes the
default scenario and has no scope header takes the default's scope.

Control API under ``/_mock/`` (``Authorization: Bearer <token>`` when the app has a token):
``GET /_mock/health``, ``GET|POST /_mock/scenarios``, ``GET|DELETE /_mock/requests[?scope=]``,
``GET|PUT|DELETE /_mock/default-scenario``.

Writing a plan (see :func:`compile_plan`): plans come from :func:`mock_provider.wire.plan_response`
and are compiled once per (scenario, dialect, stream, include_usage, NDJSON) into write
operations, then cached. Scripted delays are ``delay_ms * time_scale``; at time scale 0
nothing sleeps. The default flush mode, ``coalesce``, joins consecutive zero-delay chunks
into one write, so a zero-delay stream costs one ``send()`` however many events it holds
(cheap: the mock should never be the bottleneck of a test session). The bytes are identical
in both modes; only the write boundaries differ. Frames a ``split`` fault cuts are always
written piece by piece, as are all chunks in ``per-event`` mode (one write per event,
aiohttp back-pressure after each), which is closer to a real provider on the wire.
The TCP stack may still merge small writes; give steps a delay and a time scale > 0 when
a test needs the client to see separate reads.

Every malformed request gets a 4xx JSON error ``{"type": "error", "error": {"type", "message", ...}}``.

Example:
    >>> import asyncio, httpx
    >>> async def main():
    ...     async with MockServer() as server:
    ...         async with httpx.AsyncClient() as client:
    ...             r = await client.post(server.base_url + "/v1/parts/v3",
    ...                                   json={"model": "scenario:text.basic.001"})
    ...             return r.status_code, r.text.splitlines()[0][:28]
    >>> asyncio.run(main())
    (200, 'data: {"type":"stream-start"')
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import functools
import gc
import hmac
import itertools
import json
import logging
import math
import re
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import yaml
from aiohttp import web
from aiohttp.base_protocol import BaseProtocol
from aiohttp.http import HttpVersion11
from aiohttp.web_protocol import RequestHandler
from pydantic import ValidationError

from mock_provider.dialects import DialectError
from mock_provider.scenario import SCENARIO_ID, Scenario, SplitFault, load_corpus
from mock_provider.wire import PART_DIALECTS, Chunk, Disconnect, Stall, WirePlan, plan_response

log = logging.getLogger("mock_provider.server")

FlushMode = Literal["coalesce", "per-event"]
FLUSH_MODES: tuple[str, ...] = ("coalesce", "per-event")
DEFAULT_MAX_BODY_BYTES = 1 << 20
DEFAULT_HOST = "127.0.0.1"
# Never echo these back in the request log: they carry the adapter's real or fake API keys.
CREDENTIAL_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "cookie"}
)
SCOPE_HEADER = "X-Mock-Scope"
SCENARIO_HEADER = "X-Mock-Scenario"
MODEL_PREFIX = "scenario:"
MAX_ID_LENGTH = 200
MODEL_ROUTES = {"/v1/chat/completions": "openai-chat", "/v1/messages": "anthropic"}
SELECTION_HELP = (
    f'select a scenario with "model": "{MODEL_PREFIX}<id>" in the JSON body, the header '
    f"{SCENARIO_HEADER}: <id>, a default scenario (PUT /_mock/default-scenario), or a scenario whose match rule "
    "fits the request; GET /_mock/scenarios lists the ids"
)
_FIELD_MSG = re.compile(r"^Value error, ([A-Za-z_][\w.]*): (.*)$", re.S)

WRITE, DISCONNECT, STALL = 0, 1, 2


# ---------------------------------------------------------------- errors
class RequestError(Exception):
    """A request the mock refuses, as an HTTP status and a JSON error body.

    >>> e = RequestError(400, "invalid_request_error", "messages must be a list", param="messages")
    >>> e.status, e.body()["error"]["param"]
    (400, 'messages')
    """

    def __init__(self, status: int, kind: str, message: str, **extra: Any) -> None:
        self.status, self.kind, self.message, self.extra = status, kind, message, extra
        super().__init__(message)

    def body(self) -> dict[str, Any]:
        """The JSON body: Anthropic's envelope (``type: error``) around OpenAI's ``error`` object."""
        return {"type": "error", "error": {"type": self.kind, "message": self.message, **self.extra}}

    def response(self, headers: Mapping[str, str] | None = None) -> web.Response:
        """The error as an aiohttp response."""
        return json_error(self.status, self.body(), headers)


def json_error(status: int, body: dict[str, Any], headers: Mapping[str, str] | None = None) -> web.Response:
    """A JSON response; ``ensure_ascii`` keeps lone surrogates from client input encodable.

    >>> json_error(404, {"error": {"type": "not_found", "message": "x"}}).status
    404
    """
    return web.Response(status=status, body=json.dumps(body).encode(), headers=headers,
                        content_type="application/json")


_STATUS_KINDS = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error",
                 405: "method_not_allowed", 409: "conflict", 413: "request_too_large", 422: "unprocessable_entity"}


def _kind_for(status: int) -> str:
    return _STATUS_KINDS.get(status, "api_error" if status >= 500 else "invalid_request_error")


# ---------------------------------------------------------------- compiled plans
@dataclass(frozen=True, slots=True)
class Op:
    """One write operation: sleep ``delay_s``, then write ``data`` / drop / stall (``kind``)."""

    kind: int
    data: bytes = b""
    delay_s: float = 0.0


@dataclass(frozen=True, slots=True)
class CompiledPlan:
    """A wire plan turned into write operations for one time scale and flush mode.

    ``single`` is the whole body when the response is one immediate write (the fast path);
    ``chunked`` is false for plain JSON bodies (sent with a Content-Length).
    """

    status: int
    headers: dict[str, str]
    ops: tuple[Op, ...]
    body: bytes
    chunked: bool
    single: bytes | None
    fault: str | None
    total_delay_s: float
    scenario_id: str
    dialect: str


def _split_target_steps(scenario: Scenario, plan: WirePlan) -> set[int]:
    """Steps whose frames a ``split`` fault cut: the first step with frames after each split."""
    chunk_steps = sorted({c.step for c in plan.body if isinstance(c, Chunk) and c.step >= 0})
    targets: set[int] = set()
    for k, step in enumerate(scenario.script):
        if isinstance(step.fault, SplitFault):
            later = [s for s in chunk_steps if s > k and scenario.script[s].fault is None]
            if later:
                targets.add(later[0])
    return targets


def paused(plan: WirePlan, steps: int) -> WirePlan:
    """The plan cut after its first ``steps`` script steps, then a stall (a scripted caller abort).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> p = paused(plan_response(s, "v3", {}, streaming=True), 2)
    >>> [type(b).__name__ for b in p.body]
    ['Chunk', 'Chunk', 'Stall']
    """
    kept: list[Any] = []
    for item in plan.body:
        if isinstance(item, Chunk) and 0 <= item.step < steps:
            kept.append(item)
        elif isinstance(item, Chunk) and item.step < 0 and not kept:
            kept.append(item)  # framing before the first step (e.g. a role chunk)
        elif not isinstance(item, Chunk) and item.step < steps:
            kept.append(item)
            return WirePlan(plan.status, plan.headers, kept, plan.scenario_id, plan.dialect)
    kept.append(Stall(steps))
    return WirePlan(plan.status, plan.headers, kept, plan.scenario_id, plan.dialect)


def compile_plan(plan: WirePlan, scenario: Scenario, *, time_scale: float = 0.0,
                 flush: FlushMode = "coalesce") -> CompiledPlan:
    """Turn a wire plan into write operations (delays scaled, chunks coalesced per ``flush``).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> plan = plan_response(s, "v3", {}, streaming=True)
    >>> c = compile_plan(plan, s)
    >>> len(c.ops), c.single == plan.body_bytes(), len(compile_plan(plan, s, flush="per-event").ops)
    (1, True, 8)
    """
    isolated_steps = _split_target_steps(scenario, plan)
    ops: list[Op] = []
    group: list[bytes] = []
    group_delay = 0.0
    open_group = False
    prev_isolated = False
    fault: str | None = None

    def close() -> None:
        nonlocal open_group, group
        if open_group:
            ops.append(Op(WRITE, b"".join(group), group_delay))
        group, open_group = [], False

    for item in plan.body:
        if isinstance(item, Chunk):
            delay = item.delay_ms * time_scale / 1000.0
            isolated = item.step in isolated_steps
            if flush == "per-event" or not open_group or delay > 0 or isolated or prev_isolated:
                close()
                group, group_delay, open_group = [item.data], delay, True
            else:
                group.append(item.data)
            prev_isolated = isolated
        else:
            close()
            if isinstance(item, Disconnect):
                ops.append(Op(DISCONNECT))
                fault = "disconnect"
            elif isinstance(item, Stall):
                ops.append(Op(STALL))
                fault = "stall"
            break
    close()
    ctype = plan.headers.get("content-type", "")
    chunked = ctype.startswith(("text/event-stream", "application/x-ndjson")) or fault is not None
    single: bytes | None = None
    if not ops:
        single = b""
    elif len(ops) == 1 and ops[0].kind == WRITE and ops[0].delay_s == 0:
        single = ops[0].data
    return CompiledPlan(
        status=plan.status,
        headers=dict(plan.headers),
        ops=tuple(ops),
        body=plan.body_bytes(),
        chunked=chunked,
        single=single,
        fault=fault,
        total_delay_s=sum(op.delay_s for op in ops),
        scenario_id=scenario.id,
        dialect=plan.dialect,
    )


# ---------------------------------------------------------------- scenarios
class ScenarioStore:
    """Scenarios by id, in registration order, with the request-matching rules.

    >>> from mock_provider.scenario import load_corpus
    >>> store = ScenarioStore(load_corpus())
    >>> store.get("text.basic.001").id, store.closest("text.basic.01")[0]
    ('text.basic.001', 'text.basic.001')
    """

    def __init__(self, scenarios: Iterable[Scenario] = ()) -> None:
        self._by_id: dict[str, Scenario] = {}
        for s in scenarios:
            self.add(s)

    def add(self, scenario: Scenario) -> None:
        """Register a scenario; ``KeyError`` when the id is taken."""
        if scenario.id in self._by_id:
            raise KeyError(scenario.id)
        self._by_id[scenario.id] = scenario

    def get(self, scenario_id: str) -> Scenario | None:
        """The scenario with this id, or None."""
        return self._by_id.get(scenario_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Iterator[Scenario]:
        return iter(list(self._by_id.values()))

    def closest(self, scenario_id: str, n: int = 5) -> list[str]:
        """Up to ``n`` known ids that look like ``scenario_id`` (difflib)."""
        return difflib.get_close_matches(scenario_id, list(self._by_id), n=n, cutoff=0.5)

    def match(self, body: Mapping[str, Any]) -> Scenario | None:
        """The first scenario whose ``match`` rule fits the request body.

        A rule with no condition never matches, so a scenario cannot become a catch-all by accident.
        """
        text: str | None = None
        names: set[str] | None = None
        for s in self._by_id.values():
            rule = s.match
            if rule is None or (rule.last_user_contains is None and rule.tool_names is None):
                continue
            if rule.last_user_contains is not None:
                if text is None:
                    text = last_user_text(body) or ""
                if rule.last_user_contains not in text:
                    continue
            if rule.tool_names is not None:
                if names is None:
                    names = set(tool_names(body))
                if not set(rule.tool_names) <= names:
                    continue
            return s
        return None


def last_user_text(body: Mapping[str, Any]) -> str | None:
    """The text of the last user message (string content or the ``text`` of content parts).

    >>> last_user_text({"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]})
    'hi'
    """
    messages = body.get("messages")
    if not isinstance(messages, list):
        return None
    for m in reversed(messages):
        if isinstance(m, dict) and m.get("role") == "user":
            content = m.get("content")
            if isinstance(content, str):
                return content
            if isinstance(content, list):
                return "\n".join(p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
            return ""
    return None


def tool_names(body: Mapping[str, Any]) -> list[str]:
    """Tool names of an OpenAI (``function.name``), Anthropic or scenario-style (``name``) tool list.

    >>> tool_names({"tools": [{"type": "function", "function": {"name": "a"}}, {"name": "b"}]})
    ['a', 'b']
    """
    tools = body.get("tools")
    out: list[str] = []
    if isinstance(tools, list):
        for t in tools:
            if not isinstance(t, dict):
                continue
            fn = t.get("function")
            name = fn.get("name") if isinstance(fn, dict) else t.get("name")
            if isinstance(name, str):
                out.append(name)
    return out


# ---------------------------------------------------------------- request parsing
def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def parse_json_object(raw: bytes, *, what: str = "request body") -> dict[str, Any]:
    """Parse a JSON object; ``RequestError`` (400) naming the parse error otherwise.

    >>> parse_json_object(b'{"a": 1}')
    {'a': 1}
    >>> parse_json_object(b'{"a": }')
    Traceback (most recent call last):
    ...
    mock_provider.server.RequestError: request body is not valid JSON: Expecting value: line 1 column 7 (char 6)
    """
    try:
        # One shared decoder: json.loads(..., parse_constant=...) would build a new one per request.
        data = _DECODER.decode(raw.decode(json.detect_encoding(raw), "surrogatepass"))
    except RecursionError:
        raise RequestError(400, "invalid_request_error", f"{what} is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise RequestError(400, "invalid_request_error", f"{what} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RequestError(400, "invalid_request_error", f"{what} must be a JSON object, got {type(data).__name__}")
    return data


_JSON_TYPES = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}


def _check_type(value: Any, expected: type, param: str) -> None:
    # bool is an int subclass, so only an explicit bool check accepts True/False.
    if not isinstance(value, expected) or (expected is not bool and isinstance(value, bool)):
        raise RequestError(400, "invalid_request_error",
                           f"{param} must be {_JSON_TYPES[expected]}, got {_json_type(value)}", param=param)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "number", float: "number", str: "string", list: "list", dict: "object"}.get(
        type(value), type(value).__name__)


def check_request_fields(body: Mapping[str, Any]) -> None:
    """Type-check the fields the mock reads; ``RequestError`` (400) naming the field.

    >>> check_request_fields({"messages": "hi"})
    Traceback (most recent call last):
    ...
    mock_provider.server.RequestError: messages must be a list, got string
    """
    if "model" in body:
        _check_type(body["model"], str, "model")
    if "messages" in body:
        _check_type(body["messages"], list, "messages")
        for i, m in enumerate(body["messages"]):
            # Exact type tests first: the field names are only formatted for an error (hot path).
            if type(m) is not dict:
                _check_type(m, dict, f"messages.{i}")
            if "role" in m and type(m["role"]) is not str:
                _check_type(m["role"], str, f"messages.{i}.role")
    if "stream" in body:
        _check_type(body["stream"], bool, "stream")
    if "stream_options" in body and body["stream_options"] is not None:
        _check_type(body["stream_options"], dict, "stream_options")
        if "include_usage" in body["stream_options"]:
            _check_type(body["stream_options"]["include_usage"], bool, "stream_options.include_usage")
    if "tools" in body and body["tools"] is not None:
        _check_type(body["tools"], list, "tools")
        for i, t in enumerate(body["tools"]):
            _check_type(t, dict, f"tools.{i}")


def check_scenario_id(value: str, source: str) -> str:
    """Validate an id from a request (``SCENARIO_ID``: no path tricks); ``RequestError`` (400).

    >>> check_scenario_id("../etc/passwd", "header X-Mock-Scenario")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mock_provider.server.RequestError: header X-Mock-Scenario: '../etc/passwd' is not a scenario id (dotted ...
    """
    if len(value) > MAX_ID_LENGTH or not SCENARIO_ID.match(value):
        shown = value if len(value) <= 80 else value[:80] + "..."
        raise RequestError(400, "invalid_scenario_id",
                           f"{source}: {shown!r} is not a scenario id (dotted lowercase segments like "
                           f"'tool.interleave.002')")
    return value


def _header(headers: Mapping[str, str], name: str) -> str | None:
    value = headers.get(name)
    return value if isinstance(value, str) else None


def select_scenario(store: ScenarioStore, body: Mapping[str, Any], headers: Mapping[str, str],
                    default: str | None = None) -> Scenario:
    """Pick the scenario: body ``model: scenario:<id>``, then ``X-Mock-Scenario``, then ``default``, then match rules.

    ``default`` is the id set with ``PUT /_mock/default-scenario``: it comes before the match
    rules because a harness set it on purpose for the request that is about to come.

    Raises ``RequestError``: 400 for a malformed id or when nothing selects a scenario,
    404 (with the closest ids) for an unknown id.

    >>> from mock_provider.scenario import load_corpus
    >>> select_scenario(ScenarioStore(load_corpus()), {"model": "scenario:text.basic.001"}, {}).id
    'text.basic.001'
    """
    chosen: str | None = None
    model = body.get("model")
    if isinstance(model, str) and model.startswith(MODEL_PREFIX):
        chosen = check_scenario_id(model[len(MODEL_PREFIX):].strip(), "model")
    else:
        header = _header(headers, SCENARIO_HEADER)
        if header is not None:
            chosen = check_scenario_id(header.strip(), f"header {SCENARIO_HEADER}")
    if chosen is None and default is not None:
        chosen = default
    if chosen is not None:
        scenario = store.get(chosen)
        if scenario is None:
            raise RequestError(404, "unknown_scenario", f"no scenario {chosen!r}", closest=store.closest(chosen))
        return scenario
    matched = store.match(body)
    if matched is None:
        raise RequestError(400, "no_scenario_selected", f"no scenario selected: {SELECTION_HELP}")
    return matched


# ---------------------------------------------------------------- request log
class LogEntry:
    """One request to a model route, updated while its response is written.

    The entry keeps what the request already holds, in forms the garbage collector need not
    walk: the raw header pairs (or a plain mapping) and the raw body. Both are decoded when
    read (:attr:`body`, :meth:`to_json`): a log of 10,000 parsed bodies and header objects
    made cyclic-GC passes a noticeable share of the server's CPU.
    """

    __slots__ = ("_body", "bytes_sent", "client_left_early", "completed", "dialect", "ended_at", "error",
                 "fault", "headers", "id", "method", "path", "raw_body", "scenario_id", "scope", "started_at",
                 "status")

    def __init__(self, entry_id: int, method: str, path: str, dialect: str | None,
                 headers: Mapping[str, str] | tuple[tuple[bytes, bytes], ...], scope: str | None) -> None:
        self.id = entry_id
        self.method, self.path, self.dialect, self.headers, self.scope = method, path, dialect, headers, scope
        self.raw_body: bytes | None = None  # set once the body parsed as a JSON object
        self._body: Any = None
        self.scenario_id: str | None = None
        self.status: int | None = None
        self.started_at = time.time()
        self.ended_at: float | None = None
        self.bytes_sent = 0
        self.client_left_early = False
        self.completed = False
        self.fault: str | None = None
        self.error: str | None = None

    @property
    def body(self) -> Any:
        """The JSON request body (parsed on first read), or None when it was refused.

        >>> e = LogEntry(1, "POST", "/v1/parts/v3", "v3", {}, None)
        >>> e.body is None, setattr(e, "raw_body", b'{"model": "m"}'), e.body
        (True, None, {'model': 'm'})
        """
        if self._body is None and self.raw_body is not None:
            self._body = parse_json_object(self.raw_body) if self.raw_body.strip() else {}
        return self._body

    def header_items(self) -> list[tuple[str, str]]:
        """The request headers as (name, value) strings, in the order received."""
        if isinstance(self.headers, tuple):
            # aiohttp's raw header pairs; it decodes them the same way (UTF-8, surrogateescape).
            return [(k.decode("utf-8", "surrogateescape"), v.decode("utf-8", "surrogateescape"))
                    for k, v in self.headers]
        return list(self.headers.items())

    def to_json(self) -> dict[str, Any]:
        """The entry as JSON, credentials (``authorization``, ``x-api-key``, cookies ...) removed.

        >>> e = LogEntry(1, "POST", "/v1/messages", "anthropic", {"X-Api-Key": "sk", "A": "b"}, None)
        >>> e.to_json()["headers"]
        {'a': 'b'}
        >>> LogEntry(2, "POST", "/v1/messages", "anthropic", ((b"A", b"b"), (b"A", b"c")), None).to_json()["headers"]
        {'a': 'b, c'}
        """
        headers: dict[str, str] = {}
        for k, v in self.header_items():
            key = k.lower()
            if key in CREDENTIAL_HEADERS:
                continue
            headers[key] = f"{headers[key]}, {v}" if key in headers else v
        return {
            "id": self.id, "scope": self.scope, "method": self.method, "path": self.path, "dialect": self.dialect,
            "headers": headers, "body": self.body, "scenario_id": self.scenario_id, "status": self.status,
            "started_at": self.started_at, "ended_at": self.ended_at, "bytes_sent": self.bytes_sent,
            "completed": self.completed, "client_left_early": self.client_left_early, "fault": self.fault,
            "error": self.error,
        }


class HttpRequestLog:
    """The requests the server received, newest last, at most ``max_entries`` (oldest dropped).

    >>> log = HttpRequestLog(); e = log.start("POST", "/v1/parts/v3", "v3", {}, "t1")
    >>> [x.id for x in log.entries("t1")], log.entries("other"), log.clear("t1")
    ([1], [], 1)
    """

    def __init__(self, max_entries: int = 10_000) -> None:
        self._entries: deque[LogEntry] = deque(maxlen=max_entries)
        self._ids = itertools.count(1)
        # The log is written by the event loop and may be read from a test thread.
        self._lock = threading.Lock()

    def start(self, method: str, path: str, dialect: str | None,
              headers: Mapping[str, str] | tuple[tuple[bytes, bytes], ...], scope: str | None) -> LogEntry:
        """Create and store an entry."""
        with self._lock:
            entry = LogEntry(next(self._ids), method, path, dialect, headers, scope)
            self._entries.append(entry)
        return entry

    def entries(self, scope: str | None = None) -> list[LogEntry]:
        """All entries, or those of one scope."""
        with self._lock:
            return [e for e in self._entries if scope is None or e.scope == scope]

    def clear(self, scope: str | None = None) -> int:
        """Drop all entries (or one scope's); returns how many went."""
        with self._lock:
            before = len(self._entries)
            if scope is None:
                self._entries.clear()
            else:
                kept = [e for e in self._entries if e.scope != scope]
                self._entries.clear()
                self._entries.extend(kept)
            return before - len(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


# ---------------------------------------------------------------- state (sans-IO core)
@functools.lru_cache(maxsize=1)
def builtin_corpus() -> tuple[Scenario, ...]:
    """The built-in corpus, loaded once per process (parsing it takes most of a second).

    >>> builtin_corpus() is builtin_corpus()
    True
    """
    return tuple(load_corpus())


class MockProviderState:
    """Everything a serving front end needs: scenarios, plan cache, log, settings.

    The aiohttp app and the respx router share it, so both select scenarios and encode
    plans the same way.

    >>> state = MockProviderState()
    >>> s, plan = state.resolve("v3", b'{"model": "scenario:text.basic.001"}', {})
    >>> s.id, plan.status, plan.headers["content-type"]
    ('text.basic.001', 200, 'text/event-stream')
    """

    MAX_CACHED_PLANS = 4096

    def __init__(self, scenarios: Iterable[Scenario] | None = None, *, time_scale: float = 0.0,
                 token: str | None = None, max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
                 flush: FlushMode = "coalesce", max_log_entries: int = 10_000, max_stall_s: float = 300.0) -> None:
        if not (isinstance(time_scale, int | float) and math.isfinite(time_scale) and time_scale >= 0):
            raise ValueError(f"time_scale must be a finite number >= 0, got {time_scale!r}")
        if flush not in FLUSH_MODES:
            raise ValueError(f"flush must be one of {', '.join(FLUSH_MODES)}, got {flush!r}")
        if max_body_bytes <= 0:
            raise ValueError(f"max_body_bytes must be > 0, got {max_body_bytes!r}")
        self.store = ScenarioStore(builtin_corpus() if scenarios is None else scenarios)
        self.time_scale = float(time_scale)
        self.token = token or None
        self.max_body_bytes = max_body_bytes
        self.flush: FlushMode = flush
        self.max_stall_s = max_stall_s
        self.log = HttpRequestLog(max_log_entries)
        self.shutting_down = False
        # Set by a server that owns its process (the CLI): see MockServer(freeze_gc=...).
        self.freeze_gc = False
        self._plans: dict[tuple[str, str, bool, bool, bool, str | None], CompiledPlan] = {}
        # Scripted caller aborts (the conformance harness): scope -> (steps to send, callback). The
        # response sends that many steps, calls back, then holds the stream open until the client leaves.
        self.pauses: dict[str, tuple[int, Callable[[], None]]] = {}
        # PUT /_mock/default-scenario: (scenario id, scope) for requests that select no scenario.
        self.default_scenario: tuple[str, str | None] | None = None

    def parse(self, dialect: str, raw: bytes) -> dict[str, Any]:
        """Parse and type-check a model request body (an empty body is ``{}`` on the parts routes)."""
        if not raw.strip() and dialect in PART_DIALECTS:
            return {}
        body = parse_json_object(raw)
        check_request_fields(body)
        return body

    def plan_for(self, scenario: Scenario, dialect: str, body: Mapping[str, Any], accept: str | None,
                 pause_after: int | None = None) -> CompiledPlan:
        """The compiled plan for a request, cached per (scenario, dialect, stream, include_usage, NDJSON, model).

        The dialect sees a request reduced to exactly the keyed fields (``model`` is echoed by the
        OpenAI and Anthropic dialects when the script names none), so a cached plan can never
        depend on anything else in the body.
        """
        if scenario.dialects is not None and dialect not in scenario.dialects:
            raise RequestError(422, "dialect_not_supported",
                               f"scenario {scenario.id} is restricted to dialects {', '.join(scenario.dialects)}; "
                               f"it cannot be served as {dialect!r}", scenario=scenario.id, dialect=dialect)
        model: str | None = None
        if dialect in PART_DIALECTS:
            stream, usage, ndjson = True, False, bool(accept) and "application/x-ndjson" in (accept or "")
            request: dict[str, Any] = {}
        else:
            stream, ndjson = body.get("stream") is True, False
            opts = body.get("stream_options")
            usage = dialect == "openai-chat" and stream and isinstance(opts, dict) and opts.get("include_usage") is True
            request = {"stream": stream}
            if usage:
                request["stream_options"] = {"include_usage": True}
            if isinstance(body.get("model"), str):
                model = request["model"] = body["model"]
        key = (scenario.id, dialect, stream, usage, ndjson, model)
        plan = None if pause_after is not None else self._plans.get(key)
        if plan is None:
            try:
                wire = plan_response(scenario, dialect, request, streaming=stream,
                                     accept="application/x-ndjson" if ndjson else None)
            except DialectError as exc:
                raise RequestError(422, "dialect_error", str(exc), part=exc.part_type, dialect=exc.dialect,
                                   scenario=scenario.id) from None
            except ImportError as exc:
                raise RequestError(501, "dialect_unavailable",
                                   f"dialect {dialect!r} is not available in this build: {exc}") from None
            if pause_after is not None:
                return compile_plan(paused(wire, pause_after), scenario, time_scale=self.time_scale,
                                    flush=self.flush)
            plan = compile_plan(wire, scenario, time_scale=self.time_scale, flush=self.flush)
            if len(self._plans) >= self.MAX_CACHED_PLANS:
                self._plans.clear()  # bounded memory when many scenarios are posted at run time
            self._plans[key] = plan
        return plan

    def resolve(self, dialect: str, raw: bytes, headers: Mapping[str, str],
                entry: LogEntry | None = None) -> tuple[Scenario, CompiledPlan]:
        """Parse, select and plan one model request (sans-IO); ``RequestError`` on any refusal."""
        body = self.parse(dialect, raw)
        if entry is not None:
            entry.raw_body = raw
        default = self.default_scenario
        scenario = select_scenario(self.store, body, headers, default[0] if default else None)
        if entry is not None:
            entry.scenario_id = scenario.id
            if default is not None and scenario.id == default[0] and entry.scope is None:
                entry.scope = default[1]  # a fixed-model client's request joins the harness's case
        pause = self.pauses.get(entry.scope) if entry is not None and entry.scope else None
        return scenario, self.plan_for(scenario, dialect, body, _header(headers, "Accept"),
                                       pause_after=pause[0] if pause else None)

    def add_scenario_document(self, raw: bytes, content_type: str) -> Scenario:
        """Validate and register a scenario posted as JSON or YAML (400/409/422 ``RequestError``)."""
        data = _parse_document(raw, content_type)
        try:
            scenario = Scenario.model_validate(data)
        except ValidationError as exc:
            fields = _field_errors(exc, data)
            raise RequestError(422, "invalid_scenario", f"invalid scenario: {len(fields)} error(s): "
                               + "; ".join(f"{f['field'] or '<root>'}: {f['message']}" for f in fields[:5]),
                               fields=fields) from None
        except RecursionError:
            raise RequestError(400, "invalid_request_error", "scenario document is nested too deeply") from None
        try:
            self.store.add(scenario)
        except KeyError:
            raise RequestError(409, "duplicate_scenario", f"scenario {scenario.id!r} already exists",
                               scenario=scenario.id) from None
        return scenario

    def set_default_scenario(self, raw: bytes) -> tuple[str, str | None]:
        """Validate and set the default scenario from ``{"scenario": id, "scope": str | null}``.

        400 for a malformed body or id, 404 (with the closest ids) for an unknown scenario.

        >>> from mock_provider.scenario import load_corpus
        >>> MockProviderState(load_corpus()).set_default_scenario(b'{"scenario": "text.basic.001"}')
        ('text.basic.001', None)
        """
        body = parse_json_object(raw)
        unknown = sorted(set(body) - {"scenario", "scope"})
        if unknown:
            raise RequestError(400, "invalid_request_error", f"unknown field(s) {', '.join(map(repr, unknown))}; "
                               "the body is {\"scenario\": <id>, \"scope\": <string or null>}", param=unknown[0])
        sid, scope = body.get("scenario"), body.get("scope")
        if not isinstance(sid, str):
            raise RequestError(400, "invalid_request_error",
                               f"scenario must be a scenario id string, got {_json_type(sid)}", param="scenario")
        if scope is not None and (not isinstance(scope, str) or not scope or len(scope) > MAX_ID_LENGTH):
            raise RequestError(400, "invalid_request_error",
                               f"scope must be a non-empty string of at most {MAX_ID_LENGTH} characters or null",
                               param="scope")
        check_scenario_id(sid, "scenario")
        if self.store.get(sid) is None:
            raise RequestError(404, "unknown_scenario", f"no scenario {sid!r}", closest=self.store.closest(sid))
        self.default_scenario = (sid, scope)
        return self.default_scenario

    def authorized(self, headers: Mapping[str, str]) -> bool:
        """Whether a control request carries the token (always true without a token)."""
        if self.token is None:
            return True
        given = _header(headers, "Authorization") or ""
        scheme, _, value = given.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(value.strip().encode(), self.token.encode())


def _parse_document(raw: bytes, content_type: str) -> dict[str, Any]:
    if "json" in content_type.lower():
        return parse_json_object(raw, what="scenario document")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(400, "invalid_request_error", f"scenario document is not UTF-8: {exc}") from None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        # Aliases let a small document expand exponentially during validation: refuse them.
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.AliasEvent):
                raise RequestError(400, "invalid_request_error", "YAML aliases are not supported in scenarios")
        data = yaml.load(text, Loader=loader)  # a safe loader (C or Python)
    except yaml.YAMLError as exc:
        raise RequestError(400, "invalid_request_error", f"scenario document is not valid YAML or JSON: {exc}") \
            from None
    except RecursionError:
        raise RequestError(400, "invalid_request_error", "scenario document is nested too deeply") from None
    if not isinstance(data, dict):
        raise RequestError(400, "invalid_request_error", "a scenario document must hold one mapping")
    return data


def _field_errors(exc: ValidationError, data: Any) -> list[dict[str, str]]:
    """Pydantic errors as ``{field, message}`` with document paths (union tags dropped)."""
    out: list[dict[str, str]] = []
    for err in exc.errors():
        loc = list(err["loc"])
        path: list[str] = []
        cursor: Any = data
        for n, key in enumerate(loc):
            in_doc = (isinstance(cursor, dict) and key in cursor) or (
                isinstance(cursor, list) and isinstance(key, int) and 0 <= key < len(cursor))
            if in_doc:
                path.append(str(key))
                cursor = cursor[key]
            elif n == len(loc) - 1:
                path.append(str(key))  # a missing field: named by its key
            # else: a pydantic union tag such as 'text-delta' that is not a document key
        msg = str(err["msg"])
        located = _FIELD_MSG.match(msg)
        if located and not path:
            path, msg = [located.group(1)], located.group(2)
        if err["type"] == "extra_forbidden":
            msg = "unknown field (typo?)"
        out.append({"field": ".".join(path), "message": msg})
    return out


# ---------------------------------------------------------------- writing plans
async def scripted_delay(seconds: float) -> None:
    """Wait a scripted (already scaled) delay; only called when ``seconds > 0``."""
    await asyncio.sleep(seconds)


def _transport(request: web.BaseRequest) -> asyncio.Transport | None:
    transport = request.transport
    return transport if isinstance(transport, asyncio.Transport) else None


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


async def write_plan(request: web.BaseRequest, plan: CompiledPlan, entry: LogEntry,
                     state: MockProviderState, on_pause: Callable[[], None] | None = None) -> web.StreamResponse:
    """Write a compiled plan as the response to ``request``, updating the log entry."""
    entry.status = plan.status
    entry.fault = plan.fault
    if plan.single is not None or (not plan.chunked and plan.fault is None):
        # Fast path: the whole body in one write, headers coalesced with it.
        if plan.single is None and plan.total_delay_s > 0:
            await scripted_delay(plan.total_delay_s)
        data = plan.single if plan.single is not None else plan.body
        whole = web.Response(body=data, status=plan.status, headers=plan.headers)
        if plan.chunked and request.version >= HttpVersion11:  # HTTP/1.0 has no chunks: body until close
            whole.enable_chunked_encoding()
        try:
            await whole.prepare(request)
            await whole.write_eof()
        except ConnectionError:
            entry.client_left_early = True
        else:
            entry.bytes_sent = len(data)
            entry.completed = True
        entry.ended_at = time.time()
        return whole

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
                await scripted_delay(op.delay_s)
            if op.kind == WRITE:
                if op.data:
                    await resp.write(op.data)
                    sent += len(op.data)
                continue
            if op.kind == STALL:
                await _flush_transport(request)
                if on_pause is not None:
                    on_pause()  # everything before the pause is on the wire: the caller may abort now
                why = await _stall(request, state)
                if why == "client":
                    entry.client_left_early = True
                    return resp
            # A scripted disconnect, or a stall ended by shutdown/timeout: hand over what was
            # written, then drop the connection without the terminating chunk.
            await _flush_transport(request)
            transport = _transport(request)
            if transport is not None:
                transport.abort()
            return resp
        await resp.write_eof()
        entry.completed = True
    except ConnectionError:
        entry.client_left_early = True
    finally:
        entry.bytes_sent = sent
        entry.ended_at = time.time()
    return resp


# ---------------------------------------------------------------- aiohttp app
STATE_KEY = web.AppKey("mock_provider_state", MockProviderState)
# The young-generation GC threshold of a server that owns its process (see MockServer.start).
YOUNG_GC_THRESHOLD = 100_000


async def _read_body(request: web.Request, limit: int) -> bytes:
    if request.content_length is not None and request.content_length > limit:
        raise RequestError(413, "request_too_large",
                           f"request body of {request.content_length} bytes exceeds the limit of {limit} bytes")
    try:
        return await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise RequestError(413, "request_too_large", f"request body exceeds the limit of {limit} bytes") from None


def _scope(request: web.Request) -> str | None:
    scope = request.headers.get(SCOPE_HEADER)
    return scope[:MAX_ID_LENGTH] if scope else None


async def _serve_model(request: web.Request, dialect: str) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    entry = state.log.start(request.method, request.path, dialect, request.raw_headers, _scope(request))
    try:
        raw = await _read_body(request, state.max_body_bytes)
        _scenario, plan = state.resolve(dialect, raw, request.headers, entry)
    except RequestError as exc:
        entry.status, entry.error, entry.ended_at = exc.status, exc.message, time.time()
        return exc.response()
    pause = state.pauses.get(entry.scope) if entry.scope else None
    return await write_plan(request, plan, entry, state, on_pause=pause[1] if pause else None)


async def _openai_chat(request: web.Request) -> web.StreamResponse:
    return await _serve_model(request, "openai-chat")


async def _anthropic(request: web.Request) -> web.StreamResponse:
    return await _serve_model(request, "anthropic")


async def _parts(request: web.Request) -> web.StreamResponse:
    dialect = request.match_info["dialect"]
    if dialect not in PART_DIALECTS:
        raise RequestError(404, "unknown_dialect",
                           f"unknown parts dialect {dialect[:40]!r}; use one of {', '.join(PART_DIALECTS)}")
    return await _serve_model(request, dialect)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _control(handler: Handler) -> Handler:
    """Require the bearer token (when the app has one) on a control route."""

    async def guarded(request: web.Request) -> web.StreamResponse:
        if not request.app[STATE_KEY].authorized(request.headers):
            raise RequestError(401, "authentication_error",
                               "the control API needs 'Authorization: Bearer <token>' (the server's --token)")
        return await handler(request)

    return guarded


async def _health(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    return web.json_response({"status": "ok", "scenarios": len(state.store)})


async def _list_scenarios(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    items = [{"id": s.id, "title": s.title, "rows": s.rows, "dialects": s.dialects,
              "match": s.match.model_dump(exclude_none=True) if s.match else None} for s in state.store]
    return web.json_response({"count": len(items), "scenarios": items})


async def _post_scenario(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    raw = await _read_body(request, state.max_body_bytes)
    scenario = state.add_scenario_document(raw, request.headers.get("Content-Type", ""))
    if state.freeze_gc:
        gc.freeze()  # the new scenario is long-lived too: keep it out of future collections
    return web.json_response({"id": scenario.id, "scenarios": len(state.store)}, status=201)


async def _get_requests(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    scope = request.query.get("scope") or None
    return web.json_response({"requests": [e.to_json() for e in state.log.entries(scope)]})


async def _delete_requests(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    return web.json_response({"cleared": state.log.clear(request.query.get("scope") or None)})


def _default_json(state: MockProviderState) -> dict[str, Any]:
    sid, scope = state.default_scenario or (None, None)
    return {"scenario": sid, "scope": scope}


async def _get_default(request: web.Request) -> web.StreamResponse:
    return web.json_response(_default_json(request.app[STATE_KEY]))


async def _put_default(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    state.set_default_scenario(await _read_body(request, state.max_body_bytes))
    return web.json_response(_default_json(state))


async def _delete_default(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    cleared = state.default_scenario is not None
    state.default_scenario = None
    return web.json_response({"cleared": cleared})


@web.middleware
async def _errors_as_json(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every refusal becomes a JSON error: router 404/405, 413, RequestError, and (never expected) 500."""
    try:
        return await handler(request)
    except RequestError as exc:
        return exc.response()
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        headers = {"Allow": exc.headers["Allow"]} if "Allow" in exc.headers else None
        path = request.raw_path[:200]
        if exc.status == 404:
            message = (f"no route {path!r}; model routes: POST /v1/chat/completions, POST /v1/messages, "
                       f"POST /v1/parts/{{{'|'.join(PART_DIALECTS)}}}; control API under /_mock/")
        elif exc.status == 405:
            message = f"method {request.method[:20]!r} not allowed on {path!r}; allowed: {exc.headers.get('Allow', '')}"
        else:
            message = exc.reason
        return RequestError(exc.status, _kind_for(exc.status), message).response(headers)
    except Exception:
        log.exception("mock-provider: unexpected error on %s %s", request.method, request.raw_path[:200])
        return RequestError(500, "internal_error", "mock-provider internal error (see the server log)").response()


async def _on_startup(app: web.Application) -> None:
    app[STATE_KEY].shutting_down = False


async def _on_shutdown(app: web.Application) -> None:
    # Ends stalled streams at once, so a stall never holds up shutdown.
    app[STATE_KEY].shutting_down = True


def create_app(scenarios: list[Scenario] | None = None, *, time_scale: float = 0.0, token: str | None = None,
               max_body_bytes: int = DEFAULT_MAX_BODY_BYTES, flush: FlushMode = "coalesce",
               max_log_entries: int = 10_000, max_stall_s: float = 300.0) -> web.Application:
    """The aiohttp application (``scenarios=None``: the built-in corpus).

    ``flush='coalesce'`` (default) joins consecutive zero-delay chunks into one write;
    ``'per-event'`` writes every chunk on its own. ``max_stall_s`` bounds a ``stall`` fault.

    >>> app = create_app([], token="t")
    >>> app[STATE_KEY].token, len(app[STATE_KEY].store)
    ('t', 0)
    """
    state = MockProviderState(scenarios, time_scale=time_scale, token=token, max_body_bytes=max_body_bytes,
                              flush=flush, max_log_entries=max_log_entries, max_stall_s=max_stall_s)
    app = web.Application(middlewares=[_errors_as_json], client_max_size=max_body_bytes)
    app[STATE_KEY] = state
    app.router.add_post("/v1/chat/completions", _openai_chat)
    app.router.add_post("/v1/messages", _anthropic)
    app.router.add_post("/v1/parts/{dialect}", _parts)
    app.router.add_get("/_mock/health", _control(_health))
    app.router.add_get("/_mock/scenarios", _control(_list_scenarios))
    app.router.add_post("/_mock/scenarios", _control(_post_scenario))
    app.router.add_get("/_mock/requests", _control(_get_requests))
    app.router.add_delete("/_mock/requests", _control(_delete_requests))
    app.router.add_get("/_mock/default-scenario", _control(_get_default))
    app.router.add_put("/_mock/default-scenario", _control(_put_default))
    app.router.add_delete("/_mock/default-scenario", _control(_delete_default))
    app.on_startup.append(_on_startup)
    app.on_shutdown.append(_on_shutdown)
    return app


# ---------------------------------------------------------------- the per-connection protocol
# Transports whose constructor already sets TCP_NODELAY on a TCP socket: asyncio's selector and
# proactor transports (base_events._set_nodelay) and uvloop's TCPTransport.
_NODELAY_TRANSPORT_MODULES = ("asyncio.selector_events", "asyncio.proactor_events", "uvloop")


class _NoDelaySetByLoop(BaseProtocol):
    """Sits between RequestHandler and BaseProtocol in the handler's MRO (see below).

    ``BaseProtocol.connection_made`` sets TCP_NODELAY again on every new connection. For the
    transports above that is a second setsockopt, and on uvloop also a socket object built only
    to make the call: about 6% of the server's CPU on 1,000 concurrent short streams (paired A/B
    runs). Any other transport goes through aiohttp's own ``connection_made``.
    """

    __slots__ = ()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if type(transport).__module__.startswith(_NODELAY_TRANSPORT_MODULES):
            self.transport = transport  # type: ignore[assignment]  # what BaseProtocol sets, minus the setsockopt
        else:
            super().connection_made(transport)


class _JsonErrorRequestHandler(RequestHandler, _NoDelaySetByLoop):
    """aiohttp's protocol answers unparsable requests (bad request line, headers over 8 KiB)
    itself, before any middleware, in text/plain; this makes those answers JSON too.

    Its MRO is RequestHandler, _NoDelaySetByLoop, BaseProtocol: RequestHandler's
    ``super().connection_made`` reaches the override above.
    """

    __slots__ = ()

    def handle_error(self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        # Malformed requests are routine for a test double (fuzzers, hostile adapters): debug level,
        # not aiohttp's error-level traceback.
        log.debug("mock-provider: HTTP %s for a malformed request from %s", status, request.remote, exc_info=exc)
        if request.writer.output_size > 0:
            raise ConnectionError("response already started; cannot send an error response")
        text = message if status != 500 and message else "internal error"
        resp = RequestError(status, _kind_for(status), f"malformed HTTP request: {text}"[:500]).response()
        resp.force_close()
        return resp


class _JsonErrorServer(web.Server):
    def __call__(self) -> RequestHandler:
        handler = super().__call__()
        if type(handler) is RequestHandler:
            handler.__class__ = _JsonErrorRequestHandler
        return handler


def _use_json_protocol_errors(runner: web.BaseRunner) -> None:
    server = runner.server
    # Only swap the exact classes this was written against; anything else keeps aiohttp's defaults.
    if type(server) is web.Server:
        server.__class__ = _JsonErrorServer


# ---------------------------------------------------------------- running
class MockServer:
    """Run the app on a TCP port (default ``127.0.0.1``, ephemeral port).

    >>> import asyncio
    >>> async def main():
    ...     async with MockServer([]) as server:
    ...         return server.base_url.startswith("http://127.0.0.1:")
    >>> asyncio.run(main())
    True
    """

    def __init__(self, scenarios: list[Scenario] | None = None, *, app: web.Application | None = None,
                 shutdown_timeout: float = 5.0, access_log: bool = False, backlog: int = 1024,
                 freeze_gc: bool = False, **app_options: Any) -> None:
        self.app = app if app is not None else create_app(scenarios, **app_options)
        # With the corpus loaded the heap holds ~10^5 long-lived objects that every full GC
        # walks again; gc.freeze() after startup removes those pauses from the request path.
        # It is process-wide, so only a server that owns its process (the CLI) turns it on.
        self.freeze_gc = freeze_gc
        self.app[STATE_KEY].freeze_gc = freeze_gc
        self.shutdown_timeout = shutdown_timeout
        # aiohttp's default listen backlog (128) drops SYNs when hundreds of streams open at once.
        self.backlog = backlog
        self.access_log = access_log
        self._runner: web.AppRunner | None = None
        self._gc_threshold: tuple[int, int, int] | None = None
        self.base_url = ""

    @property
    def state(self) -> MockProviderState:
        """The shared state: scenarios, request log, settings."""
        return self.app[STATE_KEY]

    async def start(self, host: str = DEFAULT_HOST, port: int = 0) -> str:
        """Listen and return the base URL, e.g. ``http://127.0.0.1:54321``."""
        if self._runner is not None:
            raise RuntimeError("server already started")
        kwargs: dict[str, Any] = {} if self.access_log else {"access_log": None}
        # No SO_KEEPALIVE probes: they find dead peers after hours, and this server's peers are
        # local test clients. It saves a setsockopt per connection (~3.5% of the CPU on 1,000
        # concurrent short streams, paired A/B runs).
        kwargs["tcp_keepalive"] = False
        runner = web.AppRunner(self.app, shutdown_timeout=self.shutdown_timeout, **kwargs)
        await runner.setup()
        _use_json_protocol_errors(runner)
        site = web.TCPSite(runner, host, port, backlog=self.backlog)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.freeze_gc:
            gc.collect()
            gc.freeze()
            # Under 1,000 concurrent requests, the default young-generation threshold (700 net
            # new objects) collects again and again while requests are in flight: their objects
            # are caught alive, promoted, and walked again by full collections. perf put the
            # cyclic GC at ~10% of the server's CPU; with 100,000 it was ~3%. Acyclic garbage
            # is still freed at once by reference counting; only cycles wait longer.
            self._gc_threshold = gc.get_threshold()
            gc.set_threshold(YOUNG_GC_THRESHOLD, *self._gc_threshold[1:])
        bound = runner.addresses[0]
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        self.base_url = f"http://{shown}:{bound[1]}"
        return self.base_url

    async def stop(self) -> None:
        """Stop listening, end stalls, give running streams ``shutdown_timeout`` seconds, close."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        if self._gc_threshold is not None:
            gc.set_threshold(*self._gc_threshold)
            self._gc_threshold = None

    async def __aenter__(self) -> MockServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()


_Threaded = TypeVar("_Threaded", bound="ThreadedServer")


class ThreadedServer:
    """An async server on its own event loop in a daemon thread, for synchronous code (session
    fixtures, hypothesis tests, scripts). Subclasses say how to start (:meth:`_serve`, returning
    the base URL) and stop (:meth:`_shutdown`) it; this class owns the thread and the loop.
    """

    label = "server"

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.base_url = ""

    async def _serve(self, host: str, port: int) -> str:
        raise NotImplementedError

    async def _shutdown(self) -> None:
        raise NotImplementedError

    def start(self, host: str = DEFAULT_HOST, port: int = 0, timeout: float = 15.0) -> str:
        """Start the thread and wait (bounded) until the server listens; returns the base URL."""
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(host, port),),
                                        name=self.label.replace(" ", "-"), daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError(f"{self.label} did not start within {timeout} s")
        if self._error is not None:
            raise self._error
        return self.base_url

    async def _main(self, host: str, port: int) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            self.base_url = await self._serve(host, port)
        except BaseException as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await self._shutdown()

    def stop(self, timeout: float = 15.0) -> None:
        """Stop the server and join the thread (bounded)."""
        if self._loop is not None and self._stop is not None and not self._loop.is_closed():
            loop, stop = self._loop, self._stop
            with contextlib.suppress(RuntimeError):  # the loop may have finished already
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def __enter__(self: _Threaded) -> _Threaded:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class ThreadedMockServer(ThreadedServer):
    """A :class:`MockServer` in a daemon thread (see :class:`ThreadedServer`).

    >>> with ThreadedMockServer([]) as server:
    ...     server.base_url.startswith("http://127.0.0.1:")
    True
    """

    label = "mock-provider server"

    def __init__(self, scenarios: list[Scenario] | None = None, **options: Any) -> None:
        super().__init__()
        self._server = MockServer(scenarios, **options)

    @property
    def state(self) -> MockProviderState:
        """The server's state (the log is safe to read from another thread)."""
        return self._server.state

    async def _serve(self, host: str, port: int) -> str:
        return await self._server.start(host, port)

    async def _shutdown(self) -> None:
        await self._server.stop()


__all__ = [
    "CREDENTIAL_HEADERS",
    "STATE_KEY",
    "CompiledPlan",
    "HttpRequestLog",
    "LogEntry",
    "MockProviderState",
    "MockServer",
    "Op",
    "RequestError",
    "ScenarioStore",
    "ThreadedMockServer",
    "ThreadedServer",
    "check_request_fields",
    "compile_plan",
    "create_app",
    "parse_json_object",
    "select_scenario",
    "write_plan",
]
