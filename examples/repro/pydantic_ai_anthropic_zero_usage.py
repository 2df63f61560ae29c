"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-anthropic.verdicts.json (D-zero-usage, as on the Chat wire and the Gemini API).

The Messages API reports ``cache_read_input_tokens: 0`` and ``output_tokens_details.thinking_tokens: 0`` (both typed
usage fields, anthropic 2.14.0 types/beta/beta_message_delta_usage.py, output_tokens_details.py); RUN_FINISHED.usage
leaves both out, which an AG-UI client reads as "not reported" (@ag-ui/core 1.0.0 keeps not reported distinct from
zero). pydantic_ai/ui/ag_ui/_lifecycle_1_0.py:47 (pydantic-ai-slim 2.68.0) maps every 0 count to absent; on this wire
pydantic-ai already drops a 0 thinking_tokens when it reads the usage (models/anthropic/_response.py:129).
Run: python examples/repro/pydantic_ai_anthropic_zero_usage.py (prints the usage; exits 1 while the defect is present).
"""

import json
import sys

from _pydantic_anthropic_canned import message_end, message_start, run_events

events = run_events([message_start({"input_tokens": 4, "output_tokens": 0, "cache_read_input_tokens": 0}),
                     {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                     {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Done."}},
                     {"type": "content_block_stop", "index": 0},
                     *message_end("end_turn", {"input_tokens": 4, "cache_read_input_tokens": 0, "output_tokens": 2,
                                               "output_tokens_details": {"thinking_tokens": 0}})])
reported = next(e for e in events if e["type"] == "RUN_FINISHED").get("usage", [{}])[0]
print("upstream cache_read_input_tokens 0, thinking_tokens 0 -> RUN_FINISHED.usage", json.dumps(reported))
sys.exit(0 if reported.get("cachedInputTokens") == 0 and reported.get("reasoningTokens") == 0 else 1)
