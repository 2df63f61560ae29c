"""A real AG-UI endpoint through ``--adapter-url``: LangGraph's AG-UI integration (``ag-ui-langgraph``).

``examples/langgraph_agui_app.py`` runs in its own virtual environment (LangGraph, LangChain and CopilotKit's
Python SDK bring a dependency tree of their own), named by ``SAC_LANGGRAPH_PYTHON`` (.ci/run builds it from
``examples/langgraph_requirements.txt``): the test starts it there with uvicorn, its ChatOpenAI model on this
process's mock server. Each case's verdict, the rows it broke and the per-row counts must be the ones pinned in
``tests/data/langgraph-agui.verdicts.json`` (explained in docs/findings-langgraph.md), whose FAIL/ERROR cases
carry triage records (tests/test_triage.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.agui_apps import ROOT, OwnVenvApp, check_pinned_verdicts, serve_pinned

LANGGRAPH = OwnVenvApp(pins="langgraph-agui", python_variable="SAC_LANGGRAPH_PYTHON", stack="LangGraph",
                       app="examples.langgraph_agui_app:app", path="/agui",
                       capabilities=ROOT / "examples" / "langgraph_capabilities.yaml")


@pytest.fixture(scope="module")
def langgraph_url() -> Iterator[str]:
    with serve_pinned(LANGGRAPH) as url:
        yield url


def test_langgraph_verdicts_match_the_pins(langgraph_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(LANGGRAPH, langgraph_url, corpus)  # one openai-chat case a scenario
