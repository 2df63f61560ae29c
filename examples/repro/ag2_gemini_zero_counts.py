"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui-gemini.verdicts.json (D-gemini-zero-counts): Gemini's
usageMetadata reports 0 cached and 0 thought tokens, and RUN_FINISHED.usage leaves both counts out, which an AG-UI
client reads as "not reported".

ag2 1.2.1 ag2/config/gemini/mappers.py:388 and :391 (normalize_usage: `_to_float(...) or None` turns a real 0 into
None). Run with the AG2 environment's python: python examples/repro/ag2_gemini_zero_counts.py (exit 1: present).
"""

import json
import sys

from _ag2_gemini_canned import run

CHUNKS = [{"candidates": [{"content": {"role": "model", "parts": [{"text": "Done."}]}, "finishReason": "STOP",
                           "index": 0}],
           "usageMetadata": {"promptTokenCount": 4, "candidatesTokenCount": 2, "totalTokenCount": 6,
                             "cachedContentTokenCount": 0, "thoughtsTokenCount": 0}}]
finished = next(e for e in run(CHUNKS) if e["type"] == "RUN_FINISHED")
usage = (finished.get("usage") or [{}])[0]
print("usageMetadata cached 0, thoughts 0 -> RUN_FINISHED.usage", json.dumps(usage))
sys.exit(0 if {"cachedInputTokens", "reasoningTokens"} <= set(usage) else 1)
