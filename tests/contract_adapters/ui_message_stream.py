"""An AI SDK UI message stream adapter (AI SDK V2/V3/V4 parts in, ``ai`` 6 UI message chunks out), from the docs alone.

docs/contract.md's ``ui-message-stream`` table: text, reasoning and tool input chunks keyed by id,
``tool-input-available.input`` the parsed input, ``finish.finishReason`` in the AI SDK's words; the
stream opens with ``start`` and ``start-step`` and ends with ``finish-step`` and ``finish``, also
after an ``error`` chunk (docs/matrix.md rows 8.1.0, ui.step-pairing, ui.error-then-finish). Run it
with ``pytest --adapter=tests.contract_adapters.ui_message_stream:factory``.
"""

from __future__ import annotations

import json
from typing import Any

from conformance.contract import AdapterContext, Capabilities
from tests.contract_adapters._core import (
    MALFORMED,
    Call,
    DocsAdapter,
    Event,
    Usage,
    Writer,
    base_capabilities,
)


class UiMessageWriter(Writer):
    """Each happening as UI message stream chunks."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.step_open = False

    def started(self) -> list[Event]:
        return [{"type": "start"}]

    def step_started(self) -> list[Event]:
        self.step_open = True
        return [{"type": "start-step"}]

    def step_finished(self) -> list[Event]:
        return self._end_step()

    def _end_step(self) -> list[Event]:
        if not self.step_open:
            return []
        self.step_open = False
        return [{"type": "finish-step"}]

    def text_start(self, message_id: str) -> list[Event]:
        return [{"type": "text-start", "id": message_id}]

    def text_delta(self, message_id: str, delta: str) -> list[Event]:
        return [{"type": "text-delta", "id": message_id, "delta": delta}]

    def text_end(self, message_id: str) -> list[Event]:
        return [{"type": "text-end", "id": message_id}]

    def reasoning_start(self, message_id: str) -> list[Event]:
        return [{"type": "reasoning-start", "id": message_id}]

    def reasoning_delta(self, message_id: str, delta: str) -> list[Event]:
        return [{"type": "reasoning-delta", "id": message_id, "delta": delta}]

    def reasoning_end(self, message_id: str) -> list[Event]:
        return [{"type": "reasoning-end", "id": message_id}]

    def _provider(self, call: Call) -> dict[str, Any]:
        return {"providerExecuted": True} if call.provider_executed else {}

    def tool_start(self, call: Call) -> list[Event]:
        return [{"type": "tool-input-start", "toolCallId": call.id, "toolName": call.name, **self._provider(call)}]

    def tool_args(self, call: Call, delta: str) -> list[Event]:
        return [{"type": "tool-input-delta", "toolCallId": call.id, "inputTextDelta": delta}]

    def tool_end(self, call: Call, value: Any) -> list[Event]:
        if value is MALFORMED:
            return [{"type": "tool-input-error", "toolCallId": call.id, "toolName": call.name, "input": call.text,
                     "errorText": f"Invalid JSON in the arguments of tool call {call.id}", **self._provider(call)}]
        return [{"type": "tool-input-available", "toolCallId": call.id, "toolName": call.name, "input": value,
                 **self._provider(call)}]

    def tool_result(self, call: Call, result: Any, is_error: bool) -> list[Event]:
        if is_error:
            text = result if isinstance(result, str) else json.dumps(result)  # the result as JSON text
            return [{"type": "tool-output-error", "toolCallId": call.id, "errorText": text,
                     **self._provider(call)}]
        return [{"type": "tool-output-available", "toolCallId": call.id, "output": result, **self._provider(call)}]

    def approval(self, call: Call, approval_id: str, value: Any, reason: str, usage: Usage | None) -> list[Event]:
        return [{"type": "tool-approval-request", "approvalId": approval_id, "toolCallId": call.id},
                *self.finished(reason, usage)]

    def finished(self, reason: str, usage: Usage | None) -> list[Event]:
        return [*self._end_step(), {"type": "finish", "finishReason": reason}]

    def failed(self, message: str, code: str | None) -> list[Event]:
        return [{"type": "error", "errorText": message}, *self._end_step(), {"type": "finish", "finishReason": "error"}]


class UiMessageStreamAdapter(DocsAdapter):
    """AI SDK V2/V3/V4 parts in, ``ai`` 6 UI message stream out."""

    capabilities: Capabilities = base_capabilities("contract-ui-message-stream", "ui-message-stream")
    writer = UiMessageWriter


def factory(ctx: AdapterContext) -> UiMessageStreamAdapter:
    """The ``--adapter=tests.contract_adapters.ui_message_stream:factory`` entry point."""
    return UiMessageStreamAdapter(ctx)
