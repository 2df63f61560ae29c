"""Reproducer of an ag-ui-adk defect pinned in tests/data/adk-agui-litellm.verdicts.json (D-reasoning-repeat in
docs/findings-adk.md), over ADK's ``LiteLlm`` model: a Chat Completions reply whose ``reasoning_content`` is followed
by text shows the reasoning twice, the second copy opened inside the still-open text message.

google-adk 2.13.0's LiteLlm yields the reasoning and the text as partial events, then one aggregated final response
restating the turn, thought parts included (google/adk/models/lite_llm.py ``_finalize_text_response``). ag-ui-adk
0.11.0 ag_ui_adk/event_translator.py:665-669 skips restated reasoning only while a reasoning stream is still open;
the text that followed the reasoning closed it (:781), so the restated thoughts are streamed as a second REASONING
message. The same defect as over Gemini (docs/repro/adk_reasoning_repeated.py).
The app is examples/adk_agui_app.py's ``litellm_app``, its model on a canned local Chat Completions server; no
conformance suite involved. Run with the ADK environment's python (examples/adk_requirements.txt):
python examples/repro/adk_litellm_reasoning_repeated.py (exit 1: present).
With a litellm model as argument the app takes that route instead of ``openai/gpt-4o``: the same chunks reach
litellm's DeepSeek route, which parses them with the OpenAI chat iterator (tests/data/adk-agui-deepseek.verdicts.json):
python examples/repro/adk_litellm_reasoning_repeated.py deepseek/deepseek-v4-flash (exit 1: present).
"""

from __future__ import annotations

import sys

from _adk_litellm_canned import agui_events, chunk, sse

MODEL = sys.argv[1] if len(sys.argv) > 1 else "openai/gpt-4o"  # a litellm Chat Completions route
THOUGHT = "91 = 7 * 13."
PAYLOAD = sse([chunk({"role": "assistant", "reasoning_content": THOUGHT}), chunk({"content": "No: 91 = 7 x 13."}),
               chunk(finish="stop")])

events = agui_events(PAYLOAD, prompt="Is 91 prime?", model=MODEL)
reasoning = [e["delta"] for e in events if e["type"] == "REASONING_MESSAGE_CONTENT"]
blocks = sum(e["type"] == "REASONING_MESSAGE_START" for e in events)
print([e["type"] for e in events])
print("reasoning blocks:", blocks, "reasoning text:", reasoning)
sys.exit(1 if blocks > 1 and "".join(reasoning) == THOUGHT * blocks else 0)
