"""Sans-IO decoders for an AG-UI event stream over HTTP: SSE frames or NDJSON lines.

An AG-UI endpoint writes each event as one SSE frame, ``data: <one JSON event>`` followed by a
blank line (``@ag-ui/encoder``), or as one JSON object per line when the client asked for
NDJSON. The decoders hand back every event they can recover *and* every framing problem they
saw, so a frame that is legal SSE but not AG-UI-shaped (two data lines, a payload that is not a
JSON object, no blank line before the end) is a finding while its events can still be graded.

Example:
    >>> d = SseDecoder()
    >>> d.feed(b'data: {"type": "RUN_STARTED"}\\n\\ndata: {"type":')
    ([{'type': 'RUN_STARTED'}], [])
    >>> d.feed(b' "RUN_FINISHED"}\\n\\n')
    ([{'type': 'RUN_FINISHED'}], [])
    >>> d.close()
    ([], [])
    >>> problems = SseDecoder().feed(b'data: {"a":\\ndata: 1}\\n\\n')[1]
    >>> [p.split(",")[0] for p in problems], harmless(problems[0])
    (['an SSE frame has 2 data lines'], True)

A framing problem harms a client or it does not: :func:`harmless` says which, by what
``@ag-ui/client`` 1.0.0 (``src/transform/sse.ts``, its ``parseSSEStream``) makes of it. It joins a
frame's data lines with ``\\n`` before ``JSON.parse`` (:100-115), reads only ``data:`` lines, and
parses what is left at the end of the response (:79-85); it splits frames on ``\\n\\n`` only (:54),
so CR line ends, a payload that is not a JSON object, or data lines that do not join into one,
break the run.
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Any

SSE_TYPE = "text/event-stream"
NDJSON_TYPE = "application/x-ndjson"
# Media types taken as NDJSON when NDJSON was asked for.
NDJSON_TYPES = frozenset({NDJSON_TYPE, "application/ndjson", "application/jsonl", "application/x-jsonlines"})
_TOLERATED_FIELDS = frozenset({"event", "id", "retry"})  # legal SSE fields an AG-UI client ignores
_SHOWN = 120
# The longest line kept, in characters: as the harness reader's cap (conformance.targets.cmd); a
# longer one is skipped to its end and said (one JSON event on one line never comes near it).
MAX_LINE = 16 * 1024 * 1024

Decoded = tuple[list[Any], list[str]]

JOINED = "joined into one JSON event as an SSE client joins them"
UNUSED_FIELD = "an SSE line that is not a field AG-UI uses"
UNTERMINATED = "the response ended inside an SSE frame"
# Problems @ag-ui/client reads past with the same events (see the module notes): a SHOULD.
_HARMLESS = (JOINED, UNUSED_FIELD, UNTERMINATED)


def harmless(problem: str) -> bool:
    """Whether ``@ag-ui/client``'s SSE parser reads a stream with this framing problem to the same events.

    >>> harmless("an SSE frame has 2 data lines, " + JOINED), harmless("CR or CRLF line ends")
    (True, False)
    """
    return any(marker in problem for marker in _HARMLESS)


def _show(text: str) -> str:
    return repr(text if len(text) <= _SHOWN else text[:_SHOWN] + "...")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_event(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """One payload -> (event, None) or (None, problem). Only a JSON object is an event.

    >>> parse_event('{"type": "RUN_STARTED"}')
    ({'type': 'RUN_STARTED'}, None)
    >>> parse_event("[1]")[1]
    'the payload is JSON but not an object: list'
    """
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        return None, f"the payload is not JSON ({exc}): {_show(text)}"
    if not isinstance(value, dict):
        return None, f"the payload is JSON but not an object: {type(value).__name__}"
    return value, None


class _Text:
    """Incremental UTF-8 with one problem per stream for invalid bytes."""

    def __init__(self) -> None:
        self._dec = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.problems: list[str] = []

    def decode(self, data: bytes, final: bool = False) -> str:
        text = self._dec.decode(data, final)
        if "\ufffd" in text and not self.problems:
            self.problems.append("the stream is not valid UTF-8")
        return text


class _Lines:
    """Complete lines out of text chunks, in time linear in the text: each chunk is scanned once (a
    long line fed in pieces was scanned again from its start each time), and a line past ``cap``
    characters is dropped up to its end with one problem.

    >>> lines = _Lines(re.compile("\\r\\n|\\r|\\n"), cap=4)
    >>> lines.feed("ab\\r"), lines.feed("\\ncdefgh"), lines.feed("i\\nj"), lines.rest()
    ([('ab', '\\r')], [], [('', '\\n')], 'j')
    >>> lines.problems
    ['a line longer than 4 characters (the cap): it is skipped']
    """

    def __init__(self, ends: re.Pattern[str], cap: int = MAX_LINE) -> None:
        self._ends, self.cap = ends, cap
        self._parts: list[str] = []
        self._size = 0
        self._skipping = False  # inside a line past the cap: dropped up to its end
        self._after_cr = False  # the last chunk ended in CR: an LF first in the next one is its CRLF
        self.problems: list[str] = []

    def feed(self, text: str) -> list[tuple[str, str]]:
        """The lines this chunk completes, each with its line end."""
        if self._after_cr and text.startswith("\n"):
            text = text[1:]
        self._after_cr = False
        out: list[tuple[str, str]] = []
        start = 0
        for m in self._ends.finditer(text):
            self._add(text[start:m.start()])
            out.append(("" if self._skipping else "".join(self._parts), m.group()))
            self._parts, self._size, self._skipping = [], 0, False
            start = m.end()
        self._add(text[start:])
        if out and out[-1][1] == "\r" and start == len(text):
            self._after_cr = True
        return out

    def rest(self) -> str:
        """The unterminated last line (taken)."""
        rest = "" if self._skipping else "".join(self._parts)
        self._parts, self._size, self._skipping = [], 0, False
        return rest

    def _add(self, piece: str) -> None:
        if not piece or self._skipping:
            return
        self._size += len(piece)
        if self._size > self.cap:
            self._parts, self._size, self._skipping = [], 0, True
            self.problems.append(f"a line longer than {self.cap} characters (the cap): it is skipped")
        else:
            self._parts.append(piece)


class SseDecoder:
    """``text/event-stream`` bytes -> events and framing problems (feed chunks, then close)."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self._text = _Text()
        self._lines = _Lines(re.compile("\r\n|\r|\n"), max_line)
        self._data: list[str] = []
        self._pending_lines = 0
        self._cr_seen = False

    def feed(self, data: bytes) -> Decoded:
        """Decode a chunk; returns the events of the frames it completed, and problems."""
        return self._take(self._lines.feed(self._text.decode(data)))

    def close(self) -> Decoded:
        """End of the response: a frame still open is a problem (its events are kept)."""
        events, problems = self._take(self._lines.feed(self._text.decode(b"", final=True)))
        rest = self._lines.rest()
        if rest:
            self._line(rest, problems)
        if self._pending_lines:
            problems.append(f"{UNTERMINATED} (no blank line after its last line)")
            self._dispatch(events, problems)
        return events, problems + self._text.problems

    def _take(self, lines: list[tuple[str, str]]) -> Decoded:
        events: list[Any] = []
        problems: list[str] = []
        for line, end in lines:
            if self._lines.problems:
                problems += self._lines.problems
                self._lines.problems = []
                self._pending_lines += 1  # the line skipped belongs to the frame
            if end != "\n" and not self._cr_seen:
                self._cr_seen = True
                problems.append("CR or CRLF line ends (@ag-ui/client splits frames on \\n\\n only)")
            if line == "":
                self._dispatch(events, problems)
            else:
                self._line(line, problems)
        problems += self._lines.problems  # a line still being skipped
        self._lines.problems = []
        return events, problems

    def _line(self, line: str, problems: list[str]) -> None:
        self._pending_lines += 1
        if line.startswith(":"):
            return  # a comment (keep-alive)
        name, sep, value = line.partition(":")
        if sep and value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data.append(value)
        elif name not in _TOLERATED_FIELDS:
            problems.append(f"{UNUSED_FIELD}: {_show(line)}")

    def _dispatch(self, events: list[Any], problems: list[str]) -> None:
        data, self._data, self._pending_lines = self._data, [], 0
        if not data:
            return
        if len(data) > 1:
            joined, why = parse_event("\n".join(data))  # what an SSE client makes of it
            if joined is not None:
                problems.append(f"an SSE frame has {len(data)} data lines, {JOINED} "
                                "(AG-UI sends one JSON event on one data line)")
                events.append(joined)
                return
            problems.append(f"an SSE frame has {len(data)} data lines that do not join into one JSON event "
                            "(@ag-ui/client joins them and fails; AG-UI sends one JSON event on one data line)")
            for line in data:  # frames run together without blank lines: recover line by line
                event, why = parse_event(line)
                if event is not None:
                    events.append(event)
                elif why:
                    problems.append(why)
            return
        event, why = parse_event(data[0])
        if event is not None:
            events.append(event)
        elif why:
            problems.append(why)


