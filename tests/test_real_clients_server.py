"""The official SDKs against the running server (`mock-provider serve`'s app on a real socket).

The wire tests feed each plan to the SDKs through a MockTransport; here the same consumers
read the same scenarios from the aiohttp server over 127.0.0.1, selected with the
``X-Mock-Scenario`` header, so what the server writes is proven readable by the real clients.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer
from tests import test_wire_anthropic as wa
from tests import test_wire_openai as wo
from tests import test_wire_openai_responses as wr
from tests.test_wire import assert_matches, corpus_ids, transcript_of

openai = pytest.importorskip("openai")
anthropic = pytest.importorskip("anthropic")


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedMockServer]:
    with ThreadedMockServer(load_corpus(), time_scale=0.0) as srv:
        yield srv


@pytest.fixture(scope="module")
def clients(server: ThreadedMockServer) -> tuple[Any, Any]:
    """One client of each SDK (and its HTTP connection pool) for every case: building one costs more
    than a case; each case gets a copy naming its scenario (``with_options`` keeps the HTTP client)."""
    return (openai.OpenAI(api_key="mock-key", base_url=server.base_url + "/v1", max_retries=0),
            anthropic.Anthropic(api_key="mock-key", base_url=server.base_url, max_retries=0))


@pytest.fixture
def via_server(clients: tuple[Any, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    def openai_client(scenario: Any, served: Any = None) -> Any:
        return clients[0].with_options(default_headers={"X-Mock-Scenario": scenario.id})

    def anthropic_client(scenario: Any) -> Any:
        return clients[1].with_options(default_headers={"X-Mock-Scenario": scenario.id})

    monkeypatch.setattr(wo, "client_for", openai_client)
    monkeypatch.setattr(wr, "client_for", openai_client)
    monkeypatch.setattr(wa, "client_for", anthropic_client)


@pytest.mark.parametrize("sid", corpus_ids())
def test_openai_sdk_streams_from_the_server(sid: str, via_server: None) -> None:
    s = wo.sdk_case(sid, streaming=True)
    assert_matches(transcript_of(wo.consume_stream(s)), s.expected_for(wo.D))


@pytest.mark.parametrize("sid", corpus_ids())
def test_openai_sdk_reads_json_from_the_server(sid: str, via_server: None) -> None:
    s = wo.sdk_case(sid, streaming=False)
    assert_matches(transcript_of(wo.consume_json(s)), s.expected_for(wo.D))


@pytest.mark.parametrize("sid", corpus_ids())
def test_anthropic_sdk_streams_from_the_server(sid: str, via_server: None) -> None:
    s = wa.sdk_case(sid, streaming=True)
    assert_matches(transcript_of(wa.consume_stream(s)), s.expected_for(wa.D), empty_args_equal=True)


@pytest.mark.parametrize("sid", corpus_ids())
def test_anthropic_sdk_reads_json_from_the_server(sid: str, via_server: None) -> None:
    s = wa.sdk_case(sid, streaming=False)
    assert_matches(transcript_of(wa.consume_json(s)), s.expected_for(wa.D))


@pytest.mark.parametrize(("status", "error"), [(401, "AuthenticationError"), (429, "RateLimitError"),
                                               (500, "InternalServerError")])
def test_sdks_raise_their_own_errors_for_scripted_statuses(server: ThreadedMockServer, status: int,
                                                           error: str) -> None:
    sid = f"http.{status}.001"
    oc = openai.OpenAI(api_key="k", base_url=server.base_url + "/v1", max_retries=0)
    with pytest.raises(getattr(openai, error)):
        oc.chat.completions.create(model=f"scenario:{sid}", messages=[{"role": "user", "content": "hi"}],
                                   stream=True)
    ac = anthropic.Anthropic(api_key="k", base_url=server.base_url, max_retries=0)
    with pytest.raises(getattr(anthropic, error)):
        ac.messages.create(model=f"scenario:{sid}", max_tokens=10, messages=[{"role": "user", "content": "hi"}])


# ---------------------------------------------------------------- OpenAI Responses (POST /v1/responses)
@pytest.mark.parametrize("sid", corpus_ids())
def test_openai_responses_stream_from_the_server(sid: str, via_server: None) -> None:
    s = wr.sdk_case(sid, streaming=True)
    expected = wr.expected_usage(s.expected_for(wr.D))
    assert_matches(transcript_of(wr.consume_stream(s)), expected)
    assert_matches(transcript_of(wr.consume_helper(s)), expected)


@pytest.mark.parametrize("sid", corpus_ids())
def test_openai_responses_json_from_the_server(sid: str, via_server: None) -> None:
    s = wr.sdk_case(sid, streaming=False)
    assert_matches(transcript_of(wr.consume_json(s)), wr.expected_json(s))


@pytest.mark.parametrize(("status", "error"), [(401, "AuthenticationError"), (429, "RateLimitError"),
                                               (500, "InternalServerError")])
def test_openai_responses_raise_the_sdk_errors_for_scripted_statuses(server: ThreadedMockServer, status: int,
                                                                    error: str) -> None:
    oc = openai.OpenAI(api_key="k", base_url=server.base_url + "/v1", max_retries=0)
    with pytest.raises(getattr(openai, error)):
        oc.responses.create(model=f"scenario:http.{status}.001", input="hi", stream=True)
    with pytest.raises(getattr(openai, error)), \
            oc.responses.stream(model=f"scenario:http.{status}.001", input="hi") as stream:
        stream.until_done()


def test_openai_responses_disconnect_from_the_server_is_an_exception(server: ThreadedMockServer) -> None:
    cut = [s.id for s in load_corpus() if wr.expressible_cut(s)]
    assert cut, "the corpus has no expressible scenario with a disconnect"
    oc = openai.OpenAI(api_key="k", base_url=server.base_url + "/v1", max_retries=0)
    for sid in cut:
        with pytest.raises(openai.APIConnectionError):
            for _ in oc.responses.create(model=f"scenario:{sid}", input="hi", stream=True):
                pass


# ---------------------------------------------------------------- Groq's path (POST /openai/v1/chat/completions)
def test_chat_completions_are_served_at_groqs_path_too(server: ThreadedMockServer) -> None:
    """Groq serves its OpenAI-compatible Chat Completions at /openai/v1/chat/completions (its API reference: POST
    https://api.groq.com/openai/v1/chat/completions), and its own SDK asks for that path under the server's root; the
    mock answers the same method there, the stream the same as at OpenAI's path."""
    import httpx

    body = {"model": "scenario:text.basic.001", "messages": [{"role": "user", "content": "hi"}], "stream": True}
    at_openai = httpx.post(f"{server.base_url}/v1/chat/completions", json=body)
    at_groq = httpx.post(f"{server.base_url}/openai/v1/chat/completions", json=body)
    assert at_groq.status_code == 200, at_groq.text
    assert at_groq.text.replace(at_groq.text.split('"id":"')[1].split('"')[0], "ID") == at_openai.text.replace(
        at_openai.text.split('"id":"')[1].split('"')[0], "ID")
    assert server.state.log.entries()[-1].path == "/openai/v1/chat/completions"


def _read_chat_stream(stream: Any) -> tuple[str, list[tuple[str, str, str]], list[str]]:
    """The text, the calls (id, name, arguments) and the finish reasons of a Chat Completions chunk stream."""
    text, finishes, calls = "", [], {}  # type: ignore[var-annotated]
    for chunk in stream:
        for choice in chunk.choices:
            text += choice.delta.content or ""
            for tc in choice.delta.tool_calls or []:
                call = calls.setdefault(tc.index, ["", "", ""])
                fn = tc.function
                call[0] += tc.id or ""
                call[1] += (fn.name or "") if fn else ""
                call[2] += (fn.arguments or "") if fn else ""
            if choice.finish_reason:
                finishes.append(choice.finish_reason)
    return text, [tuple(c) for _, c in sorted(calls.items())], finishes


@pytest.mark.parametrize("sid", ["text.basic.001", "tool.basic.001", "tool.fragments.001"])
def test_groq_sdk_is_served_at_the_servers_root(sid: str, server: ThreadedMockServer) -> None:
    """The groq SDK (pydantic-ai's GroqModel's client), its base URL the mock's root as GroqProvider(base_url=...)
    takes it, streams what the openai SDK streams from OpenAI's path (the wire tests' reading of the scenario)."""
    groq = pytest.importorskip("groq", reason="the groq SDK is in the calibration extra")
    messages: Any = [{"role": "user", "content": "hi"}]
    gc = groq.Groq(api_key="mock-key", base_url=server.base_url, max_retries=0)
    from_groq = _read_chat_stream(gc.chat.completions.create(model=f"scenario:{sid}", messages=messages, stream=True))
    assert server.state.log.entries()[-1].path == "/openai/v1/chat/completions"
    oc = openai.OpenAI(api_key="mock-key", base_url=server.base_url + "/v1", max_retries=0)
    from_openai = _read_chat_stream(oc.chat.completions.create(model=f"scenario:{sid}", messages=messages,
                                                               stream=True))
    assert from_groq == from_openai and (from_groq[0] or from_groq[1]), (from_groq, from_openai)


def test_the_respx_router_serves_groqs_path_too() -> None:
    import httpx

    from mock_provider.respx_routes import mock_router

    body = {"model": "scenario:text.basic.001", "messages": [{"role": "user", "content": "hi"}]}
    with mock_router(load_corpus(), base_url="https://mock.test"):
        r = httpx.post("https://mock.test/openai/v1/chat/completions", json=body)
    assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"], r.text
