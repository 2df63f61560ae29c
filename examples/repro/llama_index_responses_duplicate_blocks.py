"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-responses.verdicts.json: an answer of
two output message items is restated with the first repeated ("A", "B" becomes "A\nA\nB") in the closing
MESSAGES_SNAPSHOT, which @ag-ui/client shows instead of the streamed text.

llama-index-llms-openai 0.8.3 llama_index/llms/openai/responses.py:486 (_parse_response_output collects text
blocks in one list across items, :475, and extends the message with the whole list after each item).
Run with the llama-index environment's python: python examples/repro/llama_index_responses_duplicate_blocks.py
(exit 1: present).
"""

import sys

from _llama_responses_canned import run, snapshot_reply, stream, streamed_text, text_item

events = run(stream([text_item(0, "Octopuses have three hearts."), text_item(1, " And blue blood.")],
                    "response.completed"))
text, reply = streamed_text(events), str(snapshot_reply(events).get("content"))
print("streamed", repr(text), "- the snapshot's reply", repr(reply))
sys.exit(1 if reply.count("Octopuses") > text.count("Octopuses") else 0)
