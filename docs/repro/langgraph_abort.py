"""Reproducer of a LangGraph defect pinned in tests/data/langgraph-agui.verdicts.json: when the AG-UI client closes
the response mid-run, the graph's model node and its Chat Completions request go on; the upstream stream stays open.

The disconnect cancels ag-ui-langgraph's run() and the graph's astream_events. langchain-core 1.8.3
langchain_core/tracers/event_stream.py:1095 and :1099 cancel the task running the graph twice (in `except
CancelledError` and again in `finally`); the second cancellation lands in langgraph 1.2.24
langgraph/pregel/_loop.py:2199-2203 (AsyncPregelLoop.__aexit__ awaits, unshielded, the exit task that would cancel the
running node tasks), which cancels that exit task before it starts: the node task, here the model call, is never
cancelled. Run with the LangGraph environment's python: python docs/repro/langgraph_abort.py (exit 1: present).
"""

import sys
import threading
import time

import httpx
import uvicorn
from _langgraph_canned import USER, Upstream, chunk, create_app, run_input

upstream = Upstream(chunk({"role": "assistant", "content": "Once upon"}), hold=4.0)
server = uvicorn.Server(uvicorn.Config(create_app(upstream.base_url), host="127.0.0.1", port=0, log_level="error"))
threading.Thread(target=server.run, daemon=True).start()
while not server.started:
    time.sleep(0.05)
port = server.servers[0].sockets[0].getsockname()[1]
with httpx.stream("POST", f"http://127.0.0.1:{port}/agui", json=run_input(USER),
                  headers={"accept": "text/event-stream"}, timeout=10) as response:
    for line in response.iter_lines():
        if "TEXT_MESSAGE_CONTENT" in line:
            break  # the client aborts: it closes the response after the first text
left = upstream.client_left.wait(1.5)
print(f"1.5 s after the client closed the response, the upstream request is {'closed' if left else 'still open'}")
server.should_exit = True
sys.exit(0 if left else 1)
