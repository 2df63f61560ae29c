"""Shared by the llama-index-on-Mistral reproducers (run them with the llama-index environment's python, see
examples/llama_index_requirements.txt): Mistral's Chat Completions chunks as SSE on a local server
(``_canned_server``), llama-index's AG-UI router over ``MistralAI`` (llama-index-llms-mistralai, the mistralai SDK's
``Mistral`` pointed at that server) on it, and one RunAgentInput posted to it. No conformance suite involved."""

from __future__ import annotations

import json
from typing import Any

from _canned_server import canned_server
from fastapi import FastAPI
from fastapi.testclient import TestClient
from llama_index.llms.mistralai import MistralAI
from llama_index.protocols.ag_ui.router import get_ag_ui_workflow_router

MODEL = "mistral-large-latest"  # MistralAI's default; the workflow accepts only a model the package lists
# A frontend tool: the caller runs it, so the run ends at the call and hands it over in TOOL_CALL_CHUNK events.
TOOL = {"name": "get_weather", "description": "Current weather",
        "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}}


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **top: Any) -> dict[str, Any]:
    """One Mistral ``chat.completion.chunk`` (mistralai 3.7.0 client/models/completionchunk.py)."""
    return {"id": "cmpl-1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}], **top}


def call(index: int, args: str, call_id: str, name: str = "get_weather") -> dict[str, Any]:
    """A delta with one whole tool call, as Mistral's own models stream one."""
    return {"tool_calls": [{"index": index, "id": call_id, "type": "function",
                            "function": {"name": name, "arguments": args}}]}


def finish(reason: str) -> dict[str, Any]:
    """Mistral's last chunk: no text, the finish reason and the usage."""
    return chunk({"content": ""}, finish=reason,
                 usage={"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8})


def sse(chunks: list[dict[str, Any]]) -> bytes:
    """The chunks as an SSE body ending ``data: [DONE]``."""
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


def run(chunks: list[dict[str, Any]], prompt: str = "Weather in Paris?") -> list[dict[str, Any]]:
    """The AG-UI events of one run (the caller's get_weather tool offered) whose Mistral upstream streams
    ``chunks``."""
    body = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [TOOL], "context": [], "forwardedProps": {},
            "messages": [{"id": "u1", "role": "user", "content": prompt}]}
    with canned_server(sse(chunks)) as base_url:
        # MistralAI hands `endpoint` to the SDK as server_url; the SDK posts {server_url}/v1/chat/completions.
        llm = MistralAI(model=MODEL, endpoint=base_url, api_key="k", max_retries=0)
        app = FastAPI()
        app.include_router(get_ag_ui_workflow_router(llm=llm), prefix="/agui")
        # The router streams RUN_ERROR and then lets the workflow's exception out of the response (uvicorn logs it);
        # the client keeps what was streamed, so the test client does not re-raise it either.
        text = TestClient(app, raise_server_exceptions=False).post("/agui/run", json=body).text
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def streamed_text(events: list[dict[str, Any]]) -> str:
    """The text the run streamed (TEXT_MESSAGE_CHUNK deltas)."""
    return "".join(e.get("delta", "") for e in events if e["type"] == "TEXT_MESSAGE_CHUNK")


def snapshot_reply(events: list[dict[str, Any]]) -> str | None:
    """The assistant text of the closing MESSAGES_SNAPSHOT (what @ag-ui/client 1.0.0 holds: it keeps only the
    messages a snapshot names, src/apply/default.ts:818-827), None without one."""
    snapshots = [e for e in events if e["type"] == "MESSAGES_SNAPSHOT"]
    if not snapshots:
        return None
    return next((m.get("content") for m in snapshots[-1]["messages"] if m["role"] == "assistant"), None)


def end(events: list[dict[str, Any]]) -> str:
    """How the run ended: RUN_FINISHED, or the RUN_ERROR's message."""
    return next((e.get("message", e["type"]) for e in reversed(events) if e["type"] in ("RUN_ERROR", "RUN_FINISHED")),
                "no terminal event")
