"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-gemini.verdicts.json
(D-gemini-finish-unchecked): a Gemini answer that ends with finishReason MALFORMED_FUNCTION_CALL (the model tried to
call a function and Gemini could not parse it) ends the AG-UI run with RUN_FINISHED, a success, instead of RUN_ERROR.

llama-index-llms-google-genai 0.11.3 means to raise on any finish but STOP (llama_index/llms/google_genai/utils.py:
123-141 _error_if_finished_early, "Response was terminated early"), but its streaming reader only looks at a chunk
whose candidate has content parts (llama_index/llms/google_genai/base.py:503-505), and Gemini sends such a finish on
a candidate with no content: the check never runs and the stream ends as if the model had stopped.

Canned Gemini API answers on a local server (models.get, which GoogleGenAI reads when built, and
streamGenerateContent?alt=sse), llama-index's AG-UI router over GoogleGenAI on it, one RunAgentInput posted to it (no
conformance suite involved). Run with the llama-index environment's python (examples/llama_index_requirements.txt):
python examples/repro/llama_index_gemini_malformed_call.py (exit 1: present).
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from llama_index.llms.google_genai import GoogleGenAI
from llama_index.protocols.ag_ui.router import get_ag_ui_workflow_router

# The answer: some text, then the finish on a candidate with no content (Gemini's shape for this reason).
CHUNKS = [{"candidates": [{"content": {"role": "model", "parts": [{"text": "Booking it now."}]}, "index": 0}]},
          {"candidates": [{"finishReason": "MALFORMED_FUNCTION_CALL", "index": 0}],
           "usageMetadata": {"promptTokenCount": 30, "candidatesTokenCount": 9, "totalTokenCount": 39}}]
MODEL = {"name": "models/gemini-3-flash-preview", "inputTokenLimit": 1048576, "outputTokenLimit": 65536}


class Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # models.get
        self._send("application/json", json.dumps(MODEL).encode())

    def do_POST(self) -> None:  # streamGenerateContent?alt=sse
        self.rfile.read(int(self.headers["content-length"]))
        self._send("text/event-stream", "".join(f"data: {json.dumps(c)}\r\n\r\n" for c in CHUNKS).encode())

    def _send(self, content_type: str, body: bytes) -> None:
        self.send_response(200)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
llm = GoogleGenAI(model="gemini-3-flash-preview", api_key="x", max_retries=0,
                  http_options={"base_url": f"http://127.0.0.1:{server.server_port}"})
app = FastAPI()
app.include_router(get_ag_ui_workflow_router(llm=llm), prefix="/agui")
tool = {"name": "book_train", "description": "Book a train",
        "parameters": {"type": "object", "required": ["time"], "properties": {"time": {"type": "string"}}}}
body = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [tool], "context": [], "forwardedProps": {},
        "messages": [{"id": "u1", "role": "user", "content": "Book the 9:40 train."}]}
text = TestClient(app).post("/agui/run", json=body).text
server.shutdown()
kinds = [json.loads(line[6:])["type"] for line in text.splitlines() if line.startswith("data: ")]
print("events:", kinds)
sys.exit(1 if "RUN_FINISHED" in kinds and "RUN_ERROR" not in kinds else 0)
