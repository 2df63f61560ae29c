"""Shared by the ag-ui-adk reproducers (run them with the ADK environment's python, see
examples/adk_requirements.txt): canned Gemini ``streamGenerateContent?alt=sse`` answers on a local server,
ag-ui-adk's endpoint over an ADK ``LlmAgent`` with ``Gemini`` on it (the app of examples/adk_agui_app.py),
and RunAgentInputs posted to it (no conformance suite involved)."""

from __future__ import annotations

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from examples.adk_agui_app import create_app


def chunk(parts: list[dict[str, Any]], finish: str | None = None) -> str:
    """One Gemini SSE frame: a candidate with these parts (and a finish reason on the last one)."""
    cand: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    body: dict[str, Any] = {"candidates": [cand], "modelVersion": "gemini-2.5-flash"}
    if finish:
        cand["finishReason"] = finish
        body["usageMetadata"] = {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}
    return f"data: {json.dumps(body)}\n\n"


class Upstream:
    """A Gemini server that records each request body and answers ``sse`` (then, with ``hold``, keeps the
    stream going with one more text chunk every 0.1 s, as a long answer does, and records whether the client
    went away: google-genai 2.34.0 takes an SSE comment for a JSON line and fails, so comments cannot hold it)."""

    def __init__(self, sse: str, hold: float = 0.0) -> None:
        self.requests: list[dict[str, Any]] = []
        self.client_left = threading.Event()
        self.held_for = 0.0
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                owner.requests.append(json.loads(self.rfile.read(int(self.headers["content-length"]))))
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.end_headers()
                self.wfile.write(sse.encode())
                self.wfile.flush()
                start = time.monotonic()
                try:
                    while time.monotonic() - start < hold:
                        time.sleep(0.1)
                        self.wfile.write(chunk([{"text": "."}]).encode())
                        self.wfile.flush()
                except OSError:
                    owner.client_left.set()
                owner.held_for = time.monotonic() - start

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}"


TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}


def run_input(messages: list[dict[str, Any]], thread: str = "t1") -> dict[str, Any]:
    return {"threadId": thread, "runId": f"r-{thread}", "state": {}, "tools": [TOOL], "context": [],
            "forwardedProps": {}, "messages": messages}


def events_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def run(sse: str, messages: list[dict[str, Any]], thread: str = "t1") -> tuple[list[dict[str, Any]], Upstream]:
    """Post one run; return its AG-UI events and the upstream (with the requests it received).

    ag-ui-adk's default SessionManager is shared by every ADKAgent of the process: a second run in one process
    needs its own ``thread``."""
    upstream = Upstream(sse)
    with TestClient(create_app(upstream.url)) as client:
        text = client.post("/agui", json=run_input(messages, thread), headers={"accept": "text/event-stream"}).text
    upstream.server.shutdown()
    return events_of(text), upstream


USER = [{"id": "u1", "role": "user", "content": "Weather in Paris?"}]
