"""Values read off AG-UI events, garbage-tolerant: nested keys, the first string, token counts, a tool
result's value, ``TokenUsage`` entries, approvals from an interrupt outcome or the deprecated CUSTOM
event, and error codes. Shared by the AG-UI, TanStack and legacy readers.

Example:
    >>> count(dig({"usage": {"inputTokens": 3}}, "usage", "inputTokens"))
    3
"""

from __future__ import annotations

from typing import Any

from conformance.protocols.tool_calls import parse_json
from mock_provider.transcript import ApprovalRecord, UsageRecord


def dig(obj: Any, *keys: str) -> Any:
    """``obj[k1][k2]...`` or ``None`` as soon as a step is not a dict (garbage never raises).

    >>> dig({"a": {"b": 1}}, "a", "b"), dig({"a": 5}, "a", "b")
    (1, None)
    """
    for key in keys:
        if not isinstance(obj, dict):
            return None
        obj = obj.get(key)
    return obj


def first_str(*values: Any) -> str | None:
    """The first value that is a string.

    >>> first_str(None, 3, "x", "y")
    'x'
    """
    for value in values:
        if isinstance(value, str):
            return value
    return None


def count(value: Any) -> int | None:
    """A token count as an int, or ``None`` (bools, NaN, fractions and strings are not counts).

    >>> count(3), count(3.0), count(True), count("3")
    (3, 3, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def tool_result_value(content: Any) -> Any:
    """A forwarded tool result: JSON strings parsed, anything else kept as sent.

    >>> tool_result_value('{"ok": true}'), tool_result_value("plain")
    ({'ok': True}, 'plain')
    """
    if isinstance(content, str):
        ok, value = parse_json(content)
        return value if ok else content
    return content


def usage_from_agui(entry: Any) -> UsageRecord | None:
    """An AG-UI ``TokenUsage`` object as a :class:`UsageRecord` (``None`` if not an object).

    >>> usage_from_agui({"inputTokens": 3, "outputTokens": 2, "totalTokens": 5}).total_tokens
    5
    """
    if not isinstance(entry, dict):
        return None
    return UsageRecord(
        input_tokens=count(entry.get("inputTokens")),
        output_tokens=count(entry.get("outputTokens")),
        total_tokens=count(entry.get("totalTokens")),
        reasoning_tokens=count(entry.get("reasoningTokens")),
        cached_input_tokens=count(entry.get("cachedInputTokens")),
        cache_write_input_tokens=count(entry.get("cacheWriteInputTokens")),
    )


def approvals_from_outcome(outcome: Any) -> list[ApprovalRecord]:
    """Approval interrupts of a ``RUN_FINISHED.outcome`` (client-tool interrupts are not approvals).

    >>> outcome = {"type": "interrupt", "interrupts": [
    ...     {"id": "ap1", "reason": "tool_call", "toolCallId": "c1", "metadata": {"toolName": "f"}}]}
    >>> approvals_from_outcome(outcome)[0].approval_id
    'ap1'
    """
    if dig(outcome, "type") != "interrupt":
        return []
    interrupts = dig(outcome, "interrupts")
    out: list[ApprovalRecord] = []
    for item in interrupts if isinstance(interrupts, list) else []:
        approval_id, call_id = dig(item, "id"), dig(item, "toolCallId")
        if not isinstance(approval_id, str) or not isinstance(call_id, str):
            continue
        if dig(item, "metadata", "kind") == "client_tool" or dig(item, "reason") == (
            "tanstack:client_tool_execution"
        ):
            continue  # a client tool waiting for its result, not an approval request
        out.append(
            ApprovalRecord(
                approval_id=approval_id,
                tool_call_id=call_id,
                tool_name=first_str(dig(item, "metadata", "toolName")),
            )
        )
    return out


def approval_from_custom(value: Any) -> ApprovalRecord | None:
    """The deprecated ``CUSTOM approval-requested`` value (also the legacy chunk's own fields).

    >>> approval_from_custom({"toolCallId": "c1", "toolName": "f", "approval": {"id": "ap1"}}).tool_name
    'f'
    """
    approval_id, call_id = dig(value, "approval", "id"), dig(value, "toolCallId")
    if not isinstance(approval_id, str) or not isinstance(call_id, str):
        return None
    return ApprovalRecord(
        approval_id=approval_id, tool_call_id=call_id, tool_name=first_str(dig(value, "toolName"))
    )


def error_code(value: Any) -> str | None:
    """An error code as a string (HTTP statuses arrive as numbers from some adapters).

    >>> error_code(429), error_code("rate_limit"), error_code(None)
    ('429', 'rate_limit', None)
    """
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None
