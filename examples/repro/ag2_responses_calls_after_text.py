"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui-responses.verdicts.json (D-responses-calls-after-text): a
Responses answer whose output items are a message, a function call and a message reaches the AG-UI client as both
texts (one message), then the call, so the client shows the call after text the model wrote after it.

ag2 1.2.1 ag2/config/openai/openai_responses_client.py:319-321 (each output_text.delta is sent on at once), :356-363
and :395-404 (a function_call item's call is kept until the stream ends), :390-393 (one ModelMessage for all the
text, at the end) and ag2/ag_ui/stream.py:376-403 (the text message closes at that ModelMessage; a client call goes
out as TOOL_CALL_CHUNK when the agent runs it). Run with the AG2 environment's python:
python examples/repro/ag2_responses_calls_after_text.py (exit 1: present).
"""

import sys

from _ag2_responses_canned import TOOLS, call_item, run, terminal, text_item, usage

items = [*text_item(0, "Let me check. "), *call_item(1, "call_lima", '{"city":"Lima"}'), *text_item(2, "One moment.")]
out = run([*items, terminal("response.completed", items, usage=usage(5, 3))], TOOLS, "Weather in Lima?")
order = [e.get("delta") if e["type"] == "TEXT_MESSAGE_CONTENT" else f"<call {e['toolCallId']}>"
         for e in out if e["type"] in ("TEXT_MESSAGE_CONTENT", "TOOL_CALL_START", "TOOL_CALL_CHUNK")]
print("upstream items: message 'Let me check. ', function_call call_lima, message 'One moment.' -> AG-UI order", order)
call = next(i for i, x in enumerate(order) if x == "<call call_lima>")
sys.exit(1 if "One moment." in order[:call] else 0)
