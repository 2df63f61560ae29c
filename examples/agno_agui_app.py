"""A real adapter: an agno ``Agent`` served through agno's own AG-UI interface, its model on the mock server.

The app is what an agno user deploys: an ``Agent`` over agno's ``OpenAIChat`` model (Chat Completions), with
``model="openai-responses"`` over agno's ``OpenAIResponses`` model (the Responses API, ``POST /v1/responses``
through the ``openai`` SDK), with ``model="claude"`` over agno's ``Claude`` model (Anthropic Messages, through the
``anthropic`` SDK), with ``model="gemini"`` over agno's ``Gemini`` model (``streamGenerateContent?alt=sse``,
through the ``google-genai`` SDK), with ``model="groq"`` over agno's ``Groq`` model (Groq's Chat Completions,
``/openai/v1/chat/completions``, through the ``groq`` SDK), or with ``model="mistral"`` over agno's ``MistralChat``
model (Mistral's Chat Completions, ``/v1/chat/completions``, through the ``mistralai`` SDK), or with
``model="deepseek"`` over agno's ``DeepSeek`` model (DeepSeek's Chat Completions, through the ``openai`` SDK), or with
``model="xai"`` over agno's ``xAI`` model (xAI's Chat Completions, through the ``openai`` SDK), or with
``model="openrouter"`` over agno's ``OpenRouter`` model (OpenRouter's Chat Completions, through the ``openai`` SDK),
or with ``model="together"`` over agno's ``Together`` model (Together AI's Chat Completions, through the ``openai``
SDK), or with ``model="fireworks"`` over agno's ``Fireworks`` model (Fireworks AI's Chat Completions, through the
``openai`` SDK), or with ``model="nvidia"`` over agno's ``Nvidia`` model (NVIDIA's Chat Completions, through the
``openai`` SDK), or with ``model="cerebras"`` over agno's ``Cerebras`` model (Cerebras's Chat Completions, through the
``cerebras-cloud-sdk``), and the router of agno's ``AGUI`` interface (``agno.os.interfaces.agui``) behind
``POST /agui``. The only test-specific part is the base URL (for Gemini also the API version, ``v1beta``, as the pin
was first run; the mock now serves ``v1`` too; for OpenAI, Claude, Groq, Cerebras and the OpenAILike models no SDK
retries; for Mistral the header that asks the mock for Mistral's reasoning shape): the model talks to the conformance
suite's mock server, so the suite picks each case's scenario with the mock server's default scenario (the model id is
fixed).
``tests/test_agno_endpoint.py`` runs it in one process.

Run it against the suite by hand::

    CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui \\
        --adapter-url-capabilities=examples/agno_capabilities.yaml &
    MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000

(the Claude configuration: ``AGNO_MODEL=claude`` and ``examples/agno_anthropic_capabilities.yaml``; the Gemini
one: ``AGNO_MODEL=gemini`` and ``examples/agno_gemini_capabilities.yaml``; the Responses one:
``AGNO_MODEL=openai-responses`` and ``examples/agno_responses_capabilities.yaml``; the Groq one: ``AGNO_MODEL=groq``
and ``examples/agno_groq_capabilities.yaml``; the Mistral one: ``AGNO_MODEL=mistral`` and
``examples/agno_mistral_capabilities.yaml``; the DeepSeek one: ``AGNO_MODEL=deepseek`` and
``examples/agno_deepseek_capabilities.yaml``; the xAI one: ``AGNO_MODEL=xai`` and
``examples/agno_xai_capabilities.yaml``; the OpenRouter one: ``AGNO_MODEL=openrouter`` and
``examples/agno_openrouter_capabilities.yaml``; the Together one: ``AGNO_MODEL=together`` and
``examples/agno_together_capabilities.yaml``; the Fireworks one: ``AGNO_MODEL=fireworks`` and
``examples/agno_fireworks_capabilities.yaml``; the NVIDIA one: ``AGNO_MODEL=nvidia`` and
``examples/agno_nvidia_capabilities.yaml``; the Cerebras one: ``AGNO_MODEL=cerebras`` and
``examples/agno_cerebras_capabilities.yaml``).
"""

from __future__ import annotations

import os

