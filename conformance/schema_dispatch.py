"""A JSON Schema validator that evaluates only the branch an event's ``type`` selects.

The event schemas (``conformance/schemas/*.schema.json``) dispatch on ``type`` with one
``if {type: const X} then {...}`` member per event type in their root ``allOf``. A plain validator
evaluates every ``if`` of that list for every event, which made schema checking most of the grading
time. :class:`TypeDispatched` compiles, once per type, the same schema with the ``if``/``then``
members of the other types left out and this type's ``then`` in its place: the ``if`` of every
left-out member is false for such an event, so it contributes no error, and the errors (messages,
paths, order) are the full schema's. An event whose ``type`` is not one of the constants goes to
the full schema.

Example:
    >>> schema = {"allOf": [{"required": ["type"]},
    ...                     {"if": {"properties": {"type": {"const": "a"}}, "required": ["type"]},
    ...                      "then": {"required": ["x"]}}]}
    >>> check = TypeDispatched(schema)
    >>> [e.message for e in check.iter_errors({"type": "a"})]
    ["'x' is a required property"]
    >>> [e.message for e in check.iter_errors({"type": "b"})]
    []
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jsonschema  # type: ignore[import-untyped,unused-ignore]
from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped,unused-ignore]


def _selected_type(member: Any) -> str | None:
    """The ``type`` constant a root ``allOf`` member's ``if`` tests, when that is all it tests."""
    if not isinstance(member, dict) or set(member) != {"if", "then"}:
        return None
    cond = member["if"]
    if not isinstance(cond, dict) or set(cond) - {"properties", "required"} \
            or cond.get("required", ["type"]) != ["type"]:
        return None
    props = cond.get("properties")
    if not isinstance(props, dict) or set(props) != {"type"} or not isinstance(props["type"], dict) \
            or set(props["type"]) != {"const"} or not isinstance(props["type"]["const"], str):
        return None
    return str(props["type"]["const"])


class TypeDispatched:
    """``iter_errors`` of a Draft 2020-12 validator of ``schema``, per event type (see the module)."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.full = jsonschema.Draft202012Validator(schema)
        members = schema.get("allOf")
        members = members if isinstance(members, list) else []
        selected = [(m, _selected_type(m)) for m in members]
        self.by_type: dict[str, jsonschema.Draft202012Validator] = {}
        for name in {s for _, s in selected if s is not None}:
            kept = [m["then"] if s == name else m for m, s in selected if s in (None, name)]
            self.by_type[name] = jsonschema.Draft202012Validator({**schema, "allOf": kept})

    def iter_errors(self, event: Any) -> Iterator[ValidationError]:
        """The errors of ``event`` against the whole schema, from its type's branch when it has one."""
        etype = event.get("type") if isinstance(event, dict) else None
        validator = self.by_type.get(etype, self.full) if isinstance(etype, str) else self.full
        errors: Iterator[ValidationError] = validator.iter_errors(event)
        return errors
