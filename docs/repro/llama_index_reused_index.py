"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui.verdicts.json: two Chat Completions
tool calls that reuse one ``index`` (a gateway quirk: quirks.tool-index-reused.002) are merged into one call whose
id, name and arguments are the two calls' concatenated, arguments the model never sent for any call.

llama-index-llms-openai 0.8.3 llama_index/llms/openai/utils.py:1116-1140 (update_tool_calls starts a new call only
when the index changes; a new id on the same index is appended to the last call's id, name and arguments).
Run with the llama-index environment's python: python docs/repro/llama_index_reused_index.py (exit 1: present).
"""

import sys

from llama_index.llms.openai.utils import update_tool_calls
from openai.types.chat.chat_completion_chunk import ChoiceDeltaToolCall

first = ChoiceDeltaToolCall.model_validate({"index": 0, "id": "call_1", "type": "function",
                                            "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}})
second = ChoiceDeltaToolCall.model_validate({"index": 0, "id": "call_2", "type": "function",
                                             "function": {"name": "file_write", "arguments": '{"path": "a"}'}})
calls = update_tool_calls(update_tool_calls([], [first]), [second])
print([(c.id, c.function.name if c.function else None, c.function.arguments if c.function else None) for c in calls])
sys.exit(1 if len(calls) == 1 else 0)
