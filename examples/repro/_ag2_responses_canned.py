"""Shared by the AG2-over-Responses reproducers (run them with the AG2 environment's python, see
examples/ag2_requirements.txt): canned Responses API SSE (``POST /v1/responses``, ``stream: true``) on a local server,
ag2's AG-UI endpoint over ``OpenAIResponsesConfig(base_url=..., streaming=True)`` on it (as examples/ag2_agui_app.py's
``responses_app`` serves it), and one RunAgentInput posted to it with the caller's tools (no conformance suite
involved). The event shapes are the openai SDK's (openai 3.57.0 ``openai/types/responses/response_*_event.py``)."""

from __future__ import annotations

import json
from typing import Any

from _canned_server import canned_server
from ag2 import Agent
from ag2.ag_ui import AGUIStream
from ag2.config import OpenAIResponsesConfig
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.testclient import TestClient

RESPONSE = {"id": "resp_1", "object": "response", "created_at": 0, "status": "in_progress", "error": None,
            "incomplete_details": None, "instructions": None, "model": "gpt-4o", "output": [],
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "usage": None}
TOOLS = [{"name": "get_weather", "description": "Current weather in a city",
          "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]


def event(kind: str, **fields: Any) -> dict[str, Any]:
    """One Responses stream event (its ``type`` and fields)."""
    return {"type": kind, "sequence_number": 0, **fields}


def usage(input_tokens: int, output_tokens: int, cached: int = 0, cache_write: int = 0,
          reasoning: int = 0) -> dict[str, Any]:
    """A Responses ``ResponseUsage`` (every count required, openai 3.57.0 types/responses/response_usage.py)."""
    return {"input_tokens": input_tokens,
            "input_tokens_details": {"cached_tokens": cached, "cache_write_tokens": cache_write},
            "output_tokens": output_tokens, "output_tokens_details": {"reasoning_tokens": reasoning},
            "total_tokens": input_tokens + output_tokens}


def text_item(index: int, text: str) -> list[dict[str, Any]]:
    """A message output item streaming ``text`` at output ``index`` (added, delta, done)."""
    item_id = f"msg_{index}"
    part = {"type": "output_text", "text": text, "annotations": []}
    return [event("response.output_item.added", output_index=index,
                  item={"id": item_id, "type": "message", "status": "in_progress", "role": "assistant", "content": []}),
            event("response.content_part.added", item_id=item_id, output_index=index, content_index=0,
                  part={**part, "text": ""}),
            event("response.output_text.delta", item_id=item_id, output_index=index, content_index=0, delta=text,
                  logprobs=[]),
            event("response.output_text.done", item_id=item_id, output_index=index, content_index=0, text=text,
                  logprobs=[]),
            event("response.content_part.done", item_id=item_id, output_index=index, content_index=0, part=part),
            event("response.output_item.done", output_index=index,
                  item={"id": item_id, "type": "message", "status": "completed", "role": "assistant",
                        "content": [part]})]


def call_item(index: int, call_id: str, arguments: str, name: str = "get_weather") -> list[dict[str, Any]]:
    """A function_call output item (item id ``fc_<index>``) whose arguments stream whole: added, delta, arguments
    done, item done."""
    item = {"id": f"fc_{index}", "type": "function_call", "status": "in_progress", "call_id": call_id,
            "name": name, "arguments": ""}
    return [event("response.output_item.added", output_index=index, item=item),
            event("response.function_call_arguments.delta", item_id=f"fc_{index}", output_index=index,
                  delta=arguments),
            event("response.function_call_arguments.done", item_id=f"fc_{index}", output_index=index,
                  arguments=arguments),
            event("response.output_item.done", output_index=index,
                  item={**item, "status": "completed", "arguments": arguments})]


def terminal(kind: str, events: list[dict[str, Any]], **response: Any) -> dict[str, Any]:
    """The terminal event ``kind`` (``response.completed`` / ``.incomplete`` / ``.failed``) restating the finished
    output items of ``events``."""
    done = sorted((e for e in events if e["type"] == "response.output_item.done"), key=lambda e: e["output_index"])
    return event(kind, response={**RESPONSE, "status": kind.removeprefix("response."),
                                 "output": [e["item"] for e in done], **response})


def run(events: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
        text: str = "Hi") -> list[dict[str, Any]]:
    """Post one run, the caller's ``tools`` offered, to ag2's AG-UI endpoint whose Responses model streams
    ``response.created`` then ``events``; return its AG-UI events."""
    body_events = [event("response.created", response=RESPONSE), *events]
    payload = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in body_events).encode()
    with canned_server(payload) as base_url:  # the SDK posts {base_url}/responses
        config = OpenAIResponsesConfig(model="gpt-4o", api_key="x", base_url=base_url + "/v1", streaming=True,
                                       max_retries=0)
        app = Starlette(routes=[Route("/agui", AGUIStream(Agent("assistant", config=config)).build_asgi())])
        body = {"threadId": "t1", "runId": "r1", "state": {}, "tools": tools or [], "context": [],
                "forwardedProps": {}, "protocolVersion": "1.0",
                "messages": [{"id": "u1", "role": "user", "content": text}]}
        with TestClient(app) as client:
            sse = client.post("/agui", json=body, headers={"accept": "text/event-stream"}).text
        return [json.loads(line[6:]) for line in sse.splitlines() if line.startswith("data: ")]
