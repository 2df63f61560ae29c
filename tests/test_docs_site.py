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
