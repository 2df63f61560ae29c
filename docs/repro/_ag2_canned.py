"""Shared by the AG2 reproducers (run them with the AG2 environment's python, see examples/ag2_requirements.txt):
canned Chat Completions SSE on a local server, ag2's AG-UI endpoint (``AGUIStream(Agent(..., config=OpenAIConfig(
streaming=True))).build_asgi()``, as examples/ag2_agui_app.py serves it) on it, and RunAgentInputs posted to it
(no conformance suite involved)."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import uvicorn
from ag2 import Agent
from ag2.ag_ui import AGUIStream
from ag2.config import OpenAIConfig
from starlette.applications import Starlette
from starlette.routing import Route


def chunk(delta: dict[str, Any], finish: str | None = None, usage: dict[str, Any] | None = None) -> str:
    body: dict[str, Any] = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "gpt-4o",
                            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    if usage is not None:
        body = {**body, "choices": [], "usage": usage}
    return f"data: {json.dumps(body)}\n\n"


def call(index: int, call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"tool_calls": [{"index": index, "id": call_id, "type": "function",
                            "function": {"name": name, "arguments": arguments}}]}


class Upstream:
    """A Chat Completions server that answers ``sse`` (then, with ``hold``, keeps the stream open with SSE
    comments and records whether the client went away)."""

    def __init__(self, sse: str, hold: float = 0.0) -> None:
        self.client_left = threading.Event()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers["content-length"]))
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.end_headers()
                self.wfile.write(sse.encode())
                self.wfile.flush()
                deadline = time.monotonic() + hold
                try:
                    while time.monotonic() < deadline:
                        time.sleep(0.1)
                        self.wfile.write(b": still here\n\n")
                        self.wfile.flush()
                except OSError:
                    owner.client_left.set()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"


def serve(upstream: Upstream) -> tuple[str, uvicorn.Server]:
    """ag2's AG-UI endpoint over ``upstream``, served by uvicorn in a thread; its URL and the server."""
    agent = Agent("assistant", config=OpenAIConfig(model="gpt-4o", base_url=upstream.url, api_key="x",
                                                   streaming=True, max_retries=0))
    app = Starlette(routes=[Route("/agui", AGUIStream(agent).build_asgi())])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}/agui", server


TOOLS = [{"name": name, "description": f"{name} a thing",
          "parameters": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}}
         for name in ("get_weather", "get_time", "mkdir")]


def run_input(text: str) -> dict[str, Any]:
    return {"threadId": "t1", "runId": "r1", "state": {}, "tools": TOOLS, "context": [], "forwardedProps": {},
            "messages": [{"id": "u1", "role": "user", "content": text}]}


def run(sse: str, text: str = "Hi") -> list[dict[str, Any]]:
    """Post one run; return its AG-UI events."""
    upstream = Upstream(sse)
    url, server = serve(upstream)
    try:
        return post(url, text)
    finally:
        server.should_exit = True
        upstream.server.shutdown()


def post(url: str, text: str = "Hi") -> list[dict[str, Any]]:
    body = httpx.post(url, json=run_input(text), headers={"accept": "text/event-stream"}, timeout=30).text
    return [json.loads(line[6:]) for line in body.splitlines() if line.startswith("data: ")]
