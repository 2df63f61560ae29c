"""The sans-IO reference interpreter: every concern mixin composed, plus the run lifecycle.

:class:`Interpreter` dispatches each normalized part to its handler (``HANDLERS``), ends the run
exactly once (``finish_run`` / ``fail_run``) and applies the abort POLICY (``on_abort``). It never
awaits; :class:`~conformance.reference.core.ReferenceAdapter` adds the async driver.

>>> Interpreter.HANDLERS["finish"]
'on_finish'
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.contract import RunRequest
from conformance.reference.errors import ErrorsMixin
from conformance.reference.finish import FinishMixin
from conformance.reference.loop import LoopMixin
from conformance.reference.reading import ReadingMixin
from conformance.reference.request import RequestMixin
from conformance.reference.tools import ToolsMixin
from conformance.reference.values import ABORT_MESSAGE, GENERIC_ERROR_MESSAGE, MISSING_FINISH_MESSAGE, Part

__all__ = ["Interpreter"]


class Interpreter(LoopMixin, ToolsMixin, FinishMixin, ErrorsMixin, ReadingMixin, RequestMixin):
    """Every rule of section 8 as one small method; the lifecycle that calls them in order.

    >>> sorted(set(Interpreter.HANDLERS.values()))[:3]
    ['on_approval_request', 'on_error_part', 'on_finish']
    """

    # Part type -> handler method. Types not listed (file, source, custom, raw, ping,
    # stream-start, reasoning-file, future types) go to on_ignored (8.1 rows 1, 16).
    HANDLERS: ClassVar[dict[str, str]] = {
        "response-metadata": "on_response_metadata",
        "text-start": "on_text_start",
        "text-delta": "on_text_delta",
        "text-end": "on_text_end",
        "reasoning-start": "on_reasoning_start",
        "reasoning-delta": "on_reasoning_delta",
        "reasoning-end": "on_reasoning_end",
        "tool-input-start": "on_tool_input_start",
        "tool-input-delta": "on_tool_input_delta",
        "tool-input-end": "on_tool_input_end",
        "tool-call": "on_tool_call",
        "tool-result": "on_tool_result",
        "tool-approval-request": "on_approval_request",
        "finish": "on_finish",
        "error": "on_error_part",
    }

    def start(self) -> None:
        """Row 0: the run starts before the upstream is called."""
        self.emit_run_started()

    def feed(self, item: Any) -> None:
        """Interpret one raw upstream item (any dialect); events go to the outbox."""
        if self.state.done:
            return  # row 17/18: nothing after the terminal event
        part = self.normalize(item)
        if part is None:
            self.on_ignored(item)
            return
        handler = self.HANDLERS.get(part["type"])
        if handler is None:
            self.on_ignored(part)
        else:
            getattr(self, handler)(part)

    def end_of_stream(self) -> None:
        """The upstream iterator ended: finish the run (rows 18-20, 8.2 ``error``)."""
        if self.state.done:
            return
        if self.state.upstream_finish == "error":
            # 8.2: an `error` finish is no finish; without an error part, say so generically.
            self.fail_run(GENERIC_ERROR_MESSAGE, None)
            return
        if not self.state.finish_seen and self.missing_finish_is_error():
            # Row 19 POLICY 'error': a truncated upstream is not reported as a success.
            self.fail_run(MISSING_FINISH_MESSAGE, None)
            return
        self.finish_run()

    def finish_run(self) -> None:
        """Close everything open, then exactly one terminal success event (row 18)."""
        if self.state.done:
            return
        self.close_open()
        if self.structured() and not self.complete_structured():
            return
        self.emit_run_finished(self.final_finish_reason(), self.final_usage(), self.approval_interrupts())
        self.state.done = True

    def request_failed(self, exc: BaseException) -> None:
        """``do_stream`` raised before any part (row 21), or was aborted (row 22)."""
        if self.is_abort_exception(exc) or self.abort_requested(self.state.request):
            self.on_abort()
        else:
            self.fail_run(self.exception_message(exc), self.exception_code(exc))

    def stream_failed(self, exc: BaseException) -> None:
        """Iterating the upstream raised mid-stream (disconnect, AbortError, anything)."""
        self.request_failed(exc)

    def on_abort(self) -> None:
        """Row 22 POLICY: 'silent' emits nothing more; 'run-error' / 'cancelled' one terminal."""
        st = self.state
        if st.abort_handled:
            return
        st.abort_handled = True
        if st.done:
            # The run ended before the abort was seen; its terminal is still queued. Silent
            # means nothing more reaches the caller; otherwise that terminal stands.
            if self.policies.abort == "silent":
                st.outbox.clear()
            return
        st.outbox.clear()  # nothing queued after the abort reaches the caller
        if self.policies.abort == "run-error":
            self.fail_run(ABORT_MESSAGE, "aborted")
        elif self.policies.abort == "cancelled":
            self.close_open()  # RUN_FINISHED is rejected while anything is open (3.5 rule 6)
            self.emit_run_cancelled()
        st.done = True

    def abort_in_tools(self, turn: RunRequest) -> list[RunRequest]:
        """Row loop.abort-stops: the caller aborted while this turn's server tools ran. The run ends as the
        abort policy says (row 22) and no further model call is made: no next turn is returned."""
        self.on_abort()
        return []

    def abort_requested(self, request: RunRequest) -> bool:
        """Row 22: has the caller aborted? Checked after every upstream item and before every yield."""
        return bool(request.abort is not None and request.abort.aborted)

    def on_ignored(self, part: Any) -> None:
        """Rows 1, 16: stream-start, file, source, custom, raw, ping, unknown: nothing, never terminal."""

    def on_response_metadata(self, part: Part) -> None:
        """Row 2: ``modelId`` becomes the reported model; ``id`` the legacy chunk id."""
        if isinstance(part.get("modelId"), str) and part["modelId"]:
            self.state.model = part["modelId"]
        if isinstance(part.get("id"), str) and part["id"]:
            self.state.response_id = part["id"]
