"""A real adapter: AG2's AG-UI integration (``ag2[ag-ui]``, ``ag2.ag_ui``) over an OpenAI chat model on the mock server.

The app is what an AG2 user deploys: an ``ag2.Agent`` over ``OpenAIConfig`` (ag2's Chat Completions client,
``ag2/config/openai/openai_client.py``: ``AsyncOpenAI.chat.completions.create``), served by ag2's own AG-UI
transport, ``AGUIStream(agent).build_asgi()`` (``ag2/ag_ui/asgi.py``: ``POST`` runs, ``GET`` tells the
capabilities), routed at ``/agui``. The caller's (frontend) tools become ``ClientTool``s of the run
(``ag2/ag_ui/stream.py`` ``_serve_turn``): a call to one ends the model loop and reaches the caller as
``TOOL_CALL_CHUNK`` for it to run. The only test-specific part is the model's ``base_url`` (and a dummy API
key): the conformance suite's mock server, which picks each case's scenario with its default scenario (the
model name is fixed). ``streaming=True``: ``OpenAIConfig`` defaults to one non-streamed completion
(``ag2/config/openai/config.py`` ``streaming: bool = False``), and an AG-UI endpoint is there to stream.

ag2 runs from its own virtual environment (``.ci/run`` builds it from ``examples/ag2_requirements.txt``),
and ``tests/test_ag2_endpoint.py`` starts it there with uvicorn::

    MOCK_BASE_URL=http://127.0.0.1:8765 <ag2-venv>/bin/python -m uvicorn examples.ag2_agui_app:app --port 8000
"""

from __future__ import annotations

import os

from ag2 import Agent
from ag2.ag_ui import AGUIStream
from ag2.config import OpenAIConfig
from starlette.applications import Starlette
from starlette.routing import Route


def create_app(mock_base_url: str, model: str = "gpt-4o") -> Starlette:
    """The AG-UI app: ``/agui`` serves the agent (``POST`` runs it); its model reads ``mock_base_url + "/v1"``.

    Example:
        >>> [r.path for r in create_app("http://127.0.0.1:8765").routes]
        ['/agui']
    """
    config = OpenAIConfig(model=model, base_url=mock_base_url.rstrip("/") + "/v1", api_key="mock-key",
                          streaming=True)
    agent = Agent("assistant", config=config)
    return Starlette(routes=[Route("/agui", AGUIStream(agent).build_asgi())])


def __getattr__(name: str) -> Starlette:
    # `uvicorn examples.ag2_agui_app:app`: built on first access, from MOCK_BASE_URL.
    if name == "app":
        return create_app(os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:8765"))
    raise AttributeError(name)
