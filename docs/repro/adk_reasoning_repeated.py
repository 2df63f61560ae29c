"""Reproducer of an ag-ui-adk defect pinned in tests/data/adk-agui.verdicts.json: a Gemini reply whose thoughts
are followed by text shows the reasoning twice, the second copy opened inside the still-open text message.

ADK (StreamingMode.SSE, ag-ui-adk's default) yields each chunk as a partial event, then one aggregated
non-partial event restating the whole turn, thoughts included. ag-ui-adk 0.11.0
ag_ui_adk/event_translator.py:666-669 skips that restated reasoning only while a reasoning stream is still open
(`was_already_reasoning and not is_partial`); the text that followed the thoughts closed it
(_translate_text_content closes reasoning before text), so the aggregated event's thoughts are streamed again as a
second REASONING message.
Run with the ADK environment's python: python docs/repro/adk_reasoning_repeated.py (exit 1: present).
"""

import sys

from _adk_canned import USER, chunk, run

THOUGHT = "91 = 7 * 13."
SSE = "".join([chunk([{"text": THOUGHT, "thought": True}]), chunk([{"text": "No: 91 = 7 x 13."}]),
               chunk([{"text": ""}], "STOP")])
events, _ = run(SSE, USER)
reasoning = [e["delta"] for e in events if e["type"] == "REASONING_MESSAGE_CONTENT"]
blocks = sum(e["type"] == "REASONING_MESSAGE_START" for e in events)
print([e["type"] for e in events])
print("reasoning blocks:", blocks, "reasoning text:", reasoning)
sys.exit(1 if blocks > 1 and "".join(reasoning) == THOUGHT * blocks else 0)
