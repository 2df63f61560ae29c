"""Reproducer of an ag-ui-langgraph defect pinned in tests/data/langgraph-agui.verdicts.json: the MESSAGES_SNAPSHOT
that ends every run rewrites the client's tool calls from LangChain's parsed arguments, so a call whose arguments do
not parse is replaced by a repaired one ('{"city":"Par' becomes {"city": "Par"}) or dropped ('{"city": "Paris",
"unit": }' and 'null' become invalid_tool_calls, which the snapshot leaves out), although the stream showed it.

ag-ui-langgraph 0.0.47 ag_ui_langgraph/utils.py:806-824 (the snapshot's toolCalls are message.tool_calls only, each
re-serialized with json.dumps from the parsed args; invalid_tool_calls are left out). The parse is langchain-core's
(langchain_core/messages/ai.py:557, parse_partial_json). Run with the LangGraph environment's python:
python docs/repro/langgraph_snapshot_args.py (exit 1: present).
"""

import sys

from _langgraph_canned import call, chunk, run


def snapshot_calls(args: str) -> list[tuple[str, str]]:
    sse = "".join([chunk(call(0, "", "call_A")), chunk(call(0, args)), chunk({}, "tool_calls"), "data: [DONE]\n\n"])
    events, _ = run(sse)
    snapshot = [e for e in events if e["type"] == "MESSAGES_SNAPSHOT"][-1]["messages"]
    return [(c["id"], c["function"]["arguments"]) for m in snapshot for c in m.get("toolCalls") or []]


bad = 0
for args in ('{"city":"Par', '{"city": "Paris", "unit": }', "null"):
    held = snapshot_calls(args)
    print(f"streamed arguments {args!r} -> the snapshot holds {held}")
    bad += held != [("call_A", args)]
sys.exit(1 if bad else 0)
