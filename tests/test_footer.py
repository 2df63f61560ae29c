"""The terminal footer adds up: ``cases: N graded: V=n, ...`` counts every case pytest ran, once.

It counted the corpus cases' results only, so each generated case (``test_generated``) that found no
bug, or was skipped as not applicable, was in pytest's total and not in the footer: the reference
adapter's full run said ``cases: 584`` beside pytest's ``554 passed, 42 skipped`` (596). Here the sum
of the footer's verdict counts must be its N, and N pytest's own count, with generated cases that
pass, fail and are skipped, in one process and under pytest-xdist.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.plugin_adapters import ADAPTERS

ROOT = Path(__file__).resolve().parent.parent


FOOTER = re.compile(r"^cases: (\d+) graded: (.*)$", re.M)
OUTCOME = re.compile(r"(\d+) (passed|failed|skipped|xfailed|xpassed|errors?)\b")


def _run(tmp_path: Path, *args: str) -> tuple[int, dict[str, int], dict[str, int]]:
    """The footer's N, its verdict counts, and pytest's outcome counts of one run."""
    (tmp_path / "footer_adapters.py").write_text(ADAPTERS, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--conformance-no-report",
                           "--conformance-examples=5", *args], cwd=tmp_path, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)])})
    footer = FOOTER.search(done.stdout)
    assert footer is not None, done.stdout[-3000:] + done.stderr[-2000:]
    verdicts = {k: int(v) for k, v in (item.split("=") for item in footer.group(2).split(", "))}
    last = done.stdout.strip().splitlines()[-1]
    outcomes = {kind.rstrip("s") if kind.startswith("error") else kind: int(n) for n, kind in OUTCOME.findall(last)}
    return int(footer.group(1)), verdicts, outcomes


@pytest.mark.slow
@pytest.mark.parametrize(("adapter", "select", "expect"), [
    # Generated cases that pass beside corpus cases that pass.
    ("conformance.reference:agui", "text.basic or generated-text", {"PASS"}),
    # A generated case that fails beside corpus cases that fail: each counted once.
    ("footer_adapters:drops_first_delta", "text.basic.001 or generated-text-v3", {"FAIL"}),
    # A generated case skipped as not applicable (tools not declared) beside UNSUPPORTED corpus cases.
    ("footer_adapters:no_tools", "tool.basic or generated-tools-v3 or generated-text-v3", {"UNSUPPORTED", "PASS"}),
])
def test_the_footer_counts_every_case_pytest_ran_once(tmp_path: Path, adapter: str, select: str,
                                                      expect: set[str]) -> None:
    total, verdicts, outcomes = _run(tmp_path, f"--adapter={adapter}", "-k", select)
    assert sum(verdicts.values()) == total, (verdicts, total)
    assert total == sum(outcomes.values()), (total, outcomes)
    assert expect <= set(verdicts), verdicts
    assert any("generated" in s for s in select.split(" or "))


def test_the_footer_adds_up_under_xdist(tmp_path: Path) -> None:
    pytest.importorskip("xdist")
    total, verdicts, outcomes = _run(tmp_path, "--adapter=conformance.reference:agui", "-n", "2",
                                     "-k", "text.basic or generated-text")
    assert sum(verdicts.values()) == total == sum(outcomes.values()), (verdicts, total, outcomes)
    assert outcomes.get("passed", 0) > 4  # the generated-text cases (4 dialects) and the text.basic ones ran
