"""The rule catalog: every row is data with its sources, code names rows only through it, and the
grader applies a row to an output protocol exactly as the catalog says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from conformance.catalog import OUTPUT_PROTOCOLS, Matrix, UnknownRow, catalog, declare, family, known, level_for
from conformance.contract import Policies
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


# ---------------------------------------------------------------- sources per output protocol (#15)
def _matrix(rows: list[dict[str, object]]) -> Matrix:
    return Matrix.model_validate({"rows": rows})


def _row(**extra: object) -> dict[str, object]:
    return {"id": "x.rule", "level": "MUST", "axis": "content", "title": "a rule",
            "sources": [{"kind": "consumer", "ref": "@ag-ui/client@1.0.0 verify.ts:252", "protocols": ["ag-ui"]}],
            **extra}


def test_every_must_row_has_a_source_for_each_protocol_it_grades() -> None:
    # Versioned names (ui-message-stream@7, @5) read their family's sources and applies entries.
    names = (*OUTPUT_PROTOCOLS, "ui-message-stream@7", "ui-message-stream@5")
    assert catalog().unsourced(names) == []


def test_a_must_row_resting_only_on_another_protocols_consumer_is_caught() -> None:
    bare = _matrix([_row()])
    assert bare.unsourced() == [("x.rule", "tanstack"), ("x.rule", "tanstack-legacy"),
                                ("x.rule", "ui-message-stream"), ("x.rule", "ui-message-stream@7"),
                                ("x.rule", "ui-message-stream@5")]
    assert bare.unsourced(("ui-message-stream@7",)) == [("x.rule", "ui-message-stream@7")]
    assert bare.unsourced(("ui-message-stream@5",)) == [("x.rule", "ui-message-stream@5")]
    # Each of the three ways out: n/a with why, a lower level, or a source that speaks for it.
    na = {p: {"level": "n/a", "why": "only AG-UI's verifier says so"}
          for p in ("tanstack", "tanstack-legacy", "ui-message-stream")}
    assert _matrix([_row(applies=na)]).unsourced() == []
    should = {p: {"level": "SHOULD", "why": "a producer convention"} for p in na}
    assert _matrix([_row(applies=should)]).unsourced() == []
    neutral = {"kind": "published-type", "ref": "@ai-sdk/provider 3.0.19 LanguageModelV3StreamPart"}
    assert _matrix([_row(sources=[*_row()["sources"], neutral])]).unsourced() == []  # type: ignore[misc]


def test_protocol_specific_sources_name_their_protocols() -> None:
    """A consumer, an anchor (AG-UI/TanStack checkers), a seed (one adapter's spec) and the output
    sections of spec-reference (2 UI message stream, 3 AG-UI, 4 TanStack, 5 Mastra->AG-UI, 8 the
    AG-UI/TanStack table) speak for named protocols; only input-side passages may stay neutral."""
    output_sections = re.compile(r"^spec-reference ([2345]|8)(\.|\b| )")
    loose = [(row.id, s.ref) for row in catalog().rows for s in row.sources if s.protocols is None
             and (s.kind in ("consumer", "anchor", "seed") or (s.kind == "spec" and output_sections.match(s.ref)))]
    assert loose == []


def test_policy_rows_name_a_declared_policy() -> None:
    rows = {r.id: r.policy for r in catalog().rows if r.policy is not None}
    assert rows == {"8.1.12a": "finish_reason", "8.1.19": "missing_finish", "8.2.tool-calls": "finish_reason",
                    "8.1.17": "error_text", "request.prompt": "system_prompt"}
    assert set(rows.values()) <= set(Policies.model_fields)


def test_a_versioned_protocol_reads_its_familys_entries() -> None:
    for row in catalog().rows:
        for version in ("ui-message-stream@7", "ui-message-stream@5"):
            assert row.level_for(version) == row.level_for("ui-message-stream"), (row.id, version)
            assert row.sources_for(version) == row.sources_for("ui-message-stream"), (row.id, version)
    assert family("ui-message-stream@7") == family("ui-message-stream@5") == "ui-message-stream"


# ---------------------------------------------------------------- a MUST is harm
def test_every_must_row_shows_harm_for_each_protocol_it_grades() -> None:
    """Schema, consumer, upstream or a quoted normative sentence, per protocol: never a producer's habit."""
    assert catalog().unharmed((*OUTPUT_PROTOCOLS, "ui-message-stream@7", "ui-message-stream@5")) == []


def _harmed(protocols: list[str], harm: str = "consumer", **extra: object) -> dict[str, object]:
    return {"kind": "consumer", "ref": "@ag-ui/client@1.0.0 verify.ts:252", "protocols": protocols, "harm": harm,
            **extra}


def test_a_must_resting_on_a_producers_habit_is_caught() -> None:
    producer = {"kind": "consumer", "ref": "ai@6.0.326 dist/index.mjs:7960 (streamText sends start first)",
                "protocols": ["ui-message-stream"]}
    habit = _matrix([_row(sources=[_harmed(["ag-ui"]), producer])])
    assert habit.unsourced(("ag-ui", "ui-message-stream")) == []  # sourced, yet no harm for the UI stream
    assert habit.unharmed(("ag-ui", "ui-message-stream", "ui-message-stream@7")) == [
        ("x.rule", "ui-message-stream"), ("x.rule", "ui-message-stream@7")]
    # Harm for one protocol covers no other; a neutral upstream source covers all.
    assert _matrix([_row(sources=[_harmed(["ag-ui"])])]).unharmed(("tanstack",)) == [("x.rule", "tanstack")]
    upstream = {"kind": "spec", "ref": "the mock's request log", "harm": "upstream"}
    assert _matrix([_row(sources=[producer, upstream])]).unharmed() == []
    # The way out without harm: the protocol's level lowered (a SHOULD needs none).
    lowered = {"ui-message-stream": {"level": "SHOULD", "why": "streamText's habit; the reader does not care"}}
    assert _matrix([_row(sources=[_harmed(["ag-ui"]), producer], applies=lowered)]).unharmed(
        ("ag-ui", "ui-message-stream@7")) == []


def test_harm_evidence_is_validated() -> None:
    quote = "The first event MUST be RUN_STARTED."
    link = "https://docs.ag-ui.com/concepts/events (1.0.0)"
    ok = _matrix([_row(sources=[_harmed(["ag-ui"], "normative", quote=quote, link=link)])])
    assert ok.unharmed(("ag-ui",)) == []
    with pytest.raises(ValidationError, match="normative source needs"):
        _matrix([_row(sources=[_harmed(["ag-ui"], "normative", link=link)])])  # no quote
    with pytest.raises(ValidationError, match="normative source needs"):
        _matrix([_row(sources=[_harmed(["ag-ui"], "normative", quote=quote)])])  # no link
    with pytest.raises(ValidationError, match="a quote is the MUST sentence"):
        _matrix([_row(sources=[_harmed(["ag-ui"], quote=quote)])])  # a quote on a consumer source
    with pytest.raises(ValidationError, match="speaks for the protocol it reads"):
        _matrix([_row(sources=[{"kind": "consumer", "ref": "some reader", "harm": "consumer"}])])  # neutral consumer
    with pytest.raises(ValidationError):
        _matrix([_row(sources=[_harmed(["ag-ui"], "producer")])])  # not a kind of harm


def test_harm_sources_cite_pinned_code_not_a_producer() -> None:
    """A consumer or schema harm cites a pinned file and line; it never names the reference producers."""
    producers = re.compile(r"\b(streamText|toUIMessageStream|createUIMessageStream)\b")
    pinned = re.compile(r"@\d+\.\d+\.\d+ .*:\d+")
    bad = [(r.id, s.ref) for r in catalog().rows for s in r.sources if s.harm in ("consumer", "schema")
           and (producers.search(s.ref) or not pinned.search(s.ref))]
    assert bad == []
