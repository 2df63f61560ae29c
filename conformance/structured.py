"""Structured output helpers, sans-IO: OpenAI strict schemas, null-widening undo, tolerant JSON extraction.

These are the pure parts of a structured-output adapter (seed 000 sections 7 and 14, corrected by
the published ``@tanstack/openai-base`` 0.10.15 ``schema-converter`` and ``@tanstack/ai`` 0.58.0
``undoNullWidening``). The reference adapters use them, and the suite uses
:func:`undo_null_widening` to read a ``structured-output.complete`` result the way the TanStack
engine does before comparing it with a scenario's expected data.

Example:
    >>> schema = {"type": "object", "properties": {"name": {"type": "string"},
    ...           "nick": {"type": "string"}}, "required": ["name"]}
    >>> strict = strict_json_schema(schema)
    >>> strict["required"], strict["properties"]["nick"]["type"], strict["additionalProperties"]
    (['name', 'nick'], ['string', 'null'], False)
    >>> undo_null_widening({"name": "Ada", "nick": None}, schema)
    {'name': 'Ada'}
    >>> extract_json('Here you go:\\n```json\\n{"name": "Ada"}\\n```').data
    {'name': 'Ada'}
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any

__all__ = [
    "PARSE_ERROR_PREFIX",
    "STRUCTURED_TOOL_NAME",
    "Extracted",
    "StrictSchemaError",
    "StructuredOutputParseError",
    "accepts_null",
    "extract_json",
    "instruction_prompt",
    "strict_json_schema",
    "undo_null_widening",
]

# The forced tool of the tool-based strategy (seed 000 14.5; TanStack's anthropic adapter).
STRUCTURED_TOOL_NAME = "structured_output"
PARSE_ERROR_PREFIX = "Failed to parse structured output"
PREVIEW_CHARS = 200


class StrictSchemaError(ValueError):
    """The schema cannot be sent in OpenAI strict mode (``oneOf``)."""


class StructuredOutputParseError(ValueError):
    """No JSON document could be read from the model's answer; the message holds a preview."""


# ---------------------------------------------------------------- OpenAI strict mode
def accepts_null(schema: Any) -> bool:
    """Whether every constraint of this schema node admits ``null`` (``@tanstack/openai-base``).

    >>> accepts_null({"type": ["string", "null"]}), accepts_null({"type": "string"}), accepts_null({})
    (True, False, True)
    >>> accepts_null({"anyOf": [{"type": "string"}, {"type": "null"}]}), accepts_null({"enum": ["a"]})
    (True, False)
    """
    if schema is True:
        return True
    if not isinstance(schema, dict):
        return False
    if "const" in schema and schema["const"] is not None:
        return False
    if isinstance(schema.get("enum"), list) and None not in schema["enum"]:
        return False
    kind = schema.get("type")
    if isinstance(kind, str) and kind != "null":
        return False
    if isinstance(kind, list) and "null" not in kind:
        return False
    return not (isinstance(schema.get("anyOf"), list) and not any(accepts_null(v) for v in schema["anyOf"]))


def _widen(prop: Any) -> Any:
    """Make an optional property's schema accept null (type union, enum, anyOf)."""
    if not isinstance(prop, dict):
        return prop
    out = dict(prop)
    if "const" in out and out["const"] is not None:
        out["enum"] = [out.pop("const"), None]
    elif isinstance(out.get("enum"), list) and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    if isinstance(out.get("anyOf"), list):
        if not accepts_null(out):
            out["anyOf"] = [*out["anyOf"], {"type": "null"}]
    elif isinstance(out.get("type"), str):
        if out["type"] != "null":
            out["type"] = [out["type"], "null"]
    elif isinstance(out.get("type"), list) and "null" not in out["type"]:
        out["type"] = [*out["type"], "null"]
    return out


