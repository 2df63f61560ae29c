"""The HTTP/1.x framing of model responses: status line, headers, chunks, keep-alive, HTTP/1.0.

These talk raw HTTP over a socket, so they see the status line, every header and the chunk
framing exactly as a client does.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server import ThreadedMockServer
from mock_provider.wires import plan_response


@pytest.fixture(scope="module")
def corpus() -> list[Scenario]:
    return load_corpus()


@pytest.fixture(scope="module")
def srv(corpus: list[Scenario]) -> Iterator[ThreadedMockServer]:
    with ThreadedMockServer(corpus, time_scale=0.0) as server:
        yield server


def _request(body: bytes, *, path: str = "/v1/chat/completions", version: str = "1.1", extra: str = "") -> bytes:
    return (f"POST {path} HTTP/{version}\r\nHost: mock\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n{extra}\r\n").encode() + body


def _read_response(sock: socket.socket) -> tuple[str, dict[str, str], bytes]:
    """One HTTP/1.1 response: status line, headers (lower-case names), de-chunked body."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        assert chunk, f"connection closed before the headers: {buf!r}"
        buf += chunk
    head, rest = buf.split(b"\r\n\r\n", 1)
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines)}
    body = b""
    if headers.get("transfer-encoding") == "chunked":
        while True:
            while b"\r\n" not in rest:
                rest += sock.recv(65536)
            size_line, rest = rest.split(b"\r\n", 1)
            size = int(size_line, 16)
            while len(rest) < size + 2:
                rest += sock.recv(65536)
            body, rest = body + rest[:size], rest[size + 2:]
            if size == 0:
                return status, headers, body
    length = int(headers["content-length"])
    while len(rest) < length:
        rest += sock.recv(65536)
    return status, headers, rest[:length]


def _http10(server: ThreadedMockServer, body: bytes) -> tuple[bytes, bytes]:
    """Send an HTTP/1.0 request and read until the server closes: (head, body)."""
    with socket.create_connection(("127.0.0.1", _port(server)), timeout=10) as sock:
        sock.sendall(_request(body, version="1.0"))
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    return head, rest


def _port(server: ThreadedMockServer) -> int:
    return int(server.base_url.rsplit(":", 1)[1])


def test_streamed_message_matches_the_plan(srv: ThreadedMockServer, corpus: list[Scenario]) -> None:
    scenario = next(s for s in corpus if s.id == "tool.interleave.001")
    body = b'{"model":"scenario:tool.interleave.001","stream":true,"messages":[]}'
    expected = plan_response(scenario, "openai-chat", {"model": "scenario:tool.interleave.001", "stream": True},
                             streaming=True).body_bytes()
    with socket.create_connection(("127.0.0.1", _port(srv)), timeout=10) as sock:
        sock.sendall(_request(body))
        status, headers, got = _read_response(sock)
    assert status == "HTTP/1.1 200 OK"
    assert headers["content-type"] == "text/event-stream"
    assert headers["x-mock-scenario"] == "tool.interleave.001"
    assert headers["transfer-encoding"] == "chunked"
    assert headers["date"].endswith(" GMT") and headers["server"].startswith("Python/")
    assert "connection" not in headers
    assert got == expected


def test_keep_alive_serves_several_requests_on_one_connection(srv: ThreadedMockServer) -> None:
    bodies = [b'{"model":"scenario:text.basic.001","stream":true,"messages":[]}',
              b'{"model":"scenario:text.unicode.001","stream":false,"messages":[]}']
    with socket.create_connection(("127.0.0.1", _port(srv)), timeout=10) as sock:
        for body in bodies * 2:
            sock.sendall(_request(body))
            status, headers, got = _read_response(sock)
            assert status == "HTTP/1.1 200 OK"
            assert got
            if b'"stream":false' in body:
                assert headers["content-type"].startswith("application/json")
                assert int(headers["content-length"]) == len(got)


def test_connection_close_is_honoured(srv: ThreadedMockServer) -> None:
    with socket.create_connection(("127.0.0.1", _port(srv)), timeout=10) as sock:
        sock.sendall(_request(b'{"model":"scenario:text.basic.001","stream":true,"messages":[]}',
                              extra="Connection: close\r\n"))
        status, headers, got = _read_response(sock)
        assert status == "HTTP/1.1 200 OK" and got
        assert headers["connection"] == "close"
        assert sock.recv(10) == b""  # the server closed its side


def test_http10_request_gets_the_body_unchunked(srv: ThreadedMockServer, corpus: list[Scenario]) -> None:
    # HTTP/1.0 has no chunked framing (this once answered 500: chunking was forced).
    head, body = _http10(srv, b'{"model":"scenario:text.basic.001","stream":true,"messages":[]}')
    assert head.startswith(b"HTTP/1.0 200") or head.startswith(b"HTTP/1.1 200")
    assert b"transfer-encoding: chunked" not in head.lower()
    assert body.startswith(b"data: {")


def test_http10_streamed_plan_is_served_without_chunks(srv: ThreadedMockServer) -> None:
    # A fault plan is written op by op (aiohttp's StreamResponse); HTTP/1.0 gets it unchunked too.
    head, body = _http10(srv, b'{"model":"scenario:fault.disconnect.001","stream":true,"messages":[]}')
    assert b" 200 " in head.split(b"\r\n", 1)[0]
    assert b"transfer-encoding: chunked" not in head.lower()
    assert body.startswith(b"data: {")
