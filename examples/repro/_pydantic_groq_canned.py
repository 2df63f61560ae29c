"""Shared by the reproducers of pydantic-ai on ``GroqModel``: Groq's Chat Completions chunks as SSE bytes, and the
AG-UI events of one run of an agent on ``GroqModel`` over ``GroqProvider`` whose groq SDK reads a local server
answering those bytes (``_pydantic_canned``). No conformance suite involved."""

from __future__ import annotations

from typing import Any

from _pydantic_canned import agui_events, call, sse, tool
from pydantic_ai.models import Model
from pydantic_ai.models.groq import GroqModel
from pydantic_ai.providers.groq import GroqProvider

__all__ = ["call", "chunk", "groq_events", "tool"]

MODEL = "openai/gpt-oss-120b"


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **top: Any) -> dict[str, Any]:
    """One Groq ``chat.completion.chunk``."""
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}], **top}


def _model(base_url: str) -> Model:
    # GroqProvider takes the server's root; the groq SDK posts {base_url}/openai/v1/chat/completions.
    return GroqModel(MODEL, provider=GroqProvider(api_key="k", base_url=base_url))


def groq_events(chunks: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose Groq upstream streams ``chunks``."""
    events: list[dict[str, Any]] = agui_events(_model, sse(chunks), tools=tools, prompt=prompt)
    return events
