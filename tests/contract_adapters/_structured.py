"""Structured output as docs/scenarios.md ("Structured output") describes it.

The request: ``native`` puts ``responseFormat: {type: json, schema}`` on the call, ``tool`` forces one
``structured_output`` tool, ``instruction`` puts a system message carrying the schema as JSON first.
The answer streams as the text of one message and is parsed tolerantly (the whole text, then a
fenced block, then JSON inside prose); nulls that stood for an absent optional property are removed.

    >>> parse_answer('Here: ```json\\n{"a": 1}\\n``` done')
    ({'a': 1}, '{"a": 1}')
    >>> parse_answer("no JSON here") is None
    True
"""

from __future__ import annotations

import json
import re
from typing import Any

TOOL_NAME = "structured_output"
_FENCE = re.compile(r"```(?:json)?\s*\n?(.*?)```", re.S)


def request_options(options: dict[str, Any], schema: dict[str, Any], mode: str) -> dict[str, Any]:
    """The call options asking for ``schema`` the way ``mode`` says."""
    if mode == "native":
        return {**options, "responseFormat": {"type": "json", "schema": schema}}
    if mode == "tool":
        tool = {"type": "function", "name": TOOL_NAME, "description": "Return the answer.", "inputSchema": schema}
        return {**options, "tools": [*options.get("tools", []), tool],
                "toolChoice": {"type": "tool", "toolName": TOOL_NAME}}
    instruction = {"role": "system",
                   "content": "Answer with one JSON value that matches this JSON Schema: " + json.dumps(schema)}
    return {**options, "prompt": [instruction, *options["prompt"]]}


def parse_answer(text: str) -> tuple[Any, str] | None:
    """The JSON value in ``text`` and the JSON text it was read from (``raw``): all of it, a fenced block,
    or the first JSON value inside prose (None: none of these parses)."""
    for candidate in (text, *(m.group(1) for m in _FENCE.finditer(text))):
        try:
            return json.loads(candidate), candidate.strip()
        except ValueError:
            pass
    decoder = json.JSONDecoder()
    for index, char in enumerate(text):
        if char in "{[":
            try:
                value, end = decoder.raw_decode(text, index)
            except ValueError:
                continue
            return value, text[index:end]
    return None


def undo_null_widening(value: Any, schema: dict[str, Any]) -> Any:
    """Nulls given for optional properties removed (they stood for "absent"); genuine nulls kept."""
    if isinstance(value, dict) and isinstance(schema.get("properties"), dict):
        required = set(schema.get("required") or [])
        props = schema["properties"]
        return {k: undo_null_widening(v, props.get(k, {})) for k, v in value.items()
                if not (v is None and k not in required)}
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [undo_null_widening(v, schema["items"]) for v in value]
    return value


def failure_message(text: str) -> str:
    """The error the run ends with when no JSON could be read, with a preview of the content."""
    preview = text if len(text) <= 200 else text[:200] + "..."
    return f"Failed to parse structured output (whole text, fenced block, JSON in prose): {preview}"
