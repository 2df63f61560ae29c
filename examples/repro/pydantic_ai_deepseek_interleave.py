"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-deepseek.verdicts.json (D-interleave, the Chat configuration's, on OpenAIChatModel over
DeepSeekProvider).

Interleaved tool-call fragments (index 0, 1, 0): pydantic_ai/models/__init__.py:3024 (pydantic-ai-slim 2.68.0) ends
the previously started part whenever a new part starts, so the first call's TOOL_CALL_ARGS follow its TOOL_CALL_END.
Run: python examples/repro/pydantic_ai_deepseek_interleave.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import args_after_end
from _pydantic_deepseek_canned import call, chunk, deepseek_events, tool


def interleave() -> bool:
    events = deepseek_events([chunk(call(0, "", "call_A")), chunk(call(1, "", "call_B")),
                              chunk(call(0, '{"city":')), chunk(call(1, '{"city":"Berlin"}')),
                              chunk(call(0, '"Paris"}')), chunk(finish="tool_calls")], tools=tool("get_weather"))
    late = args_after_end(events)
    print("interleave: TOOL_CALL_ARGS after TOOL_CALL_END for", late)
    return bool(late)


sys.exit(1 if interleave() else 0)
