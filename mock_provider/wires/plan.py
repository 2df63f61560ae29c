"""Wire plans: a scenario rendered to the exact bytes an HTTP response carries (sans-IO).

:func:`plan_response` pre-encodes the whole response: status, headers and a list of body
chunks with their scripted delays, plus fault markers (disconnect, stall). The server only
writes what the plan says, which keeps it fast and makes every byte testable without a socket.

Dialects (looked up in the registry, :mod:`mock_provider.dialects`): the part dialects
(``v2``/``v3``/``v4``/``mastra``) as SSE (``data: <json>\\n\\n``) or NDJSON, planned here;
the HTTP wires (``openai-chat``: Chat Completions SSE or JSON, ``anthropic``: Messages SSE or
JSON) each by their module's :class:`HttpDialect` ``plan``, with the step, fault and JSON-body
helpers below that they share.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> plan = plan_response(s, "v3", {}, streaming=True)
    >>> plan.status, plan.headers["content-type"], plan.body[0].data[:20]
    (200, 'text/event-stream', b'data: {"type":"strea')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import mock_provider.dialects as registry
from mock_provider.dialects.base import Dialect, DialectError, Kind, PartDialect, TurnCounter, fail
from mock_provider.parts import Finish, Part, ResponseMetadata
from mock_provider.scenario import (
    DisconnectFault,
    HttpStatusFault,
    RawBytesFault,
    Scenario,
    SplitFault,
    StallFault,
    StepWire,
)
from mock_provider.wires.frames import (
    BodyItem,
    Chunk,
    Disconnect,
    Stall,
    WirePlan,
    comment_frame,
    ndjson_line,
    split_at,
    sse_frame,
)

F = TypeVar("F")


class HttpPlanner(Protocol):
    """An HTTP wire's planner: the whole response for one parsed request body."""

    def __call__(
        self, scenario: Scenario, request: dict[str, Any], *, streaming: bool | None = None
    ) -> WirePlan: ...


@dataclass(frozen=True, kw_only=True)
class HttpDialect(Dialect):
    """An HTTP wire dialect: ``plan`` renders a response, ``route`` is the path the server serves.

    ``include_usage``: the request's ``stream_options.include_usage`` changes the response.
    ``required``: body fields the real API refuses a request without (400 in its error shape).

    >>> from mock_provider.dialects import dialect
    >>> d = dialect("anthropic")
    >>> isinstance(d, HttpDialect), d.route, d.include_usage
    (True, '/v1/messages', False)
    """

    kind: Kind = "http"
    plan: HttpPlanner
    route: str
    include_usage: bool = False
    required: tuple[str, ...] = ("messages",)
    # For APIs whose path says what others put in the body (Gemini): whether ``route`` streams
    # (None: the body's ``stream`` says), and the path of the non-streaming form. A ``{model}``
    # segment in a route is the request's model (and so selects ``scenario:<id>``).
    route_streams: bool | None = None
    json_route: str | None = None
    # The wire's own count of the assistant turns a request body holds (see base.TurnCounter).
    assistant_turns: TurnCounter
    # Request body fields, besides stream and include_usage, that change the answer (Gemini's
    # streamFunctionCallArguments): what the server passes on to ``plan`` and keys its plan cache by.
    answer_fields: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    # The other path prefixes, each in place of the route's version segment, at which the same routes are
    # served (Chat Completions: Groq's /openai/v1/, the path its SDK asks for under the server's root; Gemini:
    # google-genai 3.x asks for /v1/, @google/genai and @ai-sdk/google for /v1beta/, and a Vertex AI client for
    # Vertex's paths to the same methods; the APIs answer all of them). A ``{name}`` segment in a
    # prefix (Vertex's project and location) matches any one path segment and changes nothing in the answer.
    other_prefixes: tuple[str, ...] = ()
    # The output items an answer's body completed, each under its ``id`` (Responses: what a later request may name
    # by ``item_reference``, mock_provider.wires.openai_responses_ids.served_items); None: the wire has no such ids.
    served_items: Callable[[bytes], tuple[dict[str, Any], ...]] | None = None

    def routes(self) -> list[tuple[str, dict[str, Any]]]:
        """Every path this wire is served at, with the body fields the path itself states.

        >>> http_dialect("openai-chat").routes()
        [('/v1/chat/completions', {}), ('/openai/v1/chat/completions', {})]
        >>> [r for r, _ in http_dialect("gemini").routes()][1:3]  # doctest: +NORMALIZE_WHITESPACE
        ['/v1/models/{model}:streamGenerateContent',
         '/v1/projects/{project}/locations/{location}/publishers/google/models/{model}:streamGenerateContent']
        """
        out: list[tuple[str, dict[str, Any]]] = [
            (self.route, {} if self.route_streams is None else {"stream": self.route_streams})]
        if self.json_route is not None:
            out.append((self.json_route, {"stream": False}))
        version = "/" + self.route.split("/")[1] + "/"
        return [(path.replace(version, v, 1), fields) for path, fields in out for v in (version, *self.other_prefixes)]

    def any_prefix_routes(self) -> list[tuple[str, dict[str, Any]]]:
        """The wire's own paths under any prefix in place of the version segment: a vendor's SDK puts its own
        path in front of the API's (Groq's ``/openai/v1``, OpenRouter's ``/api/v1``, Azure's
        ``/openai/deployments/{name}``, a gateway's), and the method is the same. The server tries these after
        every route it names; a prefix starting with ``_`` is the control API's.

        >>> [r for r, _ in http_dialect("openai-chat").any_prefix_routes()]
        ['/{prefix:[^_].*}/chat/completions']
        """
        return [("/{prefix:[^_].*}/" + path.split("/", 2)[2], fields) for path, fields in self.routes()[:1]
                + ([(self.json_route, {"stream": False})] if self.json_route is not None else [])]


