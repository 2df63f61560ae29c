"""Reference AG-UI bridge: Mastra agent chunks -> AG-UI events under the bridge profile (seed 001).

The shared interpreter (:class:`~conformance.reference.core.ReferenceAdapter`, through the
AG-UI adapter) already auto-opens text on a delta, synthesises atomic calls, drops replays of
a streamed id and closes everything before RUN_FINISHED. The bridge adds (see
:mod:`conformance.bridge` for the rows):

* ``step-start`` / ``step-finish`` -> ``STEP_STARTED`` / ``STEP_FINISHED{stepName}``;
* ``TOOL_CALL_RESULT.messageId`` = ``tool-result-{toolCallId}``;
* everything open (tool calls, text, reasoning, the step) is closed before ``RUN_ERROR`` too;
* every ``RUN_ERROR`` has ``code: 'STREAM_ERROR'``.

Example:
    >>> from conformance.contract import RunRequest
    >>> a = AguiBridgeReferenceAdapter()
    >>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={},
    ...                    thread_id="t", run_id="r"))
    >>> a.start()
    >>> a.feed({"type": "step-start", "runId": "x", "from": "AGENT", "payload": {"request": {}}})
    >>> a.feed({"type": "text-delta", "runId": "x", "from": "AGENT", "payload": {"id": "0", "text": "Hi"}})
    >>> a.feed({"type": "error", "runId": "x", "from": "AGENT", "payload": {"error": {"message": "boom"}}})
    >>> [(e["type"], e.get("code")) for e in a.drain()][1:]  # doctest: +NORMALIZE_WHITESPACE
    [('STEP_STARTED', None), ('TEXT_MESSAGE_START', None), ('TEXT_MESSAGE_CONTENT', None),
     ('TEXT_MESSAGE_END', None), ('STEP_FINISHED', None), ('RUN_ERROR', 'STREAM_ERROR')]
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.bridge import ERROR_CODE, FEATURE
from conformance.contract import AdapterContext, Policies
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.values import Part
from mock_provider.scenario import FEATURES

__all__ = ["STEP_NAME", "AguiBridgeReferenceAdapter"]

STEP_NAME = "step"  # seed 001 "Step Events": STEP_STARTED{stepName: "step"}


class AguiBridgeReferenceAdapter(AguiReferenceAdapter):
    """Correct AG-UI bridge over Mastra chunks: the AG-UI reference plus the bridge profile.

    >>> AguiBridgeReferenceAdapter().capabilities.inputs, "bridge" in AguiBridgeReferenceAdapter().capabilities.features
    (['mastra'], True)
    """

    NAME: ClassVar[str] = "reference-agui-bridge"
    HANDLERS: ClassVar[dict[str, str]] = {
        **AguiReferenceAdapter.HANDLERS,
        "step-start": "on_step_start",
        "step-finish": "on_step_finish",
    }

    def __init__(
        self, ctx: AdapterContext | None = None, policies: Policies | None = None, dialect: str | None = None
    ) -> None:
        super().__init__(ctx, policies=policies, dialect=dialect)
        self.capabilities = self.capabilities.model_copy(
            update={"inputs": ["mastra"], "features": {*FEATURES, FEATURE}}
        )
        self._step_open = False

    def begin(self, request: Any) -> None:
        """A fresh run: no step open."""
        super().begin(request)
        self._step_open = False

    # ------------------------------------------------------------ reading Mastra
    def normalize_mastra(self, item: dict[str, Any]) -> Part:
        """Step chunks keep their own types (the interpreter would read step-finish as a finish)."""
        if item["type"] == "step-start":
            return {"type": "step-start"}
        if item["type"] == "step-finish":
            return {**super().normalize_mastra(item), "type": "step-finish"}
        return super().normalize_mastra(item)

    # ------------------------------------------------------------ steps
    def on_step_start(self, part: Part) -> None:
        """``step-start`` -> ``STEP_STARTED`` (a step left open is finished first)."""
        self.close_step()
        self.emit({"type": "STEP_STARTED", "stepName": STEP_NAME})
        self._step_open = True

    def on_step_finish(self, part: Part) -> None:
        """``step-finish`` -> ``STEP_FINISHED``; its reason and usage count like a finish's (last wins)."""
        self.on_finish(part)
        self.close_step()

    def close_step(self) -> None:
        """End the open step, if any."""
        if self._step_open:
            self._step_open = False
            self.emit({"type": "STEP_FINISHED", "stepName": STEP_NAME})

    def close_open(self) -> None:
        """Before any terminal: calls, text and reasoning (the interpreter), then the step."""
        super().close_open()
        self.close_step()

    # ------------------------------------------------------------ bridge conventions
    def fail_run(self, message: str, code: str | None) -> None:
        """Close what is open, then ``RUN_ERROR{code:'STREAM_ERROR'}`` (an abort keeps its policy form).

        Seed 001 closes a half-streamed call with TOOL_CALL_END too; a frontend that runs tools on
        END (as the seed's own does) must not run one that the RUN_ERROR follows.
        """
        if self.state.done:
            return
        if code == "aborted":  # policy 'run-error': nothing but the one RUN_ERROR after an abort
            super().fail_run(message, code)
            return
        self.close_open()
        super().fail_run(message, ERROR_CODE)

    def result_message_id(self, call_id: str) -> str:
        """``TOOL_CALL_RESULT{messageId: 'tool-result-{toolCallId}'}`` (role 'tool' as in AG-UI)."""
        return f"tool-result-{call_id}"
