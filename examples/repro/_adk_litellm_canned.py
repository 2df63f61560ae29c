"""Shared by the reproducers of ag-ui-adk over ADK's ``LiteLlm`` model (run them with the ADK environment's python,
examples/adk_requirements.txt): a local Chat Completions server answering every POST with canned SSE bytes, the app
of examples/adk_agui_app.py (``create_litellm_app``: ``LiteLlm(model="openai/gpt-4o", api_base=<server>/v1)``), and
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


TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}


def agui_events(payload: bytes, tools: list[dict[str, Any]] | None = None, prompt: str = "Hi",
                thread: str = "t1") -> list[dict[str, Any]]:
    """The AG-UI events of one run of the app whose model's server answers ``payload``."""
    run_input = {"threadId": thread, "runId": f"r-{thread}", "state": {}, "tools": tools or [], "context": [],
                 "forwardedProps": {}, "messages": [{"id": "m", "role": "user", "content": prompt}]}
    with canned_server(payload) as base_url:
        text = TestClient(create_litellm_app(base_url)).post("/agui", json=run_input).text
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
