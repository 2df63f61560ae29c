"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui.verdicts.json: two tool calls whose
Chat Completions argument fragments interleave (index 0, 1, 0, 1) lose their arguments.

llama-index-llms-openai 0.8.3 llama_index/llms/openai/utils.py:1116 (update_tool_calls starts a new call
whenever the delta's index differs from the LAST call's, so every switch makes a new, id-less call).
Run with the llama-index environment's python: python docs/repro/llama_index_interleave.py (exit 1: present).
"""

import sys

from _llama_canned import USER, chunk, run


def part(index: int, args: str, call_id: str | None = None) -> dict[str, object]:
    head = {"id": call_id, "type": "function"} if call_id else {}
    return {"tool_calls": [{"index": index, **head, "function": {**({"name": "get_weather"} if call_id else {}),
                                                                  "arguments": args}}]}


SSE = "".join([chunk(part(0, "", "call_A")), chunk(part(1, "", "call_B")), chunk(part(0, '{"city":')),
               chunk(part(1, '{"city":"Berlin"}')), chunk(part(0, '"Paris"}')), chunk({}, "tool_calls"),
               "data: [DONE]\n\n"])
events, _ = run(SSE, USER)
calls = [(e.get("toolCallId"), e.get("delta")) for e in events if e["type"] == "TOOL_CALL_CHUNK"]
print("upstream call_A {city: Paris}, call_B {city: Berlin} -> TOOL_CALL_CHUNKs", calls)
sys.exit(0 if ("call_A", '{"city": "Paris"}') in calls else 1)
