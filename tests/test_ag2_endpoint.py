"""A real AG-UI endpoint through ``--adapter-url``: AG2's AG-UI integration (``ag2[ag-ui]``, ``ag2.ag_ui.AGUIStream``).

``examples/ag2_agui_app.py`` runs in its own virtual environment, named by ``SAC_AG2_PYTHON`` (.ci/run builds it
from ``examples/ag2_requirements.txt``): the test starts it there with uvicorn, its ``OpenAIConfig`` model on this
process's mock server. Each case's verdict, the rows it broke and the per-row counts must be the ones pinned in
``tests/data/ag2-agui.verdicts.json`` (explained in docs/findings-ag2.md), whose FAIL/ERROR cases carry triage
records (tests/test_triage.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.agui_apps import ROOT, OwnVenvApp, check_pinned_verdicts, serve_pinned

AG2 = OwnVenvApp(pins="ag2-agui", python_variable="SAC_AG2_PYTHON", stack="AG2",
                 app="examples.ag2_agui_app:app", path="/agui",
                 capabilities=ROOT / "examples" / "ag2_capabilities.yaml")


@pytest.fixture(scope="module")
def ag2_url() -> Iterator[str]:
    with serve_pinned(AG2) as url:
        yield url


@pytest.mark.slow
def test_ag2_verdicts_match_the_pins(ag2_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(AG2, ag2_url, corpus)  # one openai-chat case a scenario
