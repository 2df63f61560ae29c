"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui.verdicts.json (D-call-order): the client tool calls of
one model response reach the AG-UI client in another order than the model made them, varying from run to run.

ag2 1.2.1 ag2/tools/executor.py:61-63 runs each call of a batch as a concurrent task, and ag2/ag_ui/stream.py:395-403
sends a client tool's TOOL_CALL_CHUNK when its task gets there. Posts the same three-call response 20 times and
counts the runs whose calls came out of order. Run with the AG2 environment's python:
python docs/repro/ag2_call_order.py (exit 1: present).
"""

import sys

from _ag2_canned import Upstream, call, chunk, post, serve

SSE = "".join([chunk({"role": "assistant"}), chunk(call(0, "call_1", "mkdir", '{"x":"/a"}')),
               chunk(call(1, "call_2", "mkdir", '{"x":"/a/b"}')), chunk(call(2, "call_3", "mkdir", '{"x":"/a/b/c"}')),
               chunk({}, "tool_calls"), "data: [DONE]\n\n"])
upstream = Upstream(SSE)
url, server = serve(upstream)
orders = [[e["toolCallId"] for e in post(url, "Make three nested folders.") if e["type"] == "TOOL_CALL_CHUNK"]
          for _ in range(20)]
server.should_exit = True
wrong = [o for o in orders if o != ["call_1", "call_2", "call_3"]]
print(f"model order call_1, call_2, call_3; AG-UI order differed in {len(wrong)} of {len(orders)} runs",
      f"(e.g. {wrong[0]})" if wrong else "")
sys.exit(1 if wrong else 0)
