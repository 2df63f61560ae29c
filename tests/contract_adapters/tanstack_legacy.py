"""A legacy TanStack AI adapter (AI SDK V2/V3/V4 parts in, TanStack AI 0.0.x-0.2.x chunks out), from the docs alone.

docs/contract.md's ``tanstack-legacy`` table: ``content`` and ``thinking`` chunks carry the delta and
the cumulative text, a ``tool_call`` chunk the complete argument text once the call is complete,
``done`` the finish reason and usage, ``error`` the error, and every chunk ``id``, ``model`` and
``timestamp``. Run it with ``pytest --adapter=tests.contract_adapters.tanstack_legacy:factory``.
"""

from __future__ import annotations

import json
import time
from typing import Any

from conformance.contract import AdapterContext
from tests.contract_adapters._core import Call, DocsAdapter, Event, Usage, Writer, base_capabilities


class LegacyWriter(Writer):
    """Each happening as legacy TanStack chunks (no starts or ends: text and thinking are cumulative)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.text = ""
        self.thinking = ""
        self.indexes: dict[str, int] = {}  # call id -> its index, in first-appearance order (row 8.1.9)

    def _chunk(self, kind: str, **fields: Any) -> Event:
        return {"type": kind, "id": self.run.response_id or self.run.request.run_id, "model": self.run.model,
                "timestamp": int(time.time() * 1000), **fields}

    def text_delta(self, message_id: str, delta: str) -> list[Event]:
        self.text += delta
        return [self._chunk("content", delta=delta, content=self.text, role="assistant")]

    def reasoning_delta(self, message_id: str, delta: str) -> list[Event]:
        self.thinking += delta
        return [self._chunk("thinking", delta=delta, content=self.thinking)]

    def tool_start(self, call: Call) -> list[Event]:
        self.indexes.setdefault(call.id, len(self.indexes))
        return []

    def tool_end(self, call: Call, value: Any) -> list[Event]:
        # The complete argument text, as the model sent it (raw when it does not parse: POLICY raw).
        return [self._chunk("tool_call", toolCall={"id": call.id, "type": "function",
                                                   "function": {"name": call.name, "arguments": call.text or "{}"}},
                            index=self.indexes.setdefault(call.id, len(self.indexes)))]

    def tool_result(self, call: Call, result: Any, is_error: bool) -> list[Event]:
        return [self._chunk("tool_result", toolCallId=call.id,
                            content=result if isinstance(result, str) else json.dumps(result))]

    def approval(self, call: Call, approval_id: str, value: Any, reason: str, usage: Usage | None) -> list[Event]:
        return [self._chunk("approval-requested", toolCallId=call.id, toolName=call.name, input=value,
                            approval={"id": approval_id, "needsApproval": True}),
                *self.finished(reason, usage)]

    def finished(self, reason: str, usage: Usage | None) -> list[Event]:
        fields: dict[str, Any] = {"finishReason": reason}
        if usage is not None:
            fields["usage"] = {"promptTokens": usage.input or 0, "completionTokens": usage.output or 0,
                               "totalTokens": usage.total}
        return [self._chunk("done", **fields)]

    def failed(self, message: str, code: str | None) -> list[Event]:
        error: dict[str, str] = {"message": message}
        if code is not None:
            error["code"] = code
        return [self._chunk("error", error=error)]


class LegacyAdapter(DocsAdapter):
    """AI SDK V2/V3/V4 parts in, legacy TanStack chunks out."""

    capabilities = base_capabilities("contract-tanstack-legacy", "tanstack-legacy")
    writer = LegacyWriter


def factory(ctx: AdapterContext) -> LegacyAdapter:
    """The ``--adapter=tests.contract_adapters.tanstack_legacy:factory`` entry point."""
    return LegacyAdapter(ctx)
