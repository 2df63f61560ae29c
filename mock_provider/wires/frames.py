"""Wire frames: the bytes of one HTTP response and the plan that carries them (sans-IO, no scenario).

A :class:`WirePlan` is a status, headers and body items: :class:`Chunk` (bytes after a
scripted delay), :class:`Disconnect` and :class:`Stall` (fault markers). The framing helpers
turn one item into SSE (``data: <json>``, optional ``event:``, ``: comment`` lines) or NDJSON.

Example:
    >>> plan = WirePlan(200, {"content-type": "text/event-stream"}, [Chunk(sse_frame({"a": 1}))])
    >>> plan.body_bytes()
    b'data: {"a":1}\\n\\n'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple


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


class Comment(NamedTuple):
    """An SSE comment line (``: text``): keep-alive bytes that are not an event."""

    text: str


Frame = dict[str, Any] | Comment


def comment_frame(text: str, line_ending: str = "lf") -> bytes:
    """An SSE comment line plus the blank line that ends the (empty) event.

    >>> comment_frame("ping")
    b': ping\\n\\n'
    """
    nl = "\r\n" if line_ending == "crlf" else "\n"
    return f": {text}{nl}{nl}".encode()


__all__ = [
    "BodyItem",
    "Chunk",
    "Comment",
    "Disconnect",
    "Frame",
    "Stall",
    "WirePlan",
    "comment_frame",
    "ndjson_line",
    "split_at",
    "sse_frame",
]