def http_dialect(name: str) -> HttpDialect:
    """The description of one HTTP wire dialect (``ValueError`` for any other name).

    >>> http_dialect("openai-chat").route, http_dialect("openai-chat").include_usage
    ('/v1/chat/completions', True)
    >>> http_dialect("v3")
    Traceback (most recent call last):
    ...
    ValueError: unknown HTTP dialect 'v3'; known: openai-chat, anthropic, openai-responses, gemini
    """
    found = registry.dialect(name) if name in registry.HTTP_DIALECTS else None
    if not isinstance(found, HttpDialect):
        raise ValueError(f"unknown HTTP dialect {name!r}; known: {', '.join(registry.HTTP_DIALECTS)}")
    return found


class WireEncoder(Protocol[F]):
    """A stateful HTTP wire encoder for one stream (canonical part -> frames of type ``F``)."""

    def encode(self, part: Part) -> list[F]: ...

    def encode_raw(self, item: dict[str, Any]) -> list[F]: ...

    def encode_quirk(self, part: Part, wire: StepWire) -> list[F]: ...

    def end(self) -> list[F]: ...


def quirks_of(wire: StepWire) -> list[str]:
    """The quirks a step's wire options name, as they are spelled in a scenario.

    >>> quirks_of(StepWire(channel="refusal", late=["id"]))
    ['channel: refusal', 'late: id']
    """
    out: list[str] = []
    if wire.channel:
        out.append(f"channel: {wire.channel}")
    if wire.filter_chunk_before:
        out.append("filter_chunk_before")
    if wire.late:
        out.append(f"late: {', '.join(wire.late)}")
    if wire.index is not None:
        out.append(f"index: {wire.index}")
    if wire.delta_usage:
        out.append(f"delta_usage: {wire.delta_usage}")
    if wire.partial_args:
        out.append("partial_args")
    if wire.error_shape:
        out.append(f"error_shape: {wire.error_shape}")
    if wire.continuation:
        out.append("continuation")
    return out


def refuse_quirks(part: Part, wire: StepWire, dialect: str, scenario_id: str) -> DialectError:
    """The NOT-EXPRESSIBLE error of a wire that has none of a step's quirks (callers ``raise`` it).

    >>> from mock_provider.parts import parse_part
    >>> str(refuse_quirks(parse_part({"type": "ping"}), StepWire(index=2), "anthropic", "x.y"))
    "dialect 'anthropic' cannot express part 'ping' (scenario x.y): wire quirk index: 2 is a Chat Completions quirk"
    """
    owner = ("an OpenAI Responses" if wire.channel == "reasoning_text"
             else "an Anthropic Messages" if wire.delta_usage
             else "a Gemini" if wire.partial_args or wire.continuation else "a Chat Completions")
    return fail(part.type, dialect, scenario_id, f"wire quirk {'; '.join(quirks_of(wire))} is {owner} quirk")


