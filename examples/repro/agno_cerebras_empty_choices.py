"""Reproducer of an agno defect pinned in tests/data/agno-agui-cerebras.verdicts.json (D-cerebras-empty-choices): agno's
Cerebras model reads ``choices[0]`` of every streamed chunk whose ``choices`` is not None, so a chunk whose ``choices``
is an empty list ends the run in an error and the rest of the answer is lost.

agno 3.1.10 agno/models/cerebras/cerebras.py:507-508: ``if response.choices is not None: choice = response.choices[0]``.
cerebras-cloud-sdk 1.91.0 types the chunk's ``choices`` as an optional list (types/chat/chat_completion.py
ChatChunkResponse), so the empty-choices chunk below is a valid ``ChatChunkResponse`` (every field Cerebras's chunk
requires, ``system_fingerprint`` included) and the SDK hands it on as one; agno's OpenAIChat skips such a chunk. The
corpus's quirks.azure-filter-chunk.001 plays Azure OpenAI's content-filter chunk (empty ``choices``), graded as
robustness; no source says Cerebras's own server sends an empty ``choices``.
Run: python examples/repro/agno_cerebras_empty_choices.py (prints the text and the end; exit 1 while present).
"""

import json
import sys
from typing import Any

from _canned_server import canned_server
from _pydantic_canned import sse
from agno.agent import Agent
from agno.db.in_memory import InMemoryDb
from agno.models.cerebras import Cerebras
from agno.os.interfaces.agui import AGUI
from cerebras.cloud.sdk.types.chat.chat_completion import ChatChunkResponse
from fastapi import FastAPI
from fastapi.testclient import TestClient


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None) -> dict[str, Any]:
    """A chunk of Cerebras's stream: every field its SDK's ChatChunkResponse requires."""
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-oss-120b",
            "system_fingerprint": "fp_1", "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}]}


empty = {**chunk(), "choices": []}
chunks = [chunk({"role": "assistant", "content": "Hello"}), empty, chunk({"content": " there!"}), chunk(finish="stop")]
for c in chunks:
    ChatChunkResponse.model_validate(c)  # each one is a chunk Cerebras's SDK accepts
run_input = {"threadId": "t1", "runId": "r1", "state": {}, "tools": [], "context": [], "forwardedProps": {},
             "messages": [{"id": "u1", "role": "user", "content": "Say hello."}]}
with canned_server(sse(chunks)) as base_url:
    # agno's Cerebras hands base_url to the SDK's AsyncCerebras, which posts {base_url}/v1/chat/completions.
    model = Cerebras(id="gpt-oss-120b", base_url=base_url, api_key="k", max_retries=0)
    app = FastAPI()
    app.include_router(AGUI(agent=Agent(model=model, db=InMemoryDb(), telemetry=False)).get_router())
    body = TestClient(app).post("/agui", json=run_input).text
events = [json.loads(line[6:]) for line in body.splitlines() if line.startswith("data: ")]
text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
end = next((e.get("message", e["type"]) for e in reversed(events) if e["type"] in ("RUN_ERROR", "RUN_FINISHED")),
           "no terminal event")
print(f"text the client got {text!r}, the run ends {end!r}")
sys.exit(1 if text != "Hello there!" or end != "RUN_FINISHED" else 0)
