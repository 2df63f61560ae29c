"""Shared by the llama-index Responses reproducers (run them with the llama-index environment's python, see
examples/llama_index_requirements.txt): canned Responses API SSE on a local server, llama-index's AG-UI router
over OpenAIResponses (llama-index-llms-openai) on it, and one RunAgentInput posted to it (no conformance suite
involved)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from llama_index.llms.openai import OpenAIResponses
from llama_index.protocols.ag_ui.router import get_ag_ui_workflow_router

RESPONSE = {"id": "resp_1", "object": "response", "created_at": 0, "status": "in_progress", "error": None,
            "incomplete_details": None, "instructions": None, "model": "gpt-4o-mini", "output": [],
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "usage": None}


def event(kind: str, **fields: Any) -> str:
    """One Responses SSE event (``event:`` line and JSON ``data:`` with its ``type``)."""
    return f"event: {kind}\ndata: {json.dumps({'type': kind, **fields})}\n\n"


def text_item(index: int, text: str) -> list[str]:
    """A message output item streaming ``text`` at output ``index`` (added, delta, done)."""
    item_id = f"msg_{index}"
    done = {"id": item_id, "type": "message", "status": "completed", "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}
    return [event("response.output_item.added", output_index=index, sequence_number=0,
                  item={"id": item_id, "type": "message", "status": "in_progress", "role": "assistant", "content": []}),
            event("response.content_part.added", item_id=item_id, output_index=index, content_index=0,
                  sequence_number=0, part={"type": "output_text", "text": "", "annotations": []}),
            event("response.output_text.delta", item_id=item_id, output_index=index, content_index=0, delta=text,
                  logprobs=[], sequence_number=0),
            event("response.output_text.done", item_id=item_id, output_index=index, content_index=0, text=text,
                  logprobs=[], sequence_number=0),
            event("response.output_item.done", output_index=index, item=done, sequence_number=0)]


def call_item(index: int, call_id: str, arguments: str) -> list[str]:
    """A function_call output item (get_weather) whose arguments stream as ``arguments``."""
    item = {"id": f"fc_{index}", "type": "function_call", "status": "in_progress", "call_id": call_id,
            "name": "get_weather", "arguments": ""}
    return [event("response.output_item.added", output_index=index, item=item, sequence_number=0),
            event("response.function_call_arguments.delta", item_id=f"fc_{index}", output_index=index,
                  delta=arguments, sequence_number=0),
            event("response.function_call_arguments.done", item_id=f"fc_{index}", output_index=index,
                  arguments=arguments, sequence_number=0),
            event("response.output_item.done", output_index=index, sequence_number=0,
                  item={**item, "status": "completed", "arguments": arguments})]


def output_of(items: list[list[str]]) -> list[dict[str, Any]]:
    """The finished output items of ``items`` (what the terminal response event restates)."""
    return [json.loads(part[-1].split("data: ", 1)[1])["item"] for part in items]


def stream(items: list[list[str]], terminal: str, **response: Any) -> str:
    """response.created, the items, then the ``terminal`` event (``response.completed`` / ``.incomplete`` /
    ``.failed``) restating their output, or no terminal with ``terminal=""``."""
    body = [event("response.created", response=RESPONSE, sequence_number=0)]
    body += [e for item in items for e in item]
    if terminal:
        status = terminal.removeprefix("response.")
        body.append(event(terminal, sequence_number=0,
                          response={**RESPONSE, "status": status, "output": output_of(items), **response}))
    return "".join(body)


class Upstream:
    """A Responses API server that answers every POST with ``sse``."""

    def __init__(self, sse: str) -> None:
        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers["content-length"]))
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.end_headers()
                self.wfile.write(sse.encode())

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"


TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}
USER = [{"id": "u1", "role": "user", "content": "Weather in Paris?"}]


def run(sse: str) -> list[dict[str, Any]]:
    """Post one run to the router over OpenAIResponses on ``sse``; return its AG-UI events."""
    upstream = Upstream(sse)
    llm = OpenAIResponses(model="gpt-4o-mini", api_base=upstream.url, api_key="x", max_retries=0)
    app = FastAPI()
    app.include_router(get_ag_ui_workflow_router(llm=llm), prefix="/agui")
    body = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
            "messages": USER}
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
