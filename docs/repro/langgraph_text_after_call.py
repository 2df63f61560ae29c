"""Reproducer of an ag-ui-langgraph defect pinned in tests/data/langgraph-agui.verdicts.json: assistant text that
arrives after a tool call's arguments is not streamed: the chunk that carries it only closes the call.

ag-ui-langgraph 0.0.47 ag_ui_langgraph/agent.py:3224 (a chunk without tool-call data while a call is open is that
call's end) and :3435-3440 (TOOL_CALL_END, then return: the chunk's text is dropped; only the closing
MESSAGES_SNAPSHOT has it). Run with the LangGraph environment's python:
python docs/repro/langgraph_text_after_call.py (exit 1: present).
"""

import sys

from _langgraph_canned import call, chunk, run

SSE = "".join([chunk(call(0, '{"city":"Paris"}', "call_A")), chunk(call(0, "")),
               chunk({"content": "Checking."}), chunk({}, "tool_calls"), "data: [DONE]\n\n"])
events, _ = run(SSE)
text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
print(f"upstream text 'Checking.' after the call -> streamed text {text!r}")
sys.exit(0 if text == "Checking." else 1)
