"""AG-UI 1.0 events as on the wire (TanStack's wire form): schema, lifecycle table, extraction.

TanStack's extras travel under ``metadata.tanstack`` (``finishReason``, ``model``, ``input`` on
``TOOL_CALL_END``, ``state`` on ``TOOL_CALL_RESULT``); usage is ``RUN_FINISHED.usage``, a list
of AG-UI ``TokenUsage`` (spec-reference 3.2, 4.2).

The lifecycle is one data table, :data:`TABLE` (:data:`EVENTS` names each event's entity and
operation, :data:`ENTITIES` what each entity is keyed by and which row an unclosed one breaks,
:data:`RUN_PHASES` and :data:`ENTITY_TRANSITIONS` are the two state machines), run by the one
interpreter every output protocol shares (``conformance.protocols.lifecycle``). The TanStack
yield layer reuses the table and the extraction core with its own readers
(``conformance.protocols.tanstack``).

Example:
    >>> events = [
    ...     {"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...     {"type": "TEXT_MESSAGE_START", "messageId": "m1", "role": "assistant"},
    ...     {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m1", "delta": "Hi"},
    ...     {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"},
    ... ]
    >>> [(f.row, f.event_index) for f in lifecycle(events)]
    [('8.1.5', 3)]
    >>> extract(events).text
    'Hi'
"""

from __future__ import annotations

import copy
import json
import typing
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, Literal

from ag_ui.core.events import Event
from pydantic import BaseModel, TypeAdapter, ValidationError

from conformance.findings import Finding
from conformance.protocols.agui_chunks import expand, remap

# The value readers are re-exported: the other protocol modules import them from here.
from conformance.protocols.agui_values import approval_from_custom as approval_from_custom
from conformance.protocols.agui_values import approvals_from_outcome as approvals_from_outcome
from conformance.protocols.agui_values import count as count
from conformance.protocols.agui_values import dig as dig
from conformance.protocols.agui_values import error_code as error_code
from conformance.protocols.agui_values import first_str as first_str
from conformance.protocols.agui_values import tool_result_value as tool_result_value
from conformance.protocols.agui_values import usage_from_agui as usage_from_agui
from conformance.protocols.base import OutputProtocol
from conformance.protocols.lifecycle import (
    Entity,
    EntityRow,
    Op,
    RowSpec,
    RunStep,
    State,
    Table,
    Wording,
)
from conformance.protocols.lifecycle import run as run_table
from conformance.protocols.tool_calls import engine_input, hands_over_input, tool_call_record
from conformance.protocols.usage_readings import carries_tanstack_metadata
from mock_provider.transcript import (
    ApprovalRecord,
    ErrorRecord,
    StructuredRecord,
    ToolCallRecord,
    ToolResultRecord,
    Transcript,
    UsageRecord,
)

NAME = "ag-ui"
USAGE_FIELDS: tuple[str, ...] = (
    "input_tokens",
    "output_tokens",
    "total_tokens",
    "reasoning_tokens",
    "cached_input_tokens",
    "cache_write_input_tokens",
)

FINISH_REASONS: frozenset[str] = frozenset({"stop", "length", "content_filter", "tool_calls"})


def is_finish_reason(value: Any) -> bool:
    """Whether ``value`` is a TanStack finish reason (garbage of any type is simply not one).

    >>> is_finish_reason("tool_calls"), is_finish_reason("tool-calls"), is_finish_reason(["stop"])
    (True, False, False)
    """
    return isinstance(value, str) and value in FINISH_REASONS


# ---------------------------------------------------------------------------------------------
# Schema
# ---------------------------------------------------------------------------------------------

_EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(Event)


def _event_models() -> dict[str, type[BaseModel]]:
    """``type`` value -> the official pydantic model, read off the ``Event`` union itself."""
    union = typing.get_args(Event)[0]
    out: dict[str, type[BaseModel]] = {}
    for model in typing.get_args(union):
        default = model.model_fields["type"].default
        out[str(getattr(default, "value", default))] = model
    return out


