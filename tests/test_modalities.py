"""Row request.modalities: the scenario fields, the check, and how adapters that cannot declare are graded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.contract import AdapterContext
from conformance.modalities import ROW, modality_findings
from conformance.reference import agui
from conformance.runner import run_case
from conformance.targets.url import UrlTarget
from mock_provider.scenario import Scenario, ScenarioError, parse_scenario_text

SCENARIO = Path(__file__).parent.parent / "fixtures/scenarios/request/request.modalities.001.yaml"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return parse_scenario_text(SCENARIO.read_text(), str(SCENARIO))


def test_model_info_without_expected_modalities_is_a_located_error() -> None:
    text = SCENARIO.read_text().replace("expected_modalities: [text, image, audio, video, document]\n", "")
    with pytest.raises(ScenarioError) as err:
        parse_scenario_text(text, "m.yaml")
    assert "m.yaml:" in str(err.value) and "model_info and expected_modalities go together" in str(err.value)


def test_expected_modalities_are_tanstack_modality_values() -> None:
    text = SCENARIO.read_text().replace("video, document]\nrequest", "video, pdf]\nrequest")
    with pytest.raises(ScenarioError) as err:
        parse_scenario_text(text, "m.yaml")
    assert "expected_modalities.4" in str(err.value)


@pytest.mark.parametrize(("declared", "why"), [
    (["text", "image", "audio", "video", "pdf"], "'pdf' is not a TanStack Modality; missing 'document'"),
    (["text", "image", "audio", "document"], "missing 'video'"),
    (["text", "image", "audio", "video", "document", "file"], "'file' is not a TanStack Modality"),
    ("text,image", "not a list of modality names"),
    (42, "not a list of modality names"),
])
def test_a_wrong_declaration_is_one_finding_on_the_row(declared: Any, why: str) -> None:
    expected = ["text", "image", "audio", "video", "document"]
    [finding] = modality_findings(expected, declared)
    assert finding.row == ROW and why in finding.message


def test_the_order_of_the_declaration_does_not_matter() -> None:
    assert modality_findings(["text", "document"], ["document", "text"]) == []


class _NoDeclaration:
    """The AG-UI reference without ``input_modalities`` (a wrapper that exposes only the contract)."""

    def __init__(self, ctx: AdapterContext) -> None:
        self.inner = agui(ctx)
        self.capabilities = self.inner.capabilities

    def stream(self, request: Any) -> Any:
        return self.inner.stream(request)


class _RaisingDeclaration(_NoDeclaration):
    @property
    def input_modalities(self) -> list[str]:
        raise RuntimeError("no catalogue")


def test_an_adapter_that_declares_nothing_is_unsupported(scenario: Scenario) -> None:
    result = run_case(_NoDeclaration, scenario, "v3")
    assert result.verdict == "UNSUPPORTED" and "input_modalities" in result.reason


def test_a_declaration_that_raises_is_a_finding_not_a_crash(scenario: Scenario) -> None:
    result = run_case(_RaisingDeclaration, scenario, "v3")
    assert result.verdict == "FAIL" and result.failed_rows() == {ROW}
    assert "RuntimeError: no catalogue" in result.describe()


def test_the_agui_endpoint_target_cannot_carry_the_entry(scenario: Scenario) -> None:
    text_only = scenario.model_copy(update={"request": scenario.request.model_copy(
        update={"messages": [m.model_copy(update={"content": "Hi"}) for m in scenario.request.messages]})})
    why = UrlTarget("http://127.0.0.1:9/agui").refuses(text_only)
    assert why is not None and "model_info" in why
