"""The mock provider for httpx clients without a socket: respx routes serving the server's plans.

:func:`mock_router` answers the same routes as :mod:`mock_provider.server` (``/v1/chat/completions``,
``/v1/messages``, ``/v1/parts/{dialect}``) with the same scenario selection, errors and bytes.
Streaming bodies are httpx byte streams that yield one chunk per plan chunk (per-event, so an
SSE parser sees the real chunk boundaries, ``split`` faults included). Faults: a ``disconnect``
raises :class:`httpx.RemoteProtocolError` from the stream at that point, a ``stall`` raises
:class:`httpx.ReadTimeout` (what the client's read timeout would do; nothing waits).

respx patches ``httpx`` only. SDKs built on another transport (recent ``openai``/``anthropic``
releases default to ``httpx2``) must be given a plain client, e.g.
``openai.OpenAI(base_url=..., http_client=httpx.Client())``.

Example:
    >>> import httpx
    >>> with mock_router() as router:
    ...     r = httpx.post("https://api.openai.com/v1/parts/v3", json={"model": "scenario:text.basic.001"})
    ...     calls = router["parts"].call_count
    >>> r.status_code, r.text[:28], calls
    (200, 'data: {"type":"stream-start"', 1)
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any
from urllib.parse import unquote

import httpx
import respx

from mock_provider.dialects import HTTP_DIALECTS, PART_DIALECTS
from mock_provider.scenario import Scenario
from mock_provider.server import (
    DISCONNECT,
    WRITE,
    CompiledPlan,
    FlushMode,
    MockProviderState,
    RequestError,
)
from mock_provider.wires import http_dialect


class PlanStream(httpx.SyncByteStream, httpx.AsyncByteStream):
    """A response body that plays a compiled plan, for sync and async httpx clients alike.

    >>> from mock_provider.server import MockProviderState
    >>> state = MockProviderState(flush="per-event")
    >>> _, plan = state.resolve("v3", b'{"model": "scenario:fault.disconnect.001"}', {})
    >>> stream = PlanStream(plan, httpx.Request("POST", "https://x/v1/parts/v3"))
    >>> chunks = []
    >>> try:
    ...     for c in stream:
    ...         chunks.append(c)
    ... except httpx.RemoteProtocolError as exc:
    ...     print(len(chunks), exc)
    5 peer closed connection without sending complete message body (mock-provider: scripted disconnect)
    """

    def __init__(self, plan: CompiledPlan, request: httpx.Request) -> None:
        self.plan, self.request = plan, request

    def _fault(self, kind: int) -> Exception:
        if kind == DISCONNECT:
            return httpx.RemoteProtocolError(
                "peer closed connection without sending complete message body (mock-provider: scripted disconnect)",
                request=self.request)
        return httpx.ReadTimeout("mock-provider: scripted stall (the upstream sends nothing more)",
                                 request=self.request)

    def __iter__(self) -> Iterator[bytes]:
        for op in self.plan.ops:
            if op.delay_s:
                time.sleep(op.delay_s)
            if op.kind != WRITE:
                raise self._fault(op.kind)
            if op.data:
                yield op.data

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for op in self.plan.ops:
            if op.delay_s:
                await asyncio.sleep(op.delay_s)
            if op.kind != WRITE:
                raise self._fault(op.kind)
            if op.data:
                yield op.data


def _error_response(exc: RequestError) -> httpx.Response:
    return httpx.Response(exc.status, json=exc.body())


def _respond(state: MockProviderState, dialect: str, request: httpx.Request,
             path_fields: dict[str, Any] | None = None) -> httpx.Response:
    entry = state.log.start(request.method, request.url.path, dialect, dict(request.headers),
                            request.headers.get("x-mock-scope"))
    try:
        raw = request.read()
        if len(raw) > state.max_body_bytes:
            raise RequestError(413, "request_too_large",
                               f"request body of {len(raw)} bytes exceeds the limit of {state.max_body_bytes} bytes")
        _scenario, plan = state.resolve(dialect, raw, request.headers, entry, path_fields)
    except RequestError as exc:
        entry.status, entry.error, entry.ended_at = exc.status, exc.message, time.monotonic()
        return _error_response(exc)
    entry.status, entry.fault, entry.ended_at = plan.status, plan.fault, time.monotonic()
    if not plan.chunked and plan.fault is None and plan.total_delay_s == 0:
        entry.bytes_sent, entry.completed = len(plan.body), True
        return httpx.Response(plan.status, headers=plan.headers, content=plan.body)
    # bytes_sent/completed stay unknown here: the client consumes the stream after we return.
    return httpx.Response(plan.status, headers=plan.headers, stream=PlanStream(plan, request))


class MockProviderRouter(respx.MockRouter):
    """A respx router that also carries the mock's state (``mock_state``: scenarios, request log)."""

    mock_state: MockProviderState


