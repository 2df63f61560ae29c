"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-moonshot.verdicts.json (D-interleave, the Chat configuration's, on OpenAIChatModel over
MoonshotAIProvider).

Interleaved tool-call fragments (index 0, 1, 0): pydantic_ai/models/__init__.py:3024 (pydantic-ai-slim 2.68.0) ends
the previously started part whenever a new part starts, so the first call's TOOL_CALL_ARGS follow its TOOL_CALL_END.
Run: python examples/repro/pydantic_ai_moonshot_interleave.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import interleave
from _pydantic_moonshot_canned import chunk, moonshot_events

sys.exit(interleave(moonshot_events, chunk))
