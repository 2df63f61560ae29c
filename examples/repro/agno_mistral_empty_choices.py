"""Reproducer of an agno defect pinned in tests/data/agno-agui-mistral.verdicts.json (D-mistral-empty-choices): agno's
MistralChat reads ``choices[0]`` of every streamed chunk unguarded, so a chunk whose ``choices`` is empty ends the run
in an error and the rest of the answer is lost.

agno 3.1.10 agno/models/mistral/mistral.py:397: ``response_delta.data.choices[0].delta``. mistralai 3.7.0 decodes such a
chunk (client/models/completionchunk.py: ``choices`` is a list, which may be empty); agno's OpenAIChat skips one.
The chunk here is Azure OpenAI's content-filter chunk with Mistral's required fields (what the corpus's
quirks.azure-filter-chunk.001 plays); no source says Mistral's own server sends one, so this is robustness.
Run: python examples/repro/agno_mistral_empty_choices.py (prints the text and the end; exit 1 while present).
"""

import sys

from _agno_mistral_canned import agno_mistral_events, calls_and_end, chunk

empty = {**chunk(), "choices": []}
chunks = [chunk({"role": "assistant", "content": "Hello"}), empty, chunk({"content": " there!"}), chunk(finish="stop")]
_calls, text, end = calls_and_end(agno_mistral_events(chunks, prompt="Say hello."))
print(f"text the client got {''.join(text)!r}, the run ends {end!r}")
sys.exit(1 if "".join(text) != "Hello there!" or end != "RUN_FINISHED" else 0)
