"""Shared by the AG2-over-Anthropic reproducers (run them with the AG2 environment's python, see
examples/ag2_requirements.txt): canned Messages API SSE (``POST /v1/messages``, ``stream: true``) on a local server,
ag2's AG-UI endpoint over ``AnthropicConfig(base_url=..., streaming=True)`` on it (as examples/ag2_agui_app.py's
``anthropic_app`` serves it), and one RunAgentInput posted to it with the caller's tools (no conformance suite
involved)."""

from __future__ import annotations

import json
from typing import Any

from _canned_server import canned_server
from ag2 import Agent
from ag2.ag_ui import AGUIStream
from ag2.config import AnthropicConfig
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.testclient import TestClient


def message_start() -> dict[str, Any]:
    """The stream's first event (a Message with no content yet)."""
    return {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-5", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 5, "output_tokens": 0}}}


def message_end(stop_reason: str) -> list[dict[str, Any]]:
    """``message_delta`` with the stop reason and usage, then ``message_stop``."""
    return [{"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": None},
             "usage": {"output_tokens": 3}},
            {"type": "message_stop"}]


def text_block(index: int, text: str) -> list[dict[str, Any]]:
    """One text content block: start, one text_delta, stop."""
    return [{"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}},
            {"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": text}},
            {"type": "content_block_stop", "index": index}]


def tool_use_block(index: int, call_id: str, name: str, fragments: list[str]) -> list[dict[str, Any]]:
    """One tool_use block (its input {} at the start, as the API sends it) with these input_json_delta fragments."""
    return [{"type": "content_block_start", "index": index,
             "content_block": {"type": "tool_use", "id": call_id, "name": name, "input": {}}},
            *({"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": f}}
              for f in fragments),
            {"type": "content_block_stop", "index": index}]


def run(events: list[dict[str, Any]], tools: list[dict[str, Any]], text: str = "Hi") -> list[dict[str, Any]]:
    """Post one run, the caller's ``tools`` offered, to ag2's AG-UI endpoint whose Anthropic model streams
    ``events``; return its AG-UI events."""
    payload = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()
    with canned_server(payload) as base_url:  # /v1/messages
        config = AnthropicConfig(model="claude-sonnet-5", api_key="x", streaming=True, max_retries=0,
                                 base_url=base_url)
        app = Starlette(routes=[Route("/agui", AGUIStream(Agent("assistant", config=config)).build_asgi())])
        body = {"threadId": "t1", "runId": "r1", "state": {}, "tools": tools, "context": [], "forwardedProps": {},
                "protocolVersion": "1.0", "messages": [{"id": "u1", "role": "user", "content": text}]}
        with TestClient(app) as client:
            sse = client.post("/agui", json=body, headers={"accept": "text/event-stream"}).text
        return [json.loads(line[6:]) for line in sse.splitlines() if line.startswith("data: ")]
