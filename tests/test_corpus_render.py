"""Every scenario renders in every part dialect that can express it; the others fail with the documented error."""

from __future__ import annotations

import importlib

import pytest

from mock_provider.dialects import DialectError, encoder
from mock_provider.scenario import PART_DIALECTS, Scenario


def _render(scenario: Scenario, dialect: str) -> int:
    enc = encoder(dialect, scenario.id)
    count = 0
    for step in scenario.script:
        if step.part is not None:
            count += len(enc.encode(step.part))
        elif step.raw_part is not None:
            count += len(enc.encode_raw(step.raw_part))
    return count


@pytest.mark.parametrize("dialect", PART_DIALECTS)
def test_each_scenario_renders_or_fails_with_the_documented_error(dialect: str, corpus: list[Scenario]) -> None:
    rules = importlib.import_module(f"mock_provider.dialects.{dialect}").RULES
    rendered, refused = 0, []
    for scenario in corpus:
        if scenario.dialects is not None and dialect not in scenario.dialects:
            continue
        try:
            # A script that is only an HTTP fault has no parts to render.
            assert _render(scenario, dialect) > 0 or scenario.http_fault() is not None
            rendered += 1
        except DialectError as exc:
            # The error names the part, the dialect and the scenario ...
            assert exc.dialect == dialect and exc.scenario_id == scenario.id
            assert exc.part_type in str(exc) and scenario.id in str(exc)
            # ... and the dialect's RULES table documents that this part can fail there.
            rule = rules.get(exc.part_type)
            assert rule is not None and (rule.action == "error" or rule.error_when), (
                f"{dialect} raised for {exc.part_type} but its RULES do not document it: {rule}")
            refused.append(scenario.id)
    assert rendered >= 80, f"only {rendered} scenarios render in {dialect}"
    # V4 is the canonical shape: it refuses nothing but the one thing V4 itself forbids.
    if dialect == "v4":
        assert refused == [], refused


def test_restricted_scenarios_render_in_their_dialects(corpus: list[Scenario]) -> None:
    for scenario in corpus:
        for dialect in scenario.dialects or []:
            if dialect in PART_DIALECTS and scenario.http_fault() is None:
                assert _render(scenario, dialect) > 0, (scenario.id, dialect)
