"""A real AG-UI endpoint through ``--adapter-url``: Google ADK's AG-UI middleware (``ag-ui-adk``).

``examples/adk_agui_app.py`` runs in its own virtual environment (google-adk brings many
dependencies of its own), named by ``SAC_ADK_PYTHON`` (.ci/run builds it from
``examples/adk_requirements.txt``): the test starts it there with uvicorn, its Gemini model on this
process's mock server. Each case's verdict, the rows it broke and the per-row counts must be the
ones pinned in ``tests/data/adk-agui.verdicts.json`` (explained in docs/findings-adk.md), whose
FAIL/ERROR cases carry triage records (tests/test_triage.py). The same agent over ADK's ``LiteLlm`` model
(``litellm_app``: litellm's ``openai/`` route, Chat Completions) is a configuration of its own, pinned in
``tests/data/adk-agui-litellm.verdicts.json``; it gets a mock server of its own (another time scale), so a model
request the Gemini app left running (D-abort) cannot reach its cases, and it is warmed with one text run first
(litellm loads its tokenizer on the first call, as in tests/test_crewai_endpoint.py). The same agent over ``LiteLlm`` on
litellm's ``anthropic/`` route (``anthropic_app``, Anthropic Messages) is a third, pinned in
``tests/data/adk-agui-anthropic.verdicts.json``, with a mock server of its own and a warm-up run likewise. The same
agent over ``LiteLlm`` on litellm's ``deepseek/`` route (``deepseek_app``, DeepSeek's Chat Completions, the mock playing
DeepSeek's server) is a fourth, pinned in ``tests/data/adk-agui-deepseek.verdicts.json``, set up likewise.

The cases run in corpus order against one server, and ag-ui-adk refuses every run once ten earlier runs ended
at a client tool call (D-exec-slots in the findings): a scenario added before the tenth such case moves where
the refusals start, so a corpus change can move many of these pins at once (re-pin, then re-triage).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.agui_apps import ROOT, OwnVenvApp, check_pinned_verdicts, serve_pinned, warm_up

ADK = OwnVenvApp(pins="adk-agui", python_variable="SAC_ADK_PYTHON", stack="ADK", app="examples.adk_agui_app:app",
                 path="/agui", capabilities=ROOT / "examples" / "adk_capabilities.yaml")
ADK_LITELLM = OwnVenvApp(pins="adk-agui-litellm", python_variable="SAC_ADK_PYTHON", stack="ADK (LiteLlm)",
                         app="examples.adk_agui_app:litellm_app", path="/agui",
                         capabilities=ROOT / "examples" / "adk_litellm_capabilities.yaml", time_scale=1.7e-8)
ADK_ANTHROPIC = OwnVenvApp(pins="adk-agui-anthropic", python_variable="SAC_ADK_PYTHON",
                           stack="ADK (LiteLlm, Anthropic)", app="examples.adk_agui_app:anthropic_app", path="/agui",
                           capabilities=ROOT / "examples" / "adk_anthropic_capabilities.yaml", time_scale=2.3e-8)
ADK_DEEPSEEK = OwnVenvApp(pins="adk-agui-deepseek", python_variable="SAC_ADK_PYTHON",
                          stack="ADK (LiteLlm, DeepSeek)", app="examples.adk_agui_app:deepseek_app", path="/agui",
                          capabilities=ROOT / "examples" / "adk_deepseek_capabilities.yaml", time_scale=2.9e-8)


@pytest.fixture(scope="module")
def adk_url() -> Iterator[str]:
    with serve_pinned(ADK) as url:
        yield url


@pytest.fixture(scope="module")
def adk_litellm_url() -> Iterator[str]:
    with serve_pinned(ADK_LITELLM) as url:
        warm_up(url, ADK_LITELLM.time_scale)
        yield url


@pytest.fixture(scope="module")
def adk_anthropic_url() -> Iterator[str]:
    with serve_pinned(ADK_ANTHROPIC) as url:
        warm_up(url, ADK_ANTHROPIC.time_scale)
        yield url


@pytest.fixture(scope="module")
def adk_deepseek_url() -> Iterator[str]:
    with serve_pinned(ADK_DEEPSEEK) as url:
        warm_up(url, ADK_DEEPSEEK.time_scale)
        yield url


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_adk_verdicts_match_the_pins(adk_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(ADK, adk_url, corpus)  # one gemini case a scenario


@pytest.mark.slow
def test_adk_litellm_verdicts_match_the_pins(adk_litellm_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(ADK_LITELLM, adk_litellm_url, corpus)  # one openai-chat case a scenario


@pytest.mark.slow
def test_adk_anthropic_verdicts_match_the_pins(adk_anthropic_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(ADK_ANTHROPIC, adk_anthropic_url, corpus)  # one anthropic case a scenario


@pytest.mark.slow
def test_adk_deepseek_verdicts_match_the_pins(adk_deepseek_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(ADK_DEEPSEEK, adk_deepseek_url, corpus)  # one openai-chat case a scenario (DeepSeek's server)
