"""AG-UI events for hand-written test streams: a run's start and finish, a text message, a tool call.

Example:
    >>> [e["type"] for e in [S, *text("m", "Hi"), *call("c", "{}", parent="m"), F]]
    ['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'TOOL_CALL_START', \
'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'RUN_FINISHED']
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

S: dict[str, Any] = {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}
F: dict[str, Any] = {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}


def text(mid: str, *deltas: str, role: str = "assistant", end: bool = True) -> list[dict[str, Any]]:
    """Text message ``mid``: its start, one content event a delta, and its end (unless ``end`` is False)."""
    out: list[dict[str, Any]] = [{"type": "TEXT_MESSAGE_START", "messageId": mid, "role": role}]
    out += [{"type": "TEXT_MESSAGE_CONTENT", "messageId": mid, "delta": d} for d in deltas]
    return out + ([{"type": "TEXT_MESSAGE_END", "messageId": mid}] if end else [])


def call(cid: str, *deltas: str, parent: str | None = None, name: str = "f") -> list[dict[str, Any]]:
    """Tool call ``cid`` to ``name``: its start (in message ``parent``, if given), one args event a delta, its end."""
    start: dict[str, Any] = {"type": "TOOL_CALL_START", "toolCallId": cid, "toolCallName": name}
    if parent is not None:
        start["parentMessageId"] = parent
    return [start, *({"type": "TOOL_CALL_ARGS", "toolCallId": cid, "delta": d} for d in deltas),
            {"type": "TOOL_CALL_END", "toolCallId": cid}]


def drawn_cases(strategy: st.SearchStrategy[list[dict[str, Any]]], count: int, prefix: str) -> list[dict[str, Any]]:
    """``count`` streams drawn from ``strategy`` (derandomized: the same on every run), as cases
    ``{"id": f"{prefix}-{i}", "events": ...}`` for the Node comparisons.

    >>> [c["id"] for c in drawn_cases(st.integers(0, 9).map(lambda n: [S] * n + [F]), 3, "g")]
    ['g-0', 'g-1', 'g-2']
    """
    drawn: list[list[dict[str, Any]]] = []

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(events: list[dict[str, Any]]) -> None:
        drawn.append(events)

    collect()
    return [{"id": f"{prefix}-{i}", "events": events} for i, events in enumerate(drawn)]
