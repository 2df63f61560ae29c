"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-huggingface.verdicts.json (D-hf-abort-leak, HuggingFaceModel on huggingface_hub).

huggingface_hub's AsyncInferenceClient enters each streamed response into the client's own exit stack
(huggingface_hub 1.33.0 inference/_generated/_async_client.py:284, `self.exit_stack.enter_async_context(
client.stream(...))`) and hands back generators over its lines (inference/_common.py:320-330, 353-355), so the
response is closed only when the client is. When a run stops reading (the AG-UI caller aborts and the run is
cancelled), HuggingFaceModel.request_stream closes only the outer generator (pydantic_ai/models/huggingface.py:276-281,
pydantic-ai-slim 2.68.0, `aclose()` on the response): nothing closes the HTTP response, and the upstream connection
goes away only if and when the abandoned generators beneath are finalized by the garbage collector (3 of the 5 abort
cases of the first run found it still open 1 s after the abort; alone, they pass most of the time). The openai SDK
closes its response when its stream is closed (AsyncStream.close), which is why the Chat configuration passes.

The server streams three chunks, then stalls (a model still generating) and watches its socket; the reader takes the
first event, is busy elsewhere (as the AG-UI adapter is while it writes an event) and is cancelled there, as a run is
when its caller leaves. The check is the HTTP response the model streamed from (recorded with huggingface_hub's public
set_async_client_factory): the model left it open. Whether the socket closed within 1 s (the garbage collector's doing)
is printed too.
Run: python examples/repro/pydantic_ai_huggingface_abort.py (exits 1 while the defect is present).
"""

import asyncio
import json
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
from _pydantic_huggingface_canned import chunk, model_on
from huggingface_hub import set_async_client_factory
from pydantic_ai.messages import ModelRequest
from pydantic_ai.models import ModelRequestParameters

HOLD_S = 4.0  # how long the server keeps the stream open at most
BOUND_S = 1.0  # the suite's abort bound (--conformance-abort-bound)
closed = threading.Event()
responses: list[httpx.Response] = []
left_open: list[httpx.Response] = []


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", "0")))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.end_headers()
        for word in ("Once ", "upon ", "a time"):
            self.wfile.write(b"data: " + json.dumps(chunk({"role": "assistant", "content": word})).encode() + b"\n\n")
        self.wfile.flush()
        deadline = time.monotonic() + HOLD_S
        try:
            while time.monotonic() < deadline:  # stalled: nothing more is sent, the socket is watched for its close
                readable, _, _ = select.select([self.connection], [], [], 0.05)
                if readable and self.connection.recv(1, socket.MSG_PEEK) == b"":
                    break
        except OSError:
            pass
        else:
            if time.monotonic() >= deadline:
                return
        closed.set()

    def log_message(self, *_: Any) -> None:
        pass


async def _record(response: httpx.Response) -> None:
    responses.append(response)


async def cancel_while_busy(base_url: str) -> None:
    # The client huggingface_hub would build, plus a hook that records each response.
    set_async_client_factory(lambda: httpx.AsyncClient(event_hooks={"response": [_record]}))
    model = model_on(base_url)
    first = asyncio.Event()

    async def read() -> None:
        params = ModelRequestParameters()
        async with model.request_stream([ModelRequest.user_text_prompt("Hi")], None, params) as stream:
            async for _ in stream:
                first.set()
                await asyncio.sleep(HOLD_S)  # busy elsewhere, as while the event is written to the caller

    task = asyncio.create_task(read())
    await asyncio.wait_for(first.wait(), HOLD_S)
    task.cancel()  # the caller left: the run is cancelled
    await asyncio.gather(task, return_exceptions=True)
    await asyncio.to_thread(closed.wait, BOUND_S)
    # Checked here, while the loop runs: asyncio.run's end closes every async generator left.
    left_open.extend(r for r in responses if not r.is_closed)


def abort_leak() -> bool:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        asyncio.run(cancel_while_busy(f"http://127.0.0.1:{server.server_address[1]}"))
    finally:
        server.shutdown()
    print(f"abort-leak: HTTP responses the model left open after its run was cancelled: {len(left_open)} of "
          f"{len(responses)}; the server saw the connection close within {BOUND_S} s: {closed.is_set()}")
    return bool(left_open)


sys.exit(1 if abort_leak() else 0)
