"""Reports and the gate through the pytest plugin (pytester), and the ``conformance`` CLI on what it wrote.

The central story: a baseline run of the reference adapter is saved; a mutant that breaks
one row (8.1.5, it forgets TEXT_MESSAGE_END) then fails the gate on that row alone; with
its own run as the baseline, or with a deviation for the row, the same failures no longer fail.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main as cli_main
from conformance.report import load_report

ADAPTERS = """
from tests.mutants import ALL_MUTANTS

text_left_open = next(m.factory for m in ALL_MUTANTS if m.name == "agui.text-left-open")
"""
# A few scenarios in one dialect keep these runs fast; text ones are where 8.1.5 can break.
SELECT = ["-k", "text.basic or text.blocks or tool.basic or finish.stop.001", "--dialect=v3", "-p", "no:cacheprovider"]
MUTANT = "--adapter=gate_adapters:text_left_open"
REFERENCE = "--adapter=conformance.reference:agui"


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(gate_adapters=ADAPTERS)
    pytester.syspathinsert()
    return pytester


def _report(path: Path) -> dict[str, Any]:
    return load_report(path)  # validates against the published schema too


def test_baseline_then_a_mutant_fails_the_gate_on_just_its_row(project: pytest.Pytester,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    base = project.runpytest_inprocess(REFERENCE, *SELECT, "--report-dir=baseline")
    base.assert_outcomes(passed=4)
    baseline = _report(project.path / "baseline" / "conformance.json")
    assert {c["case"] for c in baseline["cases"]} == {"text.basic.001[v3]", "text.blocks.001[v3]",
                                                      "tool.basic.001[v3]", "finish.stop.001[v3]"}
    assert not any(c["failing"] for c in baseline["cases"])

    run = project.runpytest_inprocess(MUTANT, *SELECT, "--baseline=baseline/conformance.json")
    assert run.ret == 1
    report = _report(project.path / "reports" / "conformance.json")
    failed = [c for c in report["cases"] if c["gate"] == "failed"]
    run.assert_outcomes(failed=len(failed), passed=4 - len(failed))
    # Three of the four scenarios stream text (tool.basic has none): those leave a message open.
    assert {c["case"] for c in failed} == {"text.basic.001[v3]", "text.blocks.001[v3]", "finish.stop.001[v3]"}
    assert all(c["failed_rows"] == ["8.1.5"] for c in failed)
    assert report["gate"]["regressed_rows"] == ["8.1.5"] and report["gate"]["failed"]
    assert [r["id"] for r in report["rows"] if r["verdict"] == "FAIL"] == ["8.1.5"]
    run.stdout.fnmatch_lines(["regression: was PASS in the baseline",
                              f"gate: FAILED: {len(failed)} regression(s) on rows 8.1.5, 0 known failure(s)*"])
    shutil.copy(project.path / "reports" / "conformance.json", project.path / "mutant.json")

    # The CLI compares the two saved runs: the mutant's run regresses against the baseline.
    assert cli_main(["diff", "baseline/conformance.json", "mutant.json"]) == 1
    out = capsys.readouterr().out
    assert "8.1.5: PASS -> FAIL" in out and f"regressions: {len(failed)}" in out
    assert "text.basic.001[v3]: PASS -> FAIL (rows 8.1.5)" in out
    assert cli_main(["diff", "mutant.json", "baseline/conformance.json"]) == 0
    assert "fixed (" in capsys.readouterr().out
    assert cli_main(["diff", "baseline/conformance.json", "mutant.json", "--json"]) == 1
    as_json = json.loads(capsys.readouterr().out)
    assert sorted(r["case"] for r in as_json["regressions"]) == sorted(c["case"] for c in failed)

    # With its own run as the baseline the same failures are known: reported as xfail, the run passes.
    again = project.runpytest_inprocess(MUTANT, *SELECT, "--baseline=mutant.json")
    assert again.ret == 0
    again.assert_outcomes(xfailed=len(failed), passed=4 - len(failed))
    known = _report(project.path / "reports" / "conformance.json")
    assert known["gate"]["known_failures"] == sorted(c["case"] for c in failed) and not known["gate"]["failed"]


def test_deviations_accept_a_row_and_warn_about_unused_ones(project: pytest.Pytester) -> None:
    project.path.joinpath("deviations.yaml").write_text(
        "- row: '8.1.5'\n  reason: we close text lazily (issue 7)\n- row: '8.3.v2'\n  reason: stale entry\n")
    run = project.runpytest_inprocess(MUTANT, *SELECT, "--deviations=deviations.yaml", "-rx")
    assert run.ret == 0
    report = _report(project.path / "reports" / "conformance.json")
    accepted = [c for c in report["cases"] if c["gate"] == "deviation"]
    run.assert_outcomes(xfailed=len(accepted), passed=4 - len(accepted))
    assert accepted and all("we close text lazily (issue 7)" in c["gate_reason"] for c in accepted)
    assert report["gate"]["unused_deviations"] == ["deviations.yaml:3: row 8.3.v2 (stale entry)"]
    run.stdout.fnmatch_lines(["conformance warning: unused deviation deviations.yaml:3: row 8.3.v2 (stale entry)",
                              "XFAIL *deviation: accepted deviation (deviations.yaml:1: row 8.1.5*"])


def test_a_malformed_deviations_file_or_baseline_is_a_usage_error_naming_it(project: pytest.Pytester) -> None:
    project.path.joinpath("deviations.yaml").write_text("- row: '8.1.5'\n  reason: ok\n- row: '8.1.4'\n")
    run = project.runpytest_inprocess(MUTANT, *SELECT, "--deviations=deviations.yaml")
    assert run.ret == pytest.ExitCode.USAGE_ERROR
    run.stderr.fnmatch_lines(["*conformance: deviations.yaml:3: 1.reason: Field required*"])
    project.path.joinpath("base.json").write_text('{"format": 1}')
    run = project.runpytest_inprocess(MUTANT, *SELECT, "--baseline=base.json")
    assert run.ret == pytest.ExitCode.USAGE_ERROR
    run.stderr.fnmatch_lines(["*conformance: base.json: (top level): 'adapter' is a required property*"])


def test_junit_properties_step_summary_and_no_report(project: pytest.Pytester, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    summary = tmp_path / "step_summary.md"
    summary.write_text("earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    run = project.runpytest_inprocess(MUTANT, *SELECT, "--junitxml=junit.xml", "--no-report")
    assert run.ret == 1
    assert not (project.path / "reports").exists()
    cases = ET.parse(project.path / "junit.xml").getroot().iter("testcase")
    props = {c.get("name"): {p.get("name"): p.get("value") for p in c.iter("property")} for c in cases}
    assert props["test_case[text.basic.001-v3]"] == {"verdict": "FAIL", "content": "PASS", "termination": "FAIL",
                                                    "gate": "failed"}
    assert props["test_case[tool.basic.001-v3]"]["verdict"] == "PASS"
    assert props["test_case[tool.basic.001-v3]"]["gate"] == "ok"
    text = summary.read_text()
    assert text.startswith("earlier step\n## Conformance: `gate_adapters:text_left_open`")
    assert "| 8.1.5 | MUST | 0 | 0 | 0 | 3 | 0 | 0 | 0 | **FAIL** |" in text  # the three text scenarios
    assert "gate: **FAILED**" in text


def test_cli_report_renders_md_and_html_from_a_saved_json(project: pytest.Pytester) -> None:
    project.runpytest_inprocess(MUTANT, *SELECT, "--report-dir=run")
    saved = project.path / "run" / "conformance.json"
    done = subprocess.run([sys.executable, "-m", "conformance", "report", str(saved), "--out", "site"],
                          cwd=project.path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    site = project.path / "site"
    assert (site / "conformance.md").read_text() == (project.path / "run" / "conformance.md").read_text()
    assert (site / "conformance.html").read_text() == (project.path / "run" / "conformance.html").read_text()
    assert "first differing event" in (site / "conformance.md").read_text()


def test_cli_errors_and_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["diff", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 2
    assert "error: " + str(tmp_path / "a.json") + ": cannot read" in capsys.readouterr().err
    (tmp_path / "a.json").write_text(json.dumps({"format": 1}))
    assert cli_main(["report", str(tmp_path / "a.json")]) == 2
    assert "(top level): 'adapter' is a required property" in capsys.readouterr().err


def test_an_unwritable_report_dir_is_a_warning_not_a_crash(project: pytest.Pytester) -> None:
    project.path.joinpath("blocked").write_text("a file, not a directory")
    run = project.runpytest_inprocess(REFERENCE, "-k", "text.basic.001", "--dialect=v3", "--report-dir=blocked/sub")
    assert run.ret == 0
    run.assert_outcomes(passed=1)
    run.stdout.fnmatch_lines(["conformance warning: could not write the reports: *blocked/sub*"])


@pytest.mark.slow
def test_under_xdist_the_controller_reports_what_one_process_would(project: pytest.Pytester) -> None:
    """With -n 2 the workers run the cases; the matrix, the reports and the gate must not go missing."""
    pytest.importorskip("xdist")
    project.runpytest_inprocess(REFERENCE, *SELECT, "--report-dir=baseline").assert_outcomes(passed=4)
    gate = ["--baseline=baseline/conformance.json"]
    serial = project.runpytest_subprocess(MUTANT, *SELECT, *gate, "--report-dir=serial")
    parallel = project.runpytest_subprocess(MUTANT, *SELECT, *gate, "--report-dir=parallel", "-n", "2")
    assert serial.ret == parallel.ret == 1

    def essence(path: Path) -> tuple[Any, ...]:
        r = _report(path)
        return ([(c["case"], c["verdict"], c["gate"], c["failed_rows"]) for c in r["cases"]], r["rows"], r["totals"],
                r["gate"])

    one, many = essence(project.path / "serial" / "conformance.json"), essence(project.path / "parallel" /
                                                                              "conformance.json")
    assert many == one
    assert {c for c, v, g, rows in many[0] if g == "failed"} == {"text.basic.001[v3]", "text.blocks.001[v3]",
                                                               "finish.stop.001[v3]"}
    parallel.stdout.fnmatch_lines(["*conformance matrix: gate_adapters:text_left_open*",
                                   "gate: FAILED: 3 regression(s) on rows 8.1.5, 0 known failure(s)*"])


@pytest.mark.slow
@pytest.mark.parametrize("accepted", [True, False])
def test_the_gate_and_the_exit_code_agree_on_generated_cases(project: pytest.Pytester, accepted: bool) -> None:
    """A generated-* case that finds a bug is gated like a corpus case: a deviation for its row
    accepts it (exit 0, gate passed), and without one both say failed."""
    project.path.joinpath("deviations.yaml").write_text(
        "- row: '8.1.5'\n  reason: we close text lazily\n" if accepted else "- row: '8.3.v2'\n  reason: other\n")
    # A subprocess: a second in-process search in one interpreter may find nothing (hypothesis state).
    run = project.runpytest_subprocess(MUTANT, "-k", "generated-text", "--dialect=v3", "-p", "no:cacheprovider",
                                       "--conformance-examples=20", "--deviations=deviations.yaml")
    report = _report(project.path / "reports" / "conformance.json")
    assert report["cases"], "the generated case found nothing: the mutant no longer breaks generated text"
    if accepted:
        assert run.ret == 0 and report["gate"]["failed"] is False
        run.stdout.fnmatch_lines(["gate: passed*"])
    else:
        assert run.ret == 1 and report["gate"]["failed"] is True
        run.stdout.fnmatch_lines(["gate: FAILED*"])


@pytest.mark.slow
def test_a_baseline_holding_a_generated_failure_makes_it_known_in_the_gate_and_the_exit_code(
        project: pytest.Pytester) -> None:
    """The --baseline half of the generated-case gate (issue 19 named both flags): a generated case
    that fails the gate without a baseline (exit 1, gate failed) is a known failure with its own run
    as the baseline (exit 0, gate passed): the gate's word and pytest's exit code agree both times."""
    args = [MUTANT, "-k", "generated-text", "--dialect=v3", "-p", "no:cacheprovider", "--conformance-examples=20",
            "--conformance-seed=7"]
    first = project.runpytest_subprocess(*args, "--conformance-report-dir=first")
    report = _report(project.path / "first" / "conformance.json")
    [case] = report["cases"]
    assert first.ret == 1 and report["gate"]["failed"] is True and case["gate"] == "failed", case
    again = project.runpytest_subprocess(*args, "--conformance-report-dir=again", "--baseline=first/conformance.json")
    known = _report(project.path / "again" / "conformance.json")
    assert again.ret == 0 and known["gate"]["failed"] is False, known["gate"]
    assert known["gate"]["known_failures"] == [case["case"]]
    again.stdout.fnmatch_lines(["gate: passed*"])