_MODELS = _event_models()
# Wire keys per event type: the camelCase aliases the model defines (base fields included).
ALLOWED_KEYS: dict[str, frozenset[str]] = {
    etype: frozenset(f.alias or name for name, f in model.model_fields.items())
    for etype, model in _MODELS.items()
}
# Keys whose schema is `any`: zod accepts null there, so a null value is not a schema error.
_NULLABLE_KEYS: frozenset[str] = frozenset({"value", "event", "snapshot", "result"})


def schema_errors(event: Any, *, validated: bool = False) -> list[str]:
    """Why one event does not validate against the official AG-UI 1.0 models (``[]`` if it does).

    Validation is strict and by wire name only, as ``@ag-ui/core``'s zod schemas are: a
    snake_case key does not stand in for its camelCase field and ``"5"`` is not an integer.
    An optional key sent as ``null`` is reported too (zod rejects it; the encoder omits it).
    ``validated``: the caller has just validated this very event so, without an error
    (:func:`conformance.agui_client.stripped_member`): only the checks beyond the models run.

    >>> schema_errors({"type": "RUN_STARTED", "threadId": "t"})
    ['runId: Field required (got <missing>)']
    >>> schema_errors({"type": "RUN_STARTED", "threadId": "t", "runId": "r"})
    []
    """
    if not isinstance(event, dict):
        return [f"event is not a JSON object (got {type(event).__name__})"]
    etype = event.get("type")
    if not isinstance(etype, str):
        return ["missing or non-string 'type'"]
    if etype not in _MODELS:
        return [f"unknown AG-UI 1.0 event type {etype!r}"]
    errors: list[str] = [] if validated else _model_errors(event)
    for key in sorted(ALLOWED_KEYS[etype] & event.keys()):
        if event[key] is None and key not in _NULLABLE_KEYS:
            errors.append(f"{key}: null is not allowed; omit the optional key instead")
    finish = dig(event, "metadata", "tanstack", "finishReason")
    if finish is not None and not is_finish_reason(finish):
        # Not an AG-UI field, but the TanStack consumer reads it: an off-enum value (e.g. the
        # AI SDK's 'tool-calls') silently disables tool execution.
        errors.append(
            f"metadata.tanstack.finishReason: {finish!r} is not one of "
            "stop|length|content_filter|tool_calls|null"
        )
    return errors


def _model_errors(event: dict[str, Any]) -> list[str]:
    try:
        _EVENT_ADAPTER.validate_python(event, strict=True, by_alias=True, by_name=False)
    except ValidationError as exc:
        return [f"{'.'.join(str(p) for p in err['loc'][1:]) or '<event>'}: {err['msg']} (got "
                f"{'<missing>' if err['type'] == 'missing' else _short(err.get('input'))})" for err in exc.errors()]
    return []


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def extra_key_findings(events: Sequence[Any]) -> list[Finding]:
    """Row 8.4.5: keys the AG-UI model for the event type does not define (one per type+key).

    >>> [f.message for f in extra_key_findings([{"type": "TOOL_CALL_END", "toolCallId": "c", "input": {}}])]
    ["TOOL_CALL_END carries key 'input', which AG-UI does not define for it (extras belong under metadata)"]
    """
    seen: set[tuple[str, str]] = set()
    findings: list[Finding] = []
    for index, event in enumerate(events):
        etype = _etype(event)
        if etype is None or etype not in ALLOWED_KEYS:
            continue  # unreadable or unknown types are schema errors, not key hygiene
        allowed = ALLOWED_KEYS[etype]
        if event.keys() <= allowed:  # the usual event: no key to look at one by one
            continue
        for key in sorted(k for k in event if isinstance(k, str) and k not in allowed):
            if (etype, key) in seen:
                continue
            seen.add((etype, key))
            findings.append(
                Finding(
                    row="8.4.5",
                    message=f"{etype} carries key {key!r}, which AG-UI does not define for it "
                    "(extras belong under metadata)",
                    event_index=index,
                    actual=key,
                    source="lifecycle",
                )
            )
    return findings


# ---------------------------------------------------------------------------------------------
# Lifecycle: the table
# ---------------------------------------------------------------------------------------------

