"""Mutant AG-UI endpoints: the reference endpoint with one transport rule broken on the wire.

Each is a small aiohttp app that runs the reference adapter (``conformance.reference:openai_http``
behind :func:`conformance.targets.agui_endpoint.adapter_events`) and writes its events the wrong
way: a wrong content type, split ``data:`` lines, CRLF line ends, a close before the terminal event,
a 500, a response held open after the terminal. Graded through the URL target, each must FAIL exactly its
``transport.*`` row. The app starts on first use (importing this module starts nothing).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from conformance.contract import AdapterContext, Capabilities
from conformance.reference import openai_http
from conformance.targets.agui_endpoint import PATH, EndpointInputError, ThreadedApp, adapter_events, encode
from conformance.targets.url import TERMINALS, UrlAdapter, UrlTarget
from mock_provider.scenario import Scenario
from tests.mutants.base import Mutant

Writer = Callable[[web.Request, Any], Awaitable[web.StreamResponse]]


def reference_capabilities() -> Capabilities:
    caps: Capabilities = openai_http(AdapterContext(dialect="probe", model=None, scenario_id="probe")).capabilities
    return caps


def mutant_app(writer: Writer) -> web.Application:
    """An endpoint whose handler hands the reference adapter's events to ``writer``."""

    async def handle(request: web.Request) -> web.StreamResponse:
        events: Any = adapter_events(openai_http, await request.read(), request.headers)
        try:
            return await writer(request, events)
        except (EndpointInputError, ConnectionResetError):
            return web.Response(status=400)
        finally:
            await events.aclose()

    app = web.Application()
    app.router.add_post(PATH, handle)
    return app


async def _stream(request: web.Request, content_type: str = "text/event-stream") -> web.StreamResponse:
    resp = web.StreamResponse(headers={"Content-Type": content_type})
    await resp.prepare(request)
    return resp


async def wrong_content_type(request: web.Request, events: Any) -> web.StreamResponse:
    resp = await _stream(request, "application/json")
    async for e in events:
        await resp.write(encode(e, ndjson=False))
    await resp.write_eof()
    return resp


async def split_data_lines(request: web.Request, events: Any) -> web.StreamResponse:
    # Legal SSE (the lines join to the same JSON) but not AG-UI's one event on one data line.
    resp = await _stream(request)
    async for e in events:
        text = json.dumps(e)
        await resp.write(f"data: {text[:1]}\ndata: {text[1:]}\n\n".encode())
    await resp.write_eof()
    return resp


async def crlf_line_ends(request: web.Request, events: Any) -> web.StreamResponse:
    # Legal SSE, but @ag-ui/client 1.0.0 splits frames on "\n\n" only (src/transform/sse.ts:54): it never
    # finds a frame's end, and at the response's end parses every event as one JSON text, which fails.
    resp = await _stream(request)
    async for e in events:
        await resp.write(f"data: {json.dumps(e)}\r\n\r\n".encode())
    await resp.write_eof()
    return resp


async def close_before_terminal(request: web.Request, events: Any) -> web.StreamResponse:
    resp = await _stream(request)
    async for e in events:
        if e.get("type") in TERMINALS:
            break
        await resp.write(encode(e, ndjson=False))
    await resp.write_eof()
    return resp


async def status_500(request: web.Request, events: Any) -> web.StreamResponse:
    return web.json_response({"error": "internal error"}, status=500)


async def held_open(request: web.Request, events: Any) -> web.StreamResponse:
    resp = await _stream(request)
    async for e in events:
        await resp.write(encode(e, ndjson=False))
    await asyncio.Event().wait()  # never ends by itself: the handler is cancelled when the client leaves
    return resp


class LazyEndpoint:
    """A factory for the runner: serves the mutant app on first call, then acts as its URL target."""

    def __init__(self, name: str, writer: Writer, **target_options: Any) -> None:
        self.__name__ = name
        self.writer, self.target_options = writer, target_options
        self._server: ThreadedApp | None = None
        self._target: UrlTarget | None = None

    def refuses(self, scenario: Scenario) -> str | None:
        """The URL target's own limits (what RunAgentInput cannot carry) hold for the mutants too."""
        return UrlTarget("http://127.0.0.1:9/unused").refuses(scenario)

    def __call__(self, ctx: AdapterContext) -> UrlAdapter:
        if self._target is None:
            self._server = ThreadedApp(mutant_app(self.writer))
            url = self._server.start()
            self._target = UrlTarget(url, capabilities=reference_capabilities(), **self.target_options)
        return self._target(ctx)


def _endpoint(name: str, rule: str, writer: Writer, targets: set[str], should: set[str] | None = None,
              **options: Any) -> Mutant:
    return Mutant(name=name, rule=rule, factory=LazyEndpoint(name, writer, **options), targets=targets,
                  base="agui-endpoint", dialects=["openai-chat"], should=should or set())


MUTANTS: list[Mutant] = [
    _endpoint("endpoint-wrong-content-type", "serves the SSE stream as application/json", wrong_content_type,
              set(), should={"transport.content-type"}),
    # @ag-ui/client joins a frame's data lines before JSON.parse: the same events, a SHOULD.
    _endpoint("endpoint-split-data-lines", "writes each event's JSON across two data: lines of one frame",
              split_data_lines, set(), should={"transport.framing"}),
    _endpoint("endpoint-crlf", "ends SSE lines with CRLF", crlf_line_ends, {"transport.framing"}),
    _endpoint("endpoint-close-before-terminal", "ends the response instead of writing RUN_FINISHED/RUN_ERROR",
              close_before_terminal, {"transport.early-close"}),
    _endpoint("endpoint-status-500", "answers every run with HTTP 500", status_500, {"transport.status"}),
    _endpoint("endpoint-held-open", "keeps the response open after the terminal event", held_open, set(),
              should={"transport.close"}, close_grace=0.05),
]
