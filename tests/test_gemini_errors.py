"""Every refusal on a Gemini route is in Google's envelope, read by google-genai's own error parsing.

The Gemini routes refused in the OpenAI/Anthropic envelope (``{"type": "error", "error": {"type",
"message"}}``) on 44 of 46 refusals: google-genai's ``APIError`` found no ``status`` and no ``code``
there. Google's is ``{"error": {"code": <int>, "message", "status"}}``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from google.genai import errors as genai_errors

from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer

GEN = "/v1beta/models/{model}:generateContent"
STREAM = "/v1beta/models/{model}:streamGenerateContent?alt=sse"
CONTENTS = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}

# (what is wrong, method, path, body bytes or JSON, headers, the status expected)
REFUSALS: list[tuple[str, str, str, Any, dict[str, str], int]] = [
    ("body-not-json", "POST", GEN.format(model="scenario:text.basic.001"), b"{not json", {}, 400),
    ("body-not-object", "POST", STREAM.format(model="scenario:text.basic.001"), b"[1]", {}, 400),
    ("unknown-scenario", "POST", GEN.format(model="scenario:nope.nope.001"), CONTENTS, {}, 404),
    ("bad-scenario-id", "POST", GEN.format(model="scenario:..%2Fetc"), CONTENTS, {}, 400),
    ("no-scenario", "POST", GEN.format(model="gemini-2.0-flash"), CONTENTS, {}, 400),
    ("bad-header-id", "POST", GEN.format(model="gemini-2.0-flash"), CONTENTS, {"X-Mock-Scenario": "A B"}, 400),
    ("wrong-method", "GET", GEN.format(model="scenario:text.basic.001"), None, {}, 405),
    ("no-such-route", "POST", "/v1beta/models/scenario:text.basic.001:countTokens", CONTENTS, {}, 404),
    ("too-large", "POST", GEN.format(model="scenario:text.basic.001"), b'{"x": "' + b"y" * 70_000 + b'"}', {}, 413),
]


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedMockServer]:
    with ThreadedMockServer(load_corpus(), max_body_bytes=65_536) as srv:
        yield srv


@pytest.mark.parametrize("case", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_gemini_route_refuses_in_googles_envelope(server: ThreadedMockServer, case: Any) -> None:
    _, method, path, body, headers, status = case
    kwargs: dict[str, Any] = {"content": body} if isinstance(body, bytes) else {"json": body}
    r = httpx.request(method, server.base_url + path, headers=headers, timeout=10, **({} if body is None else kwargs))
    assert r.status_code == status, r.text
    parsed = genai_errors.APIError(r.status_code, r.json())
    assert set(r.json()) == {"error"} and r.json()["error"]["code"] == status, r.text
    assert isinstance(parsed.status, str) and parsed.status.isupper(), r.text
    assert isinstance(parsed.message, str) and parsed.message, r.text


def test_the_sdk_raises_its_client_error_with_the_status_and_message(server: ThreadedMockServer) -> None:
    from google import genai
    from google.genai import types

    client = genai.Client(api_key="test", http_options=types.HttpOptions(
        base_url=server.base_url, api_version="v1beta", retry_options=types.HttpRetryOptions(attempts=1)))
    with pytest.raises(genai_errors.ClientError) as info:
        client.models.generate_content(model="scenario:nope.nope.001", contents="hi")
    assert info.value.code == 404 and info.value.status == "NOT_FOUND"
    assert "nope.nope.001" in (info.value.message or "")


def test_the_other_routes_keep_their_envelope(server: ThreadedMockServer) -> None:
    r = httpx.post(server.base_url + "/v1/chat/completions", json={"model": "scenario:nope.nope.001", "messages": []},
                   timeout=10)
    assert r.status_code == 404 and r.json()["type"] == "error" and r.json()["error"]["type"] == "unknown_scenario"
