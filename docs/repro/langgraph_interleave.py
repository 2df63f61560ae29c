"""Reproducer of an ag-ui-langgraph defect pinned in tests/data/langgraph-agui.verdicts.json: two tool calls whose
Chat Completions argument fragments interleave (index 0, 1, 0, 1) get the wrong arguments: every fragment goes to
the call started last, whatever its index.

ag-ui-langgraph 0.0.47 ag_ui_langgraph/agent.py:3213 (only the chunk's first tool_call_chunk is read, its `index`
never) and :3485-3493 (TOOL_CALL_ARGS goes to the in-progress call's id). Run with the LangGraph environment's
python: python docs/repro/langgraph_interleave.py (exit 1: present).
"""

import sys

from _langgraph_canned import args_of, call, chunk, run

SSE = "".join([chunk(call(0, "", "call_A")), chunk(call(1, "", "call_B")), chunk(call(0, '{"city":')),
               chunk(call(1, '{"city":"Berlin"}')), chunk(call(0, '"Paris"}')), chunk({}, "tool_calls"),
               "data: [DONE]\n\n"])
events, _ = run(SSE)
streamed = args_of(events)
print('upstream call_A {"city":"Paris"}, call_B {"city":"Berlin"} -> streamed arguments', streamed)
sys.exit(0 if streamed == {"call_A": '{"city":"Paris"}', "call_B": '{"city":"Berlin"}'} else 1)
