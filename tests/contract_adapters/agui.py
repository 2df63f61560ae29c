"""An AG-UI adapter (AI SDK V2/V3/V4 parts in, AG-UI 1.0 events out in TanStack's wire form), from the docs alone.

Field by field as docs/contract.md's ``ag-ui`` table shows: the finish reason and model under
``RUN_FINISHED.metadata.tanstack``, usage as a list of AG-UI ``TokenUsage``, the parsed input on
``TOOL_CALL_END.metadata.tanstack.input``. Run it with
``pytest --adapter=tests.contract_adapters.agui:factory``.
"""

from __future__ import annotations

import json
from typing import Any

from conformance.contract import AdapterContext
from tests.contract_adapters._core import (
    MALFORMED,
    Call,
    DocsAdapter,
    Event,
    Usage,
    Writer,
    base_capabilities,
)


def interrupt(call: Call, approval_id: str, value: Any) -> dict[str, Any]:
    """``RUN_FINISHED.outcome`` for a run that waits for the caller's approval of ``call``."""
    return {"type": "interrupt", "interrupts": [{
        "id": approval_id, "reason": "tool_call", "toolCallId": call.id,
        "message": f"Approval required to run {call.name}",
        "metadata": {"kind": "approval", "toolName": call.name, "input": None if value is MALFORMED else value}}]}


class AgUiWriter(Writer):
    """Each happening as AG-UI events."""

    def _ids(self) -> dict[str, str]:
        return {"threadId": self.run.request.thread_id, "runId": self.run.request.run_id}

    def started(self) -> list[Event]:
        return [{"type": "RUN_STARTED", **self._ids()}]

    def text_start(self, message_id: str) -> list[Event]:
        return [{"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"}]

    def text_delta(self, message_id: str, delta: str) -> list[Event]:
        return [{"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": delta}]

    def text_end(self, message_id: str) -> list[Event]:
        return [{"type": "TEXT_MESSAGE_END", "messageId": message_id}]

    def reasoning_start(self, message_id: str) -> list[Event]:
        return [{"type": "REASONING_START", "messageId": message_id},
                {"type": "REASONING_MESSAGE_START", "messageId": message_id, "role": "reasoning"}]

    def reasoning_delta(self, message_id: str, delta: str) -> list[Event]:
        return [{"type": "REASONING_MESSAGE_CONTENT", "messageId": message_id, "delta": delta}]

    def reasoning_end(self, message_id: str) -> list[Event]:
        return [{"type": "REASONING_MESSAGE_END", "messageId": message_id},
                {"type": "REASONING_END", "messageId": message_id}]

    def tool_start(self, call: Call) -> list[Event]:
        return [{"type": "TOOL_CALL_START", "toolCallId": call.id, "toolCallName": call.name}]

    def tool_args(self, call: Call, delta: str) -> list[Event]:
        return [{"type": "TOOL_CALL_ARGS", "toolCallId": call.id, "delta": delta}]

    def tool_end(self, call: Call, value: Any) -> list[Event]:
        event: Event = {"type": "TOOL_CALL_END", "toolCallId": call.id}
        if value is not MALFORMED:  # raw policy: a malformed call's END carries no input
            event["metadata"] = {"tanstack": {"input": value}}
        return [event]

    def tool_result(self, call: Call, result: Any, is_error: bool) -> list[Event]:
        event: Event = {"type": "TOOL_CALL_RESULT", "messageId": self.run.mint("result"), "toolCallId": call.id,
                        "content": result if isinstance(result, str) else json.dumps(result), "role": "tool"}
        if is_error:
            event["metadata"] = {"tanstack": {"state": "output-error"}}
        return [event]

    def approval(self, call: Call, approval_id: str, value: Any, reason: str, usage: Usage | None) -> list[Event]:
        event = self._finished(reason, usage)
        event["outcome"] = interrupt(call, approval_id, value)
        return [event]

    def _finished(self, reason: str, usage: Usage | None) -> Event:
        event: Event = {"type": "RUN_FINISHED", **self._ids(),
                        "metadata": {"tanstack": {"finishReason": reason, "model": self.run.model}}}
        if usage is not None:
            counts = {"inputTokens": usage.input or 0, "outputTokens": usage.output or 0,
                      "totalTokens": usage.total}
            if usage.reasoning is not None:
                counts["reasoningTokens"] = usage.reasoning
            if usage.cache_read is not None:
                counts["cachedInputTokens"] = usage.cache_read
            if usage.cache_write is not None:
                counts["cacheWriteInputTokens"] = usage.cache_write
            event["usage"] = [counts]
        return event

    def finished(self, reason: str, usage: Usage | None) -> list[Event]:
        return [self._finished(reason, usage)]

    def structured_start(self, message_id: str) -> list[Event]:
        return [{"type": "CUSTOM", "name": "structured-output.start", "value": {"messageId": message_id}}]

    def structured(self, value: Any, raw: str) -> list[Event]:
        return [{"type": "CUSTOM", "name": "structured-output.complete", "value": {"object": value, "raw": raw}}]

    def failed(self, message: str, code: str | None) -> list[Event]:
        event: Event = {"type": "RUN_ERROR", "message": message, "metadata": {"tanstack": {"model": self.run.model}}}
        if code is not None:
            event["code"] = code
        return [event]


class AgUiAdapter(DocsAdapter):
    """AI SDK V2/V3/V4 parts in, AG-UI events out."""

    capabilities = base_capabilities("contract-agui", "ag-ui")
    writer = AgUiWriter


def factory(ctx: AdapterContext) -> AgUiAdapter:
    """The ``--adapter=tests.contract_adapters.agui:factory`` entry point."""
    return AgUiAdapter(ctx)
