"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-openrouter.verdicts.json (D-interleave, the Chat configuration's, on OpenRouterModel).

Interleaved tool-call fragments (index 0, 1, 0): pydantic_ai/models/__init__.py:3024 (pydantic-ai-slim 2.68.0) ends
the previously started part whenever a new part starts, so the first call's TOOL_CALL_ARGS follow its TOOL_CALL_END.
Run: python examples/repro/pydantic_ai_openrouter_interleave.py (exits 1 while the defect is present).
"""

import sys
from typing import Any

from _pydantic_openrouter_canned import chunk, openrouter_events


def _call(index: int, args: str, call_id: str | None = None, name: str = "get_weather") -> dict[str, Any]:
    head = {"id": call_id, "type": "function"} if call_id else {}
    function = {"name": name, "arguments": args} if call_id else {"arguments": args}
    return {"tool_calls": [{"index": index, **head, "function": function}]}


def _tool(name: str) -> list[dict[str, Any]]:
    return [{"name": name, "description": name, "parameters": {"type": "object",
                                                             "properties": {"city": {"type": "string"},
                                                                            "path": {"type": "string"}}}}]


def interleave() -> bool:
    events = openrouter_events([chunk(_call(0, "", "call_A")), chunk(_call(1, "", "call_B")),
                                chunk(_call(0, '{"city":')), chunk(_call(1, '{"city":"Berlin"}')),
                                chunk(_call(0, '"Paris"}')), chunk(finish="tool_calls")], tools=_tool("get_weather"))
    ended: set[str] = set()
    late = []
    for e in events:
        if e["type"] == "TOOL_CALL_END":
            ended.add(e["toolCallId"])
        elif e["type"] == "TOOL_CALL_ARGS" and e["toolCallId"] in ended:
            late.append(e["toolCallId"])
    print("interleave: TOOL_CALL_ARGS after TOOL_CALL_END for", late)
    return bool(late)


sys.exit(1 if interleave() else 0)
