"""The server's request log: no scope can empty another's, it is bounded in bytes as well as entries,
every entry ends, and ``GET /_mock/requests`` answers whatever the log holds.

Each test failed on the old log: one 10,000-entry deque shared by every scope (10,000 requests in
3.2 s evicted another test's entries), unbounded body bytes (3,000 bodies of 1 MB took the server
to 3 GB), an entry left open by a client that left during its upload or a scripted delay, and a
body nested ~980 levels deep that made every later unscoped GET fail.
"""

from __future__ import annotations

import socket
import time

import httpx
import pytest

from mock_provider.request_log import HttpRequestLog
from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer

MSG = [{"role": "user", "content": "hi"}]


def test_a_flood_from_one_scope_evicts_only_that_scope() -> None:
    log = HttpRequestLog(max_entries=100)
    mine = log.start("POST", "/v1/chat/completions", "openai-chat", (), "mine")
    for _ in range(10_000):
        log.start("POST", "/v1/chat/completions", "openai-chat", (), "flood")
    assert log.entries("mine") == [mine] and len(log) == 100
    assert [c.call_id for c in log.records] == sorted(c.call_id for c in log.records)


def test_bodies_are_bounded_in_bytes_and_a_long_one_says_it_was_cut() -> None:
    log = HttpRequestLog(max_entries=None, max_bytes=10_000, max_body_bytes=1_000)
    mine = log.start("POST", "/v1/chat/completions", "openai-chat", (), "mine")
    log.set_body(mine, b'{"messages": []}')
    for _ in range(100):
        log.set_body(log.start("POST", "/p", "v3", (), "big"), b"x" * 5_000)
    assert log.entries("mine") == [mine] and mine.request == {"messages": []}
    big = log.entries("big")
    assert sum(len(c.raw_body or b"") for c in [*big, mine]) <= 10_000
    view = big[-1].to_json()
    assert view["body_truncated"] is True and view["body_bytes"] == 5_000 and view["body"] is None


@pytest.fixture()
def server() -> ThreadedMockServer:
    with ThreadedMockServer(load_corpus(), time_scale=1.0) as srv:
        yield srv


def _wait_ended(srv: ThreadedMockServer, bound_s: float = 5.0) -> list[dict[str, object]]:
    deadline = time.monotonic() + bound_s
    while time.monotonic() < deadline:
        calls: list[dict[str, object]] = httpx.get(srv.base_url + "/_mock/requests", timeout=5).json()["requests"]
        if calls and all(c["ended_at"] is not None for c in calls):
            return calls
        time.sleep(0.02)
    return httpx.get(srv.base_url + "/_mock/requests", timeout=5).json()["requests"]  # type: ignore[no-any-return]


def _port(srv: ThreadedMockServer) -> int:
    return int(srv.base_url.rsplit(":", 1)[1])


def test_a_client_that_leaves_during_its_upload_leaves_an_ended_entry(server: ThreadedMockServer) -> None:
    with socket.create_connection(("127.0.0.1", _port(server)), timeout=5) as sock:
        sock.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n{\"model\": ")
        deadline = time.monotonic() + 5  # the entry exists once the headers are read: leave mid-body then
        while not httpx.get(server.base_url + "/_mock/requests", timeout=5).json()["requests"]:
            assert time.monotonic() < deadline
            time.sleep(0.01)
    [call] = _wait_ended(server)
    assert call["ended_at"] is not None and call["client_left_early"] is True


