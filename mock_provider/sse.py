"""Server-sent events read back from bytes, each event with the exact bytes it came from (sans-IO).

The kit writes SSE (:mod:`mock_provider.wires.frames`); reading a capture back needs the inverse,
and a byte-exact replay needs each event's own bytes. No SSE library is a dependency of
``mock_provider`` (the conformance package's AG-UI decoder grades framing, and ``mock_provider``
never imports ``conformance``), so this follows the WHATWG HTML "event stream interpretation"
rules directly: lines end in CRLF, LF or CR; a blank line dispatches the event; ``data`` lines
join with LF; a line starting with ``:`` is a comment; ``field`` without a colon has an empty
value; one space after the colon is dropped; a leading BOM is ignored.

Example:
    >>> events = parse_sse(b'event: ping\\ndata: {"type":"ping"}\\n\\n: keep-alive\\n\\ndata: [DONE]\\n\\n')
    >>> [(e.event, e.data) for e in events]
    [('ping', '{"type":"ping"}'), (None, None), (None, '[DONE]')]
    >>> events[1].comments, b"".join(e.raw for e in events).endswith(b"[DONE]\\n\\n")
    (['keep-alive'], True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_LINE = re.compile(rb"\r\n|\r|\n")


@dataclass
class SseEvent:
    """One dispatched event (or a run of comment lines ended by a blank line), with its raw bytes.

    ``data`` is None when the block had no ``data`` line (a comment block, or an ``event`` alone,
    which a browser does not dispatch).
    """

    raw: bytes
    event: str | None = None
    data: str | None = None
    id: str | None = None
    comments: list[str] = field(default_factory=list)
    other: dict[str, str] = field(default_factory=dict)  # fields SSE defines no meaning for

    @property
    def dispatched(self) -> bool:
        """Whether an EventSource would dispatch it (it has data)."""
        return self.data is not None


def _apply(ev: SseEvent, line: str, data: list[str]) -> None:
    if line.startswith(":"):
        ev.comments.append(line[1:].removeprefix(" "))
        return
    name, colon, value = line.partition(":")
    if colon and value.startswith(" "):
        value = value[1:]
    if name == "data":
        data.append(value)
    elif name == "event":
        ev.event = value
    elif name == "id":
        ev.id = value
    else:
        ev.other[name] = value


def parse_sse(body: bytes) -> list[SseEvent]:
    """Every event block of an SSE body, in order; the raw bytes of all blocks join to ``body``.

    A body that ends inside a block gives that block too (its bytes are kept; a browser would drop
    its data, and the block says so by ``raw`` not ending in a blank line).

    >>> [e.data for e in parse_sse(b"data: a\\r\\ndata: b\\r\\n\\r\\ndata: c")]
    ['a\\nb', 'c']
    """
    if body.startswith(b"\xef\xbb\xbf"):
        body = body[3:]
    events: list[SseEvent] = []
    start = pos = 0
    ev, data = SseEvent(raw=b""), list[str]()
    while pos <= len(body):
        m = _LINE.search(body, pos)
        if m is None:
            break
        line = body[pos:m.start()]
        pos = m.end()
        if line:
            _apply(ev, line.decode("utf-8", errors="replace"), data)
            continue
        ev.raw, ev.data = body[start:pos], "\n".join(data) if data else None
        events.append(ev)
        start, ev, data = pos, SseEvent(raw=b""), []
    if start < len(body):
        for line in _LINE.split(body[pos:]) if pos < len(body) else []:
            if line:
                _apply(ev, line.decode("utf-8", errors="replace"), data)
        ev.raw, ev.data = body[start:], "\n".join(data) if data else None
        events.append(ev)
    return events


__all__ = ["SseEvent", "parse_sse"]
