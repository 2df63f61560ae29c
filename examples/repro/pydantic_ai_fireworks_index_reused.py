"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-fireworks.verdicts.json (D-index-reused, the Chat configuration's, on OpenAIChatModel over
FireworksProvider).

Two calls that both say index 0, told apart by the second's new id, become one part (pydantic_ai/_parts_manager.py:428,
pydantic-ai-slim 2.68.0): the stream starts call_w1 and ends call_w2, a call it never started.
Run: python examples/repro/pydantic_ai_fireworks_index_reused.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import index_reused
from _pydantic_fireworks_canned import chunk, fireworks_events

sys.exit(index_reused(fireworks_events, chunk))
