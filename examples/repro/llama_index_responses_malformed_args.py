"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-responses.verdicts.json: cut tool-call
arguments ('{"city":"Par') reach the client as '{"city": null}', a value the model never sent.

llama-index-llms-openai 0.8.3 llama_index/llms/openai/responses.py:945 (OpenAIResponses.get_tool_calls_from_response
"repairs" the arguments with parse_partial_json, which turns an unterminated string into None).
Run with the llama-index environment's python: python examples/repro/llama_index_responses_malformed_args.py
(exit 1: present).
"""

import sys

from _llama_responses_canned import call_item, run, stream

events = run(stream([call_item(0, "call_1", '{"city":"Par')], "response.completed"))
sent = [e.get("delta") for e in events if e["type"] == "TOOL_CALL_CHUNK"]
print('upstream arguments \'{"city":"Par\' -> TOOL_CALL_CHUNK deltas', sent)
sys.exit(1 if any(d and "null" in d for d in sent) else 0)
