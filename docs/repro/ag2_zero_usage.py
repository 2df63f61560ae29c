"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui.verdicts.json (D-zero-usage): an upstream that reports
0 prompt and 0 completion tokens gets a RUN_FINISHED without usage, which an AG-UI client reads as "not reported".

ag2 1.2.1 ag2/events/types.py:34-42 (Usage.__bool__ is False when every count is 0) and ag2/agent.py:1586
(`if result.usage:` sends the UsageEvent only then). Run with the AG2 environment's python:
python docs/repro/ag2_zero_usage.py (exit 1: present).
"""

import json
import sys

from _ag2_canned import chunk, run

SSE = "".join([chunk({"role": "assistant", "content": "Done."}), chunk({}, "stop"),
               chunk({}, usage={"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}), "data: [DONE]\n\n"])
finished = next(e for e in run(SSE) if e["type"] == "RUN_FINISHED")
print("upstream usage 0/0/0 -> RUN_FINISHED.usage", json.dumps(finished.get("usage")))
sys.exit(0 if finished.get("usage") else 1)
