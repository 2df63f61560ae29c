"""A real adapter: llama-index's AG-UI workflow router over an OpenAI, Anthropic, Gemini, Mistral, DeepSeek, Groq,
OpenRouter, Together AI or Cerebras LLM.

The app is what a llama-index user deploys with ``llama-index-protocols-ag-ui``: the default
``AGUIChatWorkflow`` (``get_ag_ui_workflow_router``) over ``OpenAILike`` from
``llama-index-llms-openai-like`` (Chat Completions), with ``api="responses"`` over ``OpenAIResponses``
from ``llama-index-llms-openai`` (the Responses API, ``POST /v1/responses``), or with ``api="anthropic"`` over
``Anthropic`` from ``llama-index-llms-anthropic`` (the Messages API through the anthropic SDK, ``POST
/v1/messages``), or with ``api="gemini"`` over ``GoogleGenAI`` from ``llama-index-llms-google-genai`` (the Gemini
API through google-genai, ``POST /v1beta/models/{model}:streamGenerateContent?alt=sse``), or with ``api="mistral"``
over ``MistralAI`` from ``llama-index-llms-mistralai`` (Mistral's Chat Completions through the mistralai SDK, ``POST
/v1/chat/completions``), or with ``api="deepseek"`` over ``DeepSeek`` from ``llama-index-llms-deepseek`` (an
``OpenAILike``: DeepSeek's Chat Completions through the openai SDK, ``POST /v1/chat/completions``), or with
``api="groq"`` over ``Groq`` from ``llama-index-llms-groq`` (an ``OpenAILike`` too: Groq's Chat Completions through the
openai SDK, ``POST /openai/v1/chat/completions``), or with ``api="openrouter"`` over ``OpenRouter`` from
``llama-index-llms-openrouter`` (an ``OpenAILike`` as well: OpenRouter's Chat Completions through the openai SDK,
``POST /v1/chat/completions``), or with ``api="together"`` over ``TogetherLLM`` from ``llama-index-llms-together`` (an
``OpenAILike`` too: Together AI's Chat Completions through the openai SDK, ``POST /v1/chat/completions``), or with
``api="cerebras"`` over ``Cerebras`` from ``llama-index-llms-cerebras`` (an ``OpenAILike`` too: Cerebras's Chat
Completions through the openai SDK, ``POST /v1/chat/completions``), mounted at ``/agui`` (so
``POST /agui/run``). The only test-specific part is the base URL: the LLM talks to the conformance suite's mock
server, so the suite picks each case's scenario with the mock server's default scenario (the model is fixed).

llama-index's OpenAI integration needs ``openai<3`` while pydantic-ai needs ``openai>=3``, so this
app runs from its own virtual environment (``.ci/run`` builds it; the packages are in
``examples/llama_index_requirements.txt``), and ``tests/test_llama_index_endpoint.py`` starts it
there with uvicorn::

    MOCK_BASE_URL=http://127.0.0.1:8765 <llama-venv>/bin/python -m uvicorn \\
        examples.llama_index_agui_app:app --port 8000

(the Responses configuration: ``examples.llama_index_agui_app:responses_app`` and
``examples/llama_index_responses_capabilities.yaml``; the Anthropic one: ``anthropic_app`` and
``examples/llama_index_anthropic_capabilities.yaml``; the Gemini one: ``gemini_app`` and
``examples/llama_index_gemini_capabilities.yaml``; the Mistral one: ``mistral_app`` and
``examples/llama_index_mistral_capabilities.yaml``; the DeepSeek one: ``deepseek_app`` and
``examples/llama_index_deepseek_capabilities.yaml``; the Groq one: ``groq_app`` and
``examples/llama_index_groq_capabilities.yaml``; the OpenRouter one: ``openrouter_app`` and
``examples/llama_index_openrouter_capabilities.yaml``; the Together AI one: ``together_app`` and
``examples/llama_index_together_capabilities.yaml``; the Cerebras one: ``cerebras_app`` and
``examples/llama_index_cerebras_capabilities.yaml``; ``tests/test_llama_index_endpoint.py`` runs all ten).
"""

from __future__ import annotations

import os
from typing import Literal

