"""How an output protocol's own usage type reads the output count when reasoning is counted apart (issue 15).

Row 8.3.v3's source is the AI SDK V3/V4 nested usage, whose ``outputTokens.total`` includes the
reasoning tokens (``@ai-sdk/google`` 4.0.121 dist/index.js:503-504 adds ``thoughtsTokenCount`` to
``candidatesTokenCount`` for it). The UI message stream keeps that rule. TanStack's ``TokenUsage`` does
not make it: ``completionTokens`` is only "Total output/completion tokens", and ``totalTokens`` "may exceed
promptTokens + completionTokens when reasoning/cache/tool tokens are billed separately"
(@tanstack/ai-event-client 0.12.1 dist/esm/index.d.ts:193-197), with the reasoning in
``completionTokensDetails.reasoningTokens`` (:120-121). TanStack's own Gemini adapter reports
``completionTokens = candidatesTokenCount`` (@tanstack/ai-gemini 0.32.0 dist/esm/usage.js:48), which
Gemini counts without the thoughts: ``totalTokenCount`` is "the sum of prompt_token_count,
candidates_token_count, tool_use_prompt_token_count, and thoughts_token_count" (@google/genai 2.32.0
dist/genai.d.ts:6661-6662). So under TanStack's type an output count with or without the reasoning tokens
is a correct reading when the reasoning is reported apart; any other count is still wrong. AG-UI carrying
TanStack metadata is the same value: ``toSpecTokenUsage`` copies ``completionTokens`` into
``outputTokens`` (@tanstack/ai 0.58.0 dist/esm/utilities/ag-ui-usage.js:19).

Example:
    >>> tanstack_type([]), never([{"type": "RUN_FINISHED"}])
    (True, False)
    >>> carries_tanstack_metadata([{"type": "RUN_FINISHED", "metadata": {"tanstack": {"finishReason": "stop"}}}])
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def never(_events: Sequence[Any]) -> bool:
    """The AI SDK's rule (the default): the output count includes the reasoning tokens.

    >>> never([])
    False
    """
    return False


def tanstack_type(_events: Sequence[Any]) -> bool:
    """TanStack ``TokenUsage``: ``completionTokens`` may leave out reasoning counted in its details.

    >>> tanstack_type([])
    True
    """
    return True


def carries_tanstack_metadata(events: Sequence[Any]) -> bool:
    """An AG-UI stream produced by TanStack AI (some event has ``metadata.tanstack``): its usage is a
    TanStack ``TokenUsage`` in AG-UI's keys, read by TanStack's rule.

    >>> carries_tanstack_metadata([{"type": "RUN_FINISHED", "usage": [{"outputTokens": 2}]}])
    False
    """
    return any(isinstance(e, dict) and isinstance(e.get("metadata"), dict)
               and isinstance(e["metadata"].get("tanstack"), dict) for e in events)


def output_reading_ok(expected_output: Any, expected_reasoning: Any, actual_output: Any) -> bool:
    """Whether ``actual_output`` is the output count without the reasoning tokens that the upstream
    reported apart (the other correct reading, besides the count with them).

    >>> output_reading_ok(30, 12, 18), output_reading_ok(30, 12, 30), output_reading_ok(30, 12, 42)
    (True, False, False)
    >>> output_reading_ok(30, None, 30), output_reading_ok(30, 0, 30)
    (False, False)
    """
    return (isinstance(expected_output, int) and isinstance(expected_reasoning, int) and expected_reasoning > 0
            and actual_output == expected_output - expected_reasoning)
