"""Pure values of the reference interpreter: JSON text as JavaScript writes it, usage reading.

Nothing here keeps state; the mixins of :class:`~conformance.reference.core.ReferenceAdapter`
call these helpers, and the protocol modules import :func:`js_stringify`.

>>> js_stringify(normalize_usage({"inputTokens": 2, "outputTokens": 1}))
'{"inputTokens":2,"outputTokens":1,"totalTokens":3}'
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = [
    "ABORT_MESSAGE",
    "ALL_PART_DIALECTS",
    "GENERIC_ERROR_MESSAGE",
    "MISSING_FINISH_MESSAGE",
    "TIMESTAMP_BASE",
    "Event",
    "Part",
    "TokenCounts",
    "dig",
    "finite_number",
    "js_stringify",
    "normalize_usage",
    "parse_json_text",
]

Event = dict[str, Any]
Part = dict[str, Any]
# Usage in AG-UI ``TokenUsage`` key names (inputTokens, outputTokens, totalTokens, ...).
TokenCounts = dict[str, int | float]

ALL_PART_DIALECTS: list[Any] = ["v2", "v3", "v4", "mastra"]

# A fixed epoch for generated timestamps: snapshots of the reference adapters stay byte-stable.
TIMESTAMP_BASE = 1_700_000_000_000

GENERIC_ERROR_MESSAGE = "The model finished with finishReason 'error' and sent no error part"
# Row 19 POLICY 'error' (ai 6.0.326 says "No output generated. The model stream ended without a finish chunk.").
MISSING_FINISH_MESSAGE = "The model stream ended without a finish part (truncated)"
ABORT_MESSAGE = "Request aborted"

# ---------------------------------------------------------------- small pure helpers
def js_stringify(value: Any) -> str:
    """JSON text exactly as JavaScript's ``JSON.stringify`` writes it (no spaces, UTF-8 kept).

    The reference TanStack adapters build ``content``/``arguments`` strings with
    ``JSON.stringify``; matching it keeps our output byte-comparable with theirs.

    >>> js_stringify({"city": "Zürich", "days": [1, 2]})
    '{"city":"Zürich","days":[1,2]}'
    """
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)


def _reject_constant(name: str) -> Any:
    # Python's json accepts NaN/Infinity; JSON.parse does not, so neither do we.
    raise ValueError(f"{name} is not valid JSON")


def parse_json_text(text: str) -> tuple[bool, Any]:
    """Parse tool-call input text: ``(ok, value)``.

    Empty (or blank) text is the no-argument call ``{}``: the legacy engine does
    ``'' -> {}`` and Anthropic sends ``"{}"`` for an empty argument stream (spec 1.5, 4.7).

    >>> parse_json_text('{"q": 1}'), parse_json_text(""), parse_json_text('{"q":')
    ((True, {'q': 1}), (True, {}), (False, None))
    """
    if not text.strip():
        return True, {}
    try:
        return True, json.loads(text, parse_constant=_reject_constant)
    except ValueError:
        return False, None


def finite_number(value: Any) -> int | float | None:
    """A finite number, else None (bools, NaN, strings and nulls are not token counts).

    >>> finite_number(3), finite_number(True), finite_number(float("nan")), finite_number("3")
    (3, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _sum(a: int | float | None, b: int | float | None) -> int | float | None:
    # AG-UI totals are inclusive; a missing side counts as 0, both missing means "no total".
    if a is None and b is None:
        return None
    return (a or 0) + (b or 0)


def dig(obj: Any, *path: str) -> Any:
    """The value at ``path`` inside nested dicts, None as soon as a step is not a dict.

    >>> dig({"a": {"b": 1}}, "a", "b"), dig({"a": 1}, "a", "b")
    (1, None)
    """
    for key in path:
        if not isinstance(obj, dict):
            return None
        obj = obj.get(key)
    return obj


def normalize_usage(usage: Any) -> TokenCounts | None:
    """Read any upstream usage shape into AG-UI ``TokenUsage`` keys (spec 8.3), or None.

    Only the published part shapes are read: nested ``inputTokens{total}`` -> V3/V4; otherwise
    flat V2 / Mastra (``cacheCreationInputTokens`` -> ``cacheWriteInputTokens``). Raw provider
    keys (``prompt_tokens``, ``promptTokens`` ...) never occur in a model stream part, so they
    are not guessed at (a mis-keyed V2 usage must read as "no usage", not be rescued). Counts
    that are absent or not finite numbers are left out; None when no count is left (8.3
    "absent, or every count undefined").

    >>> normalize_usage({"inputTokens": {"total": 10, "cacheRead": 4}, "outputTokens": {"total": 5}})
    {'inputTokens': 10, 'outputTokens': 5, 'totalTokens': 15, 'cachedInputTokens': 4}
    >>> normalize_usage({"inputTokens": 10, "outputTokens": 5, "totalTokens": 16})
    {'inputTokens': 10, 'outputTokens': 5, 'totalTokens': 16}
    >>> normalize_usage({"inputTokens": None, "outputTokens": None, "totalTokens": None}) is None
    True
    >>> normalize_usage({"totalTokens": 0}) is None  # Mastra's all-undefined usage
    True
    """
    if not isinstance(usage, dict):
        return None
    inp: Any
    out: Any
    total: Any
    reasoning: Any = None
    cached: Any = None
    cache_write: Any = None
    if isinstance(usage.get("inputTokens"), dict) or isinstance(usage.get("outputTokens"), dict):
        # V3/V4 nested: there is no total field, the consumer adds the two totals (1.3).
        inp, out = finite_number(dig(usage, "inputTokens", "total")), finite_number(dig(usage, "outputTokens", "total"))
        total = _sum(inp, out)
        reasoning = dig(usage, "outputTokens", "reasoning")
        cached = dig(usage, "inputTokens", "cacheRead")
        cache_write = dig(usage, "inputTokens", "cacheWrite")
    else:
        inp, out = finite_number(usage.get("inputTokens")), finite_number(usage.get("outputTokens"))
        total = finite_number(usage.get("totalTokens"))
        reasoning, cached = usage.get("reasoningTokens"), usage.get("cachedInputTokens")
        cache_write = usage.get("cacheCreationInputTokens", usage.get("cacheWriteInputTokens"))
    if finite_number(total) is None:
        total = _sum(inp, out)  # V2 "totalTokens ?? input + output"
    elif inp is None and out is None and total == 0:
        # Mastra's normalizeUsage adds `(input ?? 0) + (output ?? 0)`, so all-undefined usage
        # arrives as a lone totalTokens 0: that is "every count undefined", not a count (8.3).
        total = None
    counts = {
        "inputTokens": inp,
        "outputTokens": out,
        "totalTokens": total,
        "reasoningTokens": reasoning,
        "cachedInputTokens": cached,
        "cacheWriteInputTokens": cache_write,
    }
    result = {k: n for k, v in counts.items() if (n := finite_number(v)) is not None}
    return result or None
