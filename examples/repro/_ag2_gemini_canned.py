"""Shared by the AG2-over-Gemini reproducers (run them with the AG2 environment's python, see
examples/ag2_requirements.txt): canned Gemini API ``streamGenerateContent?alt=sse`` chunks on a local server, ag2's
AG-UI endpoint over ``GeminiConfig(streaming=True)`` on it (as examples/ag2_agui_app.py's ``gemini_app`` serves it:
google-genai reads the base URL from ``GOOGLE_GEMINI_BASE_URL``), and one RunAgentInput posted to it (no
conformance suite involved)."""

from __future__ import annotations

import json
import os
from typing import Any

from _canned_server import canned_server
from ag2 import Agent
from ag2.ag_ui import AGUIStream
from ag2.config import GeminiConfig
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.testclient import TestClient


def run(chunks: list[dict[str, Any]], text: str = "Hi") -> list[dict[str, Any]]:
    """Post one run to ag2's AG-UI endpoint whose Gemini model streams ``chunks``; return its AG-UI events."""
    payload = "".join(f"data: {json.dumps(c)}\r\n\r\n" for c in chunks).encode()
    with canned_server(payload) as base_url:  # streamGenerateContent?alt=sse
        os.environ["GOOGLE_GEMINI_BASE_URL"] = base_url
        agent = Agent("assistant", config=GeminiConfig(model="gemini-3-flash-preview", api_key="x", streaming=True))
        app = Starlette(routes=[Route("/agui", AGUIStream(agent).build_asgi())])
        body = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [], "context": [], "forwardedProps": {},
                "protocolVersion": "1.0", "messages": [{"id": "u1", "role": "user", "content": text}]}
        with TestClient(app) as client:
            sse = client.post("/agui", json=body, headers={"accept": "text/event-stream"}).text
        return [json.loads(line[6:]) for line in sse.splitlines() if line.startswith("data: ")]
