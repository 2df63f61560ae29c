"""Reproducer of an ag-ui-adk defect pinned in tests/data/adk-agui-deepseek.verdicts.json (D-reasoning-repeat in
docs/findings-adk.md) over ADK's ``LiteLlm`` on litellm's DeepSeek route: a reply whose ``reasoning_content``
(DeepSeek's reasoning field) is followed by text shows the reasoning twice.

The Chat Completions reproducer examples/repro/adk_litellm_reasoning_repeated.py (its canned chunks and its check), run
with the app's model ``deepseek/deepseek-v4-flash`` (examples/adk_agui_app.py ``deepseek_app``): litellm's DeepSeek
route posts to the canned server's /v1/chat/completions with its own HTTP client and parses the SSE with the OpenAI
chat iterator DeepSeekChatConfig inherits (litellm/llms/openai/chat/gpt_transformation.py
get_model_response_iterator), so LiteLlm gets the same chunks as on the openai/ route. No conformance suite involved.
Run with the ADK environment's python (examples/adk_requirements.txt):
python examples/repro/adk_deepseek_reasoning_repeated.py (exit 1: present).
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

sys.argv[1:] = ["deepseek/deepseek-v4-flash"]
runpy.run_path(str(Path(__file__).with_name("adk_litellm_reasoning_repeated.py")), run_name="__main__")
