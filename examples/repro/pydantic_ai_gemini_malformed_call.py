"""Reproducer (outside the suite) of a pydantic-ai defect pinned in tests/data/pydantic-ai-agui-gemini.verdicts.json.

Gemini ends a turn with finishReason MALFORMED_FUNCTION_CALL when the model's function call could not be parsed: no
call arrives and the turn failed. GoogleModel maps that reason to finish_reason 'error'
(pydantic_ai/models/google.py:215, pydantic-ai-slim 2.68.0), but the agent graph only asks whether the response is
empty before it takes the text as the final answer (pydantic_ai/_agent_graph.py:3890; finish_reason 'error' is
never read there), so the text before the failed call ends the run as a success: RUN_FINISHED, and the user sees
"Booking it now." as the whole answer with nothing booked (@ai-sdk/google reads the same reason as an error).
Run: python examples/repro/pydantic_ai_gemini_malformed_call.py (prints the terminal; exits 1 while the defect
is present).
"""

import sys

from _pydantic_gemini_canned import chunk, run_events

events = run_events([chunk([{"text": "Booking it now."}]),
                     chunk([], finish="MALFORMED_FUNCTION_CALL",
                           usage={"promptTokenCount": 30, "candidatesTokenCount": 9, "totalTokenCount": 39})],
                    tools=[{"name": "book_train", "description": "Book a train",
                            "parameters": {"type": "object", "properties": {"time": {"type": "string"}},
                                           "required": ["time"]}}],
                    prompt="Book the 9:40 train.")
terminal = events[-1]["type"] if events else None
print("upstream finishReason MALFORMED_FUNCTION_CALL after text -> terminal", terminal)
sys.exit(0 if terminal == "RUN_ERROR" else 1)
