"""Shared by the reproducers of pydantic-ai on ``OpenAIChatModel`` over ``FireworksProvider``: Fireworks AI's Chat
Completions chunks as SSE bytes, and the AG-UI events of one run of an agent on that model whose openai client reads a
local server answering those bytes (``_pydantic_canned``). No conformance suite involved."""

from __future__ import annotations

from typing import Any

from _pydantic_canned import agui_events, call, sse, tool
from openai import AsyncOpenAI
from pydantic_ai.models import Model
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.fireworks import FireworksProvider

__all__ = ["call", "chunk", "fireworks_events", "tool"]

MODEL = "accounts/fireworks/models/qwq-32b"


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **top: Any) -> dict[str, Any]:
    """One Fireworks AI ``chat.completion.chunk``."""
    return {"id": "1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}], **top}


def _model(base_url: str) -> Model:
    # FireworksProvider has no base_url argument: its documented openai_client is the way to another URL. The model gets
    # the provider's profile (for qwq-32b no family's: OpenAI's JSON-schema transformer, JSON-schema output on) and the
    # provider name 'fireworks' (which genai-prices' usage extractor is looked up by).
    client = AsyncOpenAI(base_url=base_url, api_key="k")
    return OpenAIChatModel(MODEL, provider=FireworksProvider(openai_client=client))


def fireworks_events(chunks: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                     prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose Fireworks AI upstream streams ``chunks``."""
    events: list[dict[str, Any]] = agui_events(_model, sse(chunks), tools=tools, prompt=prompt)
    return events
