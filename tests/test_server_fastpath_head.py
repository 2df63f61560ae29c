"""The fast path's own head reader (``fastpath.read_head``) reads what llhttp reads, or leaves the head to it.

``read_head`` takes only heads in their plainest form; everything else goes to llhttp (aiohttp's
parser), so the two must agree on every head ``read_head`` takes: the method, the target, the
version, the raw header pairs the request log keeps, the fields selection reads, whether the
connection closes, where the body ends, and that nothing about the message is special (chunked,
upgraded, compressed, ``Expect``). Heads are drawn near that form: cases, separators, whitespace,
control and non-ASCII bytes, repeated and framing fields, percent signs and fragments.

Then, over sockets: a connection mixing heads of both kinds, bodies sent apart from their heads,
``Connection: close``, a scenario replaced between two requests on one kept-alive connection and
other wires on the same connection get the bytes and records a server without the fast path gives
(a remembered response must never outlive its plan); a remembered response is remade when the
``Date`` second changes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from typing import Any

import pytest
from aiohttp.http import HttpVersion11
from aiohttp.http_parser import HttpRequestParser
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer, fastpath
from mock_provider.server.plans import CompiledPlan
from tests.test_server_fastpath import CLOCKS, _play, _request

MAX_BODY = 1 << 20
ROUTES = ["/v1/chat/completions", "/v1/messages", "/v1/responses", "/v1/parts/v3", "/v1/parts/mastra",
          "/v1beta/models/gemini-2.0:streamGenerateContent", "/v1beta/models/m:generateContent",
          "/v1/models/m:generateContent", "/v1/chat/completions/", "/v2/unknown", "/"]
NAMES = ["Host", "Content-Type", "Accept", "X-Mock-Scenario", "X-Mock-Scope", "X-Mock-Server", "X-Mock-Reasoning",
         "Authorization", "User-Agent", "Connection", "connection", "Transfer-Encoding", "Expect",
         "Content-Encoding", "Upgrade", "Proxy-Connection", "Keep-Alive", "TE", "Sec-WebSocket-Key1", "X-Custom_1",
         "x.y~z", "Bad Name", "Bad:Name", "Bad\x7fName", ""]
VALUES = ["application/json", "text.basic.001", "close", "Close", "keep-alive", "Keep-Alive", "keep-alive, close",
          "upgrade", "chunked", "gzip", "100-continue", "websocket", "a b", "a\tb", "x\x01y", "\x7f", "caf\xe9",
          "\u00e9t\u00e9", " lead", "trail ", "trail\t", "", "*/*", "Bearer sk-1", "a: b"]


def _parse_llhttp(raw: bytes) -> tuple[Any, Any] | None:
    """The first message llhttp reads from ``raw`` with the fast path's limits, or None when it refuses it."""
    async def parse() -> tuple[Any, Any] | None:
        class Reader:  # what the parser calls on its protocol (see FastProtocol)
            def pause_reading(self) -> None:
                pass

            def resume_reading(self, resume_parser: bool = True) -> None:
                pass

        parser = HttpRequestParser(Reader(), asyncio.get_running_loop(),  # type: ignore[arg-type]
                                   fastpath.READ_BUFSIZE, max_line_size=fastpath.MAX_LINE_SIZE,
                                   max_field_size=fastpath.MAX_FIELD_SIZE, max_headers=fastpath.MAX_HEADERS)
        try:
            messages, _upgraded, _tail = parser.feed_data(raw)
        except Exception:
            return None
        return messages[0] if messages else None

    return asyncio.run(parse())


@st.composite
def heads(draw: st.DrawFn) -> bytes:
    """A request near the plainest form: each part either plain or one of the ways it is not."""
    method = draw(st.sampled_from(["POST"] * 20 + ["GET", "post", "PUT"]))
    target = draw(st.sampled_from(ROUTES[:7] * 3 + ROUTES[7:]))
    if draw(st.integers(0, 3)):
        target += draw(st.sampled_from([""] * 6 + ["?alt=sse", "?a=%20", "#f", "%41", "?a=b&c"]))
    else:
        target += draw(st.text("Az09-._~!$&'()*+,;=:@/?%#[]{}|\\^` \"<>", max_size=10))
    version = draw(st.sampled_from(["HTTP/1.1"] * 20 + ["HTTP/1.0", "HTTP/2.0", "http/1.1"]))
    body = draw(st.sampled_from([b"", b"{}", b'{"model": "m", "stream": true}', b"x" * 300]))
    fields: list[tuple[str, str, str]] = [("Host", ": ", "mock")] if draw(st.integers(0, 9)) else []
    if draw(st.integers(0, 2)):  # most heads only hold plain fields, each once (a second one is drawn below)
        for name in draw(st.lists(st.sampled_from([*NAMES[1:9], "Connection"]), unique=True, max_size=5)):
            fields.append((name, ": ", draw(st.sampled_from([*VALUES[:5], "*/*", "a b", "Bearer sk-1"]))))
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2, 3]))):  # fields that may be anything
        name = draw(st.sampled_from(NAMES) | st.text("abcXYZ-_!~", min_size=1, max_size=8))
        value = draw(st.sampled_from(VALUES) | st.text(st.characters(max_codepoint=0x17f), max_size=12))
        fields.append((name, draw(st.sampled_from([": ", ": ", ":", ":  ", ":\t", " : "])), value))
    length = draw(st.sampled_from([str(len(body))] * 18 + [str(len(body) + 1), f"0{len(body)}", f"+{len(body)}",
                                                          f"{len(body)}, {len(body)}", "", "-1"]))
    cl_name = draw(st.sampled_from(["Content-Length", "Content-Length", "content-length", "CONTENT-LENGTH"]))
    at = draw(st.integers(0, len(fields)))
    fields.insert(at, (cl_name, ": ", length))
    if not draw(st.integers(0, 9)) and fields:
        fields.append(draw(st.sampled_from(fields)))  # a field named twice
    end = draw(st.sampled_from(["\r\n"] * 20 + ["\n"]))
    head = f"{method} {target} {version}\r\n" + "".join(f"{n}{sep}{v}{end}" for n, sep, v in fields) + "\r\n"
    return head.encode("utf-8", "surrogateescape") + body


