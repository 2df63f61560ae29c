"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-groq.verdicts.json (D-index-reused, the Chat configuration's, on GroqModel).

Two calls that both say index 0, told apart by the second's new id, become one part: GroqModel keys tool-call deltas
by index alone (pydantic_ai/models/groq.py:905) and the parts manager applies the second call's delta to the first
part (pydantic_ai/_parts_manager.py:428, pydantic-ai-slim 2.68.0): the stream starts call_w1 and ends call_w2.
Run: python examples/repro/pydantic_ai_groq_index_reused.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import index_reused
from _pydantic_groq_canned import chunk, groq_events

sys.exit(index_reused(groq_events, chunk))
