"""Shared by the llama-index-on-Anthropic reproducers (run them with the llama-index environment's python, see
examples/llama_index_requirements.txt): canned Messages API SSE (``POST /v1/messages``, ``stream: true``) on a local
server, llama-index's AG-UI router over ``Anthropic`` (llama-index-llms-anthropic) on it, and one RunAgentInput posted
to it (no conformance suite involved)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from llama_index.llms.anthropic import Anthropic
from llama_index.protocols.ag_ui.router import get_ag_ui_workflow_router

MESSAGE_START = {"type": "message_start", "message": {
    "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-6", "content": [],
    "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 5, "output_tokens": 0}}}


def message_end(stop_reason: str) -> list[dict[str, Any]]:
    """``message_delta`` with the stop reason, then ``message_stop``."""
    return [{"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": None},
             "usage": {"output_tokens": 3}}, {"type": "message_stop"}]


def text_block(index: int, text: str) -> list[dict[str, Any]]:
    """One text content block streaming ``text`` (start, one delta, stop)."""
    return [{"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}},
            {"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": text}},
            {"type": "content_block_stop", "index": index}]


def tool_start(index: int, call_id: str) -> dict[str, Any]:
    """A get_weather ``tool_use`` block's start."""
    return {"type": "content_block_start", "index": index,
            "content_block": {"type": "tool_use", "id": call_id, "name": "get_weather", "input": {}}}


def input_delta(index: int, text: str) -> dict[str, Any]:
    """An ``input_json_delta`` for the block at ``index``."""
    return {"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": text}}


class Upstream:
    """A Messages API server that answers every POST with ``events`` as SSE."""

    def __init__(self, events: list[dict[str, Any]]) -> None:
        sse = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers["content-length"]))
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.end_headers()
                self.wfile.write(sse)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}"


TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}


def run(events: list[dict[str, Any]], prompt: str = "Weather in Paris and Berlin?") -> list[dict[str, Any]]:
    """Post one run (the caller's get_weather tool offered) to the router over Anthropic, whose model answers
    ``events``; return the run's AG-UI events."""
    upstream = Upstream(events)
    llm = Anthropic(model="claude-sonnet-4-6", base_url=upstream.url, api_key="x", max_retries=0)
    app = FastAPI()
    app.include_router(get_ag_ui_workflow_router(llm=llm), prefix="/agui")
    body = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
            "messages": [{"id": "u1", "role": "user", "content": prompt}]}
    text = TestClient(app).post("/agui/run", json=body).text
    upstream.server.shutdown()
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def streamed_text(events: list[dict[str, Any]]) -> str:
    """The text the run streamed (TEXT_MESSAGE_CHUNK deltas)."""
    return "".join(e.get("delta", "") for e in events if e["type"] == "TEXT_MESSAGE_CHUNK")


def snapshot_reply(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The assistant message of the closing MESSAGES_SNAPSHOT (what @ag-ui/client 1.0.0 holds: it keeps only
    the messages a snapshot names, src/apply/default.ts:818-827, and the snapshot's reply has a new id)."""
    snapshot = [e for e in events if e["type"] == "MESSAGES_SNAPSHOT"][-1]
    return dict(next(m for m in snapshot["messages"] if m["role"] == "assistant"))
