"""Generate conformance/schemas/ui-message-stream.schema.json from the ``UIMessageChunk`` table below.

The table is the published ``ai`` 6.0.326 type, field by field: ``UIMessageChunk`` in
``dist/index.d.ts`` and the zod ``uiMessageChunkSchema`` in ``dist/index.js`` (``npm pack
ai@6.0.326``). Every chunk is a zod ``looseObject``: extra keys are allowed.

Usage: ``python tools/gen_ui_message_stream_schema.py`` (write) or ``--check`` (exit 1 if stale).
``tests/test_ui_message_stream.py`` runs the check, so the schema cannot drift from the table.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "conformance" / "schemas" / "ui-message-stream.schema.json"

S: dict[str, Any] = {"type": "string"}
B: dict[str, Any] = {"type": "boolean"}
ANY: dict[str, Any] = {}  # zod `unknown`: any JSON value, null included
PM: dict[str, Any] = {"$ref": "#/$defs/providerMetadata"}
TM: dict[str, Any] = {"$ref": "#/$defs/jsonObject"}
# ai 6 `FinishReason` (ai 5 also had 'unknown'; ai 7 adds 'interrupted').
FINISH: dict[str, Any] = {"enum": ["stop", "length", "content-filter", "tool-calls", "error", "other"]}
TOOL: dict[str, Any] = {"providerExecuted": B, "providerMetadata": PM, "toolMetadata": TM, "dynamic": B}


def chunk(required: dict[str, Any], optional: dict[str, Any]) -> dict[str, Any]:
    """One chunk type: ``type`` plus its required and optional fields.

    >>> chunk({"id": S}, {})["required"]
    ['type', 'id']
    """
    return {"type": "object", "required": ["type", *required], "properties": {**required, **optional}}


# `input`, `output`, `data` and `message-metadata.messageMetadata` are required as the TypeScript
# type declares them (`input: unknown`); zod `unknown` accepts any value there, null included.
CHUNKS: dict[str, dict[str, Any]] = {
    "text-start": chunk({"id": S}, {"providerMetadata": PM}),
    "text-delta": chunk({"id": S, "delta": S}, {"providerMetadata": PM}),
    "text-end": chunk({"id": S}, {"providerMetadata": PM}),
    "reasoning-start": chunk({"id": S}, {"providerMetadata": PM}),
    "reasoning-delta": chunk({"id": S, "delta": S}, {"providerMetadata": PM}),
    "reasoning-end": chunk({"id": S}, {"providerMetadata": PM}),
    "error": chunk({"errorText": S}, {}),
    "tool-input-start": chunk({"toolCallId": S, "toolName": S},
                              {"inputEncoding": {"enum": ["json", "text"]}, **TOOL, "title": S}),
    "tool-input-delta": chunk({"toolCallId": S, "inputTextDelta": S}, {}),
    "tool-input-available": chunk({"toolCallId": S, "toolName": S, "input": ANY}, {**TOOL, "title": S}),
    "tool-input-error": chunk({"toolCallId": S, "toolName": S, "input": ANY, "errorText": S}, {**TOOL, "title": S}),
    "tool-approval-request": chunk({"approvalId": S, "toolCallId": S},
                                   {"approvalDescriptor": ANY, "inputSchemaInput": ANY, "signature": S}),
    "tool-output-available": chunk({"toolCallId": S, "output": ANY}, {**TOOL, "preliminary": B}),
    "tool-output-error": chunk({"toolCallId": S, "errorText": S}, TOOL),
    "tool-output-denied": chunk({"toolCallId": S}, {}),
    "source-url": chunk({"sourceId": S, "url": S}, {"title": S, "providerMetadata": PM}),
    "source-document": chunk({"sourceId": S, "mediaType": S, "title": S}, {"filename": S, "providerMetadata": PM}),
    "file": chunk({"url": S, "mediaType": S}, {"providerMetadata": PM}),
    "start-step": chunk({}, {}),
    "finish-step": chunk({}, {}),
    "start": chunk({}, {"messageId": S, "messageMetadata": ANY}),
    "finish": chunk({}, {"finishReason": FINISH, "messageMetadata": ANY}),
    "abort": chunk({}, {"reason": S}),
    "message-metadata": chunk({"messageMetadata": ANY}, {}),
}


def schema() -> dict[str, Any]:
    """The whole JSON Schema: dispatch on ``type`` (if/then), so errors name the offending field.

    >>> s = schema()
    >>> s["$defs"]["finish"]["properties"]["finishReason"]["enum"][-1]
    'other'
    """
    all_of: list[dict[str, Any]] = [
        {"required": ["type"], "properties": {"type": {"type": "string"}}},
        {"anyOf": [{"properties": {"type": {"enum": sorted(CHUNKS)}}},
                   {"properties": {"type": {"pattern": "^data-"}}}]},
    ]
    for name in CHUNKS:
        all_of.append({"if": {"properties": {"type": {"const": name}}, "required": ["type"]},
                       "then": {"$ref": f"#/$defs/{name}"}})
    all_of.append({"if": {"properties": {"type": {"pattern": "^data-"}}, "required": ["type"]},
                   "then": {"$ref": "#/$defs/data-part"}})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://stream-adapter-conformance.local/schemas/ui-message-stream.schema.json",
        "title": "AI SDK UI message stream chunk (UIMessageChunk, ai 6.0.326)",
        "description": "One chunk of the AI SDK UI message stream protocol v1 (x-vercel-ai-ui-message-stream: v1), "
                       "written from the published `ai` 6.0.326 package: dist/index.d.ts `UIMessageChunk` and the "
                       "zod `uiMessageChunkSchema` in dist/index.js (spec-reference 2.2). Every chunk is a zod "
                       "looseObject, so extra keys are allowed. `finish.finishReason` is the ai 6 enum (no "
                       "'unknown'; ai 7 adds 'interrupted'). `input`, `output`, `data` and "
                       "`message-metadata.messageMetadata` are required as the TypeScript type declares them (zod "
                       "`unknown`: any JSON value, null included). Dispatch is by `type` (if/then), so errors name "
                       "the offending field. Generated by tools/gen_ui_message_stream_schema.py.",
        "allOf": all_of,
        "$defs": {
            "jsonObject": {"type": "object"},
            "providerMetadata": {"type": "object", "additionalProperties": {"type": "object"}},
            **CHUNKS,
            "data-part": chunk({"data": ANY}, {"id": S, "transient": B}),
        },
    }


def render() -> str:
    return json.dumps(schema(), indent=2) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == render() else 1)
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}")
