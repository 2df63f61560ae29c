"""Reproducer of an ag-ui-crewai defect (docs/findings-crewai.md#d-index-reuse): when a Chat Completions server
streams two parallel calls that both say ``index: 0`` (Ollama, Responses-to-Chat bridges), the second call's
argument deltas are handed to the FIRST call: the client gets call 1 with both argument strings concatenated
(invalid JSON) and call 2 with no arguments.

ag-ui-crewai 1.0.0 ag_ui_crewai/sdk.py:583-597 (``_copilotkit_stream_custom_stream_wrapper``) sees the second
call's id-bearing delta at a reused index and opens it under a fresh key ("A different id reusing this index is a
NEW call"), but routes every following id-less delta of that index to ``key = index``, the first call's entry.
The app is examples/crewai_agui_app.py's (the README's flow), its litellm model on a canned local Chat Completions
server; no conformance suite involved. Run with the CrewAI environment's python (examples/crewai_requirements.txt):
python docs/repro/crewai_index_reused.py (exit 1: present). CREWAI_REPRO_ROUTE=openrouter runs the same flow on
litellm's OpenRouter route (``create_app(url, "openai/gpt-oss-120b", "openrouter")``, the crewai-agui-openrouter
configuration), whose iterator passes the tool-call deltas through as the OpenAI route's does;
CREWAI_REPRO_ROUTE=cerebras on litellm's Cerebras route (``create_app(url, "gpt-oss-120b", "cerebras")``, the
crewai-agui-cerebras configuration), which is litellm's OpenAI route itself (the openai SDK, the OpenAI chat iterator).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from _crewai_canned import agui_events


def delta(tool_call: dict[str, Any] | None = None, finish: str | None = None) -> str:
    """One Chat Completions chunk (a tool-call delta, or the finish)."""
    d: dict[str, Any] = {"tool_calls": [tool_call]} if tool_call else {}
    body = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": d, "finish_reason": finish}]}
    return f"data: {json.dumps(body)}\n\n"


SSE = "".join([
    delta({"index": 0, "id": "call_1", "type": "function", "function": {"name": "file_write", "arguments": ""}}),
    delta({"index": 0, "function": {"arguments": '{"path":"hello.py"}'}}),
    delta({"index": 0, "id": "call_2", "type": "function", "function": {"name": "file_write", "arguments": ""}}),
    delta({"index": 0, "function": {"arguments": '{"path":'}}),
    delta({"index": 0, "function": {"arguments": '"world.py"}'}}),
    delta(finish="tool_calls"),
    "data: [DONE]\n\n",
])


TOOL = {"name": "file_write", "description": "Write a file",
        "parameters": {"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}}}}
ROUTES = {"openrouter": ("openai/gpt-oss-120b", "openrouter"), "cerebras": ("gpt-oss-120b", "cerebras")}
route = ROUTES.get(os.environ.get("CREWAI_REPRO_ROUTE", ""), ())
events = agui_events(SSE, TOOL, "Create hello.py and world.py.", *route)
args: dict[str, str] = {}
for e in events:
    if e["type"] == "TOOL_CALL_START":
        args[e["toolCallId"]] = ""
    elif e["type"] == "TOOL_CALL_ARGS":
        args[e["toolCallId"]] += e["delta"]
print(args)  # the model sent call_1 {"path":"hello.py"} and call_2 {"path":"world.py"}
sys.exit(1 if args.get("call_1") == '{"path":"hello.py"}{"path":"world.py"}' and args.get("call_2") == "" else 0)
