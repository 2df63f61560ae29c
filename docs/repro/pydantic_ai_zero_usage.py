"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in tests/data/pydantic-ai-agui.verdicts.json.

The upstream reports cached_tokens 0 and reasoning_tokens 0; RUN_FINISHED.usage leaves both out, which an
AG-UI client reads as "not reported" (@ag-ui/core 1.0.0: "not reported stays distinct from zero").
pydantic_ai/ui/ag_ui/_lifecycle_1_0.py:47 (pydantic-ai-slim 2.68.0) maps every 0 count to absent.
Run: python docs/repro/pydantic_ai_zero_usage.py (prints the usage; exits 1 while the defect is present).
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


def chunk(body: dict[str, object]) -> str:
    return "data: " + json.dumps({"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "gpt-4o-mini",
                                  **body}) + "\n\n"


usage = {"prompt_tokens": 4, "completion_tokens": 2, "total_tokens": 6, "prompt_tokens_details": {"cached_tokens": 0},
         "completion_tokens_details": {"reasoning_tokens": 0}}
SSE = (chunk({"choices": [{"index": 0, "delta": {"role": "assistant", "content": "Done."}, "finish_reason": None}]})
       + chunk({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
       + chunk({"choices": [], "usage": usage}) + "data: [DONE]\n\n")
upstream = httpx.AsyncClient(transport=httpx.MockTransport(
    lambda _req: httpx.Response(200, text=SSE, headers={"content-type": "text/event-stream"})))
client = AsyncOpenAI(base_url="http://upstream/v1", api_key="x", http_client=upstream, max_retries=0)
agent = Agent(OpenAIChatModel("gpt-4o-mini", provider=OpenAIProvider(openai_client=client)))


async def run(request: Request) -> Response:
    return await AGUIAdapter.dispatch_request(request, agent=agent, include_usage=True)

run_input = {"threadId": "t", "runId": "r", "state": {}, "tools": [], "context": [], "forwardedProps": {},
             "messages": [{"id": "m", "role": "user", "content": "Hi"}]}
text = TestClient(Starlette(routes=[Route("/agui", run, methods=["POST"])])).post("/agui", json=run_input).text
events = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
reported = next(e for e in events if e["type"] == "RUN_FINISHED").get("usage", [{}])[0]
print("upstream cached_tokens 0, reasoning_tokens 0 -> RUN_FINISHED.usage", json.dumps(reported))
sys.exit(0 if reported.get("cachedInputTokens") == 0 and reported.get("reasoningTokens") == 0 else 1)
