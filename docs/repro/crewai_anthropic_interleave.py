"""Reproducer of a litellm defect seen through ag-ui-crewai (docs/findings-crewai.md#anthropic): when an Anthropic
Messages stream interleaves two tool_use blocks (block 1 starts while block 0 is open, their input_json_delta
events alternate), litellm hands each argument fragment to the block that started LAST, not to the block the
event's ``index`` names: the client gets call A with no arguments and call B with both calls' fragments merged.

litellm 1.110.2 litellm/llms/anthropic/chat/handler.py:860 (``ModelResponseIterator.chunk_parser``) builds the
tool-call delta with ``"index": self.tool_index``, the counter of started tool_use blocks, and never reads the
event's own ``index``. The Messages API streams one content block at a time, so on the real API this does not
happen: the kit grades such a stream as outside the API's contract, on its robustness rows only
(``robust.invented-input``: a call handed over complete must carry the arguments the model sent for it).
The app is examples/crewai_agui_app.py's ``anthropic`` flow, its litellm model on a canned local Messages
server; no conformance suite involved. Run with the CrewAI environment's python (examples/crewai_requirements.txt):
python docs/repro/crewai_anthropic_interleave.py (exit 1: present).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from _crewai_canned import agui_events


def event(name: str, **data: Any) -> str:
    """One Messages SSE event."""
    return f"event: {name}\ndata: {json.dumps({'type': name, **data})}\n\n"


def tool_use(index: int, call_id: str) -> str:
    return event("content_block_start", index=index,
                 content_block={"type": "tool_use", "id": call_id, "name": "get_weather", "input": {}})


def fragment(index: int, text: str) -> str:
    return event("content_block_delta", index=index, delta={"type": "input_json_delta", "partial_json": text})


SSE = "".join([
    event("message_start", message={"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
                                    "content": [], "stop_reason": None, "stop_sequence": None,
                                    "usage": {"input_tokens": 9, "output_tokens": 1}}),
    tool_use(0, "call_A"), tool_use(1, "call_B"),
    fragment(0, '{"ci'), fragment(1, '{"city"'), fragment(0, 'ty":"Par'), fragment(1, ':"Berlin"}'),
    fragment(0, 'is"}'),
    event("content_block_stop", index=0), event("content_block_stop", index=1),
    event("message_delta", delta={"stop_reason": "tool_use", "stop_sequence": None}, usage={"output_tokens": 30}),
    event("message_stop"),
])


TOOL = {"name": "get_weather", "description": "Current weather for a city",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}
events = agui_events(SSE, TOOL, "Weather in Paris and in Berlin?", "claude-sonnet-4-5", "anthropic")
args: dict[str, str] = {}
for e in events:
    if e["type"] == "TOOL_CALL_START":
        args[e["toolCallId"]] = ""
    elif e["type"] == "TOOL_CALL_ARGS":
        args[e["toolCallId"]] += e["delta"]
print(args)  # the model sent call_A {"city":"Paris"} and call_B {"city":"Berlin"}
sys.exit(0 if args == {"call_A": '{"city":"Paris"}', "call_B": '{"city":"Berlin"}'} else 1)