def _wire_responder(state: MockProviderState, dialect: str,
                    path_fields: dict[str, Any]) -> Callable[..., httpx.Response]:
    def respond(request: httpx.Request, model: str | None = None) -> httpx.Response:
        # respx passes the route's named groups: `model` when the path carries it (Gemini).
        fields = path_fields if model is None else {**path_fields, "model": unquote(model)}
        return _respond(state, dialect, request, fields or None)

    return respond


def _route_pattern(route: str) -> dict[str, str]:
    """The respx path matcher of a route: exact, or a regex when a ``{name}`` segment is in it (only the model is a
    named group: Vertex AI's project and location change nothing in the answer).

    >>> _route_pattern("/v1/messages"), _route_pattern("/v1beta/models/{model}:generateContent")
    ({'path': '/v1/messages'}, {'path__regex': '^/v1beta/models/(?P<model>[^/]+):generateContent$'})
    >>> _route_pattern("/v1/projects/{project}/models/{model}:x")
    {'path__regex': '^/v1/projects/[^/]+/models/(?P<model>[^/]+):x$'}
    """
    if "{" not in route:
        return {"path": route}
    pieces = re.split(r"\{(\w+)\}", route)  # literal, name, literal, name, ..., literal
    pattern = "".join(re.escape(piece) if i % 2 == 0 else ("(?P<model>[^/]+)" if piece == "model" else "[^/]+")
                      for i, piece in enumerate(pieces))
    return {"path__regex": f"^{pattern}$"}


def mock_router(scenarios: list[Scenario] | None = None, base_url: str = "https://api.openai.com", *,
                time_scale: float = 0.0, flush: FlushMode = "per-event",
                assert_all_called: bool = False) -> MockProviderRouter:
    """A respx router serving the scenarios (``None``: the built-in corpus) under ``base_url``.

    Routes are named after the HTTP wires (``openai-chat``, ``anthropic``, ``openai-responses``) and
    ``parts``; ``router.mock_state`` is the shared :class:`~mock_provider.server.MockProviderState`
    (its ``log`` records each request).
    ``base_url`` is the host part: OpenAI SDK clients use ``base_url + "/v1"``, Anthropic ones
    ``base_url`` itself, the groq SDK ``base_url`` too (Groq's path, ``/openai/v1/chat/completions``: openai-chat:1;
    Gemini's routes are under ``/v1beta/``, the stable ``/v1/`` and Vertex AI's four prefixes: gemini:1 to :11).

    >>> router = mock_router([], base_url="https://mock.test")
    >>> sorted(route.name for route in router.routes if not route.name.startswith("gemini:"))
    ['anthropic', 'gemini', 'openai-chat', 'openai-chat:1', 'openai-responses', 'parts']
    >>> sum(route.name.startswith("gemini:") for route in router.routes)
    11
    """
    state = MockProviderState(scenarios, time_scale=time_scale, flush=flush)
    router = MockProviderRouter(base_url=base_url, assert_all_called=assert_all_called, assert_all_mocked=True)

    def parts(request: httpx.Request, dialect: str) -> httpx.Response:
        if dialect not in PART_DIALECTS:
            known = ", ".join(PART_DIALECTS)
            return _error_response(RequestError(
                404, "unknown_dialect", f"unknown parts dialect {dialect[:40]!r}; use one of {known}"))
        return _respond(state, dialect, request)

    for name in HTTP_DIALECTS:  # the routes of every HTTP wire of the dialect registry
        for n, (route, fields) in enumerate(http_dialect(name).routes()):
            router.post(**_route_pattern(route), name=name if n == 0 else f"{name}:{n}").mock(
                side_effect=_wire_responder(state, name, fields))
    router.post(path__regex=r"/v1/parts/(?P<dialect>[^/]+)$", name="parts").mock(side_effect=parts)
    router.mock_state = state
    return router


__all__ = ["MockProviderRouter", "PlanStream", "mock_router"]
