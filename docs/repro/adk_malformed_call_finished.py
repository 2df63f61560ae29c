"""Reproducer of an ag-ui-adk / google-adk defect (docs/findings-adk.md, D-malformed-call-finished): a Gemini
turn that ends with finishReason MALFORMED_FUNCTION_CALL after some text (the model tried to call a tool and
produced a call Gemini could not parse) is shown as a normal, finished answer.

google-adk 2.13.0 google/adk/models/llm_response.py:229-242 keeps a candidate that has content parts as a plain
response, whatever its finish reason (error_code is set only for a candidate with no parts, :243-252), and
ag-ui-adk 0.11.0 never reads error_code: the run ends with RUN_FINISHED and the user sees "Booking it now." as
the whole answer, with no sign that the call failed (@ai-sdk/google maps MALFORMED_FUNCTION_CALL to an error).
Run with the ADK environment's python: python docs/repro/adk_malformed_call_finished.py (exit 1: present).
"""

import sys

from _adk_canned import USER, chunk, run

events, _ = run(chunk([{"text": "Booking it now."}], "MALFORMED_FUNCTION_CALL"), USER)
print([e["type"] for e in events])
sys.exit(1 if events and events[-1]["type"] == "RUN_FINISHED" else 0)
