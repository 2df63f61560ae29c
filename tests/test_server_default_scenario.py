"""``/_mock/default-scenario``: a scenario for requests that select none (fixed-model clients).

An AG-UI endpoint with a fixed model name and base URL cannot tell the mock which scenario to
play; the conformance harness sets the default before each case (cases run one at a time).
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from mock_provider.scenario import Scenario
from mock_provider.server import MockServer
from tests.test_server import make_scenario

FIXED = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "nothing that matches a rule"}],
         "stream": False}


RULED = make_scenario("ruled.match.001", text="from the match rule", match={"last_user_contains": "weather"})


@pytest.fixture
def run(corpus: list[Scenario]) -> Any:
    def runner(coro_fn: Any, **server_kw: Any) -> None:
        async def main() -> None:
            async with MockServer([*corpus, RULED], **server_kw) as s, httpx.AsyncClient(base_url=s.base_url) as c:
                await coro_fn(c)

        asyncio.run(main())

    return runner


def test_default_selects_for_fixed_model_requests_and_carries_its_scope(run: Any, corpus: list[Scenario]) -> None:
    async def body(c: httpx.AsyncClient) -> None:
        before = await c.post("/v1/chat/completions", json=FIXED)
        assert before.status_code == 400 and before.json()["error"]["type"] == "no_scenario_selected"
        assert "default-scenario" in before.json()["error"]["message"]
        r = await c.put("/_mock/default-scenario", json={"scenario": "text.basic.001", "scope": "case-1"})
        assert r.status_code == 200 and r.json() == {"scenario": "text.basic.001", "scope": "case-1"}
        assert (await c.get("/_mock/default-scenario")).json() == {"scenario": "text.basic.001", "scope": "case-1"}
        got = await c.post("/v1/chat/completions", json=FIXED)
        assert got.status_code == 200
        text = got.json()["choices"][0]["message"]["content"]
        expected = next(s for s in corpus if s.id == "text.basic.001").expected.text
        assert text == expected
        log = (await c.get("/_mock/requests", params={"scope": "case-1"})).json()["requests"]
        assert [e["scenario_id"] for e in log] == ["text.basic.001"]
        # A request's own scope header wins over the default's scope.
        await c.post("/v1/chat/completions", json=FIXED, headers={"X-Mock-Scope": "mine"})
        mine = (await c.get("/_mock/requests", params={"scope": "mine"})).json()["requests"]
        assert [e["scenario_id"] for e in mine] == ["text.basic.001"]
        assert (await c.delete("/_mock/default-scenario")).json() == {"cleared": True}
        assert (await c.delete("/_mock/default-scenario")).json() == {"cleared": False}
        assert (await c.get("/_mock/default-scenario")).json() == {"scenario": None, "scope": None}
        after = await c.post("/v1/chat/completions", json=FIXED)
        assert after.status_code == 400

    run(body)


def test_explicit_selection_beats_the_default_and_the_default_beats_match_rules(run: Any) -> None:
    async def body(c: httpx.AsyncClient) -> None:
        await c.put("/_mock/default-scenario", json={"scenario": "text.basic.001"})
        by_model = await c.post("/v1/chat/completions", json={**FIXED, "model": "scenario:text.unicode.001"})
        by_header = await c.post("/v1/chat/completions", json=FIXED, headers={"X-Mock-Scenario": "text.unicode.001"})
        log = (await c.get("/_mock/requests")).json()["requests"]
        assert by_model.status_code == by_header.status_code == 200
        assert [e["scenario_id"] for e in log] == ["text.unicode.001", "text.unicode.001"]
        # A message a match rule fits: the rule picks its scenario without a default, not with one.
        req = {**FIXED, "messages": [{"role": "user", "content": "what is the weather?"}]}
        await c.post("/v1/chat/completions", json=req, headers={"X-Mock-Scope": "rule"})
        await c.delete("/_mock/default-scenario")
        await c.post("/v1/chat/completions", json=req, headers={"X-Mock-Scope": "rule"})
        rule = (await c.get("/_mock/requests", params={"scope": "rule"})).json()["requests"]
        assert [e["scenario_id"] for e in rule] == ["text.basic.001", "ruled.match.001"]

    run(body)


@pytest.mark.parametrize(("payload", "status", "needle"), [
    (b"not json", 400, ""),
    (b"[]", 400, ""),
    (b'{"scenario": 3}', 400, "scenario must be"),
    (b'{"scenario": "../x"}', 400, "not a scenario id"),
    (b'{"scenario": "text.basic.001", "scope": 5}', 400, "scope must be"),
    (b'{"scenario": "text.basic.001", "extra": 1}', 400, "unknown field"),
    (b'{"scenario": "text.basci.001"}', 404, "no scenario"),
    (b'{"scenario": "text.basic.001", "server": "azure"}', 400, "is not one of"),
    (b'{"scenario": "text.basic.001", "server": 3}', 400, "is not one of"),
])
def test_bad_bodies_are_4xx_json_and_leave_the_default_unchanged(run: Any, payload: bytes, status: int,
                                                                   needle: str) -> None:
    async def body(c: httpx.AsyncClient) -> None:
        await c.put("/_mock/default-scenario", json={"scenario": "text.basic.001", "scope": "s"})
        r = await c.put("/_mock/default-scenario", content=payload, headers={"Content-Type": "application/json"})
        assert r.status_code == status
        err = r.json()["error"]
        assert needle in err["message"]
        if status == 404:
            assert "text.basic.001" in err["closest"]
        assert (await c.get("/_mock/default-scenario")).json() == {"scenario": "text.basic.001", "scope": "s"}

    run(body)


def test_token_guards_the_default_scenario_routes(run: Any) -> None:
    async def body(c: httpx.AsyncClient) -> None:
        for method in ("GET", "PUT", "DELETE"):
            r = await c.request(method, "/_mock/default-scenario", json={"scenario": "text.basic.001"})
            assert r.status_code == 401 and r.json()["error"]["type"] == "authentication_error"
        ok = await c.put("/_mock/default-scenario", json={"scenario": "text.basic.001"},
                         headers={"Authorization": "Bearer s3cret"})
        assert ok.status_code == 200

    run(body, token="s3cret")


STREAMED = {**FIXED, "stream": True}


def test_a_default_with_a_server_answers_fixed_model_requests_in_that_servers_shapes(run: Any) -> None:
    """A fixed-model client (an AG-UI endpoint) sends no X-Mock-Server; the default carries its server, and a request
    that takes the default gets exactly what the same request declaring that server in its header gets."""
    async def body(c: httpx.AsyncClient) -> None:
        explicit = {"X-Mock-Scenario": "error.code.001", "X-Mock-Server": "openrouter"}
        declared = (await c.post("/v1/chat/completions", json=STREAMED, headers=explicit)).content
        await c.put("/_mock/default-scenario", json={"scenario": "error.code.001", "scope": "c"})
        plain = (await c.post("/v1/chat/completions", json=STREAMED)).content
        assert plain != declared  # OpenAI's in-band error is not OpenRouter's error chunk
        r = await c.put("/_mock/default-scenario", json={"scenario": "error.code.001", "scope": "c",
                                                         "server": "openrouter"})
        assert r.json() == {"scenario": "error.code.001", "scope": "c", "server": "openrouter"}
        assert (await c.post("/v1/chat/completions", json=STREAMED)).content == declared
        # A request's own header still wins; a request that selects another scenario gets no default server.
        groq = (await c.post("/v1/chat/completions", json=STREAMED, headers={"X-Mock-Server": "groq"})).content
        assert groq == plain
        other = {"X-Mock-Scenario": "error.string.001"}
        assert (await c.post("/v1/chat/completions", json=STREAMED, headers=other)).content == (
            await c.post("/v1/chat/completions", json=STREAMED, headers={**other, "X-Mock-Server": "openai"})).content
        assert (await c.post("/v1/chat/completions", json=STREAMED, headers=other)).content != (
            await c.post("/v1/chat/completions", json=STREAMED,
                         headers={**other, "X-Mock-Server": "openrouter"})).content
        # A refusal (a turn past the script) comes in that server's body too, as with the header.
        past = {**FIXED, "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"},
                                      {"role": "user", "content": "c"}, {"role": "assistant", "content": "d"},
                                      {"role": "user", "content": "e"}]}
        await c.put("/_mock/default-scenario", json={"scenario": "text.basic.001", "server": "mistral"})
        by_default = await c.post("/v1/chat/completions", json=past)
        by_header = await c.post("/v1/chat/completions", json=past,
                                 headers={"X-Mock-Scenario": "text.basic.001", "X-Mock-Server": "mistral"})
        assert by_default.status_code == by_header.status_code >= 400
        assert by_default.json() == by_header.json() and by_default.json().get("object") == "error"
        # Clearing the default clears its server: the answer is the plain one again.
        await c.delete("/_mock/default-scenario")
        await c.put("/_mock/default-scenario", json={"scenario": "error.code.001", "scope": "c"})
        assert (await c.post("/v1/chat/completions", json=STREAMED)).content == plain

    run(body)


def test_a_default_server_gates_the_scenarios_that_server_never_plays(run: Any) -> None:
    """As with the header: a scenario of another server's habit is refused (422) for that server's client."""
    async def body(c: httpx.AsyncClient) -> None:
        await c.put("/_mock/default-scenario", json={"scenario": "quirks.refusal.001", "server": "groq"})
        refused = await c.post("/v1/chat/completions", json=STREAMED)
        assert refused.status_code == 422 and "groq" in refused.json()["error"]["message"]

    run(body)
