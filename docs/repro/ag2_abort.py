"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui.verdicts.json (D-abort): when the AG-UI client closes
the response mid-run, the turn and its model request go on; the upstream stream stays open (and billed).

ag2 1.2.1 ag2/ag_ui/stream.py:219-224 starts each turn as a task the server owns ("the turn outlives the
exchange"); ag2/ag_ui/interrupts.py:997-1018 (serve_exchange) is closed at its yield when the client leaves and
cancels nothing, and the turn's later events are dropped (:414-418). Run with the AG2 environment's python:
python docs/repro/ag2_abort.py (exit 1: present).
"""

import sys

import httpx
from _ag2_canned import Upstream, chunk, run_input, serve

upstream = Upstream(chunk({"role": "assistant", "content": "Once upon"}), hold=3.0)
url, server = serve(upstream)
with httpx.stream("POST", url, json=run_input("Tell a story"), headers={"accept": "text/event-stream"},
                  timeout=10) as response:
    for line in response.iter_lines():
        if "TEXT_MESSAGE_CONTENT" in line:
            break  # the client aborts: it closes the response after the first text
left = upstream.client_left.wait(1.5)
print(f"1.5 s after the client closed the response, the upstream request is {'closed' if left else 'still open'}")
server.should_exit = True
sys.exit(0 if left else 1)
