"""The log of the calls an adapter made upstream: one record type, one clock, in process or over HTTP.

Tests read it to check adapter behaviour the stream items cannot show: that an abort
reached the upstream (``aborted_after_step``), that the adapter stopped reading early
(``client_left_early``), which options or request body it sent.

Every call is an :class:`UpstreamCall`, whoever served it: the scripted model in process
(:class:`RequestLog`) or the HTTP mock server (:class:`HttpRequestLog`). Both logs share
:class:`CallLog` and stamp ``started_at``/``ended_at`` with ``time.monotonic()``, so a harness
compares them with its own monotonic times whichever road the case took. The HTTP log's public
JSON (:meth:`UpstreamCall.to_json`) still shows wall-clock times, for humans.

Example:
    >>> log = RequestLog()
    >>> rec = log.start("stream", "x.y.001", "v4", {"abort_signal": object(), "temperature": 0})
    >>> rec.call_id, rec.request
    (1, {'temperature': 0, 'has_abort_signal': True})
"""

from __future__ import annotations

import itertools
import json
import math
import threading
import time
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

CallKind = Literal["stream", "generate"]
# The request headers as an HTTP front end hands them over: aiohttp's raw pairs, or a mapping.
RawHeaders = Mapping[str, str] | tuple[tuple[bytes, bytes], ...]
# Never echo these back in the request log: they carry the adapter's real or fake API keys.
CREDENTIAL_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "cookie"}
)


