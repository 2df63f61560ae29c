"""Reproducer of a litellm defect seen through ag-ui-crewai (docs/findings-crewai.md#gemini): a Gemini stream whose
last frame is not JSON ends as a success with the text before it, the frame silently dropped.

litellm 1.110.2 litellm/llms/vertex_ai/gemini/vertex_and_google_ai_studio_gemini.py: handle_valid_json_chunk takes a
frame json.loads rejects for a fragment of a later one (:4486-4494, accumulated_json mode); at the end of the stream
the buffer holds no complete value (:4602-4605, handle_accumulated_json_chunk :4524-4525 returns None) and the
iteration just ends (:4609). Every earlier chunk carried a finish reason litellm made up ('stop', :2704-2705), so
CustomStreamWrapper raises no "Stream ended before a finish_reason" either: the flow succeeds and the bridge sends
RUN_FINISHED. google-genai fails the stream on such a frame.
Run: python docs/repro/crewai_gemini_unparsable_frame.py (exit 1: present).
"""

import sys

from _crewai_gemini_canned import chunk, outcome, run

SSE = chunk([{"text": "Cats are"}]) + 'data: {"candidates":[{"content":{"parts":[{"text":" soft\n\n'
events, _ = run([SSE], "Describe a cat.")
end, text = outcome(events)
print(f"upstream: 'Cats are', then an unparsable frame -> AG-UI {end}, text {text!r}")
sys.exit(1 if end == "RUN_FINISHED" else 0)
