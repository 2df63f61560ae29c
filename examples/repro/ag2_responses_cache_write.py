"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui-responses.verdicts.json (D-responses-cache-write): a
Responses usage with input_tokens_details.cache_write_tokens reaches the AG-UI client without cacheWriteInputTokens.

ag2 1.2.1 ag2/config/openai/mappers.py:805-812 (normalize_responses_usage copies input, output and total tokens,
cached_tokens and reasoning_tokens, not cache_write_tokens, a required field of openai 3.57.0
types/responses/response_usage.py InputTokensDetails), although ag2/ag_ui/usage.py:77 sends Usage's
cache_creation_input_tokens as cacheWriteInputTokens. Run with the AG2 environment's python:
python examples/repro/ag2_responses_cache_write.py (exit 1: present).
"""

import sys

from _ag2_responses_canned import run, terminal, text_item, usage

items = text_item(0, "The analysis continues.")
out = run([*items, terminal("response.completed", items, usage=usage(1200, 300, cached=900, cache_write=100))])
entry = (out[-1].get("usage") or [{}])[0]
print("upstream usage: input 1200 (900 cached, 100 written to the cache), output 300 -> RUN_FINISHED.usage", entry)
sys.exit(1 if entry.get("cacheWriteInputTokens") != 100 else 0)
