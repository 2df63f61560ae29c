"""Shared by the CrewAI-over-Gemini reproducers: canned Gemini ``streamGenerateContent?alt=sse`` responses on a local
server (one a request, in order), examples/crewai_agui_app.py's flow on litellm's ``gemini/`` route pointed at it, and
one RunAgentInput posted to ``/agui`` (no conformance suite involved). Run with the CrewAI environment's python
(examples/crewai_requirements.txt)."""

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


def chunk(parts: list[dict[str, Any]] | None = None, finish: str | None = None,
          usage: dict[str, int] | None = None, **extra: Any) -> str:
    """One Gemini SSE event: a candidate with ``parts`` (and ``finish``, and candidate fields in ``extra``), and the
    response's ``usage`` (usageMetadata)."""
    candidate: dict[str, Any] = {"content": {"role": "model", **({"parts": parts} if parts else {})}, "index": 0,
                                 **extra}
    if finish is not None:
        candidate["finishReason"] = finish
    body: dict[str, Any] = {"candidates": [candidate], "modelVersion": "gemini-2.5-flash"}
    if usage is not None:
        body["usageMetadata"] = usage
    return f"data: {json.dumps(body)}\n\n"


def run(responses: list[str], text: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Serve ``responses`` (one SSE body a request; past the last, HTTP 500) to the flow's model, post a user
    message ``text`` to ``/agui``; return the AG-UI events and the request bodies the server got."""
    bodies: list[dict[str, Any]] = []

    class Upstream(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            bodies.append(json.loads(self.rfile.read(int(self.headers.get("content-length", 0)))))
            if len(bodies) > len(responses):
                self.send_response(500)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.end_headers()
            self.wfile.write(responses[len(bodies) - 1].encode())

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    run_input = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [], "context": [], "forwardedProps": {},
                 "messages": [{"id": "u1", "role": "user", "content": text}]}
    app = create_app(f"http://127.0.0.1:{server.server_port}", "gemini-2.5-flash", "gemini")
    try:
        with TestClient(app) as client:
            out = client.post("/agui", json=run_input, headers={"accept": "text/event-stream"}).text
    finally:
        server.shutdown()
    return [json.loads(line[6:]) for line in out.splitlines() if line.startswith("data: ")], bodies


def outcome(events: list[dict[str, Any]]) -> tuple[str, str]:
    """The run's end (RUN_FINISHED / RUN_ERROR / none) and the text the client was shown."""
    end = next((e["type"] for e in reversed(events) if e["type"] in ("RUN_FINISHED", "RUN_ERROR")), "none")
    return end, "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
