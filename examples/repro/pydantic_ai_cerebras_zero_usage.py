"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-cerebras.verdicts.json (D-zero-usage, the Chat configuration's, on CerebrasModel over
CerebrasProvider).

The upstream reports reasoning_tokens 0 (completion_tokens_details); RUN_FINISHED.usage leaves it out, which an AG-UI
client reads as "not reported" (pydantic_ai/ui/ag_ui/_lifecycle_1_0.py:47, pydantic-ai-slim 2.68.0, maps every 0 to
absent). (Its cached_tokens 0 is lost too, and would be if it were not 0: pydantic_ai_cerebras_cached_tokens.py.)
Run: python examples/repro/pydantic_ai_cerebras_zero_usage.py (exits 1 while the defect is present).
"""

import json
import sys

from _pydantic_cerebras_canned import cerebras_events, chunk


def zero_usage() -> bool:
    usage = {"prompt_tokens": 4, "completion_tokens": 2, "total_tokens": 6,
             "prompt_tokens_details": {"cached_tokens": 0}, "completion_tokens_details": {"reasoning_tokens": 0}}
    events = cerebras_events([chunk({"role": "assistant", "content": "Done."}), chunk(finish="stop"),
                              {**chunk(), "choices": [], "usage": usage}])
    reported = next(e for e in events if e["type"] == "RUN_FINISHED").get("usage", [{}])[0]
    print("zero-usage: cached_tokens 0, reasoning_tokens 0 ->", json.dumps(reported))
    return reported.get("reasoningTokens") != 0


sys.exit(1 if zero_usage() else 0)
