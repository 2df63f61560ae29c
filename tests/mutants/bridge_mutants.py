"""Mutants of the AG-UI bridge reference adapter: each breaks one bridge-profile rule (seed 001).

They consume Mastra only, so they run over the whole corpus in the ``mastra`` dialect.
"""

from __future__ import annotations

from typing import Any

from conformance.reference.agui_bridge import AguiBridgeReferenceAdapter
from conformance.reference.core import ReferenceAdapter
from tests.mutants.base import Mutant, subclass

MASTRA = ["mastra"]


class ResultIdFresh(AguiBridgeReferenceAdapter):
    """bridge.tool-result-id broken: TOOL_CALL_RESULT gets a fresh message id (``tool-result-1``)."""

    result_message_id = ReferenceAdapter.result_message_id


class StepsIgnored(AguiBridgeReferenceAdapter):
    """bridge.steps broken: step-start / step-finish emit nothing (Mastra's steps are lost)."""

    def on_step_start(self, part: Any) -> None:
        pass

    def on_step_finish(self, part: Any) -> None:
        self.on_finish(part)


class OpenAtError(AguiBridgeReferenceAdapter):
    """bridge.close-before-error broken: RUN_ERROR{STREAM_ERROR} with calls, text and step still open."""

    def fail_run(self, message: str, code: str | None) -> None:
        ReferenceAdapter.fail_run(self, message, code if code == "aborted" else "STREAM_ERROR")


class UpstreamErrorCode(AguiBridgeReferenceAdapter):
    """bridge.error-code broken: RUN_ERROR carries the upstream code (what plain AG-UI adapters do)."""

    def fail_run(self, message: str, code: str | None) -> None:
        if self.state.done:
            return
        self.close_open()
        ReferenceAdapter.fail_run(self, message, code)


class NoAutoOpen(AguiBridgeReferenceAdapter):
    """8.4.2 broken (bridge rule 'auto-open'): a delta with no text-start is sent with no TEXT_MESSAGE_START."""

    _started_ids: set[str]

    def begin(self, request: Any) -> None:
        super().begin(request)
        self._started_ids = set()

    def on_text_start(self, part: Any) -> None:
        self._started_ids.add(str(part.get("id")))

    def emit_text_start(self, message_id: str) -> None:
        if self._pending_start:
            super().emit_text_start(message_id)

    def on_text_delta(self, part: Any) -> None:
        self._pending_start = str(part.get("id")) in self._started_ids
        super().on_text_delta(part)

    _pending_start = True


class ReplayReemitted(AguiBridgeReferenceAdapter):
    """8.1.12 broken (bridge rule 'replays dropped'): an atomic replay of a finished call is sent again."""

    def on_tool_call(self, part: Any) -> None:
        call = self.state.calls.get(str(part.get("toolCallId")))
        if call is not None and call.completed:
            call.completed = call.started = call.args_sent = False
            call.args_text = ""
        super().on_tool_call(part)


MUTANTS: list[Mutant] = [
    Mutant("bridge.result-id-fresh", "TOOL_CALL_RESULT messageId is not tool-result-{toolCallId}",
           subclass(ResultIdFresh), set(), "agui-bridge", dialects=MASTRA, should={"bridge.tool-result-id"}),
    Mutant("bridge.steps-ignored", "Mastra step-start/step-finish are dropped", subclass(StepsIgnored),
           set(), "agui-bridge", dialects=MASTRA, should={"bridge.steps"}),
    Mutant("bridge.open-at-error", "RUN_ERROR with calls, text and step still open", subclass(OpenAtError),
           set(), "agui-bridge", dialects=MASTRA, should={"bridge.close-before-error"}),
    Mutant("bridge.upstream-error-code", "RUN_ERROR code is the upstream's, not STREAM_ERROR",
           subclass(UpstreamErrorCode), set(), "agui-bridge", dialects=MASTRA, should={"bridge.error-code"}),
    Mutant("bridge.no-auto-open", "text-delta with no text-start: CONTENT with no TEXT_MESSAGE_START",
           subclass(NoAutoOpen), {"8.4.2"}, "agui-bridge", dialects=MASTRA),
    Mutant("bridge.replay-reemitted", "an atomic replay of a streamed call is emitted again",
           subclass(ReplayReemitted), {"8.1.12"}, "agui-bridge", dialects=MASTRA),
]
