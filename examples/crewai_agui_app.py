"""A real adapter: CrewAI's AG-UI integration (``ag-ui-crewai``) over a litellm OpenAI chat model on the mock server.

The app is the flow ag-ui-crewai's README ("Usage") shows: a ``Flow[CopilotKitState]`` whose one
``@start`` step streams ``litellm.acompletion(model="openai/...", messages=[system, *state.messages],
tools=state.copilotkit.actions, stream=True)`` through ``copilotkit_stream`` and appends the answer to
the state, served by ``add_crewai_flow_fastapi_endpoint`` at ``/agui``. The caller's (frontend) tools
reach the model as ``state.copilotkit.actions`` (``crewai_prepare_inputs``). The only test-specific
part is the model's ``api_base`` (and a dummy API key): litellm's ``openai/<model>`` route posts to
``{api_base}/chat/completions``, the conformance suite's mock server, which picks each case's scenario
with its default scenario (the model name is fixed).

The same flow over litellm's Anthropic provider (``model="anthropic/claude-sonnet-4-5"``, Anthropic Messages) is a
configuration of its own: ``anthropic_app`` (``examples/crewai_anthropic_capabilities.yaml``). That route posts to
``{api_base}/v1/messages`` (litellm/main.py ``_complete_anthropic``: ``ensure_api_route(api_base, "v1/messages")``
appends the route unless the base already ends with it), so its ``api_base`` is the mock's root, not ``<mock>/v1``.

The same flow over litellm's Gemini (Google AI Studio) provider (``model="gemini/gemini-2.5-flash"``) is a third:
``gemini_app`` (``examples/crewai_gemini_capabilities.yaml``). With a custom ``api_base`` that route posts to
``{api_base}/models/{model}:streamGenerateContent?alt=sse`` with the key in ``x-goog-api-key``
(litellm/llms/vertex_ai/vertex_llm_base.py ``_check_custom_proxy``:
``join_api_base(api_base, f"models/{model}:{endpoint}")`` and ``alt=sse`` on a stream), so its ``api_base`` is
``<mock>/v1beta``, the Gemini API's version path.

crewai brings many dependencies of its own (litellm, chromadb, lancedb, opentelemetry, ...), so this app
runs from its own virtual environment (``.ci/run`` builds it from ``examples/crewai_requirements.txt``),
and ``tests/test_crewai_endpoint.py`` starts it there with uvicorn::

    MOCK_BASE_URL=http://127.0.0.1:8765 <crewai-venv>/bin/python -m uvicorn \\
        examples.crewai_agui_app:app --port 8000

(``examples.crewai_agui_app:anthropic_app`` for the Anthropic configuration, ``:gemini_app`` for the Gemini one.)
"""

from __future__ import annotations

import os

# No network but the mock's: litellm otherwise fetches its model price map from GitHub at import
# (litellm/litellm_core_utils/get_model_cost_map.py), and crewai sends telemetry (crewai/telemetry).
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("CREWAI_DISABLE_TELEMETRY", "true")
os.environ.setdefault("OTEL_SDK_DISABLED", "true")

from ag_ui_crewai import CopilotKitState, add_crewai_flow_fastapi_endpoint, copilotkit_stream
from crewai.flow.flow import Flow, start
from fastapi import FastAPI
from litellm import acompletion

SYSTEM_PROMPT = "You are a helpful assistant."  # the README's flow's own system message


PROVIDERS = ("openai", "anthropic", "gemini")  # the litellm routes this app is run over
# The path litellm's route appends to api_base is its own (see the module's docstring); the mock's root gets the rest.
API_BASE_PATH = {"openai": "/v1", "anthropic": "", "gemini": "/v1beta"}


def chat_flow(api_base: str, model: str) -> Flow[CopilotKitState]:
    """The README's chat flow, its litellm ``model`` (``"openai/gpt-4o"``, ``"anthropic/claude-sonnet-4-5"``,
    ``"gemini/gemini-2.5-flash"``) at ``api_base``.

    Example:
        >>> type(chat_flow("http://127.0.0.1:8765/v1", "openai/gpt-4o")).__name__
        'ChatFlow'
    """

    class ChatFlow(Flow[CopilotKitState]):
        @start()
        async def chat(self) -> None:
            response = await copilotkit_stream(
                await acompletion(
                    model=model,
                    api_base=api_base,
                    api_key="mock-key",
                    messages=[{"role": "system", "content": SYSTEM_PROMPT}, *self.state.messages],
                    tools=self.state.copilotkit.actions,
                    stream=True,
                )
            )
            self.state.messages.append(response.choices[0].message)

    return ChatFlow()


def create_app(mock_base_url: str, model: str = "gpt-4o", provider: str = "openai") -> FastAPI:
    """The AG-UI app: ``POST /agui`` runs the flow over litellm's ``provider`` route; its model reads the mock at
    ``mock_base_url``: ``mock_base_url + "/v1"`` for ``openai`` (litellm appends ``/chat/completions``), the root
    for ``anthropic`` (litellm appends ``/v1/messages``), ``mock_base_url + "/v1beta"`` for ``gemini`` (litellm
    appends ``/models/{model}:streamGenerateContent``).

    Example:
        >>> "/agui" in create_app("http://127.0.0.1:8765").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "claude-sonnet-4-5", "anthropic").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "gemini-2.5-flash", "gemini").openapi()["paths"]
        True
    """
    if provider not in PROVIDERS:
        raise ValueError(f"unknown provider {provider!r}: one of {PROVIDERS}")
    api_base = mock_base_url.rstrip("/") + API_BASE_PATH[provider]
    app = FastAPI()
    add_crewai_flow_fastapi_endpoint(app, chat_flow(api_base, f"{provider}/{model}"), "/agui")
    return app


def __getattr__(name: str) -> FastAPI:
    # `uvicorn examples.crewai_agui_app:app` (or `:anthropic_app`, `:gemini_app`): built on first access, from
    # MOCK_BASE_URL.
    mock = os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765")
    if name == "app":
        return create_app(mock)
    if name == "anthropic_app":
        return create_app(mock, "claude-sonnet-4-5", "anthropic")
    if name == "gemini_app":
        return create_app(mock, "gemini-2.5-flash", "gemini")
    raise AttributeError(name)
