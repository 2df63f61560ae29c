"""AI SDK UI message stream (protocol v1, ``ai`` 6.0.326 ``UIMessageChunk``): schema, lifecycle table, extraction.

What ``streamText(...).toUIMessageStream()`` yields and ``useChat``/``Chat`` consume
(spec-reference 2.2): ``start``, ``start-step``, ``text-start/delta/end`` and
``reasoning-start/delta/end`` keyed by ``id``, ``tool-input-start`` -> ``tool-input-delta``
(``inputTextDelta``) -> ``tool-input-available`` (parsed ``input``) or ``tool-input-error``
keyed by ``toolCallId``, ``tool-output-available/error``, ``tool-approval-request``,
``finish-step``, then ``finish{finishReason?}``, ``error{errorText}`` or ``abort{reason?}``.

What the stream can express, declared for the grader:

* finish reasons in the AI SDK vocabulary (``tool-calls``, ``content-filter``), mapped to the
  transcript's; ``other`` or no ``finishReason`` means "no reason" (declare
  ``unknown_finish='null'``); ``finish{finishReason:'error'}`` ends the run in error (the
  consumer's ``onFinish`` sees ``finishReason:'error'``);
* no usage (:data:`USAGE_FIELDS` is empty), no model id (:data:`EXPRESSES_MODEL`) and no
  error code (:data:`EXPRESSES_ERROR_CODE`): apps put those in ``messageMetadata`` by their
  own convention, which this protocol does not define, so those comparisons are skipped;
* an aborted run ends with an ``abort`` chunk (abort POLICY ``cancelled``, open parts may stay
  open as ``streamText`` leaves them) or with nothing (``silent``); an ``error`` chunk has no
  code, so ``run-error`` cannot be told from a failure.

The lifecycle is one table, :data:`TABLE`: :data:`CHUNKS` (chunk type -> entity and operation),
:data:`ENTITIES`, :data:`RUN_PHASES` and :data:`TRANSITIONS`, run by the interpreter every
output protocol shares (``conformance.protocols.lifecycle``). Its
rules are the consumer's (ai 6.0.326 ``dist/index.js``): ``processUIMessageStream`` (line 6101)
throws ``UIMessageStreamError`` for a delta or end of a part that is not open, and for a tool
output or approval naming no tool call; ``finish-step`` drops the open text and reasoning parts
(lines 6634-6637). An ``error`` chunk does not end the stream: ``streamText(...).toUIMessageStream()``
forwards every part of the full stream (lines 9323-9377), so whatever the provider sends after an
error part follows it, then ``finish-step`` and ``finish`` (the step's reason is ``'error'``, line
8674, unless the provider's finish says otherwise). ``readUIMessageStream`` (line 9708) reports
the error and reads on with the same part rules; ``Chat`` (line 15266) throws at the error and
reads nothing further, so what follows is not shown there (the transcript, Chat's view, ends at
the error). So chunks after ``error`` are no finding, parts left open at it may stay open through
the trailing ``finish-step`` (L9), and only a second ``start`` is (row 8.1.0, as while running).

The finish reason is the provider's: ``streamText`` keeps the step's ``finishReason`` from the
provider's ``finish`` part (line 8635) and ``toUIMessageStream`` sends it (line 9351); there is no
"``tool-calls`` only if a client call completed" rule. That is the ``finish_reason`` POLICY, whose
default for this protocol is ``provider`` (``conformance.contract.PROTOCOL_DEFAULTS``,
``conformance.expectations``).

``ai`` 7 is :mod:`conformance.protocols.ui_message_stream7` (``ui-message-stream@7``), built from
these tables.

Example:
    >>> events = [
    ...     {"type": "start"}, {"type": "start-step"},
    ...     {"type": "text-start", "id": "t1"},
    ...     {"type": "text-delta", "id": "t1", "delta": "Hi"},
    ...     {"type": "tool-input-start", "toolCallId": "c1", "toolName": "f"},
    ...     {"type": "tool-input-delta", "toolCallId": "c1", "inputTextDelta": '{"a":1}'},
    ...     {"type": "tool-input-available", "toolCallId": "c1", "toolName": "f", "input": {"a": 1}},
    ...     {"type": "finish-step"}, {"type": "finish", "finishReason": "tool-calls"},
    ... ]
    >>> [(f.row, f.event_index) for f in lifecycle(events)]
    [('8.1.5', 7)]
    >>> t = extract(events)
    >>> t.text, t.tool_calls[0].args_text, t.finish_reason
    ('Hi', '{"a":1}', 'tool_calls')
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import jsonschema  # type: ignore[import-untyped,unused-ignore]

from conformance.findings import Finding
from conformance.protocols.agui import first_str, tool_result_value
from conformance.protocols.base import AbortVocabulary, OutputProtocol
from conformance.protocols.lifecycle import (
    Entity,
    EntityRow,
    Op,
    RowSpec,
    RunStep,
    State,
    Table,
    Wording,
    event_type,
)
from conformance.protocols.lifecycle import run as run_table
from conformance.protocols.tanstack import format_error
from conformance.protocols.tool_calls import tool_call_record
from mock_provider.transcript import ApprovalRecord, ErrorRecord, ToolCallRecord, ToolResultRecord, Transcript

NAME = "ui-message-stream"
USAGE_FIELDS: tuple[str, ...] = ()  # no usage chunk: finish carries only finishReason/messageMetadata
EXPRESSES_MODEL = False  # no model field on any chunk
EXPRESSES_ERROR_CODE = False  # error{errorText} only
EXPRESSES_STRUCTURED = False  # no structured-output chunk: the JSON arrives as text (checked as text)

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "ui-message-stream.schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
_SHARED_DEFS = {"jsonObject", "providerMetadata", "data-part"}
# The chunk types the schema defines (its other $defs are shared shapes).
CHUNK_TYPES: frozenset[str] = frozenset(SCHEMA["$defs"]) - _SHARED_DEFS


class ChunkSchema:
    """One version's ``UIMessageChunk`` schema as a per-chunk check (see :func:`schema_errors`).

    One validator per chunk type: the same $defs the whole schema dispatches to with if/then,
    without evaluating every branch for every chunk (the whole schema is the published artefact;
    this is speed).

    >>> ChunkSchema(SCHEMA)({"type": "reset-step"})
    ["type: 'reset-step' is not a UIMessageChunk type (nor data-*)"]
    """

    def __init__(self, schema: dict[str, Any]) -> None:
        self.types = frozenset(schema["$defs"]) - _SHARED_DEFS
        self.by_type: dict[str, Any] = {
            name: jsonschema.Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/{name}"})
            for name in [*self.types, "data-part"]
        }

    def __call__(self, event: Any) -> list[str]:
        if not isinstance(event, dict):
            return [f"chunk is not a JSON object (got {type(event).__name__})"]
        ctype = event.get("type")
        if not isinstance(ctype, str):
            return ["missing or non-string 'type'"]
        if ctype not in self.types and not ctype.startswith("data-"):
            return [f"type: {ctype!r} is not a UIMessageChunk type (nor data-*)"]
        validator = self.by_type["data-part" if ctype not in self.types else ctype]
        errors = sorted(validator.iter_errors(event), key=lambda e: [str(p) for p in e.absolute_path])
        return [format_error(e) for e in errors]


_SCHEMA6 = ChunkSchema(SCHEMA)

# ai 6 `FinishReason` -> the transcript's (TanStack) vocabulary. 'other' and a missing reason are
# "no reason"; 'error' is handled as an error terminal, not a reason.
FINISH_REASONS: dict[str, str] = {
    "stop": "stop",
    "length": "length",
    "content-filter": "content_filter",
    "tool-calls": "tool_calls",
}


def schema_errors(event: Any) -> list[str]:
    """Why one chunk does not match ``ui-message-stream.schema.json`` (``[]`` if it does).

    >>> schema_errors({"type": "finish", "finishReason": "tool_calls"})
    ["finishReason: 'tool_calls' is not one of ['stop', 'length', 'content-filter', 'tool-calls', 'error', 'other']"]
    >>> schema_errors({"type": "TEXT_MESSAGE_CONTENT"})
    ["type: 'TEXT_MESSAGE_CONTENT' is not a UIMessageChunk type (nor data-*)"]
    """
    return _SCHEMA6(event)


# ---------------------------------------------------------------------------------------------
# Lifecycle: the table
# ---------------------------------------------------------------------------------------------

Phase = Literal["before", "running", "finished", "errored", "aborted"]
Role = Literal["start", "finish", "error", "abort", "body", "trailer"]

# A part started again while open: the consumer does not throw, it starts a new part and the first
# one stays 'streaming' for ever (the part-never-ended row); a call's input restarts from "" (its
# streamed arguments are lost). A tool-input-delta after the call completed: the consumer keeps the
# partial input (ai 6 dist/index.js 6435; ai 7 7351: nothing deletes it) and turns the call back to input-streaming, so
# the exposed call changes (8.1.12); a text/reasoning delta after its end throws (8.4.2).
ENTITIES: dict[str, Entity] = {
    # An empty text/reasoning delta with providerMetadata carries it to the part (ai 7.0.173 dist/index.js
    # 7268: Anthropic's thinking signature), and streamText keeps such a delta (:10687): not an empty delta.
    "text": Entity("text part", "id", "8.1.5", dropped_at_step_end=True, empty_delta_row="hygiene.empty-delta",
                   empty_close_row="hygiene.empty-delta", restart_row="8.1.5", late_feed_row="8.4.2",
                   payload_keys=("providerMetadata",)),
    "reasoning": Entity("reasoning part", "id", "8.1.8", dropped_at_step_end=True,
                        empty_delta_row="hygiene.empty-delta", restart_row="8.1.8", late_feed_row="8.4.2",
                        payload_keys=("providerMetadata",)),
    # A completed call started again is re-exposed (the consumer resets it to input-streaming).
    "tool": Entity("tool call", "toolCallId", "8.1.12", delta_key="inputTextDelta",
                   empty_delta_row="hygiene.empty-delta", reopen_row="8.1.12", restart_row="8.1.12",
                   late_feed_row="8.1.12", name_keys=("toolName",)),
}

# chunk type -> (entity kind, "run" or "step", operation). Types not listed (file, source-*, data-*,
# tool-output-denied ...) are neutral body chunks.
CHUNKS: dict[str, tuple[str, Op]] = {
    "start": ("run", "run-start"),
    "finish": ("run", "run-finish"),
    "error": ("run", "run-error"),
    "abort": ("run", "run-abort"),
    "text-start": ("text", "open"),
    "text-delta": ("text", "feed"),
    "text-end": ("text", "close"),
    "reasoning-start": ("reasoning", "open"),
    "reasoning-delta": ("reasoning", "feed"),
    "reasoning-end": ("reasoning", "close"),
    "tool-input-start": ("tool", "open"),
    "tool-input-delta": ("tool", "feed"),
    # The call is exposed as complete: parsed input, or the invalid-input form (row 12/13).
    "tool-input-available": ("tool", "complete"),
    "tool-input-error": ("tool", "complete"),
    # These name an existing call ("No tool invocation found for tool call ID" otherwise).
    "tool-output-available": ("tool", "refer"),
    "tool-output-error": ("tool", "refer"),
    "tool-approval-request": ("tool", "refer"),
    # The consumer drops the open text and reasoning parts here (ai 6 dist/index.js 6634-6637). A
    # "run" event so that it has a role: streamText sends it after an error too (the trailer).
    "finish-step": ("run", "step-end"),
    "start-step": ("step", "step-start"),
    # streamText adds it after any part when messageMetadata is given, the error included (9374-9377).
    "message-metadata": ("run", "run-trailer"),
}

_ROLE: dict[Op, Role] = {"run-start": "start", "run-finish": "finish", "run-error": "error", "run-abort": "abort",
                         "step-end": "trailer", "run-trailer": "trailer"}

_AFTER_END: RunStep[Phase] = RunStep("finished", "8.1.18", "{type} chunk after the run's terminal chunk",
                                     interpret=False)
_AFTER_ABORT: RunStep[Phase] = RunStep("aborted", "8.1.18", "{type} chunk after the abort chunk", interpret=False)
# An abort chunk, or a finish after the abort chunk, changes nothing the reader shows (processUIMessageStream
# has no case for abort, and the aborted message is final): streamText never sends them, a SHOULD.
_NOTHING_SHOWN: RunStep[Phase] = RunStep("finished", "8.1.18", "second terminal chunk {type} (nothing the reader "
                                         "shows changes: a SHOULD)", interpret=False, level="SHOULD")
_FIRST = "first chunk is {type}, not start"
RUN_PHASES: dict[tuple[Phase, Role], RunStep[Phase]] = {
    ("before", "start"): RunStep("running", None),
    ("before", "body"): RunStep("running", "8.1.0", _FIRST),
    ("before", "finish"): RunStep("finished", "8.1.0", _FIRST, interpret=False),
    ("before", "error"): RunStep("errored", "8.1.0", _FIRST, interpret=False),
    ("before", "abort"): RunStep("aborted", "8.1.0", _FIRST, interpret=False),
    ("before", "trailer"): RunStep("running", "8.1.0", _FIRST),
    ("running", "start"): RunStep("running", "8.1.0", "second start chunk in one message", interpret=False),
    ("running", "body"): RunStep("running", None),
    ("running", "trailer"): RunStep("running", None),
    ("running", "finish"): RunStep("finished", None, check_open=True),
    # Parts open at an error are tolerated (L9); which ones is recorded as INFO.
    ("running", "error"): RunStep("errored", None, note_open=True),
    # streamText's abort chunk leaves open parts open; the consumer stops there.
    ("running", "abort"): RunStep("aborted", None),
    ("finished", "start"): _AFTER_END,
    ("finished", "body"): _AFTER_END,
    ("finished", "trailer"): _AFTER_END,
    ("finished", "finish"): RunStep("finished", "8.1.18", "second terminal chunk {type}", interpret=False),
    ("finished", "error"): RunStep("finished", "8.1.18", "second terminal chunk {type}", interpret=False),
    ("finished", "abort"): _NOTHING_SHOWN,
    # streamText forwards everything after an in-band error and readUIMessageStream reads it with the
    # same part rules (see the module docstring): no finding, but the part rules still hold. Parts
    # left open at the error may stay open (L9): finish-step drops them unreported, finish does not check.
    ("errored", "start"): RunStep("errored", "8.1.0", "start chunk after the error chunk (a second message)",
                                  interpret=False),
    ("errored", "body"): RunStep("errored", None),
    ("errored", "trailer"): RunStep("errored", None, quiet_step_end=True),
    ("errored", "finish"): RunStep("finished", None),
    ("errored", "error"): RunStep("errored", None),
    ("errored", "abort"): RunStep("aborted", None),
    ("aborted", "start"): _AFTER_ABORT,
    ("aborted", "body"): _AFTER_ABORT,
    ("aborted", "trailer"): _AFTER_ABORT,
    # A finish after the abort: ai's reader has no abort case and reads the finish's reason (ai 6
    # dist/index.mjs:6590; ai 7 the same), Chat ends as it would at the abort: no consumer breaks.
    # streamText closes at the abort (6 :7966-7972), so it is a producer's habit at most (SHOULD).
    ("aborted", "finish"): RunStep("aborted", "8.1.18", "finish chunk after the abort chunk (streamText ends at the "
                                   "abort; ai's reader reads on)", interpret=False, level="SHOULD"),
    ("aborted", "error"): RunStep("aborted", "8.1.18", "second terminal chunk {type}", interpret=False),
    ("aborted", "abort"): dataclasses.replace(_NOTHING_SHOWN, next="aborted"),
}
ENDED: frozenset[Phase] = frozenset({"finished", "errored", "aborted"})

_NOT_OPEN = "8.4.2"
_EXPOSED_TWICE = "8.1.12"
# Rows that depend on the entity: resolved through its attribute of that name.
_EMPTY_CLOSE = EntityRow("empty_close_row")
_REOPEN = EntityRow("reopen_row")
_RESTART = EntityRow("restart_row")
_LATE_FEED = EntityRow("late_feed_row")
# (state of this id, op) -> (next state, row). "fed" = open with content; "orphan" = content before
# its start (one 8.4.2; a late start then opens a part that already has content). A text or
# reasoning id may be used again after its end (the consumer keys only the active parts). A tool
# call may be completed with no start (an atomic call: tool-input-available alone), but only once.
TRANSITIONS: dict[tuple[State, Op], tuple[State, RowSpec]] = {
    ("absent", "open"): ("open", None),
    ("orphan", "open"): ("fed", None),
    ("open", "open"): ("open", _RESTART),
    ("fed", "open"): ("open", _RESTART),
    ("closed", "open"): ("open", _REOPEN),
    ("absent", "feed"): ("orphan", _NOT_OPEN),
    ("orphan", "feed"): ("orphan", _NOT_OPEN),
    ("open", "feed"): ("fed", None),
    ("fed", "feed"): ("fed", None),
    ("closed", "feed"): ("closed", _LATE_FEED),
    ("absent", "close"): ("absent", _NOT_OPEN),
    ("orphan", "close"): ("closed", _NOT_OPEN),
    ("open", "close"): ("closed", _EMPTY_CLOSE),
    ("fed", "close"): ("closed", None),
    ("closed", "close"): ("closed", _NOT_OPEN),
    ("absent", "complete"): ("closed", None),
    ("orphan", "complete"): ("closed", None),
    ("open", "complete"): ("closed", None),
    ("fed", "complete"): ("closed", None),
    ("closed", "complete"): ("closed", _EXPOSED_TWICE),
    ("absent", "refer"): ("absent", _NOT_OPEN),
    ("orphan", "refer"): ("orphan", None),
    ("open", "refer"): ("open", None),
    ("fed", "refer"): ("fed", None),
    ("closed", "refer"): ("closed", None),
}

WORDING = Wording(
    unreadable="an unreadable",
    finish="the finish chunk",
    error="the error chunk",
    step_end="finish-step (the consumer drops it)",
    no_terminal="stream ended with no finish, error or abort chunk",
    verbs={"open": "opens", "feed": "continues", "close": "ends", "refer": "names"},
    states={
        "absent": "not open (never started)",
        "orphan": "not open (its start has not come)",
        "open": "already open",
        "fed": "already open",
        "closed": "already ended",
    },
    rows={
        "open": "{type} starts {label} {ident!r} again after it was complete (exposed twice)",
        "open@open": "{type} starts {label} {ident!r} again while it is open (the consumer starts a new one; "
                     "the first is never ended)",
        "open@fed": "{type} starts {label} {ident!r} again while it is open (the consumer starts a new one; "
                    "the first is never ended)",
        "feed@closed": "{type} continues {label} {ident!r} after it was complete (the consumer turns it back "
                       "to input-streaming)",
        "complete": "{type} exposes {label} {ident!r} again after it was complete",
        "feed": "{type} for {label} {ident!r} has an empty delta",
        "close": "{label} {ident!r} ended with no content",
    },
)

TABLE: Table[Phase, Role] = Table(
    events=CHUNKS,
    roles=_ROLE,
    body_role="body",
    start_phase="before",
    phases=RUN_PHASES,
    ended=ENDED,
    entities=ENTITIES,
    transitions=TRANSITIONS,
    wording=WORDING,
    message_key="messageId",
    # A finish chunk with neither finishReason nor messageMetadata changes nothing in ai's reader (ai@6.0.326
    # processUIMessageStream 'finish'; ai@7.0.173 dist/index.js:7559-7562), and Chat ends 'ready' with
    # onFinish{isAbort: false, isError: false} once the stream is done, finish or not (ai@7.0.173
    # dist/index.js:22143-22196): toUIMessageStream's own sendFinish: false makes such streams.
    clean_end=("ui.finish-sent", "the stream ends with no finish chunk: ai's reader shows the run finished all the "
                                 "same, and onFinish gets no finish reason"),
)


def lifecycle(events: Sequence[Any]) -> list[Finding]:
    """Apply :data:`RUN_PHASES` and the part :data:`TRANSITIONS` to a whole chunk stream (:data:`TABLE`).

    >>> [f.row for f in lifecycle([{"type": "start"}, {"type": "text-delta", "id": "t", "delta": "x"},
    ...                            {"type": "finish"}])]
    ['8.4.2']
    >>> lifecycle([{"type": "start"}, {"type": "error", "errorText": "x"},  # streamText's own shape
    ...            {"type": "finish-step"}, {"type": "finish", "finishReason": "error"}])
    []
    >>> [f.row for f in lifecycle([{"type": "start"}, {"type": "error", "errorText": "x"},
    ...                            {"type": "text-delta", "id": "t", "delta": "x"}, {"type": "finish"}])]
    ['8.4.2']
    """
    return run_table(TABLE, events)


# ---------------------------------------------------------------------------------------------
# Extraction
# ---------------------------------------------------------------------------------------------


def _until_terminal(events: Sequence[Any]) -> Iterator[dict[str, Any]]:
    """Readable chunks up to and including the first terminal: what the consumer acts on."""
    for event in events:
        if not isinstance(event, dict):
            continue
        yield event
        if event.get("type") in ("finish", "error", "abort"):
            return


# A complete call whose chunk has no ``input`` at all (undefined): no arguments. ``input: null`` is the JSON
# null the client runs the tool with (ai 6.0.326 dist/index.mjs:6452 keeps ``chunk.input`` as it is).
NO_INPUT: Any = object()


def _input_text(value: Any, invalid: bool) -> str:
    """The argument text a complete call carries when no deltas streamed (atomic call).

    >>> _input_text(None, False), _input_text(NO_INPUT, False), _input_text({"a": 1}, False)
    ('null', '', '{"a":1}')
    """
    if invalid and isinstance(value, str):
        return value  # tool-input-error keeps the raw, unparsable text as its input
    if value is NO_INPUT:
        return ""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class _Extraction:
    """One pass over a chunk stream: what ``Chat`` has built so far.

    Each chunk type has one small handler (:data:`_HANDLERS`); :meth:`transcript` turns the
    state into the :class:`Transcript` at the end. ``resets``: ``reset-step`` removes the current
    step's parts (ai 7 ``processUIMessageStream``, ai 7.0.173 dist/index.js 7536-7545); ai 6 ignores
    that type.
    """

    def __init__(self, resets: bool = False, ai5: bool = False) -> None:
        self.resets = resets
        # ai 5's reader has no inputEncoding (a text-encoded input is parsed as JSON) and no approvals
        # (ai 5.0.277 processUIMessageStream, dist/index.mjs:3744-4240, has no tool-approval-request case).
        self.ai5 = ai5
        self.mark: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)  # sizes at the current step's start
        self.text: list[str] = []
        self.reasoning: list[str] = []
        self.names: dict[str, str] = {}  # call id -> name, in order of first appearance
        self.args: dict[str, list[str]] = {}
        self.text_input: set[str] = set()  # calls started with inputEncoding 'text': raw text, not JSON
        self.open_calls: set[str] = set()
        self.completed: dict[str, tuple[Any, bool]] = {}  # call id -> (input, invalid)
        self.provider: set[str] = set()
        self.results: list[ToolResultRecord] = []
        self.approvals: dict[str, str] = {}  # approval id -> call id
        self.terminal: dict[str, Any] | None = None

    def chunk(self, event: dict[str, Any]) -> None:
        ctype = event.get("type")
        handler = _HANDLERS.get(ctype) if isinstance(ctype, str) else None
        if handler is not None:
            handler(self, event, first_str(event.get("toolCallId")))

    def step_start(self, _event: dict[str, Any], _call_id: str | None) -> None:
        self.mark = (len(self.text), len(self.reasoning), len(self.names), len(self.results), len(self.approvals))

    def step_reset(self, _event: dict[str, Any], _call_id: str | None) -> None:
        if not self.resets:
            return
        text, reasoning, names, results, approvals = self.mark
        del self.text[text:], self.reasoning[reasoning:], self.results[results:]
        for call_id in list(self.names)[names:]:
            for table in (self.names, self.args, self.completed):
                table.pop(call_id, None)
            self.provider.discard(call_id)
            self.text_input.discard(call_id)
        for approval_id in list(self.approvals)[approvals:]:
            del self.approvals[approval_id]
        self.open_calls.clear()  # partialToolCalls are cleared: a later delta has no call

    def note_provider(self, event: dict[str, Any], call_id: str | None) -> None:
        if call_id is not None and event.get("providerExecuted") is True:
            self.provider.add(call_id)

    def text_delta(self, event: dict[str, Any], _call_id: str | None) -> None:
        if isinstance(event.get("delta"), str):
            self.text.append(event["delta"])

    def reasoning_delta(self, event: dict[str, Any], _call_id: str | None) -> None:
        if isinstance(event.get("delta"), str):
            self.reasoning.append(event["delta"])

    def tool_start(self, event: dict[str, Any], call_id: str | None) -> None:
        if call_id is not None and call_id not in self.completed:
            name = first_str(event.get("toolName"))
            if call_id not in self.names and name is not None:
                self.names[call_id] = name
                self.args[call_id] = []
                if event.get("inputEncoding") == "text" and not self.ai5:
                    # ai 7.0.173 dist/index.js:7359 (ai 6.0.326 dist/index.mjs:6374) shows text deltas as the
                    # string they join to; the call's input is that string, JSON-encoded in the tool-call.
                    self.text_input.add(call_id)
            self.open_calls.add(call_id)
        self.note_provider(event, call_id)

    def tool_delta(self, event: dict[str, Any], call_id: str | None) -> None:
        if call_id in self.open_calls and isinstance(event.get("inputTextDelta"), str):
            self.args.setdefault(call_id, []).append(event["inputTextDelta"])

    def tool_complete(self, event: dict[str, Any], call_id: str | None) -> None:
        # A call completed twice, or completed with no start and no name, is ignored entirely
        # (its providerExecuted flag too).
        if call_id is None or call_id in self.completed:
            return
        if call_id not in self.names:
            name = first_str(event.get("toolName"))
            if name is None:
                return
            self.names[call_id] = name
        self.open_calls.discard(call_id)
        self.completed[call_id] = (event.get("input", NO_INPUT), event.get("type") == "tool-input-error")
        self.note_provider(event, call_id)

    def tool_output(self, event: dict[str, Any], call_id: str | None) -> None:
        if call_id is not None:
            self.results.append(ToolResultRecord(tool_call_id=call_id, result=event.get("output"),
                                                 preliminary=event.get("preliminary") is True))

    def tool_output_error(self, event: dict[str, Any], call_id: str | None) -> None:
        if call_id is not None and self.answers_invalid_call(call_id):
            # streamText answers a call it could not accept (unparsable input, unknown tool) itself:
            # ai 6.0.326 dist/index.mjs:7265 enqueues a tool-error for an invalid call that is not
            # provider-executed, which toUIMessageStream sends as tool-output-error (:9234) after the
            # tool-input-error (:9177). That is the producer's answer, not a provider's tool result
            # (row 8.1.14); ai 7 no longer sends it (7.0.173 dist/index.js:8034).
            return
        if call_id is not None:
            self.results.append(ToolResultRecord(tool_call_id=call_id,
                                                 result=tool_result_value(event.get("errorText")),
                                                 is_error=True))

    def answers_invalid_call(self, call_id: str) -> bool:
        """The call was completed by ``tool-input-error`` and not executed by the provider."""
        completed = self.completed.get(call_id)
        return completed is not None and completed[1] and call_id not in self.provider

    def approval(self, event: dict[str, Any], call_id: str | None) -> None:
        approval_id = first_str(event.get("approvalId"))
        if call_id is not None and approval_id is not None and not self.ai5:
            self.approvals.setdefault(approval_id, call_id)

    def end(self, event: dict[str, Any], _call_id: str | None) -> None:
        self.terminal = event

    def calls(self) -> list[ToolCallRecord]:
        executed = self.provider | {r.tool_call_id for r in self.results}
        calls = []
        for call_id, name in self.names.items():
            if call_id not in self.completed:
                continue  # started but never complete: not exposed to the consumer
            value, invalid = self.completed[call_id]
            streamed = self.args.get(call_id) or []
            args_text = "".join(streamed) if streamed else _input_text(value, invalid)
            if streamed and call_id in self.text_input:
                args_text = json.dumps(args_text, ensure_ascii=False)  # JSON.stringify of the joined text
            # tool-input-error.input is what readUIMessageStream keeps as the part's rawInput (ai 6.0.326
            # dist/index.mjs:6452): the raw text under 'raw' (parseToolCall, dist/index.mjs:4155).
            fallback = None if value is NO_INPUT else value
            record = tool_call_record(call_id, name, args_text, fallback, call_id in executed)
            if not invalid and not record.malformed and streamed:
                # The client runs the tool with tool-input-available.input, whatever the deltas said.
                record = record.model_copy(update={"args": fallback})
            calls.append(record)
        return calls

    def transcript(self) -> Transcript:
        transcript = Transcript(
            text="".join(self.text),
            reasoning="".join(self.reasoning),
            tool_calls=self.calls(),
            tool_results=self.results,
            approvals=[ApprovalRecord(approval_id=a, tool_call_id=c, tool_name=self.names.get(c))
                       for a, c in self.approvals.items()],
            terminal="none",
        )
        terminal = self.terminal
        if terminal is None:
            return transcript
        ctype = terminal.get("type")
        reason = terminal.get("finishReason")
        if ctype == "finish" and reason != "error":
            transcript.terminal = "finished"
            transcript.finish_reason = FINISH_REASONS.get(reason) if isinstance(reason, str) else None  # type: ignore[assignment]
        elif ctype == "abort":
            transcript.terminal = "aborted"
        else:
            transcript.terminal = "error"
            transcript.error = ErrorRecord(message=first_str(terminal.get("errorText")))
        return transcript


# chunk type -> what reading it does to the extraction (types not listed carry no meaning here).
_HANDLERS: dict[str, Callable[[_Extraction, dict[str, Any], str | None], None]] = {
    "start-step": _Extraction.step_start,
    "reset-step": _Extraction.step_reset,
    "text-delta": _Extraction.text_delta,
    "reasoning-delta": _Extraction.reasoning_delta,
    "tool-input-start": _Extraction.tool_start,
    "tool-input-delta": _Extraction.tool_delta,
    "tool-input-available": _Extraction.tool_complete,
    "tool-input-error": _Extraction.tool_complete,
    "tool-output-available": _Extraction.tool_output,
    "tool-output-error": _Extraction.tool_output_error,
    "tool-approval-request": _Extraction.approval,
    "finish": _Extraction.end,
    "error": _Extraction.end,
    "abort": _Extraction.end,
}


def extract(events: Sequence[Any]) -> Transcript:
    """The normalized transcript a UI message stream means (what ``Chat`` would build).

    >>> t = extract([{"type": "start"},
    ...              {"type": "tool-input-available", "toolCallId": "c1", "toolName": "f", "input": {"a": 1}},
    ...              {"type": "tool-output-error", "toolCallId": "c1", "errorText": "boom"},
    ...              {"type": "finish", "finishReason": "other"}])
    >>> [(c.id, c.args_text) for c in t.tool_calls], t.tool_results[0].is_error, t.finish_reason
    ([('c1', '{"a":1}')], True, None)
    >>> extract([{"type": "start"}, {"type": "error", "errorText": "rate limited"}]).error
    ErrorRecord(message='rate limited', code=None)
    """
    return extract_chunks(events, resets=False)


def extract_chunks(events: Sequence[Any], resets: bool, ai5: bool = False) -> Transcript:
    """:func:`extract` for any version; ``resets``: ``reset-step`` discards the step (ai 7); ``ai5``: no
    ``inputEncoding`` and no approvals (ai 5).

    >>> steps = [{"type": "start"}, {"type": "start-step"}, {"type": "text-start", "id": "t"},
    ...          {"type": "text-delta", "id": "t", "delta": "draft"}, {"type": "reset-step"},
    ...          {"type": "start-step"}, {"type": "text-start", "id": "t"},
    ...          {"type": "text-delta", "id": "t", "delta": "final"}, {"type": "text-end", "id": "t"},
    ...          {"type": "finish-step"}, {"type": "finish", "finishReason": "stop"}]
    >>> extract_chunks(steps, resets=True).text, extract_chunks(steps, resets=False).text
    ('final', 'draftfinal')
    """
    extraction = _Extraction(resets, ai5)
    for event in _until_terminal(events):
        extraction.chunk(event)
    return extraction.transcript()


def exposures(events: Sequence[Any]) -> dict[str, int]:
    """Index of the first ``tool-input-available`` / ``tool-input-error`` per tool call id.

    >>> exposures([{"type": "tool-input-start", "toolCallId": "c1", "toolName": "f"},
    ...            {"type": "tool-input-error", "toolCallId": "c1", "toolName": "f", "input": "{", "errorText": "x"}])
    {'c1': 1}
    """
    out: dict[str, int] = {}
    for index, event in enumerate(events):
        if event_type(event) in ("tool-input-available", "tool-input-error"):
            call_id = event.get("toolCallId")
            if isinstance(call_id, str):
                out.setdefault(call_id, index)
    return out


# The abort POLICY choices as UI message stream chunks. 'cancelled' is streamText's `abort` chunk (ai 6
# dist/index.mjs:7966-7972), 'run-error' one `error` chunk: the chunk has errorText only, so no code can say
# "aborted", and useChat shows an error either way. Open parts may be ended first; streamText sends
# finish-step and finish after an error (9323-9377), and a finish after the abort is read on by ai's reader
# (no 'abort' case, 6590): the lifecycle grades that finish, at SHOULD. A `start` chunk carries no content
# (processUIMessageStream only sets the message id and metadata on it): one that comes out after an immediate
# abort (an agent that awaits the upstream's first part before its stream starts, as VoltAgent's streamText
# does) shows the user what the same `start` before the abort shows, so no policy counts it.
ABORT = AbortVocabulary(
    allowed={"silent": frozenset({"start"}),
             "run-error": frozenset({"start", "error", "text-end", "reasoning-end", "finish-step", "finish"}),
             "cancelled": frozenset({"start", "abort", "text-end", "reasoning-end", "finish-step", "finish"})},
    terminals=frozenset({"finish", "error", "abort"}),
    trailing=frozenset({"finish"}),
    said={"silent": "nothing more after the abort", "run-error": "one error chunk (it has no code)",
          "cancelled": "one abort chunk"},
    error_is_abort=True,
    # A transient data part goes to onData only, never into the message (ai 6 processUIMessageStream).
    inert=lambda e: isinstance(e, dict) and str(e.get("type", "")).startswith("data-") and e.get("transient") is True,
)


def unrun_calls(events: Sequence[Any]) -> frozenset[str]:
    """The calls a ``tool-input-error`` ended: ai's reader marks the part ``output-error`` with the error
    text and nothing runs it (ai 6.0.326 dist/index.mjs:6452, ``rawInput``/``input`` typed unknown); streamText
    itself answers it (:7260-7276).

    >>> sorted(unrun_calls([{"type": "tool-input-error", "toolCallId": "c1", "input": "{"}, {"type": "finish"}]))
    ['c1']
    """
    ended = exposures(events)
    return frozenset(call for call, index in ended.items() if event_type(events[index]) == "tool-input-error")


def http_failure(body: str) -> tuple[dict[str, Any], ...]:
    """What an HTTP error answer before the stream is to the client: the request failed with the body's text.

    ``DefaultChatTransport`` throws ``new Error(await response.text())`` on a non-2xx answer (ai 6.0.326
    dist/index.mjs:14651-14655; ai 7.0.173 dist/index.js:21536 createUIApiCallError) and ``Chat`` ends
    with status 'error' and that error (6 :15317), no assistant message added: the stream a producer
    would have sent for that is ``start`` (no message id, so no message is written) then ``error``.

    >>> [e["type"] for e in http_failure("overloaded")]
    ['start', 'error']
    """
    return ({"type": "start"}, {"type": "error", "errorText": body or "Failed to fetch the chat response."})


def hands_over_input(event: Any) -> bool:
    """``tool-input-available``: the reader puts the call in state input-available with that input and
    ``onToolCall`` runs it (ai@6.0.326 dist/index.mjs:6401-6431); a ``tool-input-error`` does not.

    >>> hands_over_input({"type": "tool-input-available"}), hands_over_input({"type": "tool-input-error"})
    (True, False)
    """
    return event_type(event) == "tool-input-available"


PROTOCOL = OutputProtocol(
    name=NAME,
    usage_fields=USAGE_FIELDS,
    schema_errors=schema_errors,
    lifecycle=lifecycle,
    extract=extract,
    exposures=exposures,
    hands_over_input=hands_over_input,
    expresses_model=EXPRESSES_MODEL,
    expresses_error_code=EXPRESSES_ERROR_CODE,
    expresses_structured=EXPRESSES_STRUCTURED,
    content_types=frozenset({"text-delta", "reasoning-delta", "tool-input-delta", "tool-output-available",
                             "tool-output-error", "file", "source-url", "source-document"}),
    # The UI message stream's finish is the AI SDK provider's unified reason, passed through (ai@6.0.326
    # dist/index.mjs:7215, 8566, 9283), and both AI SDK OpenAI providers read 'stop' after a refusal as
    # content-filter (@ai-sdk/openai 4.0.118 dist/index.js:1684, :4264; @ai-sdk/openai-compatible 3.0.92
    # dist/index.js:345): a refusal's finish stays content_filter (row 8.2.content-filter, issue 15). A provider
    # that never reads the refusal (an empty answer) passes the wire's 'stop' on, which conformance/refusal.py
    # accepts as the 'dropped' reading (@openrouter/ai-sdk-provider 3.1.0).
    refusal_finishes=frozenset({"content_filter"}),
    abort=ABORT,
    http_failure=http_failure,
    # ai's reader adds a tool part at the call's first chunk (tool-input-start, or tool-input-available for a
    # call sent whole: ai 6.0.326 dist/index.mjs:6325, 6401; updateToolPart 6082-6119 pushes a new part), and
    # streamText sends a call whose input was not streamed when its tool-call part comes: the order the
    # inputs completed is an order the consumer shows.
    calls_in_completion_order=True,
    unrun_calls=unrun_calls,
    clean_end=TABLE.clean_end,
)
