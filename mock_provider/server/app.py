"""The aiohttp app: the model routes, the route table, JSON errors everywhere, aiohttp patches.

Routes (model side; any credentials are accepted and never logged):

* ``POST /v1/chat/completions`` - OpenAI Chat Completions (SSE when ``"stream": true``, else JSON);
* ``POST /v1/messages`` - Anthropic Messages;
* ``POST /v1/responses`` - OpenAI Responses (SSE events when ``"stream": true``, else a Response JSON);
* ``POST /v1/parts/{v2|v3|v4|mastra}`` - AI SDK / Mastra stream parts as SSE, or NDJSON
  with ``Accept: application/x-ndjson``;

and the control API of :mod:`mock_provider.server.control`. Requests carrying
``X-Mock-Scope: <id>`` are logged under that scope, so parallel tests can each read only their
own requests; a request that takes the default scenario and has no scope header takes the
default's scope. Every refusal, even of a request aiohttp cannot parse, is a JSON error.

Example:
    >>> sorted(r.resource.canonical for r in create_app([]).router.routes())[:3]
    ['/_mock/default-scenario', '/_mock/default-scenario', '/_mock/default-scenario']
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from aiohttp.base_protocol import BaseProtocol
from aiohttp.web_protocol import RequestHandler

from mock_provider.dialects import HTTP_DIALECTS, PART_DIALECTS
from mock_provider.scenario import Scenario
from mock_provider.server.control import STATE_KEY, Handler, MockProviderState, add_control_routes
from mock_provider.server.errors import RequestError, kind_for
from mock_provider.server.fastpath import FastProtocol, Responses, drop, take
from mock_provider.server.plans import CompiledPlan, FlushMode
from mock_provider.server.selection import MAX_ID_LENGTH, SCOPE_HEADER
from mock_provider.server.validation import DEFAULT_MAX_BODY_BYTES, read_body
from mock_provider.server.writer import write_plan
from mock_provider.servers import SERVERS
from mock_provider.wires import http_dialect
from mock_provider.wires.gemini_models import MODEL_GET_ROUTES, model_resource

# The name the server has always logged under (its users filter on it).
log = logging.getLogger("mock_provider.server")
# The routes of every HTTP wire dialect, from the dialect registry (a new wire is one module and one registry
# line); most wires have one, Gemini twelve (streaming and not, at the Gemini API's two versions and at Vertex AI's
# four prefixes: mock_provider.wires.gemini.VERTEX_PREFIXES).
# The path prefixes of the Gemini routes (Google's API version segments, and Vertex AI's paths).
GEMINI_PREFIXES = ("/v1beta/", "/v1beta1/", "/v1/models/", "/v1/projects/", "/v1/publishers/")  # no other wire's
MODEL_ROUTES: dict[str, str] = {route: name for name in HTTP_DIALECTS for route, _ in http_dialect(name).routes()}


def _scope(request: web.Request) -> str | None:
    scope = request.headers.get(SCOPE_HEADER)
    return scope[:MAX_ID_LENGTH] if scope else None


def _server(request: web.Request, dialect: str, scenario_id: str | None) -> str | None:
    """The server flavour a Chat Completions request declares (``X-Mock-Server``, else the default scenario's
    server when it took the default; unknown: none)."""
    value = request.app[STATE_KEY].server_of(request.headers, scenario_id)
    return value if dialect == "openai-chat" and value in SERVERS else None


async def _serve_model(request: web.Request, dialect: str,
                       path_fields: dict[str, Any] | None = None) -> web.StreamResponse:
    state = request.app[STATE_KEY]
    resolved = take(state, request)
    plan_or_error: CompiledPlan | RequestError | None = None
    if resolved is not None:  # the fast path started its record (and resolved it, unless None)
        entry, plan_or_error = resolved
    else:
        entry = state.log.start(request.method, request.path, dialect, request.raw_headers, _scope(request))
    if plan_or_error is None:
        try:
            raw = await read_body(request, state.max_body_bytes)
            if "model" in request.match_info:  # the model is a path segment (Gemini)
                path_fields = {**(path_fields or {}), "model": request.match_info["model"]}
            _scenario, plan_or_error = state.resolve(dialect, raw, request.headers, entry, path_fields)
        except RequestError as refusal:
            plan_or_error = refusal
        except BaseException:  # the client left during its upload (or the server is stopping): the entry ends
            entry.left_early()
            entry.end()
            raise
    if isinstance(plan_or_error, RequestError):
        refused = plan_or_error
        entry.status, entry.error = refused.status, refused.message
        entry.end()
        return (refused.for_gemini() if dialect == "gemini"
                else refused.for_server(_server(request, dialect, entry.scenario_id))).response()
    plan = plan_or_error
    pause = state.pauses.get(entry.scope) if entry.scope else None
    return await write_plan(request, plan, entry, state, on_pause=pause[1] if pause else None)


def _model_handler(dialect: str, path_fields: dict[str, Any]) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    async def handler(request: web.Request) -> web.StreamResponse:
        return await _serve_model(request, dialect, path_fields or None)

    handler.__name__ = f"serve_{dialect.replace('-', '_')}"
    return handler


async def _parts(request: web.Request) -> web.StreamResponse:
    dialect = request.match_info["dialect"]
    if dialect not in PART_DIALECTS:
        raise RequestError(404, "unknown_dialect",
                           f"unknown parts dialect {dialect[:40]!r}; use one of {', '.join(PART_DIALECTS)}")
    return await _serve_model(request, dialect)


async def _gemini_model(request: web.Request) -> web.StreamResponse:
    """The Gemini API's models.get (:mod:`mock_provider.wires.gemini_models`)."""
    return web.json_response(model_resource(request.match_info["model"]))


