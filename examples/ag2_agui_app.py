"""A real adapter: AG2's AG-UI integration (``ag2[ag-ui]``, ``ag2.ag_ui``) over an OpenAI (Chat Completions or
Responses), Gemini, Anthropic or Mistral model on the mock.

The app is what an AG2 user deploys: an ``ag2.Agent`` over ``OpenAIConfig`` (ag2's Chat Completions client,
``ag2/config/openai/openai_client.py``: ``AsyncOpenAI.chat.completions.create``), served by ag2's own AG-UI
transport, ``AGUIStream(agent).build_asgi()`` (``ag2/ag_ui/asgi.py``: ``POST`` runs, ``GET`` tells the
capabilities), routed at ``/agui``. The caller's (frontend) tools become ``ClientTool``s of the run
(``ag2/ag_ui/stream.py`` ``_serve_turn``): a call to one ends the model loop and reaches the caller as
``TOOL_CALL_CHUNK`` for it to run. The only test-specific part is the model's ``base_url`` (and a dummy API
key): the conformance suite's mock server, which picks each case's scenario with its default scenario (the
model name is fixed). ``streaming=True``: ``OpenAIConfig`` defaults to one non-streamed completion
(``ag2/config/openai/config.py`` ``streaming: bool = False``), and an AG-UI endpoint is there to stream.

``gemini_app`` is the same agent and transport over ``GeminiConfig`` (``ag2[gemini]``, ag2's Gemini client,
``ag2/config/gemini/gemini_client.py``: google-genai's ``aio.models.generate_content_stream``, ``POST
{base}/v1beta/models/{model}:streamGenerateContent?alt=sse``), also with ``streaming=True`` (``GeminiBaseConfig``
defaults to ``streaming: bool = False`` as well). ``GeminiConfig`` has no base URL of its own: it hands google-genai
only an ``httpx.AsyncClient`` (``gemini_client.py:104``). google-genai reads the Gemini API's base URL from the
``GOOGLE_GEMINI_BASE_URL`` variable when ``http_options`` names none (google-genai 2.34.0 ``google/genai/_base_url.py``
``get_base_url``, called by ``Client.__init__``, ``client.py:415``), so the app sets that variable (the way a
gateway or proxy is configured) to the mock server; the API key is a dummy.

``anthropic_app`` is the same agent and transport over ``AnthropicConfig`` (``ag2[anthropic]``, ag2's Anthropic
client, ``ag2/config/anthropic/anthropic_client.py``: the anthropic SDK's ``AsyncAnthropic.messages.stream``, ``POST
{base_url}/v1/messages`` with ``stream: true``), with ``streaming=True`` (``AnthropicConfig`` defaults to ``streaming:
bool = False`` too, ``ag2/config/anthropic/config.py:49``). ``AnthropicConfig(base_url=...)`` is handed to
``AsyncAnthropic(base_url=...)`` (``anthropic_client.py:103-110``), which appends ``/v1/messages`` itself: the mock's
root, not ``/v1``. Its ``max_retries`` is left at ag2's default (2, ``config.py:52``), as a user leaves it.

``mistral_app`` is the same agent and transport over ``MistralConfig`` (``ag2[mistral]``, ag2's Mistral client,
``ag2/config/mistral/mistral_client.py``: the mistralai SDK's ``Mistral.chat.stream_async``, ``POST
{server_url}/v1/chat/completions`` with ``stream: true``, mistralai 3.7.0 ``client/chat.py:950``), with
``streaming=True`` (``MistralConfig`` defaults to ``streaming: bool = False`` as well,
``ag2/config/mistral/config.py``). ``MistralConfig(server_url=...)`` is handed to ``Mistral(server_url=...)``
(``mistral_client.py:129-140``): the mock's root. Mistral streams reasoning as a ``thinking`` chunk in an array
``delta.content`` (ag2 reads it as a ``ThinkChunk``, ``ag2/config/mistral/mappers.py`` ``split_content``), where the
mock's default is ``delta.reasoning_content``: as the other Mistral clients here do, the app names the mock's
``thinking-chunks`` dialect with the request header ``X-Mock-Reasoning``, through ``MistralConfig``'s own
``http_headers`` (handed to every ``chat.stream_async`` call, ``mistral_client.py:160-164``).

``responses_app`` is the same agent and transport over ``OpenAIResponsesConfig`` (``ag2[openai]``, ag2's Responses
client, ``ag2/config/openai/openai_responses_client.py``: ``AsyncOpenAI.responses.create`` with ``stream=True``,
``POST {base_url}/responses``), with ``streaming=True`` (``OpenAIResponsesConfig`` defaults to
``streaming: bool = False`` too, ``ag2/config/openai/config.py:222``). ``base_url`` is the mock's ``/v1``, as for
``OpenAIConfig``; ``store`` and ``max_retries`` stay as ag2 leaves them (``True`` and the openai SDK's 2). ag2 1.2.1
has no DeepSeek config of its own (``ag2/config`` holds OpenAI, Anthropic, Bedrock, DashScope, Gemini, Mistral,
Ollama, TypeSafe, xAI and Z.ai configs): the Responses API is the one model API ag2 has a config for that the mock
serves and no other ag2 configuration here pins (xAI's is gRPC through ``xai_sdk``, Ollama's, DashScope's and Z.ai's
are their SDKs' own wires).

ag2 runs from its own virtual environment (``.ci/run`` builds it from ``examples/ag2_requirements.txt``),
and ``tests/test_ag2_endpoint.py`` starts it there with uvicorn::

    MOCK_BASE_URL=http://127.0.0.1:8765 <ag2-venv>/bin/python -m uvicorn examples.ag2_agui_app:app --port 8000

(the Gemini configuration: ``examples.ag2_agui_app:gemini_app`` and ``examples/ag2_gemini_capabilities.yaml``; the
Anthropic one: ``examples.ag2_agui_app:anthropic_app`` and ``examples/ag2_anthropic_capabilities.yaml``; the Mistral
one: ``examples.ag2_agui_app:mistral_app`` and ``examples/ag2_mistral_capabilities.yaml``; the Responses one:
``examples.ag2_agui_app:responses_app`` and ``examples/ag2_responses_capabilities.yaml``).
"""

