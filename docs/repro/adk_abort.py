"""Reproducer of an ag-ui-adk defect pinned in tests/data/adk-agui.verdicts.json: when the AG-UI client closes the
response mid-run, the ADK run and its Gemini request go on; the upstream stream stays open.

ag-ui-adk 0.11.0 runs the agent in a background task (ag_ui_adk/adk_agent.py _start_background_execution) and
streams its queue to the response. When the client goes away, the response generator's `finally`
(adk_agent.py:3333-3348) marks the execution complete and forgets it, but never cancels `execution.task`
(only _cleanup_stale_executions, :4663-4673, after execution_timeout_seconds, and close() do), so the model
request is read to its end. Run with the ADK environment's python: python docs/repro/adk_abort.py (exit 1: present).
"""

import sys
import threading
import time

import httpx
import uvicorn
from _adk_canned import Upstream, chunk, create_app, run_input

upstream = Upstream(chunk([{"text": "Once upon"}]), hold=4.0)
server = uvicorn.Server(uvicorn.Config(create_app(upstream.url), host="127.0.0.1", port=0, log_level="error"))
threading.Thread(target=server.run, daemon=True).start()
while not server.started:
    time.sleep(0.05)
port = server.servers[0].sockets[0].getsockname()[1]
with httpx.stream("POST", f"http://127.0.0.1:{port}/agui", json=run_input([
        {"id": "u1", "role": "user", "content": "Tell a story"}]), headers={"accept": "text/event-stream"},
        timeout=10) as response:
    for line in response.iter_lines():
        if "TEXT_MESSAGE" in line:
            break  # the client aborts: it closes the response after the first text
left = upstream.client_left.wait(1.5)
print(f"1.5 s after the client closed the response, the upstream request is {'closed' if left else 'still open'}")
server.should_exit = True
sys.exit(0 if left else 1)
