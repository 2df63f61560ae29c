"""Shared by the reproducers of pydantic-ai on ``OpenAIChatModel`` over ``MoonshotAIProvider``: Kimi's Chat
Completions chunks as SSE bytes, and the AG-UI events of one run of an agent on that model whose openai client reads a
local server answering those bytes (``_pydantic_canned``). No conformance suite involved."""

from __future__ import annotations

from typing import Any

from _pydantic_canned import agui_events, call, sse, tool
from pydantic_ai.models import Model
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.moonshotai import MoonshotAIProvider

__all__ = ["call", "chunk", "moonshot_events", "tool"]

MODEL = "kimi-k3"


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **top: Any) -> dict[str, Any]:
    """One Kimi ``chat.completion.chunk``."""
    return {"id": "1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}], **top}


def _model(base_url: str) -> Model:
    # MoonshotAIProvider's documented base_url: the provider builds its own openai client there, and the model gets
    # Moonshot's profile (reasoning_content, ignore_streamed_leading_whitespace) from the provider.
    return OpenAIChatModel(MODEL, provider=MoonshotAIProvider(api_key="k", base_url=base_url))


def moonshot_events(chunks: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                    prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose Kimi upstream streams ``chunks``."""
    events: list[dict[str, Any]] = agui_events(_model, sse(chunks), tools=tools, prompt=prompt)
    return events