from fastapi import FastAPI
from llama_index.core.llms.function_calling import FunctionCallingLLM
from llama_index.llms.anthropic import Anthropic
from llama_index.llms.cerebras import Cerebras
from llama_index.llms.deepseek import DeepSeek
from llama_index.llms.google_genai import GoogleGenAI
from llama_index.llms.groq import Groq
from llama_index.llms.mistralai import MistralAI
from llama_index.llms.openai import OpenAIResponses
from llama_index.llms.openai_like import OpenAILike
from llama_index.llms.openrouter import OpenRouter
from llama_index.llms.together import TogetherLLM
from llama_index.protocols.ag_ui.router import get_ag_ui_workflow_router


def _llm(api: str, mock_base_url: str, model: str) -> FunctionCallingLLM:
    # No SDK retries: a scripted 429/500 reaches the workflow once instead of after backoff sleeps.
    api_base = mock_base_url.rstrip("/") + "/v1"
    if api == "anthropic":
        # Anthropic(base_url=...) builds AsyncAnthropic(base_url=...), which posts {base_url}/v1/messages itself
        # (llama-index-llms-anthropic 0.12.3 llama_index/llms/anthropic/base.py:316-322), so the mock's root, not
        # /v1. The model id is one the package knows: its metadata looks the context window up by name and raises
        # for an unknown one (utils.py:169-190), and calls it a function-calling model by its "-4" (utils.py:165-166).
        # Its default max_retries is 10 (base.py:225): 0 here, as in the other two configurations.
        return Anthropic(model=model if model.startswith("claude") else "claude-sonnet-4-6",
                         base_url=mock_base_url.rstrip("/"), api_key="mock-key", max_retries=0)
    if api == "gemini":
        # GoogleGenAI passes http_options to google.genai.Client (llama-index-llms-google-genai 0.11.3
        # llama_index/llms/google_genai/base.py:246-258), which appends {api_version}/models/{model}:... to the
        # base_url; google-genai 2.34.0 asks for the Gemini API's v1beta (google/genai/_api_client.py:1055), a path
        # the mock serves, so only the base URL is given, as a user points the client at a proxy. The model is the
        # package's README example. max_retries=0 as in the other configurations (its default is 3, base.py:196;
        # it wraps only the non-streaming _chat/_achat, base.py:363-387).
        return GoogleGenAI(model=model if model.startswith("gemini") else "gemini-3-flash-preview",
                           api_key="mock-key", http_options={"base_url": mock_base_url.rstrip("/")}, max_retries=0)
    if api == "mistral":
        return _mistral(mock_base_url, model)
    if api == "deepseek":
        # DeepSeek is an OpenAILike (llama-index-llms-deepseek 0.4.1 llama_index/llms/deepseek/base.py:8) that hands
        # api_base to the openai SDK's AsyncOpenAI(base_url=...), which posts {base_url}/chat/completions; DeepSeek's
        # default is https://api.deepseek.com (base.py:33), whose /v1 its docs give as the OpenAI-compatible base
        # too, so the mock's /v1. The model is the package's README example, deepseek-chat: the only id it calls a
        # function-calling model (utils.py:6, base.py:45-47), which AGUIChatWorkflow asserts before it runs
        # (llama-index-protocols-ag-ui 0.6.0 agent.py:163-166). max_retries=0 as in the other configurations
        # (OpenAI's default is 3, llama-index-llms-openai 0.8.3 base.py:267; 0 skips llm_retry_decorator, :105-107).
        return DeepSeek(model=model if model.startswith("deepseek") else "deepseek-chat", api_base=api_base,
                        api_key="mock-key", max_retries=0)
    if api == "groq":
        # Groq is an OpenAILike (llama-index-llms-groq 0.6.1 llama_index/llms/groq/base.py:7) that overrides only its
        # constructor (base.py:28-45): it hands api_base to the openai SDK's AsyncOpenAI(base_url=...), which posts
        # {base_url}/chat/completions. Its default api_base is https://api.groq.com/openai/v1 (base.py:32), Groq's
        # OpenAI-compatible path, which the mock serves too (mock_provider/wires/openai_chat.py, other_prefixes), so
        # the mock's /openai/v1: the path a Groq user's requests take. The constructor calls every model a chat and
        # function-calling model (is_chat_model/is_function_calling_model default True, base.py:33-34), which
        # AGUIChatWorkflow asserts before it runs (llama-index-protocols-ag-ui 0.6.0 agent.py:163-166), and sets no
        # context window (OpenAILike's 3900; the workflow keeps no memory that reads it). The model is one of Groq's
        # production models (the package's README names llama3-70b-8192, which Groq has retired); the id selects no
        # scenario (the mock's default scenario does). max_retries=0 as in the other configurations (OpenAI's default
        # is 3, llama-index-llms-openai 0.8.3 base.py:267; 0 skips llm_retry_decorator, :105-107).
        return Groq(model=model if model.startswith(("llama", "openai/", "qwen", "moonshotai/", "meta-llama/"))
                    else "llama-3.3-70b-versatile", api_base=mock_base_url.rstrip("/") + "/openai/v1",
                    api_key="mock-key", max_retries=0)
    if api == "openrouter":
        # OpenRouter is an OpenAILike (llama-index-llms-openrouter 0.6.0 llama_index/llms/openrouter/base.py:17) that
        # overrides only its constructor (base.py:59-108): it hands api_base to the openai SDK's
        # AsyncOpenAI(base_url=...), which posts {base_url}/chat/completions. Its default api_base is
        # https://openrouter.ai/api/v1 (base.py:13); the mock's is its /v1, as the agno and pydantic-ai OpenRouter
        # configurations point theirs. Unlike the DeepSeek and Groq constructors it leaves is_function_calling_model
        # at OpenAILike's False (llama-index-llms-openai-like 0.8.1 base.py:104-107), which AGUIChatWorkflow asserts
        # True before it runs (llama-index-protocols-ag-ui 0.6.0 agent.py:162-166): a user of this router must pass
        # it, as here. It keeps its max_tokens default, 256 (DEFAULT_NUM_OUTPUTS, base.py:63), sent as max_tokens,
        # and its context window, 3900 (the workflow keeps no memory that reads it). The model is an OpenRouter id
        # (its default, gryphe/mythomax-l2-13b, base.py:14, calls no tools there); the id selects no scenario (the
        # mock's default scenario does). max_retries=0 as in the other configurations (the constructor's default is
        # 5, base.py:65; 0 skips llm_retry_decorator, llama-index-llms-openai 0.8.3 base.py:105-107).
        return OpenRouter(model=model if "/" in model else "openai/gpt-4o-mini",
                          api_base=api_base, api_key="mock-key", max_retries=0,
                          is_function_calling_model=True)
    if api == "together":
        # TogetherLLM is an OpenAILike (llama-index-llms-together 0.6.1 llama_index/llms/together/base.py:7) that
        # overrides only its constructor (base.py:31-46): it hands api_base to the openai SDK's
        # AsyncOpenAI(base_url=...), which posts {base_url}/chat/completions. Its default api_base is
        # https://api.together.xyz/v1 (base.py:35); the mock's is its /v1, as the pydantic-ai Together configuration
        # points its client. Like OpenRouter's constructor it sets is_chat_model=True (base.py:36) but leaves
        # is_function_calling_model at OpenAILike's False (llama-index-llms-openai-like 0.8.1 base.py:104-107), which
        # AGUIChatWorkflow asserts True before it runs (llama-index-protocols-ag-ui 0.6.0 agent.py:162-166): a user of
        # this router must pass it, as here. It keeps OpenAILike's context window, 3900 (the workflow keeps no memory
        # that reads it), and sends no max_tokens (max_tokens None). The model is a Together id (the package's README
        # example, mistralai/Mixtral-8x7B-Instruct-v0.1, base.py:22, is retired there); the id selects no scenario
        # (the mock's default scenario does). max_retries=0 as in the other configurations (OpenAI's default is 3,
        # llama-index-llms-openai 0.8.3 base.py:267; 0 skips llm_retry_decorator, :105-107).
        return TogetherLLM(model=model if "/" in model else "meta-llama/Llama-3.3-70B-Instruct-Turbo",
                           api_base=api_base, api_key="mock-key", max_retries=0, is_function_calling_model=True)
    if api == "cerebras":
        # Cerebras is an OpenAILike (llama-index-llms-cerebras 0.5.0 llama_index/llms/cerebras/base.py:7) that
        # overrides only its constructor (base.py:28-49): it hands api_base to the openai SDK's
        # AsyncOpenAI(base_url=...), which posts {base_url}/chat/completions. Its default api_base is
        # https://api.cerebras.ai/v1/ (or CEREBRAS_BASE_URL, base.py:32-33); the mock's is its /v1, as the agno and
        # pydantic-ai Cerebras configurations point theirs. It sets is_chat_model=True (base.py:34) but leaves
        # is_function_calling_model at OpenAILike's False (llama-index-llms-openai-like 0.8.1 base.py:104-107), which
        # AGUIChatWorkflow asserts True before it runs (llama-index-protocols-ag-ui 0.6.0 agent.py:162-166): a user of
        # this router must pass it, as here and for OpenRouter and Together AI. It keeps OpenAILike's context window,
        # 3900 (the workflow keeps no memory that reads it), and sends no max_tokens (max_tokens None). The model is
        # the package's docstring example, llama-3.3-70b (base.py:19); the id selects no scenario (the mock's default
        # scenario does). max_retries=0 as in the other configurations (OpenAI's default is 3,
        # llama-index-llms-openai 0.8.3 base.py:267; 0 skips llm_retry_decorator, :105-107).
        return Cerebras(model=model if model.startswith(("llama", "gpt-oss", "qwen", "zai-")) else "llama-3.3-70b",
                        api_base=api_base, api_key="mock-key", max_retries=0, is_function_calling_model=True)
    if api == "responses":
        # OpenAIResponses knows gpt-4o-mini's context window and that it calls functions (its metadata).
        return OpenAIResponses(model=model, api_base=api_base, api_key="mock-key", max_retries=0)
    if api == "chat":
        return OpenAILike(model=model, api_base=api_base, api_key="mock-key", max_retries=0,
                          is_chat_model=True, is_function_calling_model=True, context_window=128000)
    raise ValueError(f"unknown api {api!r}: 'chat', 'responses', 'anthropic', 'gemini', 'mistral', 'deepseek', "
                     "'groq', 'openrouter', 'together' or 'cerebras'")


