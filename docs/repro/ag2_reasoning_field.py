"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui.verdicts.json (D-reasoning-field): reasoning streamed
in Chat Completions `delta.reasoning` (OpenRouter, Ollama) never reaches the AG-UI client.

ag2 1.2.1 ag2/config/openai/openai_client.py:221 reads only `delta.reasoning_content` from a stream, although the
non-streamed reader of the same client reads `message.reasoning` (:163). Run with the AG2 environment's python:
python docs/repro/ag2_reasoning_field.py (exit 1: present).
"""

import sys

from _ag2_canned import chunk, run

SSE = "".join([chunk({"role": "assistant", "reasoning": "221 = 13 * 17"}), chunk({"content": "No: 221 = 13 x 17."}),
               chunk({}, "stop"), "data: [DONE]\n\n"])
events = run(SSE, "Is 221 prime?")
reasoning = "".join(e["delta"] for e in events if e["type"] == "REASONING_MESSAGE_CONTENT")
print("upstream delta.reasoning '221 = 13 * 17' -> AG-UI reasoning", repr(reasoning),
      "| events:", [e["type"] for e in events])
sys.exit(0 if reasoning else 1)
