"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-mistral.verdicts.json (D-mistral-thinking-part, MistralModel only).

MistralModel keys every thinking delta by one fixed vendor_part_id='thinking' (pydantic_ai/models/mistral.py:925,
pydantic-ai-slim 2.68.0), so reasoning that comes again after text continues the first thinking part, which the AG-UI
adapter already ended: its event stream asserts ('handle_thinking_start must be called before handle_thinking_delta')
and the run ends RUN_ERROR, losing the second reasoning and the rest of the answer.
Run: python examples/repro/pydantic_ai_mistral_thinking_part.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_mistral_canned import chunk, mistral_events, thinking


def thinking_after_text() -> bool:
    events = mistral_events([chunk({"role": "assistant", **thinking("Part one first.")}),
                             chunk({"content": "Part one."}), chunk(thinking(" Now part two.")),
                             chunk({"content": " Part two."}), chunk(finish="stop")])
    errors = [e.get("message") for e in events if e["type"] == "RUN_ERROR"]
    text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
    print("thinking-part: RUN_ERROR", errors, "text", repr(text))
    return bool(errors) or text != "Part one. Part two."


sys.exit(1 if thinking_after_text() else 0)
