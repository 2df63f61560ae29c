"""Cases served over HTTP: one mock server per process (in its own thread), one scope per case.

An adapter whose input is ``openai-chat`` or ``anthropic`` gets ``ctx.base_url`` (the server
root), ``ctx.model_id`` (``scenario:<id>``) and ``ctx.extra['headers']`` (the case's
``X-Mock-Scope``, which it must send so the case's log entries are its own). A caller abort
is scripted with the server's pause: it sends the first N steps, tells the harness, and
holds the stream open until the client leaves.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> case = served_case(s, None, 0.0)
    >>> case.base_url.startswith("http://127.0.0.1:"), sorted(case.headers)
    (True, ['X-Mock-Scope'])
    >>> case.close()
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING

from mock_provider.request_log import UpstreamCall
from mock_provider.scenario import Scenario, load_corpus

if TYPE_CHECKING:  # imported when first needed: the server pulls in aiohttp
    from mock_provider.server import ThreadedMockServer

_LOCK = threading.Lock()
_SERVERS: dict[float, ThreadedMockServer] = {}


def _server(time_scale: float) -> ThreadedMockServer:
    from mock_provider.server import ThreadedMockServer

    with _LOCK:
        server = _SERVERS.get(time_scale)
        if server is None:
            server = ThreadedMockServer(load_corpus(), time_scale=time_scale)
            # A fixed port lets an AG-UI endpoint with a fixed base URL reach the suite's server.
            server.start(port=int(os.environ.get("CONFORMANCE_MOCK_PORT", "0") or 0))
            _SERVERS[time_scale] = server
        return server


def mock_server_url(time_scale: float = 0.0) -> str:
    """The base URL of the process's mock server (started now if need be) that serves HTTP cases.

    An AG-UI endpoint under test points its model client there (``+ "/v1"`` for OpenAI clients).
    Set ``CONFORMANCE_MOCK_PORT`` to fix its port.
    """
    url: str = _server(time_scale).base_url
    return url


class ServedCase:
    """One case's scope on the process's mock server: its URL, its headers, its upstream calls."""

    def __init__(self, server: ThreadedMockServer, scenario: Scenario, on_step: Callable[[int], None] | None) -> None:
        self.server = server
        self.scope = f"case-{uuid.uuid4().hex[:12]}"
        self.base_url: str = server.base_url
        self.headers = {"X-Mock-Scope": self.scope}
        self.started = time.monotonic()
        self._scenario = scenario
        self._aliases: list[str] = []
        state = server.state
        if state.store.get(scenario.id) is None:
            state.store.add(scenario)
        pause = scenario.client.abort_after_step
        if pause is not None and on_step is not None:
            # The server calls back when it has sent `pause` steps, then holds the stream open.
            state.pauses[self.scope] = (pause, lambda: on_step(pause))

    @property
    def records(self) -> list[UpstreamCall]:
        """This case's upstream calls, in call order, once they have ended (waited for, bounded).

        The server notices a client that left on its next write or stall poll (every 20 ms):
        wait, up to 2 s, until this case's responses have ended before reading the log.
        """
        deadline = time.monotonic() + 2.0
        calls = self.snapshot()
        while any(c.ended_at is None for c in calls) and time.monotonic() < deadline:
            time.sleep(0.01)
            calls = self.snapshot()
        return calls

    def snapshot(self) -> list[UpstreamCall]:
        """This case's upstream calls as they are now, without waiting (``ended_at`` None: still open)."""
        return self.server.state.log.entries(self.scope)

    def unrouted(self) -> list[str]:
        """The requests of this case that no route of the server matched (``POST /x/v1/chat/completions (404)``),
        when none of its requests reached a model route: the adapter was never given a stream.

        A request without the case's scope (an endpoint's own model client may send none) is the case's when
        it came after the case started.
        """
        state = self.server.state
        missed = state.unrouted_for(self.scope, self.started)
        if not missed or any(c.scope == self.scope or (c.scope is None and c.started_at >= self.started)
                             for c in state.log.entries()):
            return []
        return [u.describe() for u in missed]

    def alias(self, name: str) -> str:
        """Register ``name`` as another id of this case's scenario until :meth:`close`; its model id.

        A worker is given this one (``scenario:case.…``), not one naming the scenario.
        """
        self.server.state.store.alias(name, self._scenario)
        self._aliases.append(name)
        return f"scenario:{name}"

    def close(self) -> None:
        self.server.state.pauses.pop(self.scope, None)
        for name in self._aliases:
            self.server.state.store.unalias(name)


def served_case(scenario: Scenario, on_step: Callable[[int], None] | None, time_scale: float) -> ServedCase:
    """Register one case with the process's mock server (started on first use)."""
    return ServedCase(_server(time_scale), scenario, on_step)
