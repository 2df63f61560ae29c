"""pytest fixtures: the mock provider server for tests of HTTP-speaking adapters.

Registered as the ``mock_provider`` pytest11 entry point, so installing the kit is enough:

* ``mock_provider_server`` (session): one :class:`~mock_provider.server.ThreadedMockServer`
  on an ephemeral 127.0.0.1 port, serving the built-in corpus at time scale 0;
* ``mock_provider`` (function): a :class:`MockProviderHandle` with a fresh scope id. Send
  its ``headers`` (``X-Mock-Scope``) with every request and ``requests()`` returns only
  this test's log entries, even when tests share the server.

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
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from mock_provider.scenario import Scenario
    from mock_provider.server import ThreadedMockServer

SCOPE_HEADER = "X-Mock-Scope"
SCENARIO_HEADER = "X-Mock-Scenario"


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

    def requests(self) -> list[dict[str, Any]]:
        """This test's request-log entries (oldest first), credentials already removed."""
        import httpx

        r = httpx.get(f"{self.base_url}/_mock/requests", params={"scope": self.scope},
                      headers=self._control_headers(), timeout=self.timeout)
        r.raise_for_status()
        entries: list[dict[str, Any]] = r.json()["requests"]
        return entries

    def clear(self) -> None:
        """Forget this test's log entries."""
        import httpx

        httpx.delete(f"{self.base_url}/_mock/requests", params={"scope": self.scope},
                     headers=self._control_headers(), timeout=self.timeout).raise_for_status()

    def add_scenario(self, scenario: Scenario | dict[str, Any] | str) -> str:
        """Register a scenario (model, dict or YAML text) on the server; returns its id.

        Scenarios are server-wide (ids are unique for the whole session), unlike the log.
        Raises ``ValueError`` with the server's message when it refuses the scenario.
        """
        import httpx

        if isinstance(scenario, str):
            content, ctype = scenario.encode(), "application/yaml"
        else:
            data = scenario if isinstance(scenario, dict) else scenario.model_dump(mode="json", exclude_none=True)
            content, ctype = json.dumps(data).encode(), "application/json"
        r = httpx.post(f"{self.base_url}/_mock/scenarios", content=content,
                       headers={"Content-Type": ctype, **self._control_headers()}, timeout=self.timeout)
        if r.status_code != 201:
            raise ValueError(f"mock-provider refused the scenario (HTTP {r.status_code}): {r.text}")
        scenario_id: str = r.json()["id"]
        return scenario_id


def _scope_for(nodeid: str) -> str:
    # Header values must stay plain ASCII; a random suffix keeps reruns and xdist workers apart.
    readable = re.sub(r"[^A-Za-z0-9._-]+", "-", nodeid.rsplit("::", 1)[-1])[:60].strip("-") or "test"
    return f"{readable}-{uuid.uuid4().hex[:12]}"


@pytest.fixture(scope="session")
def mock_provider_server() -> Iterator[ThreadedMockServer]:
    """A mock provider server for the whole session: built-in corpus, time scale 0, 127.0.0.1."""
    from mock_provider.server import ThreadedMockServer

    server = ThreadedMockServer(None, time_scale=0.0)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def mock_provider(mock_provider_server: ThreadedMockServer, request: pytest.FixtureRequest) -> Iterator[
        MockProviderHandle]:
    """A per-test handle on the session server with its own log scope (cleared afterwards)."""
    handle = MockProviderHandle(mock_provider_server.base_url, _scope_for(request.node.nodeid),
                                token=mock_provider_server.state.token)
    yield handle
    mock_provider_server.state.log.clear(handle.scope)