def _mistral(mock_base_url: str, model: str) -> MistralAI:
    """``MistralAI`` on the mistralai SDK's ``Mistral`` client, pointed at the mock's root."""
    # MistralAI hands `endpoint` to Mistral(server_url=...) (llama-index-llms-mistralai 0.11.0
    # llama_index/llms/mistralai/base.py:335-338), whose chat.stream_async posts {server_url}/v1/chat/completions
    # (mistralai 3.7.0 client/chat.py:948-950): the mock's root, not /v1. The model id is one the package knows: its
    # metadata looks the context window up by name and raises for an unknown one (utils.py:77-89), and calls it a
    # function-calling model by name (utils.py:49-62, 91-92); mistral-large-latest is its default (base.py:81).
    # max_retries=0 as in the other configurations; it reaches chat.stream_async as `retries`, an int, which the SDK
    # uses only when it is a RetryConfig (client/chat.py:968-974, base.py:362), so one attempt whatever its value.
    # Mistral streams reasoning as a `thinking` chunk in an array `delta.content` (the SDK's ThinkChunk, which
    # MistralAI reads at base.py:664-673), and the mock's default field is `reasoning_content`: as the other Mistral
    # clients do (examples/pydantic_ai_agui_app.py, examples/agno_agui_app.py), the client names the mock's
    # `thinking-chunks` dialect with its request header, through MistralAI's documented additional_kwargs ("Additional
    # kwargs for the MistralAI API", merged into every chat.stream_async call, base.py:355-371, 640), whose
    # `http_headers` the SDK sets on the request (client/chat.py:847, 959).
    return MistralAI(model=model if model.startswith(("mistral", "magistral", "ministral")) else "mistral-large-latest",
                     endpoint=mock_base_url.rstrip("/"), api_key="mock-key", max_retries=0,
                     additional_kwargs={"http_headers": {"X-Mock-Reasoning": "thinking-chunks"}})


