"""The per-run state of the reference interpreter: one :class:`RunState`, one :class:`ToolCallState` per call.

>>> ToolCallState(id="call-1", name="weather", index=0).completed
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from conformance.contract import RunRequest
from conformance.reference.values import Event, TokenCounts

__all__ = ["RunState", "ToolCallState"]


@dataclass
class ToolCallState:
    """One tool call of the run, keyed by its upstream id; ``index`` is ``k`` (8.1 row 9)."""

    id: str
    name: str
    index: int
    parent_message_id: str | None = None
    provider_executed: bool = False
    started: bool = False  # START emitted (legacy: buffer opened)
    args_text: str = ""  # every argument fragment forwarded so far, concatenated
    args_sent: bool = False  # at least one ARGS fragment was emitted
    completed: bool = False  # END emitted (legacy: the tool_call chunk)
    input_complete: bool = False  # a tool-call part delivered the complete input (row 11/12)
    input_text: str = ""  # the complete input text the call was ended with
    input_ok: bool = True  # input_text parsed as JSON
    input_value: Any = None  # the parsed input (None when malformed)
    executed: bool = False  # a server tool the adapter ran itself (agent loop): not the client's call
    text_input: bool = False  # started with inputEncoding 'text' (a custom tool): the input is free text


@dataclass
class RunState:
    """Everything the interpreter remembers during one run."""

    request: RunRequest
    model: str
    outbox: list[Event] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)
    response_id: str | None = None
    # text: one open message at a time; accumulated per message and per run (legacy)
    text_id: str | None = None
    text_message: str = ""
    text_total: str = ""
    last_text_id: str | None = None
    parent_id: str | None = None  # reserved assistant message id for calls before any text
    # reasoning
    reasoning_id: str | None = None
    reasoning_message: str = ""
    reasoning_total: str = ""
    step_id: str | None = None
    # tools, approvals, finish
    calls: dict[str, ToolCallState] = field(default_factory=dict)
    approvals: list[dict[str, Any]] = field(default_factory=list)
    finish_seen: bool = False
    upstream_finish: str | None = None
    raw_finish: Any = None
    usage: TokenCounts | None = None
    # structured output: ids of the forced structured_output tool's calls (their input is the answer)
    structured_calls: dict[str, str] = field(default_factory=dict)
    # terminal bookkeeping
    done: bool = False  # terminal emitted, or the run was silently aborted
    abort_handled: bool = False
    # agent loop (conformance.reference.loop): turns ended with server tools, usage of those turns,
    # and where the current turn's text starts in text_total
    turns: int = 0
    loop_usage: TokenCounts | None = None
    turn_text_from: int = 0
    # Server-tool outcomes awaited before the turn ends (LoopMixin.await_server_results): (value, is_error).
    tool_outputs: dict[str, tuple[Any, bool]] = field(default_factory=dict)
