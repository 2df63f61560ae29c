"""``--adapter-url URL``: an AG-UI HTTP endpoint as the adapter under test.

For each case the suite POSTs an AG-UI ``RunAgentInput`` (the official ``ag-ui-protocol``
models) built from the scenario's request, with ``Accept: text/event-stream`` (or
``application/x-ndjson``), and reads the event stream back, event by event, into the runner.
The cases are the wire-dialect ones (``openai-chat``, ``anthropic``): the mock server plays the
scenario to the endpoint's model client. The endpoint learns which scenario to play in any of
three ways (all are used unless ``select`` narrows them):

* ``headers``: the POST carries ``X-Mock-Scenario: <id>`` and ``X-Mock-Scope: <scope>``; an
  endpoint that passes them on to its model client gets the case's scenario.
* ``forwarded-props``: ``forwardedProps.mock`` is ``{"base_url", "openai_base_url", "model",
  "headers"}``: an endpoint that builds its model per request points it there.
* ``default-scenario``: before the case the suite sets the mock server's default scenario
  (``PUT /_mock/default-scenario {"scenario", "scope"}``, with ``"server"`` when the capabilities declare
  one, so the mock answers the endpoint's fixed model client in that server's shapes) and clears it
  afterwards, for an endpoint with a fixed model and base URL. Cases run one at a time.

What the wire itself must do (rows ``transport.*`` of ``fixtures/matrix.yaml``): a 2xx status,
the content type asked for, one JSON event per SSE ``data:`` line with blank-line separation
(or per NDJSON line), and a response that ends right after the terminal event. A response that
breaks the stream (non-2xx, or closed before ``RUN_FINISHED``/``RUN_ERROR``) is graded on its
transport row alone (``transport_broken``): what never arrived cannot be graded. A caller abort
closes the HTTP response; that is the only abort a plain HTTP client has, so the default abort
policy is ``silent``.

Example (shell)::

    pytest --adapter-url=http://127.0.0.1:8000/agui --adapter-url-capabilities=caps.yaml
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import aiohttp
import yaml
from pydantic import ValidationError

from conformance.caller_messages import content_text
from conformance.contract import AdapterContext, Capabilities, RunRequest
from conformance.findings import Finding
from conformance.server_tools import server_tools_prop
from conformance.targets.agui_stream import (
    NDJSON_TYPE,
    NDJSON_TYPES,
    SSE_TYPE,
    NdjsonDecoder,
    SseDecoder,
    harmless,
    media_type,
)
from mock_provider.dialects import HTTP_DIALECTS
from mock_provider.scenario import Feature, Scenario

StreamFormat = Literal["sse", "ndjson"]
SELECTIONS: tuple[str, ...] = ("headers", "forwarded-props", "default-scenario")
HTTP_INPUTS: tuple[str, ...] = HTTP_DIALECTS
TERMINALS = frozenset({"RUN_FINISHED", "RUN_ERROR"})
MAX_ERROR_BODY = 2000


# What every AG-UI endpoint can be held to without a declaration: ``RunAgentInput.tools`` is the
# protocol's own field for the caller's tools, and closing the response is the one abort a plain HTTP
# caller has. Whether the endpoint's model reads reasoning (or structured output, or media) is the
# endpoint's choice: assuming it would fail cases that are only a missing declaration.
DEFAULT_FEATURES: frozenset[Feature] = frozenset({"tools", "parallel_tools", "abort"})


def default_capabilities(name: str = "agui-endpoint") -> Capabilities:
    """What an endpoint is assumed to do when nothing is declared: only what AG-UI itself makes it do.

    OpenAI Chat Completions upstream; tools, parallel tools and abort (:data:`DEFAULT_FEATURES`):
    not reasoning, structured output or multimodal input, whose cases are then UNSUPPORTED unless
    declared (``--adapter-url-features`` or a capabilities file); no finish reason (plain AG-UI has
    none); the recommended POLICY choices.

    >>> c = default_capabilities(); c.inputs, sorted(c.features), c.reports_finish_reason
    (['openai-chat'], ['abort', 'parallel_tools', 'tools'], False)
    """
    return Capabilities(name=name, inputs=["openai-chat"], output="ag-ui",
                        features=set(DEFAULT_FEATURES), reports_finish_reason=False)


class TargetConfigError(ValueError):
    """A bad ``--adapter-url*`` option or capabilities file; the message names it."""


def load_capabilities(path: str | Path) -> Capabilities:
    """A capabilities file (YAML or JSON of :class:`Capabilities`); errors name the file and field.

    The inputs must be HTTP dialects: an endpoint's model reads the mock server over HTTP.
    """
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise TargetConfigError(f"{p}: cannot read capabilities: {exc}") from exc
    try:
        caps = Capabilities.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "<root>"
        raise TargetConfigError(f"{p}: {where}: {err['msg']}") from None
    check_inputs(caps, str(p))
    return caps


def check_inputs(caps: Capabilities, source: str) -> None:
    """Refuse part dialects: an endpoint's model reads the mock server over HTTP.

    >>> check_inputs(Capabilities(name="x", inputs=["v3"], output="ag-ui"), "caps.yaml")
    Traceback (most recent call last):
    ...
    conformance.targets.url.TargetConfigError: caps.yaml: inputs ['v3'] are not HTTP dialects; ...
    """
    bad = [d for d in caps.inputs if d not in HTTP_INPUTS]
    if bad:
        raise TargetConfigError(f"{source}: inputs {bad} are not HTTP dialects; an AG-UI endpoint's model reads "
                                f"the mock server over one of {', '.join(HTTP_INPUTS)}")


@dataclass(frozen=True)
class UrlTarget:
    """An AG-UI endpoint and how to talk to it; the target itself is the runner's factory.

    >>> t = UrlTarget("http://127.0.0.1:9/agui")
    >>> a = t(AdapterContext(dialect="probe", model=None, scenario_id="probe"))
    >>> a.capabilities.output, t.stream_format
    ('ag-ui', 'sse')
    """

    url: str
    capabilities: Capabilities = field(default_factory=default_capabilities)
    stream_format: StreamFormat = "sse"
    select: tuple[str, ...] = SELECTIONS
    # How long the response may stay open after the terminal event before that is a finding.
    close_grace: float = 1.0
    headers: tuple[tuple[str, str], ...] = ()
    # Rows this target checks on every case (the session's row summary counts them for each case).
    transport_rows: tuple[str, ...] = ("transport.status", "transport.content-type", "transport.framing",
                                       "transport.early-close", "transport.close")

    def refuses(self, scenario: Scenario) -> str | None:
        """Why the suite's ``RunAgentInput`` cannot carry this scenario's request (NOT-EXPRESSIBLE), or None.

        The conversion (:func:`agui_messages`) sends text content only, and ``RunAgentInput`` has
        no field for an output schema or a model's catalogue entry; request checks on such cases
        would grade the conversion, not the endpoint.

        >>> from mock_provider.scenario import load_corpus
        >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
        >>> UrlTarget("http://127.0.0.1:9/agui").refuses(s) is None
        True
        """
        req = scenario.request
        if req.output_schema is not None:
            return "RunAgentInput has no output schema: structured-output cases are not sent to an AG-UI endpoint"
        if scenario.model_info is not None:
            return ("RunAgentInput has no field for the model's catalogue entry (model_info), and an endpoint "
                    "has no way to declare its input modalities (row request.modalities)")
        if any(isinstance(m.content, list) for m in req.messages):
            return "the suite sends AG-UI messages as text: content-part lists (multimodal) are not converted"
        return None

    def __post_init__(self) -> None:
        if not self.url.startswith(("http://", "https://")):
            raise TargetConfigError(f"--adapter-url must be an http(s) URL, got {self.url!r}")
        if self.stream_format not in ("sse", "ndjson"):
            raise TargetConfigError(f"--adapter-url-stream must be sse or ndjson, got {self.stream_format!r}")
        unknown = [s for s in self.select if s not in SELECTIONS]
        if unknown or not self.select:
            raise TargetConfigError(f"--adapter-url-select takes a comma-separated subset of {', '.join(SELECTIONS)}"
                                    f" (got {', '.join(self.select) or 'nothing'})")
        check_inputs(self.capabilities, "capabilities")

    def __call__(self, ctx: AdapterContext) -> UrlAdapter:
        """One adapter per case: the target is the runner's factory."""
        return UrlAdapter(self, ctx)

    @property
    def __name__(self) -> str:  # the runner names a factory by its __name__
        return self.url


