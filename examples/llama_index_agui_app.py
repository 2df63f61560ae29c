"""A real adapter: llama-index's AG-UI workflow router over an OpenAI-compatible LLM on the mock server.

The app is what a llama-index user deploys with ``llama-index-protocols-ag-ui``: the default
``AGUIChatWorkflow`` (``get_ag_ui_workflow_router``) over ``OpenAILike`` from
``llama-index-llms-openai-like``, mounted at ``/agui`` (so ``POST /agui/run``). The only
test-specific part is the base URL: the LLM talks to the conformance suite's mock server, so the
suite picks each case's scenario with the mock server's default scenario (the model is fixed).

llama-index's OpenAI integration needs ``openai<3`` while pydantic-ai needs ``openai>=3``, so this
app runs from its own virtual environment (``.ci/run`` builds it; the packages are in
``examples/llama_index_requirements.txt``), and ``tests/test_llama_index_endpoint.py`` starts it
there with uvicorn::

    MOCK_BASE_URL=http://127.0.0.1:8765 <llama-venv>/bin/python -m uvicorn \\
        examples.llama_index_agui_app:app --port 8000
"""

from __future__ import annotations

import os

from fastapi import FastAPI
from llama_index.llms.openai_like import OpenAILike
from llama_index.protocols.ag_ui.router import get_ag_ui_workflow_router


def create_app(mock_base_url: str, model: str = "gpt-4o-mini") -> FastAPI:
    """The AG-UI app: ``POST /agui/run`` runs the workflow; its LLM reads ``mock_base_url + "/v1"``.

    Example:
        >>> sorted(create_app("http://127.0.0.1:8765").openapi()["paths"])
        ['/agui/run']
    """
    # No SDK retries: a scripted 429/500 reaches the workflow once instead of after backoff sleeps.
    llm = OpenAILike(model=model, api_base=mock_base_url.rstrip("/") + "/v1", api_key="mock-key", max_retries=0,
                     is_chat_model=True, is_function_calling_model=True, context_window=128000)
    app = FastAPI()
    app.include_router(get_ag_ui_workflow_router(llm=llm), prefix="/agui")
    return app


def __getattr__(name: str) -> FastAPI:
    # `uvicorn examples.llama_index_agui_app:app`: built on first access, from MOCK_BASE_URL.
    if name == "app":
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"))
    raise AttributeError(name)
