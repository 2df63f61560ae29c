"""A Python port of TanStack AI's ``StreamProcessor``: what a chat UI shows for an adapter's events.

``@tanstack/ai`` 0.58.0 (``dist/esm/activities/chat/stream/processor.js`` and
``message-updaters.js``) turns a stream of ``StreamChunk`` s (AG-UI events) into ``UIMessage[]``.
The port follows that code branch for branch, for the events an adapter emits:

* ``TEXT_MESSAGE_*``: a message per ``messageId`` (lazily created); text after a tool call in
  the same message starts a new text part (``hasToolCallsSinceTextStart``), otherwise the last
  text part is replaced with the grown segment;
* ``TOOL_CALL_START/ARGS/END``: a ``tool-call`` part in the ``parentMessageId`` message (else the
  active one), ``awaiting-input`` -> ``input-streaming`` -> ``input-complete`` with ``input`` =
  the strictly parsed arguments (or ``TOOL_CALL_END``'s own ``input``); ARGS for an unknown id
  are dropped; ``RUN_FINISHED`` and the end of the stream complete every open call;
* ``REASONING_MESSAGE_CONTENT`` (+ ``STEP_STARTED`` names the step): ``thinking`` parts;
* ``TOOL_CALL_RESULT``: the call's ``output`` and state, plus a ``tool-result`` part;
* approvals: ``RUN_FINISHED.outcome`` interrupts and the deprecated ``CUSTOM approval-requested``
  set the call's state to ``approval-requested`` with ``approval: {id, needsApproval: true}``;
* ``structured-output.*`` CUSTOM events: a ``structured-output`` part;
* at the end of the stream the last assistant message is removed when it holds only
  whitespace text (unless the run errored); ``RUN_ERROR`` makes sure an assistant message exists.

Not ported (the check says so instead of guessing): ``MESSAGES_SNAPSHOT`` (its AG-UI message
conversion), the progressive ``partial`` of a streaming structured-output part (a strict parse
stands in for ``partial-json``), callbacks and chunk strategies other than the default
(``ImmediateStrategy``: every delta is shown at once).

The TanStack yield layer (``output: tanstack``) reaches the processor through
``normalizeStreamChunk`` (spec-reference 4.2); :func:`normalize_stream_chunk` ports it.

Example:
    >>> events = [
    ...     {"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...     {"type": "TEXT_MESSAGE_START", "messageId": "m1", "role": "assistant"},
    ...     {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m1", "delta": "Let me check. "},
    ...     {"type": "TOOL_CALL_START", "toolCallId": "c1", "toolCallName": "f", "parentMessageId": "m1"},
    ...     {"type": "TOOL_CALL_ARGS", "toolCallId": "c1", "delta": '{"a":1}'},
    ...     {"type": "TOOL_CALL_END", "toolCallId": "c1"},
    ...     {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m1", "delta": "Done."},
    ...     {"type": "TEXT_MESSAGE_END", "messageId": "m1"},
    ...     {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"},
    ... ]
    >>> [(p.type, getattr(p, "content", None) or getattr(p, "input", None)) for p in ui_messages(events)[0].parts]
    [('text', 'Let me check. '), ('tool-call', {'a': 1}), ('text', 'Done.')]
"""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from conformance.protocols.agui_chunks import expand

# ---------------------------------------------------------------------------------------------
# Published types (@tanstack/ai 0.58.0 dist/esm/types.d.ts): UIMessage and its parts
# ---------------------------------------------------------------------------------------------

ToolCallState = Literal[
    "awaiting-input", "input-streaming", "input-complete", "approval-requested", "approval-responded",
    "complete", "error",
]
ToolResultState = Literal["streaming", "complete", "error"]


class _Part(BaseModel):
    # Other keys (metadata a later version adds) are kept, not rejected: the port must not hide them.
    model_config = ConfigDict(extra="allow")


class TextPart(_Part):
    type: Literal["text"]
    content: str
    metadata: Any = None


