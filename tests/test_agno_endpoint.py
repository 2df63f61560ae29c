"""A real AG-UI endpoint through ``--adapter-url``: agno's AG-UI interface (examples/agno_agui_app.py).

uvicorn serves the app on 127.0.0.1 in a thread; its agent's model reads the suite's mock server,
and the suite selects each case's scenario with the mock server's default scenario. Each case's
verdict, the rows it broke and the per-row counts must be the ones pinned in
``tests/data/agno-agui.verdicts.json`` (explained in docs/findings-agno.md), whose FAIL/ERROR
cases carry triage records (tests/test_triage.py). The same app over agno's ``Claude`` model (Anthropic
Messages) is a configuration of its own, pinned in ``tests/data/agno-agui-anthropic.verdicts.json``, and so
is the app over agno's ``Gemini`` model (google-genai), pinned in ``tests/data/agno-agui-gemini.verdicts.json``,
and the app over agno's ``OpenAIResponses`` model (the Responses API), pinned in
``tests/data/agno-agui-responses.verdicts.json`` (docs/findings-agno-agui-responses.md), and the app over agno's
``Groq`` model (the groq SDK, Groq's Chat Completions), pinned in ``tests/data/agno-agui-groq.verdicts.json``, and the
app over agno's ``MistralChat`` model (the mistralai SDK, Mistral's Chat Completions), pinned in
``tests/data/agno-agui-mistral.verdicts.json``, and the app over agno's ``DeepSeek`` model (an ``OpenAILike`` on the
openai SDK, DeepSeek's Chat Completions), pinned in ``tests/data/agno-agui-deepseek.verdicts.json``, and the app over
agno's ``xAI`` model (an ``OpenAILike`` on the openai SDK, xAI's Chat Completions), pinned in
``tests/data/agno-agui-xai.verdicts.json``, and the app over agno's ``OpenRouter`` model (an ``OpenAILike`` on the
openai SDK, OpenRouter's Chat Completions), pinned in ``tests/data/agno-agui-openrouter.verdicts.json``, and the app
over agno's ``Together`` model (an ``OpenAILike`` on the openai SDK, Together AI's Chat Completions, server ``other``),
pinned in ``tests/data/agno-agui-together.verdicts.json``, and the app over agno's ``Cerebras`` model (the
cerebras-cloud-sdk, Cerebras's Chat Completions, server ``cerebras``; ``other`` at its first run, whose 65 suite errors
the flavour fixed), pinned in ``tests/data/agno-agui-cerebras.verdicts.json``, and the app over agno's ``Fireworks``
model (an ``OpenAILike`` on the openai SDK, Fireworks AI's Chat Completions, server ``other``), pinned in
``tests/data/agno-agui-fireworks.verdicts.json``, and the app over agno's ``Nvidia`` model (an ``OpenAILike`` on the
openai SDK, NVIDIA's Chat Completions, server ``other``), pinned in ``tests/data/agno-agui-nvidia.verdicts.json``.
Needs the ``calibration`` extra.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("agno", reason="agno is not installed: pip install -e '.[calibration]'")
pytest.importorskip("uvicorn")  # served_in_thread serves the app with it

from conformance.runner import Settings
from conformance.served import mock_server_url
from conformance.session import ConformanceSession
from tests.agui_apps import run_corpus, served_in_thread
from tests.calibration import DATA, check_pins

ROOT = Path(__file__).resolve().parent.parent
CAPS = ROOT / "examples" / "agno_capabilities.yaml"
CAPS_ANTHROPIC = ROOT / "examples" / "agno_anthropic_capabilities.yaml"
CAPS_GEMINI = ROOT / "examples" / "agno_gemini_capabilities.yaml"
CAPS_RESPONSES = ROOT / "examples" / "agno_responses_capabilities.yaml"
CAPS_GROQ = ROOT / "examples" / "agno_groq_capabilities.yaml"
CAPS_MISTRAL = ROOT / "examples" / "agno_mistral_capabilities.yaml"
CAPS_DEEPSEEK = ROOT / "examples" / "agno_deepseek_capabilities.yaml"
CAPS_XAI = ROOT / "examples" / "agno_xai_capabilities.yaml"
CAPS_OPENROUTER = ROOT / "examples" / "agno_openrouter_capabilities.yaml"
CAPS_TOGETHER = ROOT / "examples" / "agno_together_capabilities.yaml"
CAPS_CEREBRAS = ROOT / "examples" / "agno_cerebras_capabilities.yaml"
CAPS_FIREWORKS = ROOT / "examples" / "agno_fireworks_capabilities.yaml"
CAPS_NVIDIA = ROOT / "examples" / "agno_nvidia_capabilities.yaml"
PINS = json.loads((DATA / "agno-agui.verdicts.json").read_text(encoding="utf-8"))
# The agent loops on a replayed tool call until the case times out (5 cases, see the findings page):
# a shorter bound than pydantic-ai's 10 s keeps the test's CI time near 30 s.
TIMEOUT = 5.0


@pytest.fixture(scope="module")
def agno_url() -> Iterator[str]:
    from examples.agno_agui_app import create_app

    with served_in_thread(create_app(mock_server_url()), "/agui", "agno-agui") as url:
        yield url


def _run(url: str, corpus: list[Any], caps: Path = CAPS) -> ConformanceSession:
    return run_corpus(url, caps, corpus, Settings(timeout=TIMEOUT))


@pytest.mark.slow
def test_agno_verdicts_match_the_pins(agno_url: str, corpus: list[Any]) -> None:
    assert metadata.version("agno") == PINS["versions"]["agno"], "another agno version: re-pin and re-triage"
    session = _run(agno_url, corpus)
    assert {r.scenario_id for r in session.results} == {s.id for s in corpus}  # one openai-chat case each
    # agno's SSE framing, content type and stream end are right on every case.
    assert [(r.case_id, f.row) for r in session.results for f in r.findings if f.row.startswith("transport.")] == []
    check_pins("agno-agui", session)


def _pinned_on_one_wire(caps: Path, name: str, dialect: str, *, model: str, corpus: list[Any]) -> ConformanceSession:
    """Serve agno's app on ``model`` (whose provider speaks ``dialect``), run the corpus against it and check it against
    its pin ``tests/data/<name>.verdicts.json``: the pinned package versions, one case per scenario on that wire, no
    transport finding (agno's SSE framing, content type and stream end), the pinned verdicts."""
    from examples.agno_agui_app import create_app

    pins = json.loads((DATA / f"{name}.verdicts.json").read_text(encoding="utf-8"))
    versions = {p: metadata.version(p) for p in pins["versions"]}
    assert versions == pins["versions"], f"another version of {sorted(versions)}: re-pin and re-triage"
    with served_in_thread(create_app(mock_server_url(), model=model), "/agui", name) as url:
        session = _run(url, corpus, caps)
    assert {r.dialect for r in session.results} == {dialect}
    assert sorted(r.scenario_id for r in session.results) == sorted(s.id for s in corpus)  # one case each
    assert [(r.case_id, f.row) for r in session.results for f in r.findings if f.row.startswith("transport.")] == []
    check_pins(name, session)
    return session


@pytest.mark.slow
def test_agno_claude_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_ANTHROPIC, "agno-agui-anthropic", "anthropic", model="claude", corpus=corpus)


