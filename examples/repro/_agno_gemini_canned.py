"""Shared by the agno-over-Gemini reproducers: canned Gemini ``streamGenerateContent?alt=sse`` answers on a local
server, an agno Agent over agno's ``Gemini`` model (google-genai) on it behind agno's AG-UI router, and one
RunAgentInput posted to it (no conformance suite involved)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from agno.agent import Agent
from agno.db.in_memory import InMemoryDb
from agno.models.google import Gemini
from agno.os.interfaces.agui import AGUI
from fastapi import FastAPI
from fastapi.testclient import TestClient


def chunk(text: str | None = None, finish: str | None = None, call: dict[str, Any] | None = None) -> str:
    """One ``data:`` frame of a GenerateContentResponse: a text or functionCall part, and a finish reason."""
    parts: list[dict[str, Any]] = [{"text": text}] if text is not None else []
    if call is not None:
        parts.append({"functionCall": call})
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish is not None:
        candidate["finishReason"] = finish
    return f"data: {json.dumps({'candidates': [candidate], 'modelVersion': 'gemini-2.5-flash'})}\r\n\r\n"


def error_frame(code: int, message: str, status: str) -> str:
    """The in-band error frame the Gemini API streams (google-genai raises APIError on it)."""
    return f"data: {json.dumps({'error': {'code': code, 'message': message, 'status': status}})}\r\n\r\n"


def run(answers: list[str], run_input: dict[str, Any]) -> list[dict[str, Any]]:
    """Serve ``answers`` to the agent's model (the n-th request gets the n-th, the last one after that), post
    ``run_input`` to ``/agui``, return the AG-UI events."""
    served: list[int] = []

    class Upstream(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length", 0)))
            body = answers[min(len(served), len(answers) - 1)]
            served.append(1)
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    model = Gemini(id="gemini-2.5-flash", api_key="x", client_params={"http_options": {
        "base_url": f"http://127.0.0.1:{server.server_port}", "api_version": "v1beta"}})
    app = FastAPI()
    app.include_router(AGUI(agent=Agent(model=model, db=InMemoryDb(), telemetry=False)).get_router())
    try:
        text = TestClient(app).post("/agui", json=run_input).text
    finally:
        server.shutdown()
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


TOOL = {"name": "book_train", "description": "Book a train",
        "parameters": {"type": "object", "properties": {"time": {"type": "string"}}, "required": ["time"]}}


def run_input(text: str) -> dict[str, Any]:
    return {"threadId": "t1", "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
            "messages": [{"id": "u1", "role": "user", "content": text}]}


def texts(events: list[dict[str, Any]]) -> list[str]:
    """The text of each AG-UI text message, in order."""
    out: dict[str, str] = {}
    for e in events:
        if e["type"] == "TEXT_MESSAGE_CONTENT":
            out[e["messageId"]] = out.get(e["messageId"], "") + e["delta"]
    return list(out.values())
