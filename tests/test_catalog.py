"""The rule catalog: every row is data with its sources, code names rows only through it, and the
grader applies a row to an output protocol exactly as the catalog says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conformance.catalog import OUTPUT_PROTOCOLS, UnknownRow, catalog, declare, known, level_for
from conformance.findings import Finding
from conformance.grading import levelled
from conformance.protocols import protocol

ROOT = Path(__file__).resolve().parent.parent
ROW_LIKE = re.compile(
    r"^(8\.\d[\w.\-]*|(schema|hygiene|info|bridge|consumer|request|structured|transport)\.[a-z][\w\-]*)$")
# Transcript field names that share a prefix with the rows (semantics findings' ``field``), not rows.
FIELD_NAMES = {"structured.data", "structured.raw_text", "structured.error"}


def test_every_row_like_string_in_the_packages_is_a_catalog_row() -> None:
    unknown = []
    for package in ("conformance", "mock_provider"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str) and ROW_LIKE.match(node.value)
                        and node.value not in FIELD_NAMES and not known(node.value)):
                    unknown.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not unknown, "row ids not in fixtures/matrix.yaml:\n" + "\n".join(unknown)


def test_an_unknown_row_is_an_error_not_a_silent_must() -> None:
    with pytest.raises(UnknownRow, match=r"8\.1\.99"):
        Finding(row="8.1.99", message="a typo")
    with pytest.raises(UnknownRow, match=r"8\.1\.99"):
        declare("8.1.5", "8.1.99")
    assert declare("8.1.5") == ("8.1.5",)


def test_every_row_rests_on_a_published_or_project_source() -> None:
    for row in catalog().rows:
        kinds = {s.kind for s in row.sources}
        assert kinds - {"test"}, f"{row.id} has no source but tests"
        for s in row.sources:
            if s.kind in ("spec", "anchor", "seed"):
                assert s.path and s.path.startswith("shared/"), (row.id, s)


def test_applicability_agrees_with_what_each_protocol_can_express() -> None:
    """A row about a value the protocol has no field for does not apply to it (and only then)."""
    for name in OUTPUT_PROTOCOLS:
        proto = protocol(name)
        expresses = {
            "8.1.2": proto.expresses_model,
            "hygiene.error-code": proto.expresses_error_code,
            "structured.result": proto.expresses_structured,
            "8.3.v3": bool(proto.usage_fields),
        }
        for row_id, can in expresses.items():
            assert (level_for(row_id, name) is not None) == can, (name, row_id)


def test_the_grader_drops_rows_that_do_not_apply_and_holds_back_subordinate_ones() -> None:
    model = Finding(row="8.1.2", message="model differs")
    assert [f.row for f in levelled([model], "ag-ui", catalog())] == ["8.1.2"]
    assert levelled([model], "ui-message-stream", catalog()) == []
    ui = Finding(row="consumer.ui-messages", message="the UI differs")
    text = Finding(row="8.1.4", message="text differs")
    assert [f.row for f in levelled([ui], "ag-ui", catalog())] == ["consumer.ui-messages"]
    assert [f.row for f in levelled([text, ui], "ag-ui", catalog())] == ["8.1.4"]
    nonstrict = Finding(row="8.1.4", message="a SHOULD by policy", level="SHOULD")
    assert [f.row for f in levelled([nonstrict, ui], "ag-ui", catalog())] == ["8.1.4", "consumer.ui-messages"]
    assert [f.level for f in levelled([text], "ag-ui", catalog())] == ["MUST"]
