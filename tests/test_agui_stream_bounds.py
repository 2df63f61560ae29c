"""The AG-UI stream decoders (SSE, NDJSON) read a long line in linear time and cap it.

Both kept the line in one string, appended each chunk to it and searched it again from its start:
a 16 MB line fed in 64 KB pieces was scanned ~250 times over, and no line was ever too long. The
cap is the harness reader's (16 MiB); a longer line is a ``transport.framing`` problem.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from conformance.targets.agui_stream import NdjsonDecoder, SseDecoder

Decoder = type[SseDecoder] | type[NdjsonDecoder]


class _Counting:
    """A line-end pattern that counts the characters it is asked to scan."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.scanned = pattern, 0

    def finditer(self, text: str) -> Any:
        self.scanned += len(text)
        return self.pattern.finditer(text)


def _framed(decoder: SseDecoder | NdjsonDecoder, payload: bytes) -> bytes:
    return b"data: " + payload + b"\n\n" if isinstance(decoder, SseDecoder) else payload + b"\n"


@pytest.mark.parametrize("kind", [SseDecoder, NdjsonDecoder])
def test_a_long_line_fed_in_pieces_is_scanned_once(kind: Decoder) -> None:
    decoder = kind()
    spy = _Counting(decoder._lines._ends)
    decoder._lines._ends = spy  # type: ignore[assignment]
    whole = _framed(decoder, b'{"type": "TEXT_MESSAGE_CONTENT", "delta": "' + b"x" * 1_000_000 + b'"}')
    events: list[Any] = []
    for i in range(0, len(whole), 1_000):
        events += decoder.feed(whole[i:i + 1_000])[0]
    events += decoder.close()[0]
    assert [len(e["delta"]) for e in events] == [1_000_000]
    assert spy.scanned <= len(whole) + 10, spy.scanned


@pytest.mark.parametrize("kind", [SseDecoder, NdjsonDecoder])
def test_a_line_past_the_cap_is_a_framing_problem_and_the_next_event_is_read(kind: Decoder) -> None:
    decoder = kind(max_line=1_000)
    problems: list[str] = []
    events: list[Any] = []
    for payload in (b'{"type": "RUN_STARTED", "pad": "' + b"y" * 5_000 + b'"}', b'{"type": "RUN_FINISHED"}'):
        framed = _framed(decoder, payload)
        for i in range(0, len(framed), 700):
            got, why = decoder.feed(framed[i:i + 700])
            events += got
            problems += why
    got, why = decoder.close()
    assert [e["type"] for e in events + got] == ["RUN_FINISHED"]
    assert problems + why == ["a line longer than 1000 characters (the cap): it is skipped"]


def test_the_default_cap_is_the_harness_readers() -> None:
    from conformance.targets.agui_stream import MAX_LINE
    from conformance.targets.cmd import DEFAULT_MAX_LINE_BYTES

    assert MAX_LINE == DEFAULT_MAX_LINE_BYTES
