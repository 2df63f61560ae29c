"""A run split across machines with pytest-split, merged with ``conformance merge``: the same report and
the same gate decision as the run in one piece; shards that are not one whole run are refused.

Every pytest run here is a subprocess (one machine per shard, as in CI); what is compared is bounded
by counts (which cases, verdicts, findings, row counts), never by how long anything took.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main as cli_main
from conformance.report import ReportError, load_final_report, load_report, render_html, render_markdown

# The runs split with pytest-split; the refused merges below need no run.
needs_split = pytest.mark.skipif(importlib.util.find_spec("pytest_split") is None,
                                 reason="the [split] extra (pytest-split) is not installed")

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = "--adapter=conformance.reference:agui"
# The corpus without the generated-* searches (those are timed by hypothesis, not by the corpus).
CORPUS = ["-k", "not generated"]
ADAPTERS = """
from tests.mutants import ALL_MUTANTS

text_left_open = next(m.factory for m in ALL_MUTANTS if m.name == "agui.text-left-open")
"""
MUTANT = "--adapter=gate_adapters:text_left_open"
MUTANT_SELECT = ["-k", "text.basic or text.blocks or tool.basic or finish.stop", "--dialect=v3"]
MUTANT_CASES = ["text.basic.001", "text.blocks.001", "tool.basic.001", "finish.stop.001", "finish.stop-with-call.001"]
DEVIATIONS = ("- case: 'text.blocks.001[v3]'\n  reason: blocks close lazily\n"
              "- row: '8.3.v2'\n  reason: stale entry\n")


def _pytest(cwd: Path, out: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    env.pop("GITHUB_STEP_SUMMARY", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                           f"--conformance-report-dir={out}", *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def _gate(*files: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """``conformance gate``'s exit code and its lines, the report's file names taken out."""
    code = cli_main(["gate", *map(str, files)])
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).splitlines()
    return code, [line.split(" (")[0] if line.startswith("gate: passed") else line for line in lines]


def _content(report: Mapping[str, Any]) -> dict[str, Any]:
    """The report less what only says when or how long (and which shards a merged one came from)."""
    out = copy.deepcopy(dict(report))
    out["timestamp"] = "T"
    out["run"].pop("merged", None)
    for case in out["cases"]:
        case["duration_s"] = 0
    return out


def _split_run(tmp: Path, *args: str, shard_args: dict[int, list[str]] | None = None) -> tuple[Path, list[Path]]:
    """The run in one piece (``whole/``) and in three shards (``shard-N/``); each must exit as the gate says."""
    whole = _pytest(tmp, "whole", *args)
    assert whole.returncode in (0, 1), whole.stdout[-3000:] + whole.stderr[-3000:]
    shards = []
    for group in (1, 2, 3):
        done = _pytest(tmp, f"shard-{group}", *args, "--splits", "3", "--group", str(group),
                       *(shard_args or {}).get(group, []))
        assert done.returncode in (0, 1, 5), done.stdout[-3000:] + done.stderr[-3000:]
        shards.append(tmp / f"shard-{group}" / "conformance.json")
    return tmp / "whole" / "conformance.json", shards


def _same_run_merged(whole_path: Path, shards: list[Path], tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = load_report(whole_path)
    parts = [load_report(p) for p in shards]
    planned = parts[0]["run"]["shard"]["planned"]
    selected = [p["run"]["shard"]["selected"] for p in parts]
    # A real split: every shard got some cases, none all, and together exactly the run's.
    assert all(0 < len(s) < len(planned) for s in selected)
    assert sorted(k for s in selected for k in s) == sorted(planned)
    assert {c["case"] for c in whole["cases"]} <= set(planned)
    # The shards' files, in any order.
    assert cli_main(["merge", *map(str, reversed(shards)), "--out", str(tmp / "merged")]) == 0
    capsys.readouterr()
    merged = load_report(tmp / "merged" / "conformance.json")  # the published schema holds
    assert merged["run"]["merged"]["splits"] == 3 and "shard" not in merged["run"]
    assert _content(merged) == _content(whole)
    # The views too, as the plugin writes them (they show the timestamp and durations: made equal first).
    for render in (render_markdown, render_html):
        assert render(_content(merged)) == render(_content(whole))
    assert (tmp / "merged" / "conformance.md").read_text() == render_markdown(merged)
    assert (tmp / "merged" / "conformance.html").read_text() == render_html(merged)
    # One gate decision, the same as the run in one piece: on the merged file or on the shards given at once.
    decided = _gate(whole_path, capsys=capsys)
    assert _gate(tmp / "merged" / "conformance.json", capsys=capsys) == decided
    assert _gate(*shards, capsys=capsys) == decided
    # A shard alone is not the run: no gate passes it.
    code, lines = _gate(shards[0], capsys=capsys)
    assert code == 1 and any("shard 1/3 of a split run: merge the shards first" in line for line in lines)


@pytest.mark.slow
@needs_split
def test_the_reference_split_in_three_and_merged_is_the_run_in_one_piece(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole, shards = _split_run(tmp_path, REFERENCE, *CORPUS)
    report = load_report(whole)
    assert report["run"]["isolation"] == "process" and len(report["cases"]) > 300
    _same_run_merged(whole, shards, tmp_path, capsys)
    assert _gate(whole, capsys=capsys)[0] == 0


@pytest.mark.slow
@needs_split
def test_a_failing_run_with_deviations_merges_to_the_same_gate_decision(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Regressions, an accepted and an unused deviation; one shard on two xdist workers; the split
    balanced by a durations file whose figures the test sets (one case as long as all the rest)."""
    tmp_path.joinpath("gate_adapters.py").write_text(ADAPTERS)
    tmp_path.joinpath("deviations.yaml").write_text(DEVIATIONS)
    # pytest-split gives a case it has no figure for the mean of the others: every case gets one.
    durations = {f"conformance/suite/test_conformance.py::test_case[{case}-v3]": 1.0 for case in MUTANT_CASES}
    durations["conformance/suite/test_conformance.py::test_case[tool.basic.001-v3]"] = 100.0
    tmp_path.joinpath("durations.json").write_text(json.dumps(durations))
    args = [MUTANT, *MUTANT_SELECT, "--deviations=deviations.yaml", "--durations-path=durations.json",
            "--splitting-algorithm=least_duration"]
    whole, shards = _split_run(tmp_path, *args, shard_args={2: ["-n", "2"]})
    report = load_report(whole)
    assert report["gate"]["failed"] and report["gate"]["regressions"] and report["gate"]["deviations"]
    assert report["gate"]["unused_deviations"] == ["deviations.yaml:3: row 8.3.v2 (stale entry)"]
    groups = [load_report(p)["run"]["shard"]["selected"] for p in shards]
    assert sorted(k for g in groups for k in g) == sorted(f"{case}[v3]" for case in MUTANT_CASES)
    # The heavy case alone in its shard, the four others two and two: the durations were read.
    assert sorted(groups, key=len)[0] == ["tool.basic.001[v3]"] and sorted(map(len, groups)) == [1, 2, 2]
    _same_run_merged(whole, shards, tmp_path, capsys)
    assert _gate(whole, capsys=capsys)[0] == 1


