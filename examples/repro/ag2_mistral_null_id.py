"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui-mistral.verdicts.json (D-mistral-null-id): a tool call
whose arguments Mistral's server streams in fragments reaches the AG-UI client with the id 'null'.

Mistral sends a call's id in its first delta only; each continuation delta is ``{index, type: 'function', function:
{name: '', arguments}}`` (the calls of the models it relays, anomalyco/opencode issue 49692). The mistralai SDK's
ToolCall model defaults a missing id to the string 'null' (mistralai 3.7.0 client/models/toolcall.py:21), and ag2 1.2.1
ag2/config/mistral/mistral_client.py:336-337 keeps every truthy id it reads (``if tc.id: acc["id"] = tc.id``), so the
continuation's 'null' replaces the call's id.
- "whole": one delta holds the call: the client gets it as call_paris.
- "fragments": the same call in three deltas: the client gets it as 'null'.
Run with the AG2 environment's python: python examples/repro/ag2_mistral_null_id.py (exit 1: present).
"""

import sys

from _ag2_mistral_canned import call, chunk, fragment, run

TOOLS = [{"name": "get_weather", "description": "Current weather",
          "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}]
shapes = {
    "whole": [chunk({"role": "assistant", **call(0, '{"city":"Paris"}', "call_paris")}), chunk(finish="tool_calls")],
    "fragments": [chunk({"role": "assistant", **call(0, "", "call_paris")}), chunk(fragment(0, '{"city":')),
                  chunk(fragment(0, '"Paris"}')), chunk(finish="tool_calls")],
}
wrong = []
for name, chunks in shapes.items():
    events = run(chunks, TOOLS, "Weather in Paris?")
    ids = sorted({e["toolCallId"] for e in events if e["type"].startswith("TOOL_CALL")})
    print(f"{name}: the model's call call_paris reaches the client as {ids}")
    if ids != ["call_paris"]:
        wrong.append(name)
sys.exit(1 if wrong else 0)