class NdjsonDecoder:
    """NDJSON bytes -> events and framing problems: one JSON object per ``\\n``-terminated line.

    >>> d = NdjsonDecoder(); d.feed(b'{"type": "RUN_STARTED"}\\n{"type"')
    ([{'type': 'RUN_STARTED'}], [])
    >>> d.feed(b': "RUN_FINISHED"}'), d.close()
    (([], []), ([{'type': 'RUN_FINISHED'}], ['the last NDJSON line has no terminating newline']))
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self._text = _Text()
        self._lines = _Lines(re.compile("\n"), max_line)

    def feed(self, data: bytes) -> Decoded:
        return self._take([line for line, _ in self._lines.feed(self._text.decode(data))])

    def close(self) -> Decoded:
        lines = [line for line, _ in self._lines.feed(self._text.decode(b"", final=True))]
        rest = self._lines.rest()
        events, problems = self._take([*lines, rest])
        if rest.strip():
            problems.append("the last NDJSON line has no terminating newline")
        return events, problems + self._text.problems

    def _take(self, lines: list[str]) -> Decoded:
        events, problems = self._parse(lines)
        problems, self._lines.problems = self._lines.problems + problems, []
        return events, problems

    @staticmethod
    def _parse(lines: list[str]) -> Decoded:
        events: list[Any] = []
        problems: list[str] = []
        for line in lines:
            line = line.rstrip("\r")
            if not line.strip():
                continue
            event, why = parse_event(line)
            if event is not None:
                events.append(event)
            elif why:
                problems.append(why)
        return events, problems


def media_type(content_type: str | None) -> str:
    """The media type of a Content-Type header, lower-cased, parameters dropped.

    >>> media_type("text/event-stream; charset=utf-8")
    'text/event-stream'
    """
    return (content_type or "").split(";", 1)[0].strip().lower()
