"""Shared by the agno reproducers: canned Chat Completions SSE on a local server, an agno Agent on it
behind agno's AG-UI router, and one RunAgentInput posted to it (no conformance suite involved)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from agno.agent import Agent
from agno.db.in_memory import InMemoryDb
from agno.models.openai import OpenAIChat
from agno.os.interfaces.agui import AGUI
from fastapi import FastAPI
from fastapi.testclient import TestClient


def chunk(delta: dict[str, Any], finish: str | None = None) -> str:
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "gpt-4o-mini",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return f"data: {json.dumps(body)}\n\n"


def run(sse: str, run_input: dict[str, Any]) -> list[dict[str, Any]]:
    """Serve ``sse`` to the agent's model, post ``run_input`` to ``/agui``, return the AG-UI events."""

    class Upstream(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length", 0)))
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.end_headers()
            self.wfile.write(sse.encode())

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    model = OpenAIChat(id="gpt-4o-mini", base_url=f"http://127.0.0.1:{server.server_port}/v1", api_key="x",
                       max_retries=0)
    app = FastAPI()
    app.include_router(AGUI(agent=Agent(model=model, db=InMemoryDb(), telemetry=False)).get_router())
    try:
        text = TestClient(app).post("/agui", json=run_input).text
    finally:
        server.shutdown()
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


TOOL = {"name": "get_weather", "description": "weather",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


def run_input(messages: list[dict[str, Any]]) -> dict[str, Any]:
    return {"threadId": "t1", "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
            "messages": messages}
