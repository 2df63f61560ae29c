"""Shared by the reproducers of pydantic-ai on ``OpenAIChatModel`` over ``DeepSeekProvider``: DeepSeek's Chat
Completions chunks as SSE bytes, and the AG-UI events of one run of an agent on that model whose openai client reads a
local server answering those bytes (``_pydantic_canned``). No conformance suite involved."""

from __future__ import annotations

from typing import Any

from _pydantic_canned import agui_events, call, sse, tool
from openai import AsyncOpenAI
from pydantic_ai.models import Model
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.deepseek import DeepSeekProvider

__all__ = ["call", "chunk", "deepseek_events", "tool"]

MODEL = "deepseek-v4-pro"


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **top: Any) -> dict[str, Any]:
    """One DeepSeek ``chat.completion.chunk``."""
    return {"id": "1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}], **top}


def _model(base_url: str) -> Model:
    # DeepSeekProvider takes no base_url: its documented openai_client is the way to another server, and the model
    # keeps DeepSeek's profile (reasoning_content) from the provider.
    client = AsyncOpenAI(base_url=base_url, api_key="k", max_retries=0)
    return OpenAIChatModel(MODEL, provider=DeepSeekProvider(openai_client=client))


def deepseek_events(chunks: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                    prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose DeepSeek upstream streams ``chunks``."""
    events: list[dict[str, Any]] = agui_events(_model, sse(chunks), tools=tools, prompt=prompt)
    return events
