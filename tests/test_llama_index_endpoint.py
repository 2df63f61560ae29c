"""A real AG-UI endpoint through ``--adapter-url``: llama-index's AG-UI workflow router.

``examples/llama_index_agui_app.py`` runs in its own virtual environment (llama-index's OpenAI
integration needs ``openai<3``, pydantic-ai ``openai>=3``), named by ``SAC_LLAMA_PYTHON`` (.ci/run
builds it from ``examples/llama_index_requirements.txt``): the test starts it there with uvicorn, its
LLM on this process's mock server. Each case's verdict, the rows it broke and the per-row counts must
be the ones pinned in ``tests/data/llama-index-agui.verdicts.json`` (explained in
docs/findings-llama-index.md), whose FAIL/ERROR cases carry triage records (tests/test_triage.py).
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
CAPS = ROOT / "examples" / "llama_index_capabilities.yaml"
PINS = json.loads((DATA / "llama-index-agui.verdicts.json").read_text(encoding="utf-8"))
PYTHON = os.environ.get("SAC_LLAMA_PYTHON", "")


@pytest.fixture(scope="module")
def llama_url() -> Iterator[str]:
    if not PYTHON or not Path(PYTHON).is_file():
        pytest.skip("no llama-index environment: set SAC_LLAMA_PYTHON (.ci/run builds one)")
    assert installed_versions(PYTHON, PINS["versions"]) == PINS["versions"], (
        "another llama-index version: re-pin and re-triage")
    with served_app(PYTHON, "examples.llama_index_agui_app:app", "/agui/run", "the llama-index app") as url:
        yield url


def test_llama_index_verdicts_match_the_pins(llama_url: str, corpus: list[Any]) -> None:
    target = target_from_options(llama_url, str(CAPS))
    session = ConformanceSession.from_factory(target, llama_url, settings=Settings(timeout=10), records=[])
    session.scenarios = corpus
    for scenario, dialect in session.cases():
        session.run(scenario, dialect)
    assert {r.scenario_id for r in session.results} == {s.id for s in corpus}  # one openai-chat case each
    check_pins("llama-index-agui", session)
