"""Generated documents cannot go stale: the tests regenerate them and compare."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conformance.matrix import load_matrix, matrix_path, render_matrix_yaml
from mock_provider.scenario import Scenario

ROOT = Path(__file__).resolve().parent.parent


def test_docs_matrix_md_is_current() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import gen_docs

    committed = (ROOT / "docs" / "matrix.md").read_text(encoding="utf-8")
    assert committed == gen_docs.render(), "docs/matrix.md is stale: run `python tools/gen_docs.py`"


def test_matrix_yaml_scenario_lists_are_current(corpus: list[Scenario]) -> None:
    original = matrix_path().read_text(encoding="utf-8")
    rendered = render_matrix_yaml(load_matrix(), corpus, original)
    assert rendered == original, "fixtures/matrix.yaml is stale: run `python -m conformance.matrix --write`"


def test_docs_list_every_row_with_its_killing_mutants() -> None:
    text = (ROOT / "docs" / "matrix.md").read_text(encoding="utf-8")
    for row in load_matrix().rows:
        line = next((ln for ln in text.splitlines() if ln.startswith(f"| `{row.id}` |")), None)
        assert line is not None, row.id
        if row.level == "MUST":
            assert line.rstrip(" |").split("|")[-1].strip() != "—", f"{row.id} has no killing mutant in the docs"


def test_matrix_check_command_passes_and_detects_a_stale_list(corpus: list[Scenario]) -> None:
    out = subprocess.run([sys.executable, "-m", "conformance.matrix", "--check"], cwd=ROOT,
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    original = matrix_path().read_text(encoding="utf-8")
    stale = original.replace("      - text.basic.001\n", "", 1)
    assert stale != original
    assert render_matrix_yaml(load_matrix(), corpus, stale) == original


def test_matrix_write_keeps_a_comment_between_rows_before_the_next_row(corpus: list[Scenario]) -> None:
    original = matrix_path().read_text(encoding="utf-8")
    marker = '  - id: "request.abort"'
    assert original.count(marker) == 1
    commented = original.replace(marker, "  # a section comment\n" + marker)
    rendered = render_matrix_yaml(load_matrix(), corpus, commented)
    before = rendered.split(marker)[0].rstrip("\n").splitlines()
    # The comment is the last line before the next row, after the previous row's scenario list.
    assert before[-1] == "  # a section comment" and before[-2].startswith("      - ")
