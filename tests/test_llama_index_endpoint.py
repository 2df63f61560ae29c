"""A real AG-UI endpoint through ``--adapter-url``: llama-index's AG-UI workflow router.

Ten configurations of the same app: its workflow on ``OpenAILike`` (Chat Completions wire, pins
``llama-index-agui``), on ``OpenAIResponses`` (Responses wire, pins ``llama-index-agui-responses``), on
``Anthropic`` from ``llama-index-llms-anthropic`` (Messages wire, pins ``llama-index-agui-anthropic``), on
``GoogleGenAI`` from ``llama-index-llms-google-genai`` (Gemini wire, pins ``llama-index-agui-gemini``) and on
``MistralAI`` from ``llama-index-llms-mistralai`` (Mistral's Chat Completions through the mistralai SDK, server
flavour ``mistral-own``: it can name only Mistral's own models, which send each tool call whole; pins
``llama-index-agui-mistral``), on ``DeepSeek`` from ``llama-index-llms-deepseek`` (an ``OpenAILike``, DeepSeek's Chat
Completions through the openai SDK, server flavour ``deepseek``; pins ``llama-index-agui-deepseek``), on ``Groq``
from ``llama-index-llms-groq`` (an ``OpenAILike``, Groq's Chat Completions at ``/openai/v1`` through the openai SDK,
server flavour ``groq``; pins ``llama-index-agui-groq``) and on ``OpenRouter`` from ``llama-index-llms-openrouter`` (an
``OpenAILike``, OpenRouter's Chat Completions through the openai SDK, server flavour ``openrouter``; pins
``llama-index-agui-openrouter``) and on ``TogetherLLM`` from ``llama-index-llms-together`` (an ``OpenAILike``, Together
AI's Chat Completions through the openai SDK, server ``other``: the kit has no Together flavour; pins
``llama-index-agui-together``) and on ``Cerebras`` from ``llama-index-llms-cerebras`` (an ``OpenAILike``, Cerebras's
Chat Completions through the openai SDK, server flavour ``cerebras``; pins ``llama-index-agui-cerebras``).

``examples/llama_index_agui_app.py`` runs in its own virtual environment (llama-index's OpenAI
integration needs ``openai<3``, pydantic-ai ``openai>=3``), named by ``SAC_LLAMA_PYTHON`` (.ci/run
builds it from ``examples/llama_index_requirements.txt``): the test starts it there with uvicorn, its
LLM on this process's mock server. Each case's verdict, the rows it broke and the per-row counts must
be the ones pinned in ``tests/data/llama-index-agui.verdicts.json`` (explained in
docs/findings-llama-index.md), whose FAIL/ERROR cases carry triage records (tests/test_triage.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.agui_apps import ROOT, OwnVenvApp, check_pinned_verdicts, serve_pinned

LLAMA = OwnVenvApp(pins="llama-index-agui", python_variable="SAC_LLAMA_PYTHON", stack="llama-index",
                   app="examples.llama_index_agui_app:app", path="/agui/run",
                   capabilities=ROOT / "examples" / "llama_index_capabilities.yaml")
# The Responses configuration has its own mock server (another time scale, too small for a scripted delay to be
# felt): a model request the Chat app left running after an abort (D-abort) cannot reach its cases.
LLAMA_RESPONSES = OwnVenvApp(pins="llama-index-agui-responses", python_variable="SAC_LLAMA_PYTHON",
                             stack="llama-index", app="examples.llama_index_agui_app:responses_app", path="/agui/run",
                             capabilities=ROOT / "examples" / "llama_index_responses_capabilities.yaml",
                             time_scale=1e-9)
# The Anthropic configuration, on a mock server of its own for the same reason (a scale no other module uses).
LLAMA_ANTHROPIC = OwnVenvApp(pins="llama-index-agui-anthropic", python_variable="SAC_LLAMA_PYTHON",
                             stack="llama-index", app="examples.llama_index_agui_app:anthropic_app", path="/agui/run",
                             capabilities=ROOT / "examples" / "llama_index_anthropic_capabilities.yaml",
                             time_scale=7e-9)
# The Gemini configuration, on a mock server of its own for the same reason (a scale no other module uses).
LLAMA_GEMINI = OwnVenvApp(pins="llama-index-agui-gemini", python_variable="SAC_LLAMA_PYTHON",
                          stack="llama-index", app="examples.llama_index_agui_app:gemini_app", path="/agui/run",
                          capabilities=ROOT / "examples" / "llama_index_gemini_capabilities.yaml",
                          time_scale=8e-9)
# The Mistral configuration, on a mock server of its own for the same reason (a scale no other module uses).
LLAMA_MISTRAL = OwnVenvApp(pins="llama-index-agui-mistral", python_variable="SAC_LLAMA_PYTHON",
                           stack="llama-index", app="examples.llama_index_agui_app:mistral_app", path="/agui/run",
                           capabilities=ROOT / "examples" / "llama_index_mistral_capabilities.yaml",
                           time_scale=1.3e-8)
# The DeepSeek configuration, on a mock server of its own for the same reason (a scale no other module uses).
LLAMA_DEEPSEEK = OwnVenvApp(pins="llama-index-agui-deepseek", python_variable="SAC_LLAMA_PYTHON",
                            stack="llama-index", app="examples.llama_index_agui_app:deepseek_app", path="/agui/run",
                            capabilities=ROOT / "examples" / "llama_index_deepseek_capabilities.yaml",
                            time_scale=4.3e-8)
# The Groq configuration, on a mock server of its own for the same reason (a scale no other module uses).
LLAMA_GROQ = OwnVenvApp(pins="llama-index-agui-groq", python_variable="SAC_LLAMA_PYTHON",
                        stack="llama-index", app="examples.llama_index_agui_app:groq_app", path="/agui/run",
                        capabilities=ROOT / "examples" / "llama_index_groq_capabilities.yaml",
                        time_scale=4.7e-8)
# The OpenRouter configuration, on a mock server of its own for the same reason (a scale no other module uses).
LLAMA_OPENROUTER = OwnVenvApp(pins="llama-index-agui-openrouter", python_variable="SAC_LLAMA_PYTHON",
                              stack="llama-index", app="examples.llama_index_agui_app:openrouter_app", path="/agui/run",
                              capabilities=ROOT / "examples" / "llama_index_openrouter_capabilities.yaml",
                              time_scale=6.7e-8)
# The Together AI configuration, on a mock server of its own for the same reason (a scale no other module uses).
LLAMA_TOGETHER = OwnVenvApp(pins="llama-index-agui-together", python_variable="SAC_LLAMA_PYTHON",
                            stack="llama-index", app="examples.llama_index_agui_app:together_app", path="/agui/run",
                            capabilities=ROOT / "examples" / "llama_index_together_capabilities.yaml",
                            time_scale=7.3e-8)
# The Cerebras configuration, on a mock server of its own for the same reason (a scale no other module uses).
LLAMA_CEREBRAS = OwnVenvApp(pins="llama-index-agui-cerebras", python_variable="SAC_LLAMA_PYTHON",
                            stack="llama-index", app="examples.llama_index_agui_app:cerebras_app", path="/agui/run",
                            capabilities=ROOT / "examples" / "llama_index_cerebras_capabilities.yaml",
                            time_scale=7.9e-8)


def _pinned(app: OwnVenvApp, corpus: list[Any]) -> None:
    """The configuration served by its own venv's uvicorn, every case graded against its pins."""
    with serve_pinned(app) as url:
        check_pinned_verdicts(app, url, corpus)


