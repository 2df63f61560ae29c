"""The recording proxy: the model routes of ``serve``, forwarded to a real upstream, one scenario per exchange.

``mock-provider record --upstream URL --out DIR`` listens where ``serve`` would, forwards each
model request (Chat Completions, Responses, Anthropic Messages, Gemini) to the same path and query
at ``URL``, and streams the answer back to the client unchanged, each piece as it arrives. When an
answer ends (a stream, or the JSON answer of a request with streaming off: it replays to such
requests), :func:`mock_provider.capture.scenario_document` makes it a scenario:
the parts read from the wire, the transcript they mean, the pieces with their arrival delays. A
body the upstream cut short ends the scenario with a ``disconnect`` (the proxy drops its client
too); a stream the client left while the upstream still held it open ends with a ``stall``; an
HTTP error answer becomes an ``http_status`` scenario with the body as sent and its retry headers.

Secrets never reach a written file: the scenario keeps the request's last user message and model,
the path with its query's ``key`` (and any user-named parameter) replaced, and the request headers
minus every credential (``Authorization``, ``Proxy-Authorization``, ``x-api-key``, Azure's ``api-key``,
``x-goog-api-key``, ``Cookie``, ``Set-Cookie`` and each ``--redact-header``); response headers keep
only the content type.

Example:
    >>> safe_headers({"Authorization": "Bearer s", "X-Team": "t", "Accept": "text/event-stream"}, ["x-team"])
    {'accept': 'text/event-stream'}
    >>> redact_query("/v1beta/models/m:streamGenerateContent?alt=sse&key=s3cret")
    '/v1beta/models/m:streamGenerateContent?alt=sse&key=REDACTED'
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

import aiohttp
from aiohttp import web

from mock_provider.capture import Ending, error_document, scenario_document, write_scenario
from mock_provider.dialects import HTTP_DIALECTS
from mock_provider.server.serve import DEFAULT_HOST, ThreadedServer
from mock_provider.wires import http_dialect

log = logging.getLogger("mock_provider.record")
# `api-key` is Azure OpenAI's key header (its REST API; @ai-sdk/azure sends its key there, not in Authorization).
SECRET_HEADERS = frozenset({"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "cookie",
                            "set-cookie"})
SECRET_PARAMS = frozenset({"key", "api_key", "access_token"})
# Hop-by-hop and framing headers: the proxy's own connection sets them.
_HOP = frozenset({"host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te",
                  "trailer", "proxy-connection", "content-encoding", "accept-encoding"})
REDACTED = "REDACTED"


def safe_headers(headers: Iterable[tuple[str, str]] | dict[str, str], redact: Iterable[str] = ()) -> dict[str, str]:
    """The request headers a written scenario may keep: no credential, no user-named header, no framing."""
    drop = SECRET_HEADERS | {h.lower() for h in redact} | _HOP
    items = headers.items() if isinstance(headers, dict) else headers
    return {k.lower(): v for k, v in items if k.lower() not in drop}


# Response headers an error answer keeps: what a client reads to decide a retry.
_KEPT_RESPONSE = ("retry-after", "retry-after-ms", "x-should-retry")


def safe_response_headers(headers: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The response headers a recorded error keeps: its retry advice (no cookie, no request id).

    >>> safe_response_headers([("Retry-After", "2"), ("Set-Cookie", "s"), ("x-request-id", "r")])
    {'retry-after': '2'}
    """
    return {k.lower(): v for k, v in headers if k.lower() in _KEPT_RESPONSE}


def secret_values(headers: Iterable[tuple[str, str]], path_qs: str = "", redact: Iterable[str] = ()) -> list[str]:
    """The credential values a request carried: each secret header's value, its token after the scheme,
    its cookie values, and the secret query values; longest first (a value inside another goes after).

    >>> secret_values([("Authorization", "Bearer sk-abc123"), ("Accept", "*/*")], "/m?key=k-999")
    ['Bearer sk-abc123', 'sk-abc123', 'k-999']
    """
    drop = SECRET_HEADERS | {h.lower() for h in redact}
    found: set[str] = set()
    for name, value in headers:
        if name.lower() not in drop:
            continue
        found.add(value)
        found.add(value.partition(" ")[2])
        found.update(c.partition("=")[2] for c in value.split(";"))
    query = path_qs.partition("?")[2]
    found.update(v for k, v in parse_qsl(query, keep_blank_values=True) if k.lower() in SECRET_PARAMS | {
        p.lower() for p in redact})
    return sorted((s.strip() for s in found if len(s.strip()) >= 4), key=len, reverse=True)


def scrub(value: Any, secrets: list[str]) -> Any:
    """``value`` (a scenario document) with every secret in its strings replaced by ``REDACTED``: an
    upstream that echoes a credential (an error naming the key it refused) never gets it written, at
    the cost of those bytes in the byte-exact replay.

    >>> scrub({"a": ["key sk-abc123 refused"]}, ["sk-abc123"])
    {'a': ['key REDACTED refused']}
    """
    if isinstance(value, str):
        for secret in secrets:
            value = value.replace(secret, REDACTED)
        return value
    if isinstance(value, dict):
        return {k: scrub(v, secrets) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v, secrets) for v in value]
    return value


def redact_query(path_qs: str, redact: Iterable[str] = ()) -> str:
    """A path whose secret query parameters (``key``, ``api_key``, ``access_token``, user-named) are replaced."""
    path, _, query = path_qs.partition("?")
    if not query:
        return path
    drop = SECRET_PARAMS | {p.lower() for p in redact}
    pairs = [(k, REDACTED if k.lower() in drop else v) for k, v in parse_qsl(query, keep_blank_values=True)]
    return f"{path}?{urlencode(pairs, safe=':/')}"


