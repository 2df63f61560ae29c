"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-cerebras.verdicts.json (D-zero-usage, the Chat configuration's, on CerebrasModel over
CerebrasProvider).

The upstream reports reasoning_tokens 0 (completion_tokens_details); RUN_FINISHED.usage leaves it out, which an AG-UI
client reads as "not reported" (pydantic_ai/ui/ag_ui/_lifecycle_1_0.py:47, pydantic-ai-slim 2.68.0, maps every 0 to
absent). (Its cached_tokens 0 is lost too, and would be if it were not 0: pydantic_ai_cerebras_cached_tokens.py.)
Run: python examples/repro/pydantic_ai_cerebras_zero_usage.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import zero_usage
from _pydantic_cerebras_canned import cerebras_events, chunk

sys.exit(zero_usage(cerebras_events, chunk, counts=("reasoningTokens",)))
