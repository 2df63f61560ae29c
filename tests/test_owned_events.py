"""An event the suite parsed from a worker's line (owned: no copy) is judged exactly as any other event:
the same oversize and not-JSON verdicts, whether the size walk or the serialized text finds it too large."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.execution import _Run, _snapshot

LIMIT = 200


@pytest.mark.parametrize("event", [
    {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x"},
    {"type": "TEXT_MESSAGE_CONTENT", "delta": "x" * 500},  # the walk's count alone passes the limit
    {"type": "TEXT_MESSAGE_CONTENT", "delta": "\u0001" * 60},  # only the escaped text does (6 chars each)
    {"type": "T", "delta": "y" * (LIMIT - 30)},  # just under the limit serialized
    {"type": "T", "delta": "y" * (LIMIT - 20)},  # just over it
    {"type": "T", "value": float("nan")},
    ["not", "an", "object"],
    "text",
])
def test_an_owned_event_is_judged_as_a_copied_one(event: Any) -> None:
    owned, copied = _Run(), _Run()
    # repr: a NaN is not equal to itself
    assert repr(_snapshot(event, owned, LIMIT, owned=True)) == repr(_snapshot(event, copied, LIMIT, owned=False))
    assert (owned.oversize, owned.not_json) == (copied.oversize, copied.not_json)
