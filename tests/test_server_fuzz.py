"""Hypothesis-generated malformed requests against a running server.

Every answer must be a 4xx JSON error with a message: no 5xx, no dropped connection, no
error logged by the server, and the server healthy afterwards. Each example sends exactly
one request; the count is asserted and printed.
"""

from __future__ import annotations

import json
import logging
import os
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mock_provider.server import ThreadedMockServer

MAX_BODY = 64 * 1024  # a small limit keeps the huge-body cases cheap
# The soak command (benchmarks/soak.py) raises it for release checks.
EXAMPLES = int(os.environ.get("SAC_FUZZ_EXAMPLES", "300"))
MODEL_PATHS = ["/v1/chat/completions", "/v1/messages", "/v1/parts/v2", "/v1/parts/v3", "/v1/parts/v4",
               "/v1/parts/mastra"]
KNOWN_PATHS = {*MODEL_PATHS, "/_mock/health", "/_mock/scenarios", "/_mock/requests"}
# Headers httpx/h11 manage themselves or that change the framing of the request.
RESERVED = {"host", "content-length", "transfer-encoding", "connection", "expect", "upgrade", "te", "trailer",
            "keep-alive", "proxy-connection"}


@dataclass
class Case:
    kind: str
    method: str
    path: str
    headers: dict[str, bytes] = field(default_factory=dict)
    content: bytes | None = None
    chunked: bool = False
    raw: bytes | None = None  # sent on a bare socket instead of through httpx
    param: str | None = None  # the field a 400 must name


json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) \
    | st.text(max_size=12)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)
no_selection_body = st.fixed_dictionaries(
    {"messages": st.just([{"role": "user", "content": "fuzz"}])},
    optional={"temperature": st.floats(0, 2), "max_tokens": st.integers(1, 1000), "extra": json_values})


def _not(t: type | tuple[type, ...]) -> st.SearchStrategy[Any]:
    return json_values.filter(lambda v: not isinstance(v, t))


# (field, wrong value, the param a 400 names); bool must not pass for str/list/dict fields either.
wrong_fields = st.one_of(
    st.tuples(st.just("model"), _not(str), st.just("model")),
    st.tuples(st.just("messages"), _not(list), st.just("messages")),
    st.tuples(st.just("messages"), st.lists(_not(dict), min_size=1, max_size=3), st.just("messages.0")),
    st.tuples(st.just("stream"), _not(bool), st.just("stream")),
    st.tuples(st.just("stream_options"), _not((dict, type(None))), st.just("stream_options")),
    st.tuples(st.just("stream_options"), st.fixed_dictionaries({"include_usage": _not(bool)}),
              st.just("stream_options.include_usage")),
    st.tuples(st.just("tools"), _not((list, type(None))), st.just("tools")),
    st.tuples(st.just("tools"), st.lists(_not(dict), min_size=1, max_size=3), st.just("tools.0")),
)


@st.composite
def wrong_type_cases(draw: st.DrawFn) -> Case:
    name, value, param = draw(wrong_fields)
    body: dict[str, Any] = draw(st.dictionaries(st.sampled_from(["temperature", "top_p", "n", "x"]), json_values,
                                                max_size=2))
    body[name] = value
    return Case("wrong-type", "POST", draw(st.sampled_from(MODEL_PATHS)),
                {"X-Mock-Scenario": b"text.basic.001"}, json.dumps(body).encode(), param=param)


def _is_json_object(raw: bytes) -> bool:
    try:
        return isinstance(json.loads(raw), dict)
    except (ValueError, RecursionError):
        return False


bad_json_bytes = st.one_of(
    st.binary(min_size=1, max_size=300),
    st.text(max_size=200).map(str.encode),
    json_values.map(lambda v: json.dumps(v).encode()),  # valid JSON, but not an object
    st.builds(lambda v, cut: json.dumps(v).encode()[: max(1, cut)],
              st.dictionaries(st.text(max_size=5), json_values, min_size=1, max_size=3), st.integers(1, 30)),
    st.sampled_from([b'{"a": NaN}', b'{"a": Infinity}', b"[" * 5000, b'{"a":' * 3000, b"\xef\xbb\xbf{}",
                     b'{"model": "x"', b"null", b'"just a string"']),
).filter(lambda raw: raw.strip() != b"" and not _is_json_object(raw))


