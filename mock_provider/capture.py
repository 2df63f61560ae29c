"""A captured stream made a scenario: the parts read from the wire, the transcript they mean, the bytes kept.

``mock-provider import FILE --wire W`` and the recording proxy (:mod:`mock_provider.record`) both
end here: the SSE body is split into events (:mod:`mock_provider.sse`), decoded into canonical
parts (:mod:`mock_provider.wires.decode`), the expected transcript is derived from the parts
(:mod:`mock_provider.derive`), and the body is kept as it arrived (``recording``) for a byte-exact
replay. What the parts model has no place for is listed in ``recording.unmodelled``: replayed
byte for byte, a warning rather than a failure.

Example:
    >>> body = (b'data: {"id":"c","model":"m","created":0,"choices":[{"index":0,"delta":{"content":"Hi"}}]}\\n\\n'
    ...         b'data: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\\n\\ndata: [DONE]\\n\\n')
    >>> doc = scenario_document(body, "openai-chat", scenario_id="captured.hi")
    >>> doc["expected"]["text"], doc["recording"]["wire"], len(doc["recording"]["chunks"])
    ('Hi', 'openai-chat', 3)
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
from pathlib import Path
from typing import Any, Literal

import yaml

from mock_provider.derive import derived_rows, expected_transcript
from mock_provider.parts import Part, dump_part, parse_part
from mock_provider.sse import parse_sse
from mock_provider.wires.decode import Decoded, decode_events, decode_json

# How a captured body ended: it ran to its end, the provider dropped the connection, or the provider
# kept the connection open with nothing more until the client left (replayed as a stall).
Ending = Literal["complete", "disconnect", "stall"]


def _json_or_none(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        return None


def _chunk(data: bytes, delay_ms: float) -> dict[str, Any]:
    out: dict[str, Any] = {}
    try:
        out["data"] = data.decode("utf-8")
    except UnicodeDecodeError:
        out["data_base64"] = base64.b64encode(data).decode()
    if delay_ms:
        out["delay_ms"] = round(delay_ms, 3)
    return out


def _request_spec(request: dict[str, Any] | None) -> dict[str, Any]:
    """The caller's request a recorded exchange implies: the last user message's text, the model."""
    spec: dict[str, Any] = {"messages": [{"role": "user", "content": "(captured stream)"}]}
    if not request:
        return spec
    if isinstance(request.get("model"), str):
        spec["model"] = request["model"]
    from mock_provider.server.selection import last_user_text

    text = last_user_text(request)
    if text:
        spec["messages"] = [{"role": "user", "content": text}]
    return spec


def _script(decoded: Decoded) -> list[dict[str, Any]]:
    """The steps: each part with the quirk it was sent with, and each malformed event where it came
    (as ``raw_bytes``, when its bytes are text)."""
    raw: dict[int, list[str]] = {}
    for at, data in decoded.malformed:
        with contextlib.suppress(UnicodeDecodeError):
            raw.setdefault(at, []).append(data.decode("utf-8"))
    script: list[dict[str, Any]] = []
    for i, p in enumerate([*decoded.parts, None]):
        script += [{"fault": {"kind": "raw_bytes", "data": text}} for text in raw.get(i, [])]
        if p is not None:
            script.append({"part": dump_part(p), **({"wire": decoded.quirks[i]} if i in decoded.quirks else {})})
    return script


def _as_read(decoded: Decoded) -> list[Part]:
    """The parts as a consumer reads the stream: a malformed event is an error where it came (the kit's
    in-process form of a ``raw_bytes`` fault, and how the AI SDK's providers report a chunk that fails
    to parse)."""
    if not decoded.malformed:
        return decoded.parts
    at = {i for i, _ in decoded.malformed}
    out: list[Part] = []
    for i, p in enumerate([*decoded.parts, None]):
        if i in at:
            out.append(parse_part(_MALFORMED))
        if p is not None:
            out.append(p)
    return out


_MALFORMED = {"type": "error", "error": {"message": "malformed upstream chunk"}}


def _expected(decoded: Decoded, end: Ending) -> dict[str, Any]:
    """The transcript a correct adapter shows: the parts as read, and the way the body ended.

    A malformed event ends the run in an error whose wording is the consumer's own (none is expected);
    a cut body ends in an error with no finish; a stall the client left ends aborted (the scenario's
    client aborts there, see :func:`scenario_document`).
    """
    read = _as_read(decoded)
    out = expected_transcript(read).model_dump(mode="json", exclude_defaults=True)
    first = next((p for p in read if p.type == "error"), None)
    if first is not None and first.model_dump(by_alias=True, exclude_none=True) == _MALFORMED:
        out.pop("error", None)
    if end != "complete" and out.get("terminal") != "error":
        out["terminal"] = "error" if end == "disconnect" else "aborted"
        out.pop("finish_reason", None)
        out.pop("usage", None)
    if end == "stall":
        out.pop("model", None)  # an aborted run need not report the model (as the corpus's stall case states)
    return out


def scenario_document(body: bytes, wire: str, *, scenario_id: str, chunks: list[tuple[bytes, float]] | None = None,
                      request: dict[str, Any] | None = None, headers: dict[str, str] | None = None,
                      status: int = 200, source: str = "", end: Ending = "complete",
                      streamed: bool = True) -> dict[str, Any]:
    """The scenario document of one captured streamed answer (``streamed=False``: a JSON answer).

    ``chunks`` are the body's pieces as they arrived, with the delay before each (default: one
    piece per SSE event, no delay: a capture file keeps no boundaries). ``end`` says how the body
    ended; a body cut short ends its script with the matching fault, and its open blocks and calls
    stay open (a consumer never saw them end).
    """
    if streamed:
        events = parse_sse(body)
        decoded = decode_events(wire, events, complete=end == "complete")
        pieces = chunks if chunks is not None else [(e.raw, 0.0) for e in events]
    else:
        decoded = decode_json(wire, _json_or_none(body))
        pieces = chunks if chunks is not None else [(body, 0.0)]
    pieces = pieces or [(b"", 0.0)]  # an answer cut before its first byte: the recording is its headers
    parts = decoded.parts
    script = _script(decoded)
    client: dict[str, Any] = {}
    if end != "complete":
        if end == "stall":  # the caller aborts where the recorded client left: the stall never ends a run
            client["abort_after_step"] = len(script)
        script.append({"fault": {"kind": end}})
    script = script or [{"fault": {"kind": "raw_bytes", "data": ""}}]
    recording: dict[str, Any] = {"wire": wire, "status": status, "chunks": [_chunk(d, ms) for d, ms in pieces]}
    if end != "complete":
        recording["end"] = end
    if not streamed:
        recording["streamed"] = False
    if headers and headers.get("content-type"):
        recording["headers"] = {"content-type": headers["content-type"]}
    if decoded.unmodelled:
        recording["unmodelled"] = decoded.unmodelled
    if source:
        recording["source"] = source
    return {
        "id": scenario_id,
        "title": f"Captured {wire} stream" + (f" ({source})" if source else ""),
        "rows": derived_rows(parts),
        "citations": [{"kind": "test", "ref": f"captured stream{': ' + source if source else ''}"}],
        "request": _request_spec(request),
        "stateless": True,
        **({"client": client} if client else {}),
        **({"wire": decoded.options} if decoded.options else {}),
        "script": script,
        "expected": _expected(decoded, end),
        "recording": recording,
    }


def error_document(status: int, body: bytes, headers: dict[str, str], *, scenario_id: str,
                   request: dict[str, Any] | None = None, source: str = "") -> dict[str, Any]:
    """The scenario document of an HTTP error answer: an ``http_status`` fault with the body as sent.

    >>> doc = error_document(429, b'{"error":{"message":"slow"}}', {"retry-after": "2"}, scenario_id="r.e")
    >>> doc["script"][0]["fault"]["status"], doc["expected"]
    (429, {'terminal': 'error', 'error': {'code': '429'}})
    """
    text = body.decode("utf-8", errors="replace")
    fault: dict[str, Any] = {"kind": "http_status", "status": status, "body": text}
    if headers:
        fault["headers"] = headers
    return {
        "id": scenario_id,
        "title": f"Captured HTTP {status} answer" + (f" ({source})" if source else ""),
        "rows": derived_rows([], http_status=True),
        "citations": [{"kind": "test", "ref": f"captured answer{': ' + source if source else ''}"}],
        "request": _request_spec(request),
        "stateless": True,
        "script": [{"fault": fault}],
        "expected": {"terminal": "error", "error": {"code": str(status)}},
    }


def scenario_id_for(name: str, prefix: str = "captured") -> str:
    """A scenario id from a file or exchange name.

    >>> scenario_id_for("anthropic-text.chunks.sse")
    'captured.anthropic-text-chunks-sse'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "stream"
    return f"{prefix}.{slug[:150]}"


class _NoAliases(yaml.SafeDumper):
    """Writes a value used twice (one quirk on a block's start and end) twice: scenarios forbid aliases."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def write_scenario(doc: dict[str, Any], out_dir: Path) -> Path:
    """Write one scenario document as YAML named after its id; returns the path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{doc['id']}.yaml"
    text = yaml.dump(doc, Dumper=_NoAliases, sort_keys=False, allow_unicode=True, width=120)
    path.write_text(text, encoding="utf-8")
    return path


__all__ = ["Ending", "error_document", "scenario_document", "scenario_id_for", "write_scenario"]
