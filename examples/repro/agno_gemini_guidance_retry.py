"""Reproducer of an agno defect pinned in tests/data/agno-agui-gemini.verdicts.json: when a Gemini turn ends with
finishReason MALFORMED_FUNCTION_CALL after some text, agno retries the model call with a guidance message and
streams the retry's text into the same AG-UI text message, after the abandoned attempt's text.

agno 3.1.10 agno/models/google/gemini.py:1407-1412 raises RetryableModelProviderError on that finish reason, after
the attempt's text chunks were yielded (agno/models/base.py:387-388); agno/models/base.py:422 then re-streams the
regenerated call, and the AG-UI interface, which saw no end of the first attempt, appends its text to the open
message. The client shows 'Booking it now.' glued to the retry's answer.
Run: python examples/repro/agno_gemini_guidance_retry.py (prints the AG-UI text messages; exit 1 while present).
"""

import sys

from _agno_gemini_canned import chunk, run, run_input, texts

FIRST = chunk("Booking it now.") + chunk(finish="MALFORMED_FUNCTION_CALL")
RETRY = chunk("Which day do you travel?", finish="STOP")
events = run([FIRST, RETRY], run_input("Book the 9:40 train."))
shown = texts(events)
print("attempt 1 'Booking it now.' (MALFORMED_FUNCTION_CALL), attempt 2 'Which day do you travel?' -> AG-UI text "
      "messages:", shown, "| terminal:", [e["type"] for e in events if e["type"].startswith("RUN_")][-1:])
sys.exit(1 if any("Booking it now." in t and "Which day" in t for t in shown) else 0)
