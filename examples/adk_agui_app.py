"""A real adapter: Google ADK's AG-UI middleware (``ag-ui-adk``) over a Gemini model on the mock server.

The app is what an ADK user deploys with ``ag-ui-adk``, as its README's resumable setup
recommends for agents with client-side tools: an ``LlmAgent`` whose only tools are the caller's
(``AGUIToolset``), wrapped in an ADK ``App`` with ``ResumabilityConfig(is_resumable=True)``,
served by ``ADKAgent.from_app`` through ``add_adk_fastapi_endpoint`` at ``/agui``. Its model is
ADK's ``Gemini``, whose ``google-genai`` client streams
``POST {base_url}/v1beta/models/{model}:streamGenerateContent?alt=sse``. The only test-specific
part is that base URL (and a dummy API key): the model talks to the conformance suite's mock
server, which picks each case's scenario with its default scenario (the model name is fixed).
No instruction is set, so the caller's messages are what the model gets.

The same agent over ADK's ``LiteLlm`` model is a configuration of its own: ``litellm_app``
(``examples/adk_litellm_capabilities.yaml``). ``LiteLlm(model="openai/gpt-4o", api_base=<mock>/v1, api_key=...)``
hands every call to ``litellm.acompletion`` with ``stream=True`` (google/adk/models/lite_llm.py
``generate_content_async``), and litellm's ``openai/<model>`` route posts to ``{api_base}/chat/completions`` with the
openai SDK, so its ``api_base`` is ``<mock>/v1``: OpenAI Chat Completions, streamed.

The same agent over ``LiteLlm`` on litellm's Anthropic route is a third: ``anthropic_app``
(``examples/adk_anthropic_capabilities.yaml``). ``LiteLlm(model="anthropic/claude-sonnet-4-5", api_base=<mock>, ...)``:
litellm's ``anthropic/<model>`` route posts Anthropic Messages to ``{api_base}/v1/messages`` (litellm/main.py
``_complete_anthropic``: ``ensure_api_route(api_base, "v1/messages")`` appends the route unless the base already ends
with it) with ``x-api-key`` and ``anthropic-version: 2023-06-01`` (litellm/llms/anthropic/common_utils.py
``get_anthropic_headers``), through its own httpx handler and SSE parser (litellm/llms/anthropic/chat/handler.py; no
``anthropic`` SDK involved), so its ``api_base`` is the mock's root, not ``<mock>/v1``.

The same agent over ``LiteLlm`` on litellm's DeepSeek route is a fourth: ``deepseek_app``
(``examples/adk_deepseek_capabilities.yaml``). ``LiteLlm(model="deepseek/deepseek-v4-flash", api_base=<mock>/v1, ...)``:
litellm's ``deepseek/<model>`` route speaks DeepSeek's Chat Completions with litellm's own HTTP client, no SDK
(litellm/main.py ``_complete_deepseek``: ``base_llm_http_handler`` with ``DeepSeekChatConfig``), and posts to
``{api_base}/chat/completions`` (litellm/llms/deepseek/chat/transformation.py ``get_complete_url``:
``ensure_api_route(api_base, "chat/completions")``), so its ``api_base`` is ``<mock>/v1``, as in
examples/crewai_agui_app.py's ``deepseek_app``; the mock plays DeepSeek's server (``server: deepseek``).

google-adk brings many dependencies of its own, so this app runs from its own virtual environment
(``.ci/run`` builds it from ``examples/adk_requirements.txt``), and ``tests/test_adk_endpoint.py``
starts it there with uvicorn::

    MOCK_BASE_URL=http://127.0.0.1:8765 <adk-venv>/bin/python -m uvicorn \\
        examples.adk_agui_app:app --port 8000

(``examples.adk_agui_app:litellm_app`` for the LiteLlm configuration, ``:anthropic_app`` for LiteLlm on Anthropic,
``:deepseek_app`` for LiteLlm on DeepSeek.)
"""

from __future__ import annotations

import os

# No network but the mock's: litellm otherwise fetches its model price map from GitHub at import
# (litellm/litellm_core_utils/get_model_cost_map.py). Set before google.adk imports litellm.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from ag_ui_adk import ADKAgent, AGUIToolset, add_adk_fastapi_endpoint
from fastapi import FastAPI
from google.adk.agents import LlmAgent
from google.adk.apps import App, ResumabilityConfig
from google.adk.models import BaseLlm, Gemini


