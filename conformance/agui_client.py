"""What ``@ag-ui/client`` 1.0.0 holds after a run: ``AbstractAgent.runAgent``'s pipeline and default reducer, in Python.

``runAgent`` (``src/agent/agent.ts:325-386``) passes an agent's events through, in order: the
always-on ``CompatibilityBoundary`` middleware (``src/middleware/compatibility-boundary.ts``:
legacy nulls become absent fields), ``enforceEvents`` (an unknown type dropped, unknown keys
stripped, a malformed known field fatal), ``transformChunks`` (``*_CHUNK`` shorthand expanded),
``verifyEvents`` (the run and entity lifecycle; it throws at the first violation) and
``defaultApplyEvents`` (``src/apply/default.ts:135-1521``), which builds ``agent.messages`` and
``agent.state``. This module is that road:

* the compatibility nulls (:func:`_compat`) are ported here;
* where the pipeline throws and which events it drops is
  :func:`conformance.node_oracle.agui_verdict` (our AG-UI grader read as the client reads it,
  proven against the real pipeline by ``tests/test_agui_oracle.py``), and the shorthand expansion
  is :func:`conformance.protocols.agui_chunks.expand`;
* the reducer (:class:`_Reducer`) is a branch-for-branch port of ``defaultApplyEvents`` with no
  subscribers: text, tool-call, tool-result, reasoning and activity messages, metadata merged into
  the thing an event builds (``applyEventMetadata``, default.ts:124-133), ``STATE_SNAPSHOT``
  (replace), ``STATE_DELTA`` (RFC 6902 JSON Patch, fast-json-patch ``applyPatch(state, delta,
  true, false)``; here the ``jsonpatch`` library; a patch that fails leaves the state as it was,
  default.ts:728-740), ``MESSAGES_SNAPSHOT`` (update by id, keep client-only reasoning and
  activity messages, append the new ones, default.ts:762-830), ``RUN_STARTED.input.messages``
  and ``RUN_FINISHED``'s interrupts and result (agent.ts:306-310, default.ts:1120-1139).

An event the pipeline throws at is not applied, nor is anything after it: a client streaming
over HTTP has applied every earlier event by the time the bad one arrives, and the run then
fails (``onError`` rethrows, agent.ts:649-707). ``tests/test_agui_client.py`` proves this port
equal to the real ``runAgent`` (``tools/agui-oracle/oracle.mjs``) on thousands of streams.

The boundary's ``THINKING_*`` translation (:class:`_Thinking`) is ported too: the deprecated
events become their ``REASONING_*`` equivalents under ids it mints (random UUIDs there,
counted ones of the same shape here: a comparison reads both as "the k-th minted id").
Not ported (the run is marked ``unported``, and the consumer row gives no verdict on it): legacy
``binary`` content parts in messages (``upgradeMessageContent``).
Unknown keys are stripped at the top level of an event and
one level into ``MESSAGES_SNAPSHOT`` / ``RUN_STARTED.input`` messages and their tool calls
(enforceEvents strips at any depth); a member of a discriminated union whose tag no member has
(an outcome of unknown type, a message of unknown role, a content part of unknown type) is
removed wherever it is, as enforceEvents removes it (:func:`strip_unknown_members`).

Example:
    >>> run = client_run([
    ...     {"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...     {"type": "TEXT_MESSAGE_START", "messageId": "m1", "role": "assistant"},
    ...     {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m1", "delta": "Hi"},
    ...     {"type": "TEXT_MESSAGE_END", "messageId": "m1"},
    ...     {"type": "TOOL_CALL_START", "toolCallId": "c1", "toolCallName": "f", "parentMessageId": "m1"},
    ...     {"type": "TOOL_CALL_ARGS", "toolCallId": "c1", "delta": '{"a":'},
    ...     {"type": "TOOL_CALL_ARGS", "toolCallId": "c1", "delta": "1}"},
    ...     {"type": "TOOL_CALL_END", "toolCallId": "c1"},
    ...     {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}])
    >>> run.messages[0]["content"], run.messages[0]["toolCalls"][0]["function"]
    ('Hi', {'name': 'f', 'arguments': '{"a":1}'})
    >>> run.threw, run.outcome
    (None, 'success')
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import jsonpatch  # type: ignore[import-untyped,unused-ignore]  # typed only in newer releases

from conformance.protocols.agui_chunks import expand
from conformance.semantics import _json_equal

# What a patch that cannot apply raises (fast-json-patch throws; the reducer warns and goes on).
_PATCH_ERRORS = (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException, TypeError, KeyError, IndexError,
                 ValueError, AttributeError)
# The deprecated event types only CompatibilityBoundary translates (compatibility-boundary.ts:15-19).
LEGACY_THINKING = frozenset({"THINKING_START", "THINKING_END", "THINKING_TEXT_MESSAGE_START",
                             "THINKING_TEXT_MESSAGE_CONTENT", "THINKING_TEXT_MESSAGE_END"})
# The shape of the ids the port mints where the boundary calls randomUUID (a version-4 UUID).
MINTED_ID = "00000000-0000-4000-8000-{:012x}"


@dataclass
class ClientRun:
    """The agent after ``runAgent``: what a UI built on ``@ag-ui/client`` renders.

    ``messages`` / ``state``: ``agent.messages`` / ``agent.state``; ``interrupts``:
    ``agent.pendingInterrupts``; ``result``: the last success outcome's ``result`` (``runAgent``'s
    return, absent when ``has_result`` is False); ``outcome``: the last applied RUN_FINISHED's
    outcome type (``success`` when it names none), or None; ``run_error``: ``{message, code?}`` of
    the last applied RUN_ERROR, or None; ``threw``: the index of the event at which the pipeline
    threw (``runAgent`` rejects), or None; ``unported``: why this port cannot vouch for the run.
    """

    messages: list[dict[str, Any]] = field(default_factory=list)
    state: Any = field(default_factory=dict)
    interrupts: list[Any] = field(default_factory=list)
    result: Any = None
    has_result: bool = False
    outcome: str | None = None
    run_error: dict[str, Any] | None = None
    threw: int | None = None
    unported: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The shape ``tools/agui-oracle/oracle.mjs`` prints for the real client (``run``)."""
        out: dict[str, Any] = {"messages": self.messages, "state": self.state, "interrupts": self.interrupts,
                               "outcome": self.outcome, "runError": self.run_error, "threw": self.threw}
        if self.has_result:
            out["result"] = self.result
        return out


