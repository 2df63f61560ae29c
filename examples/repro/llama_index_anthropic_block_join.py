"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-anthropic.verdicts.json
(D-snapshot-block-join): an answer of two text blocks is streamed as the blocks' text back to back, but the
closing MESSAGES_SNAPSHOT restates it with a newline between the blocks ("A", " B" becomes "A\n B"), and
@ag-ui/client shows the snapshot's copy.

llama-index-protocols-ag-ui 0.6.0 llama_index/protocols/ag_ui/utils.py:313 restates the reply from
ChatMessage.content, which joins text blocks with "\n" (llama-index-core 0.14.25
llama_index/core/base/llms/types.py:1214); the anthropic SDK reads a message's text as the blocks concatenated
(lib/streaming/_messages.py get_final_text, "".join).
Run with the llama-index environment's python: python examples/repro/llama_index_anthropic_block_join.py
(exit 1: present).
"""

import sys

from _llama_anthropic_canned import MESSAGE_START, message_end, run, snapshot_reply, streamed_text, text_block

events = run([MESSAGE_START, *text_block(0, "Octopuses have three hearts."),
              *text_block(1, " They also have blue blood."), *message_end("end_turn")],
             prompt="Two facts about octopuses?")
text, reply = streamed_text(events), str(snapshot_reply(events).get("content"))
print("streamed", repr(text), "- the snapshot's reply", repr(reply))
sys.exit(1 if reply != text.strip() else 0)
