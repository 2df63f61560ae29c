"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-responses.verdicts.json.

Two parallel function calls whose OpenAI Responses argument deltas interleave by ``output_index`` (0, 1, 0,
...), as the Responses API streams parallel calls: pydantic-ai ends the first call (TOOL_CALL_END) when the
second starts, then sends the first call's TOOL_CALL_ARGS after its END. The Responses stream keys each
call's deltas by item id correctly (models/openai/_responses_streaming.py:312-321); the part-end wrapper
pydantic_ai/models/__init__.py:3024 (pydantic-ai-slim 2.68.0) ends the previously started part whenever a
new part starts, the same line as the Chat Completions case (docs/repro/pydantic_ai_interleave.py).
Run: python docs/repro/pydantic_ai_responses_interleave.py
Prints the offending events and exits 1 while the defect is present.
"""

import json
import sys
from typing import Any

import httpx
from openai import AsyncOpenAI
from pydantic_ai import Agent
from pydantic_ai.models.openai import OpenAIResponsesModel
from pydantic_ai.providers.openai import OpenAIProvider
from pydantic_ai.ui.ag_ui import AGUIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient

RESPONSE = {"id": "resp_1", "object": "response", "created_at": 0, "model": "gpt-4o-mini", "output": [],
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "status": "in_progress"}
USAGE = {"input_tokens": 10, "output_tokens": 20, "total_tokens": 30,
         "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}


def call_item(call_id: str, arguments: str = "", status: str = "in_progress") -> dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{call_id}", "call_id": call_id, "name": "get_weather",
            "arguments": arguments, "status": status}


def args(kind: str, item: str, **fields: Any) -> dict[str, Any]:
    index = 0 if item == "fc_call_A" else 1
    return {"type": f"response.function_call_arguments.{kind}", "output_index": index, "item_id": item, **fields}


def events() -> list[dict[str, Any]]:
    a_args, b_args = '{"city":"Paris"}', '{"city":"Berlin"}'
    done = {**RESPONSE, "status": "completed", "usage": USAGE,
            "output": [call_item("call_A", a_args, "completed"), call_item("call_B", b_args, "completed")]}
    return [
        {"type": "response.created", "response": RESPONSE},
        {"type": "response.output_item.added", "output_index": 0, "item": call_item("call_A")},
        {"type": "response.output_item.added", "output_index": 1, "item": call_item("call_B")},
        args("delta", "fc_call_A", delta='{"city":'),
        args("delta", "fc_call_B", delta=b_args),
        args("delta", "fc_call_A", delta='"Paris"}'),
        args("done", "fc_call_A", arguments=a_args),
        {"type": "response.output_item.done", "output_index": 0, "item": call_item("call_A", a_args, "completed")},
        args("done", "fc_call_B", arguments=b_args),
        {"type": "response.output_item.done", "output_index": 1, "item": call_item("call_B", b_args, "completed")},
        {"type": "response.completed", "response": done},
    ]


SSE = "".join(f"event: {e['type']}\ndata: {json.dumps({**e, 'sequence_number': n})}\n\n"
              for n, e in enumerate(events()))
upstream = httpx.AsyncClient(transport=httpx.MockTransport(
    lambda _req: httpx.Response(200, text=SSE, headers={"content-type": "text/event-stream"})))
client = AsyncOpenAI(base_url="http://upstream/v1", api_key="x", http_client=upstream, max_retries=0)
agent = Agent(OpenAIResponsesModel("gpt-4o-mini", provider=OpenAIProvider(openai_client=client)))


async def run(request: Request) -> Response:
    return await AGUIAdapter.dispatch_request(request, agent=agent)

tool = {"name": "get_weather", "description": "weather",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
run_input = {"threadId": "t", "runId": "r", "state": {}, "tools": [tool], "context": [], "forwardedProps": {},
             "messages": [{"id": "m", "role": "user", "content": "Weather in Paris and Berlin?"}]}
text = TestClient(Starlette(routes=[Route("/agui", run, methods=["POST"])])).post("/agui", json=run_input).text
agui = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
ended: set[str] = set()
late = []
for e in agui:
    if e["type"] == "TOOL_CALL_END":
        ended.add(e["toolCallId"])
    elif e["type"] == "TOOL_CALL_ARGS" and e["toolCallId"] in ended:
        late.append(e)
for e in late:
    print("TOOL_CALL_ARGS after TOOL_CALL_END:", json.dumps(e))
if not agui:
    print("no AG-UI events:", text[:500])
sys.exit(1 if late else 0)
