"""Each wire is served under any path prefix in place of its version segment: a vendor SDK's own prefix (OpenRouter's
``/api/v1``, Azure's ``/openai/deployments/{name}``, a gateway's) reaches the same method, while a path that is not
the wire's own stays unrouted (a setup ERROR in the suite, conformance.grading.gates.unrouted_upstream)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedMockServer]:
    with ThreadedMockServer(load_corpus(), time_scale=0.0) as srv:
        yield srv


def _post(server: ThreadedMockServer, path: str, body: dict[str, object]) -> tuple[int, str]:
    req = urllib.request.Request(server.base_url + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


CHAT = {"model": "scenario:text.basic.001", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
MESSAGES = {**CHAT, "max_tokens": 100}
GEMINI = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}


@pytest.mark.parametrize(("path", "body"), [
    ("/api/v1/chat/completions", CHAT),  # OpenRouter
    ("/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21", CHAT),  # Azure OpenAI
    ("/gateway/v1/messages", MESSAGES),
    ("/proxy/v1/responses", {"model": "scenario:text.basic.001", "stream": True, "input": "hi"}),
    ("/vendor/v1beta/models/scenario:text.basic.001:streamGenerateContent?alt=sse", GEMINI),
])
def test_a_vendor_prefix_reaches_the_wire(server: ThreadedMockServer, path: str, body: dict[str, object]) -> None:
    status, text = _post(server, path, body)
    assert status == 200, text
    assert "Paris" in text


@pytest.mark.parametrize("path", ["/chat/completions", "/_mock/x/chat/completions", "/v1/chat/completion",
                                  "/v1/chat/completions/extra"])
def test_a_path_that_is_not_the_wire_s_own_stays_unrouted(server: ThreadedMockServer, path: str) -> None:
    status, text = _post(server, path, CHAT)
    assert status in (404, 405), (status, text)
    assert "no route" in text or "not allowed" in text
