"""Reproducer (outside the suite) of the defect behind pydantic-ai-on-Gemini's abort findings, pinned in
tests/data/pydantic-ai-agui-gemini.verdicts.json.

google-genai 3.6.1 streams through nested async generators: generate_content_stream's
_generate_content_stream_with_continuation (google/genai/models.py:8291 ``async for chunk in response_stream``) over
_generate_content_stream's (models.py:6972) over async_request_streamed's (_api_client.py:2442) over
HttpResponse._aiter_response_stream, whose ``finally`` closes the HTTP response (_api_client.py:729). Closing the
outer generator (``aclose()``, what pydantic-ai's GoogleModel.request_stream does when the run is cancelled) ends
only that generator: ``async for`` never closes the generator it iterates, so the inner ones, and the HTTP
response, stay open until the garbage collector finalizes them. The upstream request goes on after the caller left.
Run: python examples/repro/google_genai_stream_not_closed.py (exits 1 while the defect is present).
"""

import asyncio
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from google import genai
from google.genai import types

closed = threading.Event()
CHUNK = {"candidates": [{"index": 0, "content": {"role": "model", "parts": [{"text": "word "}]}}],
         "modelVersion": "gemini-2.5-flash"}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", "0")))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        data = f"data: {json.dumps(CHUNK)}\r\n\r\n".encode()
        try:
            for _ in range(50):  # a long answer: 5 s, unless the client closes the connection
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                self.wfile.flush()
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            closed.set()

    def log_message(self, *_: object) -> None:
        pass


async def main() -> bool:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    client = genai.Client(api_key="x", http_options=types.HttpOptions(
        base_url=f"http://127.0.0.1:{server.server_address[1]}"))
    stream = await client.aio.models.generate_content_stream(model="gemini-2.5-flash", contents="Hi")
    first = await stream.__anext__()
    await stream.aclose()  # the caller is done: the HTTP response should be closed now
    seen = await asyncio.to_thread(closed.wait, 1.5)
    print("read", repr(first.text), "then aclose(); upstream connection closed within 1.5 s:", seen)
    server.shutdown()
    return seen


sys.exit(0 if asyncio.run(main()) else 1)
