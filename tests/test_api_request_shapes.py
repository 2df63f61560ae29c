"""The Responses and Gemini routes refuse wrong types with that API's 400 naming the field.

Each body here was answered 200: the mock read what it could and served the scenario anyway.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from google.genai import errors as genai_errors

from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer

USER = {"role": "user", "content": "hi"}
RESPONSES: list[tuple[dict[str, Any], str]] = [
    ({"input": 5}, "input"),
    ({"input": [1, 2]}, "input[0]"),
    ({"input": [{"role": 1, "content": "hi"}]}, "input[0].role"),
    ({"input": [{"type": 3, "role": "user", "content": "hi"}]}, "input[0].type"),
    ({"input": [{"role": "user", "content": 7}]}, "input[0].content"),
    ({}, "input"),
]
CONTENT = {"role": "user", "parts": [{"text": "hi"}]}
GEMINI: list[tuple[dict[str, Any], str]] = [
    ({"contents": "hi"}, "contents"),
    ({"contents": [{"role": "user", "parts": "hi"}]}, "contents[0].parts"),
    ({"contents": [{"role": 1, "parts": [{"text": "hi"}]}]}, "contents[0].role"),
    ({"contents": [CONTENT], "generationConfig": "hot"}, "generationConfig"),
    ({"contents": [CONTENT], "systemInstruction": 3}, "systemInstruction"),
]


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedMockServer]:
    with ThreadedMockServer(load_corpus()) as srv:
        yield srv


@pytest.mark.parametrize(("body", "field"), RESPONSES, ids=[f for _, f in RESPONSES])
def test_responses_refuses_a_wrong_type_naming_the_field(server: ThreadedMockServer, body: dict[str, Any],
                                                          field: str) -> None:
    r = httpx.post(server.base_url + "/v1/responses", json={"model": "scenario:text.basic.001", "stream": True,
                                                            **body}, timeout=10)
    assert r.status_code == 400 and r.json()["error"]["param"] == field, r.text
    assert f"'{field}'" in r.json()["error"]["message"]


@pytest.mark.parametrize(("body", "field"), GEMINI, ids=[f for _, f in GEMINI])
def test_gemini_refuses_a_wrong_type_naming_the_field(server: ThreadedMockServer, body: dict[str, Any],
                                                       field: str) -> None:
    r = httpx.post(server.base_url + "/v1beta/models/scenario:text.basic.001:generateContent", json=body, timeout=10)
    assert r.status_code == 400, r.text
    error = genai_errors.APIError(r.status_code, r.json())
    assert error.status == "INVALID_ARGUMENT" and f"'{field}'" in (error.message or ""), r.text


@pytest.mark.parametrize(("route", "body"), [
    ("/v1/responses", {"input": [USER, {"type": "message", "role": "user", "content": [
        {"type": "input_text", "text": "x"}]}], "instructions": "be brief", "stream": True}),
    ("/v1/responses", {"input": "hi", "stream": True}),
    ("/v1beta/models/scenario:text.basic.001:generateContent", {
        "contents": [CONTENT], "systemInstruction": {"parts": [{"text": "be brief"}]},
        "generationConfig": {"temperature": 0.5, "maxOutputTokens": 10, "someFutureField": 1},
        "tools": [{"functionDeclarations": [{"name": "f", "parameters": {"type": "OBJECT"}}]}]}),
])
def test_valid_bodies_are_still_served(server: ThreadedMockServer, route: str, body: dict[str, Any]) -> None:
    r = httpx.post(server.base_url + route, json={"model": "scenario:text.basic.001", **body}, timeout=10)
    assert r.status_code == 200, r.text
