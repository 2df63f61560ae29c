"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui.verdicts.json: when the AG-UI client
closes the response mid-run, the workflow and its model request go on; the upstream stream stays open.

llama-index-protocols-ag-ui 0.6.0 llama_index/protocols/ag_ui/router.py:86 (stream_response cancels the
workflow only in `except Exception`; a client disconnect cancels the generator with GeneratorExit /
CancelledError, which that clause does not catch). Run with the llama-index environment's python:
python docs/repro/llama_index_abort.py (exit 1: present).
"""

import sys
import threading
import time

import httpx
import uvicorn
from _llama_canned import Upstream, app_on, chunk, run_input

upstream = Upstream(chunk({"role": "assistant", "content": "Once upon"}), hold=3.0)
server = uvicorn.Server(uvicorn.Config(app_on(upstream), host="127.0.0.1", port=0, log_level="error"))
threading.Thread(target=server.run, daemon=True).start()
while not server.started:
    time.sleep(0.05)
port = server.servers[0].sockets[0].getsockname()[1]
with httpx.stream("POST", f"http://127.0.0.1:{port}/agui/run", json=run_input([
        {"id": "u1", "role": "user", "content": "Tell a story"}]), timeout=10) as response:
    for line in response.iter_lines():
        if "TEXT_MESSAGE" in line:
            break  # the client aborts: it closes the response after the first text
left = upstream.client_left.wait(1.5)
print(f"1.5 s after the client closed the response, the upstream request is {'closed' if left else 'still open'}")
server.should_exit = True
sys.exit(0 if left else 1)
