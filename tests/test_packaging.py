"""The wheel is packaged like a library: typed (PEP 561), licensed, classified for pytest."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_wheel_carries_py_typed_the_license_and_the_classifiers(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True, timeout=300)
    [wheel] = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        metadata = next(z.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    assert {"conformance/py.typed", "mock_provider/py.typed"} <= names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "Classifier: Framework :: Pytest" in metadata and "License-Expression: MIT" in metadata
    assert "mock_provider/_fixtures/matrix.yaml" in names  # the corpus and catalog ship inside