def test_a_client_that_leaves_during_a_scripted_delay_ends_its_entry_at_once(server: ThreadedMockServer) -> None:
    """A scenario with a long delay (time scale 1): the entry ends when the client goes, not after the delay."""
    scenario = {
        "id": "slow.delay.001", "title": "slow", "rows": ["8.1.4"], "citations": [{"kind": "spec", "ref": "x"}],
        "request": {"messages": MSG},
        "script": [{"part": {"type": "stream-start", "warnings": []}},
                   {"part": {"type": "text-start", "id": "t"}},
                   {"part": {"type": "text-delta", "id": "t", "delta": "early "}},
                   {"delay_ms": 60_000, "part": {"type": "text-delta", "id": "t", "delta": "late"}}],
        "expected": {"text": "early late"},
    }
    assert httpx.post(server.base_url + "/_mock/scenarios", json=scenario, timeout=5).status_code == 201
    with httpx.Client(timeout=10) as client, client.stream(
            "POST", server.base_url + "/v1/chat/completions",
            json={"model": "scenario:slow.delay.001", "stream": True, "messages": MSG}) as r:
        assert r.status_code == 200
        next(r.iter_raw())  # the first frame is out; the 60 s delay has begun
    [call] = _wait_ended(server, bound_s=5.0)  # far less than the delay
    assert call["client_left_early"] is True


def test_get_answers_whatever_the_log_holds(server: ThreadedMockServer) -> None:
    deep = b'{"model": "scenario:text.basic.001", "messages": [], "x": ' + b"[" * 975 + b"]" * 975 + b"}"
    r = httpx.post(server.base_url + "/v1/chat/completions", content=deep,
                   headers={"content-type": "application/json"}, timeout=10)
    assert r.status_code in (200, 400)
    got = httpx.get(server.base_url + "/_mock/requests", timeout=10)
    # (The test's own stack is too deep to parse the body back: the text is checked, not decoded.)
    assert got.status_code == 200 and got.text.startswith('{"requests": [{"id": 1,'), got.text[:200]


def test_posted_scenarios_are_bounded_and_a_huge_invalid_one_gets_a_short_answer() -> None:
    """The store was unbounded (3 GB after 181 posts of 0.9 MB) and a 100,000-key document got a 5.7 MB 422."""
    from tests.test_server import make_scenario

    with ThreadedMockServer(load_corpus()) as srv:
        srv.state.MAX_POSTED_SCENARIOS = 2  # type: ignore[misc]
        for i in range(3):
            doc = make_scenario(f"post.bound.{i:03d}").model_dump(mode="json", exclude_defaults=True)
            r = httpx.post(srv.base_url + "/_mock/scenarios", json=doc, timeout=10)
            assert r.status_code == (201 if i < 2 else 507), r.text
        assert "scenario_store_full" in r.text
        srv.state.MAX_POSTED_SCENARIOS = 100  # type: ignore[misc]
        junk = {f"k{i}": i for i in range(5_000)}
        r = httpx.post(srv.base_url + "/_mock/scenarios", json={"id": "a.b.001", **junk}, timeout=30)
        assert r.status_code == 422 and len(r.content) < 10_000, len(r.content)
        assert "error(s)" in r.json()["error"]["message"] and len(r.json()["error"]["fields"]) == 20


def test_a_long_response_is_written_in_slices_that_wait_for_the_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """One coalesced write of a whole stream sat in the transport's buffer for a slow reader
    (200 readers took the server to 610 MB); writes of at most WRITE_SLICE bytes each await the drain."""
    from aiohttp import web

    from mock_provider.server import writer
    from tests.test_server import make_scenario

    sizes: list[int] = []
    real = web.StreamResponse.write

    async def spy(self: web.StreamResponse, data: bytes) -> None:
        sizes.append(len(data))
        await real(self, data)

    monkeypatch.setattr(web.StreamResponse, "write", spy)
    big = make_scenario("slow.reader.001", text="x" * 1000, pieces=400)  # one zero-delay run of ~500 KB
    with ThreadedMockServer([big], time_scale=0) as srv:
        r = httpx.post(srv.base_url + "/v1/parts/v3", json={"model": "scenario:slow.reader.001"}, timeout=30)
    assert r.status_code == 200 and "x" * 1000 in r.text
    assert sum(sizes) == len(r.content) and max(sizes) <= writer.WRITE_SLICE and len(sizes) > 4