def json_safe(value: Any) -> Any:
    """A JSON-safe deep copy: containers copied, anything that is not JSON ``repr``'d.

    >>> json_safe({"a": (1, 2), "b": {3}, 4: float("nan")})
    {'a': [1, 2], 'b': '{3}', '4': 'nan'}
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        # NaN and infinities are not JSON numbers.
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    return repr(value)


def sanitize_options(options: dict[str, Any]) -> dict[str, Any]:
    """Call options as logged: ``abort_signal`` replaced by ``has_abort_signal``, the rest JSON-safe.

    >>> sanitize_options({"prompt": [], "abort_signal": None})
    {'prompt': [], 'has_abort_signal': False}
    """
    out: dict[str, Any] = {str(k): json_safe(v) for k, v in options.items() if k != "abort_signal"}
    out["has_abort_signal"] = options.get("abort_signal") is not None
    return out


@dataclass(slots=True, eq=False)
class UpstreamCall:
    """One call an adapter made upstream; whoever serves it updates the record while it runs.

    Read by every harness alike: ``kind``, ``request`` (the call options in process, the JSON
    body over HTTP), ``started_at``/``ended_at`` (``time.monotonic()``; ``ended_at`` None while
    open), ``aborted``, ``client_left_early`` and ``steps_sent``.

    ``steps_sent`` counts script steps whose items were all handed out (a fault step counts once
    it took effect); None over HTTP, where the server writes bytes, not steps. ``client_left_early``
    means the consumer stopped reading (closed the stream or the connection, or was cancelled)
    before the script ended; over HTTP, where a caller's abort shows only as a closed connection,
    ``aborted`` says the same. ``error`` is what ended or refused the call.

    ``turn`` is the 1-based turn of the scenario the provider picked from the assistant turns the
    request carried, ``attempt`` the 1-based count of requests for that turn in the call's scope (a
    retry is attempt 2), ``past_last_turn`` that the turn is beyond the script and the request was
    refused; ``turn`` and ``attempt`` are None for a request refused before a scenario was picked.

    ``served_items`` are the output items the answer completed, on a wire whose items a later request may name
    by id alone (Responses' ``item_reference``, :func:`mock_provider.wires.openai_responses_ids.served_items`):
    OpenAI's server reads such a reference as the item it served, and so does the grader.

    The HTTP fields (``scope`` ... ``wall_started_at``) keep what the request already holds in
    forms the garbage collector need not walk: the raw header pairs and the raw body, decoded when
    read (:attr:`request`, :meth:`to_json`). A log of 10,000 parsed bodies and header objects made
    cyclic-GC passes a noticeable share of the server's CPU.

    >>> r = UpstreamCall(call_id=1, kind="stream", scenario_id="x.y.001", dialect="v4")
    >>> r.completed, r.aborted, r.ended_at, r.steps_sent
    (False, False, None, None)
    """

    call_id: int
    kind: CallKind = "stream"
    scenario_id: str | None = None
    dialect: str | None = None
    started_at: float = field(default_factory=time.monotonic)
    ended_at: float | None = None
    aborted: bool = False
    client_left_early: bool = False
    steps_sent: int | None = None
    completed: bool = False
    aborted_after_step: int | None = None
    error: str | None = None
    turn: int | None = None
    attempt: int | None = None
    past_last_turn: bool = False
    served_items: tuple[dict[str, Any], ...] = ()
    # Over HTTP only.
    scope: str | None = None
    method: str | None = None
    path: str | None = None
    # Out of the repr: the raw headers hold the adapter's credentials (see to_json).
    headers: RawHeaders = field(default=(), repr=False)
    raw_body: bytes | None = field(default=None, repr=False)  # set once the body parsed as a JSON object
    body_bytes: int | None = None  # the body's length as received (the log may keep fewer: body_truncated)
    body_truncated: bool = False
    header_bytes: int = 0  # the headers' size as received (the log may keep fewer: headers_truncated)
    headers_truncated: bool = False
    logged_bytes: int = 0  # what the entry counts against the log's byte bound: headers and body kept
    status: int | None = None
    bytes_sent: int = 0
    fault: str | None = None
    wall_started_at: float = field(default_factory=time.time)  # only for the JSON view
    _request: Any = field(default=None, init=False, repr=False)  # see `request`

    @property
    def request(self) -> Any:
        """What the adapter asked: the call options in process, the JSON body over HTTP (parsed on
        first read; None when the server refused it).

        >>> e = UpstreamCall(1, path="/v1/parts/v3")
        >>> e.request is None, setattr(e, "raw_body", b'{"model": "m"}'), e.request
        (True, None, {'model': 'm'})
        """
        if self.body_truncated:
            return None  # a cut JSON text does not parse: the JSON view says how long it was
        if self._request is None and self.raw_body is not None:
            # The server stored the body only after it parsed as a JSON object: decoding again
            # the same way cannot fail.
            raw = self.raw_body
            self._request = json.loads(raw.decode(json.detect_encoding(raw), "surrogatepass")) if raw.strip() else {}
        return self._request

    @property
    def options(self) -> Any:
        """The in-process name of :attr:`request` (the call options, ``abort_signal`` sanitized)."""
        return self.request

    @property
    def id(self) -> int:
        """The HTTP log's name for :attr:`call_id` (the ``id`` of the JSON view)."""
        return self.call_id

    def end(self, at: float | None = None) -> None:
        """Stamp the end of the call (now, on the monotonic clock, unless ``at`` is given).

        >>> c = UpstreamCall(1); c.end(); c.ended_at >= c.started_at
        True
        """
        self.ended_at = time.monotonic() if at is None else at

    def left_early(self) -> None:
        """The client went away before the response ended (over HTTP: also counts as its abort).

        >>> c = UpstreamCall(1); c.left_early(); c.client_left_early, c.aborted
        (True, True)
        """
        self.client_left_early = True
        self.aborted = True

    def header_items(self) -> list[tuple[str, str]]:
        """The request headers as (name, value) strings, in the order received."""
        if isinstance(self.headers, tuple):
            # aiohttp's raw header pairs; it decodes them the same way (UTF-8, surrogateescape).
            return [(k.decode("utf-8", "surrogateescape"), v.decode("utf-8", "surrogateescape"))
                    for k, v in self.headers]
        return list(self.headers.items())

    def _body_view(self) -> Any:
        try:
            return self.request
        except RecursionError:  # parsed once on a shallower stack; the control API's is deeper
            return {"body_unreadable": "nested too deeply to show"}

    def to_json(self) -> dict[str, Any]:
        """The HTTP log's public JSON view, credentials (``authorization``, ``x-api-key``, cookies ...)
        removed; ``started_at``/``ended_at`` are wall-clock seconds (``time.time()``) for humans.

        >>> e = UpstreamCall(1, method="POST", path="/v1/messages", headers={"X-Api-Key": "sk", "A": "b"})
        >>> e.to_json()["headers"]
        {'a': 'b'}
        >>> UpstreamCall(2, headers=((b"A", b"b"), (b"A", b"c"))).to_json()["headers"]
        {'a': 'b, c'}
        """
        headers: dict[str, str] = {}
        for k, v in self.header_items():
            key = k.lower()
            if key in CREDENTIAL_HEADERS:
                continue
            headers[key] = f"{headers[key]}, {v}" if key in headers else v
        wall_end = None if self.ended_at is None else self.wall_started_at + (self.ended_at - self.started_at)
        return {
            "id": self.call_id, "scope": self.scope, "method": self.method, "path": self.path,
            "dialect": self.dialect, "headers": headers, "body": self._body_view(), "scenario_id": self.scenario_id,
            "status": self.status, "started_at": self.wall_started_at, "ended_at": wall_end,
            "bytes_sent": self.bytes_sent, "completed": self.completed, "client_left_early": self.client_left_early,
            "fault": self.fault, "error": self.error,
            "turn": self.turn, "attempt": self.attempt, "past_last_turn": self.past_last_turn,
            **({"served_items": list(self.served_items)} if self.served_items else {}),
            **({"body_truncated": True, "body_bytes": self.body_bytes} if self.body_truncated else {}),
            **({"headers_truncated": True, "header_bytes": self.header_bytes} if self.headers_truncated else {}),
        }


# The in-process name of the record, kept for the code and tests that import it.
RequestRecord = UpstreamCall


class TurnRecord(Protocol):
    """What :func:`call_of_turn` reads: a logged call (or the grader's copy of one) with its turn."""

    @property
    def turn(self) -> int | None: ...

    @property
    def past_last_turn(self) -> bool: ...


T = TypeVar("T", bound=TurnRecord)


def call_of_turn(calls: Iterable[T], turn: int) -> T | None:
    """The logged request that asked for ``turn`` (1-based): its last attempt, the one a retried turn
    was answered on; None when no request got that turn. A turn's ``expect_request`` reads it.

    >>> calls = [UpstreamCall(1, turn=1, attempt=1), UpstreamCall(2, turn=1, attempt=2), UpstreamCall(3, turn=2)]
    >>> call_of_turn(calls, 1).call_id, call_of_turn(calls, 2).call_id, call_of_turn(calls, 3)
    (2, 3, None)
    """
    found: T | None = None
    for call in calls:
        if call.turn == turn and not call.past_last_turn:
            found = call
    return found


class CallLog:
    """Upstream calls in call order, at most ``max_entries`` (oldest dropped; None: no bound).

    A lock guards the list and the id counter, so the log may be written by a server's event loop
    and read from a test thread; record fields are only written by the call's own coroutine.
    Call ids keep counting up across :meth:`clear`, so they stay unique.

    >>> log = CallLog(max_entries=2)
    >>> for scope in ("a", "b", "a"):
    ...     _ = log.add(UpstreamCall(log.next_id(), scope=scope))
    >>> [c.call_id for c in log.records], [c.call_id for c in log.entries("a")], log.clear("a"), len(log)
    ([2, 3], [3], 1, 1)
    """

    def __init__(self, max_entries: int | None = None) -> None:
        self._lock = threading.Lock()
        self._records: deque[UpstreamCall] = deque(maxlen=max_entries)
        self._ids = itertools.count(1)
        # scope -> (scenario id, turn) -> requests so far: the attempt counters (see next_attempt).
        self._attempts: dict[str | None, dict[tuple[str, int], int]] = {}

    def next_attempt(self, scope: str | None, scenario_id: str, turn: int) -> int:
        """Count one more request for a turn of a scenario in a scope; returns its 1-based attempt.

        Counters are per scope, so parallel cases never share them, and go with the scope's records
        (:meth:`clear`).

        >>> log = CallLog()
        >>> [log.next_attempt("a", "x.y", 1), log.next_attempt("a", "x.y", 1), log.next_attempt("b", "x.y", 1),
        ...  log.next_attempt("a", "x.y", 2), log.clear("a"), log.next_attempt("a", "x.y", 1)]
        [1, 2, 1, 1, 0, 1]
        """
        with self._lock:
            counts = self._attempts.setdefault(scope, {})
            n = counts.get((scenario_id, turn), 0) + 1
            counts[(scenario_id, turn)] = n
            return n

    def turn_call(self, turn: int, scope: str | None = None) -> UpstreamCall | None:
        """The logged request of a turn (its last attempt) in one scope, or in the whole log.

        >>> log = RequestLog(); rec = log.start("stream", "x.y.001", "v4", {}); rec.turn = 1
        >>> log.turn_call(1) is rec, log.turn_call(2)
        (True, None)
        """
        return call_of_turn(self.entries(scope), turn)

    def next_id(self) -> int:
        """A fresh call id."""
        with self._lock:
            return next(self._ids)

    def add(self, call: UpstreamCall) -> UpstreamCall:
        """Store a record (the oldest goes when the log is full) and return it."""
        with self._lock:
            self._records.append(call)
        return call

    @property
    def records(self) -> list[UpstreamCall]:
        """A snapshot list of the records, in call order (the records themselves are live)."""
        with self._lock:
            return list(self._records)

    def snapshot(self) -> list[UpstreamCall]:
        """The records as they are now (the same as :attr:`records`; a served case's ``records`` waits)."""
        return self.records

    def entries(self, scope: str | None = None) -> list[UpstreamCall]:
        """All records, or those of one scope."""
        with self._lock:
            return [c for c in self._records if scope is None or c.scope == scope]

    def clear(self, scope: str | None = None) -> int:
        """Forget every record (or one scope's); returns how many went."""
        with self._lock:
            before = len(self._records)
            self._forget_attempts(scope)
            if scope is None:
                self._records.clear()
            else:
                kept = [c for c in self._records if c.scope != scope]
                self._records.clear()
                self._records.extend(kept)
            return before - len(self._records)

    def _forget_attempts(self, scope: str | None) -> None:
        """Drop the attempt counters of a scope (every scope's for None); the lock is held."""
        if scope is None:
            self._attempts.clear()
        else:
            self._attempts.pop(scope, None)

    def last(self) -> UpstreamCall:
        """The most recent record; ``LookupError`` when nothing was recorded.

        >>> CallLog().last()
        Traceback (most recent call last):
        ...
        LookupError: no request recorded yet
        """
        with self._lock:
            if not self._records:
                raise LookupError("no request recorded yet")
            return self._records[-1]

    def __len__(self) -> int:
        with self._lock:
            return len(self._records)


class RequestLog(CallLog):
    """The calls a scripted model received in process (no bound on their number).

    >>> log = RequestLog(); _ = log.start("generate", "x.y.001", "v2", {})
    >>> len(log), log.last().kind, log.last().steps_sent
    (1, 'generate', 0)
    """

    def start(self, kind: CallKind, scenario_id: str, dialect: str, options: dict[str, Any]) -> UpstreamCall:
        """Open and store a record for a new ``do_stream``/``do_generate`` call.

        >>> RequestLog().start("stream", "x.y.001", "v3", {"seed": 1}).request
        {'seed': 1, 'has_abort_signal': False}
        """
        with self._lock:
            call = UpstreamCall(call_id=next(self._ids), kind=kind, scenario_id=scenario_id, dialect=dialect,
                                steps_sent=0)
            call._request = sanitize_options(options)
            self._records.append(call)
        return call


class HttpRequestLog(CallLog):
    """The requests an HTTP front end received, bounded in entries and in body bytes, fairly.

    Model routes need no token, so one client's flood must not empty another's log: when a bound
    is passed, the oldest entry of the scope holding the most entries (or the most body bytes)
    goes, so a scope only ever loses entries to its own excess. A client can also send each request
    under a fresh scope: live scopes are capped at ``max_scopes``, and past the cap the newest scope
    before the incoming one goes whole, so scopes that were there first keep their entries (with at
    most ``max_scopes`` scopes, the largest one holds more than ``max_entries // max_scopes`` whenever
    the entry bound is passed: that many entries per scope are never taken). A body longer than
    ``max_body_bytes`` is kept cut to that length and says so (``body_truncated``, ``body_bytes``);
    the headers count against the byte bound too, and those past ``max_header_bytes`` are left out
    (``headers_truncated``, ``header_bytes``).
    Every model request counts as a streaming call (``kind`` ``"stream"``), as the harness reads it.

    >>> log = HttpRequestLog(max_entries=3); e = log.start("POST", "/v1/parts/v3", "v3", {}, "t1")
    >>> for _ in range(5):
    ...     _ = log.start("POST", "/v1/parts/v3", "v3", {}, "flood")
    >>> [x.id for x in log.entries("t1")], len(log.entries("flood")), log.clear("t1")
    ([1], 2, 1)
    """

    def __init__(self, max_entries: int | None = 10_000, max_bytes: int = 64 << 20,
                 max_body_bytes: int = 1 << 20, max_scopes: int = 1_000, max_header_bytes: int = 64 << 10) -> None:
        super().__init__(None)
        self.max_header_bytes = max_header_bytes
        self.max_entries, self.max_bytes, self.max_body_bytes = max_entries, max_bytes, max_body_bytes
        self.max_scopes = max_scopes
        self._scopes: dict[str | None, deque[UpstreamCall]] = {}
        self._bytes: dict[str | None, int] = {}
        self._count = self._total = 0  # kept as they change: a start must not walk every scope

    def start(self, method: str, path: str, dialect: str | None, headers: RawHeaders,
              scope: str | None, header_bytes: int | None = None) -> UpstreamCall:
        """Create and store a record for a request.

        ``header_bytes``: the size of raw header pairs as :meth:`_keep_headers` counts it, when the
        caller already knows it (the server's fast path reads it off the head).
        """
        with self._lock:
            call = UpstreamCall(call_id=next(self._ids), kind="stream", dialect=dialect, scope=scope,
                                method=method, path=path, headers=headers)
            self._keep_headers(call, header_bytes)
            self._store(call)
        return call

    def add(self, call: UpstreamCall) -> UpstreamCall:
        """Store a record made elsewhere."""
        with self._lock:
            self._store(call)
        return call

    def _store(self, call: UpstreamCall) -> None:
        """Append a record to its scope and count it; the lock is held."""
        self._scopes.setdefault(call.scope, deque()).append(call)
        self._count += 1
        self._bytes[call.scope] = self._bytes.get(call.scope, 0) + call.logged_bytes
        self._total += call.logged_bytes
        self._evict()

    def _keep_headers(self, call: UpstreamCall, known: int | None = None) -> None:
        """Cut a record's headers to ``max_header_bytes`` (whole pairs) and count what it keeps.

        >>> log = HttpRequestLog(max_header_bytes=100)
        >>> e = log.start("GET", "/", None, ((b"a", b"x" * 60), (b"b", b"y" * 60)), None)
        >>> e.headers_truncated, e.header_bytes, e.logged_bytes, len(e.header_items())
        (True, 130, 65, 1)
        """
        headers = call.headers
        if type(headers) is tuple:  # aiohttp's raw headers: sized in one pass, kept whole when they fit
            total = sum(len(k) + len(v) for k, v in headers) + 4 * len(headers) if known is None else known
            if total <= self.max_header_bytes:
                call.header_bytes = call.logged_bytes = total
                return
        pairs = list(headers.items()) if isinstance(headers, Mapping) else list(headers)
        kept: list[Any] = []
        total = kept_bytes = 0
        for k, v in pairs:
            size = len(k) + len(v) + 4  # ": " and CRLF, as on the wire
            total += size
            if kept_bytes + size <= self.max_header_bytes:
                kept.append((k, v))
                kept_bytes += size
        call.header_bytes = total
        if len(kept) < len(pairs):
            call.headers_truncated = True
            call.headers = dict(kept) if isinstance(call.headers, Mapping) else tuple(kept)
        call.logged_bytes = kept_bytes

    def set_body(self, call: UpstreamCall, raw: bytes) -> None:
        """Keep a request's body (cut to ``max_body_bytes``), counted against the byte bound."""
        with self._lock:
            call.body_bytes = len(raw)
            if len(raw) > self.max_body_bytes:
                call.body_truncated, raw = True, raw[: self.max_body_bytes]
            call.raw_body = raw
            call.logged_bytes += len(raw)
            queue = self._scopes.get(call.scope, ())
            # Newest first: it is near the end (usually the last).
            if (queue and queue[-1] is call) or any(c is call for c in reversed(queue)):
                self._bytes[call.scope] = self._bytes.get(call.scope, 0) + len(raw)
                self._total += len(raw)
            self._evict()

    def rescope(self, call: UpstreamCall, scope: str | None) -> None:
        """Move a stored record to another scope (a default-scenario request joins its case's scope)."""
        with self._lock:
            queue = self._scopes.get(call.scope)
            if queue is not None and any(c is call for c in queue):
                queue.remove(call)
                size = call.logged_bytes
                self._bytes[call.scope] = self._bytes.get(call.scope, 0) - size
                if not queue:
                    del self._scopes[call.scope]
                    self._bytes.pop(call.scope, None)
                target = self._scopes.setdefault(scope, deque())
                target.append(call)  # newest of its scope; sorted by id when read across scopes
                if len(target) > 1 and target[-2].call_id > call.call_id:
                    self._scopes[scope] = deque(sorted(target, key=lambda c: c.call_id))
                self._bytes[scope] = self._bytes.get(scope, 0) + size
                self._evict()
            call.scope = scope

    def _evict(self) -> None:
        while len(self._scopes) > self.max_scopes:
            # The newest scope but the incoming one (the last inserted): a rotating client loses its own.
            newest = reversed(self._scopes)
            next(newest)
            self._drop_scope(next(newest))
        while (self.max_entries is not None and self._count > self.max_entries) or self._total > self.max_bytes:
            by = self._bytes if self._total > self.max_bytes else {k: len(q) for k, q in self._scopes.items()}
            scope = max(by, key=lambda k: by[k])
            gone = self._scopes[scope].popleft()
            size = gone.logged_bytes
            self._bytes[scope] = self._bytes.get(scope, 0) - size
            self._count, self._total = self._count - 1, self._total - size
            if not self._scopes[scope]:
                self._drop_scope(scope)

    def _drop_scope(self, scope: str | None) -> None:
        """Forget a scope's entries and counters (bounded like the log); the lock is held."""
        self._count -= len(self._scopes.pop(scope, ()))
        self._total -= self._bytes.pop(scope, 0)
        self._attempts.pop(scope, None)

    @property
    def records(self) -> list[UpstreamCall]:
        """Every record, in call order."""
        with self._lock:
            return sorted((c for q in self._scopes.values() for c in q), key=lambda c: c.call_id)

    def entries(self, scope: str | None = None) -> list[UpstreamCall]:
        """All records in call order, or those of one scope."""
        if scope is None:
            return self.records
        with self._lock:
            return list(self._scopes.get(scope, ()))

    def clear(self, scope: str | None = None) -> int:
        """Forget every record (or one scope's); returns how many went."""
        with self._lock:
            self._forget_attempts(scope)
            if scope is None:
                gone = self._count
                self._scopes.clear()
                self._bytes.clear()
                self._count = self._total = 0
                return gone
            self._total -= self._bytes.pop(scope, 0)
            gone = len(self._scopes.pop(scope, ()))
            self._count -= gone
            return gone

    def last(self) -> UpstreamCall:
        """The most recent record; ``LookupError`` when nothing was recorded."""
        with self._lock:
            tails = [q[-1] for q in self._scopes.values() if q]
            if not tails:
                raise LookupError("no request recorded yet")
            return max(tails, key=lambda c: c.call_id)

    def __len__(self) -> int:
        return self._count


__all__ = [
    "CREDENTIAL_HEADERS",
    "CallKind",
    "CallLog",
    "HttpRequestLog",
    "RequestLog",
    "RequestRecord",
    "TurnRecord",
    "UpstreamCall",
    "call_of_turn",
    "json_safe",
    "sanitize_options",
]
