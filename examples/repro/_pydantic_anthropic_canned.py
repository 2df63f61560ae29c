"""Shared by the pydantic-ai-on-Anthropic reproducers: canned Messages API SSE (``POST /v1/messages``,
``stream: true``) on a local server, a pydantic-ai ``Agent`` on ``AnthropicModel`` (``AnthropicProvider(base_url=...)``)
behind ``AGUIAdapter.dispatch_request``, and one RunAgentInput posted to it (no conformance suite involved)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pydantic_ai import Agent
from pydantic_ai.models.anthropic import AnthropicModel
from pydantic_ai.providers.anthropic import AnthropicProvider
from pydantic_ai.ui.ag_ui import AGUIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient


def message_start(usage: dict[str, int] | None = None) -> dict[str, Any]:
    """The stream's first event (a Message with no content yet)."""
    return {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-6", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": usage or {"input_tokens": 5, "output_tokens": 0}}}


def message_end(stop_reason: str, usage: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """``message_delta`` with the stop reason and usage, then ``message_stop``."""
    return [{"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": None},
             "usage": usage or {"output_tokens": 3}},
            {"type": "message_stop"}]


@contextmanager
def anthropic_server(events: list[dict[str, Any]]) -> Iterator[str]:
    """A local server answering every POST with ``events`` as Messages SSE; yields its base URL."""
    payload = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()

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
    """pydantic-ai's AG-UI endpoint over AnthropicModel on ``base_url`` (as pydantic-ai's docs configure it)."""
    model = AnthropicModel("claude-sonnet-4-6", provider=AnthropicProvider(api_key="x", base_url=base_url))
    agent = Agent(model)

    async def run(request: Request) -> Response:
        return await AGUIAdapter.dispatch_request(request, agent=agent, include_usage=True)

    return Starlette(routes=[Route("/agui", run, methods=["POST"])])


def run_events(events: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
               prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose model answers ``events`` (the caller's ``tools`` offered)."""
    run_input = {"threadId": "t", "runId": "r", "state": {}, "tools": tools or [], "context": [],
                 "forwardedProps": {}, "messages": [{"id": "m", "role": "user", "content": prompt}]}
    with anthropic_server(events) as base_url:
        text = TestClient(app_for(base_url)).post("/agui", json=run_input).text
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