@pytest.mark.slow
def test_agno_gemini_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_GEMINI, "agno-agui-gemini", "gemini", model="gemini", corpus=corpus)


@pytest.mark.slow
def test_agno_responses_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_RESPONSES, "agno-agui-responses", "openai-responses", model="openai-responses",
                        corpus=corpus)


@pytest.mark.slow
def test_agno_groq_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_GROQ, "agno-agui-groq", "openai-chat", model="groq", corpus=corpus)


@pytest.mark.slow
def test_agno_mistral_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_MISTRAL, "agno-agui-mistral", "openai-chat", model="mistral", corpus=corpus)


@pytest.mark.slow
def test_agno_deepseek_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_DEEPSEEK, "agno-agui-deepseek", "openai-chat", model="deepseek", corpus=corpus)


@pytest.mark.slow
def test_agno_xai_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_XAI, "agno-agui-xai", "openai-chat", model="xai", corpus=corpus)


@pytest.mark.slow
def test_agno_openrouter_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_OPENROUTER, "agno-agui-openrouter", "openai-chat", model="openrouter", corpus=corpus)


@pytest.mark.slow
def test_agno_together_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_TOGETHER, "agno-agui-together", "openai-chat", model="together", corpus=corpus)


@pytest.mark.slow
def test_agno_cerebras_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_CEREBRAS, "agno-agui-cerebras", "openai-chat", model="cerebras", corpus=corpus)


@pytest.mark.slow
def test_agno_fireworks_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_FIREWORKS, "agno-agui-fireworks", "openai-chat", model="fireworks", corpus=corpus)


@pytest.mark.slow
def test_agno_nvidia_verdicts_match_the_pins(corpus: list[Any]) -> None:
    _pinned_on_one_wire(CAPS_NVIDIA, "agno-agui-nvidia", "openai-chat", model="nvidia", corpus=corpus)


def test_declaring_no_usage_is_what_keeps_usage_ungraded(agno_url: str, corpus: list[Any], tmp_path: Path) -> None:
    """agno sends no RUN_FINISHED.usage: declared (reports_usage: false) it is not graded; undeclared, 8.3 FAILs."""
    basic = [s for s in corpus if s.id == "text.basic.001"]
    (declared,) = _run(agno_url, basic).results
    assert not {f.row for f in declared.findings if f.row.startswith("8.3.")}
    undeclared = tmp_path / "caps.yaml"
    undeclared.write_text(CAPS.read_text(encoding="utf-8").replace("reports_usage: false", "reports_usage: true"))
    (graded,) = _run(agno_url, basic, undeclared).results
    assert "8.3.v3" in graded.failed_rows(), graded.describe()