EntityState = State
RunPhase = Literal["before", "running", "ended", "errored"]
RunRole = Literal["start", "finish", "error", "body"]

ENTITIES: dict[str, Entity] = {
    "text": Entity(
        "text message",
        "messageId",
        "8.1.5",
        reopen_row="hygiene.unique-message-ids",
        empty_delta_row="hygiene.empty-delta",
        empty_close_row="hygiene.empty-delta",
    ),
    "reasoning-message": Entity(
        "reasoning message", "messageId", "8.1.8", empty_delta_row="hygiene.empty-delta"
    ),
    "reasoning": Entity("reasoning span", "messageId", "8.1.8"),
    # A second START..END for a call id that already ended exposes the call twice.
    "tool": Entity(
        "tool call", "toolCallId", "8.1.12", reopen_row="8.1.12", empty_delta_row="hygiene.empty-delta",
        name_keys=("toolCallName", "toolName"),  # AG-UI's key, then TanStack's yield-layer extra
    ),
    "step": Entity("step", "stepName", "8.1.8", scope_key="subagentRunId"),  # per owner, as verifyEvents keys it
    # AG-UI 1.0 subagent spans (@ag-ui/client verifyEvents: no RUN_FINISHED while one is active; an id
    # is per invocation and cannot be reused).
    "subagent": Entity("subagent", "subagentRunId", "8.4.2", reopen_row="8.4.2"),
}

# event type -> (entity kind or "run", operation). Types not listed are neutral body events.
EVENTS: dict[str, tuple[str, Op]] = {
    "RUN_STARTED": ("run", "run-start"),
    "RUN_FINISHED": ("run", "run-finish"),
    "RUN_ERROR": ("run", "run-error"),
    "TEXT_MESSAGE_START": ("text", "open"),
    "TEXT_MESSAGE_CONTENT": ("text", "feed"),
    "TEXT_MESSAGE_END": ("text", "close"),
    "REASONING_START": ("reasoning", "open"),
    "REASONING_END": ("reasoning", "close"),
    "REASONING_MESSAGE_START": ("reasoning-message", "open"),
    "REASONING_MESSAGE_CONTENT": ("reasoning-message", "feed"),
    "REASONING_MESSAGE_END": ("reasoning-message", "close"),
    "TOOL_CALL_START": ("tool", "open"),
    "TOOL_CALL_ARGS": ("tool", "feed"),
    "TOOL_CALL_END": ("tool", "close"),
    "STEP_STARTED": ("step", "open"),
    "STEP_FINISHED": ("step", "close"),
    "SUBAGENT_STARTED": ("subagent", "open"),
    "SUBAGENT_FINISHED": ("subagent", "close"),
    "SUBAGENT_ERROR": ("subagent", "close"),
    # A result names its call: after the call's END (agent loops, row loop.tool-result).
    "TOOL_CALL_RESULT": ("tool", "refer"),
}

_ROLE: dict[Op, RunRole] = {"run-start": "start", "run-finish": "finish", "run-error": "error"}