# ---------------------------------------------------------------- refused merges (no pytest run needed)
def _shards() -> list[dict[str, Any]]:
    """Three shard reports of a two-case-per-shard run, as the plugin writes them (schema-valid)."""
    base = {"format": 1, "adapter": {"spec": "m:f", "capabilities": None, "policies": []},
            "versions": {"kit": "0.1.0", "python": "3.11", "pytest": "9", "pydantic": "2", "adapter": None,
                         "adapter_distribution": None},
            "profile": None, "strict": False, "dialects": ["v3"], "totals": {}, "rows": [], "scenarios": {},
            "gate": None}
    planned = [f"s.{i}.001[v3]" for i in range(6)]
    return [{**copy.deepcopy(base), "timestamp": f"2026-11-28T05:0{g}:00+00:00", "cases": [],
             "run": {"status": "complete", "isolation": "process",
                     "shard": {"tool": "pytest-split", "group": g, "splits": 3, "planned": planned,
                               "selected": planned[2 * (g - 1):2 * g]}}} for g in (1, 2, 3)]


def _write(tmp: Path, reports: list[dict[str, Any]]) -> list[str]:
    paths = []
    for i, report in enumerate(reports):
        path = tmp / f"r{i}.json"
        path.write_text(json.dumps(report))
        load_report(path)  # the fixtures are valid reports: only the merge refuses them
        paths.append(str(path))
    return paths


