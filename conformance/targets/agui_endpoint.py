"""An in-process adapter served as an AG-UI HTTP endpoint: the reference for ``--adapter-url``.

:func:`serve_adapter` puts any adapter factory whose ``ctx.base_url`` points it at the mock
server (``conformance.reference:openai_http``) behind ``POST /agui``: it reads the
``RunAgentInput``, points the adapter's model at the mock server (``forwardedProps.mock``, or
the ``X-Mock-Scenario``/``X-Mock-Scope`` headers with the ``upstream_base_url`` it was given),
and writes the events as SSE (``data: <json>`` + blank line, ``@ag-ui/encoder``'s framing) or
NDJSON when the client asks for ``application/x-ndjson``. When the client leaves, the handler is
cancelled and the adapter's stream closed, which closes its upstream request.

Run through ``--adapter-url`` it must pass every case the plain adapter passes: that proves the
URL target is faithful. The test mutants (``tests/mutants/endpoint_mutants.py``) reuse
:func:`adapter_events` and break one thing on the wire.

Example (shell; serves until Ctrl-C)::

    python -m conformance.targets.agui_endpoint conformance.reference:openai_http --port 8000

Example (Python):
    >>> from conformance.reference import openai_http
    >>> with serve_adapter(openai_http) as endpoint:
    ...     endpoint.url.startswith("http://127.0.0.1:") and endpoint.url.endswith("/agui")
    True
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

from aiohttp import web
from pydantic import ValidationError

from conformance.contract import AdapterContext, RunRequest
from conformance.execution import stream_of
from conformance.runner import Factory, capabilities_of
from conformance.server_tools import tools_from_wire
from conformance.targets.agui_stream import NDJSON_TYPE, SSE_TYPE
from mock_provider.abort import AbortSignal
from mock_provider.server import ThreadedServer

PATH = "/agui"
FIXED_MODEL = "gpt-4o-mini"  # the model name when the client names no scenario (default-scenario mode)


class EndpointInputError(Exception):
    """A request the endpoint refuses (400/422), with a message that says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": {"status": status, "message": message}}, status=status)


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(getattr(p, "text", "") or "" for p in content)
    return ""


def run_request(run_input: Any) -> RunRequest:
    """A ``RunAgentInput`` -> the :class:`RunRequest` an in-process adapter takes (chat-shaped messages).

    >>> from ag_ui.core import RunAgentInput, UserMessage
    >>> r = run_request(RunAgentInput(thread_id="t", run_id="r", messages=[UserMessage(id="1", content="hi")]))
    >>> r.messages, r.thread_id
    ([{'role': 'user', 'content': 'hi'}], 't')
    """
    messages: list[dict[str, Any]] = []
    for m in run_input.messages:
        entry: dict[str, Any] = {"role": m.role}
        if m.role == "assistant":
            entry["content"] = m.content
            if m.tool_calls:
                entry["tool_calls"] = [{"id": c.id, "type": "function",
                                        "function": {"name": c.function.name, "arguments": c.function.arguments}}
                                       for c in m.tool_calls]
        elif m.role == "tool":
            entry.update(content=_text(m.content), tool_call_id=m.tool_call_id)
        elif m.role in ("user", "system", "developer"):
            entry.update(role="system" if m.role == "developer" else m.role, content=_text(m.content))
        else:
            continue  # activity/reasoning messages carry nothing for the upstream
        messages.append(entry)
    tools = [{"name": t.name, "description": t.description,
              "input_schema": t.parameters or {"type": "object", "properties": {}}, "needs_approval": False}
             for t in run_input.tools or []]
    # Server tools (forwardedProps.serverTools, conformance.server_tools): executable again here.
    props = run_input.forwarded_props if isinstance(run_input.forwarded_props, dict) else {}
    server = {str(t.get("name")): t for t in props.get("serverTools") or [] if isinstance(t, dict)}
    abort = AbortSignal()  # a result marked until_abort holds until the client leaves (the caller's abort)
    if server:
        tools = tools_from_wire([{**t, "server": True, "results": server[t["name"]].get("results") or []}
                                 if t["name"] in server else t for t in tools], abort)
    return RunRequest(model="mock-model", messages=messages, tools=tools, output_schema=None, options={},
                      thread_id=run_input.thread_id, run_id=run_input.run_id, abort=abort)


