"""A real adapter: LangGraph's AG-UI integration (``ag-ui-langgraph``) over ``ChatOpenAI`` on the mock server.

The app is the AG-UI project's own LangGraph "agentic chat" example as a user deploys it: LangChain's
prebuilt ReAct-style agent (``langchain.agents.create_agent``) with no backend tools, a
``MemorySaver`` checkpointer, and ``CopilotKitMiddleware``, which binds the tools the AG-UI request
brings (``RunAgentInput.tools``, put in the graph state by ``ag-ui-langgraph``) to the model and ends
the run at their calls for the caller to run; served by ``copilotkit.LangGraphAGUIAgent`` (a
``ag_ui_langgraph.LangGraphAgent``) through ``add_langgraph_fastapi_endpoint`` at ``/agui``. Its model
is ``langchain_openai.ChatOpenAI``, which streams OpenAI Chat Completions. The test-specific parts:
the base URL and a dummy key (the model talks to the conformance suite's mock server, which picks
each case's scenario with its default scenario; the model name is fixed), ``max_retries=0`` (a
scripted 429/500 reaches the agent once instead of after backoff sleeps) and ``stream_usage=True``
(what ChatOpenAI turns on by itself against OpenAI's own URL and leaves off for another base URL).

LangGraph and LangChain bring their own dependency tree (and openai>=3, unlike llama-index), so this
app runs from its own virtual environment (``.ci/run`` builds it from
``examples/langgraph_requirements.txt``), and ``tests/test_langgraph_endpoint.py`` starts it there::

    MOCK_BASE_URL=http://127.0.0.1:8765 <langgraph-venv>/bin/python -m uvicorn \\
        examples.langgraph_agui_app:app --port 8000
"""

from __future__ import annotations

import os

from ag_ui_langgraph import add_langgraph_fastapi_endpoint
from copilotkit import CopilotKitMiddleware, LangGraphAGUIAgent
from fastapi import FastAPI
from langchain.agents import create_agent
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import MemorySaver


def create_app(mock_base_url: str, model: str = "gpt-4o-mini") -> FastAPI:
    """The AG-UI app: ``POST /agui`` runs the agent; its ChatOpenAI reads ``mock_base_url + "/v1"``.

    Example:
        >>> "/agui" in create_app("http://127.0.0.1:8765").openapi()["paths"]
        True
    """
    llm = ChatOpenAI(model=model, base_url=mock_base_url.rstrip("/") + "/v1", api_key="mock-key",
                     max_retries=0, stream_usage=True)
    # No system prompt (the example's "You are a helpful assistant." left out): the caller's messages are
    # what the model gets.
    graph = create_agent(model=llm, tools=[], middleware=[CopilotKitMiddleware()], checkpointer=MemorySaver())
    app = FastAPI()
    add_langgraph_fastapi_endpoint(app, LangGraphAGUIAgent(name="agentic_chat", graph=graph), path="/agui")
    return app


def __getattr__(name: str) -> FastAPI:
    # `uvicorn examples.langgraph_agui_app:app`: built on first access, from MOCK_BASE_URL.
    if name == "app":
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"))
    raise AttributeError(name)
