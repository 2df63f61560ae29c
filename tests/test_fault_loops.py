"""Faults fire the same on every event loop: the CLI server on uvloop and on asyncio, read by curl
and by the official SDKs.

uvloop's transports are not ``asyncio.Transport`` subclasses. The writer once filtered them out,
so on uvloop (the CLI's default loop) a scripted disconnect ended the chunked body cleanly (curl
exit 0, the ``openai`` SDK finished without error) and a stall ended at once. These tests run the
real ``mock-provider serve`` process on each loop and read each fault as a client would.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

LOOPS = ["asyncio", "uvloop"]
DISCONNECTS = ["fault.disconnect.001", "fault.disconnect.002"]
CHAT = {"stream": True, "messages": [{"role": "user", "content": "hi"}]}


def _transport_errors() -> tuple[type[BaseException], ...]:
    """What a dropped connection raises mid-stream: httpx's, or httpx2's under the newer SDKs."""
    errors: list[type[BaseException]] = [httpx.TransportError]
    if importlib.util.find_spec("httpx2") is not None:
        import httpx2  # the openai 3.x and anthropic 2.x SDKs' transport

        errors.append(httpx2.TransportError)
    return tuple(errors)


@pytest.fixture(scope="module", params=LOOPS)
def served(request: pytest.FixtureRequest) -> Iterator[str]:
    """The CLI server's base URL, on one event loop (time scale 0, ephemeral port)."""
    loop = str(request.param)
    if loop == "uvloop" and importlib.util.find_spec("uvloop") is None:
        pytest.skip("uvloop is not installed")
    env = {**os.environ, "MOCK_PROVIDER_TIME_SCALE": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "mock_provider", "serve", "--port", "0", "--loop", loop,
                             "--log-level", "warning"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"{loop} loop" in line, line
        yield line.split(" at ")[1].split()[0]
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
@pytest.mark.parametrize("scenario", DISCONNECTS)
def test_a_disconnect_is_a_transfer_error_for_curl(served: str, scenario: str) -> None:
    out = subprocess.run(["curl", "-sS", "-N", "--max-time", "20", "-o", os.devnull, "-H",
                          "content-type: application/json", "-d",
                          f'{{"model":"scenario:{scenario}","stream":true,"messages":[{{"role":"user","content":"hi"}}]}}',
                          served + "/v1/chat/completions"], capture_output=True, text=True, timeout=30)
    # 18: "transfer closed with outstanding read data remaining" (the chunked body never ended).
    assert out.returncode == 18, (out.returncode, out.stderr)


@pytest.mark.parametrize("scenario", DISCONNECTS)
def test_a_disconnect_is_an_exception_in_the_openai_sdk(served: str, scenario: str) -> None:
    openai = pytest.importorskip("openai")
    client = openai.OpenAI(base_url=served + "/v1", api_key="sk-test", max_retries=0)
    with pytest.raises((openai.APIConnectionError, *_transport_errors())):
        for _ in client.chat.completions.create(model=f"scenario:{scenario}", **CHAT):  # type: ignore[call-overload]
            pass


@pytest.mark.parametrize("scenario", DISCONNECTS)
def test_a_disconnect_is_an_exception_in_the_anthropic_sdk(served: str, scenario: str) -> None:
    anthropic = pytest.importorskip("anthropic")
    client = anthropic.Anthropic(base_url=served, api_key="sk-ant-test", max_retries=0)
    with pytest.raises((anthropic.APIConnectionError, *_transport_errors())), client.messages.stream(
            model=f"scenario:{scenario}", max_tokens=64, messages=[{"role": "user", "content": "hi"}]) as stream:
        for _ in stream:
            pass


@pytest.mark.parametrize("scenario", DISCONNECTS)
def test_a_disconnect_is_an_exception_for_the_openai_responses_readers(served: str, scenario: str) -> None:
    openai = pytest.importorskip("openai")
    client = openai.OpenAI(base_url=served + "/v1", api_key="sk-test", max_retries=0)
    with pytest.raises((openai.APIConnectionError, *_transport_errors())):
        for _ in client.responses.create(model=f"scenario:{scenario}", input="hi", stream=True):
            pass
    with pytest.raises((openai.APIConnectionError, *_transport_errors())), client.responses.stream(
            model=f"scenario:{scenario}", input="hi") as stream:
        for _ in stream:
            pass


@pytest.mark.parametrize("scenario", DISCONNECTS)
def test_a_disconnect_is_an_exception_in_google_genai(served: str, scenario: str) -> None:
    pytest.importorskip("google.genai")
    from google import genai
    from google.genai import errors, types

    client = genai.Client(api_key="k", http_options=types.HttpOptions(
        base_url=served, api_version="v1beta", retry_options=types.HttpRetryOptions(attempts=1)))
    with pytest.raises(_transport_errors()) as info:
        for _ in client.models.generate_content_stream(model=f"scenario:{scenario}", contents="hi"):
            pass
    assert not isinstance(info.value, errors.APIError)


def _calls(base: str) -> list[dict[str, object]]:
    body = httpx.get(base + "/_mock/requests", timeout=5).json()
    calls: list[dict[str, object]] = body["requests"] if isinstance(body, dict) else body
    return [c for c in calls if c.get("scenario_id") == "fault.stall-abort.001"]


def test_a_stall_holds_the_stream_open_until_the_client_leaves(served: str) -> None:
    """The stall sends the steps before it, then nothing, and the call stays open while the client waits."""
    httpx.delete(served + "/_mock/requests", timeout=5)
    with httpx.Client(timeout=20) as client, client.stream(
            "POST", served + "/v1/chat/completions",
            json={"model": "scenario:fault.stall-abort.001", **CHAT}) as response:
        lines = response.iter_lines()
        assert any("An essay begins" in ln for ln in lines)  # everything before the stall arrived
        deadline = time.monotonic() + 10
        while not _calls(served) and time.monotonic() < deadline:
            time.sleep(0.01)  # the log entry is written as the request is read: poll, bounded
        [call] = _calls(served)
        assert call["ended_at"] is None and not call["client_left_early"], call  # still stalled
    deadline = time.monotonic() + 10
    while _calls(served)[0]["ended_at"] is None and time.monotonic() < deadline:
        time.sleep(0.01)
    [call] = _calls(served)
    assert call["client_left_early"] is True and call["ended_at"] is not None, call