# (phase, role) -> step. After the terminal nothing is interpreted further: the consumer has
# stopped (or failed), so a trailing event is one 8.1.18 violation, not also an 8.4.2 one.
_AFTER_END: RunStep[RunPhase] = RunStep("ended", "8.1.18", "{type} after the run's terminal event", interpret=False)
RUN_PHASES: dict[tuple[RunPhase, RunRole], RunStep[RunPhase]] = {
    ("before", "start"): RunStep("running", None),
    ("before", "body"): RunStep("running", "8.1.0", "first event is {type}, not RUN_STARTED"),
    ("before", "finish"): RunStep(
        "ended", "8.1.0", "first event is {type}, not RUN_STARTED", interpret=False
    ),
    # A RUN_ERROR first harms no consumer: @ag-ui/client's verifyEvents accepts it as the first event
    # (src/verify/verify.ts:251), its default apply and TanStack's StreamProcessor show the same failed
    # run as after a RUN_STARTED; starting the run first is the TanStack OpenAI adapters' habit.
    ("before", "error"): RunStep("ended", "8.1.0", "first event is {type}, not RUN_STARTED (accepted by "
                                 "@ag-ui/client: a SHOULD)", interpret=False, level="SHOULD"),
    ("running", "start"): RunStep(
        "running", "8.1.0", "second RUN_STARTED while the run is active", interpret=False
    ),
    ("running", "body"): RunStep("running", None),
    ("running", "finish"): RunStep("ended", None, check_open=True),
    # Open entities at RUN_ERROR are tolerated (L9); which ones is recorded as INFO.
    ("running", "error"): RunStep("errored", None, note_open=True),
    ("ended", "start"): _AFTER_END,
    ("ended", "body"): _AFTER_END,
    ("ended", "finish"): RunStep("ended", "8.1.18", "second terminal event {type}", interpret=False),
    ("ended", "error"): RunStep("ended", "8.1.18", "second terminal event {type}", interpret=False),
    ("errored", "start"): _AFTER_END,
    ("errored", "body"): _AFTER_END,
    # A finish after the error is the synthetic finish row 8.1.20 forbids.
    ("errored", "finish"): RunStep("errored", "8.1.20", "{type} after RUN_ERROR (a synthetic finish)",
                                   interpret=False),
    ("errored", "error"): RunStep("errored", "8.1.18", "second terminal event {type}", interpret=False),
}
ENDED: frozenset[RunPhase] = frozenset({"ended", "errored"})

_NOT_OPEN = "8.4.2"
# (state of this id, op) -> (next state, row or the entity's row). "fed" = open with content;
# "orphan" = content arrived before its START: one 8.4.2, and the late START then opens a
# message that already has content (no knock-on empty-message finding).
ENTITY_TRANSITIONS: dict[tuple[EntityState, Op], tuple[EntityState, RowSpec]] = {
    ("absent", "open"): ("open", None),
    ("orphan", "open"): ("fed", None),
    ("open", "open"): ("open", _NOT_OPEN),
    ("fed", "open"): ("fed", _NOT_OPEN),
    ("closed", "open"): ("open", EntityRow("reopen_row")),
    ("absent", "feed"): ("orphan", _NOT_OPEN),
    ("orphan", "feed"): ("orphan", _NOT_OPEN),
    ("open", "feed"): ("fed", None),
    ("fed", "feed"): ("fed", None),
    ("closed", "feed"): ("closed", _NOT_OPEN),
    ("absent", "close"): ("absent", _NOT_OPEN),
    ("orphan", "close"): ("closed", _NOT_OPEN),
    ("open", "close"): ("closed", EntityRow("empty_close_row")),
    ("fed", "close"): ("closed", None),
    ("closed", "close"): ("closed", _NOT_OPEN),
    # TOOL_CALL_RESULT: the engine emits it after the call's END (spec-reference 4.2); one for a call
    # still open is early. A call this run never started may be a resumed one: no finding.
    ("absent", "refer"): ("absent", None),
    ("orphan", "refer"): ("orphan", "loop.tool-result"),
    ("open", "refer"): ("open", "loop.tool-result"),
    ("fed", "refer"): ("fed", "loop.tool-result"),
    ("closed", "refer"): ("closed", None),
}

WORDING = Wording(
    unreadable="an unreadable event",
    finish="RUN_FINISHED",
    error="RUN_ERROR",
    no_terminal="stream ended with no terminal event (RUN_FINISHED/RUN_ERROR)",
    verbs={"open": "opens", "feed": "continues", "close": "closes", "refer": "answers"},
    states={
        "absent": "not open (never started)",
        "orphan": "not open (its START has not come)",
        "open": "already open",
        "fed": "already open",
        "closed": "already closed",
    },
    rows={
        "feed": "{type} for {label} {ident!r} has an empty delta",
        "close": "{label} {ident!r} ended with no content",
        "open": "{type} reuses {label} id {ident!r}, which already ended in this run",
        "refer": "{type} answers {label} {ident!r} before its TOOL_CALL_END (the result must follow the call)",
    },
)

TABLE: Table[RunPhase, RunRole] = Table(
    events=EVENTS,
    roles=_ROLE,
    body_role="body",
    start_phase="before",
    phases=RUN_PHASES,
    ended=ENDED,
    entities=ENTITIES,
    transitions=ENTITY_TRANSITIONS,
    wording=WORDING,
)


