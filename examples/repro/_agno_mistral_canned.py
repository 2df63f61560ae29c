"""Shared by the agno-over-Mistral reproducers: Mistral's Chat Completions chunks (``_pydantic_mistral_canned``) as
SSE on a local server (``_pydantic_canned``), an agno Agent over agno's ``MistralChat`` (the mistralai SDK's
``Mistral`` pointed at that server) behind agno's AG-UI router, and one RunAgentInput posted to it. No conformance
suite involved."""

from __future__ import annotations

import json
from typing import Any

from _pydantic_canned import canned_server, sse
from _pydantic_mistral_canned import call, chunk, fragment
from agno.agent import Agent
from agno.db.in_memory import InMemoryDb
from agno.models.mistral import MistralChat
from agno.os.interfaces.agui import AGUI
from fastapi import FastAPI
from fastapi.testclient import TestClient

__all__ = ["TOOL", "agno_mistral_events", "call", "calls_and_end", "chunk", "fragment"]

# A frontend tool: the caller runs it, so the run pauses at the call and hands it over in TOOL_CALL_* events.
TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}


def agno_mistral_events(chunks: list[dict[str, Any]], prompt: str = "Weather in Paris?") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose Mistral upstream streams ``chunks`` (then ``data: [DONE]``)."""
    run_input = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
                 "messages": [{"id": "u1", "role": "user", "content": prompt}]}
    with canned_server(sse(chunks)) as base_url:
        # MistralChat hands `endpoint` to the SDK as server_url; the SDK posts {server_url}/v1/chat/completions.
        model = MistralChat(id="mistral-large-latest", api_key="k", endpoint=base_url)
        app = FastAPI()
        app.include_router(AGUI(agent=Agent(model=model, db=InMemoryDb(), telemetry=False)).get_router())
        text = TestClient(app).post("/agui", json=run_input).text
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def calls_and_end(events: list[dict[str, Any]]) -> tuple[dict[str, str], list[str], str]:
    """The calls the client got (id -> joined TOOL_CALL_ARGS), the text it was shown, and how the run ended."""
    calls = {e["toolCallId"]: "" for e in events if e["type"] == "TOOL_CALL_START"}
    for e in events:
        if e["type"] == "TOOL_CALL_ARGS":
            calls[e["toolCallId"]] += e["delta"]
    text = [e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT"]
    end = next((e.get("message", e["type"]) for e in reversed(events) if e["type"] in ("RUN_ERROR", "RUN_FINISHED")),
               "no terminal event")
    return calls, text, end
