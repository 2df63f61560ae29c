"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-openrouter.verdicts.json (D-index-reused, the Chat configuration's, on OpenRouterModel).

Two calls that both say index 0, told apart by the second's new id, become one part (pydantic_ai/_parts_manager.py:428,
pydantic-ai-slim 2.68.0): the stream starts call_w1 and ends call_w2, a call it never started.
Run: python examples/repro/pydantic_ai_openrouter_index_reused.py (exits 1 while the defect is present).
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


def index_reused() -> bool:
    events = openrouter_events([chunk(_call(0, "", "call_w1", "file_write")), chunk(_call(0, '{"path":"hello.py"}')),
                                chunk(_call(0, "", "call_w2", "file_write")), chunk(_call(0, '{"path":"world.py"}')),
                                chunk(finish="tool_calls")], tools=_tool("file_write"))
    started = sorted(e["toolCallId"] for e in events if e["type"] == "TOOL_CALL_START")
    ended = sorted(e["toolCallId"] for e in events if e["type"] == "TOOL_CALL_END")
    print("index-reused: started", started, "ended", ended)
    return started != ["call_w1", "call_w2"]


sys.exit(1 if index_reused() else 0)
