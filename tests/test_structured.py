"""The structured-output helpers: OpenAI strict schemas, null-widening undo, tolerant JSON extraction."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.contract import Policies
from conformance.semantics import Comparison, compare
from conformance.structured import (
    StrictSchemaError,
    StructuredOutputParseError,
    accepts_null,
    extract_json,
    instruction_prompt,
    strict_json_schema,
    undo_null_widening,
)
from mock_provider.transcript import ErrorRecord, StructuredRecord, Transcript

PERSON = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "nickname": {"type": "string"},
        "email": {"type": ["string", "null"]},
        "address": {"type": "object", "properties": {"city": {"type": "string"}, "zip": {"type": "string"}},
                    "required": ["city"]},
        "tags": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string"}}}},
        "kind": {"enum": ["a", "b"]},
        "id": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
    },
    "required": ["name", "email"],
}


# ---------------------------------------------------------------- strict schema
def test_strict_schema_requires_everything_and_widens_only_optional_properties() -> None:
    s = strict_json_schema(PERSON)
    assert s["required"] == list(PERSON["properties"])
    assert s["additionalProperties"] is False
    props = s["properties"]
    assert props["name"] == {"type": "string"}  # required: untouched
    assert props["email"] == {"type": ["string", "null"]}  # required and already nullable
    assert props["nickname"] == {"type": ["string", "null"]}
    assert props["kind"] == {"enum": ["a", "b", None]}
    assert props["id"] == {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}
    address = props["address"]
    assert address["type"] == ["object", "null"]
    assert address["required"] == ["city", "zip"] and address["additionalProperties"] is False
    assert address["properties"]["zip"] == {"type": ["string", "null"]}
    item = props["tags"]["items"]
    assert item["required"] == ["k"] and item["additionalProperties"] is False


def test_strict_schema_leaves_its_input_alone() -> None:
    before = copy.deepcopy(PERSON)
    strict_json_schema(PERSON)
    assert before == PERSON


def test_strict_schema_rejects_one_of_naming_where() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "object", "properties": {
        "b": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}}}}
    with pytest.raises(StrictSchemaError, match=r"oneOf is not supported.*/properties/a/properties/b"):
        strict_json_schema(schema)


def test_open_object_without_properties_is_not_closed() -> None:
    # Closing a free-form map would change what it accepts (openai-base: not strict-compatible).
    assert strict_json_schema({"type": "object"}) == {"type": "object"}


# A schema and an instance valid for it, generated together.
_LEAVES = [
    ({"type": "string"}, st.text(max_size=5)),
    ({"type": "integer"}, st.integers(-5, 5)),
    ({"type": "boolean"}, st.booleans()),
    ({"type": ["string", "null"]}, st.one_of(st.none(), st.text(max_size=3))),
]


def _leaf() -> st.SearchStrategy[tuple[dict[str, Any], Any]]:
    return st.sampled_from(range(len(_LEAVES))).flatmap(
        lambda i: st.tuples(st.just(_LEAVES[i][0]), _LEAVES[i][1]))


@st.composite
def _object(draw: Any, child: st.SearchStrategy[tuple[dict[str, Any], Any]]) -> tuple[dict[str, Any], Any]:
    names = draw(st.lists(st.sampled_from("abcdef"), unique=True, max_size=4))
    props, value, required = {}, {}, []
    for name in names:
        sub, sub_value = draw(child)
        props[name] = sub
        if draw(st.booleans()):
            required.append(name)
            value[name] = sub_value
        elif draw(st.booleans()):
            value[name] = sub_value
    schema: dict[str, Any] = {"type": "object", "properties": props, "required": required}
    return schema, value


@st.composite
def _array(draw: Any, child: st.SearchStrategy[tuple[dict[str, Any], Any]]) -> tuple[dict[str, Any], Any]:
    item_schema, first = draw(child)
    return {"type": "array", "items": item_schema}, [first]


SCHEMA_AND_VALUE = st.recursive(_leaf(), lambda child: st.one_of(_object(child), _array(child)), max_leaves=8)


def _as_strict_output(value: Any, schema: dict[str, Any]) -> Any:
    """What a strict-mode model sends for ``value``: every absent property as null."""
    if isinstance(value, dict) and "properties" in schema:
        props = schema["properties"]
        return {k: (_as_strict_output(value[k], sub) if k in value else None) for k, sub in props.items()}
    if isinstance(value, list) and "items" in schema:
        return [_as_strict_output(v, schema["items"]) for v in value]
    return value


def _read_back(value: Any, schema: dict[str, Any]) -> Any:
    """``value`` as the round trip can know it: an absent optional property that accepts null
    anyway comes back as null (strict mode cannot tell "absent" from a genuine null there)."""
    if isinstance(value, dict) and "properties" in schema:
        out = {k: _read_back(v, schema["properties"][k]) for k, v in value.items()}
        for k, sub in schema["properties"].items():
            if k not in value and accepts_null(sub):
                out[k] = None
        return out
    if isinstance(value, list) and "items" in schema:
        return [_read_back(v, schema["items"]) for v in value]
    return value


@settings(max_examples=150, deadline=None)
@given(SCHEMA_AND_VALUE)
def test_strict_round_trip(pair: tuple[dict[str, Any], Any]) -> None:
    schema, value = pair
    jsonschema.validate(value, schema)  # the generator's own premise
    strict = strict_json_schema(schema)
    sent = _as_strict_output(value, schema)
    jsonschema.validate(sent, strict)  # strict mode accepts what the model sends
    assert strict_json_schema(strict) == strict  # idempotent
    assert undo_null_widening(sent, schema) == _read_back(value, schema)  # the engine gets the value back


def test_undo_keeps_genuine_nulls_and_undescribed_values() -> None:
    data = {"name": "Ada", "nickname": None, "email": None, "extra": None,
            "address": {"city": "London", "zip": None}, "tags": [{"k": None}]}
    assert undo_null_widening(data, PERSON) == {
        "name": "Ada", "email": None, "extra": None, "address": {"city": "London"}, "tags": [{}]}


# ---------------------------------------------------------------- tolerant extraction
@pytest.mark.parametrize(("text", "data", "raw", "strategy"), [
    ('{"a": 1}', {"a": 1}, '{"a": 1}', "direct"),
    ("  [1, 2]\n", [1, 2], "[1, 2]", "direct"),
    ('Here:\n```json\n{"a": 1}\n```\nDone.', {"a": 1}, '{"a": 1}', "fenced"),
    ('```\n{"a": [1]}\n```', {"a": [1]}, '{"a": [1]}', "fenced"),
    ('```python\nnot json\n```\nbut {"a": 2} is', {"a": 2}, '{"a": 2}', "embedded"),
    ('The result is {"a": {"b": "}"}} and that is it.', {"a": {"b": "}"}}, '{"a": {"b": "}"}}', "embedded"),
    ('Use {curly} braces: {"ok": true}', {"ok": True}, '{"ok": true}', "embedded"),
])
def test_extract_json(text: str, data: Any, raw: str, strategy: str) -> None:
    found = extract_json(text)
    assert (found.data, found.raw_text, found.strategy) == (data, raw, strategy)


def test_extract_json_failure_is_descriptive_with_a_bounded_preview() -> None:
    long = "No JSON here, sorry. " * 20
    with pytest.raises(StructuredOutputParseError) as info:
        extract_json(long)
    msg = str(info.value)
    assert msg.startswith("Failed to parse structured output")
    assert "direct parse" in msg and "fenced code block" in msg
    assert long.strip()[:200] in msg and msg.endswith("...")
    assert long.strip()[:201] not in msg


def test_extract_json_rejects_non_json_constants() -> None:
    with pytest.raises(StructuredOutputParseError):
        extract_json("NaN")


_PROSE = st.text(st.characters(blacklist_characters="{[`\"\\", blacklist_categories=("Cs",)), max_size=30)
_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                     lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=3), c, max_size=3),
                     max_leaves=6)


@settings(max_examples=200, deadline=None)
@given(_PROSE, st.dictionaries(st.text(max_size=4), _JSON, max_size=3), _PROSE)
def test_an_object_inside_prose_is_found(before: str, obj: dict[str, Any], after: str) -> None:
    text = before + json.dumps(obj) + after
    assert extract_json(text).data == obj


def test_instruction_prompt_carries_the_schema() -> None:
    from conformance.request_checks import find_json_in

    assert find_json_in(instruction_prompt(PERSON), PERSON)


# ---------------------------------------------------------------- grading the result
def _cmp(expected: Transcript, actual: Transcript, schema: dict[str, Any] | None = PERSON,
         expresses: bool = True) -> list[tuple[str, str | None]]:
    found = compare(expected, actual, Policies(),
                    Comparison(rows=["structured.result"], usage_fields=(), dialect="v3", upstream_finish="stop",
                               has_provider_calls=False, reports_finish_reason=False, output_schema=schema,
                               expresses_structured=expresses))
    return [(f.row, f.field) for f in found]


def test_result_is_compared_after_the_engine_undoes_null_widening() -> None:
    want = Transcript(structured=StructuredRecord(data={"name": "Ada", "email": None}, raw_text="r"))
    with_nulls = Transcript(structured=StructuredRecord(data={"name": "Ada", "nickname": None, "email": None},
                                                        raw_text="r"))
    assert _cmp(want, with_nulls) == []
    lost = Transcript(structured=StructuredRecord(data={"name": "Ada"}, raw_text="r"))
    assert _cmp(want, lost) == [("structured.result", "structured.data")]
    assert _cmp(want, Transcript()) == [("structured.result", "structured")]
    other_raw = Transcript(structured=StructuredRecord(data={"name": "Ada", "email": None}, raw_text="x"))
    assert _cmp(want, other_raw) == [("structured.result", "structured.raw_text")]
    assert _cmp(want, Transcript(), expresses=False) == []  # legacy chunks cannot say it


def test_no_result_needs_an_error_naming_each_expected_part() -> None:
    want = Transcript(terminal="error", structured=StructuredRecord(error=["failed to parse", "preview"]))
    ok = Transcript(terminal="error", error=ErrorRecord(message="Failed to parse ...; content preview"))
    vague = Transcript(terminal="error", error=ErrorRecord(message="Failed to parse"))
    assert _cmp(want, ok) == []
    assert _cmp(want, vague) == [("structured.result", "structured.error")]
