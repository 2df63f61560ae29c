"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui.verdicts.json: a frontend tool's JSON
Schema reaches the model with every property a string: {"days": integer} becomes a string and the enum of
"unit" is gone, so the model is invited to send values the client's tool rejects.

llama-index-protocols-ag-ui 0.6.0 llama_index/protocols/ag_ui/agent.py:55 (_ag_ui_tool_to_llama_index builds a
pydantic model whose fields are all `str` / `Optional[str]`). Run with the llama-index environment's python:
python docs/repro/llama_index_tool_schema.py (exit 1: present).
"""

import sys

from _llama_canned import USER, chunk, run

_, upstream = run(chunk({"role": "assistant", "content": "Hi."}, "stop") + "data: [DONE]\n\n", USER)
props = upstream.requests[0]["tools"][0]["function"]["parameters"]["properties"]
print("client schema days:integer, unit:enum[C,F] -> upstream", {k: props[k] for k in ("days", "unit")})
sys.exit(0 if props["days"].get("type") == "integer" and "enum" in str(props["unit"]) else 1)
