"""Shared by the reproducers of pydantic-ai on ``HuggingFaceModel``: Hugging Face's Chat Completions chunks as SSE
bytes, and the AG-UI events of one run of an agent on ``HuggingFaceModel`` over ``HuggingFaceProvider`` whose
huggingface_hub ``AsyncInferenceClient`` reads a local server answering those bytes (``_pydantic_canned``). No
conformance suite involved."""

from __future__ import annotations

from typing import Any

from _pydantic_canned import agui_events, call, sse, tool
from pydantic_ai.models import Model
from pydantic_ai.models.huggingface import HuggingFaceModel
from pydantic_ai.providers.huggingface import HuggingFaceProvider

__all__ = ["call", "chunk", "huggingface_events", "model_on", "tool"]

MODEL = "deepseek-ai/DeepSeek-V4-Pro"


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **top: Any) -> dict[str, Any]:
    """One ``chat.completion.chunk`` in the shape huggingface_hub parses (ChatCompletionStreamOutput)."""
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
            "system_fingerprint": "fp", "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}],
            **top}


def model_on(base_url: str) -> Model:
    """``HuggingFaceModel`` on ``base_url``: AsyncInferenceClient posts {base_url}/v1/chat/completions."""
    return HuggingFaceModel(MODEL, provider=HuggingFaceProvider(api_key="k", base_url=base_url))


def huggingface_events(chunks: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                       prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose Hugging Face upstream streams ``chunks``."""
    events: list[dict[str, Any]] = agui_events(model_on, sse(chunks), tools=tools, prompt=prompt)
    return events
