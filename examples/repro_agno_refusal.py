"""Reproducer of an agno defect pinned in tests/data/agno-agui.verdicts.json: an OpenAI refusal is lost.

The model's refusal streams in Chat Completions ``delta.refusal`` (openai ChoiceDelta.refusal; OpenAI docs,
Structured Outputs, Refusals: detect the refusal and show it). agno's OpenAIChat reads ``delta.content``
only (agno 3.1.10 agno/models/openai/chat.py:921, ``_parse_provider_response_delta``; no ``refusal`` anywhere in
agno/models/openai), so the AG-UI run is an empty assistant text message and RUN_FINISHED: the user sees an
empty answer and no sign that the model refused. Run: python examples/repro_agno_refusal.py (exit 1: present).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "repro"))
from _agno_canned import chunk, run, run_input

SSE = "".join([chunk({"role": "assistant", "refusal": "I'm sorry, "}), chunk({"refusal": "I can't help with that."}),
               chunk({}, "stop"), "data: [DONE]\n\n"])
events = run(SSE, run_input([{"id": "u1", "role": "user", "content": "Explain how to pick a lock."}]))
text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
shown = text + " ".join(str(e.get("message", "")) for e in events if e["type"] == "RUN_ERROR")
print("upstream refusal \"I'm sorry, I can't help with that.\" -> AG-UI text", repr(text), "| terminal",
      [e["type"] for e in events if e["type"] in ("RUN_FINISHED", "RUN_ERROR")])
sys.exit(0 if "can't help" in shown else 1)
