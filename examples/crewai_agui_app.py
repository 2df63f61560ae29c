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

The same flow over litellm's Mistral provider (``model="mistral/mistral-medium-latest"``) is a fourth: ``mistral_app``
(``examples/crewai_mistral_capabilities.yaml``). That route speaks Mistral's Chat Completions with litellm's own HTTP
client (litellm/main.py ``_complete_mistral``: ``base_llm_http_handler`` with ``MistralConfig``, no SDK) and posts to
``{api_base}/chat/completions`` (litellm/llms/openai/chat/gpt_transformation.py ``get_complete_url``), so its
``api_base`` is ``<mock>/v1``, Mistral's own base (``https://api.mistral.ai/v1``, transformation.py
``_get_openai_compatible_provider_info``). Mistral streams reasoning as a ``thinking`` chunk in an array
``delta.content``, which litellm's Mistral iterator reads (``MistralChatResponseIterator``); the mock's default
reasoning field is OpenAI-compatible ``reasoning_content``, so, as the other Mistral configurations do, the model
call names the mock's ``thinking-chunks`` dialect with a request header (``extra_headers``).

The same flow over litellm's DeepSeek provider (``model="deepseek/deepseek-v4-flash"``) is a fifth: ``deepseek_app``
(``examples/crewai_deepseek_capabilities.yaml``). That route speaks DeepSeek's Chat Completions with litellm's own HTTP
client (litellm/main.py ``_complete_deepseek``: ``base_llm_http_handler`` with ``DeepSeekChatConfig``, no SDK) and
posts to ``{api_base}/chat/completions`` (litellm/llms/deepseek/chat/transformation.py ``get_complete_url``:
``ensure_api_route(api_base, "chat/completions")``), so its ``api_base`` is ``<mock>/v1``. DeepSeek streams reasoning
in ``delta.reasoning_content``, the mock's default field, so no header is needed.

The same flow over litellm's Groq provider (``model="groq/openai/gpt-oss-120b"``) is a sixth: ``groq_app``
(``examples/crewai_groq_capabilities.yaml``). That route speaks Groq's Chat Completions with litellm's own HTTP client
(litellm/main.py ``_complete_groq``: ``base_llm_http_handler`` with ``GroqChatConfig``, no SDK) and posts to
``{api_base}/chat/completions`` (``GroqChatConfig`` is an ``OpenAILikeChatConfig``, an ``OpenAIGPTConfig``, whose
``get_complete_url`` appends the route), so its ``api_base`` is ``<mock>/openai/v1``, the path of Groq's own base
(``https://api.groq.com/openai/v1``, main.py ``_complete_groq`` and llms/groq/chat/transformation.py
``_get_openai_compatible_provider_info``), which the mock serves. Groq streams reasoning in ``delta.reasoning``, which
litellm's Groq iterator renames to ``reasoning_content`` (``GroqChatCompletionStreamingHandler.chunk_parser``); the
mock's default field is ``reasoning_content``, so, as the other Groq configurations do, the model call names Groq's
field with a request header (``extra_headers``).

The same flow over litellm's xAI provider (``model="xai/grok-4.3"``) is a seventh: ``xai_app``
(``examples/crewai_xai_capabilities.yaml``). That route speaks xAI's Chat Completions, not its Responses API, with
litellm's own HTTP client (litellm/main.py ``_complete_xai``: ``base_llm_http_handler`` with ``XAIChatConfig``, no SDK;
the Responses bridge is taken only for a model whose table row says ``mode: responses`` or a call with
``web_search_options``, litellm/responses/bridge_check.py ``responses_api_bridge_check``, neither the case here) and
posts to ``{api_base}/chat/completions`` (``XAIChatConfig`` is an ``OpenAIGPTConfig``, whose ``get_complete_url``
appends the route), so its ``api_base`` is ``<mock>/v1``, xAI's own base (``https://api.x.ai/v1``, litellm/constants.py
``XAI_API_BASE``). xAI streams reasoning in ``delta.reasoning_content``, the mock's default field (and its ``xai``
flavour's), so no header is needed.

The same flow over litellm's OpenRouter provider (``model="openrouter/openai/gpt-oss-120b"``) is an eighth:
``openrouter_app`` (``examples/crewai_openrouter_capabilities.yaml``). That route speaks OpenRouter's Chat Completions
with litellm's own HTTP client (litellm/main.py ``_complete_openrouter``: ``base_llm_http_handler`` with
``OpenrouterConfig``, no SDK) and posts to ``{api_base}/chat/completions`` (``OpenrouterConfig`` is an
``OpenAIGPTConfig``), so its ``api_base`` is ``<mock>/v1``, as OpenRouter's own base ends (``https://openrouter.ai/api/v1``).
OpenRouter streams reasoning in ``delta.reasoning``, which litellm's OpenRouter iterator copies to
``reasoning_content`` (``OpenRouterChatCompletionStreamingHandler.chunk_parser``); the mock's default field is
``reasoning_content``, so the app names OpenRouter's field with a request header (``extra_headers``), as for Groq.