import httpx
from agno.agent import Agent
from agno.db.in_memory import InMemoryDb
from agno.models.anthropic import Claude
from agno.models.base import Model
from agno.models.cerebras import Cerebras
from agno.models.deepseek import DeepSeek
from agno.models.fireworks import Fireworks
from agno.models.google import Gemini
from agno.models.groq import Groq
from agno.models.mistral import MistralChat
from agno.models.nvidia import Nvidia
from agno.models.openai import OpenAIChat, OpenAIResponses
from agno.models.openrouter import OpenRouter
from agno.models.together import Together
from agno.models.xai import xAI
from agno.os.interfaces.agui import AGUI
from fastapi import FastAPI


def _model(kind: str, mock_base_url: str, model_id: str | None) -> Model:
    base = mock_base_url.rstrip("/")
    # No SDK retries: a scripted 429/500 reaches the agent once instead of after backoff sleeps.
    if kind == "claude":
        # The anthropic SDK appends /v1/messages itself; the model id stays agno's default unless given.
        # (Passed to the constructor: Claude.__post_init__ derives settings such as prefill support from the id.)
        client = {"base_url": base, "max_retries": 0}
        if model_id:
            return Claude(id=model_id, api_key="mock-key", client_params=client)
        return Claude(api_key="mock-key", client_params=client)
    if kind == "gemini":
        # agno's Gemini passes client_params to genai.Client (agno/models/google/gemini.py get_client); google-genai
        # appends {api_version}/models/{id}:streamGenerateContent?alt=sse to http_options.base_url. google-genai 3.x
        # defaults to the API's v1 (google/genai/_api_client.py GOOGLE_AI_API_DEFAULT_VERSION), the mock serves the
        # same endpoint under v1beta only (as the real API serves both), so the version is named. No retry_options:
        # google-genai then makes one attempt (google/genai/_api_client.py retry_args), as agno's default client does.
        # The model id stays agno's default unless given, as for Claude. The API key is explicit (no Vertex lookup).
        client = {"http_options": {"base_url": base, "api_version": "v1beta"}}
        if model_id:
            return Gemini(id=model_id, api_key="mock-key", client_params=client)
        return Gemini(api_key="mock-key", client_params=client)
    if kind == "openai-chat":
        return OpenAIChat(id=model_id or "gpt-4o-mini", base_url=base + "/v1", api_key="mock-key", max_retries=0)
    if kind == "openai-responses":
        # The same model id as the Chat configuration: gpt-4o-mini is not one of the ids agno treats as a
        # reasoning model (OpenAIResponses._using_reasoning_model: o3, o4-mini, gpt-5, gpt-6), so agno replays the
        # whole conversation in `input` on every call instead of chaining through previous_response_id.
        return OpenAIResponses(id=model_id or "gpt-4o-mini", base_url=base + "/v1", api_key="mock-key", max_retries=0)
    if kind == "groq":
        # agno's Groq hands base_url and max_retries to the groq SDK's AsyncGroq (agno/models/groq/groq.py:81-95,
        # 141), whose base_url is the server's root: it posts {base_url}/openai/v1/chat/completions (groq 1.7.0
        # resources/chat/completions.py:952). The model id stays agno's default (openai/gpt-oss-120b) unless given.
        return Groq(id=model_id or "openai/gpt-oss-120b", base_url=base, api_key="mock-key", max_retries=0)
    if kind == "mistral":
        return _mistral(base, model_id)
    if kind == "deepseek":
        # agno's DeepSeek is an OpenAILike (agno/models/deepseek/deepseek.py:13): it hands base_url and max_retries to
        # the openai SDK's AsyncOpenAI (_get_client_params, deepseek.py:111-139), which posts
        # {base_url}/chat/completions; DeepSeek's API serves that path under its root and under /v1, the mock under
        # /v1 only. The model id stays agno's default (deepseek-v4-flash, a thinking model: agno asks for thinking with
        # extra_body, deepseek.py:93-98) unless given; the id selects no scenario (the mock's default scenario does).
        return DeepSeek(id=model_id or "deepseek-v4-flash", base_url=base + "/v1", api_key="mock-key", max_retries=0)
    if kind == "xai":
        # agno's xAI (agno.models.xai.xAI, the Chat Completions one; xAIResponses is the Responses one) is an
        # OpenAILike (agno/models/xai/xai.py:21): it hands base_url and max_retries to the openai SDK's AsyncOpenAI
        # (OpenAIChat._get_client_params, agno/models/openai/chat.py:105-132, after xai.py:50-57 finds the key), which
        # posts {base_url}/chat/completions; its default base_url is https://api.x.ai/v1 (xai.py:39), the mock's is
        # its /v1. The model id stays agno's default (grok-4-1-fast-non-reasoning-latest, xai.py:34) unless given; the
        # id selects no scenario (the mock's default scenario does).
        return xAI(id=model_id or "grok-4-1-fast-non-reasoning-latest", base_url=base + "/v1", api_key="mock-key",
                   max_retries=0)
    if kind == "openrouter":
        # agno's OpenRouter (agno.models.openrouter.OpenRouter, the Chat Completions one; OpenRouterResponses is the
        # Responses one) is an OpenAILike (agno/models/openrouter/openrouter.py:17): it hands base_url and max_retries
        # to the openai SDK's AsyncOpenAI (OpenAIChat._get_client_params, agno/models/openai/chat.py:105-132, after
        # openrouter.py:42-58 finds the key), which posts {base_url}/chat/completions; its default base_url is
        # https://openrouter.ai/api/v1 (openrouter.py:38), the mock's is its /v1. The model id stays agno's default
        # (gpt-5.4-mini, openrouter.py:33) unless given; the id selects no scenario (the mock's default scenario does).
        # max_tokens stays agno's OpenRouter default (1024, openrouter.py:39), as a user's agent sends it.
        return OpenRouter(id=model_id or "gpt-5.4-mini", base_url=base + "/v1", api_key="mock-key", max_retries=0)
    if kind == "together":
        # agno's Together (agno.models.together.Together) is an OpenAILike (agno/models/together/together.py:10) that
        # overrides only the key lookup (TOGETHER_API_KEY, together.py:28-42) before OpenAIChat._get_client_params
        # (agno/models/openai/chat.py:105-132) hands base_url and max_retries to the openai SDK's AsyncOpenAI, which
        # posts {base_url}/chat/completions; its default base_url is https://api.together.xyz/v1 (together.py:26), the
        # mock's is its /v1. The model id stays agno's default (MiniMaxAI/MiniMax-M2.7, together.py:22) unless given;
        # the id selects no scenario (the mock's default scenario does).
        return Together(id=model_id or "MiniMaxAI/MiniMax-M2.7", base_url=base + "/v1", api_key="mock-key",
                        max_retries=0)
    if kind == "fireworks":
        # agno's Fireworks (agno.models.fireworks.Fireworks) is an OpenAILike (agno/models/fireworks/fireworks.py:10)
        # that overrides only the key lookup (FIREWORKS_API_KEY, fireworks.py:29-43) before
        # OpenAIChat._get_client_params (agno/models/openai/chat.py:105-132) hands base_url and max_retries to the
        # openai SDK's AsyncOpenAI, which posts {base_url}/chat/completions; its default base_url is
        # https://api.fireworks.ai/inference/v1 (fireworks.py:27), the mock's is its /v1. The model id stays agno's
        # default (accounts/fireworks/models/gpt-oss-120b, fireworks.py:22) unless given; the id selects no scenario
        # (the mock's default scenario does).
        return Fireworks(id=model_id or "accounts/fireworks/models/gpt-oss-120b", base_url=base + "/v1",
                         api_key="mock-key", max_retries=0)
    if kind == "nvidia":
        # agno's Nvidia (agno.models.nvidia.Nvidia) is an OpenAILike (agno/models/nvidia/nvidia.py:10) that overrides
        # only the key lookup (NVIDIA_API_KEY, nvidia.py:31-45) and turns native structured outputs off (:29) before
        # OpenAIChat._get_client_params (agno/models/openai/chat.py:105-132) hands base_url and max_retries to the
        # openai SDK's AsyncOpenAI, which posts {base_url}/chat/completions; its default base_url is
        # https://integrate.api.nvidia.com/v1 (nvidia.py:27), the mock's is its /v1. The model id stays agno's default
        # (meta/llama-3.3-70b-instruct, nvidia.py:22) unless given; the id selects no scenario (the mock's default
        # scenario does).
        return Nvidia(id=model_id or "meta/llama-3.3-70b-instruct", base_url=base + "/v1", api_key="mock-key",
                      max_retries=0)
    if kind == "cerebras":
        # agno's Cerebras (agno.models.cerebras.Cerebras, a Model of its own; CerebrasOpenAI is agno's OpenAILike one)
        # hands base_url and max_retries to the cerebras-cloud-sdk's AsyncCerebras (agno/models/cerebras/cerebras.py:
        # 74-97, 151-172), whose base_url is the server's root: it posts {base_url}/v1/chat/completions (cerebras-cloud-
        # sdk 1.91.0 resources/chat/completions.py:460-461); its default is https://api.cerebras.ai (_client.py:315).
        # The SDK's default TCP warm-up (a GET {base_url}/v1/tcp_warming on client construction, _client.py:125-133,
        # 337-339, errors ignored) is left on, as agno leaves it. The model id stays agno's default (gpt-oss-120b,
        # cerebras.py:40) unless given; the id selects no scenario (the mock's default scenario does).
        return Cerebras(id=model_id or "gpt-oss-120b", base_url=base, api_key="mock-key", max_retries=0)
    raise ValueError(f"unknown model kind {kind!r}: 'openai-chat', 'openai-responses', 'claude', 'gemini', 'groq', "
                     "'mistral', 'deepseek', 'xai', 'openrouter', 'together', 'fireworks', 'nvidia' or "
                     "'cerebras'")


