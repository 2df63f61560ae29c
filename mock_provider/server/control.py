"""The app's state (scenarios, plan cache, request log, settings) and the ``/_mock/`` control API.

Control API under ``/_mock/`` (``Authorization: Bearer <token>`` when the app has a token):
``GET /_mock/health``, ``GET|POST /_mock/scenarios``, ``PUT|DELETE /_mock/scenarios/{id}`` (a posted
scenario: replace or create, forget; the built-in ones are fixed), ``GET|DELETE /_mock/requests[?scope=]``,
``GET|PUT|DELETE /_mock/default-scenario``. :class:`MockProviderState` is sans-IO: the aiohttp
app and the respx router share it, so both select scenarios and encode plans the same way.

Example:
    >>> state = MockProviderState([], token="t")
    >>> state.authorized({"Authorization": "Bearer t"}), state.authorized({})
    (True, False)
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import gc
import hmac
import json
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from aiohttp import web
from pydantic import ValidationError

from mock_provider.dialects import PART_DIALECTS, DialectError
from mock_provider.request_log import HttpRequestLog, UpstreamCall, json_safe
from mock_provider.scenario import Scenario, ScenarioError, every_error, load_corpus, scenario_from_document
from mock_provider.server.api_shapes import check_api_fields
from mock_provider.server.errors import EnvelopeError, RequestError
from mock_provider.server.footprint import footprint
from mock_provider.server.plans import FLUSH_MODES, CompiledPlan, FlushMode, compile_plan, paused
from mock_provider.server.selection import (
    MAX_ID_LENGTH,
    REASONING_HEADER,
    SCENARIO_HEADER,
    ScenarioStore,
    check_scenario_id,
    header_value,
    reasoning_override,
    select_scenario,
)
from mock_provider.server.validation import (
    DEFAULT_MAX_BODY_BYTES,
    check_request_fields,
    field_errors,
    json_type,
    parse_document,
    parse_json_object,
    read_body,
)
from mock_provider.servers import SERVER_HEADER, check_server, failed_body, foreign_quirk, served_as
from mock_provider.short_form import document_id, is_short
from mock_provider.turns import Refusal, TurnPick, pick_turn, refusal
from mock_provider.wires import Chunk, WirePlan, http_dialect, plan_response


@functools.lru_cache(maxsize=1)
def builtin_corpus() -> tuple[Scenario, ...]:
    """The built-in corpus, loaded once per process (parsing it takes most of a second).

    >>> builtin_corpus() is builtin_corpus()
    True
    """
    return tuple(load_corpus())


MAX_FIELD_ERRORS = 20  # listed in a 422; the message counts them all


@dataclasses.dataclass(frozen=True)
class Unrouted:
    """A request no route of the server matched: its scope (``X-Mock-Scope``), method, path and status."""

    scope: str | None
    method: str
    path: str
    status: int
    at: float  # time.monotonic() when it came

    def describe(self) -> str:
        """One line: ``POST /chat/completions (404)``."""
        return f"{self.method} {self.path} ({self.status})"


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
    # Requests whose resolution is remembered (see resolve), the largest body remembered, and the
    # bytes of body all the remembered keys may hold (a flood of distinct large bodies stays bounded).
    MAX_RESOLVED = 4096
    MAX_RESOLVED_BODY = 64 << 10
    MAX_RESOLVED_BYTES = 16 << 20
    # Posted scenarios live as long as the server: a 0.9 MB document costs ~16 MB of memory.
    MAX_POSTED_SCENARIOS = 10_000
    # Memory the parsed posted scenarios may hold (footprint, not document length: a document of
    # small steps parses into ~16 times its size).
    MAX_POSTED_BYTES = 256 << 20
    # Unrouted requests remembered (the oldest are forgotten): a client that asks a wrong path in a loop
    # cannot grow the server's memory.
    MAX_UNROUTED = 256

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
        self._posted_bytes = 0
        self._posted: dict[str, int] = {}  # posted scenario id -> the memory it holds (bytes, footprint)
        self.time_scale = float(time_scale)
        self.token = token or None
        self.max_body_bytes = max_body_bytes
        self.flush: FlushMode = flush
        self.max_stall_s = max_stall_s
        self.log = HttpRequestLog(max_log_entries)
        self.shutting_down = False
        # Set by a server that owns its process (the CLI): see MockServer(freeze_gc=...).
        self.freeze_gc = False
        self._plans: dict[tuple[str, str, bool, bool, bool, str | None, int, str, str | None, str], CompiledPlan] = {}
        # (dialect, body bytes, the selecting headers, default, store) -> (scenario, turn, plan): see resolve.
        self._resolved: dict[tuple[Any, ...], tuple[Scenario, int, CompiledPlan]] = {}
        self._resolved_bytes = 0
        # Scripted caller aborts (the conformance harness): scope -> (steps to send, callback). The
        # response sends that many steps, calls back, then holds the stream open until the client leaves.
        self.pauses: dict[str, tuple[int, Callable[[], None]]] = {}
        # Model requests the fast path resolved, then handed to aiohttp with their connection:
        # aiohttp's handler -> (log record, plan or refusal) (server/fastpath.py).
        self.pre_resolved: dict[object, tuple[Any, Any]] = {}
        # Requests no route served (a client's wrong base URL or API version), newest last: what a case
        # whose adapter never reached a model route is told (conformance.grading.gates.unrouted_upstream).
        self.unrouted: deque[Unrouted] = deque(maxlen=self.MAX_UNROUTED)
        # PUT /_mock/default-scenario: (scenario id, scope) for requests that select no scenario.
        self.default_scenario: tuple[str, str | None] | None = None
        # ... and the server flavour those requests get when they declare none: a fixed-model client (an AG-UI
        # endpoint) cannot send X-Mock-Server, so the harness that knows the client's server sets it with the default.
        self.default_server: str | None = None

    def parse(self, dialect: str, raw: bytes) -> dict[str, Any]:
        """Parse and type-check a model request body (an empty body is ``{}`` on the parts routes)."""
        if not raw.strip() and dialect in PART_DIALECTS:
            return {}
        body = parse_json_object(raw)
        check_request_fields(body)
        if dialect not in PART_DIALECTS:
            for name in http_dialect(dialect).required:
                if name not in body:  # what the real API refuses, in its own error shape
                    raise RequestError(400, "invalid_request_error", f"Missing required parameter: '{name}'.",
                                       param=name, code="missing_required_parameter")
            check_api_fields(dialect, body)
        return body

    @staticmethod
    def check_dialect(scenario: Scenario, dialect: str) -> None:
        """422 when the scenario is restricted to other dialects."""
        if scenario.dialects is not None and dialect not in scenario.dialects:
            raise RequestError(422, "dialect_not_supported",
                               f"scenario {scenario.id} is restricted to dialects {', '.join(scenario.dialects)}; "
                               f"it cannot be served as {dialect!r}", scenario=scenario.id, dialect=dialect)

    def server_of(self, headers: Mapping[str, str], scenario_id: str | None) -> str | None:
        """The server flavour a request declares: its ``X-Mock-Server``, else the default scenario's server when
        the request took the default scenario (a fixed-model client, which sends no header of its own).

        >>> from mock_provider.scenario import load_corpus
        >>> state = MockProviderState(load_corpus())
        >>> state.set_default_scenario(b'{"scenario": "text.basic.001", "server": "openrouter"}')
        ('text.basic.001', None)
        >>> state.server_of({}, "text.basic.001"), state.server_of({}, "text.unicode.001"), state.server_of(
        ...     {"X-Mock-Server": "groq"}, "text.basic.001")
        ('openrouter', None, 'groq')
        """
        value = header_value(headers, SERVER_HEADER)
        if value is not None:
            return value
        default = self.default_scenario
        return self.default_server if default is not None and scenario_id == default[0] else None

    def check_server(self, scenario: Scenario, dialect: str, headers: Mapping[str, str]) -> str | None:
        """The declared server flavour (:meth:`server_of`; None: none); 400 for an unknown one; 422 when the
        scenario plays another server's habit (:func:`mock_provider.servers.foreign_quirk`), which that server's
        clients never get."""
        value = self.server_of(headers, scenario.id)
        if value is None:
            return None
        try:
            server = check_server(value, f"header {SERVER_HEADER}")
        except ValueError as exc:
            raise RequestError(400, "invalid_request_error", str(exc), param=SERVER_HEADER) from None
        why = foreign_quirk(scenario, server, dialect)
        if why is not None:
            raise RequestError(422, "dialect_error", f"scenario {scenario.id}: {why}", scenario=scenario.id,
                               dialect=dialect)
        return server

    def plan_for(self, scenario: Scenario, dialect: str, body: Mapping[str, Any], accept: str | None,
                 pause_after: int | None = None, turn: int = 1, reasoning: str | None = None,
                 server: str | None = None) -> CompiledPlan:
        """The compiled plan for a request, cached per (scenario, dialect, stream, include_usage, NDJSON, model,
        turn, reasoning, server); ``turn`` (1-based) picks the script (:meth:`Scenario.for_turn`), ``reasoning``
        (header ``X-Mock-Reasoning``) replaces the scenario's ``wire.reasoning``, ``server`` (a checked
        ``X-Mock-Server``) serves the script as that server streams it (:func:`mock_provider.servers.served_as`).

        The dialect sees a request reduced to exactly the keyed fields (``model`` is echoed by the
        OpenAI and Anthropic dialects when the script names none), so a cached plan can never
        depend on anything else in the body.
        """
        self.check_dialect(scenario, dialect)
        scenario = scenario.for_turn(turn)
        if reasoning is not None and reasoning != scenario.wire.reasoning:
            scenario = scenario.model_copy(update={"wire": scenario.wire.model_copy(update={"reasoning": reasoning})})
        scenario = served_as(scenario, server, dialect)
        model: str | None = None
        if dialect in PART_DIALECTS:
            stream, usage, ndjson = True, False, bool(accept) and "application/x-ndjson" in (accept or "")
            request: dict[str, Any] = {}
        else:
            stream, ndjson = body.get("stream") is True, False
            opts = body.get("stream_options")
            usage = (http_dialect(dialect).include_usage and stream and isinstance(opts, dict)
                     and opts.get("include_usage") is True)
            request = {"stream": stream}
            if usage:
                request["stream_options"] = {"include_usage": True}
            if isinstance(body.get("model"), str):
                model = request["model"] = body["model"]
            shape = http_dialect(dialect).answer_fields
            if shape is not None:
                request.update(shape(body))
        key = (scenario.id, dialect, stream, usage, ndjson, model, turn, scenario.wire.reasoning, server,
               json.dumps({k: v for k, v in request.items() if k not in ("stream", "stream_options", "model")},
                          sort_keys=True))
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
                entry: UpstreamCall | None = None,
                path_fields: Mapping[str, Any] | None = None) -> tuple[Scenario, CompiledPlan]:
        """Parse, select and plan one model request (sans-IO); ``RequestError`` on any refusal.

        ``path_fields`` are body fields the request's path states (Gemini: the model and whether
        it streams); they override the body's own.

        The request's record gets the output items the plan serves (``served_items``: what a later request's
        ``item_reference`` names).

        A request the same as one answered before (same dialect, body bytes, selecting headers, default
        scenario and store) whose turn has no scripted failed attempt and no pause takes the remembered
        scenario, turn and plan: only its attempt is counted and its log record written, as for the first.
        """
        key = None
        if not path_fields and len(raw) <= self.MAX_RESOLVED_BODY:
            # The headers as selection reads them (header_value: a non-string is absent).
            key = (dialect, raw, header_value(headers, SCENARIO_HEADER), header_value(headers, REASONING_HEADER),
                   header_value(headers, SERVER_HEADER), header_value(headers, "Accept"), self.default_scenario,
                   self.default_server,
                   self.store, self.store.generation)
            hit = self._resolved.get(key)
            if hit is not None and not self._paused(entry, hit[0]):
                scenario, turn, plan = hit
                if entry is not None:
                    self._log_resolved(entry, raw, scenario, turn)
                    entry.served_items = plan.served_items
                else:
                    self.log.next_attempt(None, scenario.id, turn)
                return scenario, plan
        scenario, plan, cacheable = self._resolve(dialect, raw, headers, entry, path_fields)
        if entry is not None:
            entry.served_items = plan.served_items
        if key is not None and cacheable is not None:
            if len(self._resolved) >= self.MAX_RESOLVED or \
                    self._resolved_bytes + len(raw) > self.MAX_RESOLVED_BYTES:
                self._resolved.clear()  # bounded memory: a flood of distinct bodies only fills it again
                self._resolved_bytes = 0
            self._resolved[key] = (scenario, cacheable, plan)
            self._resolved_bytes += len(raw)
        return scenario, plan

    def _paused(self, entry: UpstreamCall | None, scenario: Scenario) -> bool:
        """Whether the request's scope (after a default scenario's rescope) has a scripted pause."""
        if entry is None or not self.pauses:
            return False
        scope = entry.scope
        default = self.default_scenario
        if scope is None and default is not None and scenario.id == default[0]:
            scope = default[1]
        return bool(scope) and scope in self.pauses

    def note_unrouted(self, scope: str | None, method: str, path: str, status: int) -> None:
        """Remember a request no route matched (bounded: the oldest are forgotten)."""
        self.unrouted.append(Unrouted(scope, method[:20], path[:200], status, time.monotonic()))

    def unrouted_for(self, scope: str, since: float) -> list[Unrouted]:
        """The unrouted requests of ``scope``, and those without a scope that came at or after ``since``.

        A client that sends no ``X-Mock-Scope`` (an endpoint's own model client) is placed by time.

        >>> state = MockProviderState([])
        >>> state.note_unrouted("case-1", "POST", "/chat/completions", 404)
        >>> [u.describe() for u in state.unrouted_for("case-1", 0.0)], state.unrouted_for("case-2", 0.0)
        (['POST /chat/completions (404)'], [])
        """
        return [u for u in self.unrouted if u.scope == scope or (u.scope is None and u.at >= since)]

    def _log_resolved(self, entry: UpstreamCall, raw: bytes, scenario: Scenario, turn: int) -> None:
        """What the full resolution writes into a request's record, for a remembered resolution."""
        self.log.set_body(entry, raw)
        entry.scenario_id = scenario.id
        default = self.default_scenario
        if default is not None and scenario.id == default[0] and entry.scope is None:
            self.log.rescope(entry, default[1])
        attempt = self.log.next_attempt(entry.scope, scenario.id, turn)
        TurnPick(turn, attempt, False).record(entry)

    def _resolve(self, dialect: str, raw: bytes, headers: Mapping[str, str], entry: UpstreamCall | None,
                 path_fields: Mapping[str, Any] | None) -> tuple[Scenario, CompiledPlan, int | None]:
        """:meth:`resolve` in full; the third item is the turn when the answer may be remembered, else None."""
        body = self.parse(dialect, raw)
        if path_fields:
            body = {**body, **path_fields}
        if entry is not None:
            self.log.set_body(entry, raw)
        default = self.default_scenario
        scenario = select_scenario(self.store, body, headers, default[0] if default else None)
        if entry is not None:
            entry.scenario_id = scenario.id
            if default is not None and scenario.id == default[0] and entry.scope is None:
                self.log.rescope(entry, default[1])  # a fixed-model client's request joins the harness's case
        self.check_dialect(scenario, dialect)
        server = self.check_server(scenario, dialect, headers)
        # The turn follows the conversation the body carries; the attempt counts in the request's scope.
        pick = pick_turn(scenario, dialect, body, self.log, entry.scope if entry is not None else None)
        if entry is not None:
            pick.record(entry)
        refused = refusal(scenario, dialect, pick)
        if refused is not None and pick.past_last_turn:
            raise EnvelopeError(refused.status, refused.message, refused.body)
        if refused is not None:
            if server is not None and dialect == "openai-chat":
                body = failed_body(server, refused.status, refused.body, refused.message)
                refused = dataclasses.replace(refused, body=body)
            return scenario, self._refusal_plan(scenario, dialect, refused), None
        pause = self.pauses.get(entry.scope) if entry is not None and entry.scope else None
        plan = self.plan_for(scenario, dialect, body, header_value(headers, "Accept"),
                             pause_after=pause[0] if pause else None, turn=pick.turn,
                             reasoning=reasoning_override(headers), server=server)
        # Remembered only when a repeat surely gets the same answer: no pause, no scripted failure
        # for this turn (whose answer depends on the attempt count).
        same_again = pause is None and not scenario.failed_attempts_of(pick.turn)
        return scenario, plan, pick.turn if same_again else None

    def _refusal_plan(self, scenario: Scenario, dialect: str, refused: Refusal) -> CompiledPlan:
        """A scripted failed attempt's response: its status, its headers, the error body (not cached)."""
        body = refused.body
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        headers = {"content-type": "application/json", **{k.lower(): v for k, v in refused.headers.items()}}
        plan = WirePlan(refused.status, headers, [Chunk(data, 0.0, 0)], scenario.id, dialect)
        return compile_plan(plan, scenario, time_scale=self.time_scale, flush=self.flush)

    def add_scenario_document(self, raw: bytes, content_type: str, put_id: str | None = None) -> Scenario:
        """Validate and register a scenario posted as JSON or YAML (400/409/422 ``RequestError``).

        With ``put_id`` (``PUT /_mock/scenarios/{id}``) the document's id must be ``put_id``, and it
        replaces the scenario posted earlier under that id (a built-in one is a 409). The server runs
        :meth:`read_scenario_document` on a worker thread and :meth:`register_scenario` on its loop.
        """
        scenario, cost = self.read_scenario_document(raw, content_type, put_id)
        return self.register_scenario(scenario, cost, put_id)

    def _check_room(self, size: int, put_id: str | None) -> None:
        """507 when one more posted scenario holding ``size`` bytes would pass the store's bounds."""
        replaced = self._posted.get(put_id, 0) if put_id is not None else 0
        if put_id is not None and put_id not in self._posted and self.store.get(put_id) is not None:
            raise RequestError(409, "builtin_scenario", f"scenario {put_id!r} is built in: only posted "
                               "scenarios can be replaced or deleted", scenario=put_id)
        if len(self._posted) - (1 if put_id in self._posted else 0) >= self.MAX_POSTED_SCENARIOS or \
                self._posted_bytes - replaced + size > self.MAX_POSTED_BYTES:
            raise RequestError(507, "scenario_store_full",
                               f"the server holds {len(self._posted)} posted scenarios "
                               f"(~{self._posted_bytes} bytes in memory); the bounds are {self.MAX_POSTED_SCENARIOS} "
                               f"scenarios and {self.MAX_POSTED_BYTES} bytes")

    def read_scenario_document(self, raw: bytes, content_type: str,
                               put_id: str | None = None) -> tuple[Scenario, int]:
        """Parse and validate a posted scenario without registering it: the scenario and the memory it
        holds, as the bound counts it (safe on any thread: it only reads the bounds, checked again when
        it is registered)."""
        self._check_room(len(raw), put_id)
        data = parse_document(raw, content_type)
        try:
            if isinstance(data, dict) and is_short(data):
                # A posted scenario is a user's: the short form applies (rows, transcript derived).
                scenario = scenario_from_document(data, "<posted>", short_form=True,
                                                  fallback_id=put_id or document_id(data))
            else:
                scenario = Scenario.model_validate(data)
        except ScenarioError as exc:
            every = [{"field": e.field, "message": e.message[:500]} for e in every_error(exc)]
            raise self._invalid(every) from None
        except ValidationError as exc:
            raise self._invalid(field_errors(exc, data)) from None
        except RecursionError:
            raise RequestError(400, "invalid_request_error", "scenario document is nested too deeply") from None
        if put_id is not None and scenario.id != put_id:
            raise RequestError(400, "invalid_request_error", f"the document's id {scenario.id!r} is not the "
                               f"URL's {put_id!r}", scenario=scenario.id)
        cost = footprint(scenario) * 5 // 4  # the allocator's overhead on many small objects
        self._check_room(cost, put_id)
        return scenario, cost

    def register_scenario(self, scenario: Scenario, size: int, put_id: str | None = None) -> Scenario:
        """Register a validated posted scenario that cost ``size`` against the bound (the server's loop
        calls it: the store, the plan cache and the counters change on one thread)."""
        self._check_room(size, put_id)
        if put_id is not None:
            self.store.put(scenario)
            self._plans.clear()  # plans compiled from the scenario it replaces
        else:
            try:
                self.store.add(scenario)
            except KeyError:
                raise RequestError(409, "duplicate_scenario", f"scenario {scenario.id!r} already exists (PUT "
                                   f"/_mock/scenarios/{scenario.id} replaces a posted one)",
                                   scenario=scenario.id) from None
        self._posted_bytes += size - self._posted.get(scenario.id, 0)
        self._posted[scenario.id] = size
        return scenario

    @staticmethod
    def _invalid(every: list[dict[str, str]]) -> RequestError:
        """The 422 of a scenario document that does not validate, with each field's error."""
        fields = every[:MAX_FIELD_ERRORS]  # a 100,000-key document once made a 5.7 MB error body
        return RequestError(422, "invalid_scenario", f"invalid scenario: {len(every)} error(s): "
                            + "; ".join(f"{f['field'] or '<root>'}: {f['message']}" for f in fields[:5]),
                            fields=fields)

    def remove_scenario(self, scenario_id: str) -> None:
        """Forget a posted scenario (404 unknown, 409 built in); a default pointing at it is unset.

        >>> state = MockProviderState([])
        >>> state.remove_scenario("nope")
        Traceback (most recent call last):
        ...
        mock_provider.server.errors.RequestError: no posted scenario 'nope'
        """
        if scenario_id not in self._posted:
            if self.store.get(scenario_id) is not None:
                raise RequestError(409, "builtin_scenario", f"scenario {scenario_id!r} is built in: only posted "
                                   "scenarios can be replaced or deleted", scenario=scenario_id)
            raise RequestError(404, "not_found_error", f"no posted scenario {scenario_id!r}", scenario=scenario_id)
        self.store.remove(scenario_id)
        self._posted_bytes -= self._posted.pop(scenario_id)
        self._plans.clear()
        if self.default_scenario is not None and self.default_scenario[0] == scenario_id:
            self.default_scenario = self.default_server = None

    def set_default_scenario(self, raw: bytes) -> tuple[str, str | None]:
        """Validate and set the default scenario from ``{"scenario": id, "scope": str | null, "server"?: str}``.

        ``server`` is the server flavour (``mock_provider.servers``) requests that take the default get when they
        send no ``X-Mock-Server``. 400 for a malformed body, id or server, 404 (with the closest ids) for an
        unknown scenario.

        >>> from mock_provider.scenario import load_corpus
        >>> MockProviderState(load_corpus()).set_default_scenario(b'{"scenario": "text.basic.001"}')
        ('text.basic.001', None)
        """
        body = parse_json_object(raw)
        unknown = sorted(set(body) - {"scenario", "scope", "server"})
        if unknown:
            raise RequestError(400, "invalid_request_error", f"unknown field(s) {', '.join(map(repr, unknown))}; "
                               "the body is {\"scenario\": <id>, \"scope\": <string or null>, \"server\"?: "
                               "<server flavour or null>}", param=unknown[0])
        sid, scope, server = body.get("scenario"), body.get("scope"), body.get("server")
        if not isinstance(sid, str):
            raise RequestError(400, "invalid_request_error",
                               f"scenario must be a scenario id string, got {json_type(sid)}", param="scenario")
        if scope is not None and (not isinstance(scope, str) or not scope or len(scope) > MAX_ID_LENGTH):
            raise RequestError(400, "invalid_request_error",
                               f"scope must be a non-empty string of at most {MAX_ID_LENGTH} characters or null",
                               param="scope")
        if server is not None:
            try:
                check_server(server if isinstance(server, str) else json_type(server), "server")
            except ValueError as exc:
                raise RequestError(400, "invalid_request_error", str(exc), param="server") from None
        check_scenario_id(sid, "scenario")
        if self.store.get(sid) is None:
            raise RequestError(404, "unknown_scenario", f"no scenario {sid!r}", closest=self.store.closest(sid))
        self.default_scenario, self.default_server = (sid, scope), server
        return self.default_scenario

    def authorized(self, headers: Mapping[str, str]) -> bool:
        """Whether a control request carries the token (always true without a token)."""
        if self.token is None:
            return True
        given = header_value(headers, "Authorization") or ""
        scheme, _, value = given.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(value.strip().encode(), self.token.encode())


STATE_KEY = web.AppKey("mock_provider_state", MockProviderState)
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
    raw = await read_body(request, state.max_body_bytes)
    # Off the event loop: validating a large document took seconds, and model streams wait meanwhile.
    scenario, cost = await asyncio.to_thread(state.read_scenario_document, raw,
                                             request.headers.get("Content-Type", ""))
    state.register_scenario(scenario, cost)  # on the loop, which reads the store
    if state.freeze_gc:
        gc.freeze()  # the new scenario is long-lived too: keep it out of future collections
    return web.json_response({"id": scenario.id, "scenarios": len(state.store)}, status=201)


async def _put_scenario(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    raw = await read_body(request, state.max_body_bytes)
    scenario_id = request.match_info["id"]
    existed = state.store.get(scenario_id) is not None
    scenario, cost = await asyncio.to_thread(state.read_scenario_document, raw,
                                             request.headers.get("Content-Type", ""), scenario_id)
    state.register_scenario(scenario, cost, scenario_id)  # on the loop, which reads the store
    return web.json_response({"id": scenario.id, "scenarios": len(state.store)}, status=200 if existed else 201)


async def _delete_scenario(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    state.remove_scenario(request.match_info["id"])
    return web.json_response({"deleted": request.match_info["id"], "scenarios": len(state.store)})


async def _get_requests(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    scope = request.query.get("scope") or None
    # Streamed, one entry at a time: the whole log as one text once took 378 MB for a log the bounds
    # keep near 64 MB; and a body nested nearly as deep as the parser allows cannot be written back
    # inside the list, and it must not make the whole log unreadable.
    resp = web.StreamResponse(headers={"Content-Type": "application/json"})
    await resp.prepare(request)
    await resp.write(b'{"requests": [')
    for i, e in enumerate(state.log.entries(scope)):
        view = e.to_json()
        try:
            text = json.dumps(view, allow_nan=False)
        except ValueError:  # a number like 1e999 parsed to infinity, which JSON cannot say
            view["body"] = json_safe(view["body"])
            text = json.dumps(view)
        except RecursionError:
            view["body"] = {"body_unreadable": "nested too deeply to show"}
            text = json.dumps(view)
        await resp.write((", " if i else "").encode() + text.encode())
    await resp.write(b"]}")
    await resp.write_eof()
    return resp


async def _delete_requests(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    return web.json_response({"cleared": state.log.clear(request.query.get("scope") or None)})


def _default_json(state: MockProviderState) -> dict[str, Any]:
    sid, scope = state.default_scenario or (None, None)
    # The server only when one is set: the answer without one is what it has always been.
    return {"scenario": sid, "scope": scope, **({"server": state.default_server} if state.default_server else {})}


async def _get_default(request: web.Request) -> web.StreamResponse:
    return web.json_response(_default_json(request.app[STATE_KEY]))


async def _put_default(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    state.set_default_scenario(await read_body(request, state.max_body_bytes))
    return web.json_response(_default_json(state))


async def _delete_default(request: web.Request) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    cleared = state.default_scenario is not None
    state.default_scenario = state.default_server = None
    return web.json_response({"cleared": cleared})


def add_control_routes(app: web.Application) -> None:
    """Add the ``/_mock/`` routes, each behind the token check.

    >>> app = web.Application(); add_control_routes(app)
    >>> sorted(r.canonical for r in app.router.resources())
    ['/_mock/default-scenario', '/_mock/health', '/_mock/requests', '/_mock/scenarios', '/_mock/scenarios/{id}']
    """
    app.router.add_get("/_mock/health", _control(_health))
    app.router.add_get("/_mock/scenarios", _control(_list_scenarios))
    app.router.add_post("/_mock/scenarios", _control(_post_scenario))
    app.router.add_put("/_mock/scenarios/{id}", _control(_put_scenario))
    app.router.add_delete("/_mock/scenarios/{id}", _control(_delete_scenario))
    app.router.add_get("/_mock/requests", _control(_get_requests))
    app.router.add_delete("/_mock/requests", _control(_delete_requests))
    app.router.add_get("/_mock/default-scenario", _control(_get_default))
    app.router.add_put("/_mock/default-scenario", _control(_put_default))
    app.router.add_delete("/_mock/default-scenario", _control(_delete_default))


__all__ = ["STATE_KEY", "Handler", "MockProviderState", "add_control_routes", "builtin_corpus"]
