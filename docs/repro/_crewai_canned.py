"""Shared by the CrewAI reproducers: a local server answering every POST with one canned SSE body (Chat Completions
chunks or Messages events, whichever the flow's litellm route reads), and one RunAgentInput posted to
examples/crewai_agui_app.py's flow with its litellm model on that server. No conformance suite involved; each
reproducer builds its chunks."""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from examples.crewai_agui_app import create_app


def agui_events(sse: str, tool: dict[str, Any], prompt: str, *app_args: str) -> list[dict[str, Any]]:
    """The AG-UI events of one run of the flow (``create_app(url, *app_args)``) whose model answers ``sse``.

    Example (a reproducer)::

        events = agui_events(SSE, TOOL, "Weather in Paris?", "zai-glm-latest", "mistral")
    """

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["content-length"]))
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.end_headers()
            self.wfile.write(sse.encode())

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    run_input = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [tool], "context": [], "forwardedProps": {},
                 "messages": [{"id": "u1", "role": "user", "content": prompt}]}
    try:
        with TestClient(create_app(f"http://127.0.0.1:{server.server_port}", *app_args)) as client:
            text = client.post("/agui", json=run_input, headers={"accept": "text/event-stream"}).text
    finally:
        server.shutdown()
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
