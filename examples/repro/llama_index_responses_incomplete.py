"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-responses.verdicts.json: what streamed
before `response.incomplete` (max_output_tokens, content_filter) vanishes from the answer: the closing
MESSAGES_SNAPSHOT holds an empty assistant message, and a cut tool call is not sent at all.

llama-index-llms-openai 0.8.3 llama_index/llms/openai/responses.py:599 (process_response_event starts each
event's blocks empty; only `response.completed` restates the output, :674-679), and the AG-UI workflow keeps the
last ChatResponse's message as the answer (llama-index-protocols-ag-ui 0.6.0 agent.py:279-290).
Run with the llama-index environment's python: python examples/repro/llama_index_responses_incomplete.py
(exit 1: present).
"""

import sys

from _llama_responses_canned import call_item, run, snapshot_reply, stream, streamed_text, text_item

cut = {"incomplete_details": {"reason": "max_output_tokens"}}
events = run(stream([text_item(0, "Once upon a time")], "response.incomplete", **cut))
text, reply = streamed_text(events), snapshot_reply(events)
print("streamed", repr(text), "- the snapshot's reply", repr(reply.get("content")))
calls = [e for e in run(stream([call_item(0, "call_1", '{"city":"Par')], "response.incomplete", **cut))
         if e["type"].startswith("TOOL_CALL")]
print("a cut call before response.incomplete: tool-call events", calls)
sys.exit(1 if reply.get("content") != text or not calls else 0)