def _mistral(base: str, model_id: str | None) -> Model:
    """agno's ``MistralChat`` on the mistralai SDK's ``Mistral`` client, pointed at the mock."""
    # MistralChat hands `endpoint` to the SDK as server_url and client_params to Mistral(...) as they are
    # (agno/models/mistral/mistral.py:115-124); the SDK posts {server_url}/v1/chat/completions (mistralai 3.7.0
    # client/chat.py:950). The SDK makes one attempt: agno passes no retry_config, so it stays UNSET and
    # chat.stream_async hands no RetryConfig to do_request_async (client/chat.py:968-974); MistralChat's own
    # max_retries is deprecated and ignored (mistral.py:74-80), so it is not set here.
    # Mistral streams reasoning as a `thinking` chunk in an array `delta.content`, and the mock's default field is
    # `reasoning_content`: as the other Mistral clients do (examples/pydantic_ai_agui_app.py), the client names the
    # mock's `thinking-chunks` dialect with its request header, on the SDK's documented async_client (client/sdk.py:86,
    # the client for every async method; agno's AG-UI interface runs the agent with arun, so the model streams through
    # chat.stream_async). The client otherwise is the SDK's own default (httpx.AsyncClient(follow_redirects=True),
    # :113).
    client = httpx.AsyncClient(follow_redirects=True, headers={"X-Mock-Reasoning": "thinking-chunks"})
    # mistral-large-latest: MistralChat's default id; the id selects no scenario (the mock's default scenario does).
    return MistralChat(id=model_id or "mistral-large-latest", api_key="mock-key", endpoint=base,
                       client_params={"async_client": client})


