"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-fireworks.verdicts.json (D-zero-usage, the Chat configuration's, on OpenAIChatModel over
FireworksProvider).

The upstream reports cached_tokens 0 (prompt_tokens_details) and reasoning_tokens 0 (completion_tokens_details);
RUN_FINISHED.usage leaves both out, which an AG-UI client reads as "not reported"
(pydantic_ai/ui/ag_ui/_lifecycle_1_0.py:47, pydantic-ai-slim 2.68.0, maps every 0 to absent).
Run: python examples/repro/pydantic_ai_fireworks_zero_usage.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import zero_usage
from _pydantic_fireworks_canned import chunk, fireworks_events

sys.exit(zero_usage(fireworks_events, chunk))
