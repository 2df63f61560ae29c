"""Both commands behave like Unix tools: ``--version``, a closed pipe without a traceback, and no
rewriting of files inside an installed package."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

from conformance import matrix


@pytest.mark.parametrize("module", ["mock_provider", "conformance"])
def test_version(module: str) -> None:
    out = subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and importlib.metadata.version("stream-adapter-conformance") in out.stdout


def test_a_closed_pipe_ends_list_quietly() -> None:
    """``mock-provider list | head -1`` raised BrokenPipeError with a traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "mock_provider", "list"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, bufsize=0)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline()  # the reader takes one line and leaves, as head does
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) in (0, 141) and "Traceback" not in err and "BrokenPipe" not in err, err


def test_matrix_write_refuses_a_file_inside_an_installed_package(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    installed = tmp_path / "site-packages" / "mock_provider" / "_fixtures" / "matrix.yaml"
    installed.parent.mkdir(parents=True)
    original = matrix.matrix_path().read_text(encoding="utf-8") + "# a local edit the write would lose\n"
    installed.write_text(original, encoding="utf-8")
    monkeypatch.setattr(matrix, "matrix_path", lambda: installed)
    assert matrix.main(["--write"]) == 2
    assert installed.read_text(encoding="utf-8") == original
    assert "inside the installed package" in capsys.readouterr().err
