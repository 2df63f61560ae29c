"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-anthropic.verdicts.json (D-empty-args, as on the Gemini API).

A call to a tool without parameters on the Messages API: ``content_block_start`` opens a ``tool_use`` block whose
``input`` is ``{}`` and no ``input_json_delta`` follows. AnthropicStreamedResponse starts the part with
``args={} or None``, that is None (pydantic_ai/models/anthropic/_streaming.py:176-182), and the AG-UI stream sends a
call's arguments only when they are truthy (pydantic_ai/ui/ag_ui/_event_stream.py:438 ``if part.args:``,
pydantic-ai-slim 2.68.0): no TOOL_CALL_ARGS at all, so the client assembles the arguments "" (not JSON; TanStack's
StreamProcessor shows the input null, and a history echoed back carries arguments "").
Run: python examples/repro/pydantic_ai_anthropic_empty_args.py (prints the arguments; exits 1 while the defect is
present).
"""

import sys

from _pydantic_anthropic_canned import message_end, message_start, run_events

events = run_events([message_start(),
                     {"type": "content_block_start", "index": 0,
                      "content_block": {"type": "tool_use", "id": "toolu_die", "name": "roll_die", "input": {}}},
                     {"type": "content_block_stop", "index": 0},
                     *message_end("tool_use")],
                    tools=[{"name": "roll_die", "description": "Roll a die",
                            "parameters": {"type": "object", "properties": {}}}])
ids = [e["toolCallId"] for e in events if e["type"] == "TOOL_CALL_START"]
arguments = "".join(e["delta"] for e in events if e["type"] == "TOOL_CALL_ARGS")
print("upstream tool_use input {} ->", len(ids), "call(s), TOOL_CALL_ARGS text", repr(arguments))
sys.exit(0 if ids and arguments == "{}" else 1)
