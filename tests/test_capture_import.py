"""Real captures (tests/data/captures, origin in ORIGIN.md) imported, validated, replayed, re-rendered.

Each capture is imported with ``mock-provider import``; the written scenario must validate and carry
what the capture says (values read by hand from the fixture, not from the importer's output); the
server must replay the captured bytes unchanged on their wire, and the official SDK must read that
replay exactly as it reads the capture file served by a plain HTTP server; on another wire the parts
are re-rendered by the kit's encoder and the SDK of that wire reads the same text and calls.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from mock_provider.capture import CaptureError, decode, sse_events
from mock_provider.cli import main
from mock_provider.scenario import Scenario, ScenarioError, load_scenario
from mock_provider.server import ThreadedMockServer

openai = pytest.importorskip("openai")
anthropic = pytest.importorskip("anthropic")
genai = pytest.importorskip("google.genai")
from google.genai import types as gtypes  # noqa: E402

CAPTURES = Path(__file__).parent / "data" / "captures"
# file stem -> (wire, text, [(tool name, args)], input tokens, output tokens): read from the fixtures by hand.
KNOWN: dict[str, tuple[str, str, list[tuple[str, dict[str, Any]]], int, int]] = {
    "openai-chat-text": ("openai-chat", "**Holiday Name:** Harmony Day mutual respect.", [], 16, 300),
    "openai-responses-tool-call": ("openai-responses", "", [("get_weather", {"city": "Beijing"})], 45, 25),
    "anthropic-tool-no-args": ("anthropic", "I'll update the issue list for you.", [("updateIssueList", {})], 565, 48),
    # Gemini's candidatesTokenCount excludes thoughts: output = 15 + 45 thoughts.
    "gemini-tool-call": ("gemini", "", [("weather", {"location": "San Francisco"})], 29, 60),
}
NOT_MODELLED = {"anthropic-tool-no-args": "ping", "gemini-tool-call": "thoughtSignature"}


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Scenario]:
    out = tmp_path_factory.mktemp("imported")
    got: dict[str, Scenario] = {}
    for stem, (wire, *_rest) in KNOWN.items():
        assert main(["import", str(CAPTURES / f"{stem}.sse"), "--wire", wire, "--out", str(out)]) == 0
        got[stem] = load_scenario(out / f"imported.{stem}.yaml")
    return got


@pytest.fixture(scope="module")
def server(imported: dict[str, Scenario]) -> Iterator[ThreadedMockServer]:
    with ThreadedMockServer(list(imported.values()), time_scale=0.0) as srv:
        yield srv


@pytest.fixture(scope="module")
def capture_host() -> Iterator[str]:
    """A plain HTTP server answering every POST with the capture its path names (``/<stem>/...``)."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = (CAPTURES / f"{self.path.split('/')[1]}.sse").read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _chat(base: str, headers: dict[str, str]) -> list[Any]:
    c = openai.OpenAI(api_key="k", base_url=base + "/v1", max_retries=0, default_headers=headers)
    return [e.model_dump() for e in c.chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}],
                                                               stream=True)]


def _responses(base: str, headers: dict[str, str]) -> list[Any]:
    c = openai.OpenAI(api_key="k", base_url=base + "/v1", max_retries=0, default_headers=headers)
    return [e.model_dump() for e in c.responses.create(model="m", input="x", stream=True)]


def _anthropic(base: str, headers: dict[str, str]) -> list[Any]:
    c = anthropic.Anthropic(api_key="k", base_url=base, max_retries=0, default_headers=headers)
    return [e.model_dump() for e in c.messages.create(model="m", max_tokens=10, stream=True,
                                                       messages=[{"role": "user", "content": "x"}])]


def _gemini(base: str, headers: dict[str, str]) -> list[Any]:
    c = genai.Client(api_key="k", http_options=gtypes.HttpOptions(
        base_url=base, api_version="v1beta", headers=headers, retry_options=gtypes.HttpRetryOptions(attempts=1)))
    return [e.model_dump(exclude={"sdk_http_response"}) for e in c.models.generate_content_stream(model="m",
                                                                                                  contents="x")]


READERS: dict[str, Callable[[str, dict[str, str]], list[Any]]] = {
    "openai-chat": _chat, "openai-responses": _responses, "anthropic": _anthropic, "gemini": _gemini}


MESSAGES = [{"role": "user", "content": "x"}]
# wire -> (path, a minimal valid streaming request body)
REQUESTS: dict[str, tuple[str, dict[str, Any]]] = {
    "openai-chat": ("/v1/chat/completions", {"model": "m", "stream": True, "messages": MESSAGES}),
    "openai-responses": ("/v1/responses", {"model": "m", "stream": True, "input": "x"}),
    "anthropic": ("/v1/messages", {"model": "m", "stream": True, "max_tokens": 10, "messages": MESSAGES}),
    "gemini": ("/v1beta/models/m:streamGenerateContent?alt=sse",
               {"contents": [{"role": "user", "parts": [{"text": "x"}]}]}),
}


@pytest.mark.parametrize("stem", KNOWN)
def test_an_imported_capture_validates_and_means_what_it_says(stem: str, imported: dict[str, Scenario]) -> None:
    _wire, text, calls, inp, out = KNOWN[stem]
    s = imported[stem]
    assert s.expected.text == text
    assert [(c.name, c.args) for c in s.expected.tool_calls] == calls
    assert s.expected.usage is not None
    assert (s.expected.usage.input_tokens, s.expected.usage.output_tokens) == (inp, out)
    assert s.expected.finish_reason == ("tool_calls" if calls else "stop")
    assert s.recorded is not None and s.recorded_bytes() == (CAPTURES / f"{stem}.sse").read_bytes()
    assert ("Warning: not modelled" in s.description) == (stem in NOT_MODELLED)
    if stem in NOT_MODELLED:
        assert NOT_MODELLED[stem] in s.description