def strict_json_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A JSON Schema rewritten for OpenAI strict Structured Outputs (a new tree; the input is untouched).

    Every object lists all its properties in ``required`` and gets ``additionalProperties:
    false``; a property that was optional is made nullable; ``items`` and ``anyOf`` variants are
    converted too. ``oneOf`` is rejected (strict mode does not support it).

    >>> s = strict_json_schema({"type": "object", "properties": {"tags": {"type": "array",
    ...     "items": {"type": "object", "properties": {"k": {"type": "string"}}}}}})
    >>> s["properties"]["tags"]["type"], s["properties"]["tags"]["items"]["required"]
    (['array', 'null'], ['k'])
    >>> strict_json_schema({"type": "object", "properties": {"v": {"oneOf": [{"type": "string"}]}}})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    conformance.structured.StrictSchemaError: oneOf is not supported in OpenAI strict ... (at /properties/v)
    """
    return _strict(copy.deepcopy(schema), "")


def _strict(node: dict[str, Any], where: str) -> dict[str, Any]:
    if "oneOf" in node:
        raise StrictSchemaError(
            f"oneOf is not supported in OpenAI strict structured output schemas (at {where or '/'})")
    props = node.get("properties")
    if node.get("type") == "object" and isinstance(props, dict):
        required: list[Any] = node["required"] if isinstance(node.get("required"), list) else []
        out_props: dict[str, Any] = {}
        for name, prop in props.items():
            sub = _strict(prop, f"{where}/properties/{name}") if isinstance(prop, dict) else prop
            out_props[name] = sub if name in required else _widen(sub)
        node["properties"] = out_props
        node["required"] = list(props)
        node["additionalProperties"] = False
    items = node.get("items")
    if isinstance(items, dict):
        node["items"] = _strict(items, f"{where}/items")
    if isinstance(node.get("anyOf"), list):
        node["anyOf"] = [_strict(v, f"{where}/anyOf/{i}") if isinstance(v, dict) else v
                         for i, v in enumerate(node["anyOf"])]
    return node


def undo_null_widening(data: Any, schema: Any) -> Any:
    """Remove the nulls strict mode made possible: a ``null`` at a property the original schema did
    not require and whose schema did not accept null reads back as absent (``@tanstack/ai`` 0.58.0
    ``undoNullWidening``). Genuine nullable nulls survive; so does everything the schema does not
    describe.

    >>> schema = {"type": "object", "required": ["born"], "properties": {
    ...     "born": {"type": ["integer", "null"]}, "nick": {"type": "string"},
    ...     "pets": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}}}
    >>> undo_null_widening({"born": None, "nick": None, "pets": [{"name": None}]}, schema)
    {'born': None, 'pets': [{}]}
    """
    if not isinstance(schema, dict):
        return data
    if isinstance(data, dict) and isinstance(schema.get("properties"), dict):
        props: dict[str, Any] = schema["properties"]
        required: list[Any] = schema["required"] if isinstance(schema.get("required"), list) else []
        out: dict[str, Any] = {}
        for key, value in data.items():
            sub = props.get(key)
            if value is None and sub is not None and key not in required and not accepts_null(sub):
                continue
            out[key] = undo_null_widening(value, sub) if sub is not None else value
        return out
    if isinstance(data, list) and isinstance(schema.get("items"), dict):
        return [undo_null_widening(v, schema["items"]) for v in data]
    return data


# ---------------------------------------------------------------- the instruction strategy
def instruction_prompt(schema: dict[str, Any]) -> str:
    """The system message of the instruction fallback: the schema as JSON and JSON-only rules.

    >>> "\\"type\\": \\"object\\"" in instruction_prompt({"type": "object"})
    True
    """
    return (
        "You must respond with valid JSON that conforms to the following JSON Schema:\n\n"
        + json.dumps(schema, indent=2, ensure_ascii=False)
        + "\n\nRespond ONLY with the JSON document: no explanations, no markdown."
    )


# ---------------------------------------------------------------- tolerant parsing
@dataclass(frozen=True)
class Extracted:
    """A JSON document read from a model answer: the value and the exact text it was read from."""

    data: Any
    raw_text: str
    strategy: str  # "direct" | "fenced" | "embedded"


_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_-]*)[ \t]*\r?\n?(.*?)```", re.S)
_DECODER = json.JSONDecoder(parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))


def _loads(text: str) -> Any:
    return _DECODER.decode(text)


def extract_json(text: str) -> Extracted:
    """Read the JSON document out of a model answer, tolerantly (seed 000 14.4, improved).

    In order: the whole text; the first fenced code block that parses; the first ``{``/``[``
    in the text from which a complete JSON object/array decodes (prose around it ignored).
    Raises :class:`StructuredOutputParseError` naming what was tried, with a preview.

    >>> extract_json(' {"a": 1} ').strategy, extract_json('Sure: {"a": [1, 2]} done.').data
    ('direct', {'a': [1, 2]})
    >>> extract_json("I cannot help with that.")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    conformance.structured.StructuredOutputParseError: Failed to parse ... preview: I cannot help with that.
    """
    stripped = text.strip()
    try:
        return Extracted(_loads(stripped), stripped, "direct")
    except ValueError:
        pass
    for match in _FENCE.finditer(text):
        body = match.group(2).strip()
        try:
            return Extracted(_loads(body), body, "fenced")
        except ValueError:
            continue
    for start, ch in enumerate(text):
        if ch not in "{[":
            continue
        try:
            value, end = _DECODER.raw_decode(text, start)
        except ValueError:
            continue
        return Extracted(value, text[start:end], "embedded")
    preview = stripped[:PREVIEW_CHARS] + ("..." if len(stripped) > PREVIEW_CHARS else "")
    raise StructuredOutputParseError(
        f"{PARSE_ERROR_PREFIX} as JSON (tried: direct parse, fenced code block, JSON inside text). "
        f"Content preview: {preview}"
    )
