"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui.verdicts.json: malformed tool-call
arguments ('{"city":"Par', cut off) reach the client as '{"city": null}', a value the model never sent.

llama-index-llms-openai 0.8.3 llama_index/llms/openai/base.py:1091 (get_tool_calls_from_response "repairs"
the final arguments with parse_partial_json, which turns an unterminated string into None).
Run with the llama-index environment's python: python docs/repro/llama_index_malformed_args.py (exit 1: present).
"""

import sys

from _llama_canned import USER, chunk, run

call = {"index": 0, "id": "call_1", "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city":"Par'}}
events, _ = run(chunk({"tool_calls": [call]}) + chunk({}, "tool_calls") + "data: [DONE]\n\n", USER)
sent = [e.get("delta") for e in events if e["type"] == "TOOL_CALL_CHUNK"]
print('upstream arguments \'{"city":"Par\' -> TOOL_CALL_CHUNK deltas', sent)
sys.exit(1 if any(d and "null" in d for d in sent) else 0)