def run_lifecycle(
    events: Sequence[Any],
    *,
    entities: dict[str, Entity] = ENTITIES,
    event_ops: dict[str, tuple[str, Op]] = EVENTS,
) -> list[Finding]:
    """Apply the AG-UI run-phase and entity tables to a whole stream (through the one interpreter).

    >>> [f.row for f in run_lifecycle([{"type": "TEXT_MESSAGE_END", "messageId": "m"}])]
    ['8.1.0', '8.4.2', '8.1.18']
    """
    table = TABLE if entities is ENTITIES and event_ops is EVENTS else replace(
        TABLE, entities=entities, events=event_ops
    )
    return run_table(table, events)


# The last stream :func:`lifecycle` read inside :func:`lifecycle_memo`, and its findings (None: no memo open).
_LIFECYCLE_MEMO: ContextVar[list[tuple[tuple[Any, ...], list[Finding]]] | None] = ContextVar(
    "agui_lifecycle_memo", default=None)


@contextmanager
def lifecycle_memo() -> Iterator[None]:
    """Within the block, :func:`lifecycle` of the very same event objects is read once.

    One grading reads an AG-UI stream's lifecycle twice: the lifecycle check, then the @ag-ui/client port's
    verdict (on the same event objects where enforceEvents stripped nothing). Nothing changes an event while
    a run is graded, so the second reading is the first one's findings (copied: callers may replace them).
    Outside the block every call reads the table again (a caller may change its events between calls).

    >>> ok = [{"type": "RUN_STARTED", "threadId": "t", "runId": "r"}, {"type": "TEXT_MESSAGE_END", "messageId": "m"}]
    >>> with lifecycle_memo():
    ...     first, second = lifecycle(ok), lifecycle(list(ok))
    >>> first == second and first[0] is not second[0]
    True
    """
    token = _LIFECYCLE_MEMO.set([])
    try:
        yield
    finally:
        _LIFECYCLE_MEMO.reset(token)


def lifecycle(events: Sequence[Any]) -> list[Finding]:
    """Lifecycle findings for an AG-UI stream: the state-machine table plus row 8.4.5 key hygiene.

    >>> ok = [{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...       {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}]
    >>> lifecycle(ok)
    []
    """
    memo = _LIFECYCLE_MEMO.get()
    key = tuple(events)
    if memo:
        seen, found = memo[-1]
        if len(seen) == len(key) and all(a is b for a, b in zip(seen, key, strict=True)):
            return [copy.copy(f) for f in found]
    expanded = expand(events)  # *_CHUNK events read as @ag-ui/client expands them
    out = [*remap(run_lifecycle(expanded.events), expanded.origin), *expanded.findings,
           *extra_key_findings(events)]
    if memo is not None:
        memo[:] = [(key, [copy.copy(f) for f in out])]  # the key holds the events: no id is reused meanwhile
    return out


# ---------------------------------------------------------------------------------------------
# Extraction (shared with the TanStack yield layer through a Reader)
# ---------------------------------------------------------------------------------------------


def _etype(event: Any) -> str | None:
    if isinstance(event, dict):
        etype = event.get("type")
        if isinstance(etype, str):
            return etype
    return None


@dataclass(frozen=True)
class Reader:
    """Where one AG-UI-shaped protocol keeps each piece of meaning."""

    tool_name: Callable[[dict[str, Any]], str | None]  # on TOOL_CALL_START
    end_input: Callable[[dict[str, Any]], Any]  # parsed input on TOOL_CALL_END (None if absent)
    finish_reason: Callable[[dict[str, Any]], Any]  # on RUN_FINISHED
    usage: Callable[[dict[str, Any]], UsageRecord | None]  # on the terminal event
    error: Callable[[dict[str, Any]], ErrorRecord]  # on RUN_ERROR
    model: Callable[[dict[str, Any]], str | None]  # on any event
    end_result: Callable[[dict[str, Any]], ToolResultRecord | None] = lambda _e: None  # on TOOL_CALL_END


