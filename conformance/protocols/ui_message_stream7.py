"""AI SDK UI message stream as ``ai`` 7.0.173 speaks it (``ui-message-stream@7``): ai 6's tables, changed.

``ui-message-stream`` (:mod:`conformance.protocols.ui_message_stream`) is ai 6.0.326; an adapter
that declares ``Capabilities.output == "ui-message-stream@7"`` is graded by this module, which
reuses every ai 6 table and states only what ai 7 changed (``npm pack ai@7.0.173``,
``dist/index.js``; protocol-drift-2026-11 1.2 row 3, 1.3.2):

* the schema (``conformance/schemas/ui-message-stream-7.schema.json``, generated from the same field
  table by ``tools/gen_ui_message_stream_schema.py``; zod ``uiMessageChunkSchema`` lines 6715-6911):
  new chunks ``custom``, ``reasoning-file``, ``reset-step``, ``steering-message`` and
  ``tool-approval-response``; finish reason ``interrupted``; optional ``text-end.citations`` and
  ``tool-approval-request.reason``/``isAutomatic``;
* ``finish-step`` no longer drops the open text and reasoning parts (``processUIMessageStream``
  line 7535: ``case "finish-step": break``): a text part may continue across it;
* ``reset-step`` (lines 7536-7545) removes the current step's parts and forgets the open text,
  reasoning and partial tool calls: a later delta for one of them is an error, and the step's ids
  may be used afresh; what the step said is gone from the message (the transcript drops it too);
* ``finish{finishReason:'interrupted'}`` reports an incomplete output in band: the published type
  says "provider stream ended without a completion signal; output may be incomplete"
  (``dist/index.d.ts:126``), and ``Chat`` treats it like an error or an abort for what follows (it
  remembers the message as interrupted, pauses its queue and makes no automatic follow-up request,
  ``dist/index.js:22185-22202``). The transcript reads it as an error terminal, the truncation
  reported, which is what row 8.1.19's recommended choice (``missing_finish: error``) asks for
  (:data:`PROTOCOL` ``incomplete_finish``; :mod:`conformance.expectations`).

``custom``, ``reasoning-file``, ``steering-message`` and ``tool-approval-response`` are neutral
body chunks here: they add parts (or mark an approval) and carry nothing the transcript compares.
A ``tool-approval-response`` naming an approval id no ``tool-approval-request`` of the message asked
for makes the consumer throw (lines 7092-7099): 8.4.2, as every chunk naming what is not there.

Example:
    >>> events = [{"type": "start"}, {"type": "start-step"}, {"type": "text-start", "id": "t"},
    ...           {"type": "text-delta", "id": "t", "delta": "Hi"}, {"type": "finish-step"},
    ...           {"type": "start-step"}, {"type": "text-delta", "id": "t", "delta": "!"},
    ...           {"type": "text-end", "id": "t"}, {"type": "finish-step"}, {"type": "finish"}]
    >>> lifecycle(events), extract(events).text
    ([], 'Hi!')
    >>> from conformance.protocols import ui_message_stream as ai6
    >>> [f.row for f in ai6.lifecycle(events)]
    ['8.1.5', '8.4.2', '8.4.2']
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from conformance.findings import Finding
from conformance.protocols import ui_message_stream as ai6
from conformance.protocols.base import OutputProtocol
from conformance.protocols.lifecycle import Entity, Op, Table
from conformance.protocols.lifecycle import run as run_table
from mock_provider.transcript import ErrorRecord, Transcript

NAME = "ui-message-stream@7"
SCHEMA_PATH = ai6.SCHEMA_PATH.with_name("ui-message-stream-7.schema.json")
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
_SCHEMA7 = ai6.ChunkSchema(SCHEMA)
CHUNK_TYPES: frozenset[str] = _SCHEMA7.types

# ai 7 drops open parts at reset-step only, and the partial tool calls with them (line 7538-7540).
ENTITIES: dict[str, Entity] = {
    **ai6.ENTITIES,
    "tool": dataclasses.replace(ai6.ENTITIES["tool"], dropped_at_step_end=True),
}
CHUNKS: dict[str, tuple[str, Op]] = {
    **ai6.CHUNKS,
    # A step boundary only (line 7535); still part of streamText's trailer after an error.
    "finish-step": ("run", "run-trailer"),
    "reset-step": ("step", "step-reset"),
}
# A tool-approval-response must answer an approval a tool part carries (getToolInvocationByApprovalId,
# lines 7092-7099, throws otherwise: 8.4.2).
TABLE: Table[ai6.Phase, ai6.Role] = dataclasses.replace(
    ai6.TABLE, events=CHUNKS, entities=ENTITIES,
    approvals=("tool-approval-request", "tool-approval-response", "approvalId"))


def schema_errors(event: Any) -> list[str]:
    """Why one chunk does not match ``ui-message-stream-7.schema.json`` (``[]`` if it does).

    >>> schema_errors({"type": "finish", "finishReason": "interrupted"})
    []
    >>> schema_errors({"type": "custom"})
    ["<event>: 'kind' is a required property"]
    """
    return _SCHEMA7(event)


def lifecycle(events: Sequence[Any]) -> list[Finding]:
    """The ai 6 lifecycle with ai 7's step rules (:data:`TABLE`).

    >>> [f.row for f in lifecycle([{"type": "start"}, {"type": "start-step"}, {"type": "text-start", "id": "t"},
    ...                            {"type": "reset-step"}, {"type": "text-delta", "id": "t", "delta": "x"},
    ...                            {"type": "finish"}])]
    ['8.4.2']
    """
    return run_table(TABLE, events)


def extract(events: Sequence[Any]) -> Transcript:
    """The transcript ai 7's ``Chat`` builds: a reset step's parts are gone.

    >>> extract([{"type": "start"}, {"type": "finish", "finishReason": "interrupted"}]).terminal
    'error'
    >>> extract([{"type": "start"}, {"type": "finish", "finishReason": "other"}]).terminal
    'finished'
    """
    transcript = ai6.extract_chunks(events, resets=True)
    if transcript.terminal == "finished" and _finish_reason(events) == INCOMPLETE:
        transcript.terminal = "error"
        transcript.error = ErrorRecord(message=f"finish {INCOMPLETE}: output may be incomplete")
    return transcript


INCOMPLETE = "interrupted"


def _finish_reason(events: Sequence[Any]) -> Any:
    """The ``finishReason`` of the first terminal chunk (what the consumer acts on)."""
    for event in events:
        if isinstance(event, dict) and event.get("type") in ("finish", "error", "abort"):
            return event.get("finishReason")
    return None


PROTOCOL: OutputProtocol = dataclasses.replace(ai6.PROTOCOL, name=NAME, schema_errors=schema_errors,
                                               lifecycle=lifecycle, extract=extract,
                                               incomplete_finish=INCOMPLETE)
