"""Shared by the pydantic-ai-on-Anthropic reproducers: canned Messages API SSE (``POST /v1/messages``,
``stream: true``) on a local server, a pydantic-ai ``Agent`` on ``AnthropicModel`` (``AnthropicProvider(base_url=...)``)
behind ``AGUIAdapter.dispatch_request``, and one RunAgentInput posted to it (no conformance suite involved)."""

from __future__ import annotations

import json
from typing import Any

from _pydantic_canned import agui_events
from pydantic_ai.models.anthropic import AnthropicModel
from pydantic_ai.providers.anthropic import AnthropicProvider


def message_start(usage: dict[str, int] | None = None) -> dict[str, Any]:
    """The stream's first event (a Message with no content yet)."""
    return {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-6", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": usage or {"input_tokens": 5, "output_tokens": 0}}}


def message_end(stop_reason: str, usage: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """``message_delta`` with the stop reason and usage, then ``message_stop``."""
    return [{"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": None},
             "usage": usage or {"output_tokens": 3}},
            {"type": "message_stop"}]


def run_events(events: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
               prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose AnthropicModel (built on ``base_url`` as pydantic-ai's docs configure it)
    answers ``events`` (the caller's ``tools`` offered)."""
    payload = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()
    return agui_events(model_on, payload, tools, prompt)


def model_on(base_url: str) -> AnthropicModel:
    """The model on ``base_url``, as pydantic-ai's docs configure it."""
    return AnthropicModel("claude-sonnet-4-6", provider=AnthropicProvider(api_key="x", base_url=base_url))