def _check_agrees(raw: bytes) -> bool:
    """When read_head takes the head, llhttp reads the same message; whether it took it."""
    head = fastpath.read_head(raw, MAX_BODY)
    if head is None:
        return False
    parsed = _parse_llhttp(raw)
    assert parsed is not None, raw
    msg, payload = parsed
    assert msg.method == "POST" and msg.version == HttpVersion11
    assert msg.path.partition("?")[0] == head.path and fastpath.fast_route(head.path) == (head.dialect,
                                                                                          head.path_fields)
    assert msg.raw_headers == head.raw_headers
    assert msg.should_close == head.should_close
    assert not msg.chunked and not msg.upgrade and msg.compression is None
    assert "Expect" not in msg.headers and "Content-Encoding" not in msg.headers
    assert len(msg.headers) == len(head.fields)
    for name in msg.headers:
        assert msg.headers.getall(name) == [head.fields[name]], name
    assert head.header_bytes == sum(len(k) + len(v) + 4 for k, v in msg.raw_headers)
    length = int(msg.headers["Content-Length"])
    assert head.end == head.body_start + length and raw[head.body_start - 4:head.body_start] == b"\r\n\r\n"
    assert payload.is_eof() or length == 0 or len(raw) < head.end
    return True


@settings(max_examples=1500, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(heads())
@example(b"POST /v1/chat/completions HTTP/1.1\r\nHost: m\r\nContent-Length: 2\r\n\r\n{}")
def test_every_head_read_here_is_the_head_llhttp_reads(raw: bytes) -> None:
    _check_agrees(raw)


def test_the_drawn_heads_reach_both_readers() -> None:
    """The property above is not empty: plain heads are taken, and each way a head is not plain is left to llhttp."""
    plain = b"POST /v1/chat/completions?x=1 HTTP/1.1\r\nHost: m\r\nconnection: Close\r\nContent-Length: 2\r\n\r\n{}"
    assert _check_agrees(plain)
    left = [plain.replace(b"Host: m", b"Host:  m"), plain.replace(b"Host: m", b"Host: m "),
            plain.replace(b"Host: m", b"Host: \xc3\xa9"), plain.replace(b"Host: m", b"Host: m\r\nHost: m"),
            plain.replace(b"Host: m", b"Expect: 100-continue"), plain.replace(b"Host: m", b"X-Host: m"),
            plain.replace(b"Close", b"upgrade"),
            plain.replace(b"Host: m", b"Transfer-Encoding: chunked"), plain.replace(b"?x=1", b"?x=%41"),
            plain.replace(b"HTTP/1.1", b"HTTP/1.0"), plain.replace(b"/v1/chat/completions", b"/v1/nothing"),
            plain.replace(b"Content-Length: 2", b"Content-Length: 2000000"), plain[:30]]
    assert [fastpath.read_head(raw, MAX_BODY) for raw in left] == [None] * len(left)


def _plan(status: int = 200) -> CompiledPlan:
    return CompiledPlan(status, {"content-type": "text/event-stream"}, (), b"data: 1\n\n", True, b"data: 1\n\n",
                        None, 0.0, "x.y.001", "openai-chat")


def test_a_remembered_response_follows_its_plan_the_connection_and_the_date(monkeypatch: pytest.MonkeyPatch) -> None:
    now = ["Sun, 29 Nov 2026 07:00:00 GMT"]
    monkeypatch.setattr(fastpath, "rfc822_formatted_time", lambda: now[0])
    responses = fastpath.Responses()
    first, other = _plan(), _plan(201)
    a = responses.get(first, b"data: 1\n\n", True)
    assert responses.get(first, b"data: 1\n\n", True) is a  # same plan, same second: remembered
    assert responses.get(other, b"data: 1\n\n", True).startswith(b"HTTP/1.1 201 Created")
    now[0] = "Sun, 29 Nov 2026 07:00:01 GMT"
    later = responses.get(first, b"data: 1\n\n", True)  # the next second: made again
    assert b"07:00:01" in later and b"07:00:00" in a
    assert later == fastpath.response_bytes(first, b"data: 1\n\n", True, "Sun, 29 Nov 2026 07:00:01 GMT")
    closing = responses.get(first, b"data: 1\n\n", False)
    assert b"\r\nConnection: close\r\n" in closing and b"Connection" not in later
    small = fastpath.Responses(max_bytes=len(a) + 10)
    small.get(first, b"data: 1\n\n", True)
    small.get(other, b"data: 1\n\n", True)  # past the bound: the first is forgotten
    assert len(small._made) == 1


HI = [{"role": "user", "content": "hi"}]
CHAT = json.dumps({"model": "m", "stream": True, "messages": HI}).encode()


def _replaced(text: str) -> bytes:
    """text.basic.001 under another id (posted), its deltas saying ``text``."""
    base = next(s for s in load_corpus() if s.id == "text.basic.001")
    doc = {**base.model_dump(mode="json", exclude_none=True), "id": "cache.replaced.001"}
    for step in doc["script"]:
        if step.get("part", {}).get("type") == "text-delta":
            step["part"]["delta"] = text
    doc["expected"].pop("text", None)
    return json.dumps(doc).encode()


def test_a_connection_of_mixed_heads_replaced_scenarios_and_other_wires_gets_what_aiohttp_gives() -> None:
    sel = {"X-Mock-Scenario": "cache.replaced.001"}
    plain = _request("/v1/chat/completions", CHAT, sel)
    odd = plain.replace(b"Host: mock", b"Host:  mock")  # llhttp reads it
    closing = _request("/v1/chat/completions", CHAT, {**sel, "Connection": "close"})
    responses = _request("/v1/responses", json.dumps({"model": "m", "stream": True, "input": "hi"}).encode(), sel)
    answers = []
    for fast_path in (True, False):
        with ThreadedMockServer(load_corpus(), fast_path=fast_path) as server:
            server.state.add_scenario_document(_replaced("before"), "application/json")
            first = _play(server, [[plain, odd, plain, responses, plain], [odd, plain + plain],
                                   [plain, closing, plain]])
            # The same request now has another answer: nothing remembered may outlive its plan.
            server.state.add_scenario_document(_replaced("after"), "application/json", put_id="cache.replaced.001")
            second = _play(server, [[plain, plain, responses, odd]])
            answers.append((first, second))
    (fast_first, fast_second), (slow_first, slow_second) = answers
    assert fast_first == slow_first
    assert fast_second == slow_second
    assert b"after" in fast_second[0][0] and b"before" not in fast_second[0][0]
    assert b"before" in fast_first[0][0] and b"after" not in fast_first[0][0]


class _Transport:
    """What FastProtocol uses of a transport; hand-overs are not expected here."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.closed = False

    def write(self, data: bytes) -> None:
        self.out += data

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True


def test_a_request_read_in_pieces_is_answered_as_a_request_read_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The head apart from its body (read here), and byte by byte (llhttp reads it), then a plain one again."""
    from mock_provider.server.app import create_app
    from mock_provider.server.control import STATE_KEY

    monkeypatch.setattr(fastpath, "rfc822_formatted_time", lambda: "Sun, 29 Nov 2026 07:00:00 GMT")
    req = _request("/v1/chat/completions", CHAT, {"X-Mock-Scenario": "text.basic.001", "X-Mock-Scope": "s"})
    head, _, body = req.partition(b"\r\n\r\n")
    ways = {"whole": [req], "head, then body": [head + b"\r\n\r\n", body],
            "head, then body in two": [head + b"\r\n\r\n", body[:5], body[5:]],
            "byte by byte": [req[i:i + 1] for i in range(len(req))]}

    async def play(pieces: list[bytes]) -> tuple[bytes, list[dict[str, Any]]]:
        state = create_app(load_corpus())[STATE_KEY]
        protocol = fastpath.FastProtocol(lambda: pytest.fail("handed over"), state, set())
        transport = _Transport()
        protocol.connection_made(transport)  # type: ignore[arg-type]
        for piece in [*pieces, req]:  # then a plain request on the same connection
            protocol.data_received(piece)
        protocol.connection_lost(None)
        records = [{k: v for k, v in dataclasses.asdict(r).items() if k not in CLOCKS} for r in state.log.records]
        return bytes(transport.out), records

    got = {name: asyncio.run(play(pieces)) for name, pieces in ways.items()}
    assert got["whole"][0].count(b"HTTP/1.1 200 OK") == 2
    for name, answer in got.items():
        assert answer == got["whole"], name
