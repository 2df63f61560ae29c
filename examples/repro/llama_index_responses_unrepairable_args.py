"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-responses.verdicts.json: tool-call
arguments no partial-JSON repair can fix ('{"city": "Paris", "unit": }') reach the client as '{}'.

llama-index-llms-openai 0.8.3 llama_index/llms/openai/responses.py:944-947 (get_tool_calls_from_response catches
parse_partial_json's error and hands the call over with empty arguments).
Run with the llama-index environment's python: python examples/repro/llama_index_responses_unrepairable_args.py
(exit 1: present).
"""

import sys

from _llama_responses_canned import call_item, run, stream

events = run(stream([call_item(0, "call_1", '{"city": "Paris", "unit": }')], "response.completed"))
sent = [e.get("delta") for e in events if e["type"] == "TOOL_CALL_CHUNK"]
print('upstream arguments \'{"city": "Paris", "unit": }\' -> TOOL_CALL_CHUNK deltas', sent)
sys.exit(1 if "{}" in sent else 0)