def target_from_options(url: str, capabilities_file: str | None = None, stream_format: str | None = None,
                        select: str | None = None, features: str | None = None,
                        policies: str | None = None) -> UrlTarget:
    """The target the plugin builds from ``--adapter-url`` and its companion options.

    ``features`` (``--adapter-url-features``, comma-separated, ``none`` for none) and ``policies``
    (``--adapter-url-policies``, ``name=choice`` pairs) replace what the capabilities file or the
    defaults declare.

    >>> t = target_from_options("http://127.0.0.1:9/agui", features="tools,reasoning", policies="abort=run-error")
    >>> sorted(t.capabilities.features), t.capabilities.policies.abort
    (['reasoning', 'tools'], 'run-error')
    """
    caps = load_capabilities(capabilities_file) if capabilities_file else default_capabilities()
    caps = declared(caps, features, policies)
    chosen = tuple(s.strip() for s in select.split(",") if s.strip()) if select else SELECTIONS
    fmt: Any = stream_format or "sse"
    return UrlTarget(url, capabilities=caps, stream_format=fmt, select=chosen)


def declared(caps: Capabilities, features: str | None, policies: str | None) -> Capabilities:
    """``caps`` with the features and POLICY choices the options declare; errors name the option.

    >>> declared(default_capabilities(), "none", None).features
    set()
    >>> declared(default_capabilities(), "telepathy", None)
    Traceback (most recent call last):
    ...
    conformance.targets.url.TargetConfigError: --adapter-url-features: features.0: ...
    """
    data = caps.model_dump()
    if features is not None:
        data["features"] = [f.strip() for f in features.split(",") if f.strip() and f.strip() != "none"]
    if policies is not None:
        pairs = [p.strip() for p in policies.split(",") if p.strip()]
        bad = [p for p in pairs if "=" not in p]
        if bad:
            raise TargetConfigError(f"--adapter-url-policies: {bad[0]!r} is not name=choice")
        data["policies"] = {**data["policies"], **dict(p.split("=", 1) for p in pairs)}
    try:
        return Capabilities.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        option = "--adapter-url-features" if where.startswith("features") else "--adapter-url-policies"
        raise TargetConfigError(f"{option}: {where}: {err['msg']}") from None