def error_status_plan(scenario: Scenario, fault: HttpStatusFault, dialect: str) -> WirePlan:
    """The response for an ``http_status`` fault: the status, its headers and a JSON body."""
    body = fault.body
    if body is None:
        body = {"error": {"message": f"mock-provider: scripted HTTP {fault.status}", "type": "mock_error"}}
    data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
    headers = {"content-type": "application/json", **{k.lower(): v for k, v in fault.headers.items()}}
    return WirePlan(fault.status, headers, [Chunk(data, fault_delay(scenario), 0)], scenario.id, dialect)


def fault_delay(scenario: Scenario) -> float:
    """The delay before a fault response: the first step's scripted delay.

    >>> from mock_provider.scenario import load_corpus
    >>> fault_delay(next(s for s in load_corpus() if s.id == "text.basic.001")) >= 0
    True
    """
    return scenario.script[0].delay_ms


def plan_response(
    scenario: Scenario,
    dialect: str,
    request: dict[str, Any],
    *,
    streaming: bool | None = None,
    accept: str | None = None,
) -> WirePlan:
    """Pre-encode the response for one request.

    ``request`` is the parsed JSON body (OpenAI ``stream``/``stream_options.include_usage``,
    Anthropic ``stream``); ``streaming`` overrides ``request['stream']``; ``accept`` picks
    SSE or NDJSON for the parts dialects. Raises :class:`~mock_provider.dialects.DialectError`
    when the dialect cannot express the script.
    """
    first = scenario.script[0].fault
    if isinstance(first, HttpStatusFault):
        return error_status_plan(scenario, first, dialect)
    rec = scenario.recording
    if rec is not None and rec.replay == "exact" and rec.wire == dialect and rec.streamed == (
            streaming if streaming is not None else request.get("stream") is True or dialect == "gemini"):
        return recorded_plan(scenario)
    if dialect not in registry.REGISTRY:
        raise ValueError(f"unknown dialect {dialect!r}")
    found = registry.dialect(dialect)
    if isinstance(found, PartDialect):
        ndjson = bool(accept) and "application/x-ndjson" in (accept or "")
        return _plan_parts(scenario, found, ndjson)
    if isinstance(found, HttpDialect):
        return found.plan(scenario, request, streaming=streaming)
    raise TypeError(f"dialect {dialect!r} is neither a part dialect nor an HTTP wire: {found!r}")


def recorded_plan(scenario: Scenario) -> WirePlan:
    """A recording served byte for byte: its status, its content type, its chunks at their delays.

    >>> from mock_provider.scenario import Recording, load_corpus
    >>> s = load_corpus()[0]
    >>> s = s.model_copy(update={"recording": Recording(wire="openai-chat", chunks=[{"data": "data: 1\\n\\n"}])})
    >>> [c.data for c in recorded_plan(s).body]
    [b'data: 1\\n\\n']
    """
    rec = scenario.recording
    if rec is None:
        raise ValueError(f"scenario {scenario.id} has no recording")
    headers = {"content-type": rec.headers.get("content-type", "text/event-stream"), "cache-control": "no-cache",
               "x-mock-scenario": scenario.id}
    body: list[BodyItem] = [Chunk(c.raw(), c.delay_ms, i) for i, c in enumerate(rec.chunks)]
    if rec.end == "disconnect":
        body.append(Disconnect(len(rec.chunks)))
    elif rec.end == "stall":
        body.append(Stall(len(rec.chunks)))
    return WirePlan(rec.status, headers, body, scenario.id, rec.wire)


def apply_step_faults(
    scenario: Scenario,
    frames_per_step: list[list[bytes]],
    *,
    trailer: list[bytes] | None = None,
) -> list[BodyItem]:
    """Turn per-step encoded frames into body items, applying the script's wire faults.

    ``frames_per_step[i]`` are the frames step ``i`` produced (empty for fault steps);
    ``trailer`` frames (e.g. ``[DONE]``) follow a script that ran to its end. Shared by every
    HTTP dialect so faults behave the same everywhere.
    """
    body: list[BodyItem] = []
    written = 0
    pending_split: list[int] | None = None
    for i, step in enumerate(scenario.script):
        delay = step.delay_ms
        fault = step.fault
        if isinstance(fault, DisconnectFault):
            if fault.after_bytes is not None:
                continue  # a byte-count cut applies to the whole body; see below
            body.append(Disconnect(i))
            return _cut_after_bytes(scenario, body)
        if isinstance(fault, StallFault):
            body.append(Stall(i))
            return _cut_after_bytes(scenario, body)
        if isinstance(fault, RawBytesFault):
            body.append(Chunk(fault.data.encode("utf-8"), delay, i))
            continue
        if isinstance(fault, SplitFault):
            pending_split = list(fault.offsets)
            continue
        frames = frames_per_step[i]
        for n, frame in enumerate(frames):
            # The split cuts the frame that carries the step's part: its last. A preamble the
            # wire writes first (Chat Completions' role chunk) is written whole.
            if pending_split is not None and n == len(frames) - 1:
                for k, piece in enumerate(split_at(frame, pending_split)):
                    body.append(Chunk(piece, delay if (n == 0 and k == 0) else 0.0, i))
                pending_split = None
            else:
                body.append(Chunk(frame, delay if n == 0 else 0.0, i))
            written += len(frame)
        if not frames_per_step[i] and delay:
            body.append(Chunk(b"", delay, i))
    for frame in trailer or []:
        body.append(Chunk(frame, 0.0, -1))
    return _cut_after_bytes(scenario, body)


