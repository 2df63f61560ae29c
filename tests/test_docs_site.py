"""The documentation site builds with ``mkdocs build --strict``: a link to a missing page, heading or
repository file fails the build (mkdocs.yml ``validation``, tools/mkdocs_hooks.py), so CI catches it."""

from __future__ import annotations

import doctest
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

mkdocs = pytest.importorskip("mkdocs", reason="mkdocs-material is in the [test] extra: pip install -e '.[test]'")
pytest.importorskip("material", reason="mkdocs-material is in the [test] extra: pip install -e '.[test]'")


def _build(root: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=root,
                          capture_output=True, text=True, timeout=300, env={"NO_MKDOCS_2_WARNING": "1",
                                                                             "PATH": "/usr/bin:/bin"})


def test_the_site_builds_strict(tmp_path: Path) -> None:
    done = _build(ROOT, tmp_path / "site")
    assert done.returncode == 0, done.stderr[-4000:]
    assert (tmp_path / "site" / "contract" / "index.html").is_file()


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    """A copy of the docs with one link to a missing heading and one to a missing repository file."""
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "docs", copy / "docs")
    shutil.copytree(ROOT / "tools", copy / "tools", ignore=shutil.ignore_patterns("node_modules", "*-oracle"))
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    shutil.copytree(ROOT / "tests" / "data", copy / "tests" / "data")
    assert _build(copy, tmp_path / "ok").returncode == 0
    index = copy / "docs" / "index.md"
    text = index.read_text(encoding="utf-8")
    index.write_text(text + "\nSee [gone](adapters.md#no-such-heading).\n", encoding="utf-8")
    anchor = _build(copy, tmp_path / "a")
    assert anchor.returncode != 0 and "no-such-heading" in anchor.stderr
    index.write_text(text + "\nSee [gone](../tests/data/no-such-file.json).\n", encoding="utf-8")
    missing = _build(copy, tmp_path / "b")
    assert missing.returncode != 0 and "no-such-file.json" in missing.stderr


def test_the_link_hook_examples() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import mkdocs_hooks

    result = doctest.testmod(mkdocs_hooks, verbose=False)
    assert result.failed == 0 and result.attempted >= 3


@pytest.mark.parametrize("tool", ["gen_contract", "gen_profiles"])
def test_the_generated_pages_are_current(tool: str) -> None:
    """docs/contract.md (measured from the protocol modules and the catalog) and docs/profiles.md."""
    sys.path.insert(0, str(ROOT / "tools"))
    module = __import__(tool)
    assert module.DOC.read_text(encoding="utf-8") == module.render(), f"stale: run `python tools/{tool}.py`"


def test_the_contract_page_measures_what_the_grader_reads() -> None:
    """Values the grader compares are on the page with their transcript field; one it ignores is not."""
    page = (ROOT / "docs" / "contract.md").read_text(encoding="utf-8")
    agui = page.split("## `ag-ui`")[1].split("\n## ")[0]
    assert "| `TEXT_MESSAGE_CONTENT` | `delta` | str | `text` | [8.1.4](matrix.md#row-8.1.4) (MUST)" in agui
    assert "| `RUN_FINISHED` | `metadata.tanstack.finishReason` | str | `finish_reason` |" in agui
    assert "`threadId`" not in agui.split("Example events:")[0]  # RUN_STARTED's ids move no verdict
    ui = page.split("## `ui-message-stream`")[1].split("\n## ")[0]
    assert "usage" not in ui.split("Example events:")[0]  # the UI message stream cannot express usage


def test_a_finding_links_to_its_rows_anchor_on_the_matrix_page() -> None:
    from conformance.catalog import catalog
    from conformance.report import case_entry
    from conformance.runner import run_case
    from mock_provider.corpus import load_scenarios
    from tests.mutants import ALL_MUTANTS

    scenario = next(s for s in load_scenarios() if s.id == "text.basic.001")
    mutant = next(m for m in ALL_MUTANTS if m.name == "agui.text-left-open")
    result = run_case(mutant.factory, scenario, "v3")
    assert "8.1.5" in result.failed_rows()
    assert "      see: docs/matrix.md#row-8.1.5" in result.describe().splitlines()
    entry = case_entry(result)
    assert {f["link"] for f in entry["findings"] if f["row"] == "8.1.5"} == {"docs/matrix.md#row-8.1.5"}
    matrix = (ROOT / "docs" / "matrix.md").read_text(encoding="utf-8")
    missing = [row.id for row in catalog().rows if f'<a id="row-{row.id}"></a>' not in matrix]
    assert missing == []