# ---------------------------------------------------------------- RunAgentInput
def agui_messages(messages: Iterable[dict[str, Any]]) -> list[Any]:
    """Scenario request messages (Chat Completions shape) -> AG-UI messages, ids ``msg-<n>``.

    >>> [m.role for m in agui_messages([{"role": "user", "content": "hi"}])]
    ['user']
    """
    from ag_ui.core import AssistantMessage, FunctionCall, SystemMessage, ToolCall, ToolMessage, UserMessage

    out: list[Any] = []
    for i, m in enumerate(messages):
        mid, role = f"msg-{i}", m.get("role")
        if role == "system":
            out.append(SystemMessage(id=mid, content=content_text(m.get("content"))))
        elif role == "user":
            out.append(UserMessage(id=mid, content=content_text(m.get("content"))))
        elif role == "assistant":
            calls = [ToolCall(id=c["id"], function=FunctionCall(name=c["function"]["name"],
                                                                arguments=c["function"].get("arguments", "")))
                     for c in m.get("tool_calls") or []]
            out.append(AssistantMessage(id=mid, content=content_text(m.get("content")) or None,
                                        tool_calls=calls or None))
        elif role == "tool":
            out.append(ToolMessage(id=mid, content=content_text(m.get("content")),
                                   tool_call_id=m.get("tool_call_id") or ""))
    return out