def _cut_after_bytes(scenario: Scenario, body: list[BodyItem]) -> list[BodyItem]:
    limit = next((s.fault.after_bytes for s in scenario.script
                  if isinstance(s.fault, DisconnectFault) and s.fault.after_bytes is not None), None)
    if limit is None:
        return body
    out: list[BodyItem] = []
    total = 0
    for item in body:
        if not isinstance(item, Chunk):
            out.append(item)
            return out
        if total + len(item.data) >= limit:
            out.append(Chunk(item.data[: limit - total], item.delay_ms, item.step))
            out.append(Disconnect(item.step))
            return out
        out.append(item)
        total += len(item.data)
    out.append(Disconnect(-1))
    return out


def _plan_parts(scenario: Scenario, dialect: PartDialect, ndjson: bool) -> WirePlan:
    enc = dialect.encoder(scenario.id)
    le = scenario.wire.line_ending
    frames: list[list[bytes]] = []
    for step in scenario.script:
        items: list[dict[str, Any]] = []
        if step.part is not None:
            items = enc.encode(step.part)
        elif step.raw_part is not None:
            items = enc.encode_raw(step.raw_part)
        frames.append([ndjson_line(it) if ndjson else sse_frame(it, line_ending=le) for it in items])
    headers = {
        "content-type": "application/x-ndjson" if ndjson else "text/event-stream",
        "cache-control": "no-cache",
        "x-mock-scenario": scenario.id,
    }
    return WirePlan(200, headers, apply_step_faults(scenario, frames), scenario.id, dialect.name)


# ---------------------------------------------------------------- shared by the HTTP wires
def scenario_hash(scenario_id: str) -> str:
    """A short stable hash for deterministic ids.

    >>> scenario_hash("text.basic.001") == scenario_hash("text.basic.001"), len(scenario_hash("x.y"))
    (True, 12)
    """
    return hashlib.sha256(scenario_id.encode()).hexdigest()[:12]



def first_metadata(scenario: Scenario) -> ResponseMetadata | None:
    """The script's first ``response-metadata`` part, if any."""
    return next((p for p in scenario.parts() if isinstance(p, ResponseMetadata)), None)


def first_finish(scenario: Scenario) -> Finish | None:
    """The script's first ``finish`` part, if any."""
    return next((p for p in scenario.parts() if isinstance(p, Finish)), None)


def error_fields(error: Any) -> tuple[str, str | None, Any]:
    """``(message, type, code)`` of an error part's payload (an object, a string or anything else).

    >>> error_fields({"message": "m", "code": "c"}), error_fields("boom")
    (('m', None, 'c'), ('boom', None, None))
    """
    if isinstance(error, dict):
        message = error.get("message")
        kind = error.get("type")
        return (
            message if isinstance(message, str) else json.dumps(error, ensure_ascii=False),
            kind if isinstance(kind, str) else None,
            error.get("code"),
        )
    if isinstance(error, str):
        return error, None, None
    return json.dumps(error, ensure_ascii=False), None, None


def with_keepalives(frames_per_step: list[list[bytes]], line_ending: str) -> list[list[bytes]]:
    """Insert a ``: keep-alive`` comment between consecutive frames (``wire.keepalive_comments``)."""
    out: list[list[bytes]] = []
    first = True
    for frames in frames_per_step:
        step: list[bytes] = []
        for frame in frames:
            if not first:
                step.append(comment_frame("keep-alive", line_ending))
            step.append(frame)
            first = False
        out.append(step)
    return out


