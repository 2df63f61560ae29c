"""Reproducer (outside the suite) of a defect pinned in tests/data/pydantic-ai-agui-mistral.verdicts.json
(D-mistral-abort-leak: the mistralai SDK under pydantic-ai's MistralModel; agno's MistralChat streams through the same
``chat.stream_async`` and its pin, tests/data/agno-agui-mistral.verdicts.json, lists the same abort cases as racy).

MistralModel streams through ``Mistral.chat.stream_async`` (pydantic_ai/models/mistral.py:405). Once ``client.send``
has opened the streaming response, the SDK runs its after_success hooks in a worker thread (mistralai 3.7.0
mistralai/client/basesdk.py:388-390, ``asyncio.to_thread``); a cancellation that lands there (the caller's abort:
Starlette cancels the run when the AG-UI client leaves) leaves that open response unclosed, so the upstream request
stays open. Here the loop's thread pool is busy when the answer's headers arrive (as a loaded app's is), so the
cancel lands in that hop every time; the server then waits for the client to hang up.
Run: python examples/repro/pydantic_ai_mistral_abort_leak.py (exits 1 while the defect is present).
"""

import asyncio
import contextlib
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from mistralai.client import Mistral

HOLD_S = 1.0  # how long the server waits for the client to close the aborted stream


async def leaked() -> bool:
    got_request, pool_busy, closed = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        await reader.readexactly(length)
        got_request.set()
        await pool_busy.wait()
        frame = b'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[]}\n\n'
        writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
                     + f"{len(frame):x}\r\n".encode() + frame + b"\r\n")
        await writer.drain()
        with contextlib.suppress(asyncio.CancelledError):  # the reproducer is over and closes the server
            if await reader.read() == b"":  # the client hung up
                closed.set()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    loop = asyncio.get_running_loop()
    loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    client = Mistral(api_key="k", server_url=f"http://127.0.0.1:{port}")
    task = asyncio.create_task(client.chat.stream_async(model="mistral-large-latest",
                                                        messages=[{"role": "user", "content": "Hi"}]))
    await got_request.wait()
    busy = loop.run_in_executor(None, time.sleep, 0.5)  # the pool is busy when the headers come
    pool_busy.set()
    await asyncio.sleep(0.2)  # the headers are in; the after_success hop waits for the pool
    task.cancel()  # the caller's abort
    with contextlib.suppress(asyncio.CancelledError):
        await task
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(closed.wait(), HOLD_S)
    await busy
    print(f"abort-leak: upstream closed within {HOLD_S:.0f} s of the abort:", closed.is_set())
    server.close()
    return not closed.is_set()


sys.exit(1 if asyncio.run(leaked()) else 0)
