"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui-responses.verdicts.json (D-responses-incomplete): a
Responses answer cut by its output budget (`response.incomplete`, incomplete_details.reason max_output_tokens) with
its usage reaches the AG-UI client as a RUN_FINISHED without usage.

ag2 1.2.1 ag2/config/openai/openai_responses_client.py:379-386 (_process_stream reads usage, status, model and id from
a ResponseCompletedEvent only; a ResponseIncompleteEvent is skipped). Run with the AG2 environment's python:
python examples/repro/ag2_responses_incomplete.py (exit 1: present).
"""

import sys

from _ag2_responses_canned import run, terminal, text_item, usage

items = text_item(0, "Once upon a time, in a land far")
answer = [*items, terminal("response.incomplete", items, usage=usage(12, 8),
                           incomplete_details={"reason": "max_output_tokens"})]
finished = run(answer)[-1]
print("upstream: response.incomplete with usage input 12, output 8 -> AG-UI", finished["type"], "usage",
      finished.get("usage"))
completed = run([*items, terminal("response.completed", items, usage=usage(12, 8))])[-1]
print("the same answer ending response.completed -> usage", completed.get("usage"))
sys.exit(1 if finished["type"] == "RUN_FINISHED" and not finished.get("usage") else 0)
