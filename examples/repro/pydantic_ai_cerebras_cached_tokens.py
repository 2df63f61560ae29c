"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-cerebras.verdicts.json (D-cerebras-cached-tokens, on CerebrasModel over CerebrasProvider).

Cerebras's API reports its cached prompt tokens where OpenAI's does, usage.prompt_tokens_details.cached_tokens (its
chat-completions reference; prompt caching is on by default). OpenAIChatModel maps usage with genai-prices under the
provider's name (pydantic_ai/models/openai/_response_fields.py:157-164, pydantic-ai-slim 2.68.0), and genai-prices
0.2.3's Cerebras extractor (genai_prices/data.py:3786-3799) maps prompt, completion and reasoning tokens only: the
cached count never reaches RUN_FINISHED.usage. The same chunks through the same agent on OpenAIChatModel over
OpenAIProvider (genai-prices' openai extractor) report cachedInputTokens 900.
Run: python examples/repro/pydantic_ai_cerebras_cached_tokens.py (exits 1 while the defect is present).
"""

import json
import sys
from typing import Any

from _pydantic_canned import agui_events, sse
from _pydantic_cerebras_canned import cerebras_events, chunk
from openai import AsyncOpenAI
from pydantic_ai.models import Model
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

USAGE = {"prompt_tokens": 1200, "completion_tokens": 300, "total_tokens": 1500,
         "prompt_tokens_details": {"cached_tokens": 900}, "completion_tokens_details": {"reasoning_tokens": 120}}
CHUNKS = [chunk({"role": "assistant", "content": "Done."}), chunk(finish="stop"),
          {**chunk(), "choices": [], "usage": USAGE}]


def _openai(base_url: str) -> Model:
    return OpenAIChatModel("gpt-oss-120b", provider=OpenAIProvider(openai_client=AsyncOpenAI(base_url=base_url,
                                                                                                api_key="k")))


def reported(events: list[dict[str, Any]]) -> dict[str, Any]:
    usage: dict[str, Any] = next(e for e in events if e["type"] == "RUN_FINISHED").get("usage", [{}])[0]
    return usage


cerebras = reported(cerebras_events(CHUNKS))
openai = reported(agui_events(_openai, sse(CHUNKS)))
print("cached-tokens: prompt_tokens_details.cached_tokens 900 -> CerebrasProvider", json.dumps(cerebras))
print("               the same chunks over OpenAIProvider", json.dumps(openai))
sys.exit(1 if cerebras.get("cachedInputTokens") != 900 else 0)
