"""The ground floor of the reference interpreter: the run state, the outbox, ids and the emit hooks.

Every concern mixin (:mod:`~conformance.reference.request`, :mod:`~conformance.reference.reading`,
:mod:`~conformance.reference.text`, :mod:`~conformance.reference.structured_output`,
:mod:`~conformance.reference.tools`, :mod:`~conformance.reference.finish`,
:mod:`~conformance.reference.errors`) builds on :class:`AdapterBase`; the protocol modules
(:mod:`~conformance.reference.agui`, :mod:`~conformance.reference.tanstack`, ...) implement its
``emit_*`` hooks.

>>> from conformance.contract import RunRequest
>>> a = AdapterBase()
>>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={}, thread_id="t", run_id="r"))
>>> a.message_id(), a.message_id(), a.reasoning_id()
('msg-1', 'msg-2', 'reasoning-1')
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.contract import AdapterContext, Capabilities, Policies, RunRequest
from conformance.reference.state import RunState, ToolCallState
from conformance.reference.values import ALL_PART_DIALECTS, Event, TokenCounts
from mock_provider.dialects import REGISTRY as DIALECT_NAMES
from mock_provider.dialects import Dialect
from mock_provider.dialects import dialect as registered_dialect

__all__ = ["AdapterBase"]


class AdapterBase:
    """Run state, outbox, ids and the protocol hooks shared by every concern of the interpreter.

    >>> AdapterBase().capabilities.inputs
    ['v2', 'v3', 'v4', 'mastra']
    """

    NAME: ClassVar[str] = "reference"
    OUTPUT: ClassVar[str] = "ag-ui"

    def __init__(
        self, ctx: AdapterContext | None = None, policies: Policies | None = None, dialect: str | None = None
    ) -> None:
        self.ctx = ctx
        self.dialect = dialect if dialect is not None else (ctx.dialect if ctx is not None else None)
        self.capabilities = Capabilities(
            name=self.NAME,
            inputs=list(ALL_PART_DIALECTS),
            output=self.OUTPUT,  # type: ignore[arg-type]
            policies=_recommended(policies if policies is not None else Policies()),
        )
        self._state: RunState | None = None

    def input_shape(self) -> Dialect | None:
        """The registry's description of the dialect this adapter reads (None: a probe, or not a dialect)."""
        if self.dialect not in DIALECT_NAMES:
            return None
        return registered_dialect(self.dialect)

    @property
    def policies(self) -> Policies:
        """The declared POLICY choices (the same object the suite grades against)."""
        return self.capabilities.policies

    @property
    def state(self) -> RunState:
        """The current run's state (``begin`` must have been called)."""
        if self._state is None:
            raise RuntimeError("begin(request) was not called")
        return self._state

    # ------------------------------------------------------------ run lifecycle (sans-IO)
    def begin(self, request: RunRequest) -> None:
        """Reset the per-run state for one request (model defaults to ``request.model``, 8.1 row 2)."""
        self._state = RunState(request=request, model=request.model)

    def drain(self) -> list[Event]:
        """Take every event produced so far."""
        out, self.state.outbox = self.state.outbox, []
        return out

    def emit(self, event: Event) -> None:
        """Queue one output event."""
        self.state.outbox.append(event)

    def fail_run(self, message: str, code: str | None) -> None:
        """Exactly one terminal error event and nothing after it (rows 17, 20, 21)."""
        if self.state.done:
            return
        self.emit_run_error(message, code)
        self.state.done = True

    # ------------------------------------------------------------ structured-output switches
    # Here, not in structured_output.py: opening a text message already asks them.
    def structured(self) -> bool:
        """Is this a structured-output run (the caller gave an output schema)?"""
        return self.state.request.output_schema is not None

    def structured_mode(self) -> str:
        """How the provider supports structured output: 'native', 'tool' or 'instruction'."""
        return str(getattr(self.state.request, "structured_mode", "native") or "native")

    # ------------------------------------------------------------ ids
    def new_id(self, prefix: str) -> str:
        """A deterministic per-run id ``<prefix>-<n>``; provider block ids are never reused."""
        n = self.state.counters.get(prefix, 0) + 1
        self.state.counters[prefix] = n
        return f"{prefix}-{n}"

    def message_id(self) -> str:
        """A fresh assistant message id for each text message (row 3, hygiene.unique-message-ids)."""
        return self.new_id("msg")

    def reasoning_id(self) -> str:
        """A fresh reasoning message id (rows 6-8)."""
        return self.new_id("reasoning")

    def result_message_id(self, call_id: str) -> str:
        """A fresh message id for each TOOL_CALL_RESULT (row 14); ``call_id`` is the call it answers."""
        return self.new_id("tool-result")

    # ------------------------------------------------------------ emit hooks (protocols)
    def emit_run_started(self) -> None:
        raise NotImplementedError

    def emit_text_start(self, message_id: str) -> None:
        raise NotImplementedError

    def emit_text_content(self, message_id: str, delta: str) -> None:
        raise NotImplementedError

    def emit_text_end(self, message_id: str) -> None:
        raise NotImplementedError

    def emit_reasoning_start(self, message_id: str) -> None:
        raise NotImplementedError

    def emit_reasoning_content(self, message_id: str, delta: str) -> None:
        raise NotImplementedError

    def emit_reasoning_end(self, message_id: str) -> None:
        raise NotImplementedError

    def emit_tool_start(self, call: ToolCallState) -> None:
        raise NotImplementedError

    def emit_tool_args(self, call: ToolCallState, delta: str) -> None:
        raise NotImplementedError

    def emit_tool_end(self, call: ToolCallState) -> None:
        raise NotImplementedError

    def emit_tool_result(self, call_id: str, tool_name: str, result: Any, is_error: bool) -> None:
        raise NotImplementedError

    def emit_run_finished(
        self, finish_reason: str | None, usage: TokenCounts | None, interrupts: list[dict[str, Any]]
    ) -> None:
        raise NotImplementedError

    def emit_run_error(self, message: str, code: str | None) -> None:
        raise NotImplementedError

    def emit_run_cancelled(self) -> None:
        """Abort POLICY 'cancelled'; protocols without a cancelled form emit nothing."""

    def emit_structured_start(self, message_id: str) -> None:
        """``CUSTOM structured-output.start{messageId}``; protocols without the event emit nothing."""

    def emit_structured_complete(self, message_id: str | None, data: Any, raw: str) -> None:
        """``CUSTOM structured-output.complete{object, raw}``; protocols without the event emit nothing."""


def _recommended(policies: Policies) -> Policies:
    """The references declare the recommended ``missing_finish: error`` unless told otherwise (the
    protocol default 'stop' is TanStack's choice, conformant but non-strict; docs/adapters.md "POLICY choices").

    >>> _recommended(Policies()).missing_finish, _recommended(Policies(missing_finish="stop")).missing_finish
    ('error', 'stop')
    """
    if policies.missing_finish is not None:
        return policies
    return policies.model_copy(update={"missing_finish": "error"})