from __future__ import annotations

import os
from typing import Literal

from ag2 import Agent
from ag2.ag_ui import AGUIStream
from ag2.config import AnthropicConfig, GeminiConfig, MistralConfig, ModelConfig, OpenAIConfig, OpenAIResponsesConfig
from starlette.applications import Starlette
from starlette.routing import Route


def _config(api: str, mock_base_url: str, model: str | None) -> ModelConfig:
    """The agent's model config: ``OpenAIConfig`` or ``OpenAIResponsesConfig`` on ``<mock>/v1``, ``GeminiConfig``,
    ``AnthropicConfig`` or ``MistralConfig`` on ``<mock>`` (see above)."""
    base = mock_base_url.rstrip("/")
    if api == "gemini":
        # Process-wide, as the variable is: each configuration is served by a uvicorn process of its own.
        os.environ["GOOGLE_GEMINI_BASE_URL"] = base
        return GeminiConfig(model=model or "gemini-3-flash-preview", api_key="mock-key", streaming=True)
    if api == "anthropic":
        # The model name is the one ag2's own docstrings use (ag2/tools/builtin/skills.py:90).
        return AnthropicConfig(model=model or "claude-sonnet-5", base_url=base, api_key="mock-key", streaming=True)
    if api == "mistral":
        # mistral-large-latest: Mistral's own name for its large model (ag2 names none); the mock's default scenario,
        # not the name, picks each case's script. The SDK's retries stay as ag2 leaves them (no retry_config).
        return MistralConfig(model=model or "mistral-large-latest", server_url=base, api_key="mock-key",
                             streaming=True, http_headers={"X-Mock-Reasoning": "thinking-chunks"})
    if api == "openai":
        return OpenAIConfig(model=model or "gpt-4o", base_url=base + "/v1", api_key="mock-key", streaming=True)
    if api == "responses":
        return OpenAIResponsesConfig(model=model or "gpt-4o", base_url=base + "/v1", api_key="mock-key",
                                     streaming=True)
    raise ValueError(f"unknown api {api!r}: 'openai', 'responses', 'gemini', 'anthropic' or 'mistral'")


def create_app(mock_base_url: str, model: str | None = None,
               api: Literal["openai", "responses", "gemini", "anthropic", "mistral"] = "openai") -> Starlette:
    """The AG-UI app: ``/agui`` serves the agent (``POST`` runs it); its model reads ``mock_base_url + "/v1"``
    (``OpenAIConfig``, model ``gpt-4o`` unless given) or, with ``api="gemini"``, ``mock_base_url`` itself
    (``GeminiConfig``, model ``gemini-3-flash-preview`` unless given), or with ``api="anthropic"`` ``mock_base_url``
    itself too (``AnthropicConfig``, model ``claude-sonnet-5`` unless given), or with ``api="mistral"``
    ``mock_base_url`` itself as well (``MistralConfig``, model ``mistral-large-latest`` unless given), or with
    ``api="responses"`` ``mock_base_url + "/v1"`` (``OpenAIResponsesConfig``, model ``gpt-4o`` unless given).

    Example:
        >>> [r.path for r in create_app("http://127.0.0.1:8765").routes]
        ['/agui']
    """
    agent = Agent("assistant", config=_config(api, mock_base_url, model))
    return Starlette(routes=[Route("/agui", AGUIStream(agent).build_asgi())])


def __getattr__(name: str) -> Starlette:
    # `uvicorn examples.ag2_agui_app:app` (or `:gemini_app`, `:anthropic_app`, `:mistral_app`, `:responses_app`): built
    # on first access, from MOCK_BASE_URL.
    if name == "app":
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"))
    if name == "gemini_app":  # the same agent on GeminiConfig (the Gemini API, streamGenerateContent)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="gemini")
    if name == "anthropic_app":  # the same agent on AnthropicConfig (the Messages API, /v1/messages)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="anthropic")
    if name == "mistral_app":  # the same agent on MistralConfig (Mistral's Chat Completions, the mistralai SDK)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="mistral")
    if name == "responses_app":  # the same agent on OpenAIResponsesConfig (OpenAI's Responses API, /v1/responses)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="responses")
    raise AttributeError(name)