@pytest.fixture(scope="module")
def llama_url() -> Iterator[str]:
    with serve_pinned(LLAMA) as url:
        yield url


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_verdicts_match_the_pins(llama_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(LLAMA, llama_url, corpus)  # one openai-chat case a scenario


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_responses_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned(LLAMA_RESPONSES, corpus)  # one openai-responses case a scenario


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_anthropic_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned(LLAMA_ANTHROPIC, corpus)  # one anthropic case a scenario


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_gemini_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned(LLAMA_GEMINI, corpus)  # one gemini case a scenario


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_mistral_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned(LLAMA_MISTRAL, corpus)  # one openai-chat case a scenario, as Mistral's


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_deepseek_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned(LLAMA_DEEPSEEK, corpus)  # one openai-chat case a scenario, as DeepSeek's


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_groq_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned(LLAMA_GROQ, corpus)  # one openai-chat case a scenario, as Groq's


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_openrouter_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned(LLAMA_OPENROUTER, corpus)  # one openai-chat case a scenario


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_together_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned(LLAMA_TOGETHER, corpus)  # one openai-chat case a scenario


# Slow set (tests/conftest.py), as every other real adapter's whole-corpus pin.
@pytest.mark.slow
def test_llama_index_cerebras_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned(LLAMA_CEREBRAS, corpus)  # one openai-chat case a scenario
