"""Shared by the pydantic-ai reproducers of every model: a local server answering every POST with canned SSE
bytes, and one RunAgentInput posted to pydantic-ai's AG-UI endpoint (``AGUIAdapter.dispatch_request``) over a
model built on that server's URL. No conformance suite involved; each wire's own module builds its events."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from _canned_server import canned_server
from pydantic_ai import Agent
from pydantic_ai.models import Model
from pydantic_ai.ui.ag_ui import AGUIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient


def agui_events(model_on: Callable[[str], Model], payload: bytes, tools: list[dict[str, Any]] | None = None,
                prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run of an ``Agent`` on ``model_on(base_url)`` whose provider answers ``payload``."""
    run_input = {"threadId": "t", "runId": "r", "state": {}, "tools": tools or [], "context": [],
                 "forwardedProps": {}, "messages": [{"id": "m", "role": "user", "content": prompt}]}
    with canned_server(payload) as base_url:
        agent = Agent(model_on(base_url))

        async def run(request: Request) -> Response:
            return await AGUIAdapter.dispatch_request(request, agent=agent, include_usage=True)

        app = Starlette(routes=[Route("/agui", run, methods=["POST"])])
        text = TestClient(app).post("/agui", json=run_input).text
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def sse(chunks: list[dict[str, Any]]) -> bytes:
    """Chat Completions chunks as an SSE body ending ``data: [DONE]``."""
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


def call(index: int, args: str, call_id: str | None = None, name: str = "get_weather") -> dict[str, Any]:
    """A Chat Completions delta with one tool-call fragment (id and name only when ``call_id`` is given)."""
    head = {"id": call_id, "type": "function"} if call_id else {}
    function = {"name": name, "arguments": args} if call_id else {"arguments": args}
    return {"tool_calls": [{"index": index, **head, "function": function}]}


def tool(name: str) -> list[dict[str, Any]]:
    """One AG-UI frontend tool."""
    return [{"name": name, "description": name, "parameters": {"type": "object",
                                                             "properties": {"city": {"type": "string"},
                                                                            "path": {"type": "string"}}}}]


def args_after_end(events: list[dict[str, Any]]) -> list[str]:
    """The calls whose TOOL_CALL_ARGS come after their TOOL_CALL_END (a client appends them to a closed call)."""
    ended: set[str] = set()
    late = []
    for e in events:
        if e["type"] == "TOOL_CALL_END":
            ended.add(e["toolCallId"])
        elif e["type"] == "TOOL_CALL_ARGS" and e["toolCallId"] in ended:
            late.append(e["toolCallId"])
    return late


def text_after_end(events: list[dict[str, Any]]) -> list[str]:
    """The TEXT_MESSAGE_CONTENT deltas that come after their message's TEXT_MESSAGE_END."""
    ended: set[str] = set()
    late = []
    for e in events:
        if e["type"] == "TEXT_MESSAGE_END":
            ended.add(e["messageId"])
        elif e["type"] == "TEXT_MESSAGE_CONTENT" and e["messageId"] in ended:
            late.append(e["delta"])
    return late


def calls_started_ended(events: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The ids of the calls the stream started and of those it ended, each sorted."""
    return (sorted(e["toolCallId"] for e in events if e["type"] == "TOOL_CALL_START"),
            sorted(e["toolCallId"] for e in events if e["type"] == "TOOL_CALL_END"))
