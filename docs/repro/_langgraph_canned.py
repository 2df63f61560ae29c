"""Shared by the LangGraph reproducers (run them with the LangGraph environment's python, see
examples/langgraph_requirements.txt): canned Chat Completions SSE on a local server, the app of
examples/langgraph_agui_app.py (ag-ui-langgraph over create_agent + CopilotKitMiddleware + ChatOpenAI) on it, and one
RunAgentInput posted to it (no conformance suite involved)."""

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
from examples.langgraph_agui_app import create_app


def chunk(delta: dict[str, Any], finish: str | None = None) -> str:
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "gpt-4o-mini",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return f"data: {json.dumps(body)}\n\n"


def call(index: int, args: str, call_id: str | None = None, name: str = "get_weather") -> dict[str, Any]:
    """A Chat Completions delta carrying one tool-call fragment (with id and name when ``call_id`` is given)."""
    head = {"id": call_id, "type": "function"} if call_id else {}
    return {"tool_calls": [{"index": index, **head, "function": {**({"name": name} if call_id else {}),
                                                                  "arguments": args}}]}


class Upstream:
    """A Chat Completions server that records each request body and answers ``sse`` (then, with
    ``hold``, keeps the stream open with SSE comments and records whether the client went away)."""

    def __init__(self, sse: str, hold: float = 0.0) -> None:
        self.requests: list[dict[str, Any]] = []
        self.client_left = threading.Event()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                owner.requests.append(json.loads(self.rfile.read(int(self.headers["content-length"]))))
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.end_headers()
                self.wfile.write(sse.encode())
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
        self.base_url = f"http://127.0.0.1:{self.server.server_port}"


TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}
USER = [{"id": "u1", "role": "user", "content": "Weather in Paris?"}]


def run_input(messages: list[dict[str, Any]], thread: str = "t1") -> dict[str, Any]:
    return {"threadId": thread, "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
            "messages": messages}


def run(sse: str, messages: list[dict[str, Any]] = USER) -> tuple[list[dict[str, Any]], Upstream]:
    """Post one run; return its AG-UI events (RAW and STEP events left out) and the upstream."""
    upstream = Upstream(sse)
    text = TestClient(create_app(upstream.base_url)).post("/agui", json=run_input(messages)).text
    upstream.server.shutdown()
    events = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
    return [{k: v for k, v in e.items() if k != "rawEvent"} for e in events
            if e["type"] not in ("RAW", "STEP_STARTED", "STEP_FINISHED")], upstream


def args_of(events: list[dict[str, Any]]) -> dict[str, str]:
    """Each call's arguments as the TOOL_CALL_ARGS deltas spell them (what @ag-ui/client accumulates before any
    snapshot, src/apply/default.ts:528)."""
    out: dict[str, str] = {}
    for e in events:
        if e["type"] == "TOOL_CALL_START":
            out[e["toolCallId"]] = ""
        elif e["type"] == "TOOL_CALL_ARGS":
            out[e["toolCallId"]] += e["delta"]
    return out
