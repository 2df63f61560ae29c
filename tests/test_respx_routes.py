"""respx routes: the server's plans for httpx clients without a socket (sync and async)."""

from __future__ import annotations

import asyncio
import importlib.util
import time
from collections.abc import Sequence

import httpx
import pytest

from mock_provider.respx_routes import mock_router
from mock_provider.scenario import Scenario, load_corpus
from mock_provider.wires import Chunk, plan_response

HAVE_OPENAI = importlib.util.find_spec("mock_provider.wires.openai_chat") is not None
BASE = "https://api.openai.com"


@pytest.fixture(scope="module")
def corpus() -> dict[str, Scenario]:
    return {s.id: s for s in load_corpus()}


def before_fault(plan_body: Sequence[object]) -> list[bytes]:
    out: list[bytes] = []
    for item in plan_body:
        if not isinstance(item, Chunk):
            break
        out.append(item.data)
    return out


def test_sync_stream_yields_the_plan_chunk_by_chunk(corpus: dict[str, Scenario]) -> None:
    plan = plan_response(corpus["text.basic.001"], "v3", {})
    with mock_router() as router, httpx.Client() as c, \
            c.stream("POST", BASE + "/v1/parts/v3", json={"model": "scenario:text.basic.001"}) as r:
        assert r.status_code == 200 and r.headers["content-type"] == "text/event-stream"
        pieces = list(r.iter_raw())
        assert router["parts"].call_count == 1
    assert pieces == [c.data for c in plan.body if isinstance(c, Chunk)]


def test_async_client_and_ndjson(corpus: dict[str, Scenario]) -> None:
    plan = plan_response(corpus["tool.basic.001"], "mastra", {}, accept="application/x-ndjson")

    async def main() -> httpx.Response:
        with mock_router():
            async with httpx.AsyncClient() as c:
                return await c.post(BASE + "/v1/parts/mastra", json={"model": "scenario:tool.basic.001"},
                                    headers={"Accept": "application/x-ndjson"})

    r = asyncio.run(main())
    assert r.status_code == 200 and r.content == plan.body_bytes()


@pytest.mark.parametrize("sid", ["fault.disconnect.001", "fault.disconnect.002"])
def test_disconnect_raises_remote_protocol_error_at_the_cut(corpus: dict[str, Scenario], sid: str) -> None:
    expected = before_fault(plan_response(corpus[sid], "v3", {}).body)
    got: list[bytes] = []
    with mock_router(), httpx.Client() as c, pytest.raises(httpx.RemoteProtocolError), \
            c.stream("POST", BASE + "/v1/parts/v3", json={"model": f"scenario:{sid}"}) as r:
        for piece in r.iter_raw():
            got.append(piece)
    assert got == expected

    async def main() -> list[bytes]:
        seen: list[bytes] = []
        with mock_router():
            async with httpx.AsyncClient() as c, c.stream("POST", BASE + "/v1/parts/v3",
                                                        json={"model": f"scenario:{sid}"}) as r:
                with pytest.raises(httpx.RemoteProtocolError):
                    async for piece in r.aiter_raw():
                        seen.append(piece)
        return seen

    assert asyncio.run(main()) == expected


def test_stall_raises_read_timeout(corpus: dict[str, Scenario]) -> None:
    expected = b"".join(before_fault(plan_response(corpus["fault.stall-abort.001"], "v4", {}).body))
    got = b""
    t0 = time.monotonic()
    with mock_router(), httpx.Client() as c, pytest.raises(httpx.ReadTimeout), \
            c.stream("POST", BASE + "/v1/parts/v4", json={"model": "scenario:fault.stall-abort.001"}) as r:
        for piece in r.iter_raw():
            got += piece
    assert got == expected and time.monotonic() - t0 < 30  # a hang guard: the stall raises at once


def test_selection_errors_and_log_match_the_server() -> None:
    router = mock_router()
    with router, httpx.Client() as c:
        r = c.post(BASE + "/v1/parts/v3", headers={"X-Mock-Scenario": "text.basic.001", "Authorization": "Bearer k",
                                                   "X-Mock-Scope": "s1"})
        assert r.status_code == 200 and r.headers["x-mock-scenario"] == "text.basic.001"
        r = c.post(BASE + "/v1/parts/v3", json={"model": "scenario:text.basik.001"})
        assert r.status_code == 404 and r.json()["error"]["closest"][0] == "text.basic.001"
        r = c.post(BASE + "/v1/parts/v3", json={"model": "scenario:../x"})
        assert r.status_code == 400 and r.json()["error"]["type"] == "invalid_scenario_id"
        r = c.post(BASE + "/v1/chat/completions", content=b"{oops")
        assert r.status_code == 400 and "not valid JSON" in r.json()["error"]["message"]
        r = c.post(BASE + "/v1/chat/completions", json={"messages": {}})
        assert r.status_code == 400 and r.json()["error"]["param"] == "messages"
        r = c.post(BASE + "/v1/parts/v7", json={})
        assert r.status_code == 404 and r.json()["error"]["type"] == "unknown_dialect"
        r = c.post(BASE + "/v1/parts/v3", content=b"x" * (2 << 20))
        assert r.status_code == 413
        entries = router.mock_state.log.entries("s1")
        assert len(entries) == 1 and entries[0].scenario_id == "text.basic.001"
        assert "authorization" not in entries[0].to_json()["headers"]
        assert len(router.mock_state.log.entries()) == 6  # an unknown dialect is refused before logging


