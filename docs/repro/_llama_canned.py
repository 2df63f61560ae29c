"""Shared by the llama-index reproducers (run them with the llama-index environment's python, see
examples/llama_index_requirements.txt): canned Chat Completions SSE on a local server, llama-index's AG-UI
router over OpenAILike on it, and one RunAgentInput posted to it (no conformance suite involved).

LLAMA_REPRO_LLM=deepseek builds llama-index-llms-deepseek's DeepSeek (an OpenAILike subclass that overrides only its
constructor) on the same server instead, model deepseek-chat: the llama-index-agui-deepseek configuration's LLM, so
each reproducer shows its defect there too. LLAMA_REPRO_LLM=groq builds llama-index-llms-groq's Groq (likewise an
OpenAILike subclass that overrides only its constructor), model llama-3.3-70b-versatile: the llama-index-agui-groq
configuration's LLM. LLAMA_REPRO_LLM=openrouter builds llama-index-llms-openrouter's OpenRouter (an OpenAILike subclass
that overrides only its constructor too), model openai/gpt-4o-mini, with is_function_calling_model=True, which its
constructor leaves False and the workflow asserts: the llama-index-agui-openrouter configuration's LLM.
LLAMA_REPRO_LLM=together builds llama-index-llms-together's TogetherLLM (an OpenAILike subclass that overrides only its
constructor as well), model meta-llama/Llama-3.3-70B-Instruct-Turbo, with is_function_calling_model=True for the same
reason: the llama-index-agui-together configuration's LLM. LLAMA_REPRO_LLM=cerebras builds llama-index-llms-cerebras's
Cerebras (an OpenAILike subclass that overrides only its constructor too), model llama-3.3-70b, with
is_function_calling_model=True for the same reason: the llama-index-agui-cerebras configuration's LLM."""

from __future__ import annotations

import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from llama_index.llms.openai_like import OpenAILike
from llama_index.protocols.ag_ui.router import get_ag_ui_workflow_router


def chunk(delta: dict[str, Any], finish: str | None = None) -> str:
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "gpt-4o-mini",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return f"data: {json.dumps(body)}\n\n"


class Upstream:
    """A Chat Completions server that records each request body and answers ``sse`` (then, with
    ``hold``, keeps the stream open with SSE comments and records whether the client went away)."""

    def __init__(self, sse: str, hold: float = 0.0) -> None:
        self.requests: list[dict[str, Any]] = []
        self.client_left = threading.Event()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                owner.requests.append(json.loads(self.rfile.read(int(self.headers["content-length"]))))
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.end_headers()
                self.wfile.write(sse.encode())
                deadline = time.monotonic() + hold
                try:
                    while time.monotonic() < deadline:
                        time.sleep(0.1)
                        self.wfile.write(b": still here\n\n")
                        self.wfile.flush()
                except OSError:
                    owner.client_left.set()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"


def app_on(upstream: Upstream) -> FastAPI:
    llm: OpenAILike
    if os.environ.get("LLAMA_REPRO_LLM") == "deepseek":
        from llama_index.llms.deepseek import DeepSeek

        llm = DeepSeek(model="deepseek-chat", api_base=upstream.url, api_key="x", max_retries=0)
    elif os.environ.get("LLAMA_REPRO_LLM") == "groq":
        from llama_index.llms.groq import Groq

        llm = Groq(model="llama-3.3-70b-versatile", api_base=upstream.url, api_key="x", max_retries=0)
    elif os.environ.get("LLAMA_REPRO_LLM") == "openrouter":
        from llama_index.llms.openrouter import OpenRouter

        llm = OpenRouter(model="openai/gpt-4o-mini", api_base=upstream.url, api_key="x", max_retries=0,
                         is_function_calling_model=True)
    elif os.environ.get("LLAMA_REPRO_LLM") == "together":
        from llama_index.llms.together import TogetherLLM

        llm = TogetherLLM(model="meta-llama/Llama-3.3-70B-Instruct-Turbo", api_base=upstream.url, api_key="x",
                          max_retries=0, is_function_calling_model=True)
    elif os.environ.get("LLAMA_REPRO_LLM") == "cerebras":
        from llama_index.llms.cerebras import Cerebras

        llm = Cerebras(model="llama-3.3-70b", api_base=upstream.url, api_key="x", max_retries=0,
                       is_function_calling_model=True)
    else:
        llm = OpenAILike(model="gpt-4o-mini", api_base=upstream.url, api_key="x", max_retries=0, is_chat_model=True,
                         is_function_calling_model=True, context_window=128000)
    app = FastAPI()
    app.include_router(get_ag_ui_workflow_router(llm=llm), prefix="/agui")
    return app


TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {
            "city": {"type": "string"}, "days": {"type": "integer"}, "unit": {"type": "string", "enum": ["C", "F"]}}}}


def run_input(messages: list[dict[str, Any]]) -> dict[str, Any]:
    return {"threadId": "t1", "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
            "messages": messages}


def run(sse: str, messages: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], Upstream]:
    """Post one run; return its AG-UI events and the upstream (with the requests it received)."""
    upstream = Upstream(sse)
    text = TestClient(app_on(upstream)).post("/agui/run", json=run_input(messages)).text
    upstream.server.shutdown()
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")], upstream


USER = [{"id": "u1", "role": "user", "content": "Weather in Paris?"}]
