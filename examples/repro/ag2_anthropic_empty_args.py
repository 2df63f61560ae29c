"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui-anthropic.verdicts.json (D-anthropic-empty-args): a call
to a tool without parameters (a tool_use block whose input is {}, with no input_json_delta or an empty one) reaches
the AG-UI client with the arguments '', which is not JSON.

ag2 1.2.1 ag2/config/anthropic/anthropic_client.py:363-369 (a call's arguments start as '' and the block's input is
never read) with :400-402 (only input_json_delta fragments are appended). Run with the AG2 environment's python:
python examples/repro/ag2_anthropic_empty_args.py (exit 1: present).
"""

import json
import sys

from _ag2_anthropic_canned import message_end, message_start, run, tool_use_block

TOOLS = [{"name": "roll_die", "description": "Roll a six-sided die",
          "parameters": {"type": "object", "properties": {}}}]
bad = 0
for fragments in ([], [""]):  # no delta (the block's input {} only), and one empty input_json_delta
    out = run([message_start(), *tool_use_block(0, "toolu_die", "roll_die", fragments), *message_end("tool_use")],
              TOOLS, "Roll a die.")
    args = "".join(e.get("delta", "") for e in out if e["type"] in ("TOOL_CALL_CHUNK", "TOOL_CALL_ARGS"))
    try:
        ok = json.loads(args) == {}
    except ValueError:
        ok = False
    print(f"tool_use input {{}}, input_json_delta fragments {fragments} -> AG-UI arguments {args!r}")
    bad += not ok
sys.exit(1 if bad else 0)
