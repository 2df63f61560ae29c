"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-anthropic.verdicts.json
(D-anthropic-interleave).

Two ``tool_use`` blocks open at once, their ``input_json_delta`` events alternating by ``index`` (0, 1, 0, 1, 0). The
Messages API streams one block at a time, so this input is outside its contract and the suite grades it on
robustness rows only. Anthropic.astream_chat (llama-index-llms-anthropic 0.12.3 llama_index/llms/anthropic/base.py)
keeps one current call, the last block started (:867), appends every fragment to it whatever its index (:831), and
appends that current call again at each content_block_stop (:870-871): call_A is lost and call_B is handed over
with input the model never sent for it.
Run with the llama-index environment's python: python examples/repro/llama_index_anthropic_interleave.py
(exit 1: present).
"""

import json
import sys

from _llama_anthropic_canned import MESSAGE_START, input_delta, message_end, run, tool_start

events = run([MESSAGE_START, tool_start(0, "call_A"), tool_start(1, "call_B"),
              input_delta(0, '{"ci'), input_delta(1, '{"city"'), input_delta(0, 'ty":"Par'),
              input_delta(1, ':"Berlin"}'), input_delta(0, 'is"}'),
              {"type": "content_block_stop", "index": 0}, {"type": "content_block_stop", "index": 1},
              *message_end("tool_use")])
calls = {e["toolCallId"]: e.get("delta", "") for e in events if e["type"] == "TOOL_CALL_CHUNK"}
print("tool calls handed over:", calls)
sent = {"call_A": {"city": "Paris"}, "call_B": {"city": "Berlin"}}
got = {k: json.loads(v or "{}") for k, v in calls.items()}
sys.exit(0 if got == sent else 1)