@pytest.mark.parametrize("stem", KNOWN)
def test_the_server_replays_the_captured_bytes_unchanged(stem: str, server: ThreadedMockServer) -> None:
    wire = KNOWN[stem][0]
    path, request = REQUESTS[wire]
    with httpx.stream("POST", server.base_url + path, json=request, timeout=10,
                      headers={"X-Mock-Scenario": f"imported.{stem}"}) as r:
        body = r.read()
    assert r.status_code == 200, body[:200]
    assert body == (CAPTURES / f"{stem}.sse").read_bytes()


@pytest.mark.parametrize("stem", KNOWN)
def test_the_official_sdk_reads_the_replay_as_it_reads_the_capture(stem: str, server: ThreadedMockServer,
                                                                   capture_host: str) -> None:
    read = READERS[KNOWN[stem][0]]
    from_capture = read(f"{capture_host}/{stem}", {})
    from_replay = read(server.base_url, {"X-Mock-Scenario": f"imported.{stem}"})
    assert len(from_capture) > 1
    assert from_replay == from_capture


def _chat_view(base: str, sid: str) -> tuple[str, list[tuple[str, Any]]]:
    text = ""
    calls: dict[int, tuple[str, str]] = {}  # index -> (name, argument text)
    for chunk in _chat(base, {"X-Mock-Scenario": sid}):
        for choice in chunk["choices"]:
            text += choice["delta"].get("content") or ""
            for call in choice["delta"].get("tool_calls") or []:
                name, args = calls.get(call["index"], ("", ""))
                fn = call.get("function") or {}
                calls[call["index"]] = (name + (fn.get("name") or ""), args + (fn.get("arguments") or ""))
    return text, [(n, json.loads(a or "{}")) for n, a in calls.values()]


def _anthropic_view(base: str, sid: str) -> tuple[str, list[tuple[str, Any]]]:
    c = anthropic.Anthropic(api_key="k", base_url=base, max_retries=0, default_headers={"X-Mock-Scenario": sid})
    with c.messages.stream(model="m", max_tokens=10, messages=[{"role": "user", "content": "x"}]) as stream:
        message = stream.get_final_message()
    text = "".join(b.text for b in message.content if b.type == "text")
    return text, [(b.name, b.input) for b in message.content if b.type == "tool_use"]


@pytest.mark.parametrize("stem", KNOWN)
def test_an_imported_capture_re_renders_on_another_wire(stem: str, server: ThreadedMockServer) -> None:
    wire, text, calls, _inp, _out = KNOWN[stem]
    view = _anthropic_view if wire == "openai-chat" else _chat_view
    assert view(server.base_url, f"imported.{stem}") == (text, calls)


def test_a_bad_capture_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sse"
    bad.write_bytes(b"data: {not json\n\n")
    with pytest.raises(CaptureError, match="event 0: data is not JSON"):
        decode(bad.read_bytes(), "anthropic")
    assert main(["import", str(bad), "--wire", "anthropic", "--out", str(tmp_path)]) == 1
    assert not list(tmp_path.glob("*.yaml"))
    with pytest.raises(CaptureError, match="no SSE event"):
        decode(b": only a comment\n\n", "gemini")


def test_a_missing_sidecar_is_a_located_error(tmp_path: Path, imported: dict[str, Scenario]) -> None:
    src = Path(str(imported["anthropic-tool-no-args"]._source))
    copy = tmp_path / src.name
    copy.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"recorded\.file.*cannot read"):
        load_scenario(copy)


def test_sse_events_follow_the_event_stream_rules() -> None:
    raw = b"event: a\r\ndata: 1\r\n\r\nid: 3\nretry: 10\ndata:2\n\ndata: x\ndata: y\n\ndata: tail"
    assert sse_events(raw) == [("a", "1"), (None, "2"), (None, "x\ny"), (None, "tail")]


def test_replay_rendered_renders_the_parts_on_the_captured_wire(tmp_path: Path,
                                                                imported: dict[str, Scenario]) -> None:
    src = Path(str(imported["anthropic-tool-no-args"]._source))
    (tmp_path / f"{src.stem}.sse").write_bytes(src.with_suffix(".sse").read_bytes())
    target = tmp_path / src.name
    target.write_text(src.read_text(encoding="utf-8").replace("replay: exact", "replay: rendered"), encoding="utf-8")
    rendered = load_scenario(target)
    assert rendered.recorded is not None and rendered.recorded.replay == "rendered"
    path, request = REQUESTS["anthropic"]
    with ThreadedMockServer([rendered], time_scale=0.0) as srv:
        body = httpx.post(srv.base_url + path, json=request, timeout=10,
                          headers={"X-Mock-Scenario": rendered.id}).content
        seen = _anthropic_view(srv.base_url, rendered.id)
    assert body != (CAPTURES / "anthropic-tool-no-args.sse").read_bytes()
    assert b"event: ping" not in body  # not modelled: only the exact replay carries it
    assert seen == ("I'll update the issue list for you.", [("updateIssueList", {})])
