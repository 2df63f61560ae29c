"""Shared by the Python reproducers: a local server answering every POST with canned bytes as an event stream.

Standard library only, so each framework's environment (the ADK, AG2 and CrewAI venvs) can import it.

Example:
    >>> import urllib.request
    >>> with canned_server(b"data: {}\\n\\n") as base_url:
    ...     urllib.request.urlopen(urllib.request.Request(base_url + "/v1/x", data=b"{}")).read()
    b'data: {}\\n\\n'
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@contextmanager
def canned_server(payload: bytes) -> Iterator[str]:
    """A local server answering every POST with ``payload`` as an event stream; yields its base URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length", "0")))
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *_: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