def test_a_client_rotating_scopes_cannot_empty_another_scope() -> None:
    """Each request under a fresh X-Mock-Scope (no token needed): the victim's 5 entries emptied after
    10,050 requests when the largest scope paid for every new one. Scopes beyond the cap go newest first."""
    log = HttpRequestLog()  # the server's bounds
    victim = [log.start("POST", "/v1/chat/completions", "openai-chat", (), "victim") for _ in range(5)]
    for i in range(10_050):
        log.start("POST", "/v1/chat/completions", "openai-chat", (), f"rotating-{i}")
    assert log.entries("victim") == victim
    assert len(log) <= 10_000 and len(log._scopes) <= log.max_scopes
    assert log.entries("rotating-10049"), "the request just made is logged"


def test_each_scope_keeps_its_floor_under_entry_pressure() -> None:
    log = HttpRequestLog(max_entries=100, max_scopes=10)
    small = [log.start("POST", "/p", "v3", (), "small") for _ in range(10)]
    for i in range(500):
        log.start("POST", "/p", "v3", (), f"s{i % 9}")
    assert log.entries("small") == small and len(log) <= 100


def test_headers_count_against_the_byte_bound_and_long_ones_are_cut() -> None:
    """400 requests with 0.95 MB of headers each took the server from 59 to 435 MB: the log counted
    body bytes only."""
    big = tuple((f"x-pad-{i}".encode(), b"v" * 8_000) for i in range(120))  # ~0.96 MB
    log = HttpRequestLog(max_bytes=1 << 20, max_header_bytes=16 << 10)
    mine = log.start("POST", "/v1/chat/completions", "openai-chat", ((b"x-mine", b"1"),), "mine")
    for _ in range(400):
        log.start("POST", "/v1/chat/completions", "openai-chat", big, "flood")
    kept = sum(len(k) + len(v) for c in log.records for k, v in c.headers)
    assert kept <= 1 << 20 and log.entries("mine") == [mine] and mine.to_json()["headers"] == {"x-mine": "1"}
    view = log.entries("flood")[-1].to_json()
    assert view["headers_truncated"] is True and view["header_bytes"] > 900_000 and len(view["headers"]) == 2


def test_get_requests_streams_its_body(server: ThreadedMockServer) -> None:
    """The log as one text was built in memory before the first byte went out (378 MB for one GET):
    it is written entry by entry, chunked."""
    for _ in range(3):
        httpx.post(server.base_url + "/v1/chat/completions", timeout=10,
                   json={"model": "scenario:text.basic.001", "stream": True, "messages": MSG})
    got = httpx.get(server.base_url + "/_mock/requests", timeout=10)
    assert got.headers.get("transfer-encoding") == "chunked" and "content-length" not in got.headers
    assert [c["id"] for c in got.json()["requests"]] == [1, 2, 3]


def test_the_scenario_store_bounds_the_memory_of_parsed_scenarios() -> None:
    """37 posts of 0.9 MB cost 674 MB above the bound: a document of small steps parses into ~16
    times its length, and the bound counted document bytes. It counts the parsed footprint now,
    which covers what parsing the document allocates (measured with tracemalloc)."""
    import json
    import tracemalloc

    from mock_provider.server.control import MockProviderState
    from mock_provider.server.errors import RequestError
    from tests.test_server import make_scenario

    raw = json.dumps(make_scenario("post.mem.001", text="x", pieces=6_000)
                     .model_dump(mode="json", exclude_defaults=True)).encode()
    state = MockProviderState([])
    state.MAX_POSTED_BYTES = 100 * len(raw)  # type: ignore[misc]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        _, cost = state.read_scenario_document(raw, "application/json")
        allocated = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert cost >= allocated > 5 * len(raw), (cost, allocated, len(raw))
    accepted = 0
    with pytest.raises(RequestError, match="posted scenarios"):
        for i in range(20):
            state.add_scenario_document(raw.replace(b"post.mem.001", f"post.mem.{i:03d}".encode()),
                                        "application/json")
            accepted += 1
    assert accepted == state.MAX_POSTED_BYTES // cost
