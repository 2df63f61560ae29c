"""Reports as pure functions: the JSON against its published schema, the markdown and the HTML."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from conformance.matrix import load_matrix
from conformance.reference import agui
from conformance.report import (
    SCHEMA_PATH,
    ReportError,
    build_report,
    jsonable,
    load_report,
    render_html,
    render_markdown,
    timeline_svg,
    validate_report,
    write_reports,
)
from conformance.runner import run_case
from conformance.verdict import CaseResult
from mock_provider.scenario import Scenario
from tests.mutants import ALL_MUTANTS

SCENARIOS = ["text.basic.001", "tool.interleave.001", "abort.mid-text.001"]
TEXT_LEFT_OPEN = next(m for m in ALL_MUTANTS if m.name == "agui.text-left-open")


@pytest.fixture(scope="module")
def picked(corpus: list[Scenario]) -> list[Scenario]:
    return [s for s in corpus if s.id in SCENARIOS]


@pytest.fixture(scope="module")
def results(picked: list[Scenario]) -> list[CaseResult]:
    """Reference cases plus one mutant case that leaves the text message open (row 8.1.5)."""
    out = [run_case(agui, s, "v3", adapter_name="conformance.reference:agui") for s in picked]
    text = next(s for s in picked if s.id == "text.basic.001")
    out.append(run_case(TEXT_LEFT_OPEN.factory, text, "v4", adapter_name="mutant"))
    return out


@pytest.fixture(scope="module")
def report(results: list[CaseResult], picked: list[Scenario]) -> dict[str, Any]:
    return build_report(spec="conformance.reference:agui", results=results, scenarios=picked, dialects=["v3", "v4"],
                        capabilities=agui(_ctx()).capabilities, profile="tools", strict=False)


def _ctx() -> Any:
    from conformance.contract import AdapterContext

    return AdapterContext(dialect="probe", model=None, scenario_id="probe")


def _failing(report: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in report["cases"] if c["case"] == "text.basic.001[v4]")


def test_the_published_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(json.loads(SCHEMA_PATH.read_text()))


def test_report_matches_its_schema_and_holds_what_ci_needs(report: dict[str, Any]) -> None:
    validate_report(report)
    jsonschema.validate(report, json.loads(SCHEMA_PATH.read_text()))  # the plain library agrees
    assert report["adapter"]["spec"] == "conformance.reference:agui"
    assert report["adapter"]["capabilities"]["output"] == "ag-ui"
    assert report["versions"]["python"].count(".") == 2 and report["versions"]["pydantic"]
    assert report["profile"] == "tools" and report["strict"] is False and report["dialects"] == ["v3", "v4"]
    assert report["totals"]["FAIL"] == 1
    assert [r["id"] for r in report["rows"]] == load_matrix().ids()
    row_815 = next(r for r in report["rows"] if r["id"] == "8.1.5")
    assert row_815["verdict"] == "FAIL" and row_815["counts"]["FAIL"] == 1
    assert set(report["scenarios"]) == set(SCENARIOS)


def test_a_failing_case_has_both_axes_findings_and_the_first_differing_event(report: dict[str, Any]) -> None:
    case = _failing(report)
    assert case["verdict"] == "FAIL" and case["failing"] and case["failed_rows"] == ["8.1.5"]
    assert {case["content"], case["termination"]} >= {"FAIL"}
    finding = next(f for f in case["findings"] if f["row"] == "8.1.5")
    assert finding["level"] == "MUST" and finding["event_index"] == case["first_difference"]
    # The mutant drops TEXT_MESSAGE_END: no such event in its stream, and ids are normalized.
    assert "TEXT_MESSAGE_END" not in [e["type"] for e in case["events"]]
    assert case["events"][0]["runId"] == "<id:2>"
    assert len(case["upstream_positions"]) == len(case["events"]) == case["events_total"]
    assert case["upstream_positions"] == sorted(case["upstream_positions"])
    passing = next(c for c in report["cases"] if c["case"] == "text.basic.001[v3]")
    assert not passing["failing"] and passing["gate"] == "ok" and passing["first_difference"] is None


def test_the_schema_rejects_a_broken_report(report: dict[str, Any]) -> None:
    bad = copy.deepcopy(report)
    bad["cases"][0]["verdict"] = "MAYBE"
    with pytest.raises(ReportError, match=r"x.json: cases\.0\.verdict: 'MAYBE' is not one of"):
        validate_report(bad, "x.json")
    del bad["cases"][0]["verdict"]
    with pytest.raises(ReportError, match="'verdict' is a required property"):
        validate_report(bad)


def test_markdown_has_the_matrix_and_a_diff_for_the_failing_case_only(report: dict[str, Any]) -> None:
    text = render_markdown(report)
    assert "| row | level | pass | nonstrict | info | FAIL | ERROR | unsup | n/expr | verdict |" in text
    assert re.search(r"^\| 8\.1\.5 \| MUST \| \d+ \| 0 \| 0 \| 1 \| 0 \| 0 \| 0 \| \*\*FAIL\*\* \|$", text, re.M)
    assert "## Failing cases (1)" in text
    assert "### `text.basic.001[v4]`: FAIL" in text
    first = _failing(report)["first_difference"]
    assert f"first differing event #{first}:" in text
    assert "still open" in text  # the finding's message
    assert "### `text.basic.001[v3]`" not in text


def test_html_is_self_contained_with_matrix_cases_and_timelines(report: dict[str, Any]) -> None:
    page = render_html(report)
    assert page.startswith("<!DOCTYPE html>")
    assert '<table id="conformance-matrix">' in page
    # Every row the run reached is listed; the others are counted, not listed (the page reads failure-first).
    reached = {r["id"] for r in report["rows"] if r["verdict"] is not None}
    assert reached and reached != set(load_matrix().ids())
    assert set(re.findall(r'data-row="([^"]+)"', page)) == reached
    unreached = len(load_matrix().ids()) - len(reached)
    assert f"{unreached} row(s) not reached by this run" in page
    # Nothing fetched: no scripts, links, images, imports or url() references (links inside the page only).
    assert not re.search(r'<script|<link|<img|@import|url\(|src=|href="(?!#)', page)
    assert re.findall(r'https?://[^"]*', page) == ["http://www.w3.org/2000/svg"] * page.count("<svg")
    failing = re.search(r'<details class="case" id="case-text\.basic\.001-v4" data-case="text\.basic\.001\[v4\]" open>'
                        r'(.*?)</details>', page, re.S)
    assert failing is not None, "the failing case is listed open"
    assert "first differing event" in failing.group(1) and "expected vs actual" not in page.split(failing.group(0))[1]
    assert page.count('<details class="case"') == len(report["cases"])


def test_timeline_links_each_event_to_the_upstream_step_it_came_after(report: dict[str, Any]) -> None:
    case = _failing(report)
    steps = report["scenarios"]["text.basic.001"]["steps"]
    svg = timeline_svg(case, steps)
    assert svg.count("<line ") == len(case["events"])
    assert svg.count("<rect ") == len(steps) + len(case["events"])
    assert "1. stream-start" in svg and f"#{len(case['events']) - 1} RUN_FINISHED" in svg
    # Event i's line starts at the boundary after upstream_positions[i] steps (18 px a step, 34 px top).
    y1 = [float(y) for y in re.findall(r'<line x1="304" y1="([\d.]+)"', svg)]
    assert y1 == [34 + p * 18 - 1.5 for p in case["upstream_positions"]]
    # The finding's event is drawn red.
    first = case["first_difference"]
    assert re.search(rf'stroke="#c62828"/><text x="445" y="\d+" font-weight="bold">#{first} ', svg)


def test_jsonable_keeps_any_adapter_output_in_bounds() -> None:
    assert jsonable({"a": (1, 2), "b": object}) == {"a": [1, 2], "b": "<class 'object'>"}
    assert jsonable(float("nan")) == "nan"
    big = jsonable({"x": "y" * 50_000})
    assert big["_chars"] > 50_000 and len(big["_truncated"]) < 10_000


def test_write_and_load_round_trip(report: dict[str, Any], tmp_path: Path) -> None:
    paths = write_reports(report, tmp_path / "out")
    assert sorted(p.name for p in paths) == ["conformance.html", "conformance.json", "conformance.md"]
    assert load_report(tmp_path / "out" / "conformance.json") == report
    (tmp_path / "bad.json").write_text('{"format": 1,\n "cases": [}')
    with pytest.raises(ReportError, match=r"bad.json:2: not valid JSON"):
        load_report(tmp_path / "bad.json")
    with pytest.raises(ReportError, match=r"missing.json: cannot read"):
        load_report(tmp_path / "missing.json")


def test_a_report_survives_hostile_adapters(corpus: list[Scenario]) -> None:
    from conformance.runner import Settings
    from tests import hostile as h

    fast = Settings(timeout=0.3, grace=0.3, max_events=500, max_event_bytes=1_000_000)
    text = next(s for s in corpus if s.id == "text.basic.001")
    kinds = [h.NonDictEvents, h.NonJsonEvent, h.HugeEvent, h.Runaway, h.WrongTypes, h.RaisesMidway]
    results = [run_case(h.cls_factory(k), text, "v3", fast, adapter_name=k.__name__) for k in kinds]
    results.append(run_case(h.factory_raises, text, "v3", fast))
    # An adapter's text ends up in the page: it must be escaped, never markup.
    from conformance.findings import Finding

    nasty = CaseResult("text.basic.001[v4]", "text.basic.001", "v4", "x", content="FAIL",
                       events=[{"type": "<script>alert(1)</script>"}], upstream_positions=[1],
                       findings=[Finding(row="8.1.5", message="<img src=x>", level="MUST", event_index=0)])
    results.append(nasty)
    report = build_report(spec="tests.hostile:many", results=results, scenarios=[text])
    validate_report(report)
    assert len(json.dumps(report)) < 2_000_000, "huge and runaway streams are bounded in the report"
    assert {c["verdict"] for c in report["cases"]} == {"FAIL", "ERROR"}
    page = render_html(report)
    assert page.count('<details class="case"') == len(kinds) + 2
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;img src=x&gt;" in page
    assert render_markdown(report).count("\n### `text.basic.001[v3]`") == len(kinds) + 1


def test_the_report_is_built_and_written_when_optional_parts_fail(results: list[CaseResult], picked: list[Scenario],
                                                                 tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A runaway adapter's thread took the process's memory: the package metadata lookup raised
    MemoryError while the report was built, and no report was written. Versions are optional: the
    report says they are unknown; a view that cannot be rendered leaves the JSON report written."""
    import importlib.metadata

    from conformance import report as report_mod

    def no_memory(name: str) -> str:
        raise MemoryError

    monkeypatch.setattr(importlib.metadata, "version", no_memory)
    report_mod._packages_distributions.cache_clear()
    built = build_report(spec="conformance.reference:agui", results=results, scenarios=picked)
    assert built["versions"]["kit"] is None and built["cases"]
    monkeypatch.setattr(report_mod, "render_html", lambda r: (_ for _ in ()).throw(MemoryError()))
    with pytest.raises(report_mod.ReportError, match=r"conformance\.html could not be rendered"):
        report_mod.write_reports(built, tmp_path)
    assert report_mod.load_report(tmp_path / "conformance.json")["cases"] == built["cases"]
    assert (tmp_path / "conformance.md").read_text(encoding="utf-8")
