"""AI SDK UI message stream as ``ai`` 5.0.277 speaks it (``ui-message-stream@5``): ai 6's tables, changed.

``ui-message-stream`` (:mod:`conformance.protocols.ui_message_stream`) is ai 6.0.326; an adapter
that declares ``Capabilities.output == "ui-message-stream@5"`` is graded by this module, which
reuses every ai 6 table and states only what ai 5 differs in (``npm pack ai@5.0.277``,
``dist/index.mjs``; ``tools/ui-stream-oracle`` runs ai 5's own schema and reader on the same streams):

* the schema (``conformance/schemas/ui-message-stream-5.schema.json``, generated from the same field
  table by ``tools/gen_ui_message_stream_schema.py``; zod ``uiMessageChunkSchema`` lines 3142-3288):
  the finish reason ``'unknown'`` (lines 3270-3278), which ai 6 refuses; no ``tool-approval-request``
  or ``tool-output-denied`` chunk (the transports refuse them); no ``inputEncoding``, ``title`` or
  ``toolMetadata`` on the tool chunks and no ``abort.reason`` (a looseObject lets them through unread);
* ``processUIMessageStream`` (line 3744) throws where ai 6's throws, with a ``TypeError`` instead of
  ``UIMessageStreamError`` for a delta or end of a part that is not open (lines 3908-3960: it reads
  ``undefined.text``) and a plain ``Error`` for a tool output naming no call (3787, 3811): the same
  row, 8.4.2. One more throw: a ``tool-output-available``/``tool-output-error`` looks for a
  ``dynamic-tool`` part when the chunk says ``dynamic: true`` and for a static ``tool-*`` part
  otherwise (lines 4091-4160; ai 6 follows the part it finds), so an output whose ``dynamic`` flag
  is not the call's throws (8.4.2, :func:`lifecycle`);
* a tool input streamed with ``inputEncoding: 'text'`` is parsed as JSON like any other (line
  4011-4020: ai 5 has no input encoding): the transcript keeps the joined text as the arguments;
* no approvals: ai 5's reader has no ``tool-approval-request`` case, so the transcript has none.

``'unknown'`` is "no reason" in the transcript, as ``'other'`` (the ``unknown_finish`` declaration
covers both): ai 5's ``FinishReason`` says "the model has not transmitted a finish reason".

Example:
    >>> schema_errors({"type": "finish", "finishReason": "unknown"})
    []
    >>> from conformance.protocols import ui_message_stream as ai6
    >>> ai6.schema_errors({"type": "finish", "finishReason": "unknown"})  # doctest: +ELLIPSIS
    ["finishReason: 'unknown' is not one of [...]"]
    >>> extract([{"type": "start"}, {"type": "finish", "finishReason": "unknown"}]).finish_reason is None
    True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from conformance.findings import Finding
from conformance.protocols import ui_message_stream as ai6
from conformance.protocols.agui import first_str
from conformance.protocols.base import OutputProtocol
from conformance.protocols.lifecycle import Op, Table
from conformance.protocols.lifecycle import run as run_table
from mock_provider.transcript import Transcript

NAME = "ui-message-stream@5"
SCHEMA_PATH = ai6.SCHEMA_PATH.with_name("ui-message-stream-5.schema.json")
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
_SCHEMA5 = ai6.ChunkSchema(SCHEMA)
CHUNK_TYPES: frozenset[str] = _SCHEMA5.types

# ai 5's reader has no tool-approval-request case: the chunk is ignored (and the schema refuses it).
CHUNKS: dict[str, tuple[str, Op]] = {k: v for k, v in ai6.CHUNKS.items() if k != "tool-approval-request"}
TABLE: Table[ai6.Phase, ai6.Role] = dataclasses.replace(ai6.TABLE, events=CHUNKS)

_TERMINALS = ("finish", "abort")
_INPUT_CHUNKS = ("tool-input-start", "tool-input-available", "tool-input-error")
_OUTPUT_CHUNKS = ("tool-output-available", "tool-output-error")


def schema_errors(event: Any) -> list[str]:
    """Why one chunk does not match ``ui-message-stream-5.schema.json`` (``[]`` if it does).

    >>> schema_errors({"type": "tool-output-denied", "toolCallId": "c"})
    ["type: 'tool-output-denied' is not a UIMessageChunk type (nor data-*)"]
    """
    return _SCHEMA5(event)


def lifecycle(events: Sequence[Any]) -> list[Finding]:
    """The ai 6 lifecycle (:data:`TABLE`), plus ai 5's one further throw: a tool output whose ``dynamic``
    flag names a kind of part (``dynamic-tool`` or ``tool-*``) the call does not have.

    >>> [f.row for f in lifecycle([{"type": "start"},
    ...     {"type": "tool-input-available", "toolCallId": "c", "toolName": "f", "input": {}, "dynamic": True},
    ...     {"type": "tool-output-available", "toolCallId": "c", "output": 1}, {"type": "finish"}])]
    ['8.4.2']
    """
    findings = run_table(TABLE, events)
    flagged = {f.event_index for f in findings if f.row == "8.4.2"}
    for index, call_id, dynamic in _dynamic_mismatches(events):
        if index not in flagged:
            kind = "dynamic-tool" if dynamic else "static tool"
            findings.append(Finding(
                "8.4.2", f"{events[index]['type']} for tool call {call_id!r} says dynamic={dynamic}: ai 5's reader "
                f"looks for a {kind} part of that call, there is none (it throws)",
                event_index=index, source="lifecycle", tool_call_id=call_id))
    return sorted(findings, key=lambda f: -1 if f.event_index is None else f.event_index)


def _dynamic_mismatches(events: Sequence[Any]) -> list[tuple[int, str, bool]]:
    """Outputs, up to the terminal, naming a call that has parts but none of the kind the chunk's flag picks
    (ai 5.0.277 dist/index.mjs:4091-4160: ``chunk.dynamic`` chooses getDynamicToolInvocation or
    getToolInvocation; an input chunk makes a part of the kind its own flag says, 3983-4090)."""
    kinds: dict[str, set[bool]] = {}
    out = []
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            continue
        ctype, call_id = event.get("type"), first_str(event.get("toolCallId"))
        if ctype in _TERMINALS:
            break
        if call_id is None:
            continue
        dynamic = bool(event.get("dynamic"))
        if ctype in _INPUT_CHUNKS:
            kinds.setdefault(call_id, set()).add(dynamic)
        elif ctype in _OUTPUT_CHUNKS and call_id in kinds and dynamic not in kinds[call_id]:
            out.append((index, call_id, dynamic))
    return out


def extract(events: Sequence[Any]) -> Transcript:
    """The transcript ai 5's ``Chat`` builds: a text-encoded input is JSON text, and no approvals.

    >>> extract([{"type": "start"}, {"type": "tool-input-start", "toolCallId": "c", "toolName": "f",
    ...                                "inputEncoding": "text"},
    ...          {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": "hi"},
    ...          {"type": "tool-input-available", "toolCallId": "c", "toolName": "f", "input": "hi"},
    ...          {"type": "finish"}]).tool_calls[0].args_text
    'hi'
    """
    return ai6.extract_chunks(events, resets=False, ai5=True)


PROTOCOL: OutputProtocol = dataclasses.replace(ai6.PROTOCOL, name=NAME, schema_errors=schema_errors,
                                               lifecycle=lifecycle, extract=extract)
