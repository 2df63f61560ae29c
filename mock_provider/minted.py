"""Call ids the wire never carried: the consumer generated them, so a scenario cannot say them.

Some provider items reach the client as a call under an id the consumer makes up (``@ai-sdk/openai``
4.0.118 names an ``mcp_approval_request``'s call with ``generateId()``, dist/index.js:8790-8808;
``@ai-sdk/google`` 4.0.121 names a code execution call the same way). A scenario scripts such a call
under an id of its own and lists it in ``expected.minted_ids``. What a client can know of the call is its
name, its input and where it comes among the calls: the grader takes the adapter's call of that name at
that position (the k-th call of that name whose id is none the scenario scripted) to be the scripted one,
and reads the adapter's id as the scripted id everywhere it appears (its result, its approval).

A wire may also give a call a second id of its own (OpenAI Responses: the call item's ``id`` beside its
``call_id``, ``Dialect.call_aliases``): an adapter call under that id is the scripted call it names
(:func:`wire_aliases`, the ``aliases`` of :func:`renames`).

A client may also carry data of its own in a call's id after the wire's id: litellm's Gemini route shows a call
that has a thought signature as ``<functionCall.id>__thought__<signature>`` (litellm 1.110.2
litellm_core_utils/prompt_templates/factory.py:1236-1252, on purpose, so the signature survives an OpenAI-shaped
history) and sends Gemini the part before ``__thought__`` back (:1229-1232). AG-UI's ``toolCallId`` is the producer's
("Identifies the call, and ties the later args, end and result events to it", ag-ui-protocol 1.0.0
ag_ui/_generated/models.py ToolCallStartEvent); an id that holds a scripted call's id whole, then a separator, is
that call (:func:`carried_id`), where the adapter's stream never says the scripted id itself (a stream that names
the call both ways is inconsistent, and stays so).

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

from collections.abc import Collection, Mapping
from typing import TypeVar

from mock_provider.dialects import dialect as dialect_of
from mock_provider.dialects import names as dialect_names
from mock_provider.scenario import Scenario
from mock_provider.transcript import Transcript

__all__ = ["carried_id", "carried_ids", "renamed", "renamed_transcript", "renames", "strings", "wire_aliases"]

V = TypeVar("V")


def renames(expected: Transcript, actual: Transcript, aliases: Mapping[str, str] | None = None,
            said: Collection[str] = ()) -> dict[str, str]:
    """The adapter's id for each minted call -> the scripted id (a minted call the adapter lacks: none), each
    adapter call under a wire's other id of a scripted call (``aliases``: that id -> the scripted id) -> that id, and
    each adapter id that carries a scripted call's id (:func:`carried_ids`; ``said``: every string of the adapter's
    stream, :func:`strings`) -> that id.

    >>> from mock_provider.transcript import ToolCallRecord
    >>> exp = Transcript(tool_calls=[ToolCallRecord(id="k", name="f"), ToolCallRecord(id="m", name="f")],
    ...                  minted_ids=["m"])
    >>> renames(exp, Transcript(tool_calls=[ToolCallRecord(id="k", name="f"), ToolCallRecord(id="z", name="f")]))
    {'z': 'm'}
    >>> renames(Transcript(tool_calls=[ToolCallRecord(id="k", name="f")]),
    ...         Transcript(tool_calls=[ToolCallRecord(id="fc_0", name="f"), ToolCallRecord(id="fc_9", name="f")]),
    ...         {"fc_0": "k", "fc_1": "other"})
    {'fc_0': 'k'}
    """
    scripted = {c.id for c in expected.tool_calls}
    # Only an id that is no scripted call's own: an adapter that shows a call under its call id keeps it.
    out = {c.id: aliases[c.id] for c in actual.tool_calls
           if aliases and c.id not in scripted and aliases.get(c.id) in scripted}
    free = [c for c in actual.tool_calls if c.id not in scripted and c.id not in out]
    for call in expected.tool_calls:
        if call.id not in expected.minted_ids:
            continue
        match = next((c for c in free if c.name == call.name and c.id not in out), None)
        if match is not None:
            out[match.id] = call.id
    return out | carried_ids(expected, actual, out, said)


def strings(value: object) -> set[str]:
    """Every string in a JSON value, at any depth (keys left out).

    >>> sorted(strings([{"toolCallId": "c1", "n": 1, "ids": ["c2"]}]))
    ['c1', 'c2']
    """
    out: set[str] = set()
    stack = [value]  # a walk of its own, not a set built and merged at every level of every event
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return out


def carried_id(own: str, scripted: str) -> bool:
    """Whether the adapter's call id ``own`` holds the scripted id whole, then a separator (no letter or digit)
    and data of the client's own.

    >>> carried_id("call_gsig__thought__c2ln", "call_gsig"), carried_id("call_gsig2", "call_gsig")
    (True, False)
    >>> carried_id("call_gsig", "call_gsig"), carried_id("x_call_gsig", "call_gsig")
    (False, False)
    """
    return len(own) > len(scripted) and own.startswith(scripted) and not own[len(scripted)].isalnum()


def carried_ids(expected: Transcript, actual: Transcript, taken: Mapping[str, str],
                said: Collection[str] = ()) -> dict[str, str]:
    """The adapter's id that carries a scripted call's id (:func:`carried_id`) -> that id, for a scripted call of the
    same name shown under no id of its own, whose id the stream never says (``said``: its strings; one event naming
    the call by the scripted id and another by the longer one is an inconsistency to grade, not one call); an id
    that could carry two scripted ids is none's. ``taken``: the renames already made.

    >>> from mock_provider.transcript import ToolCallRecord
    >>> exp = Transcript(tool_calls=[ToolCallRecord(id="c", name="f"), ToolCallRecord(id="d", name="g")])
    >>> carried_ids(exp, Transcript(tool_calls=[ToolCallRecord(id="c__sig", name="f"),
    ...                                         ToolCallRecord(id="d", name="g")]), {})
    {'c__sig': 'c'}
    >>> carried_ids(exp, Transcript(tool_calls=[ToolCallRecord(id="c__sig", name="g")]), {})
    {}
    >>> carried_ids(exp, Transcript(tool_calls=[ToolCallRecord(id="c__sig", name="f")]), {}, {"c", "c__sig"})
    {}
    """
    names = {c.id: c.name for c in expected.tool_calls}
    unshown = set(names) - {c.id for c in actual.tool_calls} - set(taken.values()) - set(said)
    out: dict[str, str] = {}
    for call in actual.tool_calls:
        if call.id in names or call.id in taken or call.id in out:
            continue
        owners = [s for s in unshown if carried_id(call.id, s) and names[s] == call.name]
        if len(owners) == 1 and owners[0] not in out.values():
            out[call.id] = owners[0]
    return out


def wire_aliases(scenario: Scenario, dialect: str) -> dict[str, str]:
    """The other ids ``dialect``'s wire gives the scenario's calls -> their scripted ids (none on most wires).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.basic.001")
    >>> list(wire_aliases(s, "openai-responses").values()), wire_aliases(s, "openai-chat"), wire_aliases(s, "x")
    (['call_abc123'], {}, {})
    """
    if dialect not in dialect_names():
        return {}
    aliases = dialect_of(dialect).call_aliases
    return aliases(scenario) if aliases is not None else {}


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
