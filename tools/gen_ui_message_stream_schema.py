"""Generate the UI message stream schemas (ai 5, 6 and 7) from the ``UIMessageChunk`` tables below.

:data:`CHUNKS` is the published ``ai`` 6.0.326 type, field by field: ``UIMessageChunk`` in
``dist/index.d.ts`` (line 2034) and the zod ``uiMessageChunkSchema`` in ``dist/index.js`` (line
5843) (``npm pack ai@6.0.326``) -> ``conformance/schemas/ui-message-stream.schema.json``.
:data:`CHUNKS7` is ``ai`` 7.0.173 (npm ``latest``), written as its difference from ai 6:
``UIMessageChunk`` in ``dist/index.d.ts`` line 2397, zod ``uiMessageChunkSchema`` in
``dist/index.js`` lines 6715-6911 -> ``conformance/schemas/ui-message-stream-7.schema.json``.
:data:`CHUNKS5` is ``ai`` 5.0.277, written as its difference from ai 6: the zod
``uiMessageChunkSchema`` in ``dist/index.mjs`` lines 3142-3288 (``npm pack ai@5.0.277``)
-> ``conformance/schemas/ui-message-stream-5.schema.json``.
Every chunk is a zod ``looseObject``: extra keys are allowed.

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
OUT7 = ROOT / "conformance" / "schemas" / "ui-message-stream-7.schema.json"
OUT5 = ROOT / "conformance" / "schemas" / "ui-message-stream-5.schema.json"

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

# ai 7.0.173 dist/index.js 6691-6711 `citationSchema` (a zod object: extra keys are stripped, not refused).
_SOURCE_COMMON: dict[str, Any] = {"type": {"const": "source"}, "id": S, "providerMetadata": PM}
CITATION: dict[str, Any] = {
    "type": "object", "required": ["source"],
    "properties": {
        "source": {"oneOf": [
            {"type": "object", "required": ["type", "sourceType", "id", "url"],
             "properties": {**_SOURCE_COMMON, "sourceType": {"const": "url"}, "url": S, "title": S}},
            {"type": "object", "required": ["type", "sourceType", "id", "mediaType", "title"],
             "properties": {**_SOURCE_COMMON, "sourceType": {"const": "document"}, "mediaType": S, "title": S,
                            "filename": S}},
        ]},
        "startIndex": {"type": "integer", "minimum": 0},
        "endIndex": {"type": "integer", "minimum": 0},
        "citedText": S,
    },
}
_STEERING_PART: dict[str, Any] = {"oneOf": [  # ai 7.0.173 dist/index.js 6868-6880
    {"type": "object", "required": ["type", "text"],
     "properties": {"type": {"const": "text"}, "text": S, "providerMetadata": PM}},
    {"type": "object", "required": ["type", "mediaType", "url"],
     "properties": {"type": {"const": "file"}, "mediaType": S, "url": S, "filename": S,
                    "providerReference": {"type": "object", "additionalProperties": S}, "providerMetadata": PM}},
]}
# ai 7 = ai 6 with these chunks added or changed (dist/index.js line of each zod looseObject).
CHUNKS7: dict[str, dict[str, Any]] = {
    **CHUNKS,
    "text-end": chunk({"id": S}, {"citations": {"type": "array", "items": CITATION}, "providerMetadata": PM}),  # 6728
    "tool-approval-request": chunk({"approvalId": S, "toolCallId": S},  # 6775
                                   {"approvalDescriptor": ANY, "inputSchemaInput": ANY, "reason": S,
                                    "isAutomatic": B, "signature": S}),
    "tool-approval-response": chunk({"approvalId": S, "approved": B},  # 6785
                                    {"reason": S, "providerExecuted": B, "providerMetadata": PM}),
    "custom": chunk({"kind": S}, {"providerMetadata": PM}),  # 6833 (zod: any string; the .d.ts says a.b)
    "reasoning-file": chunk({"url": S, "mediaType": S}, {"providerMetadata": PM}),  # 6859
    "steering-message": chunk({"id": S, "parts": {"type": "array", "items": _STEERING_PART}}, {}),  # 6865
    "reset-step": chunk({}, {}),  # 6889
    "finish": chunk({}, {"finishReason": {"enum": [*FINISH["enum"][:-1], "interrupted", "other"]},  # 6896
                         "messageMetadata": ANY}),
}

# ai 5 = ai 6 without these chunks and fields (ai 5.0.277 dist/index.mjs, line of each zod looseObject):
# no tool-approval-request or tool-output-denied chunk; the tool chunks have no inputEncoding, title,
# toolMetadata (tool-input-start no providerMetadata either; the output chunks none); file and abort
# as ai 6 minus abort.reason; and the finish reason 'unknown' (3270-3278). Extra keys pass (looseObject),
# so a field ai 5 does not know is allowed whatever its value.
_TOOL5: dict[str, Any] = {"providerExecuted": B, "dynamic": B}
CHUNKS5: dict[str, dict[str, Any]] = {
    **{name: spec for name, spec in CHUNKS.items() if name not in ("tool-approval-request", "tool-output-denied")},
    "tool-input-start": chunk({"toolCallId": S, "toolName": S}, _TOOL5),  # 3166
    "tool-input-available": chunk({"toolCallId": S, "toolName": S, "input": ANY},  # 3178
                                  {"providerExecuted": B, "providerMetadata": PM, "dynamic": B}),
    "tool-input-error": chunk({"toolCallId": S, "toolName": S, "input": ANY, "errorText": S},  # 3187
                              {"providerExecuted": B, "providerMetadata": PM, "dynamic": B}),
    "tool-output-available": chunk({"toolCallId": S, "output": ANY}, {**_TOOL5, "preliminary": B}),  # 3197
    "tool-output-error": chunk({"toolCallId": S, "errorText": S}, _TOOL5),  # 3205
    "finish": chunk({}, {"finishReason": {"enum": [*FINISH["enum"], "unknown"]}, "messageMetadata": ANY}),  # 3269
    "abort": chunk({}, {}),  # 3282
}


def schema(version: int = 6) -> dict[str, Any]:
    """The whole JSON Schema of one ``ai`` major: dispatch on ``type`` (if/then), so errors name the field.

    >>> s = schema()
    >>> s["$defs"]["finish"]["properties"]["finishReason"]["enum"][-1]
    'other'
    >>> schema(7)["$defs"]["finish"]["properties"]["finishReason"]["enum"][-2]
    'interrupted'
    >>> five = schema(5)["$defs"]
    >>> five["finish"]["properties"]["finishReason"]["enum"][-1], "tool-output-denied" in five
    ('unknown', False)
    """
    chunks = {5: CHUNKS5, 7: CHUNKS7}.get(version, CHUNKS)
    all_of: list[dict[str, Any]] = [
        {"required": ["type"], "properties": {"type": {"type": "string"}}},
        {"anyOf": [{"properties": {"type": {"enum": sorted(chunks)}}},
                   {"properties": {"type": {"pattern": "^data-"}}}]},
    ]
    for name in chunks:
        all_of.append({"if": {"properties": {"type": {"const": name}}, "required": ["type"]},
                       "then": {"$ref": f"#/$defs/{name}"}})
    all_of.append({"if": {"properties": {"type": {"pattern": "^data-"}}, "required": ["type"]},
                   "then": {"$ref": "#/$defs/data-part"}})
    if version == 7:
        return _document(all_of, chunks, "ui-message-stream-7.schema.json", "ai 7.0.173", DESCRIPTION7)
    if version == 5:
        return _document(all_of, chunks, "ui-message-stream-5.schema.json", "ai 5.0.277", DESCRIPTION5)
    return _document(all_of, chunks, "ui-message-stream.schema.json", "ai 6.0.326", DESCRIPTION6)


DESCRIPTION7 = ("One chunk of the AI SDK UI message stream protocol v1 as `ai` 7.0.173 (npm latest) defines it: "
                "dist/index.d.ts `UIMessageChunk` and the zod `uiMessageChunkSchema` in dist/index.js (lines "
                "6715-6911). ai 7 adds the chunks `custom`, `reasoning-file`, `reset-step`, `steering-message` and "
                "`tool-approval-response`, the finish reason 'interrupted', `text-end.citations` and "
                "`tool-approval-request.reason/isAutomatic` to ai 6 (ui-message-stream.schema.json). Every chunk is "
                "a zod looseObject, so extra keys are allowed. Dispatch is by `type` (if/then). Generated by "
                "tools/gen_ui_message_stream_schema.py.")

DESCRIPTION5 = ("One chunk of the AI SDK UI message stream protocol v1 as `ai` 5.0.277 defines it: the zod "
                "`uiMessageChunkSchema` in dist/index.mjs (lines 3142-3288). Against ai 6 (ui-message-stream.schema."
                "json) ai 5 has no `tool-approval-request` or `tool-output-denied` chunk, no `inputEncoding`, `title` "
                "or `toolMetadata` on the tool chunks (no `providerMetadata` on tool-input-start and the tool output "
                "chunks), no `abort.reason`, and the finish reason 'unknown'. Every chunk is a zod looseObject, so "
                "extra keys are allowed. Dispatch is by `type` (if/then). Generated by "
                "tools/gen_ui_message_stream_schema.py.")


def _document(all_of: list[dict[str, Any]], chunks: dict[str, dict[str, Any]], file: str, package: str,
              description: str) -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://stream-adapter-conformance.local/schemas/{file}",
        "title": f"AI SDK UI message stream chunk (UIMessageChunk, {package})",
        "description": description,
        "allOf": all_of,
        "$defs": {
            "jsonObject": {"type": "object"},
            "providerMetadata": {"type": "object", "additionalProperties": {"type": "object"}},
            **chunks,
            "data-part": chunk({"data": ANY}, {"id": S, "transient": B}),
        },
    }


DESCRIPTION6 = ("One chunk of the AI SDK UI message stream protocol v1 (x-vercel-ai-ui-message-stream: v1), "
                "written from the published `ai` 6.0.326 package: dist/index.d.ts `UIMessageChunk` and the "
                "zod `uiMessageChunkSchema` in dist/index.js (spec-reference 2.2). Every chunk is a zod "
                "looseObject, so extra keys are allowed. `finish.finishReason` is the ai 6 enum (no "
                "'unknown'; ai 7 adds 'interrupted'). `input`, `output`, `data` and "
                "`message-metadata.messageMetadata` are required as the TypeScript type declares them (zod "
                "`unknown`: any JSON value, null included). Dispatch is by `type` (if/then), so errors name "
                "the offending field. Generated by tools/gen_ui_message_stream_schema.py.")


def render(version: int = 6) -> str:
    return json.dumps(schema(version), indent=2) + "\n"


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _cli import wants_check, write_or_check

    check = wants_check("python tools/gen_ui_message_stream_schema.py",
                        "Generate the UI message stream JSON Schemas (ai 5, 6 and 7) from their field table.",
                        sys.argv[1:])
    status = write_or_check({OUT: render(6), OUT7: render(7), OUT5: render(5)}, check,
                            "python tools/gen_ui_message_stream_schema.py")
    if not check:
        print(f"wrote {OUT}, {OUT7} and {OUT5}")
    sys.exit(status)