def create_app(mock_base_url: str, model: str = "gpt-4o-mini",
               api: Literal["chat", "responses", "anthropic", "gemini", "mistral", "deepseek", "groq", "openrouter",
                            "together", "cerebras"] = "chat",
               ) -> FastAPI:
    """The AG-UI app: ``POST /agui/run`` runs the workflow; its LLM reads ``mock_base_url + "/v1"``.

    ``api`` picks the LLM class, so the wire the workflow reads: ``"chat"`` is ``OpenAILike``
    (``/v1/chat/completions``), ``"responses"`` is ``OpenAIResponses`` (``/v1/responses``), ``"anthropic"`` is
    ``Anthropic`` (``/v1/messages``, model ``claude-sonnet-4-6`` unless a Claude id is given), ``"gemini"`` is
    ``GoogleGenAI`` (``/v1beta/models/{model}:streamGenerateContent``, model ``gemini-3-flash-preview`` unless a
    Gemini id is given; it reads the model's metadata from the server when built), ``"mistral"`` is ``MistralAI``
    (``/v1/chat/completions`` through the mistralai SDK, model ``mistral-large-latest`` unless a Mistral id is
    given), ``"deepseek"`` is ``DeepSeek`` (``/v1/chat/completions`` through the openai SDK, model ``deepseek-chat``),
    ``"groq"`` is ``Groq`` (Groq's ``/openai/v1/chat/completions`` through the openai SDK, model
    ``llama-3.3-70b-versatile`` unless a Groq id is given), ``"openrouter"`` is ``OpenRouter`` (OpenRouter's
    ``/v1/chat/completions`` through the openai SDK, model ``openai/gpt-4o-mini`` unless an OpenRouter id, one with
    a ``/``, is given), ``"together"`` is ``TogetherLLM`` (Together AI's ``/v1/chat/completions`` through the openai
    SDK, model ``meta-llama/Llama-3.3-70B-Instruct-Turbo`` unless a Together id, one with a ``/``, is given),
    ``"cerebras"`` is ``Cerebras`` (Cerebras's ``/v1/chat/completions`` through the openai SDK, model
    ``llama-3.3-70b`` unless a Cerebras id is given); the workflow and the router are
    the same in all ten.

    Example:
        >>> sorted(create_app("http://127.0.0.1:8765").openapi()["paths"])
        ['/agui/run']
        >>> sorted(create_app("http://127.0.0.1:8765", api="responses").openapi()["paths"])
        ['/agui/run']
        >>> sorted(create_app("http://127.0.0.1:8765", api="anthropic").openapi()["paths"])
        ['/agui/run']
        >>> sorted(create_app("http://127.0.0.1:8765", api="mistral").openapi()["paths"])
        ['/agui/run']
        >>> sorted(create_app("http://127.0.0.1:8765", api="deepseek").openapi()["paths"])
        ['/agui/run']
        >>> sorted(create_app("http://127.0.0.1:8765", api="groq").openapi()["paths"])
        ['/agui/run']
        >>> sorted(create_app("http://127.0.0.1:8765", api="openrouter").openapi()["paths"])
        ['/agui/run']
        >>> sorted(create_app("http://127.0.0.1:8765", api="together").openapi()["paths"])
        ['/agui/run']
        >>> sorted(create_app("http://127.0.0.1:8765", api="cerebras").openapi()["paths"])
        ['/agui/run']
    """
    llm = _llm(api, mock_base_url, model)
    app = FastAPI()
    app.include_router(get_ag_ui_workflow_router(llm=llm), prefix="/agui")
    return app


