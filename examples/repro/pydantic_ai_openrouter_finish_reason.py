"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-openrouter.verdicts.json (D-finish-literal).

OpenRouter publishes `finish_reason` as a string that depends on the model (openrouter.ai/docs/responses) and its own
SDK reads it as an open enum (@openrouter/sdk 0.13.20 esm/models/chatfinishreasonenum.js:14). OpenRouterModel
validates every streamed chunk again as its own chunk type (pydantic_ai/models/openrouter.py:1620, pydantic-ai-slim
2.68.0), whose finish_reason is Literal['stop', 'length', 'tool_calls', 'content_filter', 'error'] | None (:1581): any
other value raises a ValidationError, and the run ends in RUN_ERROR after its answer streamed.
Run: python examples/repro/pydantic_ai_openrouter_finish_reason.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_openrouter_canned import chunk, openrouter_events

events = openrouter_events([chunk({"role": "assistant", "content": "Pausing here."}), chunk(finish="pause_turn")])
print("finish_reason 'pause_turn' ->", [e["type"] for e in events])
for e in events:
    if e["type"] == "RUN_ERROR":
        print("RUN_ERROR:", e["message"].splitlines()[0:3])
sys.exit(0 if events[-1]["type"] == "RUN_FINISHED" else 1)
