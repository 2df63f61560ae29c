"""TanStack AI legacy chunks (era A, 0.0.x-0.2.x): schema, lifecycle table, extraction.

Every chunk carries ``type, id, model, timestamp``; ``content``/``thinking`` carry the
accumulated text (the 0.0.3 engine stores ``content`` verbatim), a tool call is one
``tool_call`` chunk with complete ``function.arguments`` and a unique ``index``, and the run
ends with exactly one ``done`` or an ``error`` (spec-reference 4.7, 8.4 legacy rules).

The lifecycle is one table, :data:`TABLE`: :data:`LIFECYCLE` (chunk type -> :class:`ChunkRule`)
and the phase machine :data:`PHASES`, run by the interpreter every output protocol shares
(``conformance.protocols.lifecycle``). Whether ``function.arguments``
parses is left to extraction: malformed arguments are a POLICY row (8.1.13), not lifecycle.

Example:
    >>> chunk = {"id": "r1", "model": "m", "timestamp": 1}
    >>> events = [
    ...     {**chunk, "type": "content", "delta": "Hel", "content": "Hel"},
    ...     {**chunk, "type": "content", "delta": "lo", "content": "lo"},
    ...     {**chunk, "type": "done", "finishReason": "stop"},
    ... ]
    >>> [(f.row, f.event_index) for f in lifecycle(events)]
    [('8.1.4', 1)]
    >>> extract(events).text
    'Hello'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from conformance.findings import Finding
from conformance.protocols.agui import (
    approval_from_custom,
    dig,
    error_code,
    first_str,
    is_finish_reason,
    tool_result_value,
)
from conformance.protocols.base import OutputProtocol
from conformance.protocols.lifecycle import Op, RunStep, Table, Wording
from conformance.protocols.lifecycle import run as run_table
from conformance.protocols.tanstack import format_error, usage_from_tanstack
from conformance.protocols.tool_calls import tool_call_record
from conformance.schema_dispatch import TypeDispatched
from mock_provider.transcript import (
    ApprovalRecord,
    ErrorRecord,
    ToolCallRecord,
    ToolResultRecord,
    Transcript,
)

NAME = "tanstack-legacy"
USAGE_FIELDS: tuple[str, ...] = ("input_tokens", "output_tokens", "total_tokens")

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "tanstack-legacy.schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
_VALIDATOR = TypeDispatched(SCHEMA)  # per event type: every if/then of the schema for every event was most of grading


def schema_errors(event: Any) -> list[str]:
    """Why one chunk does not match ``tanstack-legacy.schema.json`` (``[]`` if it does).

    >>> schema_errors({"type": "content", "delta": "a", "content": "a", "model": "m", "timestamp": 1})
    ["<event>: 'id' is a required property"]
    """
    if not isinstance(event, dict):
        return [f"chunk is not a JSON object (got {type(event).__name__})"]
    errors = sorted(_VALIDATOR.iter_errors(event), key=lambda e: [str(p) for p in e.absolute_path])
    return [format_error(e) for e in errors]


# ---------------------------------------------------------------------------------------------
# Lifecycle: the table
# ---------------------------------------------------------------------------------------------

ChunkRole = Literal["body", "done", "error", "after-done"]
Phase = Literal["streaming", "done", "errored"]


@dataclass(frozen=True)
class ChunkRule:
    """What one chunk type means for the run and which rows its own checks belong to."""

    role: ChunkRole
    cumulative_row: str | None = None  # `content` must be the previous accumulated value + `delta`
    empty_delta_row: str | None = None  # `delta == ""`
    exposes_tool_call: bool = False  # one chunk per call, unique stable index (8.1.9 / 8.1.12)


LIFECYCLE: dict[str, ChunkRule] = {
    "content": ChunkRule("body", cumulative_row="8.1.4", empty_delta_row="hygiene.empty-delta"),
    "thinking": ChunkRule("body", cumulative_row="8.1.7"),
    "tool_call": ChunkRule("body", exposes_tool_call=True),
    "tool_result": ChunkRule("body"),
    "done": ChunkRule("done"),
    "error": ChunkRule("error"),
    # The 0.0.3 engine itself appends these after `done` (reusing its id/model), so a stream
    # that carries them after `done` is the engine's own shape, not a trailing event.
    "approval-requested": ChunkRule("after-done"),
    "tool-input-available": ChunkRule("after-done"),
}
_UNKNOWN = ChunkRule("body")  # unknown types are schema errors; for the run they are body chunks


def _after(phase: Phase, row: str | None, message: str = "") -> RunStep[Phase]:
    # Chunks after the terminal are not checked further (the engine has stopped reading).
    return RunStep(phase, row, message, interpret=False)


def _after_error(message: str) -> RunStep[Phase]:
    return RunStep("errored", "8.1.18", message + " (never read: the engine stops at the error; a SHOULD)",
                   interpret=False, level="SHOULD")


# (phase, role) -> step.
PHASES: dict[tuple[Phase, ChunkRole], RunStep[Phase]] = {
    ("streaming", "body"): RunStep("streaming", None),
    ("streaming", "after-done"): RunStep("streaming", None),
    ("streaming", "done"): RunStep("done", None),
    ("streaming", "error"): RunStep("errored", None),
    ("done", "body"): _after("done", "8.1.18", "{type} chunk after done"),
    ("done", "after-done"): _after("done", None),
    ("done", "done"): _after("done", "8.1.18", "second done chunk"),
    ("done", "error"): _after("done", "8.1.18", "error chunk after done"),
    # Nothing after an error chunk reaches a consumer: the engine stops reading the adapter's stream there
    # (@tanstack/ai 0.2.2 src/activities/chat/index.ts:405-410, :530-539). Sending it is a habit: SHOULD.
    ("errored", "body"): _after_error("{type} chunk after error"),
    ("errored", "after-done"): _after_error("{type} chunk after error"),
    ("errored", "done"): _after("errored", "8.1.20", "done chunk after error (a synthetic finish)"),
    ("errored", "error"): _after_error("second error chunk"),
}

# The run roles as the interpreter's run operations (a chunk of role "body" is a body event).
_OPS: dict[ChunkRole, Op] = {"done": "run-finish", "error": "run-error", "after-done": "run-trailer"}


class _ChunkChecks:
    """The legacy chunks' own rules, stateful over one stream: cumulative text and tool-call slots.

    There are no open/close entities in this shape (text is cumulative, a call is one chunk), so
    these run as the table's per-event check rather than through the entity machine.
    """

    def __init__(self) -> None:
        self.accumulated: dict[str, str] = {}  # chunk type -> accumulated text it last reported
        self.id_index: dict[str, int | None] = {}  # tool call id -> index it was exposed under
        self.index_id: dict[int, str] = {}  # index -> tool call id exposed under it

    def __call__(self, chunk: dict[str, Any]) -> list[tuple[str, str]]:
        ctype = chunk.get("type")
        rule = LIFECYCLE.get(ctype, _UNKNOWN) if isinstance(ctype, str) else _UNKNOWN
        out: list[tuple[str, str]] = []
        if rule.cumulative_row is not None and isinstance(ctype, str):
            row, message = _cumulative(chunk, self.accumulated.get(ctype, ""), rule)
            if row is None and rule.empty_delta_row is not None and chunk.get("delta") == "":
                row, message = rule.empty_delta_row, f"{ctype} chunk with an empty delta"
            if row is not None:
                out.append((row, message))
            if isinstance(chunk.get("content"), str):
                # The engine keeps the reported value, so the next chunk must build on it.
                self.accumulated[ctype] = chunk["content"]
        if rule.exposes_tool_call:
            verdict = _exposure(chunk, self.id_index, self.index_id)
            if verdict is not None:
                out.append(verdict)
        return out


TABLE: Table[Phase, ChunkRole] = Table(
    events={ctype: ("run", _OPS[rule.role]) for ctype, rule in LIFECYCLE.items() if rule.role != "body"},
    roles={op: role for role, op in _OPS.items()},
    body_role="body",
    start_phase="streaming",
    phases=PHASES,
    ended=frozenset({"done", "errored"}),
    entities={},
    transitions={},
    wording=Wording(
        unreadable="an unreadable",
        finish="done",
        error="error",
        no_terminal="stream ended with no done or error chunk",
        verbs={},
        states={},
        rows={},
        blank_type_is_unreadable=False,
    ),
    checks=_ChunkChecks,
    call_of=lambda c: (first_str(dig(c, "toolCall", "id")), first_str(dig(c, "toolCall", "function", "name"))),
)


def lifecycle(events: Sequence[Any]) -> list[Finding]:
    """Apply :data:`PHASES` and the :data:`LIFECYCLE` chunk rules to a whole legacy stream (:data:`TABLE`).

    >>> c = {"id": "r1", "model": "m", "timestamp": 1}
    >>> call = {"type": "function", "function": {"name": "f", "arguments": "{}"}}
    >>> [f.row for f in lifecycle([{**c, "type": "tool_call", "index": 0, "toolCall": {**call, "id": "a"}},
    ...                            {**c, "type": "tool_call", "index": 0, "toolCall": {**call, "id": "b"}},
    ...                            {**c, "type": "done", "finishReason": "tool_calls"}])]
    ['8.1.9']
    """
    return run_table(TABLE, events)


def _cumulative(chunk: dict[str, Any], previous: str, rule: ChunkRule) -> tuple[str | None, str]:
    content, delta = chunk.get("content"), chunk.get("delta")
    if not isinstance(content, str):
        return None, ""  # schema_errors reports it
    ctype = chunk.get("type")
    if isinstance(delta, str):
        if content != previous + delta:
            return rule.cumulative_row, (
                f"{ctype}.content {_clip(content)} is not the accumulated {_clip(previous)}"
                f" + delta {_clip(delta)}"
            )
    elif not content.startswith(previous):
        return rule.cumulative_row, f"{ctype}.content {_clip(content)} does not extend {_clip(previous)}"
    return None, ""


def _clip(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _exposure(
    chunk: dict[str, Any], id_index: dict[str, int | None], index_id: dict[int, str]
) -> tuple[str, str] | None:
    raw_id, raw_slot = dig(chunk, "toolCall", "id"), chunk.get("index")
    call_id = raw_id if isinstance(raw_id, str) and raw_id != "" else None
    slot = raw_slot if isinstance(raw_slot, int) and not isinstance(raw_slot, bool) else None
    if call_id is not None and call_id in id_index:
        first = id_index[call_id]
        if slot is not None and first is not None and first != slot:
            return "8.1.9", f"tool call {call_id!r} appears under index {first} and index {slot}"
        return "8.1.12", f"second tool_call chunk for call {call_id!r} (the call is exposed twice)"
    if slot is not None and slot in index_id:
        if call_id is None:
            # An id-less continuation chunk: the engine appends it to that index's call.
            return (
                "8.1.12",
                f"tool_call chunk without an id re-exposes call {index_id[slot]!r} at index {slot}",
            )
        return "8.1.9", f"index {slot} is already used by call {index_id[slot]!r}; call {call_id!r} shares it"
    if call_id is not None:
        id_index[call_id] = slot
        if slot is not None:
            index_id[slot] = call_id
    return None


# ---------------------------------------------------------------------------------------------
# Extraction
# ---------------------------------------------------------------------------------------------


class _Extraction:
    """One pass over a legacy chunk stream: what the engine has accumulated so far.

    Each chunk type has one small handler (:data:`_HANDLERS`); :meth:`transcript` turns the
    state into the :class:`Transcript` at the end.
    """

    def __init__(self) -> None:
        self.text: list[str] = []
        self.reasoning: list[str] = []
        self.thinking_so_far = ""
        self.calls: list[tuple[int | float, str, str, str]] = []  # (index, id, name, arguments)
        self.results: list[ToolResultRecord] = []
        self.approvals: dict[str, ApprovalRecord] = {}
        self.terminal: dict[str, Any] | None = None
        self.model: str | None = None

    def chunk(self, chunk: dict[str, Any]) -> None:
        ctype = chunk.get("type")
        if self.terminal is not None and (self.terminal.get("type") != "done" or ctype != "approval-requested"):
            return  # only the engine's own trailing approval chunks follow `done`
        self.model = first_str(chunk.get("model")) or self.model
        handler = _HANDLERS.get(ctype) if isinstance(ctype, str) else None
        if handler is not None:
            handler(self, chunk)

    def content(self, chunk: dict[str, Any]) -> None:
        if isinstance(chunk.get("delta"), str):
            self.text.append(chunk["delta"])

    def thinking(self, chunk: dict[str, Any]) -> None:
        delta, content = chunk.get("delta"), chunk.get("content")
        if isinstance(delta, str):
            self.reasoning.append(delta)
        elif isinstance(content, str) and content.startswith(self.thinking_so_far):
            self.reasoning.append(content[len(self.thinking_so_far) :])  # delta is optional here
        if isinstance(content, str):
            self.thinking_so_far = content

    def tool_call(self, chunk: dict[str, Any]) -> None:
        call_id, name = dig(chunk, "toolCall", "id"), dig(chunk, "toolCall", "function", "name")
        arguments = dig(chunk, "toolCall", "function", "arguments")
        slot = chunk.get("index")
        if isinstance(call_id, str) and isinstance(name, str):
            order = slot if isinstance(slot, int) and not isinstance(slot, bool) else float("inf")
            self.calls.append((order, call_id, name, arguments if isinstance(arguments, str) else ""))

    def tool_result(self, chunk: dict[str, Any]) -> None:
        if isinstance(chunk.get("toolCallId"), str):
            self.results.append(
                ToolResultRecord(tool_call_id=chunk["toolCallId"], result=tool_result_value(chunk.get("content")))
            )

    def approval(self, chunk: dict[str, Any]) -> None:
        record = approval_from_custom(chunk)
        if record is not None:
            self.approvals.setdefault(record.approval_id, record)

    def end(self, chunk: dict[str, Any]) -> None:
        self.terminal = chunk

    def transcript(self) -> Transcript:
        executed = {r.tool_call_id for r in self.results}
        records: list[ToolCallRecord] = [
            tool_call_record(call_id, name, arguments, None, call_id in executed)
            for _order, call_id, name, arguments in sorted(self.calls, key=lambda c: c[0])
        ]
        transcript = Transcript(
            text="".join(self.text),
            reasoning="".join(self.reasoning),
            tool_calls=records,
            tool_results=self.results,
            approvals=list(self.approvals.values()),
            terminal="none",
            model=self.model,
        )
        terminal = self.terminal
        if terminal is None:
            return transcript
        if terminal.get("type") == "done":
            finish = terminal.get("finishReason")
            transcript.finish_reason = finish if is_finish_reason(finish) else None
            # Legacy done.usage is TanStack's TokenUsage (its three counts): one reader for both layers.
            transcript.usage = usage_from_tanstack(terminal.get("usage"))
            transcript.terminal = "finished"
        else:
            transcript.error = ErrorRecord(
                message=first_str(dig(terminal, "error", "message")),
                code=error_code(dig(terminal, "error", "code")),
            )
            transcript.terminal = "aborted" if transcript.error.code in ("aborted", "abort") else "error"
        return transcript


# chunk type -> what reading it does to the extraction (types not listed carry no meaning here).
_HANDLERS: dict[str, Callable[[_Extraction, dict[str, Any]], None]] = {
    "content": _Extraction.content,
    "thinking": _Extraction.thinking,
    "tool_call": _Extraction.tool_call,
    "tool_result": _Extraction.tool_result,
    "approval-requested": _Extraction.approval,
    "done": _Extraction.end,
    "error": _Extraction.end,
}


def extract(events: Sequence[Any]) -> Transcript:
    """The normalized transcript a legacy chunk stream means.

    Reads up to the first ``error``, or the first ``done`` plus the engine's trailing
    ``approval-requested`` chunks. Tool calls are one record per ``tool_call`` chunk, ordered
    by ``index`` (the engine's slot order).

    >>> c = {"id": "r1", "model": "m", "timestamp": 1}
    >>> fn = {"name": "f", "arguments": "{bad"}
    >>> t = extract([{**c, "type": "tool_call", "index": 0,
    ...               "toolCall": {"id": "a", "type": "function", "function": fn}},
    ...              {**c, "type": "done", "finishReason": "tool_calls",
    ...               "usage": {"promptTokens": 3, "completionTokens": 2, "totalTokens": 5}}])
    >>> t.tool_calls[0].malformed, t.finish_reason, t.usage.total_tokens, t.model
    (True, 'tool_calls', 5, 'm')
    """
    extraction = _Extraction()
    for chunk in events:
        if isinstance(chunk, dict):
            extraction.chunk(chunk)
    return extraction.transcript()


def exposures(events: Sequence[Any]) -> dict[str, int]:
    """Index of the first ``tool_call`` chunk per tool call id.

    >>> exposures([{"type": "tool_call", "index": 0, "toolCall": {"id": "a"}}])
    {'a': 0}
    """
    out: dict[str, int] = {}
    for index, chunk in enumerate(events):
        if isinstance(chunk, dict) and chunk.get("type") == "tool_call":
            call_id = dig(chunk, "toolCall", "id")
            if isinstance(call_id, str):
                out.setdefault(call_id, index)
    return out


PROTOCOL = OutputProtocol(
    name=NAME,
    usage_fields=USAGE_FIELDS,
    usage_at="done.usage (TanStack TokenUsage)",
    schema_errors=schema_errors,
    lifecycle=lifecycle,
    extract=extract,
    exposures=exposures,
    # A legacy tool_result chunk has no error flag: results are compared without it.
    expresses_result_error=False,
    # Legacy chunks have no structured-output event: only the streamed text and the terminal are compared.
    expresses_structured=False,
    content_types=frozenset({"content", "thinking", "tool_call", "tool_result"}),
)