def __getattr__(name: str) -> FastAPI:
    # `uvicorn examples.llama_index_agui_app:app`: built on first access, from MOCK_BASE_URL.
    if name == "app":
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"))
    if name == "responses_app":  # the same workflow on OpenAIResponses (/v1/responses)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="responses")
    if name == "anthropic_app":  # the same workflow on Anthropic (the Messages API, /v1/messages)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="anthropic")
    if name == "gemini_app":  # the same workflow on GoogleGenAI (the Gemini API, streamGenerateContent)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="gemini")
    if name == "mistral_app":  # the same workflow on MistralAI (Mistral's Chat Completions, the mistralai SDK)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="mistral")
    if name == "deepseek_app":  # the same workflow on DeepSeek (DeepSeek's Chat Completions, an OpenAILike)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="deepseek")
    if name == "groq_app":  # the same workflow on Groq (Groq's Chat Completions, an OpenAILike)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="groq")
    if name == "openrouter_app":  # the same workflow on OpenRouter (OpenRouter's Chat Completions, an OpenAILike)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="openrouter")
    if name == "together_app":  # the same workflow on TogetherLLM (Together AI's Chat Completions, an OpenAILike)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="together")
    if name == "cerebras_app":  # the same workflow on Cerebras (Cerebras's Chat Completions, an OpenAILike)
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"), api="cerebras")
    raise AttributeError(name)
