"""``conformance init`` writes a starter adapter that passes the suite (issue 18, the user's path)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _conformance(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "conformance", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)


@pytest.mark.slow
def test_init_writes_a_starter_the_suite_passes(tmp_path: Path) -> None:
    out = _conformance("init", "--module", "acme_adapter", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "acme_adapter.py").is_file() and "pytest --adapter=acme_adapter:factory" in out.stdout
    assert "pytest --adapter=acme_adapter:factory" in (tmp_path / "CONFORMANCE.md").read_text()
    # The command it prints, from the directory it wrote to (a few generated streams keep the test short).
    run = subprocess.run([sys.executable, "-m", "pytest", "--adapter=acme_adapter:factory", "-q", "-p",
                          "no:cacheprovider", "--conformance-examples=5", "--conformance-no-report"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=900,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "passed" in run.stdout and "failed" not in run.stdout.splitlines()[-1]


def test_init_does_not_overwrite_without_force(tmp_path: Path) -> None:
    (tmp_path / "my_adapter.py").write_text("# mine\n")
    out = _conformance("init", cwd=tmp_path)
    assert out.returncode == 2 and "not overwriting" in out.stderr
    assert (tmp_path / "my_adapter.py").read_text() == "# mine\n"
    assert _conformance("init", "--force", cwd=tmp_path).returncode == 0
    assert "def factory" in (tmp_path / "my_adapter.py").read_text()
    assert _conformance("init", "--module", "not-a-name", cwd=tmp_path).returncode == 2