@web.middleware
async def _errors_as_json(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every refusal becomes a JSON error: router 404/405, 413, RequestError, and (never expected) 500."""
    gemini = request.path.startswith(GEMINI_PREFIXES)  # refused in Google's envelope, which google-genai reads
    try:
        return await handler(request)
    except RequestError as exc:
        return (exc.for_gemini() if gemini else exc).response()
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        headers = {"Allow": exc.headers["Allow"]} if "Allow" in exc.headers else None
        path = request.raw_path[:200]
        if exc.status in (404, 405):  # no route for it: a setup error the case that sent it is told of
            request.app[STATE_KEY].note_unrouted(_scope(request), request.method, path, exc.status)
        if exc.status == 404:
            message = (f"no route {path!r}; model routes: {', '.join(f'POST {r}' for r in MODEL_ROUTES)}, "
                       f"POST /v1/parts/{{{'|'.join(PART_DIALECTS)}}}; control API under /_mock/")
        elif exc.status == 405:
            message = f"method {request.method[:20]!r} not allowed on {path!r}; allowed: {exc.headers.get('Allow', '')}"
        else:
            message = exc.reason
        refused = RequestError(exc.status, kind_for(exc.status), message)
        return (refused.for_gemini() if gemini else refused).response(headers)
    except ConnectionError as exc:
        # The client left mid-request (its upload cut short): routine for a test double, not a server error.
        log.debug("mock-provider: the client left during %s %s: %r", request.method, request.raw_path[:200], exc)
        return RequestError(400, "invalid_request_error", "the client left before its request was read").response()
    except Exception:
        log.exception("mock-provider: unexpected error on %s %s", request.method, request.raw_path[:200])
        internal = RequestError(500, "internal_error", "mock-provider internal error (see the server log)")
        return (internal.for_gemini() if gemini else internal).response()


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
    for name in HTTP_DIALECTS:
        for route, path_fields in http_dialect(name).routes():
            app.router.add_post(route, _model_handler(name, path_fields))
    app.router.add_post("/v1/parts/{dialect}", _parts)
    for name in HTTP_DIALECTS:  # after every named route: a vendor's own path prefix (HttpDialect.any_prefix_routes)
        for route, path_fields in http_dialect(name).any_prefix_routes():
            app.router.add_post(route, _model_handler(name, path_fields))
    for route in MODEL_GET_ROUTES:  # google-genai's models.get: a client that reads the limits before it streams
        app.router.add_get(route, _gemini_model)
    add_control_routes(app)
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

    def connection_lost(self, exc: BaseException | None) -> None:
        server = self._manager
        state = getattr(server, "mock_state", None)
        if state is not None and state.pre_resolved:
            drop(state, self)
        super().connection_lost(exc)

    def handle_error(self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        # Malformed requests are routine for a test double (fuzzers, hostile adapters): debug level,
        # not aiohttp's error-level traceback.
        log.debug("mock-provider: HTTP %s for a malformed request from %s", status, request.remote, exc_info=exc)
        if request.writer.output_size > 0:
            raise ConnectionError("response already started; cannot send an error response")
        text = message if status != 500 and message else "internal error"
        resp = RequestError(status, kind_for(status), f"malformed HTTP request: {text}"[:500]).response()
        resp.force_close()
        return resp


class _JsonErrorServer(web.Server):
    # Set by use_json_protocol_errors: with a state, new connections start on the fast path.
    mock_state: MockProviderState | None = None
    fast_connections: set[FastProtocol]
    fast_responses: Responses

    def handler(self) -> RequestHandler:
        """aiohttp's protocol for one connection, answering unparsable requests in JSON."""
        handler = super().__call__()
        if type(handler) is RequestHandler:
            handler.__class__ = _JsonErrorRequestHandler
        return handler

    def __call__(self) -> Any:
        # With per-event flushing no stream is one write: the fast path would only parse it twice.
        if self.mock_state is None or self.mock_state.flush != "coalesce":
            return self.handler()
        return FastProtocol(self.handler, self.mock_state, self.fast_connections, self.fast_responses)

    async def shutdown(self, timeout: float | None = None) -> None:
        # Fast-path connections are idle between requests (each answer is written at once): close them.
        for protocol in list(getattr(self, "fast_connections", ())):
            protocol.close()
        await super().shutdown(timeout)


def use_json_protocol_errors(runner: web.BaseRunner, fast_path: bool = False) -> None:
    """Make a set-up runner's protocol answer unparsable requests in JSON too (see above).

    With ``fast_path`` (an :class:`~aiohttp.web.AppRunner`), plain model requests are answered
    below aiohttp's request objects (:mod:`mock_provider.server.fastpath`).

    >>> import asyncio
    >>> async def main():
    ...     runner = web.AppRunner(create_app([]))
    ...     await runner.setup()
    ...     use_json_protocol_errors(runner)
    ...     try:
    ...         return type(runner.server).__name__
    ...     finally:
    ...         await runner.cleanup()
    >>> asyncio.run(main())
    '_JsonErrorServer'
    """
    server = runner.server
    # Only swap the exact classes this was written against; anything else keeps aiohttp's defaults.
    if type(server) is web.Server:
        server.__class__ = _JsonErrorServer
        if fast_path and isinstance(runner, web.AppRunner):
            json_server: _JsonErrorServer = server  # type: ignore[assignment]
            json_server.fast_connections = set()
            json_server.fast_responses = Responses()
            json_server.mock_state = runner.app[STATE_KEY]


__all__ = ["MODEL_ROUTES", "create_app", "use_json_protocol_errors"]
