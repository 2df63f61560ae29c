"""Scenarios whose input breaks the provider contract are graded on robustness rows only.

A scenario marked ``contract`` (mock_provider.scenario.Contract) keeps its findings on the
catalog's ``robustness: true`` rows, on its ``contract.covered_by`` rows, and the runner's own
(a raise, a hang, no terminal event); every other finding is reported as information (MAY,
"not graded ..."), so the case cannot FAIL on behaviour nobody specified for such input.
"""

from __future__ import annotations

import pytest

from conformance.catalog import catalog
from conformance.grading import NOT_GRADED
from conformance.runner import Settings, run_case
from conformance.verdict import CaseResult
from mock_provider.scenario import Scenario, by_id
from tests.mutants import ALL_MUTANTS

MUTANTS = {m.name: m for m in ALL_MUTANTS}


def _run(mutant: str, scenario: Scenario, dialect: str = "v4") -> CaseResult:
    m = MUTANTS[mutant]
    return run_case(m.factory, scenario, dialect, Settings(timeout=10.0, grace=1.0), adapter_name=m.name)


def test_a_content_defect_on_contract_breaking_input_is_information(corpus: list[Scenario]) -> None:
    scenarios = by_id(corpus)
    control = _run("agui.text-delta-lost", scenarios["text.basic.001"])
    assert control.verdict == "FAIL" and {f.row for f in control.findings if f.level == "MUST"} == {"8.1.4"}
    result = _run("agui.text-delta-lost", scenarios["parts.unknown.001"])
    text = [f for f in result.findings if f.row == "8.1.4"]
    assert text and all(f.level == "MAY" and f.message.startswith(NOT_GRADED) for f in text)
    assert result.verdict == "INFO"


@pytest.mark.parametrize(("mutant", "sid", "row"), [
    ("agui.crash-on-unknown", "parts.unknown.002", None),  # the adapter raises: robustness
    ("agui.duplicate-terminal", "usage.absent.001", "8.1.18"),
    ("agui.no-terminal-without-finish", "finish.missing.001", "8.1.19"),  # covered_by
])
def test_robustness_and_covered_rows_still_fail(mutant: str, sid: str, row: str | None,
                                                corpus: list[Scenario]) -> None:
    result = _run(mutant, by_id(corpus)[sid])
    assert result.verdict in ("FAIL", "ERROR"), result.findings
    if row is not None:
        assert any(f.row == row and f.level == "MUST" for f in result.findings), result.findings


def test_robustness_rows_are_the_ones_every_output_owes() -> None:
    robust = {r.id for r in catalog().rows if r.robustness}
    # Valid events and one terminal event are robustness rows; no value-mapping row is.
    assert {"schema.event", "8.1.18"} <= robust
    assert not robust & {"8.1.4", "8.1.7", "8.1.10", "8.2.stop", "8.3.v3", "8.3.absent", "8.1.19"}
