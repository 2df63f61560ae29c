"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-cerebras.verdicts.json (D-leading-whitespace, the Moonshot configuration's, on CerebrasModel
over CerebrasProvider).

CerebrasProvider gives gpt-oss models harmony's profile (pydantic_ai/providers/cerebras.py:51, pydantic-ai-slim
2.68.0), which sets ignore_streamed_leading_whitespace (profiles/harmony.py:14), and the parts manager then drops a
whitespace-only text delta while no text part is open (pydantic_ai/_parts_manager.py:236). An answer that is all
whitespace ("\\n", "  ") leaves the response with no part: the agent re-asks the model, gets the same answer, and the
run ends RUN_ERROR instead of RUN_FINISHED with the model's text.
Run: python examples/repro/pydantic_ai_cerebras_leading_whitespace.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import leading_whitespace
from _pydantic_cerebras_canned import cerebras_events, chunk

sys.exit(leading_whitespace(cerebras_events, chunk))
