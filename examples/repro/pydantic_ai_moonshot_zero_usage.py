"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-moonshot.verdicts.json (D-zero-usage, the Chat configuration's, on OpenAIChatModel over
MoonshotAIProvider).

The upstream reports reasoning_tokens 0 (completion_tokens_details, as the mock's moonshot flavour sends it) and
cached_tokens 0; RUN_FINISHED.usage leaves both out, which an AG-UI client reads as "not reported"
(pydantic_ai/ui/ag_ui/_lifecycle_1_0.py:47, pydantic-ai-slim 2.68.0, maps every 0 to absent).
Run: python examples/repro/pydantic_ai_moonshot_zero_usage.py (exits 1 while the defect is present).
"""

import json
import sys

from _pydantic_moonshot_canned import chunk, moonshot_events


def zero_usage() -> bool:
    usage = {"prompt_tokens": 4, "completion_tokens": 2, "total_tokens": 6,
             "prompt_tokens_details": {"cached_tokens": 0}, "completion_tokens_details": {"reasoning_tokens": 0}}
    events = moonshot_events([chunk({"role": "assistant", "content": "Done."}), chunk(finish="stop"),
                              {**chunk(), "choices": [], "usage": usage}])
    reported = next(e for e in events if e["type"] == "RUN_FINISHED").get("usage", [{}])[0]
    print("zero-usage: cached_tokens 0, reasoning_tokens 0 ->", json.dumps(reported))
    return not (reported.get("cachedInputTokens") == 0 and reported.get("reasoningTokens") == 0)


sys.exit(1 if zero_usage() else 0)