def run_agent_input(request: RunRequest, mock: dict[str, Any] | None) -> dict[str, Any]:
    """The JSON body of the POST: a ``RunAgentInput`` (camelCase), ``forwardedProps.mock`` when given, declaring
    the AG-UI version the suite grades (``protocolVersion``), as @ag-ui/client 1.0.0's ``HttpAgent`` does.

    >>> from conformance.contract import RunRequest
    >>> r = RunRequest("m", [{"role": "user", "content": "hi"}], [], None, {}, "t1", "r1")
    >>> body = run_agent_input(r, None); body["threadId"], body["messages"][0]["content"], body["tools"]
    ('t1', 'hi', [])
    >>> body["protocolVersion"]
    '1.0'
    """
    from ag_ui.core import PROTOCOL_VERSION, RunAgentInput, Tool

    tools = [Tool(name=t["name"], description=t.get("description") or "",
                  parameters=t.get("input_schema") or t.get("inputSchema") or {"type": "object"})
             for t in request.tools]
    props: dict[str, Any] = {"mock": mock} if mock is not None else {}
    server = server_tools_prop(request.tools)
    if server is not None:
        # AG-UI has no field for a tool the agent runs itself: each server tool's declared results
        # ride in forwardedProps, so the endpoint builds execute functions (conformance.server_tools).
        props["serverTools"] = server
    # A 1.0 producer answers a body that declares no version as it answers a client that predates 1.0 (tool
    # results as text only, no 1.0 outcomes): the streams graded here are 1.0 streams, so the body says so, as
    # @ag-ui/client 1.0.0's HttpAgent.prepareRunAgentInput does (protocolVersion: PROTOCOL_VERSION).
    model = RunAgentInput(thread_id=request.thread_id, run_id=request.run_id, state={},
                          messages=agui_messages(request.messages), tools=tools, context=[], forwarded_props=props,
                          protocol_version=PROTOCOL_VERSION)
    out: dict[str, Any] = json.loads(model.model_dump_json(by_alias=True, exclude_none=True))
    return out