# ---------------------------------------------------------------------------------------------
# CompatibilityBoundary.transformEvent (compatibility-boundary.ts:203-320): legacy nulls -> absent
# ---------------------------------------------------------------------------------------------

def _without(event: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in event.items() if k != key}


def _compat(event: Any) -> Any:
    """One event as the compatibility boundary hands it on (only the null rules; see the module notes)."""
    if not isinstance(event, dict):
        return event
    etype = event.get("type")
    if "rawEvent" in event and event["rawEvent"] is None:
        event = _without(event, "rawEvent")
    if etype in ("RUN_FINISHED", "SUBAGENT_FINISHED") and "result" in event and event["result"] is None:
        event = _without(event, "result")
    if etype in ("TOOL_CALL_START", "TOOL_CALL_CHUNK") and "parentMessageId" in event \
            and event["parentMessageId"] is None:
        event = _without(event, "parentMessageId")
    if etype == "RUN_FINISHED" and "outcome" in event and event["outcome"] is None:
        event = _without(event, "outcome")
    return event


class _Thinking:
    """The boundary's ``THINKING_*`` -> ``REASONING_*`` translation (compatibility-boundary.ts:230-305).

    A canary-era producer's thinking events name no id: an opener mints one, its continuations and
    close reuse it. A continuation or close with no opener before it gets a freshly minted id that
    nothing opened, which verifyEvents then rejects. State lasts for the whole ``runAgent`` call.

    >>> t = _Thinking()
    >>> opened = t.event({"type": "THINKING_TEXT_MESSAGE_START"})
    >>> opened["type"], opened["messageId"], opened["role"]
    ('REASONING_MESSAGE_START', '00000000-0000-4000-8000-000000000001', 'reasoning')
    >>> t.event({"type": "THINKING_TEXT_MESSAGE_CONTENT", "delta": "hm"})["messageId"] == opened["messageId"]
    True
    """

    def __init__(self) -> None:
        self.minted = 0
        self.reasoning: str | None = None  # the open THINKING_START's id
        self.message: str | None = None  # the open THINKING_TEXT_MESSAGE_START's id

    def mint(self) -> str:
        self.minted += 1
        return MINTED_ID.format(self.minted)

    def event(self, event: dict[str, Any]) -> dict[str, Any]:
        etype = event.get("type")
        if etype == "THINKING_START":
            self.reasoning = self.mint()
            return {**_without(event, "title"), "type": "REASONING_START", "messageId": self.reasoning}
        if etype == "THINKING_TEXT_MESSAGE_START":
            self.message = self.mint()
            return {**event, "type": "REASONING_MESSAGE_START", "messageId": self.message, "role": "reasoning"}
        if etype == "THINKING_TEXT_MESSAGE_CONTENT":
            out = {**_without(event, "delta"), "type": "REASONING_MESSAGE_CONTENT",
                   "messageId": self.message or self.mint()}
            return {**out, "delta": event["delta"]} if "delta" in event else out
        if etype == "THINKING_TEXT_MESSAGE_END":
            message, self.message = self.message or self.mint(), None
            return {**event, "type": "REASONING_MESSAGE_END", "messageId": message}
        if etype == "THINKING_END":
            reasoning, self.reasoning = self.reasoning or self.mint(), None
            return {**event, "type": "REASONING_END", "messageId": reasoning}
        return event


