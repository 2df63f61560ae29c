"""The HTTP reference benchmark's own proofs, on a few cases (figures are never asserted: see benchmarks/).

Both adapters must run the same selected cases on the same wire, and the comparison must cover exactly
the cases both ran; without node the benchmark says so and measures the reference alone.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_http_reference  # noqa: E402


@pytest.mark.slow
def test_quick_run_compares_the_same_cases_of_both_adapters() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_http_reference.py"), "--rounds", "1",
                          "-k", "text.basic.001 or text.unicode"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    counted = re.search(r"over the (\d+) cases every adapter ran", run.stdout)
    assert counted is not None, run.stdout
    assert 1 <= int(counted.group(1)) <= 4, run.stdout  # a few selected cases, not the corpus
    rows = [line for line in run.stdout.splitlines() if line.startswith("| ") and "ms" not in line]
    missing = bench_http_reference.node_missing()
    assert len(rows) == (1 if missing else 2), run.stdout
    if missing:
        assert f"Node harness not measured: {missing}" in run.stdout
    else:
        assert re.search(r"reference / Node per case: median [\d.]+x over \d+ cases", run.stdout), run.stdout


def test_a_run_reports_each_ran_case_by_id_and_dialect() -> None:
    seconds, cases = bench_http_reference.run_once(bench_http_reference.ADAPTERS[
        "reference openai_http (Python, in process)"], "text.basic.001")
    assert seconds > 0
    assert list(cases) == ["text.basic.001-openai-chat"]
    assert all(ms >= 0 for ms in cases.values())
