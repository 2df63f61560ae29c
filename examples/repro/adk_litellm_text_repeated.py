"""Reproducer of an ag-ui-adk defect pinned in tests/data/adk-agui-litellm.verdicts.json (D-lro-text-repeat in
docs/findings-adk.md): over ADK's ``LiteLlm`` model, a reply that says something and then calls a client tool shows
its text twice, as two assistant messages.

google-adk 2.13.0's LiteLlm yields every streamed tool-call delta as a partial event that carries the call
(google/adk/models/lite_llm.py generate_content_async), and ADK marks the call long-running on that partial event
(google/adk/flows/llm_flows/core/_finalizer.py:93-99; the caller's tools are long-running). ag-ui-adk 0.11.0 sends
any event with a long-running call down its LRO branch (ag_ui_adk/adk_agent.py:4361), whose
``force_close_streaming_message`` (:4386; event_translator.py:1451-1463) ends the streamed text without remembering
it; the turn's aggregated final event then restates the text with the call, and the translator skips restated text
only while a text stream is still open (event_translator.py:805), so it streams the text again.
The app is examples/adk_agui_app.py's ``litellm_app``, its model on a canned local Chat Completions server; no
conformance suite involved. Run with the ADK environment's python (examples/adk_requirements.txt):
python examples/repro/adk_litellm_text_repeated.py (exit 1: present).
With a litellm model as argument the app takes that route instead of ``openai/gpt-4o``: the same chunks reach
litellm's DeepSeek route, which parses them with the OpenAI chat iterator (tests/data/adk-agui-deepseek.verdicts.json):
python examples/repro/adk_litellm_text_repeated.py deepseek/deepseek-v4-flash (exit 1: present).
"""

from __future__ import annotations

import sys

from _adk_litellm_canned import TOOL, agui_events, call, chunk, sse, texts

MODEL = sys.argv[1] if len(sys.argv) > 1 else "openai/gpt-4o"  # a litellm Chat Completions route
TEXT = "Let me check the weather."
PAYLOAD = sse([chunk({"role": "assistant", "content": TEXT}), chunk(call(0, "", "call_1")),
               chunk(call(0, '{"city":"Paris"}')), chunk(finish="tool_calls")])

events = agui_events(PAYLOAD, [TOOL], prompt="Weather in Paris?", model=MODEL)
shown = texts(events)
print([e["type"] for e in events])
print("assistant messages:", shown)
sys.exit(1 if shown == [TEXT, TEXT] else 0)
