"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-gemini.verdicts.json.

Gemini sends a function call whole, its arguments a JSON object: a tool with no parameters is called with
``args: {}``. pydantic-ai's AG-UI stream sends a call's arguments only when they are truthy
(pydantic_ai/ui/ag_ui/_event_stream.py:438 ``if part.args:``, pydantic-ai-slim 2.68.0), so an empty object sends
no TOOL_CALL_ARGS at all: the client assembles the arguments "" (not JSON; TanStack's StreamProcessor shows the
input null, and a history echoed back carries arguments ""), where the Chat Completions wire's "{}" text passes.
Run: python examples/repro/pydantic_ai_gemini_empty_args.py (prints the arguments; exits 1 while the defect is present).
"""

import sys

from _pydantic_gemini_canned import chunk, run_events

call = {"functionCall": {"id": "call_1", "name": "roll_die", "args": {}}}
events = run_events([chunk([call], finish="STOP", usage={"promptTokenCount": 5, "candidatesTokenCount": 3,
                                                         "totalTokenCount": 8})],
                    tools=[{"name": "roll_die", "description": "Roll a die",
                            "parameters": {"type": "object", "properties": {}}}])
ids = [e["toolCallId"] for e in events if e["type"] == "TOOL_CALL_START"]
arguments = "".join(e["delta"] for e in events if e["type"] == "TOOL_CALL_ARGS")
print("upstream functionCall args {} ->", len(ids), "call(s), TOOL_CALL_ARGS text", repr(arguments))
sys.exit(0 if ids and arguments == "{}" else 1)
