"""Real provider captures (tests/data/captures, recorded from the live APIs by the AI SDK's authors)
import into scenarios, replay byte for byte, and the official SDK reads the byte-exact replay as it
reads the capture file's own bytes (served by a plain HTTP server, no kit code in the way), and the
re-rendered one (the parts through the kit's encoder) the same again."""

from __future__ import annotations

import contextlib
import http.server
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anthropic
import httpx
import openai
import pytest
from google import genai
from google.genai import types as gtypes

from mock_provider.cli import main
from mock_provider.scenario import Scenario, load_scenario
from mock_provider.server import ThreadedMockServer

CAPTURES = Path(__file__).parent / "data" / "captures"
FILES = {"openai-chat": "azure-chat-text.chunks.txt",
         "anthropic": "anthropic-text.chunks.txt", "gemini": "google-tool-call.chunks.txt",
         "openai-responses": "openai-responses-tool-call.chunks.txt"}
# Read from the fixture files by eye, not from the kit's output.
WANT = {
    "openai-chat": {"text": "Capital of Denmark.", "calls": []},
    "anthropic": {"text": "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I "
                          "can help you with?", "calls": []},
    "gemini": {"text": "", "calls": [("weather", {"location": "San Francisco"})]},
    "openai-responses": {"text": "", "calls": [("get_weather", {"city": "Beijing"})]},
}


def as_sse(wire: str) -> bytes:
    """The fixture's payloads framed as the provider frames them (README.md of the captures)."""
    out = b""
    for line in (CAPTURES / FILES[wire]).read_text().splitlines():
        if not line.strip():
            continue
        head = f"event: {json.loads(line)['type']}\n" if wire not in ("gemini", "openai-chat") else ""
        out += f"{head}data: {line}\n\n".encode()
    return out + (b"data: [DONE]\n\n" if wire == "openai-chat" else b"")


def imported(wire: str, tmp: Path, replay: str = "exact") -> Scenario:
    src = tmp / f"{wire}.sse"
    src.write_bytes(as_sse(wire))
    sid = f"captured.{wire}-{replay}"
    assert main(["import", str(src), "--wire", wire, "--out", str(tmp), "--id", sid, "--replay", replay]) == 0
    return load_scenario(tmp / f"{sid}.yaml")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ThreadedMockServer, dict[str, Scenario]]]:
    tmp = tmp_path_factory.mktemp("captures")
    scenarios = {f"{w}-{r}": imported(w, tmp, r) for w in FILES for r in ("exact", "rendered")}
    with ThreadedMockServer(list(scenarios.values()), time_scale=0.0) as srv:
        yield srv, scenarios


@pytest.mark.parametrize("wire", sorted(FILES))
def test_import_derives_the_transcript(wire: str, tmp_path: Path) -> None:
    s = imported(wire, tmp_path)
    assert s.expected.text == WANT[wire]["text"]
    assert [(c.name, c.args) for c in s.expected.tool_calls] == WANT[wire]["calls"]
    assert s.recording is not None and s.recording.body() == as_sse(wire)


def test_real_captures_name_what_the_parts_do_not_hold() -> None:
    from mock_provider.sse import parse_sse
    from mock_provider.wires.decode import decode_events

    assert decode_events("openai-chat", parse_sse(as_sse("openai-chat"))).unmodelled == [
        "openai-chat: chunk.prompt_filter_results", "openai-chat: choice.content_filter_results"]
    assert decode_events("gemini", parse_sse(as_sse("gemini"))).unmodelled == ["gemini: part.thoughtSignature"]


def test_import_names_what_the_parts_do_not_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "x.sse"
    src.write_bytes(as_sse("anthropic").replace(b"event: ping", b"event: future", 1)
                    .replace(b'{"type":"ping"}', b'{"type":"future_thing"}'))
    assert main(["import", str(src), "--wire", "anthropic", "--out", str(tmp_path)]) == 0
    assert "anthropic: event future_thing" in capsys.readouterr().err


def _post(base: str, wire: str, sid: str) -> httpx.Response:
    path, body = {"openai-chat": ("/v1/chat/completions", {"model": f"scenario:{sid}", "stream": True,
                                                           "messages": [{"role": "user", "content": "hi"}]}),
                  "anthropic": ("/v1/messages", {"model": f"scenario:{sid}", "max_tokens": 9, "stream": True,
                                                  "messages": [{"role": "user", "content": "hi"}]}),
                  "openai-responses": ("/v1/responses", {"model": f"scenario:{sid}", "stream": True, "input": "hi"}),
                  "gemini": (f"/v1beta/models/scenario:{sid}:streamGenerateContent?alt=sse",
                             {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]})}[wire]
    return httpx.post(base + path, json=body, timeout=10)


