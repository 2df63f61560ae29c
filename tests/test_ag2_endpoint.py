"""A real AG-UI endpoint through ``--adapter-url``: AG2's AG-UI integration (``ag2[ag-ui]``, ``ag2.ag_ui.AGUIStream``).

Five configurations of the same app: its agent on ``OpenAIConfig`` (Chat Completions wire, pins ``ag2-agui``), on
``GeminiConfig`` from ``ag2[gemini]`` (Gemini wire, google-genai's ``streamGenerateContent``, pins
``ag2-agui-gemini``, docs/findings-ag2.md's Gemini section) and on ``AnthropicConfig`` from ``ag2[anthropic]``
(Messages wire, the anthropic SDK's ``messages.stream``, pins ``ag2-agui-anthropic``, docs/findings-ag2.md's
Anthropic section) and on ``MistralConfig`` from ``ag2[mistral]`` (Mistral's Chat Completions, the mistralai SDK's
``chat.stream_async``, ``server: mistral``, pins ``ag2-agui-mistral``, docs/findings-ag2.md's Mistral section) and on
``OpenAIResponsesConfig`` from ``ag2[openai]`` (OpenAI's Responses wire, the openai SDK's ``responses.create``, pins
``ag2-agui-responses``, docs/findings-ag2.md's Responses section).

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
# The Gemini configuration has its own mock server (a time scale no other module uses, too small for a scripted delay
# to be felt): a model request the OpenAI app left running after an abort (D-abort) cannot reach its cases.
AG2_GEMINI = OwnVenvApp(pins="ag2-agui-gemini", python_variable="SAC_AG2_PYTHON", stack="AG2",
                        app="examples.ag2_agui_app:gemini_app", path="/agui",
                        capabilities=ROOT / "examples" / "ag2_gemini_capabilities.yaml", time_scale=9e-9)
# The Anthropic configuration, on a mock server of its own for the same reason (a scale no other module uses).
AG2_ANTHROPIC = OwnVenvApp(pins="ag2-agui-anthropic", python_variable="SAC_AG2_PYTHON", stack="AG2",
                           app="examples.ag2_agui_app:anthropic_app", path="/agui",
                           capabilities=ROOT / "examples" / "ag2_anthropic_capabilities.yaml", time_scale=1.7e-8)
# The Mistral configuration, on a mock server of its own for the same reason (a scale no other module uses).
AG2_MISTRAL = OwnVenvApp(pins="ag2-agui-mistral", python_variable="SAC_AG2_PYTHON", stack="AG2",
                         app="examples.ag2_agui_app:mistral_app", path="/agui",
                         capabilities=ROOT / "examples" / "ag2_mistral_capabilities.yaml", time_scale=3.1e-8)
# The Responses configuration, on a mock server of its own for the same reason (a scale no other module uses).
AG2_RESPONSES = OwnVenvApp(pins="ag2-agui-responses", python_variable="SAC_AG2_PYTHON", stack="AG2",
                           app="examples.ag2_agui_app:responses_app", path="/agui",
                           capabilities=ROOT / "examples" / "ag2_responses_capabilities.yaml", time_scale=3.7e-8)


@pytest.fixture(scope="module")
def ag2_url() -> Iterator[str]:
    with serve_pinned(AG2) as url:
        yield url


@pytest.mark.slow
def test_ag2_verdicts_match_the_pins(ag2_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(AG2, ag2_url, corpus)  # one openai-chat case a scenario


@pytest.fixture(scope="module")
def ag2_gemini_url() -> Iterator[str]:
    with serve_pinned(AG2_GEMINI) as url:
        yield url


@pytest.mark.slow
def test_ag2_gemini_verdicts_match_the_pins(ag2_gemini_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(AG2_GEMINI, ag2_gemini_url, corpus)  # one gemini case a scenario


@pytest.fixture(scope="module")
def ag2_anthropic_url() -> Iterator[str]:
    with serve_pinned(AG2_ANTHROPIC) as url:
        yield url


@pytest.mark.slow
def test_ag2_anthropic_verdicts_match_the_pins(ag2_anthropic_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(AG2_ANTHROPIC, ag2_anthropic_url, corpus)  # one anthropic case a scenario


@pytest.fixture(scope="module")
def ag2_mistral_url() -> Iterator[str]:
    with serve_pinned(AG2_MISTRAL) as url:
        yield url


@pytest.mark.slow
def test_ag2_mistral_verdicts_match_the_pins(ag2_mistral_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(AG2_MISTRAL, ag2_mistral_url, corpus)  # one openai-chat case a scenario, Mistral's server


@pytest.fixture(scope="module")
def ag2_responses_url() -> Iterator[str]:
    with serve_pinned(AG2_RESPONSES) as url:
        yield url


@pytest.mark.slow
def test_ag2_responses_verdicts_match_the_pins(ag2_responses_url: str, corpus: list[Any]) -> None:
    check_pinned_verdicts(AG2_RESPONSES, ag2_responses_url, corpus)  # one openai-responses case a scenario
