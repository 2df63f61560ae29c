"""Reproducer of a litellm defect seen through ag-ui-crewai (docs/findings-crewai.md#gemini): a Gemini turn that ends
with finishReason MALFORMED_FUNCTION_CALL (the model's call could not be parsed; google-genai FinishReason) ends the
AG-UI run as a success, the text before it shown as the whole answer.

litellm 1.110.2 litellm/litellm_core_utils/core_helpers.py:395 maps "MALFORMED_FUNCTION_CALL" to "stop", so nothing
after it (copilotkit_stream, the flow, the bridge) can tell the failed call from a finished answer. @ai-sdk/google
maps the reason to 'error'.
Run: python docs/repro/crewai_gemini_malformed_call.py (exit 1: present).
"""

import sys

from _crewai_gemini_canned import chunk, outcome, run

SSE = chunk([{"text": "Booking it now."}]) + chunk(None, "MALFORMED_FUNCTION_CALL")
events, _ = run([SSE], "Book the 9:40 train.")
end, text = outcome(events)
print(f"upstream: 'Booking it now.', finishReason MALFORMED_FUNCTION_CALL -> AG-UI {end}, text {text!r}")
sys.exit(1 if end == "RUN_FINISHED" else 0)