def test_match_rules_and_custom_scenarios_and_base_url() -> None:
    s = Scenario.model_validate({
        "id": "respx.match.001", "title": "t", "rows": ["8.1.4"], "citations": [{"ref": "r"}],
        "request": {"messages": [{"role": "user", "content": "hi"}]}, "match": {"last_user_contains": "ping"},
        "script": [{"part": {"type": "text-delta", "id": "0", "delta": "pong"}}], "expected": {"text": "pong"}})
    with mock_router([s], base_url="http://mock.local") as router, httpx.Client() as c:
        r = c.post("http://mock.local/v1/parts/v3", json={"messages": [{"role": "user", "content": "a ping"}]})
        assert r.status_code == 200 and b"pong" in r.content
        assert router["parts"].call_count == 1


def test_time_scale_sleeps_between_chunks() -> None:
    s = Scenario.model_validate({
        "id": "respx.slow.001", "title": "t", "rows": ["8.1.4"], "citations": [{"ref": "r"}],
        "request": {"messages": [{"role": "user", "content": "hi"}]},
        "script": [{"part": {"type": "text-delta", "id": "0", "delta": "a"}, "delay_ms": 50},
                   {"part": {"type": "text-delta", "id": "0", "delta": "b"}, "delay_ms": 50}],
        "expected": {"text": "ab"}})
    t0 = time.monotonic()
    with mock_router([s], time_scale=1.0), httpx.Client() as c:
        r = c.post(BASE + "/v1/parts/v3", json={"model": "scenario:respx.slow.001"})
    assert r.status_code == 200 and time.monotonic() - t0 >= 0.1


def test_openai_sdk_through_respx() -> None:
    openai = pytest.importorskip("openai")
    if not HAVE_OPENAI:
        pytest.skip("openai-chat dialect module not available")
    # Recent SDKs default to their own transport (httpx2), which respx does not patch: hand
    # them a plain httpx client, as the respx_routes docstring says.
    with mock_router(), httpx.Client() as http:
        client = openai.OpenAI(base_url=BASE + "/v1", api_key="sk-test", max_retries=0, http_client=http)
        stream = client.chat.completions.create(model="scenario:text.basic.001", stream=True,
                                                messages=[{"role": "user", "content": "hi"}])
        text = "".join(chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices)
        done = client.chat.completions.create(model="scenario:text.basic.001",
                                              messages=[{"role": "user", "content": "hi"}])
    assert text == "The capital of France is Paris." == done.choices[0].message.content


def test_gemini_routes_take_the_model_and_the_stream_flag_from_the_path() -> None:
    # Both Gemini paths, the model url-encoded or not; the body has no `model` or `stream` at all.
    with mock_router(), httpx.Client() as c:
        streamed = c.post(BASE + "/v1beta/models/scenario%3Atext.basic.001:streamGenerateContent?alt=sse",
                          json={"contents": []})
        whole = c.post(BASE + "/v1beta/models/scenario:text.basic.001:generateContent", json={"contents": []})
    assert streamed.status_code == 200 and streamed.headers["content-type"] == "text/event-stream"
    assert streamed.text.startswith("data: {") and '"finishReason":"STOP"' in streamed.text
    assert whole.status_code == 200 and whole.headers["content-type"] == "application/json"
    assert whole.json()["candidates"][0]["content"]["parts"] == [{"text": "The capital of France is Paris."}]


def test_openai_responses_through_respx() -> None:
    openai = pytest.importorskip("openai")
    with mock_router(), httpx.Client() as http:
        client = openai.OpenAI(base_url=BASE + "/v1", api_key="sk-test", max_retries=0, http_client=http)
        stream = client.responses.create(model="scenario:text.basic.001", input="hi", stream=True)
        text = "".join(e.delta for e in stream if e.type == "response.output_text.delta")
        done = client.responses.create(model="scenario:text.basic.001", input="hi")
    assert text == "The capital of France is Paris." == done.output_text
