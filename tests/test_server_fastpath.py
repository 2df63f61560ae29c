"""The fast path (server/fastpath.py) answers exactly as aiohttp's request path does.

Every corpus scenario is played on every wire through a server with the fast path and one
without, over raw sockets (each request on a new connection, then twice on one kept-alive
connection); the response bytes (the ``Date`` header aside: a clock) and the request log records
(their clocks aside) must be equal. Scenarios the fast path hands to aiohttp (faults, refusals,
delays) go through the same comparison, so the hand-over is checked too.
"""

from __future__ import annotations

import dataclasses
import json
import re
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from mock_provider.dialects import PART_DIALECTS
from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server import ThreadedMockServer

CLOCKS = ("started_at", "ended_at", "wall_started_at", "_request")
DATE = re.compile(rb"\r\nDate: [^\r]*\r\n")
HI = [{"role": "user", "content": "hi"}]
# (path, body) of a plain streaming request on each wire; the scenario comes in X-Mock-Scenario.
WIRES: dict[str, tuple[str, dict[str, Any]]] = {
    "openai-chat": ("/v1/chat/completions", {"model": "m", "stream": True, "messages": HI}),
    "openai-chat-json": ("/v1/chat/completions", {"model": "m", "messages": HI}),
    "anthropic": ("/v1/messages", {"model": "m", "max_tokens": 64, "stream": True, "messages": HI}),
    "openai-responses": ("/v1/responses", {"model": "m", "stream": True, "input": "hi"}),
    "gemini": ("/v1beta/models/m:streamGenerateContent?alt=sse",
               {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}),
    "gemini-json": ("/v1beta/models/m:generateContent", {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}),
    **{f"parts-{d}": (f"/v1/parts/{d}", {"model": "m"}) for d in PART_DIALECTS},
    # A declared server changes the plan (its error chunk, its refusal body): keyed apart on both paths.
    "openai-chat-openrouter": ("/v1/chat/completions", {"model": "m", "stream": True, "messages": HI}),
}
HEADERS: dict[str, dict[str, str]] = {"openai-chat-openrouter": {"X-Mock-Server": "openrouter"}}


@pytest.fixture(scope="module")
def corpus() -> list[Scenario]:
    return load_corpus()


def _servers(corpus: list[Scenario]) -> Iterator[tuple[ThreadedMockServer, ThreadedMockServer]]:
    with ThreadedMockServer(corpus, fast_path=True, max_stall_s=0.2, max_log_entries=100_000) as fast, \
            ThreadedMockServer(corpus, fast_path=False, max_stall_s=0.2, max_log_entries=100_000) as slow:
        yield fast, slow


@pytest.fixture(scope="module")
def servers(corpus: list[Scenario]) -> Iterator[tuple[ThreadedMockServer, ThreadedMockServer]]:
    yield from _servers(corpus)


def _request(path: str, body: bytes, headers: dict[str, str]) -> bytes:
    extra = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return (f"POST {path} HTTP/1.1\r\nHost: mock\r\nContent-Type: application/json\r\n{extra}"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def _complete(out: bytes, responses: int) -> bool:
    """Whether ``out`` holds ``responses`` whole HTTP/1.1 responses (Content-Length or chunked)."""
    rest = out
    for _ in range(responses):
        head, sep, rest = rest.partition(b"\r\n\r\n")
        if not sep:
            return False
        if b"\r\nTransfer-Encoding: chunked" in head:
            while True:
                size_line, sep, rest = rest.partition(b"\r\n")
                if not sep:
                    return False
                size = int(size_line, 16)
                if len(rest) < size + 2:
                    return False
                rest = rest[size + 2:]
                if size == 0:
                    break
        else:
            match = re.search(rb"\r\nContent-Length: (\d+)", head)
            length = int(match[1]) if match else 0
            if len(rest) < length:
                return False
            rest = rest[length:]
    return True


def _exchange(base_url: str, requests: list[bytes]) -> bytes:
    """Send each request on one connection once the one before is answered (or the server dropped it)."""
    host, port = base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port))) as sock:
        sock.settimeout(5.0)
        out = b""
        try:
            n = 0
            for req in requests:
                sock.sendall(req)
                n += req.count(b"POST ")  # a pipelined send holds more than one request
                while not _complete(out, n) and (chunk := sock.recv(1 << 20)):
                    out += chunk
        except (ConnectionResetError, BrokenPipeError):
            pass
        return DATE.sub(b"\r\nDate: -\r\n", out)


