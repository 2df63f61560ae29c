"""The normalized transcript: what one assistant turn *means*, independent of wire shape.

A scenario states its expected transcript (written from the published rules); the
conformance suite extracts the actual transcript from an adapter's events and compares
the two. Values are in the output-side vocabulary (TanStack finish reasons, AG-UI usage
field names) because that is what every output protocol can be reduced to.

Example:
    >>> t = Transcript(text="Hi", finish_reason="stop")
    >>> t.terminal, t.usage is None
    ('finished', True)
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

FinishReasonOut = Literal["stop", "length", "content_filter", "tool_calls"]
# "@unknown": upstream gave other/unknown/interrupted or no finish, and no client tool call
# completed; the adapter's declared `unknown_finish` policy decides ('stop' or null).
ExpectedFinish = FinishReasonOut | Literal["@unknown"] | None


class _T(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ToolCallRecord(_T):
    """One tool call as the consumer sees it once its arguments are complete."""

    id: str
    name: str
    args: Any = None  # parsed arguments (malformed: None expected; actual = the input the consumer holds)
    args_text: str | None = None  # the exact concatenated argument text
    malformed: bool = False  # args_text is not valid JSON (POLICY row 8.1.13)
    provider_executed: bool = False


class ToolResultRecord(_T):
    tool_call_id: str
    result: Any = None  # parsed JSON of the forwarded content
    is_error: bool = False
    preliminary: bool = False


class ApprovalRecord(_T):
    approval_id: str
    tool_call_id: str
    tool_name: str | None = None


class UsageRecord(_T):
    """AG-UI ``TokenUsage`` field names; ``None`` = not reported."""

    input_tokens: int | None = None
    output_tokens: int | None = None
    total_tokens: int | None = None
    reasoning_tokens: int | None = None
    cached_input_tokens: int | None = None
    cache_write_input_tokens: int | None = None


class ErrorRecord(_T):
    """Expected: ``message`` is a substring the actual message must contain."""

    message: str | None = None
    code: str | None = None


class StructuredRecord(_T):
    """A structured-output result (TanStack ``structured-output.complete`` ``{object, raw}``).

    Expected: ``data`` as the consumer holds it after the engine undid strict-mode null widening;
    ``raw_text`` (when given) the JSON text the data was read from; or ``error``, substrings the
    run's error message must contain (case-insensitive) when no result can be produced.
    """

    data: Any = None
    raw_text: str | None = None
    error: list[str] | None = None


class Transcript(_T):
    text: str = ""
    reasoning: str = ""
    tool_calls: list[ToolCallRecord] = Field(default_factory=list)
    tool_results: list[ToolResultRecord] = Field(default_factory=list)
    approvals: list[ApprovalRecord] = Field(default_factory=list)
    finish_reason: ExpectedFinish = None
    usage: UsageRecord | None = None
    error: ErrorRecord | None = None
    # "none": the stream ended with no terminal event (only valid for a silent abort).
    terminal: Literal["finished", "error", "aborted", "none"] = "finished"
    model: str | None = None  # response-metadata modelId, surfaced as the event model (row 8.1.2)
    structured: StructuredRecord | None = None  # structured-output result (None: not a structured run)
    # Expected only: calls a tool suspended for input (Mastra tool-call-suspended). An output protocol
    # may report them as waiting (an AG-UI Interrupt: "something a run needs from outside") or not.
    suspended: list[str] = Field(default_factory=list)
    # Expected only: call ids no wire carries (the consumer names those calls with ids it generates, as
    # @ai-sdk/openai names an mcp_approval_request's call): graded as the id the adapter gave the call of
    # that name at that position (mock_provider.minted).
    minted_ids: list[str] = Field(default_factory=list)


def merge_override(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Deep-merge ``override`` into ``base``: dicts by key, lists element by element.

    >>> merge_override({"a": [{"x": 1, "y": 2}]}, {"a": [{"y": 3}]})
    {'a': [{'x': 1, 'y': 3}]}
    """
    out = dict(base)
    for key, value in override.items():
        old = out.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            out[key] = merge_override(old, value)
        elif isinstance(old, list) and isinstance(value, list):
            merged = list(old)
            for i, item in enumerate(value):
                if i < len(merged) and isinstance(merged[i], dict) and isinstance(item, dict):
                    merged[i] = merge_override(merged[i], item)
                elif i < len(merged):
                    merged[i] = item
                else:
                    merged.append(item)
            out[key] = merged
        else:
            out[key] = value
    return out
