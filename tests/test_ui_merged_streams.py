"""UI message streams merged from two sources (``writer.merge``): what ai's reader shows, and our verdict.

``createUIMessageStream``'s ``writer.merge`` forwards every chunk of every merged stream as it comes
(ai 7.0.173 dist/index.js:11421-11440): two ``toUIMessageStream()`` results merged with the defaults
send two ``start`` chunks, two ``finish`` chunks, and parts under ids both providers may have chosen.
``readUIMessageStream`` starts the message over at a ``start`` naming another message
(``resetStateOnMessageIdChange``, ai 6.0.326 :6640, ai 7 :7548): the first source's parts are gone,
and a chunk of the first source that continues one of them is thrown at. Each shape below is read by
our port and by ai's reader in Node (skipped without it); the grader must fail the shapes the reader
shows wrongly, on the row of what it shows, and pass the documented merge (one envelope, one source
after the other). Thousands of merged reference streams are compared in ``tests/test_ui_stream_oracle.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance import node_oracle
from conformance.protocols import protocol
from conformance.ui_message_reader import read
from tests.ui_merged_streams import merge

Ev = dict[str, Any]


def _source(name: str, text: str) -> list[Ev]:
    """One streamText UI stream: its own message id, one text part under the id every source uses."""
    return [{"type": "start", "messageId": f"msg-{name}"}, {"type": "start-step"},
            {"type": "text-start", "id": "0"}, {"type": "text-delta", "id": "0", "delta": text},
            {"type": "text-end", "id": "0"}, {"type": "finish-step"}, {"type": "finish", "finishReason": "stop"}]


A, B = _source("a", "Weather: sunny. "), _source("b", "Flights: two found.")
# name -> (stream, the texts ai's reader shows, the chunk it throws at, the rows our lifecycle fails)
SHAPES: dict[str, tuple[list[Ev], list[str], int | None, set[str]]] = {
    # The documented merge: the second source sends no start, the first no finish; one after the other.
    "one envelope, sequential": (merge(A, B, "sequential", "one"), ["Weather: sunny. ", "Flights: two found."],
                                 None, set()),
    # The defaults, one after the other: the second start names another message, the first answer vanishes.
    "two envelopes, sequential": (merge(A, B, "sequential", "both"), ["Flights: two found."], None,
                                  {"8.1.18"}),
    # The defaults, the second source starting mid-answer: the reset forgets the first source's open
    # part (its text is gone), and the first source's text-end names a part the reader no longer has.
    "two envelopes, second start mid-answer": ([*A[:4], B[0], *A[4:]], [], 5, {"8.1.0", "8.4.2"}),
    # The defaults, interleaved chunk by chunk: both starts come first (nothing to forget yet); the
    # second text-start under the same id replaces the first source's active part, so both sources'
    # deltas land in one text part, the first part stays streaming, and the second text-end is thrown at.
    "two envelopes, alternate": (merge(A, B, "alternate", "both"), ["", "Weather: sunny. Flights: two found."],
                                 9, {"8.1.0", "8.1.5", "8.4.2", "8.1.18"}),
    # One envelope, interleaved under one part id: the same clash without the second start.
    "one envelope, alternate": (merge(A, B, "alternate", "one"), ["", "Flights: two found.Weather: sunny. "],
                                8, {"8.1.5", "8.4.2"}),
}


def _texts(message: dict[str, Any] | None) -> list[str]:
    return [p["text"] for p in (message or {"parts": []})["parts"] if p.get("type") == "text"]


@pytest.mark.parametrize("version", [6, 7])
@pytest.mark.parametrize("name", list(SHAPES))
def test_the_port_reads_each_merged_shape_as_described(name: str, version: int) -> None:
    events, texts, thrown, _rows = SHAPES[name]
    result = read(events, version)  # type: ignore[arg-type]
    assert result.error_index == thrown, result.error
    assert _texts(result.message) == texts


@pytest.mark.parametrize("version", [6, 7])
@pytest.mark.parametrize("name", list(SHAPES))
def test_the_lifecycle_fails_what_the_reader_shows_wrongly(name: str, version: int) -> None:
    events, _texts_shown, thrown, rows = SHAPES[name]
    findings = protocol(node_oracle.UI_VERSIONS[version]).lifecycle(events)
    assert {f.row for f in findings} == rows, [(f.row, f.event_index, f.message) for f in findings]
    reader_rows = [f.event_index for f in findings if f.row in node_oracle.READER_ROWS and f.event_index is not None]
    assert (min(reader_rows) if reader_rows else None) == thrown


def test_ai_s_own_reader_reads_the_merged_shapes_as_described() -> None:
    why = node_oracle.ui_unavailable()
    if why is not None:
        pytest.skip(f"UI message stream oracle unavailable: {why}")
    cases = [{"id": f"{name}@{v}", "version": v, "events": events}
             for name, (events, _t, _i, _r) in SHAPES.items() for v in (6, 7)]
    real = {r["id"]: r for r in node_oracle.run_ui(cases)}
    for name, (_events, texts, thrown, _rows) in SHAPES.items():
        for version in (6, 7):
            theirs = real[f"{name}@{version}"]
            assert (theirs["rejected"] or {}).get("index") == thrown, (name, version, theirs["rejected"])
            assert _texts(theirs["message"]) == texts, (name, version, theirs["message"])
