"""Reproducer of an ag-ui-adk defect behind the pinned execution-slot exhaustion (docs/findings-adk.md): a Gemini
reply whose text is followed by two client tool calls in two later chunks shows the text twice, the second copy
opened inside the still-open first tool call (with one call, or both calls in one chunk, it is shown once).

ADK (StreamingMode.SSE) yields each chunk as a partial event, then one aggregated non-partial event restating the
turn's text and calls. ag-ui-adk 0.11.0 ag_ui_adk/event_translator.py recognises the restated text once
(:731-739, "duplicate content detected from finished stream"), then resets its streaming state (:819-833) and
streams the same text again as a new assistant message (:805 skips restated text only while a stream is open).
Which event brings the text back is not isolated here. Run with the ADK environment's python:
python docs/repro/adk_text_repeated.py (exit 1: present).
"""

import sys

from _adk_canned import USER, chunk, run

CALL = {"functionCall": {"id": "call_1", "name": "get_weather", "args": {"city": "Paris"}}}
ROME = {"functionCall": {"id": "call_2", "name": "get_weather", "args": {"city": "Rome"}}}
events, _ = run(chunk([{"text": "Checking."}]) + chunk([CALL]) + chunk([ROME], "STOP"), USER)
texts = [e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT"]
print([e["type"] for e in events])
print("text deltas:", texts)
sys.exit(1 if texts == ["Checking.", "Checking."] else 0)
