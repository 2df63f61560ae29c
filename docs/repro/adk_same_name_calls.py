"""Reproducer of an ag-ui-adk defect behind the pinned execution-slot exhaustion (docs/findings-adk.md): two calls
of the same client tool that Gemini streams in two chunks reach the client as one call; the second is dropped.

ADK's aggregated final event holds both calls (google-adk 2.13.0 StreamingResponseAggregator). ag-ui-adk 0.11.0
ag_ui_adk/event_translator.py:973-985 (translate_lro_function_calls) takes a same-name client tool call in a later
event for a replay of one already emitted ("genuinely parallel same-name calls arrive as multiple parts of ONE
event"): the second chunk's call, and again the final event's copy of it, count as position 1 of a name already
emitted once and are suppressed. Run with the ADK environment's python:
python docs/repro/adk_same_name_calls.py (exit 1: present).
"""

import sys

from _adk_canned import USER, chunk, run

PARIS = {"functionCall": {"id": "call_1", "name": "get_weather", "args": {"city": "Paris"}}}
ROME = {"functionCall": {"id": "call_2", "name": "get_weather", "args": {"city": "Rome"}}}
together, _ = run(chunk([PARIS, ROME], "STOP"), USER, thread="one-chunk")
apart, _ = run(chunk([PARIS]) + chunk([ROME], "STOP"), USER, thread="two-chunks")
calls = {name: [e["toolCallId"] for e in events if e["type"] == "TOOL_CALL_START"]
         for name, events in (("one chunk", together), ("two chunks", apart))}
print(calls)
sys.exit(1 if calls["one chunk"] == ["call_1", "call_2"] and calls["two chunks"] == ["call_1"] else 0)