class Recorder:
    """Forwards model requests to ``upstream`` and writes one scenario per streamed exchange into ``out``."""

    def __init__(self, upstream: str, out: Path, *, redact_headers: Iterable[str] = (), prefix: str = "recorded"):
        self.upstream = upstream.rstrip("/")
        self.out = out
        self.redact = [h.lower() for h in redact_headers]
        self.prefix = prefix
        self._n = itertools.count(1)
        self.written: list[Path] = []
        self._session: aiohttp.ClientSession | None = None

    def handler(self, wire: str) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def forward(request: web.Request) -> web.StreamResponse:
            return await self._forward(request, wire)

        forward.__name__ = f"record_{wire.replace('-', '_')}"
        return forward

    async def _forward(self, request: web.Request, wire: str) -> web.StreamResponse:
        if self._session is None:
            self._session = aiohttp.ClientSession(auto_decompress=False, timeout=aiohttp.ClientTimeout(total=None))
        raw = await request.read()
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _HOP}
        loop = asyncio.get_running_loop()
        async with self._session.post(self.upstream + request.path_qs, data=raw, headers=headers) as up:
            out = web.StreamResponse(status=up.status, headers={
                k: v for k, v in up.headers.items() if k.lower() not in _HOP})
            await out.prepare(request)
            chunks: list[tuple[bytes, float]] = []
            last = loop.time()
            end: Ending = "complete"
            try:
                async for piece in up.content.iter_any():
                    now = loop.time()
                    chunks.append((piece, (now - last) * 1000.0))
                    last = now
                    await out.write(piece)
            except aiohttp.ClientPayloadError:
                end = "disconnect"  # the upstream dropped the connection mid-body: so does the proxy, below
            except (asyncio.CancelledError, ConnectionResetError):
                # The client left (aiohttp cancels the handler, or the write finds the socket gone)
                # while the upstream still held the stream open: what came is what it saw.
                self._save(wire, request, raw, up, chunks, "stall")
                raise
            self._save(wire, request, raw, up, chunks, end)
            if end == "disconnect":
                if request.transport is not None:
                    request.transport.abort()
                return out
            await out.write_eof()
        return out

    def _save(self, wire: str, request: web.Request, raw: bytes, up: aiohttp.ClientResponse,
              chunks: list[tuple[bytes, float]], end: Ending) -> None:
        ctype = up.headers.get("content-type", "")
        try:
            body = json.loads(raw) if raw else {}
        except ValueError:
            body = {}
        common: dict[str, Any] = {
            "scenario_id": f"{self.prefix}.{wire}-{next(self._n):03d}",
            "request": body if isinstance(body, dict) else None,
            "source": f"recorded from {redact_query(request.path_qs, self.redact)}"}
        data = b"".join(c for c, _ in chunks)
        if up.status >= 400:
            doc = error_document(up.status, data, safe_response_headers(up.headers.items()), **common)
        elif "text/event-stream" in ctype or "json" in ctype:
            doc = scenario_document(data, wire, chunks=chunks, headers={"content-type": ctype}, status=up.status,
                                    end=end, streamed="text/event-stream" in ctype, **common)
        else:
            log.info("mock-provider record: %s %s answered %s (%s): neither a stream nor JSON, not recorded",
                     request.method, request.path, up.status, ctype or "no content type")
            return
        if "recording" in doc:
            doc["recording"]["request_headers"] = safe_headers(request.headers.items(), self.redact)
        secrets = secret_values(request.headers.items(), request.path_qs, self.redact)
        self.written.append(write_scenario(scrub(doc, secrets), self.out))

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()


def create_record_app(recorder: Recorder) -> web.Application:
    """The proxy's aiohttp app: every model route of every HTTP wire, as ``serve`` has them."""
    app = web.Application(client_max_size=64 * 1024 * 1024)
    for name in HTTP_DIALECTS:
        for route, _ in http_dialect(name).routes():
            app.router.add_post(route, recorder.handler(name))

    async def _close(_app: web.Application) -> None:
        await recorder.close()

    app.on_cleanup.append(_close)
    return app


class ThreadedRecorder(ThreadedServer):
    """The recording proxy in a daemon thread (tests, scripts).

    >>> import tempfile
    >>> with ThreadedRecorder(Recorder("http://127.0.0.1:9", Path(tempfile.mkdtemp()))) as proxy:
    ...     proxy.base_url.startswith("http://127.0.0.1:")
    True
    """

    label = "mock-provider recorder"

    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder
        self._runner: web.AppRunner | None = None

    async def _serve(self, host: str, port: int) -> str:
        self._runner = web.AppRunner(create_record_app(self.recorder), handler_cancellation=True)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        sock = site._server.sockets[0] if site._server is not None else None  # type: ignore[attr-defined]
        bound = sock.getsockname()[1] if sock is not None else port
        return f"http://{host}:{bound}"

    async def _shutdown(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


async def run_recorder(upstream: str, out: Path, host: str = DEFAULT_HOST, port: int = 8765,
                       redact_headers: Iterable[str] = ()) -> None:
    """Serve the proxy until cancelled (``mock-provider record``)."""
    recorder = Recorder(upstream, out, redact_headers=redact_headers)
    runner = web.AppRunner(create_record_app(recorder), handler_cancellation=True)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    print(f"mock-provider recording {upstream} at http://{host}:{port} into {out}", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()


__all__ = ["Recorder", "ThreadedRecorder", "create_record_app", "redact_query", "run_recorder", "safe_headers",
           "safe_response_headers", "scrub", "secret_values"]
