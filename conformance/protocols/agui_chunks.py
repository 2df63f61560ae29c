"""AG-UI 1.0 shorthand events, expanded as ``@ag-ui/client`` expands them before anything reads them.

``TEXT_MESSAGE_CHUNK``, ``TOOL_CALL_CHUNK`` and ``REASONING_MESSAGE_CHUNK`` are published AG-UI
events (``@ag-ui/core`` 1.0 ``EventType``); a client never applies them as such: its
``transformChunks`` (``@ag-ui/client`` 1.0.0 ``dist/index.mjs``, the ``TEXT_MESSAGE_CHUNK`` /
``TOOL_CALL_CHUNK`` / ``REASONING_MESSAGE_CHUNK`` cases) turns them into START / CONTENT (ARGS) /
END events first, and ``verifyEvents`` and the message reducer read the result. The rules, as
published there:

* a chunk continues the stream of its kind that is open in its lane (the parent agent, or the
  subagent its ``subagentRunId`` names) when it carries no id or the same id (a continuation naming
  an id open in another lane, one with neither id nor tag while several lanes have one open, and
  one whose role, name, toolCallName or parentMessageId contradicts its start are refused); otherwise the open
  stream of the lane is ended and a new one starts, which needs the id (``First TEXT_MESSAGE_CHUNK
  must have a messageId``; a first tool chunk also needs ``toolCallName``);
* a new text stream starts ``TEXT_MESSAGE_START{messageId, role (default 'assistant'), name?}``, a
  tool stream ``TOOL_CALL_START{toolCallId, toolCallName, parentMessageId?}``, a reasoning stream
  ``REASONING_MESSAGE_START{messageId, role: 'reasoning'}``; a chunk with a ``delta`` adds the
  CONTENT / ARGS event;
* any other event of a lane (text, tool, reasoning, step, state and custom events, tool results)
  ends that lane's open chunk stream first; ``RUN_*`` and ``MESSAGES_SNAPSHOT`` end every lane's,
  ``SUBAGENT_FINISHED`` / ``SUBAGENT_ERROR`` their subagent's; the end of the stream ends them all.

Where the client would throw, this module reports the chunk instead (row 8.4.2: a continuation
with nothing open to continue is the same fault as CONTENT without START) and reads on.

Example:
    >>> out = expand([{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...               {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m1", "delta": "Hi"},
    ...               {"type": "TEXT_MESSAGE_CHUNK", "delta": " there"},
    ...               {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}])
    >>> [e["type"].removeprefix("TEXT_MESSAGE_") for e in out.events]
    ['RUN_STARTED', 'START', 'CONTENT', 'CONTENT', 'END', 'RUN_FINISHED']
    >>> out.origin
    [0, 1, 1, 2, 3, 3]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.findings import Finding

ROW = "8.4.2"
CHUNK_TYPES = frozenset({"TEXT_MESSAGE_CHUNK", "TOOL_CALL_CHUNK", "REASONING_MESSAGE_CHUNK"})
# Events that end their lane's open chunk stream before they pass (transformChunks' first case list).
_LANE_EVENTS = frozenset({
    "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "TOOL_CALL_START", "TOOL_CALL_ARGS",
    "TOOL_CALL_END", "TOOL_CALL_RESULT", "STATE_SNAPSHOT", "STATE_DELTA", "CUSTOM", "STEP_STARTED", "STEP_FINISHED",
    "REASONING_START", "REASONING_MESSAGE_START", "REASONING_MESSAGE_CONTENT", "REASONING_MESSAGE_END",
    "REASONING_END",
})
_ALL_LANES_EVENTS = frozenset({"RUN_STARTED", "RUN_FINISHED", "RUN_ERROR", "MESSAGES_SNAPSHOT"})


@dataclass(frozen=True)
class _Kind:
    """One chunk type: the stream it opens and the events it becomes."""

    name: str  # text | tool | reasoning
    id_key: str
    start: str
    content: str
    end: str
    what: str
    fixed: tuple[str, ...] = ()  # fields a continuation must not contradict (transform.ts ``V``)


KINDS: dict[str, _Kind] = {
    "TEXT_MESSAGE_CHUNK": _Kind("text", "messageId", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT",
                                "TEXT_MESSAGE_END", "text message", ("role", "name")),
    "TOOL_CALL_CHUNK": _Kind("tool", "toolCallId", "TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "tool call",
                             ("toolCallName", "parentMessageId")),
    "REASONING_MESSAGE_CHUNK": _Kind("reasoning", "messageId", "REASONING_MESSAGE_START",
                                     "REASONING_MESSAGE_CONTENT", "REASONING_MESSAGE_END", "reasoning message"),
}


@dataclass
class Expanded:
    """The stream a client reads: ``events``, ``origin[i]`` the index of the event ``events[i]`` came
    from, and ``findings`` for chunks the client would refuse (indexes of the original stream)."""

    events: list[Any] = field(default_factory=list)
    origin: list[int] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


@dataclass
class _Open:
    kind: _Kind
    ident: str
    subagent: Any = None
    fixed: dict[str, Any] = field(default_factory=dict)  # what the start said of kind.fixed (absent: not said)


class _Refused(Exception):
    """transformChunks throws at this chunk (the message says why)."""


def _fixed(kind: _Kind, chunk: dict[str, Any]) -> dict[str, Any]:
    """The fields a stream's start fixes, as transformChunks records them (a text stream's role defaults)."""
    out = {key: chunk[key] for key in kind.fixed if key in chunk}
    if kind.name == "text":
        out.setdefault("role", "assistant")
    return out


class _Expander:
    def __init__(self, carry_metadata: bool = False) -> None:
        self.out = Expanded()
        self.lanes: dict[Any, _Open] = {}
        self.carry_metadata = carry_metadata

    def emit(self, event: dict[str, Any], index: int) -> None:
        self.out.events.append(event)
        self.out.origin.append(index)

    def close(self, lane: Any, index: int) -> None:
        open_ = self.lanes.pop(lane, None)
        if open_ is not None:
            end: dict[str, Any] = {"type": open_.kind.end, open_.kind.id_key: open_.ident}
            if open_.subagent is not None:
                end["subagentRunId"] = open_.subagent
            self.emit(end, index)

    def close_all(self, index: int) -> None:
        for lane in list(self.lanes):
            self.close(lane, index)

    def refuse(self, index: int, message: str) -> None:
        self.out.findings.append(Finding(row=ROW, event_index=index, source="lifecycle",
                                         message=f"{message} (@ag-ui/client transformChunks refuses it)"))

    def lane_of(self, kind: _Kind, chunk: dict[str, Any]) -> Any:
        """The lane a chunk belongs to (transformChunks' lane resolution); :class:`_Refused` where it throws."""
        ident, sub = chunk.get(kind.id_key), chunk.get("subagentRunId")
        if ident is not None:
            owner = next((lane for lane, o in self.lanes.items() if o.kind is kind and o.ident == ident), _NONE)
            if owner is not _NONE and sub is not None and sub != owner:
                raise _Refused(f"a {chunk['type']} tagged {sub!r} continues the {kind.what} {ident!r} open in "
                               f"lane {owner!r}")
            return sub if owner is _NONE else owner
        if sub is not None:
            return sub
        parent = self.lanes.get(None)
        if parent is not None and parent.kind is kind:
            return None
        lanes = [lane for lane, o in self.lanes.items() if o.kind is kind]
        if len(lanes) > 1:
            raise _Refused(f"a {chunk['type']} with neither {kind.id_key} nor subagentRunId while {len(lanes)} "
                           f"lanes have a {kind.what} open (ambiguous)")
        return lanes[0] if lanes else None

    def chunk(self, event: dict[str, Any], index: int) -> None:
        kind = KINDS[event["type"]]
        try:
            lane = self.lane_of(kind, event)
        except _Refused as refused:
            self.refuse(index, str(refused))
            return
        current = self.lanes.get(lane)
        ident = event.get(kind.id_key)
        if current is not None and current.kind is kind and (ident is None or ident == current.ident):
            clash = next((key for key in kind.fixed if key in event and event[key] != current.fixed.get(key, _NONE)),
                         None)
            if clash is not None:  # "Cannot continue ...: chunk <key> ... does not match the open stream's"
                self.refuse(index, f"a {event['type']} continues {kind.what} {current.ident!r} with another {clash}")
                return
        if current is None or current.kind is not kind or (ident is not None and ident != current.ident):
            self.close(lane, index)
            if not isinstance(ident, str):
                self.refuse(index, f"a {event['type']} that starts a {kind.what} has no {kind.id_key}")
                return
            if kind.name == "tool" and not isinstance(event.get("toolCallName"), str):
                self.refuse(index, "a TOOL_CALL_CHUNK that starts a tool call has no toolCallName")
                return
            current = self.lanes[lane] = _Open(kind, ident, event.get("subagentRunId"), _fixed(kind, event))
            self.emit(_start(kind, event), index)
            started = True
        else:
            started = False
        # A metadata-only continuation still reaches the reducer, as a zero-delta content event.
        carried = self.carry_metadata and "metadata" in event
        if "delta" in event or "rawEvent" in event or (carried and not started):
            content: dict[str, Any] = {"type": kind.content, kind.id_key: current.ident,
                                       "delta": event.get("delta", "")}
            if current.subagent is not None:
                content["subagentRunId"] = current.subagent
            if carried:
                content["metadata"] = event["metadata"]
            self.emit(content, index)

    def event(self, event: Any, index: int) -> None:
        etype = event.get("type") if isinstance(event, dict) else None
        if etype in KINDS:
            self.chunk(event, index)
            return
        if etype in _ALL_LANES_EVENTS:
            self.close_all(index)
        elif etype in _LANE_EVENTS or (etype in ("SUBAGENT_FINISHED", "SUBAGENT_ERROR")
                                       and event.get("subagentRunId") is not None):
            self.close(event.get("subagentRunId"), index)
        self.emit(event, index)


_NONE = object()


def _start(kind: _Kind, chunk: dict[str, Any]) -> dict[str, Any]:
    start: dict[str, Any] = {"type": kind.start, kind.id_key: chunk[kind.id_key]}
    if kind.name == "text":
        start["role"] = chunk.get("role", "assistant")
        if "name" in chunk:
            start["name"] = chunk["name"]
    elif kind.name == "tool":
        start["toolCallName"] = chunk["toolCallName"]
        if "parentMessageId" in chunk:
            start["parentMessageId"] = chunk["parentMessageId"]
    else:
        start["role"] = "reasoning"
    for key in ("subagentRunId", "metadata"):
        if key in chunk:
            start[key] = chunk[key]
    return start


def expand(events: Sequence[Any], carry_metadata: bool = False) -> Expanded:
    """The stream with every chunk event expanded (a stream without chunks comes back as it was).

    ``carry_metadata``: a chunk's ``metadata`` also rides the CONTENT / ARGS event it becomes, and a
    continuation that carries only metadata becomes a zero-delta one (transform.ts ``withChunkOrigin``
    and the metadata-only branches), as the message reducer needs; the lifecycle reads without it.
    """
    if not any(isinstance(e, dict) and e.get("type") in CHUNK_TYPES for e in events):
        return Expanded(events=list(events), origin=list(range(len(events))))
    expander = _Expander(carry_metadata)
    for index, event in enumerate(events):
        expander.event(event, index)
    expander.close_all(len(events) - 1)
    return expander.out


def remap(findings: list[Finding], origin: list[int]) -> list[Finding]:
    """Findings about the expanded stream, pointed at the events they came from."""
    for f in findings:
        if f.event_index is not None and 0 <= f.event_index < len(origin):
            f.event_index = origin[f.event_index]
    return findings
