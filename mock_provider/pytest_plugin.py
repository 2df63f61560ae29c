"""The ``mock_provider`` pytest fixture's handle, for tests of HTTP-speaking adapters.

The fixture comes with the kit (the ``mock_provider`` pytest11 entry point,
:mod:`_sac_pytest.mock_provider`), so installing the kit is enough:

* ``mock_provider`` (function): a :class:`MockProviderHandle` with a fresh scope id. Send
  its ``headers`` (``X-Mock-Scope``) with every request and ``requests()`` returns only
  this test's log entries, even when tests share the server.
* Behind it, one :class:`~mock_provider.server.ThreadedMockServer` per session
  (:func:`session_server`), started by the first test that asks for the fixture, on an
  ephemeral 127.0.0.1 port, serving the built-in corpus at time scale 0. A run that uses no
  ``mock_provider`` starts nothing and imports nothing of the server.

The handle speaks to the server's control routes with the standard library, so the fixture
needs no HTTP client package.

Example (a test module)::

    import httpx

    def test_my_adapter(mock_provider):
        r = httpx.post(mock_provider.openai_base_url + "/chat/completions",
                       headers=mock_provider.headers,
                       json={"model": "scenario:text.basic.001", "messages": [], "stream": True})
        assert r.status_code == 200
        assert [e["scenario_id"] for e in mock_provider.requests()] == ["text.basic.001"]
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pytest

from _sac_pytest.mock_provider import mock_provider

if TYPE_CHECKING:
    from mock_provider.scenario import Scenario
    from mock_provider.server import ThreadedMockServer

SCOPE_HEADER = "X-Mock-Scope"
SCENARIO_HEADER = "X-Mock-Scenario"
SERVER_KEY = pytest.StashKey["ThreadedMockServer"]()
# The earlier entry point (mock_provider.pytest_plugin) registered this module: the fixture stays visible here.
__all__ = ["MockProviderHandle", "mock_provider", "session_server"]


@dataclass
class MockProviderHandle:
    """One test's view of the shared mock server.

    >>> h = MockProviderHandle("http://127.0.0.1:1", "t-1")
    >>> h.openai_base_url, h.anthropic_base_url, h.headers, h.model("text.basic.001")
    ('http://127.0.0.1:1/v1', 'http://127.0.0.1:1', {'X-Mock-Scope': 't-1'}, 'scenario:text.basic.001')
    """

    base_url: str
    scope: str
    token: str | None = None
    timeout: float = 10.0
    posted: list[str] = field(default_factory=list)  # the shorthand answers this test registered

    @property
    def openai_base_url(self) -> str:
        """``base_url`` for an OpenAI SDK client (it appends ``/chat/completions``)."""
        return self.base_url + "/v1"

    @property
    def anthropic_base_url(self) -> str:
        """``base_url`` for an Anthropic SDK client (it appends ``/v1/messages``)."""
        return self.base_url

    @property
    def headers(self) -> dict[str, str]:
        """Headers to send with every model request: the scope header."""
        return {SCOPE_HEADER: self.scope}

    def headers_for(self, scenario_id: str) -> dict[str, str]:
        """The scope header plus ``X-Mock-Scenario`` selecting a scenario.

        >>> MockProviderHandle("http://h", "s").headers_for("a.b.001")["X-Mock-Scenario"]
        'a.b.001'
        """
        return {**self.headers, SCENARIO_HEADER: scenario_id}

    def model(self, scenario_id: str) -> str:
        """The model name that selects a scenario (``scenario:<id>``)."""
        return f"scenario:{scenario_id}"

    def parts_url(self, dialect: str = "v3") -> str:
        """The URL of the raw stream-parts route for a dialect (v2, v3, v4, mastra)."""
        return f"{self.base_url}/v1/parts/{dialect}"

    def _control_headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def _call(self, method: str, path: str, body: bytes | None = None,
              content_type: str | None = None) -> tuple[int, str]:
        query = urllib.parse.urlencode({"scope": self.scope}) if method != "POST" else ""
        headers = {**self._control_headers(), **({"Content-Type": content_type} if content_type else {})}
        req = urllib.request.Request(f"{self.base_url}{path}" + (f"?{query}" if query else ""), data=body,
                                     headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as r:
                return int(r.status), r.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()

    def requests(self) -> list[dict[str, Any]]:
        """This test's request-log entries (oldest first), credentials already removed."""
        status, text = self._call("GET", "/_mock/requests")
        if status != 200:
            raise RuntimeError(f"mock-provider: GET /_mock/requests answered HTTP {status}: {text}")
        entries: list[dict[str, Any]] = json.loads(text)["requests"]
        return entries

    def clear(self) -> None:
        """Forget this test's log entries."""
        status, text = self._call("DELETE", "/_mock/requests")
        if status >= 300:
            raise RuntimeError(f"mock-provider: DELETE /_mock/requests answered HTTP {status}: {text}")

    def add_scenario(self, scenario: Scenario | dict[str, Any] | str) -> str:
        """Register a scenario (model, dict or YAML text) on the server; returns its id.

        Scenarios are server-wide (ids are unique for the whole session), unlike the log.
        Raises ``ValueError`` with the server's message when it refuses the scenario.
        """
        if isinstance(scenario, str):
            content, ctype = scenario.encode(), "application/yaml"
        else:
            data = scenario if isinstance(scenario, dict) else scenario.model_dump(mode="json", exclude_none=True)
            content, ctype = json.dumps(data).encode(), "application/json"
        status, text = self._call("POST", "/_mock/scenarios", content, ctype)
        if status != 201:
            raise ValueError(f"mock-provider refused the scenario (HTTP {status}): {text}")
        scenario_id: str = json.loads(text)["id"]
        return scenario_id


    # ------------------------------------------------------------ shorthand answers
    def reply(self, text: str, *, reasoning: str | None = None, usage: tuple[int, int] | None = None) -> str:
        """Answer this test's next requests with ``text`` (a short-form scenario); returns its id.

        The answer is the server's default scenario for requests that name none (any model name
        without ``scenario:``), scoped to this test: its requests show up in :meth:`requests`.
        A later shorthand call replaces it; the test's end removes it.
        """
        doc: dict[str, Any] = {"reply": text}
        if reasoning is not None:
            doc["reasoning"] = reasoning
        if usage is not None:
            doc["usage"] = {"input_tokens": usage[0], "output_tokens": usage[1]}
        return self.answer(doc)

    def tool_call(self, name: str, args: dict[str, Any] | None = None, *, call_id: str | None = None,
                  text: str | None = None) -> str:
        """Answer with one complete client tool call (and optional ``text`` before it); returns the id."""
        call: dict[str, Any] = {"name": name, "args": args or {}}
        if call_id is not None:
            call["id"] = call_id
        return self.answer({"tool_call": call, **({"reply": text} if text is not None else {})})

    def fail(self, status: int, *, retry_after: float | None = None, then: str | None = None) -> str:
        """Answer with HTTP ``status`` (``Retry-After`` when given); with ``then``, only the first
        attempt fails and the retry gets that reply. Returns the scenario id."""
        fail: dict[str, Any] = {"status": status}
        if retry_after is not None:
            fail["retry_after"] = retry_after
        return self.answer({"fail": fail, **({"reply": then} if then is not None else {})})

    def answer(self, document: dict[str, Any]) -> str:
        """Register a short-form scenario document as this test's answer (what :meth:`reply` posts)."""
        slug = re.sub(r"[^a-z0-9]+", "-", self.scope.lower()).strip("-") or "test"
        scenario_id = self.add_scenario({"id": f"fixture.{slug}.{len(self.posted) + 1}", **document})
        self.posted.append(scenario_id)
        body = json.dumps({"scenario": scenario_id, "scope": self.scope}).encode()
        status, text = self._call("PUT", "/_mock/default-scenario", body, "application/json")
        if status != 200:
            raise RuntimeError(f"mock-provider: PUT /_mock/default-scenario answered HTTP {status}: {text}")
        return scenario_id

    def reset(self) -> None:
        """Remove this test's shorthand answers (the fixture does it when the test ends)."""
        if not self.posted:
            return
        status, text = self._call("GET", "/_mock/default-scenario")
        if status == 200 and json.loads(text).get("scenario") in self.posted:
            self._call("DELETE", "/_mock/default-scenario")
        for scenario_id in self.posted:
            self._call("DELETE", f"/_mock/scenarios/{scenario_id}")
        self.posted.clear()


def _scope_for(nodeid: str) -> str:
    # Header values must stay plain ASCII; a random suffix keeps reruns and xdist workers apart.
    readable = re.sub(r"[^A-Za-z0-9._-]+", "-", nodeid.rsplit("::", 1)[-1])[:60].strip("-") or "test"
    return f"{readable}-{uuid.uuid4().hex[:12]}"


def session_server(config: pytest.Config) -> ThreadedMockServer:
    """The session's mock server: started on first use (built-in corpus, time scale 0, 127.0.0.1), stopped at exit."""
    server = config.stash.get(SERVER_KEY, None)
    if server is None:
        from mock_provider.server import ThreadedMockServer

        server = ThreadedMockServer(None, time_scale=0.0)
        server.start()
        config.add_cleanup(server.stop)
        config.stash[SERVER_KEY] = server
    return server


def handle_for(request: pytest.FixtureRequest) -> tuple[MockProviderHandle, ThreadedMockServer]:
    """A fresh handle (its own log scope) on the session server, for the test that ``request`` is of."""
    server = session_server(request.config)
    return MockProviderHandle(server.base_url, _scope_for(request.node.nodeid), token=server.state.token), server