def _refused(tmp: Path, reports: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> str:
    files = _write(tmp, reports)
    assert cli_main(["merge", *files, "--out", str(tmp / "out")]) == 2
    assert cli_main(["gate", *files]) == 2
    assert not (tmp / "out").exists()
    err = capsys.readouterr().err
    return err.splitlines()[0]


def test_the_fixture_shards_do_merge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = _write(tmp_path, _shards())
    assert cli_main(["merge", *files, "--out", str(tmp_path / "out")]) == 0
    assert cli_main(["gate", *files]) == 0
    capsys.readouterr()


def test_overlapping_shards_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two, three = _shards()
    assert "overlap: both are shard 1/3" in _refused(tmp_path, [one, copy.deepcopy(one), two, three], capsys)
    two["run"]["shard"]["selected"].append("s.0.001[v3]")
    assert "overlap: both ran s.0.001[v3]" in _refused(tmp_path, [one, two, three], capsys)


def test_shards_that_miss_cases_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two, three = _shards()
    line = _refused(tmp_path, [one, three], capsys)
    assert "no report of shard 2/3" in line and "2 planned case(s) in no shard: s.2.001[v3], s.3.001[v3]" in line
    three["run"]["shard"]["selected"].pop()
    assert "1 planned case(s) in no shard: s.5.001[v3]" in _refused(tmp_path, [one, two, three], capsys)


@pytest.mark.parametrize(("path", "value", "said"), [
    (("versions", "kit"), "0.2.0", "differ on the kit version: '0.1.0' vs '0.2.0'"),
    (("adapter", "spec"), "m:g", "differ on the adapter: 'm:f' vs 'm:g'"),
    (("run", "isolation"), "none", "differ on isolation: 'process' vs 'none'"),
    (("dialects",), ["v3", "v4"], "differ on the dialects"),
    (("run", "shard", "splits"), 4, "differ on the number of splits: 3 vs 4"),
])
def test_shards_of_different_runs_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              path: tuple[str, ...], value: Any, said: str) -> None:
    reports = _shards()
    target = reports[2]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    line = _refused(tmp_path, reports, capsys)
    assert "r0.json and " in line and "r2.json are not shards of one run: they " + said in line


def test_unfinished_or_whole_reports_are_no_shards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two, three = _shards()
    three["run"]["status"] = "started"
    assert "r2.json: the run that wrote it never finished" in _refused(tmp_path, [one, two, three], capsys)
    whole = copy.deepcopy(one)
    del whole["run"]["shard"]
    assert "r0.json: not a shard of a split run" in _refused(tmp_path, [whole, two], capsys)


def test_a_shard_is_no_baseline(tmp_path: Path) -> None:
    path = _write(tmp_path, _shards()[:1])[0]
    with pytest.raises(ReportError, match="shard 1/3 of a split run: merge the shards first"):
        load_final_report(path)


LATE_DESELECTION = """
import pytest

@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config, items):
    result = yield
    dropped, items[:] = items[:1], items[1:]
    config.hook.pytest_deselected(items=dropped)
    return result
"""


@pytest.mark.slow
@needs_split
def test_a_shard_whose_plan_cannot_be_told_stops_before_running(tmp_path: Path) -> None:
    """A plugin that deselects after pytest-split hides which cases the run planned: the shard says so
    (a usage error) instead of writing a report whose missing case no merge could see."""
    tmp_path.joinpath("conftest.py").write_text(LATE_DESELECTION)
    done = _pytest(tmp_path, "out", REFERENCE, "-k", "text.basic or tool.basic", "--conformance-dialect=v3",
                   "--splits", "2", "--group", "1")
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, done.stdout[-2000:] + done.stderr[-2000:]
    assert "cannot tell which cases the whole split run has" in done.stderr
    assert not (tmp_path / "out").exists()
    tmp_path.joinpath("conftest.py").unlink()
    # Only listing a shard's cases writes no report (it would replace a run's with an empty shard).
    listed = _pytest(tmp_path, "out", REFERENCE, "-k", "text.basic or tool.basic", "--conformance-dialect=v3",
                     "--splits", "2", "--group", "1", "--collect-only")
    assert listed.returncode == 0 and re.search(r"\b1/\d+ tests collected", listed.stdout)
    assert not (tmp_path / "out").exists()
    assert _pytest(tmp_path, "out", REFERENCE, "-k", "text.basic or tool.basic", "--conformance-dialect=v3",
                   "--splits", "2", "--group", "1").returncode == 0
    assert load_report(tmp_path / "out" / "conformance.json")["run"]["shard"]["planned"] == [
        "text.basic.001[v3]", "tool.basic.001[v3]"]
