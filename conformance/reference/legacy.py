"""Reference adapter: upstream parts -> legacy TanStack chunks (era A, ``@tanstack/ai`` <= 0.2.2).

Chunks per spec-reference 4.7 and the legacy column of 8.1: every chunk carries
``{type, id, model, timestamp}``; ``content``/``thinking`` carry the *accumulated* text;
one ``tool_call`` per call with complete ``arguments`` once its input is final; ``tool_result``;
``approval-requested`` after that call's ``tool_call``; then exactly one ``done`` last, or an
``error`` and no ``done``. RUN_* lifecycle events have no legacy counterpart.

Example:
    >>> from conformance.contract import RunRequest
    >>> a = LegacyReferenceAdapter()
    >>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={},
    ...                    thread_id="t", run_id="r"))
    >>> a.start()
    >>> for d in ("He", "llo"):
    ...     a.feed({"type": "text-delta", "id": "0", "delta": d})
    >>> a.feed({"type": "finish", "finishReason": {"unified": "stop", "raw": "stop"}})
    >>> a.end_of_stream()
    >>> [(c["type"], c.get("content"), c.get("finishReason")) for c in a.drain()]
    [('content', 'He', None), ('content', 'Hello', None), ('done', None, 'stop')]
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.reference.core import ReferenceAdapter
from conformance.reference.state import ToolCallState
from conformance.reference.values import TIMESTAMP_BASE, Event, TokenCounts, js_stringify

__all__ = ["LegacyReferenceAdapter"]


class LegacyReferenceAdapter(ReferenceAdapter):
    """Correct legacy-chunk adapter for v2/v3/v4/mastra upstreams.

    >>> LegacyReferenceAdapter().capabilities.output
    'tanstack-legacy'
    """

    NAME: ClassVar[str] = "reference-legacy"
    OUTPUT: ClassVar[str] = "tanstack-legacy"

    # ------------------------------------------------------------ chunk envelope
    def chunk_id(self) -> str:
        """Row 2: the response-metadata id when the upstream gave one, else the run id."""
        return self.state.response_id or self.state.request.run_id

    def timestamp(self) -> int:
        """A deterministic integer clock: fixed start + one tick per chunk (snapshot-stable)."""
        tick = self.state.counters.get("__clock", 0)
        self.state.counters["__clock"] = tick + 1
        return TIMESTAMP_BASE + tick

    def chunk(self, kind: str, **fields: Any) -> None:
        """Emit one chunk with the required ``id``, ``model``, ``timestamp`` (8.4 legacy rule 1)."""
        envelope = {"type": kind, "id": self.chunk_id(), "model": self.state.model}
        self.emit({**envelope, "timestamp": self.timestamp(), **fields})

    # ------------------------------------------------------------ no legacy counterpart
    def emit_run_started(self) -> None:
        """Row 0 has no legacy chunk."""

    def emit_text_start(self, message_id: str) -> None:
        """Row 3: none."""

    def emit_text_end(self, message_id: str) -> None:
        """Row 5: none."""

    def emit_reasoning_start(self, message_id: str) -> None:
        """Row 6: none."""

    def emit_reasoning_end(self, message_id: str) -> None:
        """Row 8: none."""

    def emit_tool_start(self, call: ToolCallState) -> None:
        """Row 9: none (the buffer is opened and ``k`` assigned by the core)."""

    def emit_tool_args(self, call: ToolCallState, delta: str) -> None:
        """Row 10: none (fragments are buffered; ``arguments`` goes out complete, row 12)."""

    # ------------------------------------------------------------ content
    def emit_text_content(self, message_id: str, delta: str) -> None:
        """Row 4: ``content{delta, content: acc(text), role}``; acc is per run (monotonic, 8.4)."""
        self.chunk("content", delta=delta, content=self.state.text_total, role="assistant")

    def emit_reasoning_content(self, message_id: str, delta: str) -> None:
        """Row 7: ``thinking{delta, content: acc(reasoning)}``."""
        self.chunk("thinking", delta=delta, content=self.state.reasoning_total)

    def tool_arguments(self, call: ToolCallState) -> str:
        """Row 12/13: the complete input text, ``'{}'`` when empty; malformed per POLICY."""
        if not call.input_ok and self.policies.malformed_args == "empty-object":
            return "{}"
        return call.input_text or "{}"

    def emit_tool_end(self, call: ToolCallState) -> None:
        """Row 12: exactly one ``tool_call`` per call, with complete arguments and ``index`` = k."""
        self.chunk(
            "tool_call",
            toolCall={
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": self.tool_arguments(call)},
            },
            index=call.index,
        )

    def emit_tool_result(self, call_id: str, tool_name: str, result: Any, is_error: bool) -> None:
        """Row 14: ``tool_result{toolCallId, content: JSON.stringify(result)}``."""
        self.chunk("tool_result", toolCallId=call_id, content=js_stringify(result))

    # ------------------------------------------------------------ terminal
    def emit_run_finished(
        self, finish_reason: str | None, usage: TokenCounts | None, interrupts: list[dict[str, Any]]
    ) -> None:
        """Row 15: ``approval-requested`` after every ``tool_call``; row 18: one ``done`` last."""
        for interrupt in interrupts:
            meta = interrupt["metadata"]
            self.chunk(
                "approval-requested",
                toolCallId=interrupt["toolCallId"],
                toolName=meta["toolName"],
                input=meta["input"],
                approval={"id": interrupt["id"], "needsApproval": True},
            )
        fields: dict[str, Any] = {"finishReason": finish_reason}
        if usage is not None:
            prompt, completion = usage.get("inputTokens", 0), usage.get("outputTokens", 0)
            fields["usage"] = {
                "promptTokens": prompt,
                "completionTokens": completion,
                "totalTokens": usage.get("totalTokens", prompt + completion),
            }
        self.chunk("done", **fields)

    def emit_run_error(self, message: str, code: str | None) -> None:
        """Rows 17, 21: ``error{error:{message, code?}}`` and no ``done``."""
        error: Event = {"message": message}
        if code is not None:
            error["code"] = code
        self.chunk("error", error=error)

    def on_abort(self) -> None:
        """Row 22 legacy column: stop with no ``error`` chunk ('silent', the default).

        A declared 'run-error' policy still gets its ``error{code:'aborted'}`` chunk (the
        declared choice is what the suite grades); 'cancelled' has no legacy form (the policy
        is AG-UI only), so it degrades to 'silent'.
        """
        if self.policies.abort == "run-error":
            super().on_abort()
            return
        st = self.state
        if st.abort_handled:
            return
        st.abort_handled = True
        st.outbox.clear()
        st.done = True
