"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-mistral.verdicts.json
(D-mistral-cumulative-text): an answer Mistral streams in three chunks is streamed right, but the closing
MESSAGES_SNAPSHOT restates it as every prefix of the text joined by newlines ("The capital\nThe capital of
France\n..."), and @ag-ui/client shows the snapshot's copy and sends it back as history.

llama-index-llms-mistralai 0.11.0 llama_index/llms/mistralai/base.py:644 keeps one ``blocks`` list for the whole
stream and :689 appends ``TextBlock(text=content)``, the text SO FAR, at every chunk (the finish chunk too), so the
last ChatResponse's message holds one cumulative block per chunk; the router restates the reply from
ChatMessage.content, which joins text blocks with "\n" (llama-index-core 0.14.25
llama_index/core/base/llms/types.py:1214). Run with the llama-index environment's python:
python examples/repro/llama_index_mistral_cumulative_text.py (exit 1: present).
"""

import sys

from _llama_mistral_canned import chunk, finish, run, snapshot_reply, streamed_text

events = run([chunk({"role": "assistant", "content": "The capital"}), chunk({"content": " of France"}),
              chunk({"content": " is Paris."}), finish("stop")], prompt="Capital of France?")
text, reply = streamed_text(events), snapshot_reply(events)
print("streamed", repr(text), "- the snapshot's reply", repr(reply))
sys.exit(1 if reply != text else 0)
