"""A real AG-UI endpoint through ``--adapter-url``: CrewAI's AG-UI integration (``ag-ui-crewai``).

``examples/crewai_agui_app.py`` runs in its own virtual environment (crewai brings about 150 packages of its
own), named by ``SAC_CREWAI_PYTHON`` (.ci/run builds it from ``examples/crewai_requirements.txt``): the test
starts it there with uvicorn, its litellm model on this process's mock server. Each case's verdict, the rows it
broke and the per-row counts must be the ones pinned in ``tests/data/crewai-agui.verdicts.json`` (explained in
docs/findings-crewai.md), whose FAIL/ERROR cases carry triage records (tests/test_triage.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.agui_apps import ROOT, OwnVenvApp, check_pinned_verdicts, serve_pinned

CREWAI = OwnVenvApp(pins="crewai-agui", python_variable="SAC_CREWAI_PYTHON", stack="CrewAI",
                    app="examples.crewai_agui_app:app", path="/agui",
                    capabilities=ROOT / "examples" / "crewai_capabilities.yaml")


@pytest.fixture(scope="module")
def crewai_url() -> Iterator[str]:
    with serve_pinned(CREWAI) as url:
        yield url


@pytest.mark.slow
def test_crewai_verdicts_match_the_pins(crewai_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI, crewai_url, corpus)  # one openai-chat case a scenario
