"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in tests/data/pydantic-ai-agui.verdicts.json.

Two tool calls whose Chat Completions argument fragments interleave (index 0, 1, 0, ...): pydantic-ai
ends the first call (TOOL_CALL_END) when the second starts, then sends the first call's TOOL_CALL_ARGS
after its END. pydantic_ai/models/__init__.py:3024 (pydantic-ai-slim 2.68.0) ends the previously
started part whenever a new part starts. Run: python docs/repro/pydantic_ai_interleave.py
Prints the offending events and exits 1 while the defect is present.
"""

import json
import sys

import httpx
from openai import AsyncOpenAI
from pydantic_ai import Agent
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider
from pydantic_ai.ui.ag_ui import AGUIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient


def chunk(tool_calls: list[dict[str, object]] | None = None, finish: str | None = None) -> str:
    delta = {"tool_calls": tool_calls} if tool_calls else {}
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "gpt-4o-mini",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return f"data: {json.dumps(body)}\n\n"


def call(index: int, args: str, call_id: str | None = None) -> list[dict[str, object]]:
    head = {"id": call_id, "type": "function", "function": {"name": "get_weather", "arguments": ""}} if call_id else {}
    return [{"index": index, **head, "function": {**head.get("function", {}), "arguments": args}}]  # type: ignore[dict-item]


SSE = "".join([chunk(call(0, "", "call_A")), chunk(call(1, "", "call_B")), chunk(call(0, '{"city":')),
               chunk(call(1, '{"city":"Berlin"}')), chunk(call(0, '"Paris"}')), chunk(None, "tool_calls"),
               "data: [DONE]\n\n"])
upstream = httpx.AsyncClient(transport=httpx.MockTransport(
    lambda _req: httpx.Response(200, text=SSE, headers={"content-type": "text/event-stream"})))
client = AsyncOpenAI(base_url="http://upstream/v1", api_key="x", http_client=upstream, max_retries=0)
agent = Agent(OpenAIChatModel("gpt-4o-mini", provider=OpenAIProvider(openai_client=client)))


async def run(request: Request) -> Response:
    return await AGUIAdapter.dispatch_request(request, agent=agent)

tool = {"name": "get_weather", "description": "weather",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
run_input = {"threadId": "t", "runId": "r", "state": {}, "tools": [tool], "context": [], "forwardedProps": {},
             "messages": [{"id": "m", "role": "user", "content": "Weather in Paris and Berlin?"}]}
text = TestClient(Starlette(routes=[Route("/agui", run, methods=["POST"])])).post("/agui", json=run_input).text
events = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
ended: set[str] = set()
late = []
for e in events:
    if e["type"] == "TOOL_CALL_END":
        ended.add(e["toolCallId"])
    elif e["type"] == "TOOL_CALL_ARGS" and e["toolCallId"] in ended:
        late.append(e)
for e in late:
    print("TOOL_CALL_ARGS after TOOL_CALL_END:", json.dumps(e))
sys.exit(1 if late else 0)
