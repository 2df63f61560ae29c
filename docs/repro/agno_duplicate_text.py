"""Reproducer of an agno defect pinned in tests/data/agno-agui.verdicts.json: text streamed before a
frontend tool call is sent a second time, as a new text message, when the run pauses for the call.

agno 3.1.10 agno/os/interfaces/agui/handlers.py:400 (the paused-run branch emits TEXT_MESSAGE_START,
the run's whole ``content`` and TEXT_MESSAGE_END again, then the paused tool calls).
Run: python docs/repro/agno_duplicate_text.py (prints the assistant texts; exit 1 while present).
"""

import sys

from _agno_canned import chunk, run, run_input

call = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
SSE = "".join([chunk({"role": "assistant", "content": "Checking Paris."}), chunk({"tool_calls": [call]}),
               chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"city":"Paris"}'}}]}),
               chunk({}, "tool_calls"), "data: [DONE]\n\n"])
events = run(SSE, run_input([{"id": "u1", "role": "user", "content": "Weather in Paris?"}]))
texts: dict[str, str] = {}
for e in events:
    if e["type"] == "TEXT_MESSAGE_CONTENT":
        texts[e["messageId"]] = texts.get(e["messageId"], "") + e["delta"]
print("upstream text 'Checking Paris.' -> AG-UI text messages:", list(texts.values()))
sys.exit(1 if "".join(texts.values()) != "Checking Paris." else 0)
