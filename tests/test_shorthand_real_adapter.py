"""The ``mock_provider`` fixture's shorthand drives a real HTTP adapter: pydantic-ai's AG-UI app
(examples/pydantic_ai_agui_app.py, one of the pinned adapters) with its model on the fixture's server.
Its model name is fixed (no ``scenario:``), so the shorthand's answer is what it gets, and its requests
join the test's log scope."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("pydantic_ai", reason="the pydantic-ai example needs pydantic-ai-slim (Python >= 3.11)")
from starlette.testclient import TestClient

from mock_provider.pytest_plugin import MockProviderHandle

WEATHER = {"name": "get_weather", "description": "Current weather for a city",
           "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


def _run(mock: MockProviderHandle, text: str, tools: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """POST one AG-UI run to the app; its events, in order."""
    from examples.pydantic_ai_agui_app import create_app

    body = {"threadId": "t1", "runId": "r1", "state": {}, "context": [], "forwardedProps": {},
            "messages": [{"id": "u1", "role": "user", "content": text}], "tools": tools or []}
    with TestClient(create_app(mock.base_url)) as client:
        r = client.post("/agui", json=body, headers={"accept": "text/event-stream"})
    assert r.status_code == 200, r.text
    return [json.loads(line[len("data: "):]) for line in r.text.splitlines() if line.startswith("data: ")]


def test_reply_reaches_the_ag_ui_client_as_text(mock_provider: MockProviderHandle) -> None:
    mock_provider.reply("Bonjour from the mock!")
    events = _run(mock_provider, "Say hi in French")
    text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
    assert text == "Bonjour from the mock!"
    assert [e["type"] for e in events][-1] == "RUN_FINISHED"
    logged = mock_provider.requests()  # the app's model request joined this test's scope
    assert len(logged) == 1 and logged[0]["body"]["messages"][-1]["content"] == "Say hi in French"


def test_tool_call_reaches_the_client_as_a_frontend_tool_call(mock_provider: MockProviderHandle) -> None:
    mock_provider.tool_call("get_weather", {"city": "Paris"})
    events = _run(mock_provider, "Weather in Paris?", tools=[WEATHER])
    starts = [e for e in events if e["type"] == "TOOL_CALL_START"]
    args = "".join(e["delta"] for e in events if e["type"] == "TOOL_CALL_ARGS")
    assert [s["toolCallName"] for s in starts] == ["get_weather"] and json.loads(args) == {"city": "Paris"}
    assert [e["type"] for e in events][-1] == "RUN_FINISHED"


def test_fail_reaches_the_client_as_a_run_error(mock_provider: MockProviderHandle) -> None:
    mock_provider.fail(429, retry_after=1)
    events = _run(mock_provider, "Hello")
    assert [e["type"] for e in events if e["type"].startswith("RUN_")] == ["RUN_STARTED", "RUN_ERROR"]
    assert [e.get("status") for e in mock_provider.requests()] == [429]