def _unported(events: Sequence[Any]) -> list[str]:
    out: list[str] = []
    for e in events:
        if isinstance(e, dict) and any(_has_binary(m) for m in _carried_messages(e)):
            out.append(f"legacy binary content in {e.get('type')}")
            break
    return out


def _carried_messages(event: dict[str, Any]) -> list[Any]:
    if event.get("type") == "MESSAGES_SNAPSHOT":
        msgs = event.get("messages")
    elif event.get("type") == "RUN_STARTED" and isinstance(event.get("input"), dict):
        msgs = event["input"].get("messages")
    else:
        msgs = None
    return msgs if isinstance(msgs, list) else []


def _has_binary(message: Any) -> bool:
    content = message.get("content") if isinstance(message, dict) else None
    return isinstance(content, list) and any(isinstance(p, dict) and p.get("type") == "binary" for p in content)


# ---------------------------------------------------------------------------------------------
# enforceEvents' stripping of unknown keys (src/enforce/strip.ts), as far as the reducer reads
# ---------------------------------------------------------------------------------------------

def _message_keys() -> dict[str, frozenset[str]]:
    from ag_ui.core import types

    out: dict[str, frozenset[str]] = {}
    for model in (types.DeveloperMessage, types.SystemMessage, types.AssistantMessage, types.UserMessage,
                  types.ToolMessage, types.ActivityMessage, types.ReasoningMessage):
        role = model.model_fields["role"].default
        out[str(role)] = frozenset(f.alias or n for n, f in model.model_fields.items())
    return out


_MESSAGE_KEYS = _message_keys()
_TOOL_CALL_KEYS = frozenset({"id", "type", "function", "encryptedValue", "metadata"})
_FUNCTION_KEYS = frozenset({"name", "arguments"})


def strip_unknown_members(event: Any) -> tuple[Any, list[list[Any]]]:
    """enforceEvents' stripping of an unrecognised discriminated-union member (src/enforce/strip.ts): an array
    element whose tag no member has is dropped, an optional field holding one is omitted. The event as the
    client reads it on, and the JSON paths removed.

    >>> strip_unknown_members({"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "outcome": {"type": "x"}})
    ({'type': 'RUN_FINISHED', 'threadId': 't', 'runId': 'r'}, [['outcome']])
    """
    stripped, removed, _valid = stripped_member(event)
    return stripped, removed