# ---------------------------------------------------------------- one case
class UrlAdapter:
    """One case against the endpoint: POST, then the decoded events; wire problems as findings."""

    # Its server tools run behind the transport (from the case's results), never the runner's execute:
    # the runner watches the events to abort during a tool (client.abort_during_tool).
    remote_tools = True
    # The endpoint's own model client may leave out the case's scope (a selection mode that names the
    # scenario only): its model calls are not counted as the case's, so row upstream.read is not graded.
    upstream_attributed = False

    def __init__(self, target: UrlTarget, ctx: AdapterContext) -> None:
        self.target, self.ctx = target, ctx
        self.capabilities = target.capabilities
        self.transport_findings: list[Finding] = []
        # True when the wire broke the stream (non-2xx, early close): only transport rows are graded.
        self.transport_broken = False

    def _finding(self, row: str, message: str, *, broken: bool = False, index: int | None = None,
                 level: str | None = None) -> None:
        self.transport_findings.append(Finding(row=row, message=message, source="transport", event_index=index,
                                               level=level))
        self.transport_broken = self.transport_broken or broken

    def _mock(self) -> dict[str, Any]:
        base = (self.ctx.base_url or "").rstrip("/")
        return {"base_url": base, "openai_base_url": base + "/v1", "model": self.ctx.model_id,
                "headers": dict(self.ctx.extra.get("headers") or {})}

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        if not self.ctx.base_url:
            raise RuntimeError(f"--adapter-url runs the HTTP dialects only ({', '.join(HTTP_INPUTS)}); "
                               f"this case is {self.ctx.dialect!r}")
        t = self.target
        mock = self._mock()
        headers = {"Content-Type": "application/json", **dict(t.headers),
                   "Accept": SSE_TYPE if t.stream_format == "sse" else NDJSON_TYPE}
        if "headers" in t.select:
            headers.update(mock["headers"])
            headers["X-Mock-Scenario"] = self.ctx.scenario_id
        body = run_agent_input(request, mock if "forwarded-props" in t.select else None)
        timeout = aiohttp.ClientTimeout(total=None, sock_connect=10)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            default_set = False
            try:
                if "default-scenario" in t.select:
                    await self._set_default(session, mock)
                    default_set = True
                async with session.post(t.url, json=body, headers=headers) as resp:
                    async for event in self._read(resp, request):
                        yield event
            finally:
                if default_set:
                    with contextlib.suppress(Exception):
                        async with session.delete(mock["base_url"] + "/_mock/default-scenario"):
                            pass

    async def _set_default(self, session: aiohttp.ClientSession, mock: dict[str, Any]) -> None:
        payload: dict[str, Any] = {"scenario": self.ctx.scenario_id, "scope": mock["headers"].get("X-Mock-Scope")}
        if self.capabilities.server is not None:
            # The endpoint's fixed model client sends no X-Mock-Server: the default carries the declared server, so
            # the mock answers in that server's shapes (its error chunk and body), as it does for a harness's client.
            payload["server"] = self.capabilities.server
        async with session.put(mock["base_url"] + "/_mock/default-scenario", json=payload) as r:
            if r.status != 200:
                raise RuntimeError(f"the mock server refused the default scenario: HTTP {r.status} "
                                   f"{(await r.text())[:MAX_ERROR_BODY]}")

    async def _read(self, resp: aiohttp.ClientResponse, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        t = self.target
        if not 200 <= resp.status < 300:
            text = (await resp.content.read(MAX_ERROR_BODY)).decode("utf-8", "replace")
            self._finding("transport.status", f"the endpoint answered HTTP {resp.status} {resp.reason or ''}"
                          f" (body: {text!r})", broken=True)
            return
        wanted = SSE_TYPE if t.stream_format == "sse" else NDJSON_TYPE
        got = media_type(resp.headers.get("Content-Type"))
        ok = got == SSE_TYPE if t.stream_format == "sse" else got in NDJSON_TYPES
        if not ok:
            self._finding("transport.content-type",
                          f"Content-Type is {resp.headers.get('Content-Type')!r}; asked for {wanted} with Accept")
        decoder: SseDecoder | NdjsonDecoder = SseDecoder() if t.stream_format == "sse" else NdjsonDecoder()
        count = 0
        terminal_at: int | None = None
        abort = asyncio.ensure_future(request.abort.wait())
        read: asyncio.Future[bytes] | None = None
        try:
            while True:
                read = asyncio.ensure_future(resp.content.readany())
                done, _ = await asyncio.wait({read, abort}, return_when=asyncio.FIRST_COMPLETED,
                                             timeout=t.close_grace if terminal_at is not None else None)
                if abort in done or not done:
                    read.cancel()
                    resp.close()  # a caller abort (or a response held open): the client leaves
                    if not done:
                        self._finding("transport.close", f"the response stayed open more than {t.close_grace:g}s "
                                      "after the terminal event", index=terminal_at)
                    return
                try:
                    chunk = read.result()
                except (aiohttp.ClientPayloadError, aiohttp.ClientConnectionError) as exc:
                    chunk = b""
                    cut = f"the connection failed mid-stream ({type(exc).__name__}: {exc})"
                else:
                    cut = "the response ended"
                if chunk:
                    events, problems = decoder.feed(chunk)
                else:
                    events, problems = decoder.close()
                for p in problems:  # one @ag-ui/client reads to the same events harms no one: a SHOULD
                    self._finding("transport.framing", p, index=count, level="SHOULD" if harmless(p) else None)
                for ev in events:
                    if request.abort.aborted:
                        resp.close()  # the caller has left: what is still in flight is not read
                        return
                    if terminal_at is None and ev.get("type") in TERMINALS:
                        terminal_at = count
                    count += 1
                    yield ev
                if not chunk:
                    if terminal_at is None:
                        self._finding("transport.early-close", f"{cut} before a terminal event (RUN_FINISHED or "
                                      f"RUN_ERROR) after {count} event(s)", broken=True)
                    return
        finally:
            # A read still pending when the case ends (the runner's timeout cancels this generator in
            # its wait) fails once the session closes: cancelled here, it is never an unread
            # "Task exception was never retrieved" on stderr.
            _settle(abort, read)


def _settle(*futures: asyncio.Future[Any] | None) -> None:
    """Cancel what is still pending; take the exception of what failed, so none is reported unread."""
    for pending in futures:
        if pending is not None and not pending.cancel() and not pending.cancelled():
            pending.exception()


def make_factory(url: str, **options: Any) -> Callable[[AdapterContext], UrlAdapter]:
    """A runner factory for an endpoint (``options`` as :class:`UrlTarget`'s fields).

    >>> make_factory("http://127.0.0.1:9/agui").__name__
    'http://127.0.0.1:9/agui'
    """
    return UrlTarget(url, **options)
