"""Shared by the reproducers of pydantic-ai on ``MistralModel``: Mistral's Chat Completions chunks as SSE bytes, and
the AG-UI events of one run of an agent on ``MistralModel`` over ``MistralProvider`` whose mistralai SDK reads a local
server answering those bytes (``_pydantic_canned``). No conformance suite involved."""

from __future__ import annotations

from typing import Any

from _pydantic_canned import agui_events, sse, tool
from pydantic_ai.models import Model
from pydantic_ai.models.mistral import MistralModel
from pydantic_ai.providers.mistral import MistralProvider

__all__ = ["call", "chunk", "fragment", "mistral_events", "thinking", "tool"]

MODEL = "mistral-large-latest"


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **top: Any) -> dict[str, Any]:
    """One Mistral ``chat.completion.chunk``."""
    return {"id": "cmpl-1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}], **top}


def call(index: int, args: str, call_id: str, name: str = "get_weather") -> dict[str, Any]:
    """A delta with one whole tool call, as Mistral's own models stream one."""
    return {"tool_calls": [{"index": index, "id": call_id, "type": "function",
                            "function": {"name": name, "arguments": args}}]}


def fragment(index: int, args: str) -> dict[str, Any]:
    """A continuation delta of a started call, as Mistral's server sends one: no id, the name empty (its schema
    requires a name in every streamed tool call)."""
    return {"tool_calls": [{"index": index, "type": "function", "function": {"name": "", "arguments": args}}]}


def thinking(text: str) -> dict[str, Any]:
    """A delta whose ``content`` is Mistral's array holding one ``thinking`` chunk."""
    return {"content": [{"type": "thinking", "thinking": [{"type": "text", "text": text}]}]}


def _model(base_url: str) -> Model:
    # MistralProvider takes the server's root; the mistralai SDK posts {base_url}/v1/chat/completions.
    return MistralModel(MODEL, provider=MistralProvider(api_key="k", base_url=base_url))


def mistral_events(chunks: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                   prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose Mistral upstream streams ``chunks``."""
    events: list[dict[str, Any]] = agui_events(_model, sse(chunks), tools=tools, prompt=prompt)
    return events
