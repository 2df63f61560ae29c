"""The ``mock_provider`` pytest fixture (the kit's ``mock_provider`` pytest11 entry point).

The one fixture the kit adds to every project. Loading the plugin costs this module: the
server and its handle (:mod:`mock_provider.pytest_plugin`) are imported, and the server
started, when a test first asks for the fixture.

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

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from mock_provider.pytest_plugin import MockProviderHandle


@pytest.fixture
def mock_provider(request: pytest.FixtureRequest) -> Iterator[MockProviderHandle]:
    """A per-test handle on the session's mock server with its own log scope (cleared afterwards)."""
    from mock_provider.pytest_plugin import handle_for

    handle, server = handle_for(request)
    yield handle
    handle.reset()
    server.state.log.clear(handle.scope)
