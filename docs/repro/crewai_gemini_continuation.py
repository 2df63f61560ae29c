"""Reproducer of a litellm defect seen through ag-ui-crewai (docs/findings-crewai.md#gemini): a Gemini response that
stops with finishReason CONTINUATION and a continuationToken is never continued; the run ends RUN_FINISHED with the
first hop's text.

litellm 1.110.2 litellm/llms/vertex_ai/gemini/long_decode.py:96 (continuation_cap_of: no max_output_tokens in the
request, no cap) makes ModelResponseIterator._plan_resume return at once
(vertex_and_google_ai_studio_gemini.py:4394-4396), so the second request is never sent; the stream ends with
finish_reason 'length' and the token in provider_specific_fields, which the bridge drops. google-genai follows
continuation tokens by default (automatic_continuation, google/genai/_extra_utils.py
should_enable_automatic_continuation). Unsure whether the Gemini API sends CONTINUATION to a request without
maxOutputTokens (docs/findings-crewai.md#gemini).
Run: python docs/repro/crewai_gemini_continuation.py (prints the requests and the text; exit 1: present).
"""

import sys

from _crewai_gemini_canned import chunk, outcome, run

FIRST = (chunk([{"text": "The keeper climbed the stairs, "}])
         + chunk(None, "CONTINUATION", {"promptTokenCount": 20, "candidatesTokenCount": 50, "totalTokenCount": 70},
                 continuationToken="Y29udC0x"))
REST = chunk([{"text": "until the lamp would not light."}], "STOP",
             {"promptTokenCount": 20, "candidatesTokenCount": 30, "totalTokenCount": 50})
events, bodies = run([FIRST, REST], "Write the long story of the lighthouse keeper.")
end, text = outcome(events)
print(f"requests: {len(bodies)} (continuationToken sent: {any('continuationToken' in b for b in bodies)}); "
      f"AG-UI {end}, text {text!r}")
sys.exit(0 if text == "The keeper climbed the stairs, until the lamp would not light." else 1)
