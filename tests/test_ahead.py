"""The cases in which the adapter waits run ahead on a second worker (conformance.ahead), graded alike.

The main job's ``loop.retry-after.001`` cases (an adapter that honours the Retry-After sleeps 0.3 s
in each) run on a second worker process while the others run. These tests check that the plugin
does hand them over, that their results are those of the same cases run on the session's worker
(field by field), and that a mutant that retries at once still misses ``retry.after`` there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance import ahead
from mock_provider.scenario import load_corpus

ROOT = Path(__file__).resolve().parent.parent
SELECT = "loop.retry-after.001 or text.basic.001"


def test_only_a_retry_after_makes_an_adapter_wait() -> None:
    waits = {s.id: ahead.adapter_wait(s) for s in load_corpus()}
    assert {i for i, w in waits.items() if w > 0} == {"loop.retry-after.001"}
    assert waits["loop.retry-429.001"] == 0.0  # refused without a Retry-After: nothing to wait for


def _run(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, adapter: str, *, run_ahead: bool
         ) -> tuple[dict[str, Any], list[str]]:
    taken: list[str] = []
    real = ahead.Ahead.take

    def spy(self: ahead.Ahead, scenario: Any, dialect: str) -> Any:
        got = real(self, scenario, dialect)
        if got is not None:
            taken.append(f"{scenario.id}[{dialect}]")
        return got

    monkeypatch.setattr(ahead.Ahead, "take", spy)
    monkeypatch.setattr(ahead, "MIN_WAIT_S", 0.5 if run_ahead else float("inf"))
    pytester.makeini(f"[pytest]\npythonpath = {ROOT}\n")
    result = pytester.runpytest_inprocess(f"--adapter={adapter}", "-p", "no:cacheprovider", "-k", SELECT, "-q")
    assert result.ret in (0, 1), result.stdout.str()[-2000:]
    report = json.loads((pytester.path / "reports" / "conformance.json").read_text())
    monkeypatch.undo()
    return report, taken


def _cases(report: dict[str, Any]) -> dict[str, Any]:
    return {c["case"]: {k: v for k, v in c.items() if k != "duration_s"} for c in report["cases"]}


def test_the_waiting_cases_run_ahead_and_get_the_same_results(pytester: pytest.Pytester,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    early, taken = _run(pytester, monkeypatch, "conformance.reference:agui", run_ahead=True)
    assert sorted(taken) == sorted(f"loop.retry-after.001[{d}]" for d in ("v2", "v3", "v4", "mastra"))
    inline, none_taken = _run(pytester, monkeypatch, "conformance.reference:agui", run_ahead=False)
    assert none_taken == []
    # Run ahead, the waiting cases run last (the second worker has the other cases' time to finish them);
    # the others keep pytest's order.
    assert list(_cases(early)) == sorted(_cases(inline), key=lambda case: case.startswith("loop.retry-after.001"))
    assert list(_cases(early))[-4:] == [f"loop.retry-after.001[{d}]" for d in ("v2", "v3", "v4", "mastra")]
    assert _cases(early) == _cases(inline)
    assert all(c["verdict"] == "PASS" for c in early["cases"])


def test_a_retry_at_once_still_misses_retry_after_when_run_ahead(pytester: pytest.Pytester,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    report, taken = _run(pytester, monkeypatch, "tests.mutants.retry_mutants:RetriesAtOnce", run_ahead=True)
    assert len(taken) == 4
    for case in report["cases"]:
        rows = {f["row"] for f in case["findings"]}
        assert ("retry.after" in rows) == case["case"].startswith("loop.retry-after.001"), case["case"]