def _records(server: ThreadedMockServer, since: int) -> list[dict[str, Any]]:
    # By id, not index: the log is bounded and drops old entries (fairly, per scope).
    records = [r for r in server.state.log.records if r.call_id > since]
    for _ in range(500):  # the server may end a record just after the client read its response
        if all(r.ended_at is not None for r in records):
            break
        time.sleep(0.01)
    return [{k: v for k, v in dataclasses.asdict(r).items() if k not in CLOCKS} for r in records]


def _play(server: ThreadedMockServer, requests: list[list[bytes]]) -> tuple[list[bytes], list[dict[str, Any]]]:
    since = max((r.call_id for r in server.state.log.records), default=0)
    answers = [_exchange(server.base_url, conn) for conn in requests]
    return answers, _records(server, since)


@pytest.mark.parametrize("wire", sorted(WIRES))
def test_every_scenario_gets_the_same_bytes_and_records_on_both_paths(
        servers: tuple[ThreadedMockServer, ThreadedMockServer], corpus: list[Scenario], wire: str) -> None:
    fast, slow = servers
    path, body = WIRES[wire]
    raw = json.dumps(body).encode()
    conns = []
    for scenario in corpus:
        req = _request(path, raw, {"X-Mock-Scenario": scenario.id, **HEADERS.get(wire, {})})
        conns.append([req])  # a new connection
        conns.append([req, req])  # kept alive: the second request is sent once the first is answered
        conns.append([req + req])  # pipelined: both at once
    fast_answers, fast_records = _play(fast, conns)
    slow_answers, slow_records = _play(slow, conns)
    assert len(fast_records) == len(slow_records) >= len(corpus)
    for scenario, got, want in zip([s for s in corpus for _ in (1, 2, 3)], fast_answers, slow_answers, strict=True):
        assert got == want, scenario.id
    for got_record, want_record in zip(fast_records, slow_records, strict=True):
        assert got_record == want_record
    assert any(r["status"] == 200 and r["completed"] for r in fast_records)


def test_a_plain_request_is_answered_below_aiohttp_and_the_rest_is_handed_over(corpus: list[Scenario]) -> None:
    """Guards the comparison above against a fast path that never answers (it would compare aiohttp with itself)."""
    with ThreadedMockServer(corpus, fast_path=True) as server:
        runner = server._server._runner
        assert runner is not None
        aiohttp_server = runner.server
        host, port = server.base_url.removeprefix("http://").split(":")
        raw = json.dumps(WIRES["openai-chat"][1]).encode()
        plain = _request("/v1/chat/completions", raw, {"X-Mock-Scenario": "text.basic.001"})
        expect = _request("/v1/chat/completions", raw, {"X-Mock-Scenario": "text.basic.001",
                                                        "Expect": "100-continue"})
        for req, handed_over in ((plain, 0), (expect, 1)):
            with socket.create_connection((host, int(port))) as sock:
                sock.sendall(req)
                sock.settimeout(2.0)
                got = b""
                while not got.endswith(b"0\r\n\r\n"):
                    got += sock.recv(1 << 16)
                assert got.startswith(b"HTTP/1.1 200 OK") or got.startswith(b"HTTP/1.1 100 Continue")
                assert len(aiohttp_server.connections) == handed_over
