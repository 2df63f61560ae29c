"""The mock provider over HTTP: an aiohttp app that writes pre-encoded wire plans.

Routes (model side; any credentials are accepted and never logged):

* ``POST /v1/chat/completions`` - OpenAI Chat Completions (SSE when ``"stream": true``, else JSON);
* ``POST /v1/messages`` - Anthropic Messages;
* ``POST /v1/parts/{v2|v3|v4|mastra}`` - AI SDK / Mastra stream parts as SSE, or NDJSON
  with ``Accept: application/x-ndjson``.

The scenario is chosen, in order, by ``"model": "scenario:<id>"`` in the JSON body, by the
``X-Mock-Scenario: <id>`` header, then by the default scenario (``PUT /_mock/default-scenario``,
for clients with a fixed model name that send no header), then by the scenarios' ``match`` rules
(first match in registration order). Requests carrying ``X-Mock-Scope: <id>`` are logged under
that scope, so parallel tests can each read only their own requests; a request that takes the
default scenario and has no scope header takes the default's scope.

Control API under ``/_mock/`` (``Authorization: Bearer <token>`` when the app has a token):
``GET /_mock/health``, ``GET|POST /_mock/scenarios``, ``GET|DELETE /_mock/requests[?scope=]``,
``GET|PUT|DELETE /_mock/default-scenario``.

Writing a plan (see :func:`compile_plan`): plans come from :func:`mock_provider.wires.plan_response`
and are compiled once per (scenario, dialect, stream, include_usage, NDJSON) into write
operations, then cached. Scripted delays are ``delay_ms * time_scale``; at time scale 0
nothing sleeps. The default flush mode, ``coalesce``, joins consecutive zero-delay chunks
into one write, so a zero-delay stream costs one ``send()`` however many events it holds
(cheap: the mock should never be the bottleneck of a test session). The bytes are identical
in both modes; only the write boundaries differ. Frames a ``split`` fault cuts are always
written piece by piece, as are all chunks in ``per-event`` mode (one write per event,
aiohttp back-pressure after each), which is closer to a real provider on the wire.
The TCP stack may still merge small writes; give steps a delay and a time scale > 0 when
a test needs the client to see separate reads.

Every malformed request gets a 4xx JSON error ``{"type": "error", "error": {"type", "message", ...}}``.

Example:
    >>> import asyncio, httpx
    >>> async def main():
    ...     async with MockServer() as server:
    ...         async with httpx.AsyncClient() as client:
    ...             r = await client.post(server.base_url + "/v1/parts/v3",
    ...                                   json={"model": "scenario:text.basic.001"})
    ...             return r.status_code, r.text.splitlines()[0][:28]
    >>> asyncio.run(main())
    (200, 'data: {"type":"stream-start"')

The package's rooms: :mod:`~mock_provider.server.selection` (which scenario a request gets),
:mod:`~mock_provider.server.validation` (request checks), :mod:`~mock_provider.server.plans`
(compiled plans), :mod:`~mock_provider.server.writer` (writing them, faults),
:mod:`~mock_provider.server.control` (state and the control API), :mod:`~mock_provider.server.app`
(the aiohttp app) and :mod:`~mock_provider.server.serve` (the server shells). The request log is
:mod:`mock_provider.request_log`, shared with the in-process model.
"""

from __future__ import annotations

from mock_provider.request_log import CREDENTIAL_HEADERS, HttpRequestLog
from mock_provider.server.app import create_app
from mock_provider.server.control import STATE_KEY, MockProviderState
from mock_provider.server.errors import RequestError
from mock_provider.server.plans import DISCONNECT, STALL, WRITE, CompiledPlan, FlushMode, Op, compile_plan
from mock_provider.server.selection import ScenarioStore, select_scenario
from mock_provider.server.serve import YOUNG_GC_THRESHOLD, MockServer, ThreadedMockServer, ThreadedServer
from mock_provider.server.validation import check_request_fields, parse_json_object
from mock_provider.server.writer import write_plan

__all__ = [
    "CREDENTIAL_HEADERS",
    "DISCONNECT",
    "STALL",
    "STATE_KEY",
    "WRITE",
    "YOUNG_GC_THRESHOLD",
    "CompiledPlan",
    "FlushMode",
    "HttpRequestLog",
    "MockProviderState",
    "MockServer",
    "Op",
    "RequestError",
    "ScenarioStore",
    "ThreadedMockServer",
    "ThreadedServer",
    "check_request_fields",
    "compile_plan",
    "create_app",
    "parse_json_object",
    "select_scenario",
    "write_plan",
]
