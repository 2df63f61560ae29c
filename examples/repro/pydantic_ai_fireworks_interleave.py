"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-fireworks.verdicts.json (D-interleave, the Chat configuration's, on OpenAIChatModel over
FireworksProvider).

Two calls whose fragments interleave (index 0, 1, 0): starting call_B ends call_A (pydantic_ai/models/__init__.py:3024,
pydantic-ai-slim 2.68.0), and call_A's last TOOL_CALL_ARGS come after its TOOL_CALL_END.
Run: python examples/repro/pydantic_ai_fireworks_interleave.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import interleave
from _pydantic_fireworks_canned import chunk, fireworks_events

sys.exit(interleave(fireworks_events, chunk))