def steps_to_encode(scenario: Scenario) -> int:
    """How many script steps can reach the wire: none after a plain disconnect or a stall."""
    for i, step in enumerate(scenario.script):
        if isinstance(step.fault, StallFault) or (
            isinstance(step.fault, DisconnectFault) and step.fault.after_bytes is None
        ):
            return i
    return len(scenario.script)


def json_plan(scenario: Scenario, dialect: str, build: Callable[[], Any]) -> WirePlan:
    """The non-streaming response of an HTTP wire: ``build()``'s JSON object under the script's faults.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> json_plan(s, "openai-chat", lambda: {"ok": True}).body_bytes()
    b'{"ok":true}'
    """
    def body() -> bytes:
        return json.dumps(build(), ensure_ascii=False, separators=(",", ":")).encode()

    return WirePlan(200, http_headers(scenario, False), json_body_items(scenario, body), scenario.id, dialect)


def json_body_items(scenario: Scenario, build: Callable[[], bytes]) -> list[BodyItem]:
    """A non-streaming body under the script's faults, shared by the JSON forms of both HTTP dialects.

    The body is written once the whole script's delays have passed (a JSON answer comes when
    generation is done). ``disconnect`` drops the connection before any byte (or after
    ``after_bytes``), ``stall`` sends nothing, ``raw_bytes`` replaces the body, ``split`` cuts
    it. ``build`` makes the JSON body; it is only called when the body reaches the wire, so a
    body that is never sent cannot make the scenario inexpressible.
    """
    delay = 0.0
    offsets: list[int] = []
    raw: bytes | None = None
    for i, step in enumerate(scenario.script):
        delay += step.delay_ms
        fault = step.fault
        if isinstance(fault, StallFault) or (isinstance(fault, DisconnectFault) and fault.after_bytes is None):
            marker: BodyItem = Stall(i) if isinstance(fault, StallFault) else Disconnect(i)
            return [Chunk(b"", delay, i), marker]
        if isinstance(fault, RawBytesFault) and raw is None:
            raw = fault.data.encode("utf-8")
        elif isinstance(fault, SplitFault):
            offsets.extend(fault.offsets)
    body = build() if raw is None else raw
    limit = next((s.fault.after_bytes for s in scenario.script
                  if isinstance(s.fault, DisconnectFault) and s.fault.after_bytes is not None), None)
    pieces = split_at(body if limit is None else body[:limit], offsets)
    items: list[BodyItem] = [Chunk(piece, delay if n == 0 else 0.0, -1) for n, piece in enumerate(pieces)]
    if limit is not None:
        items.append(Disconnect(-1))
    return items


def http_headers(scenario: Scenario, streaming: bool) -> dict[str, str]:
    """The response headers of an HTTP wire: SSE or JSON, and the scenario id.

    >>> from mock_provider.scenario import load_corpus
    >>> http_headers(load_corpus()[0], False)["content-type"]
    'application/json'
    """
    headers = {"content-type": "text/event-stream" if streaming else "application/json", "x-mock-scenario": scenario.id}
    if streaming:
        headers["cache-control"] = "no-cache"
    return headers


def encode_steps(scenario: Scenario, enc: WireEncoder[F]) -> list[list[F]]:
    """What ``enc`` (an openai-chat or anthropic encoder) makes of every script step.

    Fault steps and steps after a cut (plain disconnect, stall) give nothing: they never reach
    the wire, so they cannot make a scenario inexpressible. A script that runs to its end
    (no cut at all) also gets the encoder's ``end()`` check.
    """
    reach = steps_to_encode(scenario)
    out: list[list[F]] = []
    for i, step in enumerate(scenario.script):
        if i >= reach:
            out.append([])
        elif step.part is not None and step.wire is not None:
            out.append(enc.encode_quirk(step.part, step.wire))
        elif step.part is not None:
            out.append(enc.encode(step.part))
        elif step.raw_part is not None:
            out.append(enc.encode_raw(step.raw_part))
        else:
            out.append([])
    if not any(isinstance(s.fault, DisconnectFault | StallFault) for s in scenario.script):
        enc.end()
    return out


__all__ = [
    "HttpDialect",
    "HttpPlanner",
    "WireEncoder",
    "apply_step_faults",
    "encode_steps",
    "error_fields",
    "error_status_plan",
    "fault_delay",
    "first_finish",
    "first_metadata",
    "http_dialect",
    "http_headers",
    "json_body_items",
    "plan_response",
    "quirks_of",
    "recorded_plan",
    "refuse_quirks",
    "scenario_hash",
    "steps_to_encode",
    "with_keepalives",
]
