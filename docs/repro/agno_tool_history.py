"""Reproducer of an agno defect pinned in tests/data/agno-agui.verdicts.json: a RunAgentInput whose history
already holds a tool call and its result (what an AG-UI client sends on its next turn) is refused with
RUN_ERROR unless this very server paused that run and still has it in its session store.

agno 3.1.10 agno/os/interfaces/agui/resume.py:164 (tool messages in the input are always treated as the
resumption of a paused run: "Session ... not found" on a fresh server, after a restart or on another
replica). Run: python docs/repro/agno_tool_history.py (prints the events; exit 1 while present).
"""

import sys

from _agno_canned import chunk, run, run_input

SSE = chunk({"role": "assistant", "content": "18 C in Paris."}, "stop") + "data: [DONE]\n\n"
call = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}
events = run(SSE, run_input([
    {"id": "u1", "role": "user", "content": "Weather in Paris?"},
    {"id": "a1", "role": "assistant", "content": "", "toolCalls": [call]},
    {"id": "t1", "role": "tool", "content": "18C", "toolCallId": "call_1"},
]))
print("history [user, assistant call_1, tool result] ->", [(e["type"], e.get("message")) for e in events
                                                         if e["type"] in ("RUN_ERROR", "RUN_FINISHED")])
sys.exit(1 if any(e["type"] == "RUN_ERROR" for e in events) else 0)