@pytest.mark.parametrize("wire", sorted(FILES))
def test_exact_replay_serves_the_captured_bytes(wire: str, served: Any) -> None:
    srv, scenarios = served
    exact = _post(srv.base_url, wire, scenarios[f"{wire}-exact"].id)
    rendered = _post(srv.base_url, wire, scenarios[f"{wire}-rendered"].id)
    assert exact.status_code == rendered.status_code == 200
    assert exact.content == as_sse(wire)
    assert rendered.content != as_sse(wire)  # the kit's own encoding: other ids, no unmodelled fields


def _sdk_read(wire: str, base: str, sid: str) -> dict[str, Any]:
    if wire == "anthropic":
        client = anthropic.Anthropic(base_url=base, api_key="sk-test", max_retries=0)
        with client.messages.stream(model=f"scenario:{sid}", max_tokens=9,
                                    messages=[{"role": "user", "content": "hi"}]) as stream:
            msg = stream.get_final_message()
        return {"text": "".join(b.text for b in msg.content if b.type == "text"), "stop": msg.stop_reason,
                "calls": [(b.name, b.input) for b in msg.content if b.type == "tool_use"]}
    if wire == "openai-chat":
        cc = openai.OpenAI(base_url=base + "/v1", api_key="sk-test", max_retries=0)
        chunks = list(cc.chat.completions.create(model=f"scenario:{sid}", stream=True,
                                                 messages=[{"role": "user", "content": "hi"}]))
        text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
        stops = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
        return {"text": text, "stop": stops, "calls": []}
    if wire == "openai-responses":
        oc = openai.OpenAI(base_url=base + "/v1", api_key="sk-test", max_retries=0)
        done = [e for e in oc.responses.create(model=f"scenario:{sid}", input="hi", stream=True)
                if e.type == "response.completed"]
        out = done[0].response.output
        return {"text": "", "stop": done[0].response.status,
                "calls": [(o.name, json.loads(o.arguments)) for o in out if o.type == "function_call"]}
    gc = genai.Client(api_key="k", http_options=gtypes.HttpOptions(
        base_url=base, api_version="v1beta", retry_options=gtypes.HttpRetryOptions(attempts=1)))
    chunks = list(gc.models.generate_content_stream(model=f"scenario:{sid}", contents="hi"))
    calls = [(fc.name, fc.args) for c in chunks for fc in (c.function_calls or [])]
    text = "".join(p.text or "" for c in chunks for cand in c.candidates or [] for p in (cand.content.parts or [])
                   if cand.content is not None)
    return {"text": text, "stop": chunks[-1].candidates[0].finish_reason, "calls": calls}


