"""The per-type validator (conformance/schema_dispatch.py) reports what the whole schema reports.

Every event schema that dispatches on ``type`` with if/then is checked: for generated events (every type
constant and a few that are not, with keys the schema knows given values of every JSON kind), the errors
(path, message, and the branch ``format_error`` would quote) are the whole schema's, in the same order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped,unused-ignore]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.schema_dispatch import TypeDispatched, _selected_type

SCHEMAS = Path(__file__).resolve().parent.parent / "conformance" / "schemas"
DISPATCHED = ["tanstack", "tanstack-legacy"]


def _schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    return loaded


def _keys(schema: dict[str, Any]) -> list[str]:
    """Every property name the schema mentions anywhere."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                found.update(props)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return sorted(found - {"type"})


def _types(schema: dict[str, Any]) -> list[str]:
    return sorted({t for t in (_selected_type(m) for m in schema["allOf"]) if t is not None})


def _seen(errors: Any) -> list[tuple[list[Any], str, str]]:
    return [(list(e.absolute_path), e.message, repr([c.message for c in e.context])) for e in errors]


SCALARS = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "x", "stop", "tool_calls"])
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=2)
                      | st.dictionaries(st.sampled_from(["a", "type", "text"]), inner, max_size=2), max_leaves=4)


@pytest.mark.parametrize("name", DISPATCHED)
def test_every_type_constant_has_its_own_branch(name: str) -> None:
    schema = _schema(name)
    dispatched = TypeDispatched(schema)
    assert len(_types(schema)) >= 5
    assert sorted(dispatched.by_type) == _types(schema)
    # Each branch holds the members that apply to every event plus its own `then`, and no other type's.
    for branch in dispatched.by_type.values():
        assert not [m for m in branch.schema["allOf"] if _selected_type(m) is not None]


@pytest.mark.parametrize("name", DISPATCHED)
def test_generated_events_get_the_whole_schemas_errors(name: str) -> None:
    schema = _schema(name)
    whole = jsonschema.Draft202012Validator(schema)
    dispatched = TypeDispatched(schema)
    types = st.sampled_from([*_types(schema), "NOT_A_TYPE"]) | st.integers(0, 2) | st.none()

    @settings(max_examples=400, deadline=None, derandomize=True)
    @given(etype=types, fields=st.dictionaries(st.sampled_from(_keys(schema)), VALUES, max_size=5))
    def same(etype: Any, fields: dict[str, Any]) -> None:
        event = {"type": etype, **fields}
        assert _seen(dispatched.iter_errors(event)) == _seen(whole.iter_errors(event))

    same()


def test_a_member_that_tests_more_than_the_type_stays_in_every_branch() -> None:
    """Only an `if` that tests the type constant alone is dispatched on; any other member applies to every type."""
    other = {"if": {"properties": {"type": {"const": "a"}, "x": {"const": 1}}}, "then": {"required": ["y"]}}
    own = {"if": {"properties": {"type": {"const": "a"}}, "required": ["type"]}, "then": {"required": ["z"]}}
    dispatched = TypeDispatched({"allOf": [other, own]})
    assert sorted(dispatched.by_type) == ["a"]
    assert [e.message for e in dispatched.iter_errors({"type": "a", "x": 1})] == [
        "'y' is a required property", "'z' is a required property"]


def test_remembered_schema_errors_follow_the_events_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """The schema check's memory answers per event text: the same dict changed in place is checked again."""
    from conformance.checks import schema as check
    from conformance.protocols import agui

    monkeypatch.setattr(check, "_SEEN", {})
    event: dict[str, Any] = {"type": "RUN_STARTED", "threadId": "t"}
    first = check.schema_errors(agui, event)
    assert first == agui.schema_errors(event) != []
    first.append("a caller's change")  # a copy: the remembered answer is not the caller's list
    assert check.schema_errors(agui, event) == agui.schema_errors(event)
    event["runId"] = "r"
    assert check.schema_errors(agui, event) == [] == agui.schema_errors(event)
    assert check.schema_errors(agui, {"type": "RUN_STARTED", "threadId": float("nan")}) == agui.schema_errors(
        {"type": "RUN_STARTED", "threadId": float("nan")})


def test_the_schema_checks_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from conformance.checks import schema as check
    from conformance.protocols import agui

    monkeypatch.setattr(check, "_SEEN", {})
    monkeypatch.setattr(check, "_seen_bytes", 0)
    monkeypatch.setattr(check, "_SEEN_LIMITS", {"text": 100, "total": 1000})
    for i in range(200):
        check.schema_errors(agui, {"type": "TEXT_MESSAGE_CONTENT", "messageId": f"m{i}", "delta": "x"})
        assert check._seen_bytes <= 1000
        assert sum(len(text) for _, text in check._SEEN) == check._seen_bytes
    long = {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x" * 200}
    assert check.schema_errors(agui, long) == []
    assert not [text for _, text in check._SEEN if "x" * 200 in text]  # past the text bound: not kept
