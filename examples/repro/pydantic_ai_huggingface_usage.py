"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-huggingface.verdicts.json (D-hf-usage-not-asked, HuggingFaceModel only).

Hugging Face's Chat Completions stream carries the token usage only when the request asks for it: huggingface_hub
1.33.0's own request type says so (ChatCompletionInputStreamOptions.include_usage, "If set, an additional chunk will
be streamed before the data: [DONE] message. The usage field on this chunk shows the token usage statistics",
inference/_generated/types/chat_completion.py:96-102), as TGI does (router/src/chat.rs: the usage chunk only under
`options.include_usage`). HuggingFaceModel reads `chunk.usage` (pydantic_ai/models/huggingface.py:625) but never asks:
its create call (:313-330, pydantic-ai-slim 2.68.0) sends no stream_options. So RUN_FINISHED carries no usage.
This server answers as that type says: the usage chunk only for a request with stream_options.include_usage.
Run: python examples/repro/pydantic_ai_huggingface_usage.py (exits 1 while the defect is present).
"""

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from _pydantic_huggingface_canned import chunk, model_on
from pydantic_ai import Agent
from pydantic_ai.ui.ag_ui import AGUIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient

asked: list[Any] = []


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))))
        asked.append(body.get("stream_options"))
        chunks = [chunk({"role": "assistant", "content": "Done."}), chunk(finish="stop")]
        if (body.get("stream_options") or {}).get("include_usage") is True:
            chunks.append({**chunk(), "choices": [], "usage": {"prompt_tokens": 4, "completion_tokens": 2,
                                                               "total_tokens": 6}})
        payload = b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *_: Any) -> None:
        pass


def usage_not_asked() -> bool:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    agent = Agent(model_on(f"http://127.0.0.1:{server.server_address[1]}"))

    async def run(request: Request) -> Response:
        return await AGUIAdapter.dispatch_request(request, agent=agent, include_usage=True)

    run_input = {"threadId": "t", "runId": "r", "state": {}, "tools": [], "context": [], "forwardedProps": {},
                 "messages": [{"id": "m", "role": "user", "content": "Hi"}]}
    try:
        text = TestClient(Starlette(routes=[Route("/agui", run, methods=["POST"])])).post("/agui", json=run_input).text
    finally:
        server.shutdown()
    events = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
    usage = next(e for e in events if e["type"] == "RUN_FINISHED").get("usage")
    print("usage-not-asked: stream_options sent:", asked, "-> RUN_FINISHED.usage", json.dumps(usage))
    return not usage


sys.exit(1 if usage_not_asked() else 0)
