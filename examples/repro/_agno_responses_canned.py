"""Shared by the agno-over-Responses reproducers: canned Responses API SSE on a local server, an agno Agent over
agno's ``OpenAIResponses`` model on it behind agno's AG-UI router, and RunAgentInputs posted to it (no conformance
suite involved). The event shapes are the openai SDK's (``openai/types/responses/response_*_event.py``)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from agno.agent import Agent
from agno.db.in_memory import InMemoryDb
from agno.models.openai import OpenAIResponses
from agno.os.interfaces.agui import AGUI
from fastapi import FastAPI
from fastapi.testclient import TestClient

RESPONSE = {"id": "resp_1", "object": "response", "created_at": 0, "status": "in_progress", "error": None,
            "incomplete_details": None, "instructions": None, "model": "gpt-4o-mini", "output": [],
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "usage": None}


def event(kind: str, **fields: Any) -> str:
    """One Responses SSE event (``event:`` line and JSON ``data:`` with its ``type``)."""
    return f"event: {kind}\ndata: {json.dumps({'type': kind, 'sequence_number': 0, **fields})}\n\n"


def text_item(index: int, text: str) -> list[str]:
    """A message output item streaming ``text`` at output ``index`` (added, delta, done)."""
    item_id = f"msg_{index}"
    done = {"id": item_id, "type": "message", "status": "completed", "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}
    return [event("response.output_item.added", output_index=index,
                  item={"id": item_id, "type": "message", "status": "in_progress", "role": "assistant", "content": []}),
            event("response.content_part.added", item_id=item_id, output_index=index, content_index=0,
                  part={"type": "output_text", "text": "", "annotations": []}),
            event("response.output_text.delta", item_id=item_id, output_index=index, content_index=0, delta=text,
                  logprobs=[]),
            event("response.output_text.done", item_id=item_id, output_index=index, content_index=0, text=text,
                  logprobs=[]),
            event("response.content_part.done", item_id=item_id, output_index=index, content_index=0,
                  part={"type": "output_text", "text": text, "annotations": []}),
            event("response.output_item.done", output_index=index, item=done)]


def call_item(index: int, call_id: str, arguments: str, name: str = "get_weather") -> list[str]:
    """A function_call output item (item id ``fc_<index>``, ``call_id``) whose arguments stream as ``arguments``:
    added, delta, arguments done, item done."""
    item = {"id": f"fc_{index}", "type": "function_call", "status": "in_progress", "call_id": call_id,
            "name": name, "arguments": ""}
    return [event("response.output_item.added", output_index=index, item=item),
            event("response.function_call_arguments.delta", item_id=f"fc_{index}", output_index=index,
                  delta=arguments),
            event("response.function_call_arguments.done", item_id=f"fc_{index}", output_index=index,
                  arguments=arguments),
            event("response.output_item.done", output_index=index,
                  item={**item, "status": "completed", "arguments": arguments})]


def finished_items(events: list[str]) -> list[dict[str, Any]]:
    """The finished output items among ``events`` (what the terminal response event restates)."""
    done = [json.loads(e.split("data: ", 1)[1]) for e in events if e.startswith("event: response.output_item.done")]
    return [d["item"] for d in sorted(done, key=lambda d: d["output_index"])]


def stream(events: list[str], terminal: str = "response.completed", **response: Any) -> str:
    """response.created, ``events``, then the ``terminal`` event (``response.completed`` / ``.failed``) restating
    the finished items, or no terminal with ``terminal=""``."""
    body = [event("response.created", response=RESPONSE), *events]
    if terminal:
        status = terminal.removeprefix("response.")
        body.append(event(terminal, response={**RESPONSE, "status": status, "output": finished_items(events),
                                              **response}))
    return "".join(body)


TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}


def run_input(messages: list[dict[str, Any]]) -> dict[str, Any]:
    """A RunAgentInput of thread t1 offering the frontend tool ``get_weather``."""
    return {"threadId": "t1", "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
            "messages": messages}


USER = {"id": "u1", "role": "user", "content": "Weather in Paris?"}


Events = list[dict[str, Any]]


def run(answers: list[str], first: dict[str, Any], then: Callable[[Events], dict[str, Any]] | None = None,
        ) -> tuple[list[Events], list[dict[str, Any]]]:
    """Serve ``answers`` to the agent's model (the n-th request gets the n-th, the last one after that), post
    ``first`` to ``/agui``, then (one app, so a paused run can be resumed) what ``then`` makes of its events; return
    each post's AG-UI events and the request bodies the model sent."""
    bodies: list[dict[str, Any]] = []

    class Upstream(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            bodies.append(json.loads(self.rfile.read(int(self.headers.get("content-length", 0)))))
            body = answers[min(len(bodies) - 1, len(answers) - 1)]
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    model = OpenAIResponses(id="gpt-4o-mini", api_key="x", max_retries=0,
                            base_url=f"http://127.0.0.1:{server.server_port}/v1")
    app = FastAPI()
    app.include_router(AGUI(agent=Agent(model=model, db=InMemoryDb(), telemetry=False)).get_router())
    client = TestClient(app)
    runs: list[Events] = []
    try:
        for body in [first, None] if then is not None else [first]:
            text = client.post("/agui", json=body if body is not None else then(runs[-1])).text  # type: ignore[misc]
            runs.append([json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")])
    finally:
        server.shutdown()
    return runs, bodies
