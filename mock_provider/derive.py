"""What a script means: the transcript a correct client makes of canonical parts, and the rows they exercise.

The generated streams (:mod:`conformance.strategies`), the short-form scenarios users write
(:mod:`mock_provider.short_form`) and imported or recorded captures (:mod:`mock_provider.capture`)
all derive their expected transcript here, so the three agree on what a stream means.

Example:
    >>> from mock_provider.parts import parse_part
    >>> t = expected_transcript([parse_part(p) for p in [
    ...     {"type": "text-delta", "id": "t", "delta": "Hi"},
    ...     {"type": "finish", "finishReason": {"unified": "length"},
    ...      "usage": {"inputTokens": {"total": 2}, "outputTokens": {"total": 3}}}]])
    >>> t.text, t.finish_reason, t.usage.total_tokens
    ('Hi', 'length', 5)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from mock_provider.dialects import dialect as dialect_of
from mock_provider.parts import (
    Error,
    Finish,
    Part,
    ReasoningDelta,
    ResponseMetadata,
    TextDelta,
    ToolApprovalRequest,
    ToolCall,
    ToolInputStart,
    ToolResult,
    Usage,
)
from mock_provider.transcript import (
    ApprovalRecord,
    ErrorRecord,
    ExpectedFinish,
    ToolCallRecord,
    ToolResultRecord,
    Transcript,
    UsageRecord,
)

BASE_DIALECT = "v3"
FINISH_OUT: dict[str, ExpectedFinish] = {
    "stop": "stop",
    "length": "length",
    "content-filter": "content_filter",
    "tool-calls": "stop",  # 'tool_calls' only when a client call completed (spec 8.2)
}


def usage_record(usage: Usage | None, name: str) -> UsageRecord | None:
    """What the consumer must see for this canonical usage in this dialect (spec 8.3).

    >>> u = Usage.model_validate({"inputTokens": {"total": 2}, "outputTokens": {"total": 3, "reasoning": 1}})
    >>> r = usage_record(u, "v3")
    >>> r.total_tokens, r.reasoning_tokens, usage_record(None, "v3")
    (5, 1, None)
    """
    shape = dialect_of(name)
    if usage is None:
        return None
    inp, out = usage.input_tokens, usage.output_tokens
    if inp.total is None and out.total is None:
        return None  # every count undefined: omit (8.3)
    total = (inp.total or 0) + (out.total or 0)  # V3/V4 and Mastra: the sum (no total field)
    raw_total = (usage.raw or {}).get("totalTokens")
    if shape.provider_total and isinstance(raw_total, int):
        total = raw_total  # V2 carries the provider's own total: totalTokens ?? input + output
    return UsageRecord(
        input_tokens=inp.total,
        output_tokens=out.total,
        total_tokens=total,
        reasoning_tokens=out.reasoning,
        cached_input_tokens=inp.cache_read,
        # V2's flat usage has no cache-write count.
        cache_write_input_tokens=inp.cache_write if shape.cache_write else None,
    )


def _parse_args(text: str) -> tuple[Any, bool]:
    """Parsed arguments and whether the text is malformed ('' reads as {} as row 8.1.12 does)."""
    try:
        return json.loads(text or "{}"), False
    except ValueError:
        return None, True


def _error_record(part: Error) -> ErrorRecord:
    raw = part.error
    message = raw.get("message") if isinstance(raw, dict) else raw
    code = raw.get("code") if isinstance(raw, dict) else None
    return ErrorRecord(message=None if message is None else str(message),
                       code=None if code is None else str(code))


def expected_transcript(parts: Iterable[Part], dialect: str = BASE_DIALECT) -> Transcript:
    """The transcript a correct adapter makes of these canonical parts, read in ``dialect``.

    Text and reasoning are the concatenated deltas; a call counts once its ``tool-call`` part
    arrived, in the order of first appearance; the first ``error`` part ends the run; the
    finish reason is ``tool_calls`` when a client call completed, else the mapped upstream
    reason (``@unknown`` for other/unknown/interrupted/missing: the adapter's policy).
    Provider-executed results and approval requests are kept as the consumer shows them.

    >>> from mock_provider.parts import parse_part
    >>> t = expected_transcript([parse_part({"type": "tool-call", "toolCallId": "c", "toolName": "f",
    ...                                      "input": '{"a": 1}'})])
    >>> t.finish_reason, t.tool_calls[0].args
    ('tool_calls', {'a': 1})
    """
    text: list[str] = []
    reasoning: list[str] = []
    names: dict[str, str] = {}  # call id -> name, first appearance order
    calls: dict[str, ToolCall] = {}
    results: list[ToolResultRecord] = []
    approvals: list[ApprovalRecord] = []
    model: str | None = None
    finish: Finish | None = None
    error: ErrorRecord | None = None
    for part in parts:
        if isinstance(part, Error):
            error = _error_record(part)
            break
        if isinstance(part, TextDelta):
            text.append(part.delta)
        elif isinstance(part, ReasoningDelta):
            reasoning.append(part.delta)
        elif isinstance(part, ToolInputStart):
            names.setdefault(part.id, part.tool_name)
        elif isinstance(part, ToolCall):
            names.setdefault(part.tool_call_id, part.tool_name)
            calls.setdefault(part.tool_call_id, part)
        elif isinstance(part, ToolResult):
            results.append(ToolResultRecord(tool_call_id=part.tool_call_id, result=part.result,
                                            is_error=bool(part.is_error), preliminary=bool(part.preliminary)))
        elif isinstance(part, ToolApprovalRequest):
            approvals.append(ApprovalRecord(approval_id=part.approval_id, tool_call_id=part.tool_call_id,
                                            tool_name=names.get(part.tool_call_id)))
        elif isinstance(part, ResponseMetadata) and part.model_id is not None:
            model = part.model_id
        elif isinstance(part, Finish):
            finish = part
    records = []
    for call_id, name in names.items():
        call = calls.get(call_id)
        if call is not None:
            args, malformed = _parse_args(call.input)
            records.append(ToolCallRecord(id=call_id, name=name, args=args, args_text=call.input,
                                          malformed=malformed, provider_executed=bool(call.provider_executed)))
    common: dict[str, Any] = {"text": "".join(text), "reasoning": "".join(reasoning), "tool_calls": records,
                              "tool_results": results, "approvals": approvals, "model": model}
    # Calls the consumer names itself (mock_provider.minted): an mcp_approval_request's, a Gemini code execution.
    if dialect == "openai-responses":
        common["minted_ids"] = [a.tool_call_id for a in approvals]
    elif dialect == "gemini":
        common["minted_ids"] = [r.id for r in records if r.provider_executed and r.name == "code_execution"]
    if error is not None:
        return Transcript(**common, terminal="error", error=error)
    reason: ExpectedFinish
    if any(not r.provider_executed for r in records):
        reason = "tool_calls"
    elif finish is None:
        reason = "@unknown"
    else:
        reason = FINISH_OUT.get(finish.finish_reason.unified, "@unknown")
    usage = usage_record(finish.usage, dialect) if finish is not None else None
    return Transcript(**common, finish_reason=reason, usage=usage)


_ROWS: list[tuple[type[Any] | tuple[type[Any], ...], list[str]]] = [
    (TextDelta, ["8.1.4", "8.1.5"]),
    (ReasoningDelta, ["8.1.7", "8.1.8"]),
    ((ToolInputStart, ToolCall), ["8.1.9", "8.1.10", "8.1.12"]),
    (Error, ["8.1.17"]),
    (ResponseMetadata, ["8.1.2"]),
]


def derived_rows(parts: Sequence[Part], http_status: bool = False) -> list[str]:
    """The catalog rows a script exercises, from the kinds of parts it uses.

    >>> from mock_provider.parts import parse_part
    >>> derived_rows([parse_part({"type": "text-delta", "id": "t", "delta": "Hi"})])
    ['8.1.4', '8.1.5', '8.1.19']
    >>> derived_rows([], http_status=True)
    ['8.1.21', '8.1.18']
    """
    rows: list[str] = ["8.1.21"] if http_status else []
    for cls, extra in _ROWS:
        if any(isinstance(p, cls) for p in parts):
            rows += [r for r in extra if r not in rows]
    rows.append("8.1.18" if http_status or any(isinstance(p, Finish | Error) for p in parts) else "8.1.19")
    return rows
