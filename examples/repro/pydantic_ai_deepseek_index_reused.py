"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-deepseek.verdicts.json (D-index-reused, the Chat configuration's, on OpenAIChatModel over
DeepSeekProvider).

Two calls that both say index 0, told apart by the second's new id, become one part (pydantic_ai/_parts_manager.py:428,
pydantic-ai-slim 2.68.0): the stream starts call_w1 and ends call_w2, a call it never started.
Run: python examples/repro/pydantic_ai_deepseek_index_reused.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import calls_started_ended
from _pydantic_deepseek_canned import call, chunk, deepseek_events, tool


def index_reused() -> bool:
    events = deepseek_events([chunk(call(0, "", "call_w1", "file_write")), chunk(call(0, '{"path":"hello.py"}')),
                              chunk(call(0, "", "call_w2", "file_write")), chunk(call(0, '{"path":"world.py"}')),
                              chunk(finish="tool_calls")], tools=tool("file_write"))
    started, ended = calls_started_ended(events)
    print("index-reused: started", started, "ended", ended)
    return started != ["call_w1", "call_w2"]


sys.exit(1 if index_reused() else 0)