The same flow over litellm's Cerebras provider (``model="cerebras/gpt-oss-120b"``) is a ninth: ``cerebras_app``
(``examples/crewai_cerebras_capabilities.yaml``). Unlike the xAI, Groq and OpenRouter routes, that route goes through
the openai SDK, as the OpenAI one does (litellm/main.py dispatches ``cerebras`` to ``_complete_custom_openai``:
``openai_chat_completions``, an ``AsyncOpenAI`` client, with ``CerebrasConfig``'s parameter mapping), which posts to
``{api_base}/chat/completions``, so its ``api_base`` is ``<mock>/v1``, Cerebras's own base
(``https://api.cerebras.ai/v1``, litellm_core_utils/get_llm_provider_logic.py). Cerebras streams reasoning in
``delta.reasoning`` (cerebras-cloud-sdk's chunk type), which litellm's ``Delta`` maps to ``reasoning_content``
(types/utils.py); the mock's default field is ``reasoning_content``, so the app names Cerebras's field with a request
header (``extra_headers``), as for Groq and OpenRouter.

crewai brings many dependencies of its own (litellm, chromadb, lancedb, opentelemetry, ...), so this app
runs from its own virtual environment (``.ci/run`` builds it from ``examples/crewai_requirements.txt``),
and ``tests/test_crewai_endpoint.py`` starts it there with uvicorn::

    MOCK_BASE_URL=http://127.0.0.1:8765 <crewai-venv>/bin/python -m uvicorn \\
        examples.crewai_agui_app:app --port 8000

(``examples.crewai_agui_app:anthropic_app`` for the Anthropic configuration, ``:gemini_app`` for the Gemini one,
``:mistral_app`` for the Mistral one, ``:deepseek_app`` for the DeepSeek one, ``:groq_app`` for the Groq one,
``:xai_app`` for the xAI one, ``:openrouter_app`` for the OpenRouter one, ``:cerebras_app`` for the Cerebras one.)
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


# The litellm routes this app is run over.
PROVIDERS = ("openai", "anthropic", "gemini", "mistral", "deepseek", "groq", "xai", "openrouter", "cerebras")
# The path litellm's route appends to api_base is its own (see the module's docstring); the mock's root gets the rest.
API_BASE_PATH = {"openai": "/v1", "anthropic": "", "gemini": "/v1beta", "mistral": "/v1", "deepseek": "/v1",
                 "groq": "/openai/v1", "xai": "/v1", "openrouter": "/v1", "cerebras": "/v1"}
# Request headers a route's model call sends (litellm's `extra_headers`): the Mistral one asks the mock for Mistral's
# reasoning shape (a `thinking` chunk in an array `delta.content`), which the real API sends unasked; the Groq one
# asks for Groq's field, `delta.reasoning` (groq 1.7.0 types/chat/chat_completion_chunk.py, the chunk's only reasoning
# field), as the pydantic-ai and AI SDK Groq configurations do; the OpenRouter one asks for OpenRouter's field,
# `delta.reasoning` (the one litellm's OpenRouter iterator reads, litellm/llms/openrouter/chat/transformation.py:291);
# the Cerebras one asks for Cerebras's field, `delta.reasoning` (cerebras-cloud-sdk 1.91.0
# types/chat/chat_completion.py:271, its chunk's reasoning field), which litellm's Delta reads as reasoning_content
# (litellm/types/utils.py:1691-1696).
EXTRA_HEADERS: dict[str, dict[str, str]] = {"mistral": {"X-Mock-Reasoning": "thinking-chunks"},
                                            "groq": {"X-Mock-Reasoning": "reasoning"},
                                            "openrouter": {"X-Mock-Reasoning": "reasoning"},
                                            "cerebras": {"X-Mock-Reasoning": "reasoning"}}


def chat_flow(api_base: str, model: str, headers: dict[str, str] | None = None) -> Flow[CopilotKitState]:
    """The README's chat flow, its litellm ``model`` (``"openai/gpt-4o"``, ``"anthropic/claude-sonnet-4-5"``,
    ``"gemini/gemini-2.5-flash"``, ``"mistral/mistral-medium-latest"``, ``"deepseek/deepseek-v4-flash"``,
    ``"groq/openai/gpt-oss-120b"``, ``"xai/grok-4.3"``, ``"openrouter/openai/gpt-oss-120b"``,
    ``"cerebras/gpt-oss-120b"``) at ``api_base``,
    sending ``headers`` with each model request (none by default).

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
                    **({"extra_headers": headers} if headers else {}),
                )
            )
            self.state.messages.append(response.choices[0].message)

    return ChatFlow()


def create_app(mock_base_url: str, model: str = "gpt-4o", provider: str = "openai") -> FastAPI:
    """The AG-UI app: ``POST /agui`` runs the flow over litellm's ``provider`` route; its model reads the mock at
    ``mock_base_url``: ``mock_base_url + "/v1"`` for ``openai`` (litellm appends ``/chat/completions``), the root
    for ``anthropic`` (litellm appends ``/v1/messages``), ``mock_base_url + "/v1beta"`` for ``gemini`` (litellm
    appends ``/models/{model}:streamGenerateContent``), ``mock_base_url + "/v1"`` for ``mistral`` and ``deepseek``
    (litellm appends ``/chat/completions``), ``mock_base_url + "/openai/v1"`` for ``groq`` (Groq's path; litellm
    appends ``/chat/completions``), ``mock_base_url + "/v1"`` for ``xai`` (xAI's path; litellm appends
    ``/chat/completions``), for ``openrouter`` and for ``cerebras`` (litellm appends ``/chat/completions``).

    Example:
        >>> "/agui" in create_app("http://127.0.0.1:8765").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "claude-sonnet-4-5", "anthropic").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "gemini-2.5-flash", "gemini").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "mistral-medium-latest", "mistral").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "deepseek-v4-flash", "deepseek").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "openai/gpt-oss-120b", "groq").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "grok-4.3", "xai").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "openai/gpt-oss-120b", "openrouter").openapi()["paths"]
        True
        >>> "/agui" in create_app("http://127.0.0.1:8765", "gpt-oss-120b", "cerebras").openapi()["paths"]
        True
    """
    if provider not in PROVIDERS:
        raise ValueError(f"unknown provider {provider!r}: one of {PROVIDERS}")
    api_base = mock_base_url.rstrip("/") + API_BASE_PATH[provider]
    app = FastAPI()
    flow = chat_flow(api_base, f"{provider}/{model}", EXTRA_HEADERS.get(provider))
    add_crewai_flow_fastapi_endpoint(app, flow, "/agui")
    return app


def __getattr__(name: str) -> FastAPI:
    # `uvicorn examples.crewai_agui_app:app` (or `:anthropic_app`, `:gemini_app`, `:mistral_app`, `:deepseek_app`,
    # `:groq_app`, `:xai_app`, `:openrouter_app`, `:cerebras_app`): built on first access, from MOCK_BASE_URL.
    mock = os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765")
    if name == "app":
        return create_app(mock)
    if name == "anthropic_app":
        return create_app(mock, "claude-sonnet-4-5", "anthropic")
    if name == "gemini_app":
        return create_app(mock, "gemini-2.5-flash", "gemini")
    if name == "mistral_app":
        # One of Mistral's own models (tool calls, reasoning: litellm's model table). The route takes any model id,
        # relayed ones too, so the declaration is `server: mistral` (examples/crewai_mistral_capabilities.yaml).
        return create_app(mock, "mistral-medium-latest", "mistral")
    if name == "deepseek_app":
        # DeepSeek's V4 model with tool calls and reasoning (litellm's model table: deepseek/deepseek-v4-flash,
        # supports_function_calling and supports_reasoning), as the agno DeepSeek configuration names.
        return create_app(mock, "deepseek-v4-flash", "deepseek")
    if name == "groq_app":
        # Groq's gpt-oss-120b, a model with tool calls, parallel tool calls and reasoning (litellm's model table:
        # groq/openai/gpt-oss-120b, supports_function_calling, supports_parallel_function_calling, supports_reasoning),
        # as the agno and pydantic-ai Groq configurations name.
        return create_app(mock, "openai/gpt-oss-120b", "groq")
    if name == "xai_app":
        # xAI's grok-4.3, a chat-mode model with tool calls and reasoning (litellm's model table: xai/grok-4.3, mode
        # chat, supports_function_calling, supports_reasoning, no deprecation date), so the route stays on Chat
        # Completions (a `mode: responses` row would take litellm's Responses bridge).
        return create_app(mock, "grok-4.3", "xai")
    if name == "openrouter_app":
        # OpenAI's gpt-oss-120b through OpenRouter (openrouter.ai's id openai/gpt-oss-120b), a model with tool calls and
        # reasoning, the model the Groq configuration names. litellm 1.110.2's model table has no openrouter/ rows, so
        # nothing in litellm gates the call on the id; the id selects no scenario (the mock's default scenario does).
        return create_app(mock, "openai/gpt-oss-120b", "openrouter")
    if name == "cerebras_app":
        # OpenAI's gpt-oss-120b on Cerebras, a model with tool calls, parallel tool calls and reasoning (litellm's model
        # table: cerebras/gpt-oss-120b, supports_function_calling, supports_parallel_function_calling,
        # supports_reasoning, no deprecation date), the model the Groq and OpenRouter configurations name and the
        # agno Cerebras model's default.
        return create_app(mock, "gpt-oss-120b", "cerebras")
    raise AttributeError(name)
