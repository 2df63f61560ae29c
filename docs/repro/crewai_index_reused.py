"""Reproducer of an ag-ui-crewai defect (docs/findings-crewai.md#d-index-reuse): when a Chat Completions server
streams two parallel calls that both say ``index: 0`` (Ollama, Responses-to-Chat bridges), the second call's
argument deltas are handed to the FIRST call: the client gets call 1 with both argument strings concatenated
(invalid JSON) and call 2 with no arguments.

ag-ui-crewai 1.0.0 ag_ui_crewai/sdk.py:583-597 (``_copilotkit_stream_custom_stream_wrapper``) sees the second
call's id-bearing delta at a reused index and opens it under a fresh key ("A different id reusing this index is a
NEW call"), but routes every following id-less delta of that index to ``key = index``, the first call's entry.
The app is examples/crewai_agui_app.py's (the README's flow), its litellm model on a canned local Chat Completions
server; no conformance suite involved. Run with the CrewAI environment's python (examples/crewai_requirements.txt):
python docs/repro/crewai_index_reused.py (exit 1: present).
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from examples.crewai_agui_app import create_app


def delta(tool_call: dict[str, Any] | None = None, finish: str | None = None) -> str:
    """One Chat Completions chunk (a tool-call delta, or the finish)."""
    d: dict[str, Any] = {"tool_calls": [tool_call]} if tool_call else {}
    body = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": d, "finish_reason": finish}]}
    return f"data: {json.dumps(body)}\n\n"


SSE = "".join([
    delta({"index": 0, "id": "call_1", "type": "function", "function": {"name": "file_write", "arguments": ""}}),
    delta({"index": 0, "function": {"arguments": '{"path":"hello.py"}'}}),
    delta({"index": 0, "id": "call_2", "type": "function", "function": {"name": "file_write", "arguments": ""}}),
    delta({"index": 0, "function": {"arguments": '{"path":'}}),
    delta({"index": 0, "function": {"arguments": '"world.py"}'}}),
    delta(finish="tool_calls"),
    "data: [DONE]\n\n",
])


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["content-length"]))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.end_headers()
        self.wfile.write(SSE.encode())

    def log_message(self, *args: Any) -> None:
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
TOOL = {"name": "file_write", "description": "Write a file",
        "parameters": {"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}}}}
run_input = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
             "messages": [{"id": "u1", "role": "user", "content": "Create hello.py and world.py."}]}
with TestClient(create_app(f"http://127.0.0.1:{server.server_port}")) as client:
    text = client.post("/agui", json=run_input, headers={"accept": "text/event-stream"}).text
server.shutdown()
events = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
args: dict[str, str] = {}
for e in events:
    if e["type"] == "TOOL_CALL_START":
        args[e["toolCallId"]] = ""
    elif e["type"] == "TOOL_CALL_ARGS":
        args[e["toolCallId"]] += e["delta"]
print(args)  # the model sent call_1 {"path":"hello.py"} and call_2 {"path":"world.py"}
sys.exit(1 if args.get("call_1") == '{"path":"hello.py"}{"path":"world.py"}' and args.get("call_2") == "" else 0)
