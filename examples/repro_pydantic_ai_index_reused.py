"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in tests/data/pydantic-ai-agui.verdicts.json.

Two parallel Chat Completions tool calls that both say ``index: 0`` (Ollama, Responses-to-Chat bridges),
told apart only by the new ``id`` of the second call's first delta, become ONE call: pydantic-ai keys a
call's deltas by index alone (pydantic_ai/models/openai/_chat_streaming.py:323 ``vendor_part_id=dtc.index``)
and the parts manager (pydantic_ai/_parts_manager.py:428, pydantic-ai-slim 2.68.0) applies the second
call's delta to the first part: the name becomes 'file_writefile_write', the id call_w2, the arguments both
JSON texts. The AG-UI stream starts call_w1 and ends call_w2 (a call it never started), and the agent
answers the model 'Unknown tool name'. Run: python examples/repro_pydantic_ai_index_reused.py
Prints the tool-call events and exits 1 while the defect is present.
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


def chunk(tool_call: dict[str, object] | None = None, finish: str | None = None) -> str:
    delta = {"tool_calls": [tool_call]} if tool_call else {}
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "gpt-4o-mini",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return f"data: {json.dumps(body)}\n\n"


def call(args: str, call_id: str | None = None) -> dict[str, object]:
    if call_id:
        return {"index": 0, "id": call_id, "type": "function", "function": {"name": "file_write", "arguments": args}}
    return {"index": 0, "function": {"arguments": args}}


SSE = "".join([chunk(call("", "call_w1")), chunk(call('{"path":"hello.py"}')), chunk(call("", "call_w2")),
               chunk(call('{"path":')), chunk(call('"world.py"}')), chunk(None, "tool_calls"), "data: [DONE]\n\n"])
upstream = httpx.AsyncClient(transport=httpx.MockTransport(
    lambda _req: httpx.Response(200, text=SSE, headers={"content-type": "text/event-stream"})))
client = AsyncOpenAI(base_url="http://upstream/v1", api_key="x", http_client=upstream, max_retries=0)
agent = Agent(OpenAIChatModel("gpt-4o-mini", provider=OpenAIProvider(openai_client=client)))


async def run(request: Request) -> Response:
    return await AGUIAdapter.dispatch_request(request, agent=agent)

tool = {"name": "file_write", "description": "Write a file",
        "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}
run_input = {"threadId": "t", "runId": "r", "state": {}, "tools": [tool], "context": [], "forwardedProps": {},
             "messages": [{"id": "m", "role": "user", "content": "Create hello.py and world.py."}]}
text = TestClient(Starlette(routes=[Route("/agui", run, methods=["POST"])])).post("/agui", json=run_input).text
events = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
calls = [e for e in events if e["type"].startswith("TOOL_CALL_")]
for e in calls:
    print(json.dumps({k: v for k, v in e.items() if k != "timestamp"}))
started = {e["toolCallId"] for e in calls if e["type"] == "TOOL_CALL_START"}
sys.exit(0 if started == {"call_w1", "call_w2"} else 1)
