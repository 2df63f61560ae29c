"""Reference adapter: upstream parts -> the TanStack adapter-yield layer (``AdapterYieldChunk``).

What a ``@tanstack/ai`` 0.58 ``TextAdapter.chatStream`` yields *before* ``normalizeStreamChunk``
(spec-reference 4.2), modelled on ``@tanstack/openai-base`` (4.6): TOOL_CALL_START carries
``toolName`` and ``index``; TOOL_CALL_END a top-level parsed ``input``; RUN_FINISHED top-level
``finishReason``, ``model`` and ``usage`` as a TanStack ``TokenUsage``; RUN_ERROR an
``error{message, code?}`` copy; reasoning is wrapped in legacy ``STEP_STARTED``/``STEP_FINISHED``.
Same lifecycle as :mod:`conformance.reference.agui`.

Example:
    >>> from conformance.contract import RunRequest
    >>> a = TanstackReferenceAdapter()
    >>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={},
    ...                    thread_id="t", run_id="r"))
    >>> a.start()
    >>> a.feed({"type": "finish", "finishReason": "length", "usage": {"inputTokens": 2, "outputTokens": 3}})
    >>> a.end_of_stream()
    >>> done = a.drain()[-1]
    >>> done["finishReason"], done["usage"]
    ('length', {'promptTokens': 2, 'completionTokens': 3, 'totalTokens': 5})
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.core import Event, TokenCounts, ToolCallState
from conformance.reference.finish import FinishMixin

__all__ = ["TanstackReferenceAdapter", "token_usage"]


def token_usage(usage: TokenCounts) -> dict[str, Any]:
    """AG-UI ``TokenUsage`` keys -> TanStack ``TokenUsage`` (``promptTokens`` ... required, details optional).

    >>> token_usage({"inputTokens": 10, "outputTokens": 5, "totalTokens": 15, "cachedInputTokens": 4})
    {'promptTokens': 10, 'completionTokens': 5, 'totalTokens': 15, 'promptTokensDetails': {'cachedTokens': 4}}
    """
    prompt = usage.get("inputTokens", 0)
    completion = usage.get("outputTokens", 0)
    out: dict[str, Any] = {
        "promptTokens": prompt,
        "completionTokens": completion,
        # TanStack's three counts are required numbers; a missing side counts as 0 (8.3).
        "totalTokens": usage.get("totalTokens", prompt + completion),
    }
    prompt_details = {
        key: usage[src]
        for key, src in (("cachedTokens", "cachedInputTokens"), ("cacheWriteTokens", "cacheWriteInputTokens"))
        if src in usage
    }
    if prompt_details:
        out["promptTokensDetails"] = prompt_details
    if "reasoningTokens" in usage:
        out["completionTokensDetails"] = {"reasoningTokens": usage["reasoningTokens"]}
    return out


class TanstackReferenceAdapter(AguiReferenceAdapter):
    """Correct TanStack yield-layer adapter for v2/v3/v4/mastra upstreams.

    >>> TanstackReferenceAdapter().capabilities.name
    'reference-tanstack'
    """

    NAME: ClassVar[str] = "reference-tanstack"
    OUTPUT: ClassVar[str] = "tanstack"

    # ------------------------------------------------------------ run
    def emit_run_finished(
        self, finish_reason: str | None, usage: TokenCounts | None, interrupts: list[dict[str, Any]]
    ) -> None:
        """Row 18 (4.6): top-level ``finishReason``, ``model``, ``usage`` (TokenUsage, omitted when none)."""
        req = self.state.request
        event: Event = {
            "type": "RUN_FINISHED",
            "threadId": req.thread_id,
            "runId": req.run_id,
            "finishReason": finish_reason,
            "model": self.state.model,
        }
        if usage is not None:
            event["usage"] = token_usage(usage)
        if interrupts:
            event["outcome"] = {"type": "interrupt", "interrupts": interrupts}
        self.emit(event)

    def emit_run_error(self, message: str, code: str | None) -> None:
        """Rows 17, 21 (4.6): ``RUN_ERROR{message, code?, error:{message, code?}, model}``."""
        error: dict[str, Any] = {"message": message}
        if code is not None:
            error["code"] = code
        self.emit({"type": "RUN_ERROR", **error, "error": dict(error), "model": self.state.model})

    def final_usage(self) -> TokenCounts | None:
        """8.3 over an agent loop, TanStack's rule: the last model call's usage, not the turns' sum
        (``conformance.protocols.tanstack`` ``loop_usage``; a single call: as before)."""
        return FinishMixin.final_usage(self)

    # ------------------------------------------------------------ text / reasoning
    def emit_text_content(self, message_id: str, delta: str) -> None:
        """Row 4 (4.6): ``content`` = the message's accumulated text (dropped by the engine)."""
        self.emit(
            {
                "type": "TEXT_MESSAGE_CONTENT",
                "messageId": message_id,
                "delta": delta,
                "content": self.state.text_message,
            }
        )

    def emit_reasoning_start(self, message_id: str) -> None:
        """Row 6 (4.6): REASONING_START, REASONING_MESSAGE_START, then the legacy thinking step."""
        super().emit_reasoning_start(message_id)
        step = self.new_id("step")
        self.state.step_id = step
        self.emit({"type": "STEP_STARTED", "stepName": step, "stepId": step, "stepType": "thinking"})

    def emit_reasoning_end(self, message_id: str) -> None:
        """Row 8 (4.6): REASONING_MESSAGE_END, REASONING_END, then STEP_FINISHED."""
        super().emit_reasoning_end(message_id)
        step = self.state.step_id
        if step is not None:
            self.emit({"type": "STEP_FINISHED", "stepName": step, "stepId": step})

    # ------------------------------------------------------------ tools
    def emit_tool_start(self, call: ToolCallState) -> None:
        """Row 9 (4.6): ``toolCallName`` and ``toolName``, ``parentMessageId``, ``index`` = k."""
        self.emit(
            {
                "type": "TOOL_CALL_START",
                "toolCallId": call.id,
                "toolCallName": call.name,
                "toolName": call.name,
                "parentMessageId": call.parent_message_id,
                "index": call.index,
            }
        )

    def emit_tool_end(self, call: ToolCallState) -> None:
        """Row 12/13: top-level parsed ``input``; malformed -> absent ('raw') or ``{}`` ('empty-object')."""
        event: Event = {"type": "TOOL_CALL_END", "toolCallId": call.id}
        present, value = self.end_input(call)
        if present:
            event["input"] = value
        self.emit(event)