def upstream_for(run_input: Any, headers: Mapping[str, str],
                 upstream_base_url: str | None) -> tuple[str, str, dict[str, str]]:
    """(base URL, model id, headers) of the mock server for this run.

    ``forwardedProps.mock`` wins; else ``X-Mock-Scenario`` (model ``scenario:<id>``) and
    ``X-Mock-Scope`` with the configured base URL; else that base URL with the fixed model name
    :data:`FIXED_MODEL`, for which the mock server plays its default scenario.

    >>> from ag_ui.core import RunAgentInput
    >>> ri = RunAgentInput(thread_id="t", run_id="r", messages=[])
    >>> upstream_for(ri, {"X-Mock-Scenario": "text.basic.001"}, "http://127.0.0.1:8765")
    ('http://127.0.0.1:8765', 'scenario:text.basic.001', {})
    """
    props = run_input.forwarded_props if isinstance(run_input.forwarded_props, dict) else {}
    mock = props.get("mock")
    if isinstance(mock, dict) and isinstance(mock.get("base_url"), str) and isinstance(mock.get("model"), str):
        extra = mock.get("headers")
        pairs = extra.items() if isinstance(extra, dict) else ()
        return mock["base_url"], mock["model"], {str(k): str(v) for k, v in pairs}
    if upstream_base_url:
        scenario, scope = headers.get("X-Mock-Scenario"), headers.get("X-Mock-Scope")
        model = f"scenario:{scenario}" if scenario else FIXED_MODEL
        return upstream_base_url, model, ({"X-Mock-Scope": scope} if scope else {})
    raise EndpointInputError(422, "no upstream for this run: send forwardedProps.mock {base_url, model, headers} "
                                  "(this endpoint was started without an upstream base URL)")


async def adapter_events(factory: Factory, body: bytes, headers: Mapping[str, str],
                         upstream_base_url: str | None = None) -> AsyncIterator[dict[str, Any]]:
    """Validate a POSTed ``RunAgentInput`` and stream the adapter's events for it.

    Raises :class:`EndpointInputError` before the first event when the input is unusable.
    When the consumer stops early (the client left), the adapter's abort signal fires.

    >>> import asyncio
    >>> from conformance.reference import openai_http
    >>> async def first() -> None:
    ...     try:
    ...         await adapter_events(openai_http, b"{}", {}).__anext__()
    ...     except EndpointInputError as exc:
    ...         print(exc.status)
    >>> asyncio.run(first())
    422
    """
    from ag_ui.core import RunAgentInput

    try:
        run_input = RunAgentInput.model_validate_json(body)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "<root>"
        raise EndpointInputError(422, f"invalid RunAgentInput: {where}: {err['msg']}") from None
    base_url, model_id, up_headers = upstream_for(run_input, headers, upstream_base_url)
    probe = capabilities_of(factory(AdapterContext(dialect="probe", model=None, scenario_id="probe")))
    dialect = probe.inputs[0]
    ctx = AdapterContext(dialect=dialect, model=None, scenario_id=model_id.removeprefix("scenario:"),
                         base_url=base_url, model_id=model_id, extra={"headers": up_headers})
    adapter = factory(ctx)
    request = run_request(run_input)
    stream = stream_of(adapter, request)
    try:
        async for event in stream:
            yield event
    finally:
        # The client left (or the run ended): that is the caller's abort for the adapter, which
        # then closes its upstream request.
        request.abort.abort("the client closed the response")
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            with contextlib.suppress(Exception):
                await aclose()


