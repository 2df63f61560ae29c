"""request.tools.001 on the Messages wire: the caller's tools must reach the model as the Messages API's tools
(``{name, description, input_schema}``), found by name (tools of the adapter's own may be there too). Graded
on recorded requests of two real adapters: one sends the caller's schemas, one (the llama-index AG-UI router)
retypes every property as a string."""

from __future__ import annotations

import pytest

from conformance.grading import grade
from mock_provider.scenario import Scenario
from tests.calibration import read_records


def _graded_case(name: str, corpus: list[Scenario]) -> tuple[set[str], str]:
    scenario = next(s for s in corpus if s.id == "request.tools.001")
    record = next(r for r in read_records(name) if r.scenario_id == scenario.id and r.dialect == "anthropic")
    result = grade(record, scenario)
    return result.failed_rows(), " ".join(f.message for f in result.findings if f.row == "request.tools")


@pytest.mark.parametrize("name", ["ai-sdk7-anthropic", "pydantic-ai-agui-anthropic", "tanstack-ai-anthropic"])
def test_the_caller_s_tools_as_sent_pass(name: str, corpus: list[Scenario]) -> None:
    failed, _ = _graded_case(name, corpus)
    assert "request.tools" not in failed


def test_a_schema_retyped_as_strings_fails_request_tools(corpus: list[Scenario]) -> None:
    failed, message = _graded_case("llama-index-agui-anthropic", corpus)
    assert "request.tools" in failed
    assert "'get_weather'" in message and "schema differs at /properties/" in message  # it says where it differs