def _agui_usage(event: dict[str, Any]) -> UsageRecord | None:
    usage = event.get("usage")
    if not isinstance(usage, list) or not usage:
        return None
    record = usage_from_agui(usage[0])
    if record is not None and record.cache_write_input_tokens is None:
        # TanStack's wire form keeps the detail AG-UI's first slot lacks under metadata.tanstack.usage.
        record.cache_write_input_tokens = count(
            dig(event, "metadata", "tanstack", "usage", "promptTokensDetails", "cacheWriteTokens")
        )
    return record


def _agui_model(event: dict[str, Any]) -> str | None:
    """The model an event names: TanStack's ``metadata.tanstack.model``, else AG-UI 1.0's ``TokenUsage.model``
    of a ``RUN_FINISHED.usage`` entry (@ag-ui/core 1.0.0: ``model`` optional; plain AG-UI has no other place).

    >>> _agui_model({"type": "RUN_FINISHED", "usage": [{"model": "gpt-4o", "inputTokens": 1}]})
    'gpt-4o'
    """
    model = first_str(dig(event, "metadata", "tanstack", "model"))
    usage = event.get("usage")
    if model is None and isinstance(usage, list):
        model = next((first_str(u.get("model")) for u in usage if isinstance(u, dict) and u.get("model")), None)
    return model


def _agui_error(event: dict[str, Any]) -> ErrorRecord:
    return ErrorRecord(message=first_str(event.get("message")), code=error_code(event.get("code")))


AGUI_READER = Reader(
    tool_name=lambda e: first_str(e.get("toolCallName")),
    end_input=lambda e: dig(e, "metadata", "tanstack", "input"),
    finish_reason=lambda e: dig(e, "metadata", "tanstack", "finishReason"),
    usage=_agui_usage,
    error=_agui_error,
    model=_agui_model,
)