def encode(event: dict[str, Any], ndjson: bool) -> bytes:
    """One event on the wire: ``data: <json>\\n\\n`` (SSE) or ``<json>\\n`` (NDJSON).

    >>> encode({"type": "RUN_STARTED"}, ndjson=False)
    b'data: {"type":"RUN_STARTED"}\\n\\n'
    """
    text = json.dumps(event, separators=(",", ":"), ensure_ascii=False)
    return (text + "\n" if ndjson else f"data: {text}\n\n").encode()


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def create_app(factory: Factory, upstream_base_url: str | None = None, path: str = PATH) -> web.Application:
    """The aiohttp app serving ``factory`` at ``POST path``.

    >>> from conformance.reference import openai_http
    >>> [r.method for r in create_app(openai_http).router.routes()]
    ['POST']
    """

    async def handle(request: web.Request) -> web.StreamResponse:
        ndjson = NDJSON_TYPE in request.headers.get("Accept", "")
        events: Any = adapter_events(factory, await request.read(), request.headers, upstream_base_url)
        try:
            first = await events.__anext__()
        except EndpointInputError as exc:
            return _error(exc.status, str(exc))
        except StopAsyncIteration:
            first = None
        resp = web.StreamResponse(headers={"Content-Type": NDJSON_TYPE if ndjson else SSE_TYPE,
                                           "Cache-Control": "no-cache"})
        await resp.prepare(request)
        try:
            if first is not None:
                await resp.write(encode(first, ndjson))
                async for event in events:
                    await resp.write(encode(event, ndjson))
            await resp.write_eof()
        except ConnectionResetError:
            pass  # the client left: nothing more to write
        finally:
            await events.aclose()
        return resp

    app = web.Application()
    app.router.add_post(path, handle)
    return app


class ThreadedApp(ThreadedServer):
    """An aiohttp app on 127.0.0.1 in a daemon thread (handlers are cancelled when the client leaves).

    >>> with ThreadedApp(web.Application()) as srv:
    ...     srv.base_url.startswith("http://127.0.0.1:")
    True
    """

    label = "AG-UI endpoint"

    def __init__(self, app: web.Application, path: str = PATH) -> None:
        super().__init__()
        self.app, self.path = app, path
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        """The endpoint URL (base URL + path)."""
        return self.base_url + self.path

    def start(self, host: str = "127.0.0.1", port: int = 0, timeout: float = 15.0) -> str:
        """Start it and return the endpoint URL (base URL + path)."""
        super().start(host, port, timeout)
        return self.url

    async def _serve(self, host: str, port: int) -> str:
        self._runner = web.AppRunner(self.app, handler_cancellation=True)
        await self._runner.setup()
        try:
            site = web.TCPSite(self._runner, host, port)
            await site.start()
        except BaseException:
            await self._runner.cleanup()
            raise
        return f"http://{host}:{self._runner.addresses[0][1]}"

    async def _shutdown(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


def serve_adapter(factory: Factory, upstream_base_url: str | None = None, path: str = PATH) -> ThreadedApp:
    """``factory`` as an AG-UI endpoint in a background thread (a context manager; ``.url``)."""
    return ThreadedApp(create_app(factory, upstream_base_url, path), path)


def main(argv: list[str] | None = None) -> int:
    """Serve an adapter factory as an AG-UI endpoint until interrupted."""
    from conformance.session import load_factory

    ap = argparse.ArgumentParser(prog="python -m conformance.targets.agui_endpoint", description=main.__doc__)
    ap.add_argument("adapter", help="MODULE:FACTORY of an adapter that reads the mock server over HTTP")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--upstream", default=None, help="mock server base URL for clients that send only headers")
    args = ap.parse_args(argv)
    web.run_app(create_app(load_factory(args.adapter), args.upstream), host="127.0.0.1", port=args.port,
                handler_cancellation=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
