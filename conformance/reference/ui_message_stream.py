"""Reference adapter: upstream parts -> the AI SDK UI message stream (``UIMessageChunk``, ai 6).

The chunks ``streamText(...).toUIMessageStream()`` would send for a correct run, read through the
shared interpreter :class:`~conformance.reference.core.ReferenceAdapter` (every rule of section
8 lives there; this module only shapes chunks):

* ``start{messageId}`` + ``start-step`` first (row 0); ``finish-step`` + ``finish{finishReason}``
  last (row 18), finish reasons in the AI SDK vocabulary (``tool-calls``, ``content-filter``;
  no reason -> ``other``). The reason follows the ``finish_reason`` POLICY, whose default here is
  ``provider``, as ``streamText`` passes the provider's reason on (ai 6.0.326 dist/index.js 8635,
  9351): ``tool-calls`` whenever the provider said so, ``stop`` when it said ``stop`` even after a
  tool call;
* text and reasoning parts ``*-start{id}`` / ``*-delta{id, delta}`` / ``*-end{id}``;
* a tool call is ``tool-input-start`` + ``tool-input-delta{inputTextDelta}`` per fragment, then
  ``tool-input-available{input}`` once its input is complete (row 12); malformed input is
  ``tool-input-error{input: raw text, errorText}`` (policy ``raw``) or ``input: {}``
  (``empty-object``), as ``streamText`` marks an unparsable call invalid (row 13);
* provider results ``tool-output-available{output}`` / ``tool-output-error{errorText}`` (row 14);
* approvals ``tool-approval-request{approvalId, toolCallId}`` before ``finish-step`` (row 15);
* errors ``error{errorText}`` then ``streamText``'s trailer ``finish-step`` +
  ``finish{finishReason:'error'}`` (rows 17, 20, 21; ai 6 dist/index.js 8674, 9323-9353); abort: nothing
  (``silent``) or one ``abort`` chunk with open parts left open, as ``streamText`` does
  (``cancelled``). ``run-error`` is not offered: an ``error`` chunk carries no code, so it
  could not be told from a failure.

Usage and the model id have no chunk; they are not sent.

Example:
    >>> from conformance.contract import RunRequest
    >>> a = UIMessageStreamReferenceAdapter()
    >>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={},
    ...                    thread_id="t", run_id="r"))
    >>> a.start()
    >>> a.feed({"type": "tool-call", "toolCallId": "c1", "toolName": "get", "input": '{"q":1}'})
    >>> a.feed({"type": "finish", "finishReason": {"unified": "tool-calls", "raw": "tool_calls"}})
    >>> a.end_of_stream()
    >>> [e["type"] for e in a.drain()]  # doctest: +NORMALIZE_WHITESPACE
    ['start', 'start-step', 'tool-input-start', 'tool-input-delta', 'tool-input-available',
     'finish-step', 'finish']
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.reference.core import Event, ReferenceAdapter, TokenCounts, ToolCallState, js_stringify

__all__ = ["UIMessageStream7ReferenceAdapter", "UIMessageStreamReferenceAdapter"]

# Transcript (TanStack) finish reasons -> ai 6 `FinishReason`; None (no reason) -> 'other'.
# Upstream reasons streamText passes through unchanged (anything else is read as the interpreter does).
FINISH_REASONS: dict[str | None, str] = {
    "stop": "stop",
    "length": "length",
    "content_filter": "content-filter",
    "tool_calls": "tool-calls",
    None: "other",
}
INVALID_INPUT_TEXT = "Invalid input for tool {name}: the arguments are not valid JSON"


class UIMessageStreamReferenceAdapter(ReferenceAdapter):
    """Correct UI message stream adapter for v2/v3/v4/mastra upstreams.

    >>> UIMessageStreamReferenceAdapter().capabilities.output
    'ui-message-stream'
    """

    NAME: ClassVar[str] = "reference-ui-message-stream"
    OUTPUT: ClassVar[str] = "ui-message-stream"
    TEXT_INPUT_AS_JSON: ClassVar[bool] = False  # tool-input-start says inputEncoding 'text': deltas go raw

    # ------------------------------------------------------------ run
    def emit_run_started(self) -> None:
        """Row 0: ``start`` (the assistant message id) and the first ``start-step``."""
        self.emit({"type": "start", "messageId": f"msg-{self.state.request.run_id}"})
        self.emit({"type": "start-step"})

    def emit_run_finished(
        self, finish_reason: str | None, usage: TokenCounts | None, interrupts: list[dict[str, Any]]
    ) -> None:
        """Rows 15, 18: approvals, ``finish-step``, then ``finish{finishReason}`` (usage has no chunk)."""
        for interrupt in interrupts:
            self.emit({"type": "tool-approval-request", "approvalId": interrupt["id"],
                       "toolCallId": interrupt["toolCallId"]})
        self.emit({"type": "finish-step"})
        self.emit({"type": "finish", "finishReason": FINISH_REASONS.get(finish_reason, "other")})

    def emit_run_error(self, message: str, code: str | None) -> None:
        """Rows 17, 20, 21: ``error{errorText}`` (the code has no field), then ``streamText``'s trailer."""
        self.emit({"type": "error", "errorText": message})
        self.emit({"type": "finish-step"})
        self.emit({"type": "finish", "finishReason": "error"})

    def on_abort(self) -> None:
        """Row 22 'cancelled': one ``abort`` chunk, open parts left open (``streamText``'s form)."""
        st = self.state
        if self.policies.abort != "cancelled" or st.abort_handled or st.done:
            super().on_abort()
            return
        st.abort_handled = True
        st.outbox.clear()
        self.emit_run_cancelled()
        st.done = True

    def emit_run_cancelled(self) -> None:
        """Row 22 POLICY 'cancelled': ``abort``."""
        self.emit({"type": "abort", "reason": "Request aborted"})

    # ------------------------------------------------------------ text / reasoning
    def emit_text_start(self, message_id: str) -> None:
        """Row 3."""
        self.emit({"type": "text-start", "id": message_id})

    def emit_text_content(self, message_id: str, delta: str) -> None:
        """Row 4."""
        self.emit({"type": "text-delta", "id": message_id, "delta": delta})

    def emit_text_end(self, message_id: str) -> None:
        """Row 5."""
        self.emit({"type": "text-end", "id": message_id})

    def emit_reasoning_start(self, message_id: str) -> None:
        """Row 6."""
        self.emit({"type": "reasoning-start", "id": message_id})

    def emit_reasoning_content(self, message_id: str, delta: str) -> None:
        """Row 7."""
        self.emit({"type": "reasoning-delta", "id": message_id, "delta": delta})

    def emit_reasoning_end(self, message_id: str) -> None:
        """Row 8."""
        self.emit({"type": "reasoning-end", "id": message_id})

    # ------------------------------------------------------------ tools
    def emit_tool_start(self, call: ToolCallState) -> None:
        """Row 9: ``tool-input-start`` (``providerExecuted`` when the provider runs it)."""
        event: Event = {"type": "tool-input-start", "toolCallId": call.id, "toolName": call.name}
        if call.provider_executed:
            event["providerExecuted"] = True
        if call.text_input:
            event["inputEncoding"] = "text"  # its deltas are the raw text (ai 7.0.173 dist/index.js:7359)
        self.emit(event)

    def emit_tool_args(self, call: ToolCallState, delta: str) -> None:
        """Row 10."""
        self.emit({"type": "tool-input-delta", "toolCallId": call.id, "inputTextDelta": delta})

    def emit_tool_end(self, call: ToolCallState) -> None:
        """Rows 12, 13: ``tool-input-available{input}``, or ``tool-input-error`` with the raw text."""
        present, value = self.end_input(call)
        event: Event = {"toolCallId": call.id, "toolName": call.name}
        if present:
            event = {"type": "tool-input-available", **event, "input": value}
        else:
            event = {"type": "tool-input-error", **event, "input": call.input_text,
                     "errorText": INVALID_INPUT_TEXT.format(name=call.name)}
        if call.provider_executed:
            event["providerExecuted"] = True
        self.emit(event)

    def emit_tool_result(self, call_id: str, tool_name: str, result: Any, is_error: bool) -> None:
        """Row 14: ``tool-output-available{output}``; an error result as ``tool-output-error``."""
        if is_error:
            text = result if isinstance(result, str) else js_stringify(result)
            self.emit({"type": "tool-output-error", "toolCallId": call_id, "errorText": text,
                       "providerExecuted": True})
        else:
            self.emit({"type": "tool-output-available", "toolCallId": call_id, "output": result,
                       "providerExecuted": True})

    def emit_server_tool_result(self, call_id: str, tool_name: str, result: Any, is_error: bool) -> None:
        """Agent loop: a tool the adapter ran itself; its output chunk has no ``providerExecuted``, as
        ``streamText`` sends a tool with ``execute`` (ai 6.0.326 dist/index.mjs runToolsTransformation)."""
        if is_error:
            text = result if isinstance(result, str) else js_stringify(result)
            self.emit({"type": "tool-output-error", "toolCallId": call_id, "errorText": text})
        else:
            self.emit({"type": "tool-output-available", "toolCallId": call_id, "output": result})

    def emit_invalid_call_result(self, call: ToolCallState, message: str) -> None:
        """ai 6 answers a call it could not parse with ``tool-output-error`` after the ``tool-input-error``
        (ai@6.0.326 dist/index.mjs:7265 -> :9234); the stream's reader does not count it as a result."""
        self.emit({"type": "tool-output-error", "toolCallId": call.id, "errorText": message})

    def emit_step_boundary(self) -> None:
        """Agent loop: ``finish-step`` ends the model call, ``start-step`` opens the next (one per step)."""
        self.emit({"type": "finish-step"})
        self.emit({"type": "start-step"})