def stripped_member(event: Any) -> tuple[Any, list[list[Any]], bool]:
    """:func:`strip_unknown_members`, and whether the event it returns is one the AG-UI models accept (its last
    validation passed): a caller that also wants the event's schema errors need not validate it again.

    >>> stripped_member({"type": "RUN_STARTED", "threadId": "t", "runId": "r"})[2]
    True
    >>> stripped_member({"type": "RUN_STARTED", "threadId": "t"})[2]
    False
    """
    from pydantic import ValidationError

    from conformance.protocols.agui import _EVENT_ADAPTER, ALLOWED_KEYS

    if not isinstance(event, dict) or event.get("type") not in ALLOWED_KEYS:
        return event, [], False
    removed: list[list[Any]] = []
    valid = False
    for _ in range(64):  # one member a pass: a path stays valid while the others are removed
        try:
            _EVENT_ADAPTER.validate_python(event, strict=True, by_alias=True, by_name=False)
            valid = True
            break
        except ValidationError as exc:
            tagged = [e["loc"][1:] for e in exc.errors() if e["type"] == "union_tag_invalid"]
        if not tagged:
            break
        path = _data_path(event, tagged[0])
        if not path:
            break
        event = copy.deepcopy(event)
        parent = event
        for step in path[:-1]:
            parent = parent[step]
        del parent[path[-1]]
        removed.append(path)
    return event, removed, valid


def _data_path(value: Any, loc: Sequence[Any]) -> list[Any]:
    """A pydantic error location as a path into the data: the union-branch labels it holds are skipped."""
    path: list[Any] = []
    for part in loc:
        in_list = isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value)
        if in_list or (isinstance(value, dict) and part in value):
            value = value[part]
            path.append(part)
    return path


def _strip_message(message: Any) -> Any:
    if not isinstance(message, dict) or message.get("role") not in _MESSAGE_KEYS:
        return message
    out = {k: v for k, v in message.items() if k in _MESSAGE_KEYS[message["role"]]}
    if isinstance(out.get("toolCalls"), list):
        out["toolCalls"] = [_strip_call(c) for c in out["toolCalls"]]
    return out


def _strip_call(call: Any) -> Any:
    if not isinstance(call, dict):
        return call
    out = {k: v for k, v in call.items() if k in _TOOL_CALL_KEYS}
    if isinstance(out.get("function"), dict):
        out["function"] = {k: v for k, v in out["function"].items() if k in _FUNCTION_KEYS}
    return out


def _strip(event: dict[str, Any]) -> dict[str, Any]:
    from conformance.protocols.agui import ALLOWED_KEYS

    out = {k: v for k, v in event.items() if k in ALLOWED_KEYS[event["type"]]}
    if out["type"] == "MESSAGES_SNAPSHOT" and isinstance(out.get("messages"), list):
        out["messages"] = [_strip_message(m) for m in out["messages"]]
    if out["type"] == "RUN_STARTED" and isinstance(out.get("input"), dict) \
            and isinstance(out["input"].get("messages"), list):
        out["input"] = {**out["input"], "messages": [_strip_message(m) for m in out["input"]["messages"]]}
    return out


# ---------------------------------------------------------------------------------------------
# defaultApplyEvents (src/apply/default.ts), with no subscribers
# ---------------------------------------------------------------------------------------------

def apply_patch(document: Any, patch: Any) -> Any:
    """fast-json-patch 3.1.1 ``applyPatch(document, patch, true, false)``: the patched copy, or an exception.

    The ``jsonpatch`` library applies each operation, except where fast-json-patch reads RFC 6902
    its own way: an operation on the root (``path: ""``; core.js:124-158: ``remove`` leaves
    ``null``, ``move`` / ``copy`` take the ``from`` value) and ``test``, compared as JSON values
    (``true`` is not ``1``). Operations are validated one by one before each applies (core.js:311-333).

    >>> apply_patch({"a": 1}, [{"op": "add", "path": "/b", "value": [1]}, {"op": "remove", "path": "/a"}])
    {'b': [1]}
    >>> apply_patch({"a": 1}, [{"op": "remove", "path": ""}]) is None
    True
    """
    if not isinstance(patch, list):
        raise ValueError("Patch sequence must be an array")
    doc = copy.deepcopy(document)
    for op in patch:
        _validate_op(op)
        if op["op"] == "test":
            if not _json_equal(jsonpatch.JsonPointer(op["path"]).resolve(doc), op["value"]):
                raise jsonpatch.JsonPatchTestFailed("Test operation failed")
        elif op["path"] == "":
            doc = _root_op(doc, op)
        else:
            doc = jsonpatch.apply_patch(doc, [op], in_place=True)
    return doc


