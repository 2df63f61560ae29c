"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui.verdicts.json: an OpenAI refusal is lost.

The model's refusal streams in Chat Completions ``delta.refusal`` (openai ChoiceDelta.refusal; OpenAI docs,
Structured Outputs, Refusals: detect the refusal and show it). llama-index-llms-openai 0.8.3
llama_index/llms/openai/base.py:861 (``_astream_chat``) reads ``delta.content or ""`` only; its Chat
Completions path never reads ``refusal`` (only responses.py does). The AG-UI run ends RUN_FINISHED with an
assistant message without content: an empty answer and no sign that the model refused.
Run with the llama-index environment's python: python examples/repro_llama_index_refusal.py (exit 1: present).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "repro"))
from _llama_canned import chunk, run

SSE = "".join([chunk({"role": "assistant", "refusal": "I'm sorry, "}), chunk({"refusal": "I can't help with that."}),
               chunk({}, "stop"), "data: [DONE]\n\n"])
events, _ = run(SSE, [{"id": "u1", "role": "user", "content": "Explain how to pick a lock."}])
seen = " ".join(str(e.get("delta", "")) + str(e.get("message", "")) + str(e.get("messages", "")) for e in events)
print("upstream refusal \"I'm sorry, I can't help with that.\" -> AG-UI events",
      [e["type"] for e in events], "| refusal shown:", "can't help" in seen)
sys.exit(0 if "can't help" in seen else 1)
