"""The gate as pure functions: deviations files, baseline decisions, and diffs of two saved runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.findings import Finding
from conformance.gate import Deviation, DeviationsError, Gate, diff_reports, load_deviations, parse_deviations_text
from conformance.matrix import load_matrix
from conformance.verdict import CaseResult

ROWS = load_matrix().ids()


def _result(case: str, *rows: str, verdict: str = "FAIL") -> CaseResult:
    scenario = case.split("[", 1)[0]
    r = CaseResult(case, scenario, case.split("[", 1)[1].rstrip("]"), "x", rows=[scenario])
    if verdict == "FAIL":
        r.content = "FAIL"
        r.findings = [Finding(row=row, message="broken", level="MUST") for row in rows]
    else:
        r.content = r.termination = verdict  # type: ignore[assignment]
    return r


def _base_case(case: str, verdict: str, *rows: str) -> dict[str, Any]:
    return {"case": case, "verdict": verdict, "failing": verdict in ("FAIL", "ERROR"), "failed_rows": list(rows),
            "gate": "ok"}


# ---------------------------------------------------------------- deviations files
GOOD = """\
# accepted deviations
- row: "8.3.absent"
  reason: we report zeros on purpose
- scenario: abort.mid-text.001
  reason: abort lands late over our queue
- case: "tool.interleave.002[v2]"
  reason: v2 only
