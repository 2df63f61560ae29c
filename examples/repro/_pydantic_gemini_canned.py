"""Shared by the pydantic-ai-on-Gemini reproducers: canned Gemini API SSE (``streamGenerateContent?alt=sse``) on a
local server, a pydantic-ai ``Agent`` on ``GoogleModel`` (``GoogleProvider(base_url=...)``) behind
``AGUIAdapter.dispatch_request``, and one RunAgentInput posted to it (no conformance suite involved)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pydantic_ai import Agent
from pydantic_ai.models.google import GoogleModel
from pydantic_ai.providers.google import GoogleProvider
from pydantic_ai.ui.ag_ui import AGUIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient


def chunk(parts: list[dict[str, Any]] | None = None, finish: str | None = None,
          usage: dict[str, int] | None = None, **extra: Any) -> dict[str, Any]:
    """One GenerateContentResponse (camelCase JSON, as the Gemini API streams it)."""
    candidate: dict[str, Any] = {"index": 0}
    if parts is not None:
        candidate["content"] = {"role": "model", "parts": parts}
    if finish is not None:
        candidate["finishReason"] = finish
    body: dict[str, Any] = {"candidates": [candidate], "modelVersion": "gemini-2.5-flash", "responseId": "r1", **extra}
    if usage is not None:
        body["usageMetadata"] = usage
    return body


@contextmanager
def gemini_server(chunks: list[dict[str, Any]]) -> Iterator[str]:
    """A local server answering every POST with ``chunks`` as SSE; yields its base URL."""
    payload = "".join(f"data: {json.dumps(c)}\r\n\r\n" for c in chunks).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length", "0")))
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *_: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def app_for(base_url: str) -> Starlette:
    """pydantic-ai's AG-UI endpoint over GoogleModel on ``base_url``."""
    agent = Agent(GoogleModel("gemini-2.5-flash", provider=GoogleProvider(api_key="x", base_url=base_url)))

    async def run(request: Request) -> Response:
        return await AGUIAdapter.dispatch_request(request, agent=agent, include_usage=True)

    return Starlette(routes=[Route("/agui", run, methods=["POST"])])


def run_events(chunks: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
               prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose model answers ``chunks`` (the caller's ``tools`` offered)."""
    run_input = {"threadId": "t", "runId": "r", "state": {}, "tools": tools or [], "context": [],
                 "forwardedProps": {}, "messages": [{"id": "m", "role": "user", "content": prompt}]}
    with gemini_server(chunks) as base_url:
        text = TestClient(app_for(base_url)).post("/agui", json=run_input).text
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
