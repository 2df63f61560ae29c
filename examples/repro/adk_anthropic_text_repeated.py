"""Reproducer of an ag-ui-adk defect pinned in tests/data/adk-agui-anthropic.verdicts.json (D-lro-text-repeat in
docs/findings-adk.md), over ADK's ``LiteLlm`` model on litellm's Anthropic Messages route: a reply with a text block
and then a tool_use block for a client tool shows its text twice, as two assistant messages.

litellm 1.110.2's Anthropic parser turns the tool_use block's start and its input_json_delta into tool-call deltas
(litellm/llms/anthropic/chat/handler.py), google-adk 2.13.0's LiteLlm yields each as a partial event that carries the
call (google/adk/models/lite_llm.py generate_content_async), and ADK marks the call long-running on that partial event
(google/adk/flows/llm_flows/core/_finalizer.py:93-99; the caller's tools are long-running). ag-ui-adk 0.11.0 sends any
event with a long-running call down its LRO branch (ag_ui_adk/adk_agent.py:4361), whose
``force_close_streaming_message`` (:4386; event_translator.py:1451-1463) ends the streamed text without remembering
it; the turn's aggregated final event then restates the text with the call, and the translator skips restated text
only while a text stream is still open (event_translator.py:805), so it streams the text again. The same defect as
over Chat Completions (examples/repro/adk_litellm_text_repeated.py).
The app is examples/adk_agui_app.py's ``anthropic_app``, its model on a canned local Messages server; no conformance
suite involved. Run with the ADK environment's python (examples/adk_requirements.txt):
python examples/repro/adk_anthropic_text_repeated.py (exit 1: present).
"""

from __future__ import annotations

import sys

from _adk_litellm_canned import ANTHROPIC, TOOL, agui_events, messages_sse, text_block, texts, tool_use_block

TEXT = "Let me check the weather."
PAYLOAD = messages_sse([*text_block(0, TEXT), *tool_use_block(1, "toolu_1", "get_weather", '{"city":"Paris"}')],
                       "tool_use")

events = agui_events(PAYLOAD, [TOOL], prompt="Weather in Paris?", model=ANTHROPIC)
shown = texts(events)
print([e["type"] for e in events])
print("assistant messages:", shown)
sys.exit(1 if shown == [TEXT, TEXT] else 0)
