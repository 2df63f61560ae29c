"""Shared by the reproducers of pydantic-ai on ``OpenRouterModel``: OpenRouter's Chat Completions chunks as SSE
bytes, and the AG-UI events of one run of an agent on ``OpenRouterModel`` over ``OpenRouterProvider`` whose openai
client reads a local server answering those bytes (``_pydantic_canned``). No conformance suite involved."""

from __future__ import annotations

from typing import Any

from _pydantic_canned import agui_events, sse
from openai import AsyncOpenAI
from pydantic_ai.models import Model
from pydantic_ai.models.openrouter import OpenRouterModel
from pydantic_ai.providers.openrouter import OpenRouterProvider

MODEL = "openai/gpt-4o-mini"


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **top: Any) -> dict[str, Any]:
    """One OpenRouter ``chat.completion.chunk`` (its `provider` field, and `native_finish_reason` with a finish)."""
    choice: dict[str, Any] = {"index": 0, "delta": delta or {}, "finish_reason": finish}
    if finish is not None:
        choice["native_finish_reason"] = finish
    return {"id": "gen-1", "object": "chat.completion.chunk", "created": 1, "model": MODEL, "provider": "OpenAI",
            "choices": [choice], **top}


def _model(base_url: str) -> Model:
    client = AsyncOpenAI(base_url=base_url, api_key="k", max_retries=0)
    return OpenRouterModel(MODEL, provider=OpenRouterProvider(openai_client=client))


def openrouter_events(chunks: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                      prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose OpenRouter upstream streams ``chunks``."""
    events: list[dict[str, Any]] = agui_events(_model, sse(chunks), tools=tools, prompt=prompt)
    return events
