"""Every check is proven able to fail: each mutant FAILs exactly its target rows and no others.

A mutant breaks one rule of a reference adapter (tests/mutants). It must get FAIL on the
rows of that rule, PASS-NONSTRICT on the SHOULD rows it declares, and nothing else, over
the whole corpus in every dialect (a mutant of a reader of one wire feature, ``Mutant.only``, over
that feature's scenarios); and every MUST row must have a mutant that kills it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from conformance.matrix import load_matrix
from conformance.reference import openai_http
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario
from tests.mutants import ALL_MUTANTS
from tests.mutants.base import Mutant, loop_scenario


@pytest.mark.parametrize("mutant", ALL_MUTANTS, ids=[m.name for m in ALL_MUTANTS])
def test_mutant_fails_exactly_its_rows(mutant: Mutant, corpus: list[Scenario]) -> None:
    failed: Counter[str] = Counter()
    nonstrict: Counter[str] = Counter()
    errors = []
    settings = Settings(timeout=mutant.timeout, grace=1.0)
    if mutant.abort_bound is not None:
        settings.abort_bound = mutant.abort_bound
    if mutant.base == "openai-http":
        # The first HTTP case of a process starts the mock server and imports the SDK; under a
        # mutant's short per-case timeout that start-up would read as the mutant's hang.
        warm = run_case(openai_http, next(s for s in corpus if s.id == "text.basic.001"), "openai-chat",
                        Settings(timeout=30.0, grace=1.0), adapter_name="warm-up")
        assert warm.verdict == "PASS", warm.reason
    for scenario in corpus:
        if loop_scenario(scenario) and not mutant.loops:
            continue  # a single-call mutant's artifacts in a loop are not its rule (tests/mutants/base.py)
        if mutant.only is not None and not mutant.only(scenario):
            continue  # a reader of one wire feature, run on that feature's scenarios (Mutant.only)
        for dialect in mutant.dialects:
            result = run_case(mutant.factory, scenario, dialect, settings, adapter_name=mutant.name)
            if result.verdict == "ERROR":
                errors.append(f"{result.case_id}: {result.reason}")
            failed.update(result.failed_rows())
            nonstrict.update({f.row for f in result.findings if f.level == "SHOULD"})
    assert not errors, f"{mutant.name} should FAIL rows, not ERROR: {errors[:3]}"
    assert set(failed) == mutant.targets, (
        f"{mutant.name} ({mutant.rule}) failed rows {dict(failed)}, expected exactly {sorted(mutant.targets)}"
    )
    assert set(nonstrict) == mutant.should, (
        f"{mutant.name} gave PASS-NONSTRICT on {dict(nonstrict)}, expected exactly {sorted(mutant.should)}"
    )


def test_every_must_row_has_a_killing_mutant() -> None:
    killed = {row for m in ALL_MUTANTS for row in m.targets}
    missing = [r for r in load_matrix().must_rows() if r not in killed]
    assert not missing, f"MUST rows no mutant can fail (a check that cannot fail is a defect): {missing}"


def test_every_should_row_has_a_mutant() -> None:
    shown = {row for m in ALL_MUTANTS for row in m.should}
    rows = [r.id for r in load_matrix().rows if r.level == "SHOULD"]
    assert [r for r in rows if r not in shown] == []


def test_mutant_targets_are_matrix_rows() -> None:
    ids = set(load_matrix().ids())
    for m in ALL_MUTANTS:
        assert m.targets | m.should <= ids, m.name
