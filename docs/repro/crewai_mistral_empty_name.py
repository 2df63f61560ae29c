"""Reproducer of an ag-ui-crewai defect seen on litellm's Mistral route with a model Mistral's server relays
(docs/findings-crewai.md#mistral, D-mistral-empty-name): Mistral's API streams a relayed model's tool call (zai-glm-*,
which litellm's model table lists on the ``mistral/`` route with function calling) in fragments whose continuation
deltas carry ``type`` and an empty ``function.name`` (Mistral's chunk schema requires the name); the bridge takes
that empty name for the call's name. TOOL_CALL_START (from the first delta) still names the tool, but the terminal
MESSAGES_SNAPSHOT, which replaces the client's messages (@ag-ui/client), and the flow's own history name the call
``""``: the UI shows a call of no tool, and the next turn sends the model a nameless call.

ag-ui-crewai 1.0.0 ag_ui_crewai/sdk.py:627-628 (``copilotkit_stream``): ``if delta_name is not None: entry["name"] =
delta_name`` overwrites the first delta's name with the continuation's ``''`` (litellm 1.110.2's Mistral iterator
passes the delta through as the server sent it); the final ModelResponse is built from the same entry (:697-701).
On OpenAI's wire a continuation has no name (None), so the OpenAI route is not affected; Mistral's own models send a
call whole in one delta, so neither is a user who names one. litellm takes any ``mistral/<id>``, so the pinned
configuration declares ``server: mistral`` and pins the defect (tests/data/crewai-agui-mistral.verdicts.json, 23
cases on consumer.agui-messages). The app is examples/crewai_agui_app.py's (the README's flow), its litellm model
``mistral/zai-glm-latest`` on a canned local server in Mistral's shape; no conformance suite involved. Run with the
CrewAI environment's python (examples/crewai_requirements.txt): python docs/repro/crewai_mistral_empty_name.py
(exit 1: present).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from _crewai_canned import agui_events


def delta(tool_call: dict[str, Any] | None = None, finish: str | None = None) -> str:
    """One chunk of Mistral's stream (a tool-call delta, or the finish with its usage)."""
    d: dict[str, Any] = {"role": "assistant", "tool_calls": [tool_call]} if tool_call else {"content": ""}
    body: dict[str, Any] = {"id": "cmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "zai-glm-latest",
                            "choices": [{"index": 0, "delta": d, "finish_reason": finish}]}
    if finish:
        body["usage"] = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    return f"data: {json.dumps(body)}\n\n"


SSE = "".join([
    delta({"index": 0, "id": "a1B2c3D4e", "type": "function", "function": {"name": "get_weather", "arguments": ""}}),
    delta({"index": 0, "type": "function", "function": {"name": "", "arguments": '{"city":'}}),
    delta({"index": 0, "type": "function", "function": {"name": "", "arguments": '"Paris"}'}}),
    delta(finish="tool_calls"),
    "data: [DONE]\n\n",
])


TOOL = {"name": "get_weather", "description": "The weather in a city",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}
events = agui_events(SSE, TOOL, "Weather in Paris?", "zai-glm-latest", "mistral")
streamed = [(e["type"], e.get("toolCallName")) for e in events if e["type"].startswith("TOOL_CALL")]
snapshot = [e for e in events if e["type"] == "MESSAGES_SNAPSHOT"]
names = [c["function"]["name"] for m in (snapshot[-1]["messages"] if snapshot else [])
         for c in m.get("toolCalls") or []]
print("streamed:", streamed)
print("snapshot call names:", names)  # the model called get_weather
sys.exit(1 if "" in names or any(n == "" for _, n in streamed) else 0)
