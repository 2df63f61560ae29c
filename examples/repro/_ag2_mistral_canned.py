"""Shared by the AG2-over-Mistral reproducers (run them with the AG2 environment's python, see
examples/ag2_requirements.txt): canned Mistral Chat Completions chunks as SSE (``POST /v1/chat/completions``, ``stream:
true``) on a local server, ag2's AG-UI endpoint over ``MistralConfig(server_url=..., streaming=True)`` on it (as
examples/ag2_agui_app.py's ``mistral_app`` serves it), and one RunAgentInput posted to it with the caller's tools (no
conformance suite involved)."""

from __future__ import annotations

import json
from typing import Any

from _canned_server import canned_server
from ag2 import Agent
from ag2.ag_ui import AGUIStream
from ag2.config import MistralConfig
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.testclient import TestClient

MODEL = "mistral-large-latest"


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None) -> dict[str, Any]:
    """One Mistral ``chat.completion.chunk``."""
    return {"id": "cmpl-1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}]}


def call(index: int, args: str, call_id: str, name: str = "get_weather") -> dict[str, Any]:
    """A delta that opens one tool call (its id, name and first arguments), or holds it whole."""
    return {"tool_calls": [{"index": index, "id": call_id, "type": "function",
                            "function": {"name": name, "arguments": args}}]}


def fragment(index: int, args: str) -> dict[str, Any]:
    """A continuation delta of a started call, as Mistral's server sends one: no id, the name empty (its schema
    requires a name in every streamed tool call)."""
    return {"tool_calls": [{"index": index, "type": "function", "function": {"name": "", "arguments": args}}]}


def run(chunks: list[dict[str, Any]], tools: list[dict[str, Any]], text: str = "Hi") -> list[dict[str, Any]]:
    """Post one run, the caller's ``tools`` offered, to ag2's AG-UI endpoint whose Mistral model streams ``chunks``
    (then ``data: [DONE]``); return its AG-UI events."""
    payload = ("".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n").encode()
    with canned_server(payload) as base_url:  # the SDK posts {server_url}/v1/chat/completions
        config = MistralConfig(model=MODEL, api_key="x", server_url=base_url, streaming=True)
        app = Starlette(routes=[Route("/agui", AGUIStream(Agent("assistant", config=config)).build_asgi())])
        body = {"threadId": "t1", "runId": "r1", "state": {}, "tools": tools, "context": [], "forwardedProps": {},
                "protocolVersion": "1.0", "messages": [{"id": "u1", "role": "user", "content": text}]}
        with TestClient(app) as client:
            sse = client.post("/agui", json=body, headers={"accept": "text/event-stream"}).text
        return [json.loads(line[6:]) for line in sse.splitlines() if line.startswith("data: ")]