class Approval(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    needsApproval: bool
    approved: bool | None = None


class ToolCallPart(_Part):
    type: Literal["tool-call"]
    id: str
    name: str
    arguments: str
    state: ToolCallState
    input: Any = None
    approval: Approval | None = None
    output: Any = None
    metadata: Any = None


class ToolResultPart(_Part):
    type: Literal["tool-result"]
    toolCallId: str
    content: str | list[Any]
    state: ToolResultState
    error: str | None = None


class ThinkingPart(_Part):
    type: Literal["thinking"]
    content: str
    stepId: str | None = None
    signature: str | None = None


class StructuredOutputPart(_Part):
    type: Literal["structured-output"]
    status: Literal["streaming", "complete", "error"]
    raw: str
    partial: Any = None
    data: Any = None
    reasoning: str | None = None
    errorMessage: str | None = None


class UIResourcePart(_Part):
    type: Literal["ui-resource"]
    resource: dict[str, Any]
    toolCallId: str
    toolName: str


MessagePart = Annotated[
    TextPart | ToolCallPart | ToolResultPart | ThinkingPart | StructuredOutputPart | UIResourcePart,
    Field(discriminator="type"),
]


class UIMessage(BaseModel):
    """``UIMessage``: ``createdAt`` is left out (a clock reading, not content)."""

    model_config = ConfigDict(extra="forbid")
    id: str
    role: Literal["system", "user", "assistant"]
    parts: list[MessagePart]
    name: str | None = None
    metadata: dict[str, Any] | None = None


UI_MESSAGES: TypeAdapter[list[UIMessage]] = TypeAdapter(list[UIMessage])

# ---------------------------------------------------------------------------------------------
# JS semantics the port needs
# ---------------------------------------------------------------------------------------------


class _Undefined:
    """JS ``undefined`` where it differs from ``null`` (``x !== void 0``)."""

    def __repr__(self) -> str:
        return "undefined"


UNDEF: Any = _Undefined()


def _reject_constant(name: str) -> Any:
    raise ValueError(name)


def js_parse(text: Any) -> tuple[bool, Any]:
    """``JSON.parse``: (ok, value). Python's extras (``NaN``, non-strings) are failures too.

    >>> js_parse('{"a":1}'), js_parse(''), js_parse('NaN')
    ((True, {'a': 1}), (False, None), (False, None))
    """
    if not isinstance(text, str):
        return False, None
    try:
        return True, json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        return False, None


def js_stringify(value: Any) -> str:
    """``JSON.stringify`` for JSON values (no spaces, non-ASCII kept)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _obj(value: Any) -> dict[str, Any]:
    """``value`` if it is a JSON object, else ``{}``."""
    return value if isinstance(value, dict) else {}


def js_string(value: Any) -> str:
    """JS ``String(value)`` for JSON values (what ``text + value`` appends).

    >>> js_string(5), js_string(1.5), js_string(True), js_string([1, "a"]), js_string({})
    ('5', '1.5', 'true', '1,a', '[object Object]')
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e21 else repr(value)
    if value is None:
        return "null"
    if isinstance(value, list):
        return ",".join("" if v is None else js_string(v) for v in value)
    return "[object Object]"


def _truthy_str(value: Any) -> str:
    """``x || ""`` appended to a string: falsy values add nothing, others their ``String()``."""
    if value is None or value is False or value == "" or (isinstance(value, int | float) and not value):
        return ""
    return js_string(value)


def _tanstack(chunk: Any) -> dict[str, Any] | None:
    """``tanstackMetadata(chunk)``: ``chunk.metadata.tanstack`` (or ``chunk.tanstack`` without metadata)."""
    if not isinstance(chunk, dict):
        return None
    nested = chunk.get("metadata") if "metadata" in chunk else None
    holder = nested if isinstance(nested, dict) else chunk
    value = holder.get("tanstack")
    return value if isinstance(value, dict) else None


def _merge_metadata(current: Any, incoming: Any) -> Any:
    if incoming is None:
        return current
    if current is None:
        return dict(incoming)
    merged = {**current, **incoming}
    if isinstance(current.get("tanstack"), dict) and isinstance(incoming.get("tanstack"), dict):
        merged["tanstack"] = {**current["tanstack"], **incoming["tanstack"]}
    return merged


# ---------------------------------------------------------------------------------------------
# normalizeStreamChunk (utilities/normalize-stream-chunk.js): the yield layer -> what consumers get
# ---------------------------------------------------------------------------------------------

_SHARED = ("type", "timestamp", "rawEvent", "metadata")
SPEC_KEYS: dict[str, frozenset[str]] = {
    t: frozenset((*_SHARED, *extra)) for t, extra in {
        "TEXT_MESSAGE_START": ("messageId", "role", "name"),
        "TEXT_MESSAGE_CONTENT": ("messageId", "delta"),
        "TEXT_MESSAGE_END": ("messageId",),
        "TEXT_MESSAGE_CHUNK": ("messageId", "role", "delta", "name"),
        "TOOL_CALL_START": ("toolCallId", "toolCallName", "parentMessageId"),
        "TOOL_CALL_ARGS": ("toolCallId", "delta"),
        "TOOL_CALL_END": ("toolCallId",),
        "TOOL_CALL_CHUNK": ("toolCallId", "toolCallName", "parentMessageId", "delta"),
        "TOOL_CALL_RESULT": ("messageId", "toolCallId", "content", "role"),
        "STATE_SNAPSHOT": ("snapshot",),
        "STATE_DELTA": ("delta",),
        "MESSAGES_SNAPSHOT": ("messages",),
        "RAW": ("event", "source"),
        "CUSTOM": ("name", "value"),
        "RUN_STARTED": ("threadId", "runId", "parentRunId", "input"),
        "RUN_FINISHED": ("threadId", "runId", "result", "outcome", "usage"),
        "RUN_ERROR": ("message", "code", "usage"),
        "STEP_STARTED": ("stepName",),
        "STEP_FINISHED": ("stepName",),
        "REASONING_START": ("messageId",),
        "REASONING_MESSAGE_START": ("messageId", "role"),
        "REASONING_MESSAGE_CONTENT": ("messageId", "delta"),
        "REASONING_MESSAGE_END": ("messageId",),
        "REASONING_MESSAGE_CHUNK": ("messageId", "delta"),
        "REASONING_END": ("messageId",),
        "REASONING_ENCRYPTED_VALUE": ("subtype", "entityId", "encryptedValue"),
    }.items()
}


def normalize_stream_chunk(chunk: dict[str, Any]) -> list[dict[str, Any]]:
    """One adapter yield as the chunks consumers receive (``normalizeStreamChunk``).

    ``usage`` is left as it is: the processor never reads it (TanStack turns a ``TokenUsage``
    into AG-UI ``usage[]`` here; that changes no ``UIMessage``).

    >>> normalize_stream_chunk({"type": "TOOL_CALL_START", "toolCallId": "c", "toolName": "f", "index": 0})
    [{'type': 'TOOL_CALL_START', 'toolCallId': 'c', 'toolCallName': 'f', 'metadata': {'tanstack': {'index': 0}}}]
    >>> [e["type"] for e in normalize_stream_chunk({"type": "TOOL_CALL_END", "toolCallId": "c", "result": "{}"})]
    ['TOOL_CALL_END', 'TOOL_CALL_RESULT']
    """
    etype = chunk.get("type")
    spec = SPEC_KEYS.get(etype, frozenset(_SHARED)) if isinstance(etype, str) else frozenset(_SHARED)
    out = _spec_fields(chunk, etype, spec)
    tanstack = _tanstack_extras(chunk, etype, spec)
    if tanstack:
        meta = _obj(out.get("metadata"))
        current = _tanstack(out) or {}
        out = {**out, "metadata": {**meta, "tanstack": {**current, **tanstack}}}
    main = [out]
    for extra in (_tool_result_chunk(chunk, etype), _encrypted_value_chunk(chunk)):
        if extra is not None:
            main.append(extra)
    return main


def _spec_fields(chunk: dict[str, Any], etype: Any, spec: frozenset[str]) -> dict[str, Any]:
    # The AG-UI fields of the event; TanStack's own spellings (toolName, error{}) fill the gaps.
    out: dict[str, Any] = {k: v for k, v in chunk.items() if k in spec}
    if etype == "TOOL_CALL_START" and "toolCallName" not in out and chunk.get("toolName"):
        out["toolCallName"] = chunk["toolName"]
    err = chunk.get("error")
    if etype == "RUN_ERROR" and isinstance(err, dict):
        if "message" not in out and err.get("message"):
            out["message"] = err["message"]
        if "code" not in out and err.get("code") is not None:
            out["code"] = err["code"]
    return out


def _tanstack_extras(chunk: dict[str, Any], etype: Any, spec: frozenset[str]) -> dict[str, Any]:
    # Every non-AG-UI key moves under metadata.tanstack, except the ones the spec fields consumed.
    tanstack: dict[str, Any] = {}
    if "model" in chunk and etype not in ("TEXT_MESSAGE_CONTENT", "TOOL_CALL_ARGS"):
        tanstack["model"] = chunk["model"]
    if "finishReason" in chunk:
        tanstack["finishReason"] = chunk["finishReason"]
    if etype in ("CUSTOM", "RUN_ERROR"):
        for key in ("threadId", "runId"):
            if key in chunk:
                tanstack[key] = chunk[key]
    skip = {"result", "error", "tanstack:interruptErrors"}
    if etype in ("TEXT_MESSAGE_CONTENT", "TOOL_CALL_ARGS"):
        skip |= {"model", "content", "args"}
    if etype == "TOOL_CALL_START":
        skip.add("toolName")
    for key, value in chunk.items():
        if key in spec or key in skip or key in tanstack:
            continue
        tanstack[key] = value
    return tanstack


def _tool_result_chunk(chunk: dict[str, Any], etype: Any) -> dict[str, Any] | None:
    # A TOOL_CALL_END that carries a result is followed by its TOOL_CALL_RESULT.
    if etype != "TOOL_CALL_END" or "result" not in chunk:
        return None
    result = chunk["result"]
    parent = chunk.get("parentMessageId")
    extra: dict[str, Any] = {
        "type": "TOOL_CALL_RESULT",
        "toolCallId": chunk.get("toolCallId"),
        "content": js_stringify(result) if isinstance(result, list) else result,
        "messageId": parent if isinstance(parent, str) and parent else chunk.get("toolCallId"),
    }
    if chunk.get("state") == "output-error":
        extra["metadata"] = {"tanstack": {"state": "output-error"}}
    return extra


def _encrypted_value_chunk(chunk: dict[str, Any]) -> dict[str, Any] | None:
    # A chunk's ``signature`` becomes REASONING_ENCRYPTED_VALUE for the step, message or call it signs.
    signature = chunk.get("signature")
    if not isinstance(signature, str) or not signature:
        return None
    raw_id = chunk.get("toolCallId")
    tool_call_id = raw_id if isinstance(raw_id, str) and raw_id else None
    entity = next((v for v in (chunk.get("stepId"), chunk.get("stepName"), chunk.get("messageId"), tool_call_id)
                   if isinstance(v, str) and v), None)
    if entity is None:
        return None
    return {"type": "REASONING_ENCRYPTED_VALUE",
            "subtype": "tool-call" if tool_call_id and not chunk.get("stepId") else "message",
            "entityId": entity, "encryptedValue": signature}

def consumer_chunks(events: Iterable[Any], output: str) -> list[dict[str, Any]]:
    """The chunks the processor receives for an adapter's output protocol (yield layer normalized).

    >>> chunks = consumer_chunks([{"type": "TOOL_CALL_START", "toolCallId": "c", "toolName": "f"}], "tanstack")
    >>> chunks[0]["toolCallName"]
    'f'
    """
    dicts = [e for e in events if isinstance(e, dict)]
    if output == "tanstack":
        return [n for e in dicts for n in normalize_stream_chunk(e)]
    # An AG-UI wire reaches a client through @ag-ui/client, which expands the *_CHUNK shorthand first.
    return [e for e in expand(dicts).events if isinstance(e, dict)]


# ---------------------------------------------------------------------------------------------
# The processor
# ---------------------------------------------------------------------------------------------


@dataclass
class _ToolCall:
    id: Any
    name: Any
    arguments: str = ""
    state: str = "awaiting-input"
    metadata: Any = UNDEF


@dataclass
class _MessageState:
    id: Any
    role: str
    total_text: str = ""
    segment: str = ""
    last_emitted: str = ""
    thinking_steps: dict[Any, str] = field(default_factory=dict)
    thinking_signatures: dict[Any, str] = field(default_factory=dict)
    current_step: Any = None
    tool_calls: dict[Any, _ToolCall] = field(default_factory=dict)
    tools_since_text: bool = False
    complete: bool = False


class StreamProcessor:
    """``StreamProcessor`` (0.58.0) over plain dicts: :meth:`process` a stream, read :attr:`messages`.

    >>> p = StreamProcessor()
    >>> p.process([{"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "  "}])
    []
    """

    def __init__(self, initial_messages: Sequence[dict[str, Any]] = ()) -> None:
        self.messages: list[dict[str, Any]] = [copy.deepcopy(m) for m in initial_messages]
        self.unported: list[str] = []  # event types the port does not model (the check skips then)
        self._ids = itertools.count(1)
        self._reset()
        # The dispatch on ``chunk.type``, built once (it was built again for every chunk).
        self._handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "TEXT_MESSAGE_START": self._text_start,
            "TEXT_MESSAGE_CONTENT": self._text_content,
            "TEXT_MESSAGE_END": self._text_end,
            "TOOL_CALL_START": self._tool_start,
            "TOOL_CALL_ARGS": self._tool_args,
            "TOOL_CALL_END": self._tool_end,
            "TOOL_CALL_RESULT": self._tool_result,
            "RUN_STARTED": self._run_started,
            "RUN_FINISHED": self._run_finished,
            "RUN_ERROR": self._run_error,
            "STEP_STARTED": self._step_started,
            "STEP_FINISHED": self._step_finished,
            "REASONING_MESSAGE_CONTENT": self._reasoning_content,
            "REASONING_ENCRYPTED_VALUE": self._encrypted_value,
            "CUSTOM": self._custom,
        }

    # -- state ------------------------------------------------------------------------------
    def _reset(self) -> None:
        self.states: dict[Any, _MessageState] = {}
        self.active: dict[Any, None] = {}  # insertion-ordered set
        self.tool_to_message: dict[Any, Any] = {}
        self.pending_manual: Any = None
        self.pending_step: Any = None
        self.structured: set[Any] = set()
        self.runs: set[Any] = set()
        self.finish_reason: Any = None
        self.has_error = False
        self.done = False

    def _generate_id(self) -> str:
        return f"generated-{next(self._ids)}"

    def _message(self, message_id: Any) -> dict[str, Any] | None:
        return next((m for m in self.messages if m["id"] == message_id), None)

    def _new_state(self, message_id: Any, role: Any) -> _MessageState:
        st = _MessageState(id=message_id, role=role)
        self.states[message_id] = st
        return st

    def _active_assistant(self) -> Any:
        for mid in reversed(list(self.active)):
            st = self.states.get(mid)
            if st is not None and st.role == "assistant":
                return mid
        for mid, st in reversed(list(self.states.items())):
            if st.role == "assistant":
                return mid
        return None

    def _resume(self, message_id: Any, st: _MessageState) -> None:
        self.active[message_id] = None
        if st.complete or self.done:
            st.complete = False
            self.done = False

    def _ensure_assistant(self, preferred: Any = None) -> tuple[Any, _MessageState]:
        if preferred:
            st = self.states.get(preferred)
            if st is not None:
                self._resume(preferred, st)
                return preferred, st
        active = self._active_assistant()
        if active is not None:
            st = self.states[active]
            self._resume(active, st)
            return active, st
        if preferred:
            existing = self._message(preferred)
            if existing is not None:
                st = self._new_state(preferred, existing["role"])
                self.active[preferred] = None
                last = existing["parts"][-1] if existing["parts"] else None
                if last is not None and last.get("type") == "text":
                    st.segment = st.last_emitted = st.total_text = last["content"]
                return preferred, st
        mid = preferred or self._generate_id()
        self.messages.append({"id": mid, "role": "assistant", "parts": []})
        st = self._new_state(mid, "assistant")
        self.active[mid] = None
        self.pending_manual = mid
        return mid, st

    def _merge_message_metadata(self, message_id: Any, incoming: Any) -> None:
        if not isinstance(incoming, dict):
            return
        msg = self._message(message_id)
        if msg is None:
            return
        tanstack = _tanstack(incoming)
        if tanstack is not None and ("content" in tanstack or "args" in tanstack):
            incoming = {**incoming, "tanstack": {k: v for k, v in tanstack.items() if k not in ("content", "args")}}
        merged = _merge_metadata(msg.get("metadata"), incoming)
        if merged is not None:
            msg["metadata"] = merged

    # -- part updaters (message-updaters.js) ---------------------------------------------------
    def _update_text(self, message_id: Any, content: str) -> None:
        msg = self._message(message_id)
        if msg is None:
            return
        parts = msg["parts"]
        if parts and parts[-1].get("type") == "text":
            parts[-1] = {"type": "text", "content": content}
        else:
            parts.append({"type": "text", "content": content})

    def _update_tool_call(self, message_id: Any, call: dict[str, Any]) -> None:
        msg = self._message(message_id)
        if msg is None:
            return
        parts = msg["parts"]
        existing = next((p for p in parts if p.get("type") == "tool-call" and p.get("id") == call["id"]), None)
        metadata = call.get("metadata")
        if metadata is None and existing is not None:
            metadata = existing.get("metadata")
        value = call.get("input")
        if value is None and existing is not None:
            value = existing.get("input")
        part: dict[str, Any] = {"type": "tool-call", "id": call["id"], "name": call["name"],
                                "arguments": call["arguments"], "state": call["state"]}
        if existing is not None and existing.get("approval"):
            part["approval"] = dict(existing["approval"])
        if existing is not None and "output" in existing:
            part["output"] = existing["output"]
        if value is not None:
            part["input"] = value
        if metadata is not None:
            part["metadata"] = metadata
        if existing is not None:
            parts[parts.index(existing)] = part
        else:
            parts.append(part)

    def _update_tool_result(self, message_id: Any, call_id: Any, content: Any, state: str, error: Any) -> None:
        msg = self._message(message_id)
        if msg is None:
            return
        parts = msg["parts"]
        part: dict[str, Any] = {"type": "tool-result", "toolCallId": call_id, "content": content, "state": state}
        if error:
            part["error"] = error
        index = next((i for i, p in enumerate(parts) if p.get("type") == "tool-result"
                      and p.get("toolCallId") == call_id), None)
        if index is not None:
            parts[index] = part
        else:
            parts.append(part)

    def _update_approval(self, message_id: Any, call_id: Any, approval_id: Any) -> None:
        msg = self._message(message_id)
        if msg is None:
            return
        for i, p in enumerate(msg["parts"]):
            if p.get("type") == "tool-call" and p.get("id") == call_id:
                msg["parts"][i] = {**p, "state": "approval-requested",
                                   "approval": {"id": approval_id, "needsApproval": True}}
                return

    def _update_with_output(self, call_id: Any, output: Any, state: str | None) -> None:
        for msg in self.messages:
            for i, p in enumerate(msg["parts"]):
                if p.get("type") == "tool-call" and p.get("id") == call_id:
                    msg["parts"][i] = {**p, "output": output, "state": state or "complete"}
                    break

    def _update_thinking(self, message_id: Any, step_id: Any, content: str, signature: Any) -> None:
        msg = self._message(message_id)
        if msg is None:
            return
        parts = msg["parts"]
        part: dict[str, Any] = {"type": "thinking", "content": content, "stepId": step_id}
        if signature:
            part["signature"] = signature
        index = next((i for i, p in enumerate(parts) if p.get("type") == "thinking" and p.get("stepId") == step_id),
                     None)
        if index is not None:
            parts[index] = part
        else:
            parts.append(part)

    def _structured(self, message_id: Any, status: str, **fields: Any) -> None:
        msg = self._message(message_id)
        if msg is None:
            return
        parts = msg["parts"]
        index = next((i for i, p in enumerate(parts) if p.get("type") == "structured-output"), None)
        existing = parts[index] if index is not None else None
        if status == "streaming":
            raw = (existing or {}).get("raw", "") + fields["delta"]
            ok, value = js_parse(raw)  # partial-json stand-in: a strict parse (see the module notes)
            part: dict[str, Any] = {"type": "structured-output", "status": "streaming", "raw": raw}
            partial = value if ok and value is not None else (existing or {}).get("partial")
            if partial is not None:
                part["partial"] = partial
            if existing is not None and "reasoning" in existing:
                part["reasoning"] = existing["reasoning"]
        elif status == "complete":
            raw = fields["raw"] or (existing or {}).get("raw", "")
            data = fields["data"]
            if raw == "" and data is not UNDEF:
                raw = js_stringify(data)
            part = {"type": "structured-output", "status": "complete", "raw": raw}
            if data is not UNDEF:
                part["data"] = data
                part["partial"] = data
            if fields["reasoning"] is not UNDEF:
                part["reasoning"] = fields["reasoning"]
        else:
            if existing is None:
                parts.append({"type": "structured-output", "status": "error", "raw": "",
                              "errorMessage": fields["error"]})
                return
            if existing.get("status") == "complete":
                return
            part = {**existing, "status": "error", "errorMessage": fields["error"]}
        if index is not None:
            parts[index] = part
        else:
            parts.append(part)

    # -- stream ---------------------------------------------------------------------------------
    def process(self, chunks: Iterable[Any]) -> list[dict[str, Any]]:
        """``process(stream)``: every chunk, then ``finalizeStream()``; returns the messages."""
        self._reset()
        for chunk in chunks:
            if isinstance(chunk, dict):
                self.process_chunk(chunk)
        self.finalize()
        return self.messages

    def process_chunk(self, chunk: dict[str, Any]) -> None:
        """The processor's dispatch on ``chunk.type`` (unknown types are ignored, as in TanStack)."""
        handler = self._handlers.get(str(chunk.get("type")))
        if chunk.get("type") == "MESSAGES_SNAPSHOT":
            self.unported.append("MESSAGES_SNAPSHOT")
        if handler is not None:
            handler(chunk)

    def _segment_reset(self, message_id: Any, st: _MessageState) -> None:
        if st.segment != st.last_emitted:
            self._emit_text(message_id)
        st.segment = st.last_emitted = ""
        st.tools_since_text = False

    def _text_start(self, chunk: dict[str, Any]) -> None:
        mid, role = chunk.get("messageId"), chunk.get("role")
        ui_role = role if role in ("user", "system") else "assistant"
        if self.pending_manual is not None:
            pending, self.pending_manual = self.pending_manual, None
            if pending != mid:
                for msg in self.messages:
                    if msg["id"] == pending:
                        msg["id"] = mid
                moved = self.states.pop(pending, None)
                if moved is not None:
                    moved.id = mid
                    self.states[mid] = moved
                self.active.pop(pending, None)
                self.active[mid] = None
                for call_id, owner in list(self.tool_to_message.items()):
                    if owner == pending:
                        self.tool_to_message[call_id] = mid
            st = self.states.get(mid)
            if st is None:
                self._new_state(mid, ui_role)
                self.active[mid] = None
            elif st.tools_since_text:
                self._segment_reset(mid, st)
            self._merge_message_metadata(mid, chunk.get("metadata"))
            return
        if self._message(mid) is not None:
            self.active[mid] = None
            st = self.states.get(mid)
            if st is None:
                self._new_state(mid, ui_role)
            elif st.tools_since_text:
                self._segment_reset(mid, st)
            self._merge_message_metadata(mid, chunk.get("metadata"))
            return
        self.messages.append({"id": mid, "role": ui_role, "parts": []})
        self._new_state(mid, ui_role)
        self.active[mid] = None
        self._merge_message_metadata(mid, chunk.get("metadata"))

    def _text_end(self, chunk: dict[str, Any]) -> None:
        mid = chunk.get("messageId")
        self._merge_message_metadata(mid, chunk.get("metadata"))
        st = self.states.get(mid) if isinstance(mid, str) else None
        if st is None or st.complete:
            return
        if st.segment != st.last_emitted:
            self._emit_text(mid)

    def _text_content(self, chunk: dict[str, Any]) -> None:
        mid, st = self._ensure_assistant(chunk.get("messageId"))
        self._merge_message_metadata(mid, chunk.get("metadata"))
        delta = _truthy_str(chunk.get("delta"))
        if mid in self.structured:
            if delta:
                self._structured(mid, "streaming", delta=delta)
                st.total_text += delta
            return
        if st.tools_since_text and st.segment:
            self._segment_reset(mid, st)
        st.tools_since_text = False
        st.segment += delta
        st.total_text += delta
        if st.segment != st.last_emitted:
            self._emit_text(mid)

    def _emit_text(self, message_id: Any) -> None:
        st = self.states.get(message_id)
        if st is None:
            return
        st.last_emitted = st.segment
        self._update_text(message_id, st.segment)

    def _tool_start(self, chunk: dict[str, Any]) -> None:
        target = chunk.get("parentMessageId")
        if target is None:
            target = self._active_assistant()
        mid, st = self._ensure_assistant(target)
        st.tools_since_text = True
        call_id = chunk.get("toolCallId")
        if call_id in st.tool_calls:
            return
        call = _ToolCall(id=call_id, name=chunk.get("toolCallName"), metadata=chunk.get("metadata", UNDEF))
        st.tool_calls[call_id] = call
        self.tool_to_message[call_id] = mid
        self._update_tool_call(mid, self._call_dict(call, "awaiting-input"))

    @staticmethod
    def _call_dict(call: _ToolCall, state: str, value: Any = UNDEF) -> dict[str, Any]:
        out: dict[str, Any] = {"id": call.id, "name": call.name, "arguments": call.arguments, "state": state}
        if value is not UNDEF:
            out["input"] = value
        if call.metadata is not UNDEF:
            out["metadata"] = call.metadata
        return out

    def _tool_args(self, chunk: dict[str, Any]) -> None:
        call_id = chunk.get("toolCallId")
        mid = self.tool_to_message.get(call_id)
        st = self.states.get(mid) if mid is not None else None
        call = st.tool_calls.get(call_id) if st is not None else None
        if mid is None or call is None:
            return  # ARGS for an unknown id: dropped
        delta = _truthy_str(chunk.get("delta"))
        was_waiting = call.state == "awaiting-input"
        call.arguments += delta
        if was_waiting and delta:
            call.state = "input-streaming"
        # The JS passes no metadata here: the existing part's metadata is kept.
        self._update_tool_call(mid, {"id": call.id, "name": call.name, "arguments": call.arguments,
                                     "state": call.state})

    def _tool_end(self, chunk: dict[str, Any]) -> None:
        call_id = chunk.get("toolCallId")
        mid = self.tool_to_message.get(call_id)
        st = self.states.get(mid) if mid is not None else None
        if mid is None or st is None:
            return
        value = chunk["input"] if "input" in chunk else (_tanstack(chunk) or {}).get("input", UNDEF)
        call = st.tool_calls.get(call_id)
        if call is None or call.state == "input-complete":
            return
        if value is not UNDEF and not call.arguments:
            call.arguments = js_stringify(value)
        self._complete_call(mid, call)
        if value is not UNDEF:
            self._update_tool_call(mid, self._call_dict(call, "input-complete", value))

    def _complete_call(self, message_id: Any, call: _ToolCall) -> None:
        call.state = "input-complete"
        ok, parsed = js_parse(call.arguments)
        if self._part_in_state(call.id, ("error",)):
            return
        if self._part_in_state(call.id, ("approval-requested", "approval-responded")):
            return
        self._update_tool_call(message_id, self._call_dict(call, "input-complete", parsed if ok else UNDEF))

    def _part_in_state(self, call_id: Any, states: tuple[str, ...]) -> bool:
        return any(p.get("type") == "tool-call" and p.get("id") == call_id and p.get("state") in states
                   for m in self.messages for p in m["parts"])

    def _complete_all(self, message_id: Any) -> None:
        st = self.states.get(message_id)
        if st is None:
            return
        for call in st.tool_calls.values():
            if call.state != "input-complete":
                self._complete_call(message_id, call)

    def _tool_result(self, chunk: dict[str, Any]) -> None:
        call_id = chunk.get("toolCallId")
        mid = self.tool_to_message.get(call_id)
        if mid is None:
            mid = next((m["id"] for m in self.messages if any(
                p.get("type") == "tool-call" and p.get("id") == call_id for p in m["parts"])), None)
        if mid is None:
            return
        is_error = chunk.get("state") == "output-error" or (_tanstack(chunk) or {}).get("state") == "output-error"
        content = chunk.get("content")
        ok, output = js_parse(content)
        if not ok:
            output = content
        self._update_with_output(call_id, output, "error" if is_error else None)
        error = None
        if is_error:
            if isinstance(output, dict) and isinstance(output.get("error"), str):
                error = output["error"]
            else:
                error = output if isinstance(output, str) else "Tool execution failed"
        self._update_tool_result(mid, call_id, content, "error" if is_error else "complete", error)

    def _run_started(self, chunk: dict[str, Any]) -> None:
        self.runs.add(_hashable(chunk.get("runId")))

    def _run_finished(self, chunk: dict[str, Any]) -> None:
        if "finishReason" in chunk:
            self.finish_reason = chunk["finishReason"]
        else:
            self.finish_reason = (_tanstack(chunk) or {}).get("finishReason")
        self.runs.discard(_hashable(chunk.get("runId")))
        outcome = _obj(chunk.get("outcome"))
        interrupt = outcome.get("type") == "interrupt"
        if interrupt:
            interrupts = outcome.get("interrupts")
            self._interrupts(interrupts if isinstance(interrupts, list) else [])
        if not self.runs:
            for mid in list(self.active):
                self._complete_all(mid)
            if self.finish_reason == "tool_calls" and not interrupt:
                return
            self.done = True
            self.finalize()

    def _interrupts(self, interrupts: list[Any]) -> None:
        for item in interrupts:
            if not isinstance(item, dict):
                continue
            meta = _obj(item.get("metadata"))
            call_id = item.get("toolCallId")
            if not call_id:
                continue
            if meta.get("kind") == "approval" or item.get("reason") == "approval_required":
                mid = self._active_assistant() or self.tool_to_message.get(call_id) or next(
                    (m["id"] for m in self.messages if m["role"] == "assistant" and any(
                        p.get("type") == "tool-call" and p.get("id") == call_id for p in m["parts"])), None)
                if mid is not None:
                    self._update_approval(mid, call_id, item.get("id"))

    def _run_error(self, chunk: dict[str, Any]) -> None:
        self.has_error = True
        run_id = chunk.get("runId") if isinstance(chunk.get("runId"), str) and chunk.get("runId") else None
        if run_id is None:
            tid = (_tanstack(chunk) or {}).get("runId")
            run_id = tid if isinstance(tid, str) and tid else None
        if run_id is not None:
            self.runs.discard(run_id)
        else:
            self.runs.clear()
        mid, _ = self._ensure_assistant()
        message = chunk.get("message") or "An error occurred"
        if mid in self.structured:
            self._structured(mid, "error", error=message)
            self.structured.discard(mid)

    def _step_started(self, chunk: dict[str, Any]) -> None:
        step = chunk.get("stepName") or self._generate_id()
        active = self._active_assistant()
        st = self.states.get(active) if active is not None else None
        if st is not None:
            st.current_step = step
            st.thinking_steps.setdefault(step, "")
            self.pending_step = None
            return
        self.pending_step = step

    def _step_finished(self, chunk: dict[str, Any]) -> None:
        signature = chunk.get("signature")
        if not signature:
            return
        mid, st = self._ensure_assistant(self._active_assistant())
        step = st.current_step if st.current_step is not None else chunk.get("stepId")
        if not step or step not in st.thinking_steps:
            return
        st.thinking_signatures[step] = signature
        self._update_thinking(mid, step, st.thinking_steps[step], signature)

    def _reasoning_content(self, chunk: dict[str, Any]) -> None:
        mid, st = self._ensure_assistant(self._active_assistant())
        delta = _truthy_str(chunk.get("delta"))
        if self.pending_step is not None:
            st.current_step = self.pending_step
            st.thinking_steps.setdefault(self.pending_step, "")
            self.pending_step = None
        step = st.current_step if st.current_step is not None else chunk.get("messageId")
        if step not in st.thinking_steps:
            st.thinking_steps[step] = ""
            st.current_step = step
        st.thinking_steps[step] += delta
        self._update_thinking(mid, step, st.thinking_steps[step], st.thinking_signatures.get(step))

    def _encrypted_value(self, chunk: dict[str, Any]) -> None:
        value = chunk.get("encryptedValue")
        if not isinstance(value, str) or value == "":
            return
        if chunk.get("subtype") == "tool-call":
            for msg in self.messages:
                for i, p in enumerate(msg["parts"]):
                    if p.get("type") == "tool-call" and p.get("id") == chunk.get("entityId"):
                        meta = p.get("metadata") if isinstance(p.get("metadata"), dict) else {}
                        msg["parts"][i] = {**p, "metadata": {**meta, "thoughtSignature": value}}
            for st in self.states.values():
                call = st.tool_calls.get(chunk.get("entityId"))
                if call is not None:
                    base = call.metadata if isinstance(call.metadata, dict) else {}
                    call.metadata = {**base, "thoughtSignature": value}
            return
        mid, st = self._ensure_assistant(self._active_assistant())
        step = st.current_step if st.current_step is not None else chunk.get("entityId")
        st.thinking_signatures[step] = value
        content = st.thinking_steps.setdefault(step, "")
        self._update_thinking(mid, step, content, value)

    def _custom(self, chunk: dict[str, Any]) -> None:
        name, value = chunk.get("name"), chunk.get("value")
        active = self._active_assistant()
        if not value or not isinstance(value, dict):
            return
        if name == "structured-output.start":
            mid, _ = self._ensure_assistant(value.get("messageId") or active)
            self.structured.add(mid)
        elif name == "structured-output.complete":
            mid, _ = self._ensure_assistant(value.get("messageId") or active)
            self._structured(mid, "complete", data=value.get("object", UNDEF), raw=value.get("raw") or "",
                             reasoning=value.get("reasoning", UNDEF))
            self.structured.discard(mid)
        elif name == "approval-requested":
            call_id = value.get("toolCallId")
            approval = _obj(value.get("approval"))
            mid = active or self.tool_to_message.get(call_id)
            if mid is not None:
                self._update_approval(mid, call_id, approval.get("id"))
        elif name == "ui-resource":
            mid = self.tool_to_message.get(value.get("toolCallId")) or active
            msg = self._message(mid) if mid is not None else None
            if msg is not None:
                part = {"type": "ui-resource", "resource": value.get("resource"),
                        "toolCallId": value.get("toolCallId"), "toolName": value.get("toolName")}
                for key in ("serverId", "meta"):
                    if key in value:
                        part[key] = value[key]
                msg["parts"].append(part)

    def result(self) -> dict[str, Any]:
        """``getResult()`` (``ProcessorResult``): text, thinking, completed calls, finish reason."""
        content = "".join(st.total_text for st in self.states.values())
        thinking = "".join(v for st in self.states.values() for v in st.thinking_steps.values())
        calls = [{"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments},
                  **({"metadata": c.metadata} if c.metadata is not UNDEF else {})}
                 for st in self.states.values() for c in st.tool_calls.values() if c.state == "input-complete"]
        out: dict[str, Any] = {"content": content}
        if thinking:
            out["thinking"] = thinking
        if calls:
            out["toolCalls"] = calls
        out["finishReason"] = self.finish_reason
        return out

    def finalize(self) -> None:
        """``finalizeStream()``: complete open calls, flush text, drop a whitespace-only last message."""
        self.done = True
        last: dict[str, Any] | None = None
        for mid in list(self.active):
            st = self.states.get(mid)
            if st is None:
                continue
            self._complete_all(mid)
            if st.segment != st.last_emitted:
                self._emit_text(mid)
            st.complete = True
            msg = self._message(mid)
            if msg is not None and msg["role"] == "assistant":
                last = msg
        for mid in list(self.structured):
            self._structured(mid, "error", error="Stream ended without structured-output.complete")
        self.structured.clear()
        self.active.clear()
        if last is not None and not self.has_error and _whitespace_only(last):
            self.messages = [m for m in self.messages if m["id"] != last["id"]]


def _hashable(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


def _whitespace_only(message: dict[str, Any]) -> bool:
    parts = message["parts"]
    return bool(parts) and all(p.get("type") == "text" and p.get("content", "").strip() == "" for p in parts)


def process_events(events: Iterable[Any], output: str = "ag-ui") -> list[dict[str, Any]]:
    """The ``UIMessage[]`` (as JSON-like dicts) a fresh processor builds from an adapter's events.

    >>> process_events([{"type": "RUN_ERROR", "message": "boom"}])
    [{'id': 'generated-1', 'role': 'assistant', 'parts': []}]
    """
    return StreamProcessor().process(consumer_chunks(events, output))


def ui_messages(events: Iterable[Any], output: str = "ag-ui") -> list[UIMessage]:
    """:func:`process_events` validated into the published ``UIMessage`` model."""
    return UI_MESSAGES.validate_python(process_events(events, output))
