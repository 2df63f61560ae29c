"""A real AG-UI endpoint through ``--adapter-url``: Google ADK's AG-UI middleware (``ag-ui-adk``).

``examples/adk_agui_app.py`` runs in its own virtual environment (google-adk brings many
dependencies of its own), named by ``SAC_ADK_PYTHON`` (.ci/run builds it from
``examples/adk_requirements.txt``): the test starts it there with uvicorn, its Gemini model on this
process's mock server. Each case's verdict, the rows it broke and the per-row counts must be the
ones pinned in ``tests/data/adk-agui.verdicts.json`` (explained in docs/findings-adk.md), whose
FAIL/ERROR cases carry triage records (tests/test_triage.py).

The cases run in corpus order against one server, and ag-ui-adk refuses every run once ten earlier runs ended
at a client tool call (D-exec-slots in the findings): a scenario added before the tenth such case moves where
the refusals start, so a corpus change can move many of these pins at once (re-pin, then re-triage).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.runner import Settings
from conformance.session import ConformanceSession
from conformance.targets.url import target_from_options
from tests.calibration import DATA, check_pins
from tests.own_venv_apps import installed_versions, served_app

ROOT = Path(__file__).resolve().parent.parent
CAPS = ROOT / "examples" / "adk_capabilities.yaml"
PINS = json.loads((DATA / "adk-agui.verdicts.json").read_text(encoding="utf-8"))
PYTHON = os.environ.get("SAC_ADK_PYTHON", "")


@pytest.fixture(scope="module")
def adk_url() -> Iterator[str]:
    if not PYTHON or not Path(PYTHON).is_file():
        pytest.skip("no ADK environment: set SAC_ADK_PYTHON (.ci/run builds one)")
    assert installed_versions(PYTHON, PINS["versions"]) == PINS["versions"], (
        "another ag-ui-adk / google-adk version: re-pin and re-triage")
    with served_app(PYTHON, "examples.adk_agui_app:app", "/agui", "the ADK app") as url:
        yield url


def test_adk_verdicts_match_the_pins(adk_url: str, corpus: list[Any]) -> None:
    target = target_from_options(adk_url, str(CAPS))
    session = ConformanceSession.from_factory(target, adk_url, settings=Settings(timeout=10), records=[])
    session.scenarios = corpus
    for scenario, dialect in session.cases():
        session.run(scenario, dialect)
    assert {r.scenario_id for r in session.results} == {s.id for s in corpus}  # one gemini case each
    check_pins("adk-agui", session)
