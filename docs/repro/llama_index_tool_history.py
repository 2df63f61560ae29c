"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui.verdicts.json: a history with a tool
call and its result reaches the model as an assistant TEXT '<tool_call>...</tool_call>' and a USER message with
the result, not as tool_calls and a tool message.

llama-index-protocols-ag-ui 0.6.0 llama_index/protocols/ag_ui/utils.py:383 (assistant tool calls rendered as
text) and :412 (tool results sent with role "user"). Run with the llama-index environment's python:
python docs/repro/llama_index_tool_history.py (exit 1: present).
"""

import sys

from _llama_canned import chunk, run

call = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}
_, upstream = run(chunk({"role": "assistant", "content": "18 C."}, "stop") + "data: [DONE]\n\n", [
    {"id": "u1", "role": "user", "content": "Weather in Paris?"},
    {"id": "a1", "role": "assistant", "content": "", "toolCalls": [call]},
    {"id": "t1", "role": "tool", "content": "18C", "toolCallId": "call_1"},
])
sent = [{k: m.get(k) for k in ("role", "content", "tool_calls")} for m in upstream.requests[0]["messages"]]
print("AG-UI [user, assistant call_1, tool result] -> upstream messages", sent)
sys.exit(0 if any(m.get("tool_calls") for m in sent) and any(m["role"] == "tool" for m in sent) else 1)