def _validate_op(op: Any) -> None:
    if not isinstance(op, dict) or op.get("op") not in ("add", "remove", "replace", "move", "copy", "test"):
        raise jsonpatch.InvalidJsonPatch("not an RFC 6902 operation")
    if not isinstance(op.get("path"), str) or (op["path"] and not op["path"].startswith("/")):
        raise jsonpatch.InvalidJsonPatch("path")
    if op["op"] in ("move", "copy") and not isinstance(op.get("from"), str):
        raise jsonpatch.InvalidJsonPatch("from")
    if op["op"] in ("add", "replace", "test") and "value" not in op:
        raise jsonpatch.InvalidJsonPatch("value")


def _root_op(doc: Any, op: dict[str, Any]) -> Any:
    if op["op"] in ("add", "replace"):
        return copy.deepcopy(op["value"])
    if op["op"] == "remove":
        return None
    return copy.deepcopy(jsonpatch.JsonPointer(op["from"]).resolve(doc))  # move / copy to the root


def json_copy(value: Any) -> Any:
    """A deep copy of a JSON value (dicts of string keys, lists, scalars) as ``copy.deepcopy`` makes it, but for a
    value held twice inside it, copied twice (JSON shares nothing); anything else, a dict with another key or of
    another class, is copied by ``copy.deepcopy``. The events graded are JSON values (a run's are copied through
    JSON, a recording's read from it), which this copies in a fraction of deepcopy's time.

    >>> meta = {"a": [1, {"b": None}], "c": "d"}
    >>> json_copy(meta) == meta, json_copy(meta)["a"] is meta["a"], json_copy((1, [2]))
    (True, False, (1, [2]))
    """
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return value
    if kind is dict and all(type(k) is str for k in value):
        return {k: json_copy(v) for k, v in value.items()}
    if kind is list:
        return [json_copy(v) for v in value]
    return copy.deepcopy(value)


def _apply_metadata(target: dict[str, Any] | None, event: dict[str, Any]) -> bool:
    """``applyEventMetadata`` (default.ts:124-133) with ``mergeMetadata`` (@ag-ui/core: shallow, last wins)."""
    if target is None or "metadata" not in event:
        return False
    incoming = json_copy(event["metadata"])
    existing = target.get("metadata")
    target["metadata"] = {**incoming} if existing is None else {**existing, **incoming}
    return True


def _has_call(message: dict[str, Any], call_id: Any) -> bool:
    calls = message.get("toolCalls")
    return isinstance(calls, list) and any(isinstance(c, dict) and c.get("id") == call_id for c in calls)


def _call_in(message: dict[str, Any], call_id: Any) -> dict[str, Any] | None:
    return next((c for c in message.get("toolCalls") or [] if isinstance(c, dict) and c.get("id") == call_id), None)


def _without_null_subagent(message: Any) -> Any:
    """A runtime null ``subagentRunId`` reads as absent (default.ts:767-774, 1063-1071)."""
    if isinstance(message, dict) and "subagentRunId" in message and message["subagentRunId"] is None:
        return _without(message, "subagentRunId")
    return message


def authoritative_activity_types(event: dict[str, Any]) -> list[str] | bool | None:
    """``authoritativeActivityTypes`` (src/activity-history.ts:10-26); ``False`` stands for ``undefined``.

    >>> authoritative_activity_types({"type": "MESSAGES_SNAPSHOT", "messages": []})
    False
    >>> authoritative_activity_types({"metadata": {"@ag-ui/client": {"authoritativeActivityTypes": ["a", 1]}}})
    []
    """
    meta = event.get("metadata")
    if not meta or not isinstance(meta, dict) or "@ag-ui/client" not in meta:
        return False
    value = meta["@ag-ui/client"]
    if not value or not isinstance(value, dict):
        return []
    if "authoritativeActivityTypes" not in value:
        return False
    types = value["authoritativeActivityTypes"]
    if types is None:
        return None
    return types if isinstance(types, list) and all(isinstance(t, str) for t in types) else []


