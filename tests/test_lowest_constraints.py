"""The lowest-versions CI step (.ci/run) installs the floors pyproject.toml declares, not stale ones."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    pytest.importorskip("tomllib")  # the generator reads pyproject.toml with it (Python >= 3.11)
    sys.path.insert(0, str(ROOT / "tools"))
    import lowest_constraints

    return lowest_constraints


def test_the_constraints_file_is_pyprojects_floors() -> None:
    tool = _tool()
    committed = (ROOT / ".ci" / "constraints-lowest.txt").read_text(encoding="utf-8")
    assert committed == tool.constraints(), "stale: run `python tools/lowest_constraints.py --write`"
    # Floors the lowest-versions step found too low stay raised (ag-ui-protocol 1.0 needs pydantic
    # >= 2.11.2; syrupy 4.6.0 needs pytest < 8).
    assert "pydantic==2.11.2\n" in committed and "syrupy==4.6.1\n" in committed
    # The [test] extra pins hypothesis exactly (the shipped draws); the floor users get is [generated]'s.
    assert "hypothesis==6.100\n" in committed


def test_a_changed_floor_makes_the_file_stale(tmp_path: Path) -> None:
    tool = _tool()
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8").replace('"jsonschema>=4.20"', '"jsonschema>=4.21"')
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    changed = tool.constraints(tmp_path / "pyproject.toml")
    assert "jsonschema==4.21\n" in changed
    assert changed != (ROOT / ".ci" / "constraints-lowest.txt").read_text(encoding="utf-8")


def test_the_ci_step_installs_with_the_constraints_and_runs_the_main_job() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-c .ci/constraints-lowest.txt" in run
    assert "--adapter=conformance.reference:agui" in run.split("constraints-lowest.txt", 1)[1]
