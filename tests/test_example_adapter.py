"""The runnable example in examples/minimal_adapter.py passes every case it declares support for."""

from __future__ import annotations

import pytest


def test_minimal_example_adapter_passes_its_declared_cases(pytester: pytest.Pytester) -> None:
    from pathlib import Path

    pytester.syspathinsert(str(Path(__file__).resolve().parent.parent))
    # 20 generated streams per property (not 100): the generated cases run, at a fifth of the time.
    result = pytester.runpytest_inprocess("--adapter=examples.minimal_adapter:factory", "-q", "-rs",
                                          "--conformance-examples=20")
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed", 0) == 0 and outcomes.get("error", 0) == 0, result.stdout.str()[-3000:]
    assert outcomes["passed"] >= 150
    # What it did not declare is UNSUPPORTED (skipped with the reason), not failed.
    result.stdout.fnmatch_lines(["*UNSUPPORTED: feature(s) not declared: reasoning*"])
