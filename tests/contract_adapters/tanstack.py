"""A TanStack AI adapter (AI SDK V2/V3/V4 parts in, TanStack AI 0.58 ``StreamChunk`` events out), from the docs alone.

docs/contract.md's ``tanstack`` table: the finish reason, model and usage (``promptTokens``,
``completionTokens``, ``totalTokens``) on ``RUN_FINISHED``, the parsed input on ``TOOL_CALL_END.input``,
reasoning inside a ``thinking`` step. Run it with ``pytest --adapter=tests.contract_adapters.tanstack:factory``.
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
from tests.contract_adapters.agui import interrupt


class TanStackWriter(Writer):
    """Each happening as TanStack AI's AG-UI-shaped events."""

    loop_usage = "last-call"  # chat() reports each model call's own usage (docs/mock-provider.md)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.content: dict[str, str] = {}
        self.index = 0

    def _ids(self) -> dict[str, str]:
        return {"threadId": self.run.request.thread_id, "runId": self.run.request.run_id}

    def started(self) -> list[Event]:
        return [{"type": "RUN_STARTED", **self._ids()}]

    def text_start(self, message_id: str) -> list[Event]:
        self.content[message_id] = ""
        return [{"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"}]

    def text_delta(self, message_id: str, delta: str) -> list[Event]:
        self.content[message_id] = self.content.get(message_id, "") + delta
        return [{"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": delta,
                 "content": self.content[message_id]}]

    def text_end(self, message_id: str) -> list[Event]:
        return [{"type": "TEXT_MESSAGE_END", "messageId": message_id}]

    def reasoning_start(self, message_id: str) -> list[Event]:
        step = f"step-{message_id}"
        return [{"type": "STEP_STARTED", "stepName": step, "stepId": step, "stepType": "thinking"},
                {"type": "REASONING_START", "messageId": message_id},
                {"type": "REASONING_MESSAGE_START", "messageId": message_id, "role": "reasoning"}]

    def reasoning_delta(self, message_id: str, delta: str) -> list[Event]:
        return [{"type": "REASONING_MESSAGE_CONTENT", "messageId": message_id, "delta": delta}]

    def reasoning_end(self, message_id: str) -> list[Event]:
        step = f"step-{message_id}"
        return [{"type": "REASONING_MESSAGE_END", "messageId": message_id},
                {"type": "REASONING_END", "messageId": message_id},
                {"type": "STEP_FINISHED", "stepName": step, "stepId": step}]

    def tool_start(self, call: Call) -> list[Event]:
        event: Event = {"type": "TOOL_CALL_START", "toolCallId": call.id, "toolCallName": call.name,
                        "toolName": call.name, "index": self.index}
        self.index += 1
        return [event]

    def tool_args(self, call: Call, delta: str) -> list[Event]:
        return [{"type": "TOOL_CALL_ARGS", "toolCallId": call.id, "delta": delta}]

    def tool_end(self, call: Call, value: Any) -> list[Event]:
        event: Event = {"type": "TOOL_CALL_END", "toolCallId": call.id}
        if value is not MALFORMED:  # raw policy: a malformed call's END carries no input
            event["input"] = value
        return [event]

    def tool_result(self, call: Call, result: Any, is_error: bool) -> list[Event]:
        event: Event = {"type": "TOOL_CALL_RESULT", "messageId": self.run.mint("result"), "toolCallId": call.id,
                        "content": result if isinstance(result, str) else json.dumps(result), "role": "tool"}
        if is_error:
            event["metadata"] = {"tanstack": {"state": "output-error"}}
        return [event]

    def approval(self, call: Call, approval_id: str, value: Any, reason: str, usage: Usage | None) -> list[Event]:
        [event] = self.finished(reason, usage)
        event["outcome"] = interrupt(call, approval_id, value)
        return [event]

    def finished(self, reason: str, usage: Usage | None) -> list[Event]:
        event: Event = {"type": "RUN_FINISHED", **self._ids(), "finishReason": reason, "model": self.run.model}
        if usage is not None:
            counts: dict[str, Any] = {"promptTokens": usage.input or 0, "completionTokens": usage.output or 0,
                                      "totalTokens": usage.total}
            if usage.reasoning is not None:
                counts["completionTokensDetails"] = {"reasoningTokens": usage.reasoning}
            if usage.cache_read is not None or usage.cache_write is not None:
                details: dict[str, int] = {}
                if usage.cache_read is not None:
                    details["cachedTokens"] = usage.cache_read
                if usage.cache_write is not None:
                    details["cacheWriteTokens"] = usage.cache_write
                counts["promptTokensDetails"] = details
            event["usage"] = counts
        return [event]

    def structured_start(self, message_id: str) -> list[Event]:
        return [{"type": "CUSTOM", "name": "structured-output.start", "value": {"messageId": message_id}}]

    def structured(self, value: Any, raw: str) -> list[Event]:
        return [{"type": "CUSTOM", "name": "structured-output.complete", "value": {"object": value, "raw": raw}}]

    def failed(self, message: str, code: str | None) -> list[Event]:
        error: dict[str, str] = {"message": message}
        if code is not None:
            error["code"] = code
        return [{"type": "RUN_ERROR", **error, "error": error, "model": self.run.model}]


class TanStackAdapter(DocsAdapter):
    """AI SDK V2/V3/V4 parts in, TanStack AI events out."""

    capabilities = base_capabilities("contract-tanstack", "tanstack")
    writer = TanStackWriter


def factory(ctx: AdapterContext) -> TanStackAdapter:
    """The ``--adapter=tests.contract_adapters.tanstack:factory`` entry point."""
    return TanStackAdapter(ctx)