class _CaptureHandler(http.server.BaseHTTPRequestHandler):
    """Answers every POST with the capture file's bytes as the provider framed them: the original."""

    body = b""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("content-length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args: Any) -> None:
        """Quiet: the test reads the answers, not the log."""


@contextlib.contextmanager
def _capture_server(body: bytes) -> Iterator[str]:
    handler = type("Handler", (_CaptureHandler,), {"body": body})
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as srv:
        thread = threading.Thread(target=srv.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{srv.server_address[1]}"
        finally:
            srv.shutdown()


@pytest.mark.parametrize("wire", sorted(FILES))
def test_official_sdk_reads_the_exact_replay_as_it_reads_the_capture(wire: str, served: Any) -> None:
    srv, scenarios = served
    with _capture_server(as_sse(wire)) as original_url:
        original = _sdk_read(wire, original_url, "any")
    exact = _sdk_read(wire, srv.base_url, scenarios[f"{wire}-exact"].id)
    rendered = _sdk_read(wire, srv.base_url, scenarios[f"{wire}-rendered"].id)
    assert exact == original
    assert rendered == original
    assert original["text"] == WANT[wire]["text"] and original["calls"] == WANT[wire]["calls"]


def test_the_sdk_comparison_can_fail() -> None:
    """The plain server really serves the file: a capture with one payload changed reads differently."""
    with _capture_server(as_sse("anthropic")) as url:
        original = _sdk_read("anthropic", url, "any")
    with _capture_server(as_sse("anthropic").replace(b'"text":"Hello"', b'"text":"Howdy"')) as url:
        changed = _sdk_read("anthropic", url, "any")
    assert changed != original and changed["text"].startswith("Howdy!")


def _suite(cwd: Path, scenarios: Path) -> Any:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "_sac_pytest.conformance", "-p", "_sac_pytest.mock_provider",
                           "--adapter=conformance.reference.openai_http:OpenAIHttpReferenceAdapter",
                           "--conformance-dialect=openai-chat", f"--conformance-scenarios={scenarios}",
                           "--conformance-scenarios-only"], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.slow
def test_imported_scenario_runs_under_the_suite(tmp_path: Path) -> None:
    """An imported capture is a case like any other: the reference adapter passes it, and a wrong
    expectation in the same file fails it."""
    from mock_provider.capture import scenario_document, write_scenario

    sse = (b'data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,'
           b'"delta":{"role":"assistant","content":"Bon"},"finish_reason":null}]}\n\n'
           b'data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,'
           b'"delta":{"content":"jour"},"finish_reason":null}]}\n\n'
           b'data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,'
           b'"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n')
    good, bad = tmp_path / "good", tmp_path / "bad"
    write_scenario(scenario_document(sse, "openai-chat", scenario_id="captured.bonjour"), good)
    doc = scenario_document(sse, "openai-chat", scenario_id="captured.bonjour")
    doc["expected"]["text"] = "Bonsoir"
    write_scenario(doc, bad)
    passed, failed = _suite(tmp_path, good), _suite(tmp_path, bad)
    assert passed.returncode == 0 and "PASS=1" in passed.stdout, passed.stdout[-2000:]
    assert failed.returncode != 0 and "FAIL=1" in failed.stdout, failed.stdout[-2000:]


def test_a_json_answer_imports_and_replays_to_non_streaming_requests(tmp_path: Path) -> None:
    answer = (b'{"id":"chatcmpl-1","object":"chat.completion","created":0,"model":"gpt-x","choices":[{"index":0,'
              b'"message":{"role":"assistant","content":"Bonjour"},"finish_reason":"stop"}],'
              b'"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}')
    src = tmp_path / "answer.json"
    src.write_bytes(answer)
    assert main(["import", str(src), "--wire", "openai-chat", "--out", str(tmp_path), "--id", "captured.json"]) == 0
    s = load_scenario(tmp_path / "captured.json.yaml")
    assert s.recording is not None and not s.recording.streamed and s.expected.text == "Bonjour"
    with ThreadedMockServer([s], time_scale=0.0) as srv:
        oc = openai.OpenAI(base_url=srv.base_url + "/v1", api_key="k", max_retries=0)
        raw = oc.chat.completions.with_raw_response.create(model="scenario:captured.json",
                                                          messages=[{"role": "user", "content": "hi"}])
        assert raw.http_response.content == answer  # the JSON bytes, to a non-streaming request
        stream = oc.chat.completions.create(model="scenario:captured.json", stream=True,
                                            messages=[{"role": "user", "content": "hi"}])
        assert "".join(c.choices[0].delta.content or "" for c in stream if c.choices) == "Bonjour"


@pytest.mark.parametrize("wire", sorted(FILES))
def test_record_against_an_upstream_playing_the_capture(wire: str, tmp_path: Path) -> None:
    """The proxy in front of an upstream that plays the real capture: the SDK behind the proxy reads what
    it reads from the upstream itself, the recording holds the capture's bytes, and both replays read
    the same in the SDK."""
    from mock_provider.record import Recorder, ThreadedRecorder

    with _capture_server(as_sse(wire)) as upstream:
        direct = _sdk_read(wire, upstream, "any")
        with ThreadedRecorder(Recorder(upstream, tmp_path)) as proxy:
            proxied = _sdk_read(wire, proxy.base_url, "any")
            for _ in range(6000):  # the SDK may stop at [DONE] before the proxy saw the upstream's end (a cap)
                if proxy.recorder.written:
                    break
                time.sleep(0.01)
            written = list(proxy.recorder.written)
    assert proxied == direct
    assert len(written) == 1
    recorded = load_scenario(written[0])
    assert recorded.recording is not None and recorded.recording.body() == as_sse(wire)
    rendered = recorded.model_copy(update={"id": recorded.id + "-r", "recording": recorded.recording.model_copy(
        update={"replay": "rendered"})})
    with ThreadedMockServer([recorded, rendered], time_scale=0.0) as srv:
        assert _post(srv.base_url, wire, recorded.id).content == as_sse(wire)
        assert _sdk_read(wire, srv.base_url, recorded.id) == direct
        assert _sdk_read(wire, srv.base_url, rendered.id) == direct
