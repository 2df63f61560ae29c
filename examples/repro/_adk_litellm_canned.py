"""Shared by the reproducers of ag-ui-adk over ADK's ``LiteLlm`` model (run them with the ADK environment's python,
examples/adk_requirements.txt): a local server answering every POST with canned SSE bytes, the app of
examples/adk_agui_app.py (``create_litellm_app``: ``LiteLlm(model="openai/gpt-4o", api_base=<server>/v1)``, Chat
Completions, or with ``model="anthropic/claude-sonnet-4-5"`` at ``api_base=<server>``, Anthropic Messages), and
RunAgentInputs posted to it. No conformance suite involved."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from _canned_server import canned_server

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network but the canned server's

from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from examples.adk_agui_app import create_litellm_app


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None,
          usage: dict[str, int] | None = None) -> dict[str, Any]:
    """One Chat Completions chunk: a choice with ``delta`` (and ``finish``), or a usage-only chunk."""
    body: dict[str, Any] = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
                            "choices": [] if usage else [{"index": 0, "delta": delta or {}, "finish_reason": finish}]}
    if usage:
        body["usage"] = usage
    return body


def sse(chunks: list[dict[str, Any]]) -> bytes:
    """Chat Completions chunks as an SSE body ending ``data: [DONE]`` (with a usage chunk before it)."""
    done = [*chunks, chunk(usage={"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15})]
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in done) + b"data: [DONE]\n\n"


def call(index: int, args: str, call_id: str | None = None, name: str = "get_weather") -> dict[str, Any]:
    """A delta with one tool-call fragment (id and name only when ``call_id`` is given)."""
    head = {"id": call_id, "type": "function"} if call_id else {}
    function = {"name": name, "arguments": args} if call_id else {"arguments": args}
    return {"tool_calls": [{"index": index, **head, "function": function}]}


ANTHROPIC = "anthropic/claude-sonnet-4-5"  # litellm's Anthropic Messages route (POST {api_base}/v1/messages)


def message_start() -> dict[str, Any]:
    """A Messages stream's first event (a Message with no content yet)."""
    return {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 0}}}


def block(index: int, kind: str, delta: dict[str, Any], start: dict[str, Any]) -> list[dict[str, Any]]:
    """One content block of type ``kind``: its start (``start`` merged into the block), one ``delta``, its stop."""
    return [{"type": "content_block_start", "index": index, "content_block": {"type": kind, **start}},
            {"type": "content_block_delta", "index": index, "delta": delta},
            {"type": "content_block_stop", "index": index}]


def text_block(index: int, text: str) -> list[dict[str, Any]]:
    """A text block with one text_delta."""
    return block(index, "text", {"type": "text_delta", "text": text}, {"text": ""})


def thinking_block(index: int, thinking: str) -> list[dict[str, Any]]:
    """A thinking block with one thinking_delta (its signature_delta as the API sends one before the stop)."""
    start, delta, stop = block(index, "thinking", {"type": "thinking_delta", "thinking": thinking},
                               {"thinking": "", "signature": ""})
    return [start, delta, {"type": "content_block_delta", "index": index,
                           "delta": {"type": "signature_delta", "signature": "sig"}}, stop]


def tool_use_block(index: int, call_id: str, name: str, input_json: str) -> list[dict[str, Any]]:
    """A tool_use block (its input {} at the start, as the API sends it) with one input_json_delta."""
    return block(index, "tool_use", {"type": "input_json_delta", "partial_json": input_json},
                 {"id": call_id, "name": name, "input": {}})


def messages_sse(blocks: list[dict[str, Any]], stop_reason: str) -> bytes:
    """A whole Anthropic Messages stream as SSE: message_start, the blocks' events, message_delta with
    ``stop_reason`` and usage, message_stop."""
    end = [{"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": None},
            "usage": {"output_tokens": 5}}, {"type": "message_stop"}]
    events = [message_start(), *blocks, *end]
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()


TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}


def agui_events(payload: bytes, tools: list[dict[str, Any]] | None = None, prompt: str = "Hi",
                thread: str = "t1", model: str = "openai/gpt-4o") -> list[dict[str, Any]]:
    """The AG-UI events of one run of the app whose LiteLlm ``model`` (its litellm route) reads ``payload``."""
    run_input = {"threadId": thread, "runId": f"r-{thread}", "state": {}, "tools": tools or [], "context": [],
                 "forwardedProps": {}, "messages": [{"id": "m", "role": "user", "content": prompt}]}
    with canned_server(payload) as base_url:
        text = TestClient(create_litellm_app(base_url, model)).post("/agui", json=run_input).text
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def texts(events: list[dict[str, Any]]) -> list[str]:
    """The text of each assistant message, in order."""
    by_id: dict[str, str] = {}
    for e in events:
        if e["type"] == "TEXT_MESSAGE_START":
            by_id[e["messageId"]] = ""
        elif e["type"] == "TEXT_MESSAGE_CONTENT":
            by_id[e["messageId"]] += e["delta"]
    return list(by_id.values())
