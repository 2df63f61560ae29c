"""Example (c): pydantic-ai's AG-UI app (examples/pydantic_ai_agui_app.py) through ``--adapter-url``.

Thirteen configurations of the same app: its agent on ``OpenAIChatModel`` (Chat Completions wire, pins
``pydantic-ai-agui``), on ``OpenAIResponsesModel`` (Responses wire, pins ``pydantic-ai-agui-responses``), on
``GoogleModel`` (the Gemini API, pins ``pydantic-ai-agui-gemini``), on ``AnthropicModel`` (the Messages API, pins
``pydantic-ai-agui-anthropic``), on ``OpenRouterModel`` (OpenRouter's Chat Completions, pins
``pydantic-ai-agui-openrouter``), on ``GroqModel`` (Groq's Chat Completions through the groq SDK, pins
``pydantic-ai-agui-groq``), on ``MistralModel`` (Mistral's Chat Completions through the mistralai SDK, pins
``pydantic-ai-agui-mistral``), on ``HuggingFaceModel`` (Hugging Face's Chat Completions through huggingface_hub,
pins ``pydantic-ai-agui-huggingface``), on ``OpenAIChatModel`` over ``DeepSeekProvider`` (DeepSeek's Chat Completions
through the openai SDK, pins ``pydantic-ai-agui-deepseek``), on ``OpenAIChatModel`` over ``MoonshotAIProvider``
(Moonshot's Kimi Chat Completions through the openai SDK, pins ``pydantic-ai-agui-moonshot``), on ``CerebrasModel``
over ``CerebrasProvider`` (Cerebras's Chat Completions through the openai SDK, pins ``pydantic-ai-agui-cerebras``), on
``OpenAIChatModel`` over ``TogetherProvider`` (Together AI's Chat Completions through the openai SDK, pins
``pydantic-ai-agui-together``) and on ``OpenAIChatModel`` over ``FireworksProvider`` (Fireworks AI's Chat Completions
through the openai SDK, pins ``pydantic-ai-agui-fireworks``).

uvicorn serves the app on 127.0.0.1 in a thread; its model reads the suite's mock server, and the
suite selects each case's scenario with the mock server's default scenario (the app's model name
is fixed). The verdicts must match ``tests/data/pydantic-ai-agui.verdicts.json``, which records the
findings published in docs/findings-pydantic-ai.md: a change in pydantic-ai's behaviour, or in
the target, shows up here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any, Literal

import pytest

pytest.importorskip("pydantic_ai", reason="example (c) needs pydantic-ai-slim (Python >= 3.11)")
pytest.importorskip("uvicorn")  # served_in_thread serves the app with it

from conformance.runner import Settings, expressible
from conformance.served import mock_server_url
from conformance.session import ConformanceSession
from mock_provider.scenario import load_corpus
from mock_provider.servers import foreign_quirk
from tests.agui_apps import run_corpus, served_in_thread
from tests.calibration import DATA, check_pins

ROOT = Path(__file__).resolve().parent.parent
PINS = json.loads((DATA / "pydantic-ai-agui.verdicts.json").read_text(encoding="utf-8"))
CAPS = ROOT / "examples" / "pydantic_ai_capabilities.yaml"
# This module's own mock server (the process keeps one per time scale): a request another endpoint test left
# running in this worker cannot reach this app's cases, which in full runs moved the three cases whose
# empty answer pydantic-ai asks again for. The scale is small enough that no scripted delay is felt.
OWN_SERVER = 1e-9
# The Responses configuration's own mock server, for the same reason (another time scale, another server).
RESPONSES_SERVER = 2e-9
RESPONSES_CAPS = ROOT / "examples" / "pydantic_ai_responses_capabilities.yaml"
# The Gemini configuration's own mock server, likewise.
GEMINI_SERVER = 3e-9
GEMINI_CAPS = ROOT / "examples" / "pydantic_ai_gemini_capabilities.yaml"
# The Anthropic configuration's own mock server, likewise.
ANTHROPIC_SERVER = 4e-9
ANTHROPIC_CAPS = ROOT / "examples" / "pydantic_ai_anthropic_capabilities.yaml"
# The OpenRouter configuration's own mock server, likewise.
OPENROUTER_SERVER = 5e-9
OPENROUTER_CAPS = ROOT / "examples" / "pydantic_ai_openrouter_capabilities.yaml"
# The Groq configuration's own mock server, likewise.
GROQ_SERVER = 6e-9
GROQ_CAPS = ROOT / "examples" / "pydantic_ai_groq_capabilities.yaml"
# The Hugging Face and Mistral configurations' own mock servers, likewise (scales no other module uses: the
# llama-index configurations take 7e-9 and 8e-9).
HUGGINGFACE_SERVER = 1.1e-8
HUGGINGFACE_CAPS = ROOT / "examples" / "pydantic_ai_huggingface_capabilities.yaml"
MISTRAL_SERVER = 9e-9
MISTRAL_CAPS = ROOT / "examples" / "pydantic_ai_mistral_capabilities.yaml"
# The DeepSeek configuration's own mock server, likewise (a scale no other module uses).
DEEPSEEK_SERVER = 1.2e-8
DEEPSEEK_CAPS = ROOT / "examples" / "pydantic_ai_deepseek_capabilities.yaml"
# The Moonshot configuration's own mock server, likewise (a scale no other module uses).
MOONSHOT_SERVER = 1.4e-8
MOONSHOT_CAPS = ROOT / "examples" / "pydantic_ai_moonshot_capabilities.yaml"
# The Cerebras configuration's own mock server, likewise (a scale no other module uses).
CEREBRAS_SERVER = 2.9e-8
CEREBRAS_CAPS = ROOT / "examples" / "pydantic_ai_cerebras_capabilities.yaml"
# The Together AI configuration's own mock server, likewise (a scale no other module uses).
TOGETHER_SERVER = 5.3e-8
TOGETHER_CAPS = ROOT / "examples" / "pydantic_ai_together_capabilities.yaml"
# The Fireworks AI configuration's own mock server, likewise (a scale no other module uses).
FIREWORKS_SERVER = 5.9e-8
FIREWORKS_CAPS = ROOT / "examples" / "pydantic_ai_fireworks_capabilities.yaml"


@pytest.fixture(scope="module")
def agui_url() -> Iterator[str]:
    from examples.pydantic_ai_agui_app import create_app

    with served_in_thread(create_app(mock_server_url(OWN_SERVER)), "/agui", "pydantic-ai-agui") as url:
        yield url


def _serve(api: Literal["responses", "gemini", "anthropic", "openrouter", "groq", "huggingface", "mistral",
                        "deepseek", "moonshot", "cerebras", "together", "fireworks"],
           scale: float) -> Iterator[str]:
    """The app on one model (``create_app(api=...)``), on its own mock server (time scale ``scale``)."""
    from examples.pydantic_ai_agui_app import create_app

    with served_in_thread(create_app(mock_server_url(scale), api=api), "/agui", f"pydantic-ai-agui-{api}") as url:
        yield url


@pytest.fixture(scope="module")
def responses_url() -> Iterator[str]:
    yield from _serve("responses", RESPONSES_SERVER)


@pytest.fixture(scope="module")
def gemini_url() -> Iterator[str]:
    pytest.importorskip("google.genai", reason="GoogleModel needs google-genai (the calibration extra)")
    yield from _serve("gemini", GEMINI_SERVER)


@pytest.fixture(scope="module")
def anthropic_url() -> Iterator[str]:
    pytest.importorskip("anthropic", reason="AnthropicModel needs the anthropic SDK (pydantic-ai-slim[anthropic])")
    for url in _serve("anthropic", ANTHROPIC_SERVER):
        # One plain answer first: the app's first Messages stream costs it about 0.2 s of CPU on an idle machine
        # (first use of the SDK's event types; a warm app closes an aborted upstream in about 20 ms), and the corpus
        # opens with the abort cases, so on a loaded machine that one-time cost fell inside abort.mid-text.001's 1 s
        # abort bound (2 of 11 pin runs failed at load average 12 on 2 cores; the one read: request.abort at 1.009 s).
        warm = [s for s in load_corpus() if s.id == "text.basic.001"]
        assert run_corpus(url, ANTHROPIC_CAPS, warm, Settings(timeout=10, time_scale=ANTHROPIC_SERVER)).results
        yield url


@pytest.fixture(scope="module")
def openrouter_url() -> Iterator[str]:
    yield from _serve("openrouter", OPENROUTER_SERVER)


@pytest.fixture(scope="module")
def groq_url() -> Iterator[str]:
    pytest.importorskip("groq", reason="GroqModel needs the groq SDK (pydantic-ai-slim[groq], the calibration extra)")
    yield from _serve("groq", GROQ_SERVER)


@pytest.fixture(scope="module")
def huggingface_url() -> Iterator[str]:
    pytest.importorskip("huggingface_hub", reason="HuggingFaceModel needs huggingface_hub (the calibration extra)")
    yield from _serve("huggingface", HUGGINGFACE_SERVER)


@pytest.fixture(scope="module")
def mistral_url() -> Iterator[str]:
    pytest.importorskip("mistralai", reason="MistralModel needs the mistralai SDK (pydantic-ai-slim[mistral], the "
                        "calibration extra)")
    yield from _serve("mistral", MISTRAL_SERVER)


@pytest.fixture(scope="module")
def deepseek_url() -> Iterator[str]:
    yield from _serve("deepseek", DEEPSEEK_SERVER)


@pytest.fixture(scope="module")
def moonshot_url() -> Iterator[str]:
    yield from _serve("moonshot", MOONSHOT_SERVER)


@pytest.fixture(scope="module")
def cerebras_url() -> Iterator[str]:
    yield from _serve("cerebras", CEREBRAS_SERVER)


@pytest.fixture(scope="module")
def together_url() -> Iterator[str]:
    yield from _serve("together", TOGETHER_SERVER)


@pytest.fixture(scope="module")
def fireworks_url() -> Iterator[str]:
    yield from _serve("fireworks", FIREWORKS_SERVER)


def _run(url: str, corpus: list[Any], **options: Any) -> ConformanceSession:
    return run_corpus(url, CAPS, corpus, Settings(timeout=10, time_scale=OWN_SERVER), **options)


@pytest.mark.slow
def test_pydantic_ai_verdicts_match_the_published_findings(agui_url: str, corpus: list[Any]) -> None:
    assert metadata.version("pydantic-ai-slim") == PINS["versions"]["pydantic-ai-slim"], (
        "another pydantic-ai version: re-measure (SAC_REPIN=1), triage, and update the findings doc")
    session = _run(agui_url, corpus)
    results = {r.scenario_id: r for r in session.results}
    assert set(results) == {s.id for s in corpus}  # one openai-chat case per scenario
    # No ERROR at all: the target and the harness never broke down, and the app never hung.
    errors = {k: r.reason for k, r in results.items() if r.verdict == "ERROR"}
    assert errors == {}
    # NOT-EXPRESSIBLE is the wire's limit, decided before the endpoint is called.
    skipped = {k for k, r in results.items() if r.verdict == "NOT-EXPRESSIBLE"}
    refuses = session.factory.refuses  # type: ignore[attr-defined]
    assert skipped == {s.id for s in corpus if expressible(s, "openai-chat") is not None or refuses(s) is not None}
    # No transport finding: pydantic-ai's SSE framing, content type and stream end are right.
    transport = [(k, f.row) for k, r in results.items() for f in r.findings if f.row.startswith("transport.")]
    assert transport == []
    # Every other verdict, the rows it broke and the per-row counts are the pinned ones.
    check_pins("pydantic-ai-agui", session)


def test_pydantic_ai_does_not_answer_ndjson(agui_url: str, corpus: list[Any]) -> None:
    """Asked for NDJSON, the app still sends SSE: every case FAILs transport.content-type (and framing)."""
    basic = [s for s in corpus if s.id == "text.basic.001"]
    session = _run(agui_url, basic, stream_format="ndjson")
    (result,) = session.results
    rows = {f.row for f in result.findings if f.row.startswith("transport.")}
    assert "transport.content-type" in rows, result.describe()


def _graded_on_one_wire(session: Any, corpus: list[Any], dialect: str) -> dict[str, Any]:
    """The session's results by scenario, after what every one-wire pin of this app holds: one case per scenario,
    all on ``dialect``, NOT-EXPRESSIBLE exactly where the wire cannot say the scenario, the app refuses it or it
    plays a habit the declared server does not have, and no transport finding."""
    results = {r.scenario_id: r for r in session.results}
    assert set(results) == {s.id for s in corpus}
    assert {r.dialect for r in session.results} == {dialect}
    skipped = {k for k, r in results.items() if r.verdict == "NOT-EXPRESSIBLE"}
    refuses, server = session.factory.refuses, session.factory.capabilities.server
    assert skipped == {s.id for s in corpus if expressible(s, dialect) is not None or refuses(s) is not None
                       or foreign_quirk(s, server, dialect) is not None}
    transport = [(k, f.row) for k, r in results.items() for f in r.findings if f.row.startswith("transport.")]
    assert transport == []
    return results


def _pinned_on_one_wire(url: str, name: str, caps: Path, scale: float, corpus: list[Any], dialect: str) -> None:
    """Run the corpus through one configuration of the app and hold it to its pin ``tests/data/<name>.verdicts.json``:
    the versions it was measured on, :func:`_graded_on_one_wire`, no ERROR (the app never broke down or hung),
    and the pinned verdicts, rows and per-row counts."""
    pins = json.loads((DATA / f"{name}.verdicts.json").read_text(encoding="utf-8"))
    assert {p: metadata.version(p) for p in pins["versions"]} == pins["versions"], (
        "another version of a pinned package: re-measure (SAC_REPIN=1), triage, and update the findings doc")
    session = run_corpus(url, caps, corpus, Settings(timeout=10, time_scale=scale))
    results = _graded_on_one_wire(session, corpus, dialect)
    assert {k: r.reason for k, r in results.items() if r.verdict == "ERROR"} == {}
    check_pins(name, session)


@pytest.mark.slow
def test_pydantic_ai_responses_verdicts_match_the_published_findings(responses_url: str, corpus: list[Any]) -> None:
    """The same agent on ``OpenAIResponsesModel``: graded on the Responses wire, pinned on its own."""
    _pinned_on_one_wire(responses_url, "pydantic-ai-agui-responses", RESPONSES_CAPS, RESPONSES_SERVER, corpus,
                        "openai-responses")


@pytest.mark.slow
def test_pydantic_ai_gemini_verdicts_match_the_published_findings(gemini_url: str, corpus: list[Any]) -> None:
    """The same agent on ``GoogleModel`` (``GoogleProvider(base_url=...)``): graded on the Gemini wire, pinned on
    its own (the first run's 404s were the mock's missing /v1/ route)."""
    _pinned_on_one_wire(gemini_url, "pydantic-ai-agui-gemini", GEMINI_CAPS, GEMINI_SERVER, corpus, "gemini")


@pytest.mark.slow
def test_pydantic_ai_anthropic_verdicts_match_the_published_findings(anthropic_url: str, corpus: list[Any]) -> None:
    """The same agent on ``AnthropicModel`` (``AnthropicProvider(base_url=...)``): graded on the Messages wire, pinned
    on its own."""
    _pinned_on_one_wire(anthropic_url, "pydantic-ai-agui-anthropic", ANTHROPIC_CAPS, ANTHROPIC_SERVER, corpus,
                        "anthropic")


@pytest.mark.slow
def test_pydantic_ai_openrouter_verdicts_match_the_published_findings(openrouter_url: str, corpus: list[Any]) -> None:
    """The same agent on ``OpenRouterModel`` (``OpenRouterProvider(openai_client=...)``, declared ``server:
    openrouter``): graded on the Chat Completions wire as OpenRouter serves it, pinned on its own."""
    _pinned_on_one_wire(openrouter_url, "pydantic-ai-agui-openrouter", OPENROUTER_CAPS, OPENROUTER_SERVER, corpus,
                        "openai-chat")


@pytest.mark.slow
def test_pydantic_ai_groq_verdicts_match_the_published_findings(groq_url: str, corpus: list[Any]) -> None:
    """The same agent on ``GroqModel`` (``GroqProvider(base_url=...)``, the groq SDK at Groq's path, declared ``server:
    groq``): graded on the Chat Completions wire as Groq serves it, pinned on its own (the first run's 114 ERRORs
    were the mock's missing Groq path)."""
    _pinned_on_one_wire(groq_url, "pydantic-ai-agui-groq", GROQ_CAPS, GROQ_SERVER, corpus, "openai-chat")


@pytest.mark.slow
def test_pydantic_ai_huggingface_verdicts_match_the_published_findings(huggingface_url: str,
                                                                      corpus: list[Any]) -> None:
    """The same agent on ``HuggingFaceModel`` (``HuggingFaceProvider(base_url=...)``, huggingface_hub's
    ``AsyncInferenceClient``, declared ``server: other``): graded on the Chat Completions wire, pinned on its own."""
    _pinned_on_one_wire(huggingface_url, "pydantic-ai-agui-huggingface", HUGGINGFACE_CAPS, HUGGINGFACE_SERVER, corpus,
                        "openai-chat")


@pytest.mark.slow
def test_pydantic_ai_mistral_verdicts_match_the_published_findings(mistral_url: str, corpus: list[Any]) -> None:
    """The same agent on ``MistralModel`` (``MistralProvider(base_url=...)``, the mistralai SDK, declared ``server:
    mistral``): graded on the Chat Completions wire as Mistral serves it, pinned on its own (the first run's 50 suite
    errors were the mistral flavour's nameless continuation deltas, OpenAI's in-band error frame, and tool call ids
    compared verbatim)."""
    _pinned_on_one_wire(mistral_url, "pydantic-ai-agui-mistral", MISTRAL_CAPS, MISTRAL_SERVER, corpus, "openai-chat")


@pytest.mark.slow
def test_pydantic_ai_deepseek_verdicts_match_the_published_findings(deepseek_url: str, corpus: list[Any]) -> None:
    """The same agent on ``OpenAIChatModel`` over ``DeepSeekProvider`` (``openai_client=`` pointed at the mock,
    DeepSeek's model profile, declared ``server: deepseek``): graded on the Chat Completions wire as DeepSeek serves
    it, pinned on its own (the first run's 5 FAILs were the Chat configuration's defects, no suite error)."""
    _pinned_on_one_wire(deepseek_url, "pydantic-ai-agui-deepseek", DEEPSEEK_CAPS, DEEPSEEK_SERVER, corpus,
                        "openai-chat")


@pytest.mark.slow
def test_pydantic_ai_moonshot_verdicts_match_the_published_findings(moonshot_url: str, corpus: list[Any]) -> None:
    """The same agent on ``OpenAIChatModel`` over ``MoonshotAIProvider`` (``base_url=`` pointed at the mock, Moonshot's
    model profile, declared ``server: moonshot``): graded on the Chat Completions wire as Moonshot serves it, pinned on
    its own (the first run's 6 FAILs were the Chat configuration's defects and one of Moonshot's profile,
    D-leading-whitespace; no suite error)."""
    _pinned_on_one_wire(moonshot_url, "pydantic-ai-agui-moonshot", MOONSHOT_CAPS, MOONSHOT_SERVER, corpus,
                        "openai-chat")


@pytest.mark.slow
def test_pydantic_ai_cerebras_verdicts_match_the_published_findings(cerebras_url: str, corpus: list[Any]) -> None:
    """The same agent on ``CerebrasModel`` over ``CerebrasProvider`` (``openai_client=`` pointed at the mock, Cerebras's
    model profile for gpt-oss, declared ``server: cerebras``, ``other`` before the kit had that flavour): graded on the
    Chat Completions wire, pinned on its own (the first run's 8 FAILs were the Chat configuration's defects, Moonshot's
    D-leading-whitespace and a new one, D-cerebras-cached-tokens; no suite error)."""
    _pinned_on_one_wire(cerebras_url, "pydantic-ai-agui-cerebras", CEREBRAS_CAPS, CEREBRAS_SERVER, corpus,
                        "openai-chat")


@pytest.mark.slow
def test_pydantic_ai_together_verdicts_match_the_published_findings(together_url: str, corpus: list[Any]) -> None:
    """The same agent on ``OpenAIChatModel`` over ``TogetherProvider`` (``openai_client=`` pointed at the mock, the
    meta-llama family profile, declared ``server: other``: the kit has no Together flavour): graded on the Chat
    Completions wire, pinned on its own (the first run's 6 FAILs were the Chat configuration's 5 and one suite error,
    request.tools.001: the kit's OpenAI strict-mode schema form for a tool sent ``strict: true``)."""
    _pinned_on_one_wire(together_url, "pydantic-ai-agui-together", TOGETHER_CAPS, TOGETHER_SERVER, corpus,
                        "openai-chat")


@pytest.mark.slow
def test_pydantic_ai_fireworks_verdicts_match_the_published_findings(fireworks_url: str, corpus: list[Any]) -> None:
    """The same agent on ``OpenAIChatModel`` over ``FireworksProvider`` (``openai_client=`` pointed at the mock, the
    provider's profile for qwq-32b, declared ``server: other``: the kit has no Fireworks flavour): graded on the Chat
    Completions wire, pinned on its own (the first run's 5 FAILs were the Chat configuration's; no suite error)."""
    _pinned_on_one_wire(fireworks_url, "pydantic-ai-agui-fireworks", FIREWORKS_CAPS, FIREWORKS_SERVER, corpus,
                        "openai-chat")
