"""Reproducer of an ag-ui-langgraph defect pinned in tests/data/langgraph-agui.verdicts.json: a tool call whose id,
name and whole arguments arrive in one Chat Completions chunk is streamed as TOOL_CALL_START + TOOL_CALL_END with no
TOOL_CALL_ARGS, so @ag-ui/client's TOOL_CALL_END subscribers get {} and onNewToolCall a call with no arguments
(only the closing MESSAGES_SNAPSHOT carries them).

ag-ui-langgraph 0.0.47 ag_ui_langgraph/agent.py:3222 (a chunk with a name is a start event) and :3450-3483 (the start
branch emits TOOL_CALL_START and returns: the chunk's args are never sent). Run with the LangGraph environment's
python: python docs/repro/langgraph_atomic_args.py (exit 1: present).
"""

import sys

from _langgraph_canned import args_of, call, chunk, run

SSE = "".join([chunk(call(0, '{"city":"Paris"}', "call_A")), chunk({}, "tool_calls"), "data: [DONE]\n\n"])
events, _ = run(SSE)
streamed = args_of(events)
print('upstream call_A {"city":"Paris"} in one chunk -> streamed arguments', streamed)
sys.exit(0 if streamed.get("call_A") == '{"city":"Paris"}' else 1)
