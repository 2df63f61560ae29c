"""Shared by the pydantic-ai-on-Gemini reproducers: canned Gemini API SSE (``streamGenerateContent?alt=sse``) on a
local server, a pydantic-ai ``Agent`` on ``GoogleModel`` (``GoogleProvider(base_url=...)``) behind
``AGUIAdapter.dispatch_request``, and one RunAgentInput posted to it (no conformance suite involved)."""

from __future__ import annotations

import json
from typing import Any

from _pydantic_canned import agui_events
from pydantic_ai.models.google import GoogleModel
from pydantic_ai.providers.google import GoogleProvider


def chunk(parts: list[dict[str, Any]] | None = None, finish: str | None = None,
          usage: dict[str, int] | None = None, **extra: Any) -> dict[str, Any]:
    """One GenerateContentResponse (camelCase JSON, as the Gemini API streams it)."""
    candidate: dict[str, Any] = {"index": 0}
    if parts is not None:
        candidate["content"] = {"role": "model", "parts": parts}
    if finish is not None:
        candidate["finishReason"] = finish
    body: dict[str, Any] = {"candidates": [candidate], "modelVersion": "gemini-2.5-flash", "responseId": "r1", **extra}
    if usage is not None:
        body["usageMetadata"] = usage
    return body


def run_events(chunks: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
               prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run whose GoogleModel (built on ``base_url`` as pydantic-ai's docs configure it)
    answers ``chunks`` (the caller's ``tools`` offered)."""
    payload = "".join(f"data: {json.dumps(c)}\r\n\r\n" for c in chunks).encode()
    return agui_events(model_on, payload, tools, prompt)


def model_on(base_url: str) -> GoogleModel:
    """The model on ``base_url``, as pydantic-ai's docs configure it."""
    return GoogleModel("gemini-2.5-flash", provider=GoogleProvider(api_key="x", base_url=base_url))