def create_app(mock_base_url: str, model: str = "gemini-2.5-flash") -> FastAPI:
    """The AG-UI app: ``POST /agui`` runs the agent; its Gemini client reads ``mock_base_url + "/v1beta"``.

    Example:
        >>> "/agui" in create_app("http://127.0.0.1:8765").openapi()["paths"]
        True
    """
    # retry_options stays None: google-genai then makes one attempt (google/genai/_api_client.py retry_args),
    # ADK's own default. The API key is explicit so no GCP/Vertex default is looked up.
    llm = Gemini(model=model, base_url=mock_base_url.rstrip("/"), client_kwargs={"api_key": "mock-key"})
    return agent_app(llm)


# The path of the mock each litellm route's api_base needs: the openai and deepseek routes append /chat/completions
# (litellm/llms/deepseek/chat/transformation.py get_complete_url, ensure_api_route), the anthropic route /v1/messages
# (litellm/main.py _complete_anthropic, ensure_api_route).
API_BASE_PATH = {"openai": "/v1", "anthropic": "", "deepseek": "/v1"}


def create_litellm_app(mock_base_url: str, model: str = "openai/gpt-4o") -> FastAPI:
    """The same AG-UI app over ADK's ``LiteLlm``: litellm's ``model`` route (``openai/...``: Chat Completions at
    ``mock_base_url + "/v1"``, where litellm appends ``/chat/completions``; ``anthropic/...``: Anthropic Messages at
    ``mock_base_url``, where litellm appends ``/v1/messages``; ``deepseek/...``: DeepSeek's Chat Completions at
    ``mock_base_url + "/v1"``, where litellm appends ``/chat/completions``).

    Example:
        >>> "/agui" in create_litellm_app("http://127.0.0.1:8765").openapi()["paths"]
        True
        >>> "/agui" in create_litellm_app("http://127.0.0.1:8765", "anthropic/claude-sonnet-4-5").openapi()["paths"]
        True
        >>> "/agui" in create_litellm_app("http://127.0.0.1:8765", "deepseek/deepseek-v4-flash").openapi()["paths"]
        True
    """
    # Imported here: google.adk.models exposes LiteLlm only once litellm is installed (an optional extra of ADK).
    from google.adk.models.lite_llm import LiteLlm

    # No num_retries: LiteLlm passes one only from the request's http_options.retry_options (lite_llm.py
    # generate_content_async), so litellm's openai route keeps the openai client's default.
    # The anthropic route adds no retry of its own either: its httpx handler retries only a failed connect
    # (litellm/llms/custom_httpx/http_handler.py), never on an HTTP status; nor does the deepseek route, which posts
    # through the same handler (litellm/llms/custom_httpx/llm_http_handler.py _make_common_async_call).
    route = model.split("/", 1)[0]
    llm = LiteLlm(model=model, api_base=mock_base_url.rstrip("/") + API_BASE_PATH[route], api_key="mock-key")
    return agent_app(llm)


def agent_app(llm: BaseLlm) -> FastAPI:
    """The README's resumable setup around ``llm``: an ``LlmAgent`` with the caller's tools, in a resumable ``App``,
    served at ``/agui``.

    Example:
        >>> "/agui" in agent_app(Gemini(model="gemini-2.5-flash")).openapi()["paths"]
        True
    """
    agent = LlmAgent(name="assistant", model=llm, tools=[AGUIToolset()])
    adk_app = App(name="conformance", root_agent=agent,
                  resumability_config=ResumabilityConfig(is_resumable=True))
    app = FastAPI()
    add_adk_fastapi_endpoint(app, ADKAgent.from_app(adk_app, user_id="conformance"), path="/agui")
    return app


def __getattr__(name: str) -> FastAPI:
    # `uvicorn examples.adk_agui_app:app` (or `:litellm_app`, `:anthropic_app`, `:deepseek_app`): built on first
    # access, from MOCK_BASE_URL.
    mock = os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765")
    if name == "app":
        return create_app(mock)
    if name == "litellm_app":
        return create_litellm_app(mock)
    if name == "anthropic_app":
        return create_litellm_app(mock, "anthropic/claude-sonnet-4-5")
    if name == "deepseek_app":
        # DeepSeek's V4 model with tool calls and reasoning (litellm's model table: deepseek/deepseek-v4-flash,
        # supports_function_calling and supports_reasoning), as the CrewAI and agno DeepSeek configurations name.
        return create_litellm_app(mock, "deepseek/deepseek-v4-flash")
    raise AttributeError(name)
