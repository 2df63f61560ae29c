"""Reproducer of an agno defect pinned in tests/data/agno-agui-gemini.verdicts.json: the Gemini API's in-band
error reaches the AG-UI client as the repr of a response object instead of the upstream's message.

agno 3.1.10 agno/models/google/gemini.py:760-764 (ainvoke_stream's except (ClientError, ServerError)): the message
google-genai put in the APIError (str(e), e.message) is replaced by ``e.response.text`` when the response has that
attribute, else by ``str(e.response)``. For an error frame in the stream, google-genai 3.6.1's ``e.response`` is its
own HttpResponse, which has no ``text``: the RUN_ERROR message is '<google.genai._api_client.HttpResponse object at
0x...>'. (For an HTTP error status it is aiohttp's ClientResponse, whose ``text`` is a coroutine method, so the
message is '<bound method ClientResponse.text of ...>'.)
Run: python examples/repro/agno_gemini_error_text.py (prints the RUN_ERROR message; exit 1 while present).
"""

import sys

from _agno_gemini_canned import chunk, error_frame, run, run_input

SSE = chunk("Dear") + error_frame(429, "Rate limit reached for tokens per minute", "RESOURCE_EXHAUSTED")
events = run([SSE], run_input("Draft an email."))
errors = [e.get("message", "") for e in events if e["type"] == "RUN_ERROR"]
print("upstream error 'Rate limit reached for tokens per minute' -> RUN_ERROR messages:", errors)
sys.exit(0 if errors and all("Rate limit reached" in m for m in errors) else 1)
