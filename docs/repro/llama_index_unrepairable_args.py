"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui.verdicts.json: tool-call arguments that
no partial-JSON repair can fix ('{"city": "Paris", "unit": }', tool.malformed.004) reach the client as '{}', a
complete call with arguments the model never sent (neither the raw text nor an error).

llama-index-llms-openai 0.8.3 llama_index/llms/openai/base.py:1089-1093 (get_tool_calls_from_response: when
parse_partial_json raises, the arguments become {} and the call is handed over).
Run with the llama-index environment's python: python docs/repro/llama_index_unrepairable_args.py (exit 1: present).
"""

import sys

from _llama_canned import USER, chunk, run

call = {"index": 0, "id": "call_1", "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city": "Paris", "unit": }'}}
events, _ = run(chunk({"tool_calls": [call]}) + chunk({}, "tool_calls") + "data: [DONE]\n\n", USER)
sent = [e.get("delta") for e in events if e["type"] == "TOOL_CALL_CHUNK"]
print('upstream arguments \'{"city": "Paris", "unit": }\' -> TOOL_CALL_CHUNK deltas', sent)
sys.exit(1 if sent == ["{}"] else 0)
