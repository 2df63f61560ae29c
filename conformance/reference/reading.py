"""Reading the upstream: one raw item of any dialect -> an AI-SDK-shaped part (spec 5.1-5.3 in reverse).

AI SDK ``v2``/``v3``/``v4`` stream parts pass through; Mastra chunks (fields in ``payload``) are
rewritten into the same part shapes, so the handlers read one form.

>>> ReadingMixin(dialect="mastra").normalize({"type": "text-delta", "payload": {"id": "1", "text": "Hi"}})
{'type': 'text-delta', 'id': '1', 'delta': 'Hi'}
"""

from __future__ import annotations

from typing import Any

from conformance.reference.base import AdapterBase
from conformance.reference.values import Part, dig, js_stringify

__all__ = ["ReadingMixin"]


class ReadingMixin(AdapterBase):
    """Dialect reading: Mastra chunks become AI SDK parts; anything that is not a part reads as None.

    >>> ReadingMixin(dialect="v3").normalize("not a part") is None
    True
    """

    def is_mastra(self, item: dict[str, Any]) -> bool:
        """Mastra chunks wrap their fields in ``payload`` (5.1); AI SDK parts never do."""
        shape = self.input_shape()
        return (shape is not None and shape.envelope) or (isinstance(item.get("payload"), dict) and "from" in item)

    def normalize(self, item: Any) -> Part | None:
        """One raw item -> an AI-SDK-shaped part dict (None for non-parts)."""
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            return None
        if self.is_mastra(item):
            return self.normalize_mastra(item)
        return item

    def normalize_mastra(self, item: dict[str, Any]) -> Part:
        """Mastra chunk -> AI SDK part (5.2/5.3 in reverse); unknown chunk types are ignored."""
        t = item["type"]
        p = item.get("payload") if isinstance(item.get("payload"), dict) else {}
        assert isinstance(p, dict)
        if t in ("text-start", "text-end", "reasoning-start", "reasoning-end"):
            return {"type": t, "id": p.get("id")}
        if t in ("text-delta", "reasoning-delta"):
            return {"type": t, "id": p.get("id"), "delta": p.get("text", "")}
        if t == "tool-call-input-streaming-start":
            return {
                "type": "tool-input-start",
                "id": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "providerExecuted": p.get("providerExecuted"),
            }
        if t == "tool-call-delta":
            return {
                "type": "tool-input-delta",
                "id": p.get("toolCallId"),
                "delta": p.get("argsTextDelta", ""),
                "toolName": p.get("toolName"),
            }
        if t == "tool-call-input-streaming-end":
            return {"type": "tool-input-end", "id": p.get("toolCallId")}
        if t == "tool-call":
            args = p.get("args")
            # Row 12: Mastra parsed the input; JSON.stringify(args) is the input text. Absent
            # args means Mastra could not parse it (row 13): input None = "use what streamed".
            return {
                "type": "tool-call",
                "toolCallId": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "input": js_stringify(args) if args is not None else None,
                "providerExecuted": p.get("providerExecuted"),
            }
        if t == "tool-call-approval":
            return {
                "type": "tool-approval-request",
                # The 1.71.0 payload has no approval id; fall back to the call id (row 15).
                "approvalId": p.get("approvalId") or p.get("id") or p.get("toolCallId"),
                "toolCallId": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "input": p.get("args"),
            }
        if t == "tool-result":
            return {
                "type": "tool-result",
                "toolCallId": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "result": p.get("result"),
                "isError": p.get("isError"),
                "preliminary": p.get("preliminary"),
                "providerExecuted": p.get("providerExecuted"),
            }
        if t == "tool-output":
            # Output a tool streams before its result: the preliminary result of the call (row 14 POLICY).
            return {
                "type": "tool-result",
                "toolCallId": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "result": p.get("output"),
                "preliminary": True,
            }
        if t == "tool-error":
            # The tool threw: its error is the call's result (row 14), as streamText's tool-error is.
            return {
                "type": "tool-result",
                "toolCallId": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "result": p.get("error"),
                "isError": True,
                "providerExecuted": p.get("providerExecuted"),
            }
        if t in ("finish", "step-finish"):
            output = p.get("output") if isinstance(p.get("output"), dict) else {}
            assert isinstance(output, dict)
            return {
                "type": "finish",
                "finishReason": dig(p, "stepResult", "reason"),
                "rawFinishReason": dig(p, "stepResult", "rawReason"),
                "usage": output.get("usage", p.get("totalUsage")),
            }
        if t == "error":
            return {"type": "error", "error": p.get("error", p)}
        if t == "response-metadata":
            return {**p, "type": "response-metadata"}
        # Every other chunk (tool-call-suspended, tool-output-denied, reasoning-signature, redacted-reasoning,
        # abort, object, object-result, data-*, tripwire ...) changes nothing the output protocols carry.
        return {"type": f"mastra:{t}"}