class _Reducer:
    """``defaultApplyEvents``' switch (default.ts:207-1509): one method per event type that changes state."""

    def __init__(self) -> None:
        self.run = ClientRun()
        self.handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "TEXT_MESSAGE_START": self.text_start, "TEXT_MESSAGE_CONTENT": self.text_content,
            "TEXT_MESSAGE_END": self.text_end, "TOOL_CALL_START": self.tool_start, "TOOL_CALL_ARGS": self.tool_args,
            "TOOL_CALL_END": self.tool_end, "TOOL_CALL_RESULT": self.tool_result,
            "STATE_SNAPSHOT": self.state_snapshot, "STATE_DELTA": self.state_delta,
            "MESSAGES_SNAPSHOT": self.messages_snapshot, "ACTIVITY_SNAPSHOT": self.activity_snapshot,
            "ACTIVITY_DELTA": self.activity_delta, "RUN_STARTED": self.run_started,
            "RUN_FINISHED": self.run_finished, "RUN_ERROR": self.run_error,
            "REASONING_MESSAGE_START": self.text_start, "REASONING_MESSAGE_CONTENT": self.text_content,
            "REASONING_MESSAGE_END": self.text_end, "REASONING_ENCRYPTED_VALUE": self.encrypted_value,
        }

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.run.messages

    def find(self, message_id: Any) -> dict[str, Any] | None:
        return next((m for m in self.messages if m.get("id") == message_id), None)

    def apply(self, event: dict[str, Any]) -> None:
        handler = self.handlers.get(event["type"])
        if handler is not None:
            handler(event)

    # -- text and reasoning messages (default.ts:208-382, 1227-1378) --------------------------

    def text_start(self, event: dict[str, Any]) -> None:
        reasoning = event["type"] == "REASONING_MESSAGE_START"
        existing = self.find(event["messageId"])
        if existing is not None and existing.get("role") == "activity":
            return  # an id an activity message holds: the text is dropped (default.ts:236-246)
        target = existing
        if target is None:
            target = {"id": event["messageId"], "role": "reasoning" if reasoning else event.get("role", "assistant"),
                      "content": ""}
            if "name" in event and not reasoning:
                target["name"] = event["name"]
            if event.get("subagentRunId") is not None:
                target["subagentRunId"] = event["subagentRunId"]
            self.messages.append(target)
        _apply_metadata(target, event)

    def text_content(self, event: dict[str, Any]) -> None:
        target = self.find(event["messageId"])
        if target is None or target.get("role") == "activity":
            return  # warned, not applied (default.ts:282-295, 1284-1297)
        existing = target.get("content") if isinstance(target.get("content"), str) else ""
        target["content"] = f"{existing}{event['delta']}"
        _apply_metadata(target, event)

    def text_end(self, event: dict[str, Any]) -> None:
        target = self.find(event["messageId"])
        if target is not None and target.get("role") != "activity":
            _apply_metadata(target, event)

    # -- tool calls and results (default.ts:384-679) ----------------------------------------------

    def owner(self, call_id: Any) -> dict[str, Any] | None:
        return next((m for m in self.messages if _has_call(m, call_id)), None)

    def tool_start(self, event: dict[str, Any]) -> None:
        call_id, name = event["toolCallId"], event["toolCallName"]
        owner = self.owner(call_id)
        existing = _call_in(owner, call_id) if owner is not None else None
        if existing is not None:
            # Idempotent: a replayed start renames at most, and keeps the streamed arguments (417-440).
            existing["function"]["name"] = name
            _apply_metadata(existing, event)
            return
        preexisting = {m.get("id") for m in self.messages}
        target = self.resolve_or_create(event.get("parentMessageId"), call_id)
        if target.get("id") not in preexisting and event.get("subagentRunId") is not None \
                and "subagentRunId" not in target:
            target["subagentRunId"] = event["subagentRunId"]
        if target.get("toolCalls") is None:
            target["toolCalls"] = []
        call: dict[str, Any] = {"id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}
        target["toolCalls"].append(call)
        _apply_metadata(call, event)

    def resolve_or_create(self, parent: Any, call_id: Any) -> dict[str, Any]:
        """``resolveOrCreateAssistantMessage`` (default.ts:66-96)."""
        existing = self.find(parent) if parent else None
        if existing is not None and existing.get("role") == "assistant":
            return existing
        created: dict[str, Any] = {"id": call_id if (existing is not None or not parent) else parent,
                                   "role": "assistant", "toolCalls": []}
        self.messages.append(created)
        return created

    def tool_args(self, event: dict[str, Any]) -> None:
        owner = self.owner(event["toolCallId"])
        call = _call_in(owner, event["toolCallId"]) if owner is not None else None
        if call is None:
            return  # warned, not applied (default.ts:482-494)
        call["function"]["arguments"] = f"{call['function']['arguments']}{event['delta']}"  # string concat (528)
        _apply_metadata(call, event)

    def tool_end(self, event: dict[str, Any]) -> None:
        owner = self.owner(event["toolCallId"])
        call = _call_in(owner, event["toolCallId"]) if owner is not None else None
        if call is not None:
            _apply_metadata(call, event)

    def tool_result(self, event: dict[str, Any]) -> None:
        message: dict[str, Any] = {"id": event["messageId"], "toolCallId": event["toolCallId"],
                                   "role": event.get("role") or "tool", "content": event["content"]}
        if event.get("subagentRunId") is not None:
            message["subagentRunId"] = event["subagentRunId"]
        _apply_metadata(message, event)
        # Right after the assistant message that made the call, past its other results (638-661).
        owner = next((i for i, m in enumerate(self.messages)
                      if m.get("role") == "assistant" and _has_call(m, event["toolCallId"])), -1)
        if owner == -1:
            self.messages.append(message)
            return
        at = owner + 1
        while at < len(self.messages) and self.messages[at].get("role") == "tool":
            at += 1
        self.messages.insert(at, message)

    def encrypted_value(self, event: dict[str, Any]) -> None:
        """default.ts:1409-1454."""
        if event.get("subtype") == "tool-call":
            for message in self.messages:
                call = _call_in(message, event["entityId"]) if message.get("role") == "assistant" else None
                if call is not None:
                    call["encryptedValue"] = event["encryptedValue"]
                    return
            return
        target = self.find(event["entityId"])
        if target is not None and target.get("role") != "activity":
            target["encryptedValue"] = event["encryptedValue"]

    # -- state (default.ts:681-744) ------------------------------------------------------------

    def state_snapshot(self, event: dict[str, Any]) -> None:
        self.run.state = copy.deepcopy(event.get("snapshot"))

    def state_delta(self, event: dict[str, Any]) -> None:
        # "Failed to apply state patch": warned, the state stays as it was.
        with contextlib.suppress(*_PATCH_ERRORS):
            self.run.state = apply_patch(self.run.state, event["delta"])

    # -- snapshots of messages and activities (default.ts:746-996) -------------------------------

    def messages_snapshot(self, event: dict[str, Any]) -> None:
        new = [_without_null_subagent(m) for m in event["messages"]]
        by_id = {}
        for m in new:
            by_id[m.get("id")] = m  # new Map(...): the last message of an id wins
        owned = authoritative_activity_types(event)
        has_activity = any(m.get("role") == "activity" for m in new)
        has_reasoning = any(m.get("role") == "reasoning" for m in new)

        def preserved(m: dict[str, Any]) -> bool:
            if m.get("role") == "activity":
                if isinstance(owned, list):
                    return m.get("activityType") not in owned
                return owned is not None and not has_activity
            return m.get("role") == "reasoning" and not has_reasoning

        kept = [by_id.get(m.get("id"), m) for m in self.messages if m.get("id") in by_id or preserved(m)]
        ids = {m.get("id") for m in kept}
        kept += [m for m in new if m.get("id") not in ids]
        self.run.messages = copy.deepcopy(kept)

    def activity_snapshot(self, event: dict[str, Any]) -> None:
        index = next((i for i, m in enumerate(self.messages) if m.get("id") == event["messageId"]), -1)
        existing = self.messages[index] if index >= 0 else None
        activity = existing if existing is not None and existing.get("role") == "activity" else None
        replace = event.get("replace", True)
        message: dict[str, Any] = {"id": event["messageId"], "role": "activity",
                                   "activityType": event["activityType"], "content": copy.deepcopy(event["content"])}
        if event.get("subagentRunId") is not None:
            message["subagentRunId"] = event["subagentRunId"]
        target: dict[str, Any] | None = None
        if index == -1:
            self.messages.append(message)
            target = message
        elif activity is not None:
            if replace:
                merged = {**activity, "activityType": event["activityType"],
                          "content": copy.deepcopy(event["content"])}
                merged.pop("subagentRunId", None)
                if event.get("subagentRunId") is not None:
                    merged["subagentRunId"] = event["subagentRunId"]
                self.messages[index] = merged
            target = self.messages[index]
        elif replace:
            self.messages[index] = target = message
        _apply_metadata(target, event)

    def activity_delta(self, event: dict[str, Any]) -> None:
        index = next((i for i, m in enumerate(self.messages) if m.get("id") == event["messageId"]), -1)
        if index == -1 or self.messages[index].get("role") != "activity":
            return
        activity = self.messages[index]
        _apply_metadata(activity, event)
        base = activity.get("content")
        try:
            content = apply_patch({} if base is None else base, event.get("patch") or [])
        except _PATCH_ERRORS:
            return  # "Failed to apply activity patch": warned
        self.messages[index] = {**activity, "content": content, "activityType": event["activityType"]}

    # -- the run (default.ts:1036-1161; agent.ts:306-310) ---------------------------------------

    def run_started(self, event: dict[str, Any]) -> None:
        source = event.get("input")
        if not isinstance(source, dict) or not source.get("messages"):
            return
        for raw in source["messages"]:
            message = _without_null_subagent(raw)
            if self.find(message.get("id")) is None:
                self.messages.append(copy.deepcopy(message))

    def run_finished(self, event: dict[str, Any]) -> None:
        outcome = event.get("outcome")
        outcome = outcome if isinstance(outcome, dict) else {}
        kind = outcome.get("type")
        self.run.outcome = kind if kind in ("interrupt", "cancelled") else "success"
        if kind == "interrupt":
            self.run.interrupts = [copy.deepcopy(_without_null_subagent(i)) for i in outcome.get("interrupts", [])]
            return
        self.run.interrupts = []
        if kind != "cancelled":
            # runAgent's own subscriber keeps the success result (undefined when absent).
            self.run.has_result = "result" in event
            self.run.result = copy.deepcopy(event.get("result"))

    def run_error(self, event: dict[str, Any]) -> None:
        self.run.run_error = {k: event[k] for k in ("message", "code") if k in event}


def client_run(events: Sequence[Any]) -> ClientRun:
    """The agent ``runAgent`` leaves after these events (see the module notes)."""
    from conformance.node_oracle import agui_verdict_read  # it loads the protocols' schemas: only when asked

    unported = _unported(events)
    if unported:
        return ClientRun(unported=unported)
    # JSON null as an event: the boundary reads `event.rawEvent` of it and throws a TypeError.
    null_at = next((i for i, e in enumerate(events) if e is None), None)
    thinking = _Thinking()
    normalized = [thinking.event(e) if isinstance(e, dict) else e
                  for e in (_compat(e) for e in (events if null_at is None else events[:null_at]))]
    verdict, members = agui_verdict_read(normalized)
    rejected = verdict["rejected"] if verdict["rejected"] is not None else null_at
    stop = len(normalized) if verdict["rejected"] is None else verdict["rejected"]
    # Every event not dropped is one of an AG-UI type, stripped of its unknown union members by the verdict.
    passed = [_strip(members[i]) for i in range(stop) if i in members]
    reducer = _Reducer()
    for event in expand(passed, carry_metadata=True).events:
        reducer.apply(event)
    reducer.run.threw = rejected
    if rejected is not None:  # runAgent rejects: it returns no result
        reducer.run.has_result, reducer.run.result = False, None
    return reducer.run