def _until_terminal(events: Sequence[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Readable events up to and including the first terminal: what a consumer acts on."""
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            continue
        yield index, event
        if event.get("type") in ("RUN_FINISHED", "RUN_ERROR"):
            return


class _Extraction:
    """One pass over an AG-UI-shaped stream: what the consumer has accumulated so far.

    Each event type has one small handler (:data:`_HANDLERS`); :meth:`transcript` turns the
    state into the :class:`Transcript` at the end.
    """

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.text: list[str] = []
        self.reasoning: list[str] = []
        self.starts: dict[str, str] = {}  # call id -> name, in order of first START
        self.args: dict[str, list[str]] = {}
        self.open_calls: set[str] = set()
        self.ended: dict[str, Any] = {}  # call id -> END input, in order of END
        self.results: list[ToolResultRecord] = []
        self.approvals: dict[str, ApprovalRecord] = {}
        self.terminal_event: dict[str, Any] | None = None
        self.first_model: str | None = None
        self.last_model: str | None = None
        self.structured: StructuredRecord | None = None

    def event(self, event: dict[str, Any]) -> None:
        model = self.reader.model(event)
        if model is not None:
            self.first_model = self.first_model or model
            self.last_model = model
        etype = event.get("type")
        handler = _HANDLERS.get(etype) if isinstance(etype, str) else None
        if handler is not None:
            handler(self, event, model)

    def text_content(self, event: dict[str, Any], _model: str | None) -> None:
        if isinstance(event.get("delta"), str):
            self.text.append(event["delta"])

    def reasoning_content(self, event: dict[str, Any], _model: str | None) -> None:
        if isinstance(event.get("delta"), str):
            self.reasoning.append(event["delta"])

    def tool_start(self, event: dict[str, Any], _model: str | None) -> None:
        call_id = first_str(event.get("toolCallId"))
        if call_id is None or call_id in self.ended:
            return
        name = self.reader.tool_name(event)
        if call_id not in self.starts and name is not None:
            self.starts[call_id] = name
            self.args[call_id] = []
        self.open_calls.add(call_id)

    def tool_args(self, event: dict[str, Any], _model: str | None) -> None:
        call_id = first_str(event.get("toolCallId"))
        if call_id in self.open_calls and isinstance(event.get("delta"), str):
            self.args.setdefault(call_id, []).append(event["delta"])

    def tool_end(self, event: dict[str, Any], _model: str | None) -> None:
        call_id = first_str(event.get("toolCallId"))
        if call_id is None or call_id not in self.open_calls:
            return
        self.open_calls.discard(call_id)
        if call_id in self.starts:
            self.ended[call_id] = self.reader.end_input(event)
        result = self.reader.end_result(event)
        if result is not None:
            self.results.append(result)

    def tool_result(self, event: dict[str, Any], _model: str | None) -> None:
        call_id = first_str(event.get("toolCallId"))
        if call_id is not None:
            self.results.append(
                ToolResultRecord(
                    tool_call_id=call_id,
                    result=tool_result_value(event.get("content")),
                    is_error=dig(event, "metadata", "tanstack", "state") == "output-error",
                )
            )

    def custom(self, event: dict[str, Any], _model: str | None) -> None:
        name, value = event.get("name"), event.get("value")
        if name == "structured-output.complete":
            if self.structured is None and isinstance(value, dict) and "object" in value:
                raw = value.get("raw")
                self.structured = StructuredRecord(
                    data=value["object"], raw_text=raw if isinstance(raw, str) else None
                )
        elif name == "approval-requested":
            record = approval_from_custom(value)
            if record is not None:
                self.approvals.setdefault(record.approval_id, record)

    def terminal(self, event: dict[str, Any], _model: str | None) -> None:
        self.terminal_event = event
        for record in approvals_from_outcome(event.get("outcome")):
            self.approvals.setdefault(record.approval_id, record)

    def run_started(self, _event: dict[str, Any], model: str | None) -> None:
        if model is not None:
            self.first_model = model

    def call(self, call_id: str, name: str, provider_executed: bool) -> ToolCallRecord:
        """One ended call as TanStack's engine runs it: the END's ``input``, when it has one, replaces
        the streamed text (:func:`engine_input`), malformed or not. An input that is what the engine
        makes of the text anyway (``null`` text and ``{}``: executeTools runs a non-object as ``{}``)
        is no difference."""
        final = engine_input(self.ended[call_id])
        text = "".join(self.args.get(call_id, []))
        if not text and final is not None:
            # No fragments: the engine and TanStack's StreamProcessor hold JSON.stringify(input) as the call's
            # arguments (@tanstack/ai 0.58.0 stream/processor.js:868-869), the text the consumer has.
            text = json.dumps(final, ensure_ascii=False, separators=(",", ":"))
        record = tool_call_record(call_id, name, text, final, provider_executed)
        if final is not None and not record.malformed and final != engine_input(record.args or {}):
            record = record.model_copy(update={"args": final})
        return record

    def transcript(self) -> Transcript:
        # Upstream results only come for provider-executed calls (client results come from the engine).
        executed = {r.tool_call_id for r in self.results}
        calls = [self.call(cid, name, cid in executed) for cid, name in self.starts.items() if cid in self.ended]
        terminal_event = self.terminal_event
        transcript = Transcript(
            text="".join(self.text),
            reasoning="".join(self.reasoning),
            tool_calls=calls,
            tool_results=self.results,
            approvals=list(self.approvals.values()),
            terminal="none",
            structured=self.structured,
            model=(self.reader.model(terminal_event) if terminal_event else None)
            or self.first_model
            or self.last_model,
        )
        if terminal_event is not None:
            self.read_terminal(transcript, terminal_event)
        return transcript

    def read_terminal(self, transcript: Transcript, terminal_event: dict[str, Any]) -> None:
        transcript.usage = self.reader.usage(terminal_event)
        if terminal_event.get("type") == "RUN_FINISHED":
            finish = self.reader.finish_reason(terminal_event)
            # Off-enum values are schema errors; the transcript can only say "no valid finish reason".
            transcript.finish_reason = finish if is_finish_reason(finish) else None
            cancelled = dig(terminal_event, "outcome", "type") == "cancelled"
            transcript.terminal = "aborted" if cancelled else "finished"
        else:
            transcript.error = self.reader.error(terminal_event)
            transcript.terminal = "aborted" if transcript.error.code in ("aborted", "abort") else "error"


# event type -> what reading it does to the extraction (types not listed carry no meaning here).
_HANDLERS: dict[str, Callable[[_Extraction, dict[str, Any], str | None], None]] = {
    "TEXT_MESSAGE_CONTENT": _Extraction.text_content,
    "REASONING_MESSAGE_CONTENT": _Extraction.reasoning_content,
    "TOOL_CALL_START": _Extraction.tool_start,
    "TOOL_CALL_ARGS": _Extraction.tool_args,
    "TOOL_CALL_END": _Extraction.tool_end,
    "TOOL_CALL_RESULT": _Extraction.tool_result,
    "CUSTOM": _Extraction.custom,
    "RUN_FINISHED": _Extraction.terminal,
    "RUN_ERROR": _Extraction.terminal,
    "RUN_STARTED": _Extraction.run_started,
}


def extract_with(events: Sequence[Any], reader: Reader) -> Transcript:
    """The transcript an AG-UI-shaped stream means, reading extras through ``reader``.

    >>> extract_with([{"type": "RUN_ERROR", "message": "boom", "code": 500}], AGUI_READER).error
    ErrorRecord(message='boom', code='500')
    """
    extraction = _Extraction(reader)
    for _index, event in _until_terminal(events):
        extraction.event(event)
    return extraction.transcript()


def extract(events: Sequence[Any]) -> Transcript:
    """The normalized transcript an AG-UI wire stream means.

    >>> t = extract([{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...              {"type": "RUN_FINISHED", "threadId": "t", "runId": "r",
    ...               "metadata": {"tanstack": {"finishReason": "stop", "model": "m1"}}}])
    >>> t.finish_reason, t.model, t.terminal
    ('stop', 'm1', 'finished')
    """
    return extract_with(expand(events).events, AGUI_READER)


def exposures(events: Sequence[Any]) -> dict[str, int]:
    """Index of the first ``TOOL_CALL_END`` for each tool call id (when the call is complete).

    >>> exposures([{"type": "TOOL_CALL_START", "toolCallId": "c1", "toolCallName": "f"},
    ...            {"type": "TOOL_CALL_END", "toolCallId": "c1"}])
    {'c1': 1}
    """
    out: dict[str, int] = {}
    expanded = expand(events)
    for index, event in enumerate(expanded.events):
        if _etype(event) == "TOOL_CALL_END":
            call_id = event.get("toolCallId")
            if isinstance(call_id, str):
                out.setdefault(call_id, expanded.origin[index])
    return out


# Events that carry one upstream part's content (what a pipeline one part ahead may still emit after an abort).
CONTENT_TYPES = frozenset({"TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CHUNK", "REASONING_MESSAGE_CONTENT",
                           "REASONING_MESSAGE_CHUNK", "TOOL_CALL_ARGS", "TOOL_CALL_CHUNK", "TOOL_CALL_RESULT"})



def failure_event(message: str) -> dict[str, Any]:
    """The RUN_ERROR an AbstractAgent's errored run() Observable stands for (its subscribers' onRunFailed).

    >>> failure_event("HTTP 500")
    {'type': 'RUN_ERROR', 'message': 'HTTP 500'}
    """
    return {"type": "RUN_ERROR", "message": message}


PROTOCOL = OutputProtocol(
    name=NAME,
    usage_fields=USAGE_FIELDS,
    usage_at="RUN_FINISHED.usage (a list of AG-UI usage entries)",
    schema_errors=schema_errors,
    lifecycle=lifecycle,
    extract=extract,
    exposures=exposures,
    content_types=CONTENT_TYPES,
    failure_event=failure_event,
    # The TanStack engine (which reads AG-UI StreamChunks) runs a tool whose arguments parse to null with {}:
    # `parsed && typeof parsed === "object" ? parsed : {}` (@tanstack/ai 0.58.0
    # dist/esm/activities/chat/tools/tool-calls.js:173 server tools, :441 client tools).
    null_args_empty=True,
    reasoning_apart=carries_tanstack_metadata,  # TanStack's TokenUsage rule on its wire form (usage_readings)
    hands_over_input=hands_over_input,
)
