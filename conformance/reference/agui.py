"""Reference adapter: upstream parts -> AG-UI 1.0 wire events (TanStack wire form).

The events are what ``@tanstack/ai`` >= 0.13 puts on the wire after ``normalizeStreamChunk``:
spec AG-UI keys only, TanStack extras under ``metadata.tanstack`` (finish reason, model,
parsed tool input, tool-result state). All run logic lives in
:class:`~conformance.reference.core.ReferenceAdapter`; this module only shapes events.

Example:
    >>> from conformance.contract import RunRequest
    >>> a = AguiReferenceAdapter()
    >>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={},
    ...                    thread_id="t", run_id="r"))
    >>> a.start()
    >>> a.feed({"type": "tool-call", "toolCallId": "c1", "toolName": "get", "input": '{"q":1}'})
    >>> a.end_of_stream()
    >>> [(e["type"], e.get("delta")) for e in a.drain()][1:4]
    [('TOOL_CALL_START', None), ('TOOL_CALL_ARGS', '{"q":1}'), ('TOOL_CALL_END', None)]
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.reference.core import Event, ReferenceAdapter, TokenCounts, ToolCallState, js_stringify

__all__ = ["AguiReferenceAdapter"]


class AguiReferenceAdapter(ReferenceAdapter):
    """Correct AG-UI 1.0 adapter for v2/v3/v4/mastra upstreams (spec-reference 8.1-8.4).

    >>> AguiReferenceAdapter().capabilities.output
    'ag-ui'
    """

    NAME: ClassVar[str] = "reference-agui"
    OUTPUT: ClassVar[str] = "ag-ui"

    # ------------------------------------------------------------ run
    def emit_run_started(self) -> None:
        """Row 0: ``RUN_STARTED{threadId, runId}``."""
        req = self.state.request
        self.emit({"type": "RUN_STARTED", "threadId": req.thread_id, "runId": req.run_id})

    def tanstack_run_metadata(self, finish_reason: str | None) -> dict[str, Any]:
        """``metadata.tanstack`` of RUN_FINISHED: finish reason (8.2) and model (row 2)."""
        return {"tanstack": {"finishReason": finish_reason, "model": self.state.model}}

    def format_usage(self, usage: TokenCounts) -> list[TokenCounts]:
        """8.3: AG-UI ``usage`` is a ``TokenUsage[]``; one entry for the one model call."""
        return [dict(usage)]

    def emit_run_finished(
        self, finish_reason: str | None, usage: TokenCounts | None, interrupts: list[dict[str, Any]]
    ) -> None:
        """Row 18: one RUN_FINISHED; row 15: approvals make it an ``interrupt`` outcome."""
        req = self.state.request
        event: Event = {"type": "RUN_FINISHED", "threadId": req.thread_id, "runId": req.run_id}
        if usage is not None:
            event["usage"] = self.format_usage(usage)
        if interrupts:
            event["outcome"] = {"type": "interrupt", "interrupts": interrupts}
        event["metadata"] = self.tanstack_run_metadata(finish_reason)
        self.emit(event)

    def emit_run_error(self, message: str, code: str | None) -> None:
        """Rows 17, 20, 21: ``RUN_ERROR{message, code?}``."""
        event: Event = {"type": "RUN_ERROR", "message": message}
        if code is not None:
            event["code"] = code
        # Row 2: the model is reported on failed runs too (TanStack puts it in metadata.tanstack).
        event["metadata"] = {"tanstack": {"model": self.state.model}}
        self.emit(event)

    def emit_run_cancelled(self) -> None:
        """Row 22 POLICY 'cancelled': ``RUN_FINISHED{outcome:{type:'cancelled'}}``."""
        req = self.state.request
        event: Event = {"type": "RUN_FINISHED", "threadId": req.thread_id, "runId": req.run_id}
        self.emit({**event, "outcome": {"type": "cancelled"}})

    # ------------------------------------------------------------ structured output (4.3)
    def emit_structured_start(self, message_id: str) -> None:
        """``CUSTOM structured-output.start{messageId}`` before the JSON text message opens."""
        self.emit({"type": "CUSTOM", "name": "structured-output.start", "value": {"messageId": message_id}})

    def emit_structured_complete(self, message_id: str | None, data: Any, raw: str) -> None:
        """structured.result: ``CUSTOM structured-output.complete{object, raw}`` before RUN_FINISHED
        (``@tanstack/openai-base`` ``structuredOutputStream``; nulls are left for the engine to undo)."""
        value: dict[str, Any] = {"object": data, "raw": raw}
        if message_id is not None:
            value["messageId"] = message_id
        self.emit({"type": "CUSTOM", "name": "structured-output.complete", "value": value})

    # ------------------------------------------------------------ text / reasoning
    def emit_text_start(self, message_id: str) -> None:
        """Row 3."""
        self.emit({"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"})

    def emit_text_content(self, message_id: str, delta: str) -> None:
        """Row 4."""
        self.emit({"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": delta})

    def emit_text_end(self, message_id: str) -> None:
        """Row 5."""
        self.emit({"type": "TEXT_MESSAGE_END", "messageId": message_id})

    def emit_reasoning_start(self, message_id: str) -> None:
        """Row 6: the span and its message open together."""
        self.emit({"type": "REASONING_START", "messageId": message_id})
        self.emit({"type": "REASONING_MESSAGE_START", "messageId": message_id, "role": "reasoning"})

    def emit_reasoning_content(self, message_id: str, delta: str) -> None:
        """Row 7."""
        self.emit({"type": "REASONING_MESSAGE_CONTENT", "messageId": message_id, "delta": delta})

    def emit_reasoning_end(self, message_id: str) -> None:
        """Row 8: message then span."""
        self.emit({"type": "REASONING_MESSAGE_END", "messageId": message_id})
        self.emit({"type": "REASONING_END", "messageId": message_id})

    # ------------------------------------------------------------ tools
    def emit_tool_start(self, call: ToolCallState) -> None:
        """Row 9."""
        self.emit(
            {
                "type": "TOOL_CALL_START",
                "toolCallId": call.id,
                "toolCallName": call.name,
                "parentMessageId": call.parent_message_id,
            }
        )

    def emit_tool_args(self, call: ToolCallState, delta: str) -> None:
        """Row 10."""
        self.emit({"type": "TOOL_CALL_ARGS", "toolCallId": call.id, "delta": delta})

    def emit_tool_end(self, call: ToolCallState) -> None:
        """Row 12: END with the parsed input in ``metadata.tanstack.input`` (absent per row 13 'raw')."""
        event: Event = {"type": "TOOL_CALL_END", "toolCallId": call.id}
        present, value = self.end_input(call)
        if present:
            event["metadata"] = {"tanstack": {"input": value}}
        self.emit(event)

    def emit_tool_result(self, call_id: str, tool_name: str, result: Any, is_error: bool) -> None:
        """Row 14: ``TOOL_CALL_RESULT`` with a new message id and ``JSON.stringify(result)``."""
        event: Event = {
            "type": "TOOL_CALL_RESULT",
            "messageId": self.result_message_id(call_id),
            "toolCallId": call_id,
            "content": js_stringify(result),
            "role": "tool",
        }
        if is_error:
            event["metadata"] = {"tanstack": {"state": "output-error"}}
        self.emit(event)