@st.composite
def bad_json_cases(draw: st.DrawFn) -> Case:
    ctype = draw(st.sampled_from([b"application/json", b"text/plain", b"application/x-www-form-urlencoded"]))
    return Case("bad-json", "POST", draw(st.sampled_from(MODEL_PATHS)), {"Content-Type": ctype},
                draw(bad_json_bytes))


@st.composite
def huge_cases(draw: st.DrawFn) -> Case:
    size = draw(st.integers(MAX_BODY + 1, 4 * MAX_BODY))
    path = draw(st.sampled_from([*MODEL_PATHS, "/_mock/scenarios"]))
    return Case("huge", "POST", path, {"Content-Type": b"application/json"}, b"x" * size, chunked=draw(st.booleans()))


header_names = st.from_regex(r"[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,30}", fullmatch=True).filter(
    lambda n: n.lower() not in RESERVED)
header_values = st.one_of(
    st.from_regex(rb"[\x21-\x7e\x80-\xff]([\x20-\x7e\x80-\xff]{0,120}[\x21-\x7e\x80-\xff])?", fullmatch=True),
    st.integers(8000, 12000).map(lambda n: b"v" * n),  # over aiohttp's 8190-byte field limit
)
scenario_header_values = st.one_of(
    st.from_regex(rb"[\x21-\x7e\x80-\xff]{1,60}", fullmatch=True),
    st.sampled_from([b"../../etc/passwd", b"text.basic.001/../x", b"TEXT.BASIC.001", b"a.b", b"zz.zz.999",
                     b"x" * 5000]),
)


@st.composite
def odd_header_cases(draw: st.DrawFn) -> Case:
    headers = draw(st.dictionaries(header_names, header_values, max_size=6))
    if draw(st.booleans()):
        headers["X-Mock-Scenario"] = draw(scenario_header_values)
    for name in ("X-Mock-Scope", "Accept", "Content-Type", "Authorization", "X-Api-Key"):
        if draw(st.booleans()):
            headers[name] = draw(header_values)
    body = json.dumps(draw(no_selection_body)).encode()
    return Case("odd-headers", "POST", draw(st.sampled_from(MODEL_PATHS)), headers, body)


path_segments = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-._~", min_size=1, max_size=12)


@st.composite
def route_cases(draw: st.DrawFn) -> Case:
    method = draw(st.sampled_from(["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "POST", "TRACE"])
                  | st.from_regex(r"[A-Z]{3,10}", fullmatch=True).filter(lambda m: m not in {"HEAD", "CONNECT"}))
    known = draw(st.sampled_from(sorted(KNOWN_PATHS)))
    random_path = "/" + "/".join(draw(st.lists(path_segments, min_size=1, max_size=4)))
    segment = draw(path_segments)
    path = draw(st.sampled_from([known, random_path, "/v1/parts/" + segment, "/_mock/" + segment, known + "/extra"]))
    # Skip combinations that are valid requests (a POST on a model route is the other categories' job).
    if (method, path) in {("GET", "/_mock/health"), ("GET", "/_mock/scenarios"), ("GET", "/_mock/requests"),
                          ("DELETE", "/_mock/requests")} or (method == "POST" and path in KNOWN_PATHS) \
            or (method == "POST" and path.startswith("/v1/parts/")):
        method = "PUT"
    return Case("route", method, path, {}, draw(st.none() | st.binary(max_size=50)))


@st.composite
def scenario_post_cases(draw: st.DrawFn) -> Case:
    doc = draw(st.one_of(
        json_values.map(lambda v: json.dumps(v).encode()),
        st.dictionaries(st.sampled_from(["id", "title", "rows", "script", "expected", "request", "citations"]),
                        json_values, max_size=7).map(lambda d: json.dumps(d).encode()),
        st.binary(max_size=200),
        st.sampled_from([b"a: &x [1]\nb: *x\n", b"- 1\n- 2\n", b"id: [", b"{}", b"\t\x00"]),
    ))
    ctype = draw(st.sampled_from([b"application/json", b"application/yaml", b"text/plain"]))
    return Case("scenario-post", "POST", "/_mock/scenarios", {"Content-Type": ctype}, doc)


@st.composite
def raw_header_cases(draw: st.DrawFn) -> Case:
    # Header lines without a colon (and without CR/LF) are never valid HTTP.
    junk = draw(st.lists(st.binary(min_size=1, max_size=80).filter(lambda b: not (set(b) & {10, 13, 58})),
                         min_size=1, max_size=3))
    path = draw(st.sampled_from(MODEL_PATHS)).encode()
    raw = b"POST " + path + b" HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n" + b"".join(
        j + b"\r\n" for j in junk) + b"\r\n"
    return Case("raw-headers", "POST", path.decode(), raw=raw)


cases = st.one_of(bad_json_cases(), wrong_type_cases(), huge_cases(), odd_header_cases(), route_cases(),
                  scenario_post_cases(), raw_header_cases())


def _send_raw(base_url: str, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    host, port = base_url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=5) as sock:
        sock.sendall(raw)
        data = b""
        for _ in range(1000):  # bounded: the server closes after a parse error
            piece = sock.recv(65536)
            if not piece:
                break
            data += piece
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:])}
    return status, headers, body