class UIMessageStream7ReferenceAdapter(UIMessageStreamReferenceAdapter):
    """The same adapter speaking ``ai`` 7.0.173 (``ui-message-stream@7``) where ai 7 differs.

    ``toUIMessageChunk`` (ai 7.0.173 dist/index.js 7709-7907) forwards a V4 ``custom`` part as a
    ``custom`` chunk (line 7780) and the provider's ``interrupted`` reason as it is (line 7897): the
    in-band report of an incomplete output, sent under ``missing_finish='error'`` (the declared
    choice of the references; under ``'stop'`` the run ends as a normal finish instead).

    >>> from conformance.contract import RunRequest
    >>> a = UIMessageStream7ReferenceAdapter()
    >>> a.capabilities.output
    'ui-message-stream@7'
    >>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={},
    ...                    thread_id="t", run_id="r"))
    >>> a.start()
    >>> a.feed({"type": "custom", "kind": "openai.compaction"})
    >>> [e["type"] for e in a.drain()]
    ['start', 'start-step', 'custom']
    """

    NAME: ClassVar[str] = "reference-ui-message-stream7"
    OUTPUT: ClassVar[str] = "ui-message-stream@7"

    def emit_invalid_call_result(self, call: ToolCallState, message: str) -> None:
        """ai 7 no longer streams its answer to an invalid call (7.0.173 dist/index.js:8034): nothing."""

    def on_ignored(self, part: Any) -> None:
        """Rows 1, 16: a V4 ``custom`` part becomes a ``custom`` chunk (ai 7); the rest, nothing."""
        if isinstance(part, dict) and part.get("type") == "custom" and isinstance(part.get("kind"), str):
            event: Event = {"type": "custom", "kind": part["kind"]}
            if isinstance(part.get("providerMetadata"), dict):
                event["providerMetadata"] = part["providerMetadata"]
            self.emit(event)

    def emit_run_finished(
        self, finish_reason: str | None, usage: TokenCounts | None, interrupts: list[dict[str, Any]]
    ) -> None:
        """As ai 6, but the provider's ``interrupted`` stays ``interrupted``."""
        super().emit_run_finished(finish_reason, usage, interrupts)
        last = self.state.outbox[-1]
        if (last.get("type") == "finish" and self.state.upstream_finish == "interrupted"
                and self.policies.resolved(self.OUTPUT).missing_finish == "error"):
            last["finishReason"] = "interrupted"
