"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui.verdicts.json (D-index-gap): parallel calls numbered
0 and 2 (a server that numbers calls by output position) give the client a third, nameless call with id ''.

ag2 1.2.1 ag2/config/openai/openai_client.py:229-236 pads its call list up to the index with empty entries and
:256-263 turns every entry into a call; the empty one is sent as TOOL_CALL_START/ARGS/END and answered
"Tool `` not found". Run with the AG2 environment's python: python docs/repro/ag2_index_gap.py (exit 1: present).
"""

import sys

from _ag2_canned import call, chunk, run

SSE = "".join([chunk({"role": "assistant"}), chunk(call(0, "call_g0", "get_weather", '{"x":"Oslo"}')),
               chunk(call(2, "call_g2", "get_time", '{"x":"Tokyo"}')), chunk({}, "tool_calls"), "data: [DONE]\n\n"])
events = run(SSE, "Weather in Oslo and time in Tokyo?")
ids = sorted({e["toolCallId"] for e in events if e["type"].startswith("TOOL_CALL")})
print("upstream calls call_g0 (index 0), call_g2 (index 2) -> AG-UI tool call ids", ids,
      "| results:", [e["content"].strip() for e in events if e["type"] == "TOOL_CALL_RESULT"])
sys.exit(0 if ids == ["call_g0", "call_g2"] else 1)
