"""A non-streaming (JSON) answer of each HTTP wire as the events that would have streamed it.

:func:`mock_provider.wires.decode.decode_json` reads these events with the streaming decoders, so
a JSON answer and a streamed one mean the same parts.

Example:
    >>> [e.event for e in JSON_EVENTS["gemini"]({"candidates": []})]
    [None]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mock_provider.sse import SseEvent


def _event(data: dict[str, Any], event: str | None = None) -> SseEvent:
    return SseEvent(raw=b"", event=event, data=json.dumps(data))


def _chat_events(body: dict[str, Any]) -> list[SseEvent]:
    """A chat.completion as the one chunk that says it all (the message is the delta)."""
    choices = []
    for choice in body.get("choices") or []:
        if not isinstance(choice, dict):
            continue
        delta = dict(choice.get("message") or {})
        if not delta.get("annotations"):
            delta.pop("annotations", None)  # an empty list says nothing; a non-empty one is named unmodelled
        calls = delta.get("tool_calls")
        if isinstance(calls, list):
            delta["tool_calls"] = [{"index": i, **c} for i, c in enumerate(calls) if isinstance(c, dict)]
        choices.append({"index": choice.get("index", 0), "delta": delta, "finish_reason": choice.get("finish_reason")})
    chunk = {k: v for k, v in body.items() if k not in ("choices", "object")}
    return [_event({**chunk, "choices": choices})]


def _anthropic_block(index: int, block: dict[str, Any]) -> list[SseEvent]:
    kind = block.get("type")
    stream = {"index": index}
    deltas: list[dict[str, Any]]
    start: dict[str, Any]
    if kind == "text":
        deltas = [{"type": "text_delta", "text": block.get("text", "")}]
        start = {"type": "text", "text": ""}
    elif kind == "thinking":
        deltas = [{"type": "thinking_delta", "thinking": block.get("thinking", "")}]
        start = {"type": "thinking", "thinking": ""}
    elif kind in ("tool_use", "server_tool_use"):
        given = block.get("input")
        text = json.dumps(given, ensure_ascii=False, separators=(",", ":")) if given not in (None, {}) else ""
        deltas = [{"type": "input_json_delta", "partial_json": text}] if text else []
        start = {**block, "input": {}}
    else:
        deltas, start = [], block
    return [_event({"type": "content_block_start", **stream, "content_block": start}),
            *(_event({"type": "content_block_delta", **stream, "delta": d}) for d in deltas),
            _event({"type": "content_block_stop", **stream})]


def _anthropic_events(body: dict[str, Any]) -> list[SseEvent]:
    """A Messages ``message`` as the events that stream it."""
    if body.get("type") == "error":
        return [_event(body)]
    usage = body.get("usage") or {}
    head = {k: v for k, v in body.items() if k not in ("content", "stop_reason", "stop_sequence")}
    events = [_event({"type": "message_start", "message": {**head, "content": [],
                                                           "usage": {k: v for k, v in usage.items()
                                                                     if k != "output_tokens"}}})]
    for i, block in enumerate(body.get("content") or []):
        if isinstance(block, dict):
            events += _anthropic_block(i, block)
    events.append(_event({"type": "message_delta", "delta": {"stop_reason": body.get("stop_reason")},
                          "usage": {"output_tokens": usage.get("output_tokens")}}))
    return [*events, _event({"type": "message_stop"})]


def _responses_item(item: dict[str, Any]) -> list[SseEvent]:
    item_id = item.get("id")
    out = [_event({"type": "response.output_item.added", "item": {**item, "arguments": ""}
                   if item.get("type") == "function_call" else item})]
    if item.get("type") == "message":
        for c in item.get("content") or []:
            if isinstance(c, dict) and c.get("type") in ("output_text", "refusal"):
                kind = "output_text" if c["type"] == "output_text" else "refusal"
                out.append(_event({"type": f"response.{kind}.delta", "item_id": item_id,
                                   "delta": c.get("text") if kind == "output_text" else c.get("refusal")}))
    elif item.get("type") == "code_interpreter_call":  # its call completes when its code is done
        code = item.get("code") or ""
        out += [_event({"type": "response.code_interpreter_call_code.delta", "item_id": item_id, "delta": code}),
                _event({"type": "response.code_interpreter_call_code.done", "item_id": item_id, "code": code})]
    elif item.get("type") == "reasoning":
        # An empty summary or content entry says no more than an item with none (a reasoning item with no text).
        for s in item.get("summary") or []:
            if (s or {}).get("text"):
                out.append(_event({"type": "response.reasoning_summary_text.delta", "item_id": item_id,
                                   "delta": s["text"]}))
        for c in item.get("content") or []:
            if (c or {}).get("text"):
                out.append(_event({"type": "response.reasoning_text.delta", "item_id": item_id,
                                   "delta": c["text"]}))
    return [*out, _event({"type": "response.output_item.done", "item": item})]


def _responses_events(body: dict[str, Any]) -> list[SseEvent]:
    """A Responses ``response`` object as the events that stream it."""
    if "error" in body and body.get("object") != "response":
        return [_event({"type": "error", **(body["error"] if isinstance(body["error"], dict) else {})})]
    events = [_event({"type": "response.created", "response": {k: body.get(k) for k in ("id", "model", "created_at")}})]
    for item in body.get("output") or []:
        if isinstance(item, dict):
            events += _responses_item(item)
    end = {"failed": "response.failed", "incomplete": "response.incomplete"}.get(str(body.get("status")),
                                                                                  "response.completed")
    return [*events, _event({"type": end, "response": body})]


JSON_EVENTS: dict[str, Callable[[dict[str, Any]], list[SseEvent]]] = {
    "openai-chat": _chat_events, "anthropic": _anthropic_events, "openai-responses": _responses_events,
    "gemini": lambda body: [_event(body)]}  # a generateContent answer is one streamed chunk's shape


__all__ = ["JSON_EVENTS"]