def create_app(mock_base_url: str, model_id: str | None = None, model: str = "openai-chat") -> FastAPI:
    """The AG-UI app: ``POST /agui`` runs the agent; its model (agno's ``OpenAIChat``, ``OpenAIResponses`` with
    ``model="openai-responses"``, ``Claude`` with ``model="claude"``, ``Gemini`` with ``model="gemini"``, ``Groq``
    with ``model="groq"``, ``MistralChat`` with ``model="mistral"``, ``DeepSeek`` with ``model="deepseek"``, ``xAI``
    with ``model="xai"``, ``OpenRouter`` with ``model="openrouter"``, ``Together`` with ``model="together"``,
    ``Fireworks`` with ``model="fireworks"``, ``Nvidia`` with ``model="nvidia"``, or ``Cerebras`` with
    ``model="cerebras"``) reads the mock server at ``mock_base_url``.

    Example:
        >>> app = create_app("http://127.0.0.1:8765")
        >>> sorted(app.openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="claude").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="gemini").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="openai-responses").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="groq").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="mistral").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="deepseek").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="xai").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="openrouter").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="together").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="fireworks").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="nvidia").openapi()["paths"])
        ['/agui', '/status']
        >>> sorted(create_app("http://127.0.0.1:8765", model="cerebras").openapi()["paths"])
        ['/agui', '/status']
    """
    # A database is what agno's AG-UI interface needs to resume a run after frontend tool results
    # ("Frontend tool resume requires a database"); the in-memory one keeps the example self-contained.
    agent = Agent(model=_model(model, mock_base_url, model_id), db=InMemoryDb(), telemetry=False)
    app = FastAPI()
    app.include_router(AGUI(agent=agent).get_router())
    return app


def __getattr__(name: str) -> FastAPI:
    # `uvicorn examples.agno_agui_app:app`: built on first access, from MOCK_BASE_URL.
    if name == "app":
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"),
                          model=os.environ.get("AGNO_MODEL", "openai-chat"))
    raise AttributeError(name)
