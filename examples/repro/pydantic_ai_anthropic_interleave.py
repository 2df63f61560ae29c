"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-anthropic.verdicts.json (D-interleave, as on the Chat and Responses wires).

Two ``tool_use`` blocks open at once, their ``input_json_delta`` events alternating by ``index`` (0, 1, 0, 1, 0). The
Messages API streams one block at a time, so this input is outside its contract and the suite grades it on
robustness rows only. AnthropicStreamedResponse keeps the two parts apart by block index, but the stream wrapper
every model shares ends the previously started part whenever a new part starts (pydantic_ai/models/__init__.py:3024,
pydantic-ai-slim 2.68.0): TOOL_CALL_END of the first call goes out when the second call's block starts, before any of
its arguments, and its TOOL_CALL_ARGS follow the END, which @ag-ui/client 1.0.0 verifyEvents rejects.
Run: python examples/repro/pydantic_ai_anthropic_interleave.py (prints the events; exits 1 while the defect is present).
"""

import sys
from typing import Any

from _pydantic_anthropic_canned import message_end, message_start, run_events


def block(index: int, call_id: str) -> dict[str, Any]:
    return {"type": "content_block_start", "index": index,
            "content_block": {"type": "tool_use", "id": call_id, "name": "get_weather", "input": {}}}


def delta(index: int, text: str) -> dict[str, Any]:
    return {"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": text}}


events = run_events([message_start(), block(0, "call_A"), block(1, "call_B"),
                     delta(0, '{"ci'), delta(1, '{"city"'), delta(0, 'ty":"Par'), delta(1, ':"Berlin"}'),
                     delta(0, 'is"}'),
                     {"type": "content_block_stop", "index": 0}, {"type": "content_block_stop", "index": 1},
                     *message_end("tool_use")],
                    tools=[{"name": "get_weather", "description": "Weather",
                            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}])
closed: set[str] = set()
late = []
for e in events:
    if e["type"].startswith("TOOL_CALL_"):
        print(e["type"], e["toolCallId"], e.get("delta", ""))
    if e["type"] == "TOOL_CALL_END":
        closed.add(e["toolCallId"])
    elif e["type"] == "TOOL_CALL_ARGS" and e["toolCallId"] in closed:
        late.append(e["toolCallId"])
print("TOOL_CALL_ARGS after that call's TOOL_CALL_END:", late)
sys.exit(1 if late else 0)
