"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui-gemini.verdicts.json (D-gemini-malformed-call): a Gemini
answer that ends with finishReason MALFORMED_FUNCTION_CALL (the model tried to call a function and Gemini could not
parse it) ends the AG-UI run with RUN_FINISHED, a success, and the text before it reads as the whole answer.

ag2 1.2.1 ag2/config/gemini/gemini_client.py:303-306 only records the reason (finish_reason
'malformed_function_call') on the ModelResponse, and the agent sends the response on without reading it
(ag2/agent.py:1582-1597). Run with the AG2 environment's python:
python examples/repro/ag2_gemini_malformed_call.py (exit 1: present).
"""

import sys

from _ag2_gemini_canned import run

# Some text, then the finish on a candidate with no content (Gemini's shape for this reason).
CHUNKS = [{"candidates": [{"content": {"role": "model", "parts": [{"text": "Booking it now."}]}, "index": 0}]},
          {"candidates": [{"finishReason": "MALFORMED_FUNCTION_CALL", "index": 0}],
           "usageMetadata": {"promptTokenCount": 30, "candidatesTokenCount": 9, "totalTokenCount": 39}}]
terminal = [e["type"] for e in run(CHUNKS, "Book a table for two.") if e["type"] in ("RUN_FINISHED", "RUN_ERROR")]
print("finishReason MALFORMED_FUNCTION_CALL -> terminal", terminal)
sys.exit(0 if terminal == ["RUN_ERROR"] else 1)
