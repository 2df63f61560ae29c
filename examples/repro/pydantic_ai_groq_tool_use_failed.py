"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-groq.verdicts.json (D-groq-tool-use-failed, GroqModel only).

Groq ends a stream whose tool call does not parse with an in-band error, code tool_use_failed. GroqStreamedResponse
catches it (pydantic_ai/models/groq.py:858-866, pydantic-ai-slim 2.68.0) and, when failed_generation is not a
{name, arguments} call, appends it to the answer as text (:950-958) and ends the stream as a success: the run
finishes with the broken call as the answer and no RUN_ERROR.
Run: python examples/repro/pydantic_ai_groq_tool_use_failed.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_groq_canned import chunk, groq_events, tool

ERROR = {"error": {"message": "Failed to call a function. Please adjust your prompt. See 'failed_generation' for "
                              "more details.", "type": "invalid_request_error", "code": "tool_use_failed",
                   "failed_generation": '<function=get_weather>{"city": "Paris"</function>'}}


def swallowed() -> bool:
    events = groq_events([chunk({"role": "assistant", "content": "Checking the weather."}), ERROR],
                         tools=tool("get_weather"))
    text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
    print("tool-use-failed: last event", events[-1]["type"], "| answer", repr(text))
    return events[-1]["type"] != "RUN_ERROR"


sys.exit(1 if swallowed() else 0)