class _ErrorRecords(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def fuzz_server() -> Iterator[tuple[ThreadedMockServer, _ErrorRecords]]:
    errors = _ErrorRecords()
    loggers = [logging.getLogger(n) for n in ("mock_provider", "aiohttp")]
    for lg in loggers:
        lg.addHandler(errors)
    server = ThreadedMockServer(None, max_body_bytes=MAX_BODY)
    server.start()
    try:
        yield server, errors
    finally:
        server.stop()
        for lg in loggers:
            lg.removeHandler(errors)


def test_malformed_requests_always_get_4xx_json(fuzz_server: tuple[ThreadedMockServer, _ErrorRecords]) -> None:
    server, errors = fuzz_server
    sent: dict[str, int] = {}
    statuses: dict[int, int] = {}

    with httpx.Client(base_url=server.base_url, timeout=10.0) as client:

        @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                         HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])
        @given(case=cases)
        def check(case: Case) -> None:
            sent[case.kind] = sent.get(case.kind, 0) + 1
            if case.raw is not None:
                status, headers, body = _send_raw(server.base_url, case.raw)
                ctype = headers.get("content-type", "")
            else:
                content: Any = case.content
                if case.chunked and content is not None:
                    data = content
                    content = iter([data[i:i + 16384] for i in range(0, len(data), 16384)])
                wire_headers = {k.encode(): v for k, v in case.headers.items()}
                r = client.request(case.method, case.path, headers=wire_headers, content=content)
                status, ctype, body = r.status_code, r.headers.get("content-type", ""), r.content
            statuses[status] = statuses.get(status, 0) + 1
            assert 400 <= status < 500, (case, status, body[:300])
            assert ctype.startswith("application/json"), (case, ctype, body[:300])
            err = json.loads(body)["error"]
            assert isinstance(err["message"], str) and err["message"], (case, body[:300])
            if case.kind == "huge":
                assert status == 413, (case.path, status)
            if case.param is not None:
                assert status == 400 and err.get("param") == case.param, (case, body[:300])

        check()
        health = client.get("/_mock/health")
        assert health.status_code == 200 and health.json()["status"] == "ok"
        ok = client.post("/v1/parts/v3", json={"model": "scenario:text.basic.001"})
        assert ok.status_code == 200 and ok.content.startswith(b"data: ")

    total = sum(sent.values())
    print(f"\nfuzz: {total} malformed requests sent, every answer a 4xx JSON error; by kind {sent}; "
          f"by status {dict(sorted(statuses.items()))}")
    assert total == EXAMPLES
    assert set(sent) == {"bad-json", "wrong-type", "huge", "odd-headers", "route", "scenario-post", "raw-headers"}
    assert errors.records == [], [r.getMessage() for r in errors.records]
