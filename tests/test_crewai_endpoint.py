"""A real AG-UI endpoint through ``--adapter-url``: CrewAI's AG-UI integration (``ag-ui-crewai``).

``examples/crewai_agui_app.py`` runs in its own virtual environment (crewai brings about 150 packages of its
own), named by ``SAC_CREWAI_PYTHON`` (.ci/run builds it from ``examples/crewai_requirements.txt``): the test
starts it there with uvicorn, its litellm model on this process's mock server. Each case's verdict, the rows it
broke and the per-row counts must be the ones pinned in ``tests/data/crewai-agui.verdicts.json`` (explained in
docs/findings-crewai.md), whose FAIL/ERROR cases carry triage records (tests/test_triage.py). The same flow over
litellm's Anthropic provider (``anthropic_app``: Anthropic Messages) is a configuration of its own, pinned in
``tests/data/crewai-agui-anthropic.verdicts.json``; so is the one over litellm's Gemini (Google AI Studio) provider
(``gemini_app``: ``streamGenerateContent?alt=sse``), pinned in ``tests/data/crewai-agui-gemini.verdicts.json``, and the
one over litellm's Mistral provider (``mistral_app``: Mistral's Chat Completions), pinned in
``tests/data/crewai-agui-mistral.verdicts.json``, the one over litellm's DeepSeek provider (``deepseek_app``:
DeepSeek's Chat Completions), pinned in ``tests/data/crewai-agui-deepseek.verdicts.json``, the one over litellm's
Groq provider (``groq_app``: Groq's Chat Completions), pinned in ``tests/data/crewai-agui-groq.verdicts.json``, and the
one over litellm's xAI provider (``xai_app``: xAI's Chat Completions), pinned in
``tests/data/crewai-agui-xai.verdicts.json``, the one over litellm's OpenRouter provider (``openrouter_app``:
OpenRouter's Chat Completions), pinned in ``tests/data/crewai-agui-openrouter.verdicts.json``, and the one over
litellm's Cerebras provider (``cerebras_app``: Cerebras's Chat Completions through the openai SDK), pinned in
``tests/data/crewai-agui-cerebras.verdicts.json``.

The app is warmed with one text run before the corpus: litellm's first call in a process loads its tokenizer on
the event loop (1-3 s measured here, docs/findings-crewai.md "Cold start"), and an abort that lands in that window
is honoured late, so the verdict of whichever abort case ran first would hang on the machine's load.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.agui_apps import ROOT, OwnVenvApp, check_pinned_verdicts, serve_pinned, warm_up

CREWAI = OwnVenvApp(pins="crewai-agui", python_variable="SAC_CREWAI_PYTHON", stack="CrewAI",
                    app="examples.crewai_agui_app:app", path="/agui",
                    capabilities=ROOT / "examples" / "crewai_capabilities.yaml")
CREWAI_ANTHROPIC = OwnVenvApp(pins="crewai-agui-anthropic", python_variable="SAC_CREWAI_PYTHON",
                              stack="CrewAI (litellm Anthropic)", app="examples.crewai_agui_app:anthropic_app",
                              path="/agui", capabilities=ROOT / "examples" / "crewai_anthropic_capabilities.yaml")
CREWAI_GEMINI = OwnVenvApp(pins="crewai-agui-gemini", python_variable="SAC_CREWAI_PYTHON",
                           stack="CrewAI (litellm Gemini)", app="examples.crewai_agui_app:gemini_app",
                           path="/agui", capabilities=ROOT / "examples" / "crewai_gemini_capabilities.yaml")
CREWAI_MISTRAL = OwnVenvApp(pins="crewai-agui-mistral", python_variable="SAC_CREWAI_PYTHON",
                            stack="CrewAI (litellm Mistral)", app="examples.crewai_agui_app:mistral_app",
                            path="/agui", capabilities=ROOT / "examples" / "crewai_mistral_capabilities.yaml")
CREWAI_DEEPSEEK = OwnVenvApp(pins="crewai-agui-deepseek", python_variable="SAC_CREWAI_PYTHON",
                             stack="CrewAI (litellm DeepSeek)", app="examples.crewai_agui_app:deepseek_app",
                             path="/agui", capabilities=ROOT / "examples" / "crewai_deepseek_capabilities.yaml")
CREWAI_GROQ = OwnVenvApp(pins="crewai-agui-groq", python_variable="SAC_CREWAI_PYTHON",
                         stack="CrewAI (litellm Groq)", app="examples.crewai_agui_app:groq_app",
                         path="/agui", capabilities=ROOT / "examples" / "crewai_groq_capabilities.yaml")
CREWAI_XAI = OwnVenvApp(pins="crewai-agui-xai", python_variable="SAC_CREWAI_PYTHON",
                        stack="CrewAI (litellm xAI)", app="examples.crewai_agui_app:xai_app",
                        path="/agui", capabilities=ROOT / "examples" / "crewai_xai_capabilities.yaml")
CREWAI_OPENROUTER = OwnVenvApp(pins="crewai-agui-openrouter", python_variable="SAC_CREWAI_PYTHON",
                               stack="CrewAI (litellm OpenRouter)", app="examples.crewai_agui_app:openrouter_app",
                               path="/agui", capabilities=ROOT / "examples" / "crewai_openrouter_capabilities.yaml")
CREWAI_CEREBRAS = OwnVenvApp(pins="crewai-agui-cerebras", python_variable="SAC_CREWAI_PYTHON",
                             stack="CrewAI (litellm Cerebras)", app="examples.crewai_agui_app:cerebras_app",
                             path="/agui", capabilities=ROOT / "examples" / "crewai_cerebras_capabilities.yaml")


@pytest.fixture(scope="module")
def crewai_url() -> Iterator[str]:
    with serve_pinned(CREWAI) as url:
        warm_up(url)
        yield url


@pytest.fixture(scope="module")
def crewai_anthropic_url() -> Iterator[str]:
    with serve_pinned(CREWAI_ANTHROPIC) as url:
        warm_up(url)
        yield url


@pytest.fixture(scope="module")
def crewai_gemini_url() -> Iterator[str]:
    with serve_pinned(CREWAI_GEMINI) as url:
        warm_up(url)
        yield url


@pytest.fixture(scope="module")
def crewai_mistral_url() -> Iterator[str]:
    with serve_pinned(CREWAI_MISTRAL) as url:
        warm_up(url)
        yield url


@pytest.fixture(scope="module")
def crewai_deepseek_url() -> Iterator[str]:
    with serve_pinned(CREWAI_DEEPSEEK) as url:
        warm_up(url)
        yield url


@pytest.fixture(scope="module")
def crewai_groq_url() -> Iterator[str]:
    with serve_pinned(CREWAI_GROQ) as url:
        warm_up(url)
        yield url


@pytest.fixture(scope="module")
def crewai_xai_url() -> Iterator[str]:
    with serve_pinned(CREWAI_XAI) as url:
        warm_up(url)
        yield url


@pytest.mark.slow
def test_crewai_verdicts_match_the_pins(crewai_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI, crewai_url, corpus)  # one openai-chat case a scenario


@pytest.fixture(scope="module")
def crewai_openrouter_url() -> Iterator[str]:
    with serve_pinned(CREWAI_OPENROUTER) as url:
        warm_up(url)
        yield url


@pytest.mark.slow
def test_crewai_anthropic_verdicts_match_the_pins(crewai_anthropic_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI_ANTHROPIC, crewai_anthropic_url, corpus)  # one anthropic case a scenario


@pytest.mark.slow
def test_crewai_gemini_verdicts_match_the_pins(crewai_gemini_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI_GEMINI, crewai_gemini_url, corpus)  # one gemini case a scenario


@pytest.mark.slow
def test_crewai_mistral_verdicts_match_the_pins(crewai_mistral_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI_MISTRAL, crewai_mistral_url, corpus)  # one openai-chat case a scenario


@pytest.mark.slow
def test_crewai_deepseek_verdicts_match_the_pins(crewai_deepseek_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI_DEEPSEEK, crewai_deepseek_url, corpus)  # one openai-chat case a scenario


@pytest.mark.slow
def test_crewai_groq_verdicts_match_the_pins(crewai_groq_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI_GROQ, crewai_groq_url, corpus)  # one openai-chat case a scenario


@pytest.mark.slow
def test_crewai_xai_verdicts_match_the_pins(crewai_xai_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI_XAI, crewai_xai_url, corpus)  # one openai-chat case a scenario


@pytest.mark.slow
def test_crewai_openrouter_verdicts_match_the_pins(crewai_openrouter_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI_OPENROUTER, crewai_openrouter_url, corpus)  # one openai-chat case a scenario


@pytest.fixture(scope="module")
def crewai_cerebras_url() -> Iterator[str]:
    with serve_pinned(CREWAI_CEREBRAS) as url:
        warm_up(url)
        yield url


@pytest.mark.slow
def test_crewai_cerebras_verdicts_match_the_pins(crewai_cerebras_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(CREWAI_CEREBRAS, crewai_cerebras_url, corpus)  # one openai-chat case a scenario
