"""Example (c): a pydantic-ai agent served as an AG-UI HTTP endpoint, its model on the mock server.

The app is what a pydantic-ai user deploys: an ``Agent`` over an OpenAI-compatible chat model and
pydantic-ai's own AG-UI adapter (``AGUIAdapter.dispatch_request``) behind ``POST /agui``. The only
test-specific part is the base URL: the model talks to the conformance suite's mock server. The
model name is fixed, so the suite picks each case's scenario with the mock server's default
scenario (``--adapter-url-select`` includes ``default-scenario`` by default).

Run it against the suite (the suite's mock server on a fixed port, the app pointed at it)::

    CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui \\
        --adapter-url-capabilities=examples/pydantic_ai_capabilities.yaml &
    MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:app --port 8000

``tests/test_pydantic_ai_endpoint.py`` does the same in one process (uvicorn in a thread).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from typing import Any, Literal

from openai import AsyncOpenAI
from pydantic_ai import Agent, RunContext, Tool
from pydantic_ai.exceptions import ToolFailed
from pydantic_ai.models import Model
from pydantic_ai.models.openai import OpenAIChatModel, OpenAIResponsesModel
from pydantic_ai.providers.openai import OpenAIProvider
from pydantic_ai.settings import ModelSettings
from pydantic_ai.toolsets import FunctionToolset
from pydantic_ai.ui.ag_ui import AGUIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

# The model class behind the agent (create_app's `api`), so the wire and the SDK the agent reads.
Api = Literal["chat", "responses", "gemini", "anthropic", "openrouter", "groq", "mistral", "huggingface", "deepseek",
              "moonshot", "cerebras", "together", "fireworks"]
HOLD_UNTIL_ABORT_S = 60.0  # a held tool call (until_abort) waits for the client to leave, at most this long


def create_app(mock_base_url: str, model_name: str | None = None,
               api: Api = "chat") -> Starlette:
    """The AG-UI app: ``POST /agui`` runs the agent; its model reads the mock server at ``mock_base_url``.

    ``api`` picks the model class, so the wire the agent reads: ``"chat"`` is ``OpenAIChatModel``
    (``/v1/chat/completions``), ``"responses"`` is ``OpenAIResponsesModel`` (``/v1/responses``),
    ``"gemini"`` is ``GoogleModel`` on the Gemini API (``/v1beta/models/{model}:streamGenerateContent``),
    ``"anthropic"`` is ``AnthropicModel`` on the Messages API (``/v1/messages``), ``"openrouter"`` is
    ``OpenRouterModel`` (OpenRouter's Chat Completions, ``/v1/chat/completions``, with its own fields), ``"groq"`` is
    ``GroqModel`` on the groq SDK (Groq's Chat Completions, ``/openai/v1/chat/completions``), ``"mistral"`` is
    ``MistralModel`` on the mistralai SDK (Mistral's Chat Completions, ``/v1/chat/completions``), ``"huggingface"``
    is ``HuggingFaceModel`` on huggingface_hub's ``AsyncInferenceClient`` (Hugging Face's Chat Completions,
    ``/v1/chat/completions``), ``"deepseek"`` is ``OpenAIChatModel`` over ``DeepSeekProvider`` (DeepSeek's Chat
    Completions through the openai SDK, ``/v1/chat/completions``, with DeepSeek's model profile), ``"moonshot"`` is
    ``OpenAIChatModel`` over ``MoonshotAIProvider`` (Moonshot's Kimi Chat Completions through the openai SDK,
    ``/v1/chat/completions``, with Moonshot's model profile), ``"cerebras"`` is ``CerebrasModel`` (an
    ``OpenAIChatModel``) over ``CerebrasProvider`` (Cerebras's Chat Completions through the openai SDK,
    ``/v1/chat/completions``, with Cerebras's model profile), ``"together"`` is ``OpenAIChatModel`` over
    ``TogetherProvider`` (Together AI's Chat Completions through the openai SDK, ``/v1/chat/completions``, with the
    model family's profile), ``"fireworks"`` is ``OpenAIChatModel`` over ``FireworksProvider`` (Fireworks AI's Chat
    Completions through the openai SDK, ``/v1/chat/completions``, with the model family's profile); the agent and the
    AG-UI adapter are the same in all thirteen.

    Example:
        >>> app = create_app("http://127.0.0.1:8765", api="responses")
        >>> [r.path for r in app.routes]
        ['/agui']
    """
    agent = Agent(_model(mock_base_url, model_name, api))

    async def run(request: Request) -> Response:
        # Token usage on RUN_FINISHED is opt-in in pydantic-ai (it names the provider and model).
        request, toolsets = await server_tools(request)
        return await AGUIAdapter.dispatch_request(request, agent=agent, include_usage=True, toolsets=toolsets)

    return Starlette(routes=[Route("/agui", run, methods=["POST"])])


def _model(mock_base_url: str, model_name: str | None,
           api: Api) -> Model:
    if api == "huggingface":
        return _huggingface_model(mock_base_url, model_name)
    if api == "deepseek":
        return _deepseek_model(mock_base_url, model_name)
    if api == "moonshot":
        return _moonshot_model(mock_base_url, model_name)
    if api == "cerebras":
        return _cerebras_model(mock_base_url, model_name)
    if api == "together":
        return _together_model(mock_base_url, model_name)
    if api == "fireworks":
        return _fireworks_model(mock_base_url, model_name)
    if api == "openrouter":
        return _openrouter_model(mock_base_url, model_name)
    if api == "groq":
        return _groq_model(mock_base_url, model_name)
    if api == "mistral":
        return _mistral_model(mock_base_url, model_name)
    if api == "anthropic":
        # Imported here: the Anthropic model needs the anthropic SDK (pydantic-ai-slim's `anthropic` extra).
        from pydantic_ai.models.anthropic import AnthropicModel
        from pydantic_ai.providers.anthropic import AnthropicProvider

        # AnthropicProvider's documented api_key and base_url become AsyncAnthropic(api_key=..., base_url=...)
        # (pydantic_ai/providers/anthropic.py:252-257), which posts {base_url}/v1/messages with stream=true. The
        # SDK's own retries stay at their default, as a user who follows the docs gets them (anthropic 2.14.0
        # _constants.py:11 DEFAULT_MAX_RETRIES = 2): the capabilities declare that bound.
        anthropic = AnthropicProvider(api_key="mock-key", base_url=mock_base_url.rstrip("/"))
        return AnthropicModel(model_name or "claude-sonnet-4-6", provider=anthropic)
    if api == "gemini":
        # Imported here: the Google model needs google-genai (pydantic-ai-slim's `google` extra), the others do not.
        from pydantic_ai.models.google import GoogleModel
        from pydantic_ai.providers.google import GoogleProvider

        # GoogleProvider's documented base_url becomes google-genai's HttpOptions(base_url=...), so the client
        # streams {base_url}/v1beta/models/{model}:streamGenerateContent?alt=sse. retry_options stays None:
        # google-genai then makes one attempt (google/genai/_api_client.py retry_args), so a scripted 429/500
        # reaches the agent once. The API key is explicit so no GOOGLE_API_KEY is looked up.
        google = GoogleProvider(api_key="mock-key", base_url=mock_base_url.rstrip("/"))
        return GoogleModel(model_name or "gemini-2.5-flash", provider=google)
    # No SDK retries: a scripted 429/500 reaches the agent once instead of after backoff sleeps.
    client = AsyncOpenAI(base_url=mock_base_url.rstrip("/") + "/v1", api_key="mock-key", max_retries=0)
    provider = OpenAIProvider(openai_client=client)
    if api == "responses":
        return OpenAIResponsesModel(model_name or "gpt-4o-mini", provider=provider)
    return OpenAIChatModel(model_name or "gpt-4o-mini", provider=provider)


def _openrouter_model(mock_base_url: str, model_name: str | None) -> Model:
    """``OpenRouterModel`` over ``OpenRouterProvider``, its openai client pointed at the mock server."""
    from pydantic_ai.models.openrouter import OpenRouterModel
    from pydantic_ai.providers.openrouter import OpenRouterProvider

    # OpenRouterProvider has no base_url argument (its base_url is fixed, https://openrouter.ai/api/v1,
    # pydantic_ai/providers/openrouter.py:263-265); its documented openai_client is the way to another URL
    # (:391, :445-446). The client is built as the provider builds its own (_openai_compatible.py:50-55, the SDK's
    # default max_retries: openai 3.57.0 _constants.py:8 DEFAULT_MAX_RETRIES = 2): only the base URL differs.
    client = AsyncOpenAI(base_url=mock_base_url.rstrip("/") + "/v1", api_key="mock-key")
    # OpenRouter names a model `provider/model` (OpenRouterProvider.model_profile raises UserError otherwise,
    # providers/openrouter.py:290-295); an OpenAI route gets OpenAI's profile under OpenRouter's overrides.
    return OpenRouterModel(model_name or "openai/gpt-4o-mini", provider=OpenRouterProvider(openai_client=client))


def _deepseek_model(mock_base_url: str, model_name: str | None) -> Model:
    """``OpenAIChatModel`` over ``DeepSeekProvider(openai_client=...)``, its openai client on the mock server."""
    from pydantic_ai.models import create_async_httpx2_client
    from pydantic_ai.providers.deepseek import DeepSeekProvider

    # DeepSeekProvider has no base_url argument (its base_url is fixed, https://api.deepseek.com,
    # pydantic_ai/providers/deepseek.py:39-41); its documented openai_client is the way to another URL (:103-104,
    # :129-130), as for OpenRouterProvider. The client is built as the provider builds its own (:132,
    # _openai_compatible.py:39-56: its own httpx client, the SDK's default max_retries, openai 3.57.0 _constants.py:8
    # DEFAULT_MAX_RETRIES = 2): only the base URL differs. The openai SDK posts {base_url}/chat/completions; DeepSeek's
    # API serves that path under its root and under /v1, the mock under /v1 only.
    client = AsyncOpenAI(base_url=mock_base_url.rstrip("/") + "/v1", api_key="mock-key",
                         http_client=create_async_httpx2_client())
    # deepseek-v4-pro: the first of the provider's listed models (providers/deepseek.py:26-29 DeepSeekModelName); the
    # provider's model_profile gives it DeepSeek's profile (reasoning in `reasoning_content`, thinking on by default).
    # The name selects no scenario (the mock's default scenario does).
    return OpenAIChatModel(model_name or "deepseek-v4-pro", provider=DeepSeekProvider(openai_client=client))


def _moonshot_model(mock_base_url: str, model_name: str | None) -> Model:
    """``OpenAIChatModel`` over ``MoonshotAIProvider(base_url=...)``, the openai client it builds on the mock server."""
    from pydantic_ai.providers.moonshotai import MoonshotAIProvider

    # MoonshotAIProvider's documented base_url (default https://api.moonshot.ai/v1, the API root with its /v1,
    # pydantic_ai/providers/moonshotai.py:140-142, :161) becomes the provider's own AsyncOpenAI(base_url=...,
    # api_key=..., http_client=<its own httpx client>) (:162, _openai_compatible.py:39-56, no max_retries, so the SDK's
    # default 2: openai 3.57.0 _constants.py:8), which posts {base_url}/chat/completions: only the URL differs from a
    # user's.
    moonshot = MoonshotAIProvider(api_key="mock-key", base_url=mock_base_url.rstrip("/") + "/v1")
    # kimi-k3: the first of the provider's listed models (providers/moonshotai.py:28-35 MoonshotAIModelName); the
    # provider's model_profile gives it Moonshot's profile (reasoning in `reasoning_content`, thinking always on,
    # leading whitespace of a streamed text ignored). The name selects no scenario (the mock's default scenario does).
    return OpenAIChatModel(model_name or "kimi-k3", provider=moonshot)


def _cerebras_model(mock_base_url: str, model_name: str | None) -> Model:
    """``CerebrasModel`` over ``CerebrasProvider(openai_client=...)``, its openai client on the mock server."""
    from pydantic_ai.models import create_async_httpx2_client
    from pydantic_ai.models.cerebras import CerebrasModel
    from pydantic_ai.providers.cerebras import CerebrasProvider

    # pydantic-ai's docs pair CerebrasProvider with CerebrasModel (docs/models/cerebras.md), an OpenAIChatModel
    # subclass (pydantic_ai/models/cerebras.py:69) that only rewrites settings (reasoning effort, clear_thinking,
    # :95-197): the stream is OpenAIChatModel's over the openai SDK, no cerebras SDK involved. CerebrasProvider has no
    # base_url argument (its base_url is fixed, https://api.cerebras.ai/v1, providers/cerebras.py:38-40); its documented
    # openai_client is the way to another URL (:117, :131, :143-144), as for DeepSeekProvider. The client is built as
    # the provider builds its own (:141-148, _openai_compatible.py:39-56: its own httpx client, the provider's
    # integration header, the SDK's default max_retries, openai 3.57.0 _constants.py:8 DEFAULT_MAX_RETRIES = 2): only
    # the base URL differs. The openai SDK posts {base_url}/chat/completions.
    client = AsyncOpenAI(base_url=mock_base_url.rstrip("/") + "/v1", api_key="mock-key",
                         http_client=create_async_httpx2_client(),
                         default_headers={"X-Cerebras-3rd-Party-Integration": "pydantic-ai"})
    # gpt-oss-120b: the first of CerebrasModel's listed models (models/cerebras.py:30-33 LatestCerebrasModelNames); the
    # provider's model_profile gives it Cerebras's gpt-oss profile (providers/cerebras.py:46-102: harmony's, so no
    # forced tool choice and leading whitespace of a streamed text ignored; reasoning always on). The name selects no
    # scenario (the mock's default scenario does).
    return CerebrasModel(model_name or "gpt-oss-120b", provider=CerebrasProvider(openai_client=client))


def _together_model(mock_base_url: str, model_name: str | None) -> Model:
    """``OpenAIChatModel`` over ``TogetherProvider(openai_client=...)``, its openai client on the mock server."""
    from pydantic_ai.models import create_async_httpx2_client
    from pydantic_ai.providers.together import TogetherProvider

    # pydantic-ai's docs pair TogetherProvider with OpenAIChatModel (docs/models/together.md): Together's Chat
    # Completions through the openai SDK. TogetherProvider has no base_url argument (its base_url is fixed,
    # https://api.together.xyz/v1, pydantic_ai/providers/together.py:40-42); its documented openai_client is the way to
    # another URL (:75, :91-92), as for DeepSeekProvider and CerebrasProvider. The client is built as the provider
    # builds its own (:94, _openai_compatible.py:39-56: its own httpx client, no default headers, the SDK's default
    # max_retries, openai 3.57.0 _constants.py:8 DEFAULT_MAX_RETRIES = 2): only the base URL differs. The openai SDK
    # posts {base_url}/chat/completions.
    client = AsyncOpenAI(base_url=mock_base_url.rstrip("/") + "/v1", api_key="mock-key",
                         http_client=create_async_httpx2_client())
    # meta-llama/Llama-3.3-70B-Instruct-Turbo-Free: the model of pydantic-ai's Together page (docs/models/together.md);
    # the provider's model_profile gives it the vendor family's profile (providers/together.py:49-63: meta's, inline
    # JSON-schema defs, no thinking settings; Together's route lets special tokens in content tokenize). The name
    # selects no scenario (the mock's default scenario does).
    return OpenAIChatModel(model_name or "meta-llama/Llama-3.3-70B-Instruct-Turbo-Free",
                           provider=TogetherProvider(openai_client=client))


def _fireworks_model(mock_base_url: str, model_name: str | None) -> Model:
    """``OpenAIChatModel`` over ``FireworksProvider(openai_client=...)``, its openai client on the mock server."""
    from pydantic_ai.models import create_async_httpx2_client
    from pydantic_ai.providers.fireworks import FireworksProvider

    # pydantic-ai's docs pair FireworksProvider with OpenAIChatModel (docs/models/openai.md, "Fireworks AI"):
    # Fireworks's Chat Completions through the openai SDK. FireworksProvider has no base_url argument (its base_url
    # is fixed, https://api.fireworks.ai/inference/v1, pydantic_ai/providers/fireworks.py:42-44); its documented
    # openai_client is the way to another URL (:98, :114-115), as for TogetherProvider. The client is built as the
    # provider builds its own (:117, _openai_compatible.py:39-56: its own httpx client, no default headers, the
    # SDK's default max_retries, openai 3.57.0 _constants.py:8 DEFAULT_MAX_RETRIES = 2): only the base URL differs.
    # The openai SDK posts {base_url}/chat/completions (Fireworks's own path is /inference/v1/chat/completions, the
    # mock's /v1/...).
    client = AsyncOpenAI(base_url=mock_base_url.rstrip("/") + "/v1", api_key="mock-key",
                         http_client=create_async_httpx2_client())
    # accounts/fireworks/models/qwq-32b: the model of pydantic-ai's Fireworks section (docs/models/openai.md). The
    # provider's model_profile gives a model its vendor family's profile by name prefix ('llama', 'qwen', 'deepseek',
    # ..., providers/fireworks.py:50-75); 'qwq-32b' starts with none of them, so it gets only OpenAI's JSON-schema
    # transformer and JSON-schema output (:82-86): no thinking field, leading whitespace of a streamed text kept. The
    # name selects no scenario (the mock's default scenario does).
    return OpenAIChatModel(model_name or "accounts/fireworks/models/qwq-32b",
                           provider=FireworksProvider(openai_client=client))


def _groq_model(mock_base_url: str, model_name: str | None) -> Model:
    """``GroqModel`` over ``GroqProvider(base_url=...)``: the groq SDK's ``AsyncGroq`` pointed at the mock server."""
    # Imported here: the Groq model needs the groq SDK (pydantic-ai-slim's `groq` extra), the others do not.
    from pydantic_ai.models.groq import GroqModel
    from pydantic_ai.providers.groq import GroqProvider

    # GroqProvider's documented base_url is the server's root (default https://api.groq.com,
    # pydantic_ai/providers/groq.py:127-128, 141) and becomes AsyncGroq(base_url=..., api_key=...) (:154), which posts
    # {base_url}/openai/v1/chat/completions (groq 1.7.0 resources/chat/completions.py:952). The SDK's own retries stay
    # at their default, as a user who follows the docs gets them (groq 1.7.0 _constants.py:10 DEFAULT_MAX_RETRIES = 2).
    groq = GroqProvider(api_key="mock-key", base_url=mock_base_url.rstrip("/"))
    # Groq streams a model's reasoning in `delta.reasoning` (groq 1.7.0 types/chat/chat_completion_chunk.py:82, the
    # chunk's only reasoning field; GroqModel reads it at pydantic_ai/models/groq.py:887), and the mock's default
    # field is `reasoning_content`: as the Groq TypeScript harness does (examples/ts/ai-sdk7-groq.mjs), the client
    # names its field with the mock's request header, here through pydantic-ai's documented `extra_headers` setting.
    settings: ModelSettings = {"extra_headers": {"X-Mock-Reasoning": "reasoning"}}
    # openai/gpt-oss-120b: the first of GroqModel's listed production models (models/groq.py ProductionGroqModelNames).
    return GroqModel(model_name or "openai/gpt-oss-120b", provider=groq, settings=settings)


def _huggingface_model(mock_base_url: str, model_name: str | None) -> Model:
    """``HuggingFaceModel`` over ``HuggingFaceProvider(base_url=...)``: huggingface_hub's ``AsyncInferenceClient``
    on the mock server."""
    # Imported here: the Hugging Face model needs huggingface_hub (pydantic-ai-slim's `huggingface` extra).
    from pydantic_ai.models.huggingface import HuggingFaceModel
    from pydantic_ai.providers.huggingface import HuggingFaceProvider

    # HuggingFaceProvider's documented base_url becomes AsyncInferenceClient(api_key=..., base_url=...)
    # (pydantic_ai/providers/huggingface.py:156-162), huggingface_hub's OpenAI-compatible alias of `model`
    # (huggingface_hub 1.33.0 inference/_generated/_async_client.py:200). With a URL there the client takes the
    # hf-inference helper (inference/_providers/__init__.py:228-231), which posts {base_url}/v1/chat/completions
    # (inference/_providers/hf_inference.py:133-139, _build_chat_completion_url) with stream=true and the model
    # name in the body; without base_url it would post https://router.huggingface.co/v1/chat/completions (the
    # conversational auto-router, inference/_providers/_common.py:292-311). The client has no retries
    # (_async_client.py:268-330, one httpx request), and HuggingFaceModel refuses a max_retries or extra_headers
    # setting (models/huggingface.py:193-195): nothing to set beyond the URL and the key.
    huggingface = HuggingFaceProvider(api_key="mock-key", base_url=mock_base_url.rstrip("/"))
    # deepseek-ai/DeepSeek-V4-Pro: the first of HuggingFaceModel's listed models (LatestHuggingFaceModelNames,
    # models/huggingface.py:141-151).
    return HuggingFaceModel(model_name or "deepseek-ai/DeepSeek-V4-Pro", provider=huggingface)


def _mistral_model(mock_base_url: str, model_name: str | None) -> Model:
    """``MistralModel`` over ``MistralProvider(base_url=...)``: the mistralai SDK's ``Mistral`` pointed at the mock."""
    # Imported here: the Mistral model needs the mistralai SDK (pydantic-ai-slim's `mistral` extra), the others do not.
    from pydantic_ai.models import create_async_httpx2_client
    from pydantic_ai.models.mistral import MistralModel
    from pydantic_ai.providers.mistral import MistralProvider

    # MistralProvider's documented base_url is the server's root (pydantic_ai/providers/mistral.py:100) and becomes
    # Mistral(server_url=...) (:125-129), whose chat.stream_async posts {server_url}/v1/chat/completions (mistralai
    # 3.7.0 client/chat.py:950). The client gets no retry_config there, so the SDK makes one attempt (chat.py:968-974:
    # retries stay UNSET and no RetryConfig reaches do_request_async): the capabilities declare max_retries 0.
    # Mistral streams reasoning as a `thinking` chunk in an array `delta.content` (ThinkChunk; MistralModel reads it
    # at pydantic_ai/models/mistral.py:923-925, _map_content :1149), and the mock's default field is
    # `reasoning_content`: as the Mistral TypeScript harness does (examples/ts/ai-sdk7-mistral.mjs), the client names
    # the mock's `thinking-chunks` dialect with its request header. MistralModel refuses the `extra_headers` setting
    # (models/mistral.py:243 unsupported_settings), so the header goes on the provider's documented http_client
    # (providers/mistral.py:101), the client the provider builds for itself (:116-117, create_async_httpx2_client,
    # whose docstring says to call it and pass the result as http_client), with the header added.
    client = create_async_httpx2_client()
    client.headers["X-Mock-Reasoning"] = "thinking-chunks"
    mistral = MistralProvider(api_key="mock-key", base_url=mock_base_url.rstrip("/"), http_client=client)
    # mistral-large-latest: the first of MistralModel's listed models (models/mistral.py:174-184
    # LatestMistralModelNames); the name selects no scenario (the mock's default scenario does).
    return MistralModel(model_name or "mistral-large-latest", provider=mistral)


async def server_tools(request: Request) -> tuple[Request, list[FunctionToolset[None]] | None]:
    """The agent's own tools for an agent-loop case (``forwardedProps.serverTools``, issue 16).

    AG-UI has no field for a tool the agent runs itself, so the suite lists a server tool in
    ``RunAgentInput.tools`` and sends its scripted results in ``forwardedProps.serverTools``
    (``conformance.server_tools``). As a deployed app would register them, each becomes a
    pydantic-ai function tool with the listed schema whose call returns the scripted result for
    its call id (or raises the scripted error); it is taken out of the frontend tools.
    """
    body = await request.json()
    props = body.get("forwardedProps") if isinstance(body, dict) else None
    declared = props.get("serverTools") if isinstance(props, dict) else None
    if not isinstance(declared, list) or not declared:
        return request, None
    names = {t.get("name") for t in declared if isinstance(t, dict)}
    schemas = {t.get("name"): t for t in body.get("tools") or [] if isinstance(t, dict)}
    body["tools"] = [t for t in body.get("tools") or [] if t.get("name") not in names]
    tools = [_server_tool(t, schemas.get(t.get("name"), {})) for t in declared if isinstance(t, dict)]
    payload = json.dumps(body).encode()

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": payload, "more_body": False}

    return Request(request.scope, receive), [FunctionToolset(tools)]


def _server_tool(declared: dict[str, Any], listed: dict[str, Any]) -> Tool[None]:
    results = {r.get("tool_call_id"): r for r in declared.get("results") or [] if isinstance(r, dict)}

    async def execute(ctx: RunContext[None], **_: Any) -> Any:
        found = results.get(ctx.tool_call_id)
        if found is None:
            raise RuntimeError(f"no scripted result for call {ctx.tool_call_id!r}")
        if found.get("until_abort"):
            # The caller aborts while this call runs (client.abort_during_tool): the client leaving is the
            # abort, and Starlette cancels the run then; the bound only frees a run nobody cancels.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.Event().wait(), HOLD_UNTIL_ABORT_S)
        if found.get("error") is not None:
            # ToolFailed is how a pydantic-ai tool reports a failure to the model (pydantic_ai/exceptions.py:123);
            # any other exception ends the run.
            raise ToolFailed(str(found["error"]))
        return found.get("result")

    schema = listed.get("parameters") or {"type": "object", "properties": {}}
    tool: Tool[None] = Tool.from_schema(execute, name=str(declared.get("name")),
                                        description=listed.get("description"), json_schema=schema, takes_ctx=True)
    return tool


def __getattr__(name: str) -> Starlette:
    # `uvicorn examples.pydantic_ai_agui_app:app`: built on first access, from MOCK_BASE_URL.
    if name == "app":
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"))
    if name == "responses_app":  # the same agent on OpenAIResponsesModel (/v1/responses)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="responses")
    if name == "gemini_app":  # the same agent on GoogleModel (the Gemini API's streamGenerateContent)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="gemini")
    if name == "anthropic_app":  # the same agent on AnthropicModel (the Messages API)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="anthropic")
    if name == "openrouter_app":  # the same agent on OpenRouterModel (OpenRouter's Chat Completions)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="openrouter")
    if name == "groq_app":  # the same agent on GroqModel (Groq's Chat Completions through the groq SDK)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="groq")
    if name == "mistral_app":  # the same agent on MistralModel (Mistral's Chat Completions through the mistralai SDK)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="mistral")
    if name == "huggingface_app":  # the same agent on HuggingFaceModel (Hugging Face's Chat Completions)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="huggingface")
    if name == "deepseek_app":  # the same agent on OpenAIChatModel over DeepSeekProvider (DeepSeek's Chat Completions)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="deepseek")
    if name == "moonshot_app":  # the same agent on OpenAIChatModel over MoonshotAIProvider (Kimi's Chat Completions)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="moonshot")
    if name == "cerebras_app":  # the same agent on CerebrasModel over CerebrasProvider (Cerebras's Chat Completions)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="cerebras")
    if name == "together_app":  # the same agent on OpenAIChatModel over TogetherProvider (Together's Chat Completions)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="together")
    if name == "fireworks_app":  # the same agent on OpenAIChatModel over FireworksProvider (Fireworks's Chat API)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="fireworks")
    raise AttributeError(name)
