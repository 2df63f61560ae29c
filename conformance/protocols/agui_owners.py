"""Who owns each AG-UI entity: ``@ag-ui/client`` 1.0.0 ``verifyEvents``' attribution rules, in Python.

AG-UI 1.0 lets most events carry a ``subagentRunId``: the subagent that produced them (absent = the
parent agent). ``verifyEvents`` (``src/verify/verify.ts``, dist/index.mjs.map sourcesContent) keeps,
for the whole run, who opened each entity, in one bucket per kind (a message, a tool call, an
activity, a reasoning span or message: an id is unique only within its kind), and throws where a
later event disagrees. The run-phase and open/closed rules are the lifecycle table's
(:mod:`conformance.protocols.agui`); these are the rest:

* a continuation or close (``*_CONTENT``, ``*_END``, ``TOOL_CALL_ARGS``, ``ACTIVITY_DELTA``,
  ``REASONING_ENCRYPTED_VALUE``) whose tag names another owner than its entity's opener (an absent
  tag never disagrees; an untagged opener is the parent, which is an owner too, verify.ts 185-212);
* an opener reusing an id a different owner opened earlier in the run (the first writer keeps it);
* ``TOOL_CALL_START`` tagged unlike the message its ``parentMessageId`` names, or (untagged)
  reopening a call owned by someone other than that message's owner (verify.ts 460-520);
* ``SUBAGENT_STARTED`` naming a ``parentSubagentRunId`` not started in this run (verify.ts 790-800);
* a message of a ``MESSAGES_SNAPSHOT`` or of ``RUN_STARTED.input`` with ``subagentRunId: null``,
  and an interrupt of ``RUN_FINISHED`` with ``subagentRunId: null`` (verify.ts 133-175, 330-345).

Owners come from the openers, from ``TOOL_CALL_RESULT`` (it mints a tool message: the newest
result owns the id), from ``ACTIVITY_SNAPSHOT`` (a first one, or one that replaces) and from the
messages a ``MESSAGES_SNAPSHOT`` restates (they replace the record) or ``RUN_STARTED.input``
replays (they fill only ids nothing claimed). The events read are the client's: the shorthand
chunks expanded (``transformChunks`` runs before), keys the schema does not define stripped
(``enforceEvents`` runs before that).

Example:
    >>> S = {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}
    >>> first_throw([S, {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"},
    ...              {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x", "subagentRunId": "s1"}])
    2
    >>> first_throw([S, {"type": "SUBAGENT_STARTED", "subagentRunId": "s1", "name": "a"},
    ...              {"type": "SUBAGENT_STARTED", "subagentRunId": "s2", "name": "b", "parentSubagentRunId": "s1"}])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from conformance.protocols.agui_chunks import expand

# A recorded owner: the subagent's id, or None for the parent agent. A missing key is "no owner on record".
Owners = dict[str, str | None]
_ABSENT = object()


class _Verifier:
    """One run's owner records (verify.ts ``owners``, ``activeSubagents``, ``closedSubagents``)."""

    def __init__(self) -> None:
        self.message: Owners = {}
        self.tool: Owners = {}
        self.activity: Owners = {}
        self.reasoning: Owners = {}
        self.active: set[str] = set()
        self.closed: set[str] = set()
        self.handlers: dict[str, Callable[[dict[str, Any], Any], bool]] = {
            "TEXT_MESSAGE_START": lambda e, tag: self.opener(self.message, e.get("messageId"), tag),
            "TEXT_MESSAGE_CONTENT": lambda e, tag: self.agrees(self.message, e.get("messageId"), tag),
            "TEXT_MESSAGE_END": lambda e, tag: self.agrees(self.message, e.get("messageId"), tag),
            "TOOL_CALL_START": self.tool_start,
            "TOOL_CALL_ARGS": lambda e, tag: self.agrees(self.tool, e.get("toolCallId"), tag),
            "TOOL_CALL_END": lambda e, tag: self.agrees(self.tool, e.get("toolCallId"), tag),
            "TOOL_CALL_RESULT": self.tool_result,
            "REASONING_START": lambda e, tag: self.opener(self.reasoning, e.get("messageId"), tag),
            "REASONING_MESSAGE_START": lambda e, tag: self.opener(self.reasoning, e.get("messageId"), tag),
            "REASONING_MESSAGE_CONTENT": lambda e, tag: self.agrees(self.reasoning, e.get("messageId"), tag),
            "REASONING_MESSAGE_END": lambda e, tag: self.agrees(self.reasoning, e.get("messageId"), tag),
            "REASONING_END": lambda e, tag: self.agrees(self.reasoning, e.get("messageId"), tag),
            "REASONING_ENCRYPTED_VALUE": self.encrypted_value,
            "ACTIVITY_SNAPSHOT": self.activity_snapshot,
            "ACTIVITY_DELTA": lambda e, tag: self.agrees(self.activity, e.get("messageId"), tag),
            "SUBAGENT_STARTED": self.subagent_started,
            "SUBAGENT_FINISHED": self.subagent_ended,
            "SUBAGENT_ERROR": self.subagent_ended,
            "MESSAGES_SNAPSHOT": lambda e, tag: self.seed(e.get("messages"), authoritative=True),
            "RUN_STARTED": self.run_started,
            "RUN_FINISHED": self.run_finished,
        }

    def event(self, event: dict[str, Any]) -> bool:
        """Whether verifyEvents lets the event through (False: it throws here)."""
        handler = self.handlers.get(str(event.get("type")))
        tag = event.get("subagentRunId", _ABSENT)
        return handler is None or handler(event, None if tag is _ABSENT else tag)

    @staticmethod
    def agrees(bucket: Owners, ident: Any, tag: Any) -> bool:
        """``subagentTagError``: an absent tag agrees with anyone; a tag must name the recorded owner."""
        return tag is None or not isinstance(ident, str) or ident not in bucket or bucket[ident] == tag

    def opener(self, bucket: Owners, ident: Any, tag: Any) -> bool:
        """First writer wins: a reopen must agree with the owner on record, and does not replace it."""
        if not isinstance(ident, str):
            return True
        if ident in bucket:
            return self.agrees(bucket, ident, tag)
        bucket[ident] = tag
        return True

    def tool_start(self, event: dict[str, Any], tag: Any) -> bool:
        call_id, parent = event.get("toolCallId"), event.get("parentMessageId")
        inherited: Any = _ABSENT
        if isinstance(parent, str) and parent in self.message:
            inherited = self.message[parent]
            if tag is not None and tag != inherited:
                return False  # a call belongs to the message that carries it
        if not isinstance(call_id, str):
            return True
        if call_id in self.tool:
            existing = self.tool[call_id]
            return self.agrees(self.tool, call_id, tag) and not (
                tag is None and inherited is not _ABSENT and inherited != existing)
        self.tool[call_id] = tag if tag is not None else (None if inherited is _ABSENT else inherited)
        return True

    def tool_result(self, event: dict[str, Any], tag: Any) -> bool:
        if isinstance(event.get("messageId"), str):
            self.message[event["messageId"]] = tag  # the newest result owns the tool message it mints
        return True

    def encrypted_value(self, event: dict[str, Any], tag: Any) -> bool:
        entity, subtype = event.get("entityId"), event.get("subtype")
        if subtype == "tool-call":
            return self.agrees(self.tool, entity, tag)
        if subtype == "message" and isinstance(entity, str) and entity in self.message:
            return self.agrees(self.message, entity, tag)
        return self.agrees(self.reasoning, entity, tag)

    def activity_snapshot(self, event: dict[str, Any], tag: Any) -> bool:
        ident = event.get("messageId")
        # Only a first or a replacing snapshot (re)owns the activity: replace:false leaves the message alone.
        if isinstance(ident, str) and (ident not in self.activity or event.get("replace") is not False):
            self.activity[ident] = tag
        return True

    def subagent_started(self, event: dict[str, Any], _tag: Any) -> bool:
        parent = event.get("parentSubagentRunId")
        if parent is not None and parent not in self.active and parent not in self.closed:
            return False  # "parentSubagentRunId ... has not been started in this run"
        if isinstance(event.get("subagentRunId"), str):
            self.active.add(event["subagentRunId"])
        return True

    def subagent_ended(self, event: dict[str, Any], _tag: Any) -> bool:
        ident = event.get("subagentRunId")
        if isinstance(ident, str) and ident in self.active:
            self.active.discard(ident)
            self.closed.add(ident)
        return True

    def seed(self, messages: Any, authoritative: bool) -> bool:
        """``seedOwnersFromMessages``: replayed messages' owners, and their tool calls' under the message's."""
        for msg in messages if isinstance(messages, list) else []:
            if not isinstance(msg, dict) or not isinstance(msg.get("id"), str):
                continue
            if "subagentRunId" in msg and msg["subagentRunId"] is None:
                return False  # "Cannot send a message ... with 'subagentRunId: null'"
            role = msg.get("role")
            bucket = self.reasoning if role == "reasoning" else self.activity if role == "activity" else self.message
            owner = msg.get("subagentRunId")
            if authoritative or msg["id"] not in bucket:
                bucket[msg["id"]] = owner
            calls = msg.get("toolCalls")
            for call in calls if isinstance(calls, list) else []:
                if isinstance(call, dict) and isinstance(call.get("id"), str) and (
                        authoritative or call["id"] not in self.tool):
                    self.tool[call["id"]] = owner
        return True

    def run_started(self, event: dict[str, Any], _tag: Any) -> bool:
        source = event.get("input")
        return self.seed(source.get("messages") if isinstance(source, dict) else None, authoritative=False)

    @staticmethod
    def run_finished(event: dict[str, Any], _tag: Any) -> bool:
        outcome = event.get("outcome")
        if not isinstance(outcome, dict) or outcome.get("type") != "interrupt":
            return True
        interrupts = outcome.get("interrupts")
        return not any(isinstance(i, dict) and "subagentRunId" in i and i["subagentRunId"] is None
                       for i in (interrupts if isinstance(interrupts, list) else []))


def _as_verified(event: Any) -> Any:
    """The event as verifyEvents receives it: keys its schema does not define stripped (enforceEvents)."""
    from conformance.protocols.agui import ALLOWED_KEYS  # agui imports this module's neighbours

    if not isinstance(event, dict) or event.get("type") not in ALLOWED_KEYS:
        return event
    return {k: v for k, v in event.items() if k in ALLOWED_KEYS[event["type"]]}


def first_throw(events: Sequence[Any]) -> int | None:
    """The index of the first event of one run at which an attribution rule of verifyEvents throws, or None.

    ``events``: one run's AG-UI events as the client keeps them (no event of a type AG-UI does not
    define); shorthand chunks are expanded here, and an index points at the event the throw came from.
    """
    expanded = expand(events)
    verifier = _Verifier()
    for index, event in enumerate(expanded.events):
        if isinstance(event, dict) and not verifier.event(_as_verified(event)):
            return expanded.origin[index]
    return None
