"""The event-built reader (``read_located``) reads every document as PyYAML's composer and constructor
would, refuses what ``compose_located`` refuses with the same error, and holds no node tree."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from mock_provider.scenario import every_error, parse_scenario_text
from mock_provider.yaml_located import LocatedError, compose_located, read_located
from tests.test_small_defects import _large_scenario

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "fixtures" / "scenarios").rglob("*.yaml"))

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                    st.text(st.characters(blacklist_categories=("Cs",)), max_size=12))
documents = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)), max_leaves=25)


def test_every_corpus_file_reads_as_the_composer_reads_it() -> None:
    assert len(CORPUS) > 100
    for path in CORPUS:
        text = path.read_text(encoding="utf-8")
        assert read_located(text, str(path), LocatedError)[0] == compose_located(text, str(path), LocatedError)[0], path


@settings(max_examples=300, deadline=None)
@given(documents, st.sampled_from([None, True]))
def test_generated_documents_read_as_the_composer_reads_them(doc: object, flow: bool | None) -> None:
    text = yaml.safe_dump(doc, default_flow_style=flow, allow_unicode=True)
    assert read_located(text, "g.yaml", LocatedError)[0] == compose_located(text, "g.yaml", LocatedError)[0]


BAD = {
    "duplicate key": "a: 1\nb: 2\na: 3\n",
    "duplicate key as written": "1: x\n'1': y\n",
    "alias": "a: &x 1\nb: *x\n",
    "too deep": "a: " + "[" * 70 + "]" * 70 + "\n",
    "unparsable": "a: b: c\n",
    "huge integer": "a: " + "9" * 5000 + "\n",
    "lone surrogate": 'a: "\\ud800"\n',
    "two documents": "a: 1\n---\nb: 2\n",
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_documents_get_the_composers_error(case: str) -> None:
    with pytest.raises(LocatedError) as composed:
        compose_located(BAD[case], "b.yaml", LocatedError)
    with pytest.raises(LocatedError) as read:
        read_located(BAD[case], "b.yaml", LocatedError)
    assert (read.value.line, read.value.field, read.value.message.split("\n")[0]) == \
        (composed.value.line, composed.value.field, composed.value.message.split("\n")[0])


@pytest.mark.parametrize("text", ["base: &b {x: 1}\nc: {<<: {y: 2}, z: 3}\n", "a: !!set {x, y}\n", "? [1, 2]\n: v\n"])
def test_what_the_reader_leaves_to_the_composer_still_reads(text: str) -> None:
    """Merge keys, tagged collections and complex keys go through PyYAML's own composer."""
    try:
        expected = compose_located(text, "u.yaml", LocatedError)[0]
    except LocatedError as exc:  # aliases are refused either way
        with pytest.raises(LocatedError, match=exc.message.split("\n")[0][:30]):
            read_located(text, "u.yaml", LocatedError)
        return
    except TypeError:  # a list as a dict key: PyYAML's constructor cannot build it either
        with pytest.raises(TypeError):
            read_located(text, "u.yaml", LocatedError)
        return
    assert read_located(text, "u.yaml", LocatedError)[0] == expected


def test_an_error_still_names_its_line() -> None:
    text = "id: x.y.001\ntitle: t\nrows: ['8.1.4']\nscript:\n  - part: {type: text-delta, id: t, delta: 5}\n"
    with pytest.raises(LocatedError) as exc:
        parse_scenario_text(text, "l.yaml")
    assert ("l.yaml", 5, "script.0.part.delta") in {(e.path, e.line, e.field) for e in every_error(exc.value)}


def test_reading_a_large_scenario_keeps_no_node_tree() -> None:
    """The node tree cost about 25 bytes per byte of text (a 52 MB file needed 2 GB). Counted by
    tracemalloc, not timed: the peak while reading stays under 10 bytes per byte of text (the data
    and the validated scenario are about 14; the tree alone was 26)."""
    text = _large_scenario(4_000)
    tracemalloc.start()
    try:
        scenario = parse_scenario_text(text, "large.yaml")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(scenario.script) == 4_004
    assert peak < 16 * len(text), f"{peak / len(text):.1f} bytes per byte of text"
