"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-mistral.verdicts.json (D-mistral-text-part, MistralModel only).

MistralModel keys every text delta by one fixed vendor_part_id='content' (pydantic_ai/models/mistral.py:946,
pydantic-ai-slim 2.68.0), so text after a tool call in the same response continues the first text part: the AG-UI
stream sends TEXT_MESSAGE_CONTENT for a message it already ended. OpenAIChatModel starts a new part there.
Run: python examples/repro/pydantic_ai_mistral_text_part.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import text_after_end
from _pydantic_mistral_canned import call, chunk, mistral_events, tool


def text_after_call() -> bool:
    events = mistral_events([chunk({"role": "assistant", "content": "Let me check. "}),
                             chunk(call(0, '{"city":"Paris"}', "D681PevKs")), chunk({"content": "One moment."}),
                             chunk(finish="tool_calls")], tools=tool("get_weather"))
    late = text_after_end(events)
    print("text-part: TEXT_MESSAGE_CONTENT after its TEXT_MESSAGE_END:", late)
    return bool(late)


sys.exit(1 if text_after_call() else 0)
