"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-openrouter.verdicts.json (D-strict-chunk).

Azure OpenAI's content-filter chunk (`object` '', empty id and model, `choices` [], `prompt_filter_results`) arrives
mid-stream. The openai SDK builds chunks without validating them, and OpenAIChatModel streams past it; OpenRouterModel
dumps each chunk and validates it again as its own type (pydantic_ai/models/openrouter.py:1619-1620, pydantic-ai-slim
2.68.0), whose `object` is Literal['chat.completion.chunk']: a ValidationError ends the run in RUN_ERROR and the rest
of the answer is lost. Run: python examples/repro/pydantic_ai_openrouter_strict_chunk.py (exits 1 while the defect is
present).
"""

import sys

from _pydantic_openrouter_canned import chunk, openrouter_events

azure = {"id": "", "object": "", "created": 0, "model": "", "choices": [],
         "prompt_filter_results": [{"prompt_index": 0, "content_filter_results": {}}]}
events = openrouter_events([chunk({"role": "assistant", "content": "Hello"}), azure, chunk({"content": " there!"}),
                            chunk(finish="stop")])
text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
print("a content-filter chunk mid-stream ->", [e["type"] for e in events], "text", repr(text))
sys.exit(0 if text == "Hello there!" and events[-1]["type"] == "RUN_FINISHED" else 1)
