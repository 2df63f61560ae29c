"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-mistral.verdicts.json (D-zero-usage, the Chat configuration's, on MistralModel).

Mistral reports its usage on the finish chunk; a cached prompt count of 0 is left out of RUN_FINISHED.usage, which an
AG-UI client reads as "not reported" (pydantic_ai/ui/ag_ui/_lifecycle_1_0.py:47, pydantic-ai-slim 2.68.0, maps every
0 to absent).
Run: python examples/repro/pydantic_ai_mistral_zero_usage.py (exits 1 while the defect is present).
"""

import json
import sys

from _pydantic_mistral_canned import chunk, mistral_events


def zero_usage() -> bool:
    usage = {"prompt_tokens": 4, "completion_tokens": 2, "total_tokens": 6,
             "prompt_tokens_details": {"cached_tokens": 0}}
    events = mistral_events([chunk({"role": "assistant", "content": "Done."}), chunk(finish="stop", usage=usage)])
    reported = next(e for e in events if e["type"] == "RUN_FINISHED").get("usage", [{}])[0]
    print("zero-usage: cached_tokens 0 ->", json.dumps(reported))
    return reported.get("cachedInputTokens") != 0


sys.exit(1 if zero_usage() else 0)
