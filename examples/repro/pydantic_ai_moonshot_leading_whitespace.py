"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-moonshot.verdicts.json (D-leading-whitespace, Moonshot's profile's, on OpenAIChatModel
over MoonshotAIProvider).

MoonshotAIProvider's profile sets ignore_streamed_leading_whitespace for every Kimi model
(pydantic_ai/profiles/moonshotai.py:16, pydantic-ai-slim 2.68.0), and the parts manager then drops a whitespace-only
text delta while no text part is open (pydantic_ai/_parts_manager.py:236). An answer that is all whitespace ("\\n",
"  ") leaves the response with no part: the agent re-asks the model (_agent_graph.py:3891-3906), gets the same
answer, and the run ends RUN_ERROR instead of RUN_FINISHED with the model's text. The same chunks through the same
agent on OpenAIChatModel with the flag off (OpenAIProvider) finish with the text "\\n  ".
Run: python examples/repro/pydantic_ai_moonshot_leading_whitespace.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import leading_whitespace
from _pydantic_moonshot_canned import chunk, moonshot_events

sys.exit(leading_whitespace(moonshot_events, chunk))
