"""Call ids the wire never carried: the consumer generated them, so a scenario cannot say them.

Some provider items reach the client as a call under an id the consumer makes up (``@ai-sdk/openai``
4.0.118 names an ``mcp_approval_request``'s call with ``generateId()``, dist/index.js:8790-8808;
``@ai-sdk/google`` 4.0.121 names a code execution call the same way). A scenario scripts such a call
under an id of its own and lists it in ``expected.minted_ids``. What a client can know of the call is its
name, its input and where it comes among the calls: the grader takes the adapter's call of that name at
that position (the k-th call of that name whose id is none the scenario scripted) to be the scripted one,
and reads the adapter's id as the scripted id everywhere it appears (its result, its approval).

Example:
    >>> from mock_provider.transcript import ApprovalRecord, ToolCallRecord, Transcript
    >>> exp = Transcript(tool_calls=[ToolCallRecord(id="c1", name="mcp.f")], minted_ids=["c1"])
    >>> act = Transcript(tool_calls=[ToolCallRecord(id="Xy9", name="mcp.f")],
    ...                  approvals=[ApprovalRecord(approval_id="a", tool_call_id="Xy9")])
    >>> renames(exp, act)
    {'Xy9': 'c1'}
    >>> renamed({"toolCallId": "Xy9", "ids": ["Xy9", "other"]}, {"Xy9": "c1"})
    {'toolCallId': 'c1', 'ids': ['c1', 'other']}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from mock_provider.transcript import Transcript

__all__ = ["renamed", "renamed_transcript", "renames"]

V = TypeVar("V")


def renames(expected: Transcript, actual: Transcript) -> dict[str, str]:
    """The adapter's id for each minted call -> the scripted id (a minted call the adapter lacks: none).

    >>> from mock_provider.transcript import ToolCallRecord
    >>> exp = Transcript(tool_calls=[ToolCallRecord(id="k", name="f"), ToolCallRecord(id="m", name="f")],
    ...                  minted_ids=["m"])
    >>> renames(exp, Transcript(tool_calls=[ToolCallRecord(id="k", name="f"), ToolCallRecord(id="z", name="f")]))
    {'z': 'm'}
    """
    if not expected.minted_ids:
        return {}
    scripted = {c.id for c in expected.tool_calls}
    free = [c for c in actual.tool_calls if c.id not in scripted]
    out: dict[str, str] = {}
    for call in expected.tool_calls:
        if call.id not in expected.minted_ids:
            continue
        match = next((c for c in free if c.name == call.name and c.id not in out), None)
        if match is not None:
            out[match.id] = call.id
    return out


def renamed(value: V, names: Mapping[str, str]) -> V:
    """``value`` with every string equal to a key of ``names`` replaced by its value, at any depth."""
    if not names:
        return value
    if isinstance(value, str):
        return names.get(value, value)  # type: ignore[return-value]
    if isinstance(value, list):
        return [renamed(v, names) for v in value]  # type: ignore[return-value]
    if isinstance(value, tuple):
        return tuple(renamed(v, names) for v in value)  # type: ignore[return-value]
    if isinstance(value, dict):
        return {k: renamed(v, names) for k, v in value.items()}  # type: ignore[return-value]
    return value


def renamed_transcript(expected: Transcript, actual: Transcript) -> Transcript:
    """``actual`` with each minted call's id read as the scripted one.

    >>> from mock_provider.transcript import ToolCallRecord
    >>> exp = Transcript(tool_calls=[ToolCallRecord(id="c1", name="f")], minted_ids=["c1"])
    >>> renamed_transcript(exp, Transcript(tool_calls=[ToolCallRecord(id="q", name="f")])).tool_calls[0].id
    'c1'
    """
    names = renames(expected, actual)
    return Transcript.model_validate(renamed(actual.model_dump(), names)) if names else actual
