"""Wire plans: a scenario rendered to the exact bytes an HTTP response carries (sans-IO).

:func:`plan_response` pre-encodes the whole response: status, headers and a list of body
chunks with their scripted delays, plus fault markers (disconnect, stall). The server only
writes what the plan says, which keeps it fast and makes every byte testable without a socket.

Dialects: ``v2``/``v3``/``v4``/``mastra`` parts as SSE (``data: <json>\\n\\n``) or NDJSON,
``openai-chat`` (Chat Completions SSE or JSON) and ``anthropic`` (Messages SSE or JSON).

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> plan = plan_response(s, "v3", {}, streaming=True)
    >>> plan.status, plan.headers["content-type"], plan.body[0].data[:20]
    (200, 'text/event-stream', b'data: {"type":"strea')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from mock_provider.dialects import encoder
from mock_provider.scenario import (
    DisconnectFault,
    HttpStatusFault,
    RawBytesFault,
    Scenario,
    SplitFault,
    StallFault,
)

PART_DIALECTS = ("v2", "v3", "v4", "mastra")


@dataclass
class Chunk:
    """Bytes to write after ``delay_ms`` (scripted, scaled by the server's time scale)."""

    data: bytes
    delay_ms: float = 0.0
    step: int = -1  # the script step it came from (-1: framing such as [DONE])


@dataclass
class Disconnect:
    """Drop the connection here (the plan already truncated the body for ``after_bytes``)."""

    step: int


@dataclass
class Stall:
    """Write nothing more; keep the connection open until the client gives up."""

    step: int


BodyItem = Chunk | Disconnect | Stall


@dataclass
class WirePlan:
    status: int
    headers: dict[str, str]
    body: list[BodyItem] = field(default_factory=list)
    scenario_id: str = ""
    dialect: str = ""

    def body_bytes(self) -> bytes:
        """All body bytes the plan writes (faults ignored): for tests and ``render``."""
        return b"".join(c.data for c in self.body if isinstance(c, Chunk))


def sse_frame(data: Any, *, event: str | None = None, line_ending: Literal["lf", "crlf"] = "lf") -> bytes:
    """One SSE frame: optional ``event:`` line, one ``data:`` line, blank line.

    >>> sse_frame({"a": 1})
    b'data: {"a":1}\\n\\n'
    >>> sse_frame("[DONE]", line_ending="crlf")
    b'data: [DONE]\\r\\n\\r\\n'
    """
    nl = "\r\n" if line_ending == "crlf" else "\n"
    payload = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    head = f"event: {event}{nl}" if event else ""
    return f"{head}data: {payload}{nl}{nl}".encode()


def ndjson_line(data: Any) -> bytes:
    """One NDJSON line.

    >>> ndjson_line({"a": 1})
    b'{"a":1}\\n'
    """
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def split_at(data: bytes, offsets: list[int]) -> list[bytes]:
    """Cut bytes at the given offsets (out-of-range offsets ignored), e.g. inside a UTF-8 character.

    >>> split_at("é".encode(), [1])
    [b'\\xc3', b'\\xa9']
    """
    cuts = sorted({o for o in offsets if 0 < o < len(data)})
    pieces, start = [], 0
    for c in cuts:
        pieces.append(data[start:c])
        start = c
    pieces.append(data[start:])
    return pieces


def error_status_plan(scenario: Scenario, fault: HttpStatusFault, dialect: str) -> WirePlan:
    """The response for an ``http_status`` fault: the status, its headers and a JSON body."""
    body = fault.body
    if body is None:
        body = {"error": {"message": f"mock-provider: scripted HTTP {fault.status}", "type": "mock_error"}}
    data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
    headers = {"content-type": "application/json", **{k.lower(): v for k, v in fault.headers.items()}}
    return WirePlan(fault.status, headers, [Chunk(data, fault_delay(scenario), 0)], scenario.id, dialect)


def fault_delay(scenario: Scenario) -> float:
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
    if dialect in PART_DIALECTS:
        ndjson = bool(accept) and "application/x-ndjson" in (accept or "")
        return _plan_parts(scenario, dialect, ndjson)
    if dialect == "openai-chat":
        from mock_provider.dialects import openai_chat

        return openai_chat.plan(scenario, request, streaming=streaming)
    if dialect == "anthropic":
        from mock_provider.dialects import anthropic

        return anthropic.plan(scenario, request, streaming=streaming)
    raise ValueError(f"unknown dialect {dialect!r}")


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
        for n, frame in enumerate(frames_per_step[i]):
            if pending_split is not None:
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


def _plan_parts(scenario: Scenario, dialect: str, ndjson: bool) -> WirePlan:
    enc = encoder(dialect, scenario.id)
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
    return WirePlan(200, headers, apply_step_faults(scenario, frames), scenario.id, dialect)
