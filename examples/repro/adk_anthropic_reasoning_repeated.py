"""Reproducer of an ag-ui-adk defect pinned in tests/data/adk-agui-anthropic.verdicts.json (D-reasoning-repeat in
docs/findings-adk.md), over ADK's ``LiteLlm`` model on litellm's Anthropic Messages route: a reply with a thinking
block and then a text block shows the reasoning twice, the second copy opened inside the still-open text message.

litellm 1.110.2's Anthropic parser hands the thinking_delta on as the delta's ``thinking_blocks`` (and
``reasoning_content``); google-adk 2.13.0's LiteLlm yields the reasoning and the text as partial events, then one
aggregated final response restating the turn, thought parts included (google/adk/models/lite_llm.py).
ag-ui-adk 0.11.0 ag_ui_adk/event_translator.py:665-669 skips restated reasoning only while a reasoning stream is still
open; the text that followed the reasoning closed it (:781), so the restated thoughts are streamed as a second
REASONING message. The same defect as over Gemini and Chat Completions
(examples/repro/adk_litellm_reasoning_repeated.py).
The app is examples/adk_agui_app.py's ``anthropic_app``, its model on a canned local Messages server; no conformance
suite involved. Run with the ADK environment's python (examples/adk_requirements.txt):
python examples/repro/adk_anthropic_reasoning_repeated.py (exit 1: present).
"""

from __future__ import annotations

import sys

from _adk_litellm_canned import ANTHROPIC, agui_events, messages_sse, text_block, thinking_block

THOUGHT = "91 = 7 * 13."
PAYLOAD = messages_sse([*thinking_block(0, THOUGHT), *text_block(1, "No: 91 = 7 x 13.")], "end_turn")

events = agui_events(PAYLOAD, prompt="Is 91 prime?", model=ANTHROPIC)
reasoning = [e["delta"] for e in events if e["type"] == "REASONING_MESSAGE_CONTENT"]
blocks = sum(e["type"] == "REASONING_MESSAGE_START" for e in events)
print([e["type"] for e in events])
print("reasoning blocks:", blocks, "reasoning text:", reasoning)
sys.exit(1 if blocks > 1 and "".join(reasoning) == THOUGHT * blocks else 0)