"""


def test_a_deviations_file_loads_with_where_each_entry_is(tmp_path: Path) -> None:
    path = tmp_path / "deviations.yaml"
    path.write_text(GOOD)
    devs = load_deviations(path, ROWS)
    assert [d.target() for d in devs] == ["row 8.3.absent", "scenario abort.mid-text.001",
                                          "case tool.interleave.002[v2]"]
    assert devs[1].describe() == f"{path}:4: scenario abort.mid-text.001 (abort lands late over our queue)"
    assert parse_deviations_text("", "empty.yaml") == []


@pytest.mark.parametrize(("text", "message"), [
    ("- row: 8.1.5\n  reason: ok\n- row: 8.1.4\n", r"^d\.yaml:3: 1\.reason: Field required$"),
    ("- row: 8.1.5\n  reason: ok\n- row: 8.1.4\n  case: a.b.001[v3]\n  reason: x\n",
     r"^d\.yaml:3: 1: give exactly one of case, scenario, row \(got case, row\)$"),
    ("- reason: nothing targeted\n", r"^d\.yaml:1: 0: give exactly one of case, scenario, row \(got none\)$"),
    ("- row: 8.1.5\n  reason: ok\n  resaon: typo\n", r"^d\.yaml:3: 0\.resaon: unknown field \(typo\?\)$"),
    ("- row: 9.9.9\n  reason: ok\n", r"^d\.yaml:1: 0\.row: unknown matrix row '9\.9\.9'$"),
    ("- row: 8.1.5\n  reason: '  '\n", r"^d\.yaml:2: 0\.reason: must not be blank$"),
    ("row: 8.1.5\n", r"^d\.yaml:1: a deviations file holds a list"),
    ("- just a string\n", r"^d\.yaml:1: 0: an entry is a mapping"),
    ("- row: [8.1.5\n", r"^d\.yaml:2: not valid YAML"),
])
def test_a_bad_deviations_file_names_file_line_and_field(text: str, message: str) -> None:
    with pytest.raises(DeviationsError, match=message):
        parse_deviations_text(text, "d.yaml", ROWS)


def test_an_unreadable_deviations_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DeviationsError, match=r"nope\.yaml: cannot read"):
        load_deviations(tmp_path / "nope.yaml")


# ---------------------------------------------------------------- decisions
def test_without_baseline_or_deviations_every_failing_case_fails() -> None:
    gate = Gate()
    assert gate.decide(_result("a.b.001[v3]", "8.1.5"), failing=True).status == "failed"
    assert gate.decide(_result("a.b.002[v3]", verdict="PASS"), failing=False).status == "ok"
    summary = gate.summary()
    assert summary["failed"] and summary["regressions"] == ["a.b.001[v3]"] and summary["regressed_rows"] == ["8.1.5"]


def test_baseline_known_failures_pass_regressions_fail() -> None:
    baseline = {"cases": [_base_case("a.b.001[v3]", "FAIL", "8.1.5"), _base_case("a.b.002[v3]", "PASS"),
                          _base_case("a.b.003[v3]", "FAIL", "8.1.5"), _base_case("a.b.004[v3]", "ERROR")]}
    gate = Gate(baseline=baseline, baseline_path="base.json")
    known = gate.decide(_result("a.b.001[v3]", "8.1.5"), failing=True)
    assert known.status == "known-failure" and "FAIL, rows 8.1.5" in known.reason
    was_passing = gate.decide(_result("a.b.002[v3]", "8.1.4"), failing=True)
    assert (was_passing.status, was_passing.reason) == ("failed", "regression: was PASS in the baseline")
    more_rows = gate.decide(_result("a.b.003[v3]", "8.1.5", "8.1.9"), failing=True)
    assert more_rows.status == "failed" and more_rows.new_rows == ["8.1.9"]
    assert gate.decide(_result("a.b.004[v3]", verdict="ERROR"), failing=True).status == "known-failure"
    new = gate.decide(_result("a.b.009[v3]", "8.1.0"), failing=True)
    assert (new.status, new.reason) == ("failed", "regression: new case, not in the baseline")
    summary = gate.summary()
    assert summary["regressions"] == ["a.b.002[v3]", "a.b.003[v3]", "a.b.009[v3]"]
    assert summary["regressed_rows"] == ["8.1.0", "8.1.4", "8.1.9"]
    assert summary["known_failures"] == ["a.b.001[v3]", "a.b.004[v3]"] and summary["baseline"] == "base.json"


def test_deviations_accept_by_case_scenario_or_all_failed_rows_and_report_unused() -> None:
    devs = parse_deviations_text(
        "- case: a.b.001[v3]\n  reason: one\n- scenario: a.c.001\n  reason: two\n"
        "- row: 8.1.5\n  reason: three\n- row: 8.1.9\n  reason: four\n- row: 8.3.v2\n  reason: never used\n",
        "dev.yaml", ROWS)
    gate = Gate(deviations=devs, deviations_path="dev.yaml")
    assert gate.decide(_result("a.b.001[v3]", "8.1.0"), failing=True).status == "deviation"
    assert gate.decide(_result("a.c.001[v2]", verdict="ERROR"), failing=True).status == "deviation"
    both = gate.decide(_result("a.d.001[v3]", "8.1.5", "8.1.9"), failing=True)
    assert both.status == "deviation" and "three" in both.reason and "four" in both.reason
    partly = gate.decide(_result("a.e.001[v3]", "8.1.5", "8.1.0"), failing=True)
    assert partly.status == "failed", "a row deviation covers a case only when every failed row is accepted"
    assert gate.unused() == ["dev.yaml:9: row 8.3.v2 (never used)"]
    assert gate.summary()["deviations"] == ["a.b.001[v3]", "a.c.001[v2]", "a.d.001[v3]"]


def test_a_deviation_needs_exactly_one_target() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        Deviation(reason="x")


# ---------------------------------------------------------------- diff of two runs
def _run(*cases: dict[str, Any], rows: dict[str, str | None]) -> dict[str, Any]:
    return {"cases": list(cases), "rows": [{"id": k, "verdict": v} for k, v in rows.items()]}


def test_diff_reports_new_failures_fixes_verdict_changes_and_regressions() -> None:
    a = _run(_base_case("x.a.001[v3]", "PASS"), _base_case("x.b.001[v3]", "FAIL", "8.1.5"),
             _base_case("x.c.001[v3]", "INFO"), _base_case("x.gone.001[v3]", "PASS"),
             rows={"8.1.4": "PASS", "8.1.5": "FAIL"})
    accepted = _base_case("x.d.001[v3]", "FAIL", "8.1.9") | {"gate": "deviation"}
    b = _run(_base_case("x.a.001[v3]", "FAIL", "8.1.4"), _base_case("x.b.001[v3]", "PASS"),
             _base_case("x.c.001[v3]", "PASS-NONSTRICT"), accepted,
             rows={"8.1.4": "FAIL", "8.1.5": "PASS"})
    d = diff_reports(a, b)
    assert d["new_failures"] == [{"case": "x.a.001[v3]", "from": "PASS", "to": "FAIL", "rows": ["8.1.4"]},
                                 {"case": "x.d.001[v3]", "from": None, "to": "FAIL", "rows": ["8.1.9"]}]
    assert d["fixed"] == [{"case": "x.b.001[v3]", "from": "FAIL", "to": "PASS"}]
    assert {c["case"] for c in d["verdict_changes"]} == {"x.a.001[v3]", "x.b.001[v3]", "x.c.001[v3]"}
    assert d["row_changes"] == [{"row": "8.1.4", "from": "PASS", "to": "FAIL"},
                                {"row": "8.1.5", "from": "FAIL", "to": "PASS"}]
    assert d["added"] == ["x.d.001[v3]"] and d["removed"] == ["x.gone.001[v3]"]
    # The accepted deviation is a new failure but not a regression.
    assert [r["case"] for r in d["regressions"]] == ["x.a.001[v3]"]
    assert diff_reports(b, b)["regressions"] == [] and diff_reports(b, b)["verdict_changes"] == []


# ---------------------------------------------------------------- a report whose run never finished
def _saved(tmp_path: Path, name: str, **kw: Any) -> Path:
    import json

    from conformance.report import build_report

    path = tmp_path / name
    path.write_text(json.dumps(build_report(spec="m:f", results=[], **kw)), encoding="utf-8")
    return path


def test_no_gate_takes_a_started_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A run that died leaves its ``started`` report: no baseline, diff or gate draws a verdict from it."""
    from conformance.cli import main
    from conformance.report import ReportError, load_final_report, load_report

    started = _saved(tmp_path, "started.json", isolation="process", status="started")
    done = _saved(tmp_path, "done.json", isolation="process")
    assert load_report(started)["run"]["status"] == "started"  # a valid report, shown as INCOMPLETE
    with pytest.raises(ReportError, match="never finished"):
        load_final_report(started)
    assert main(["diff", str(done), str(started)]) == 2
    assert main(["gate", str(started)]) == 1
    assert "never finished" in capsys.readouterr().err
    assert main(["gate", str(done)]) == 0
    in_process = _saved(tmp_path, "none.json", isolation="none")
    assert main(["gate", str(in_process)]) == 1
    assert main(["gate", str(in_process), "--allow-in-process"]) == 0


def test_a_started_baseline_is_a_usage_error(pytester: pytest.Pytester, tmp_path: Path) -> None:
    started = _saved(tmp_path, "base.json", isolation="process", status="started")
    result = pytester.runpytest_inprocess("--adapter=conformance.reference:agui", f"--conformance-baseline={started}",
                                          "--no-report", "-k", "text.basic.001")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*never finished (status started)*"])
