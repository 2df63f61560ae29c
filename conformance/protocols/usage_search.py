"""Where a stream carries usage-like data, so a usage finding can say what was seen instead.

A protocol keeps usage in one place (AG-UI: ``RUN_FINISHED.usage``); an adapter that reports it in
another event (a ``CUSTOM`` event, a message's metadata) reads as no usage at all. The finding then
names the place the protocol defines and where usage-like fields were seen.

Example:
    >>> usage_seen([{"type": "CUSTOM", "name": "u", "value": {"usage": {"inputTokens": 3}}},
    ...             {"type": "RUN_FINISHED", "usage": {"inputTokens": 3}}])
    ['#0 CUSTOM.value.usage', '#1 RUN_FINISHED.usage']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["USAGE_KEYS", "usage_seen"]

# Keys that name usage, or a token count, in the usage types the kit knows (AI SDK, AG-UI, TanStack,
# OpenAI, Anthropic, Gemini).
USAGE_KEYS = frozenset({"usage", "totalUsage", "tokenUsage", "usageMetadata", "inputTokens", "outputTokens",
                        "totalTokens", "promptTokens", "completionTokens", "input_tokens", "output_tokens",
                        "prompt_tokens", "completion_tokens", "total_tokens"})
MAX_DEPTH = 6
MAX_PLACES = 3


def usage_seen(events: Sequence[Any], limit: int = MAX_PLACES) -> list[str]:
    """``#index TYPE.path`` of the first ``limit`` places that hold usage-like data (outermost first)."""
    out: list[str] = []
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            continue
        for path in _places(event, (), 0):
            out.append(f"#{index} {event.get('type')}.{'.'.join(path)}")
            if len(out) >= limit:
                return out
    return out


def _places(node: Any, path: tuple[str, ...], depth: int) -> list[tuple[str, ...]]:
    if depth > MAX_DEPTH:
        return []
    if isinstance(node, list):
        return [p for i, item in enumerate(node) for p in _places(item, (*path, str(i)), depth + 1)][:MAX_PLACES]
    if not isinstance(node, dict):
        return []
    if path and any(isinstance(k, str) and k in USAGE_KEYS and k != "usage" for k in node):
        return [path]  # an object of token counts: the place is the object
    found: list[tuple[str, ...]] = []
    for key, value in node.items():
        if key == "usage" and value is not None:
            found.append((*path, key))
        elif key != "type":
            found += _places(value, (*path, str(key)), depth + 1)
    return found
