"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui-anthropic.verdicts.json (D-anthropic-calls-after-text):
an Anthropic message whose content blocks are text, tool_use, text reaches the AG-UI client as both texts, then the
call, so the client shows the call after text the model wrote after it.

ag2 1.2.1 ag2/config/anthropic/anthropic_client.py:393-395 (each text_delta is sent on at once) with :406-416 (a
tool_use block's call is kept until the stream ends) and ag2/ag_ui/stream.py:376-403 (the text message closes at the
final ModelMessage; a client call goes out as TOOL_CALL_CHUNK when the agent runs it). Run with the AG2
environment's python: python examples/repro/ag2_anthropic_calls_after_text.py (exit 1: present).
"""

import sys

from _ag2_anthropic_canned import message_end, message_start, run, text_block, tool_use_block

TOOLS = [{"name": "get_time", "description": "Current time in a city",
          "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]
EVENTS = [message_start(), *text_block(0, "Let me check. "),
          *tool_use_block(1, "toolu_lima", "get_time", ['{"city":', '"Lima"}']),
          *text_block(2, "One moment."), *message_end("tool_use")]
out = run(EVENTS, TOOLS, "What time is it in Lima?")
order = [e.get("delta") if e["type"] == "TEXT_MESSAGE_CONTENT" else f"<call {e['toolCallId']}>"
         for e in out if e["type"] in ("TEXT_MESSAGE_CONTENT", "TOOL_CALL_START", "TOOL_CALL_CHUNK")]
print("upstream blocks: text 'Let me check. ', tool_use toolu_lima, text 'One moment.' -> AG-UI order", order)
call = next(i for i, x in enumerate(order) if x == "<call toolu_lima>")
sys.exit(1 if "One moment." in order[:call] else 0)
