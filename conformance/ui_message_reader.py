"""What ``ai``'s own reader makes of a UI message stream: a port of ``readUIMessageStream``.

A branch-for-branch Python port of ``processUIMessageStream`` as ``readUIMessageStream`` drives it,
for ``ai`` 6.0.326 (``dist/index.mjs``) and ``ai`` 7.0.173 (``dist/index.js``); streamed tool input is
shown through ``ai``'s own partial JSON parser (:mod:`conformance.partial_json`). Line numbers below
are of those files (``tools/ui-stream-oracle/node_modules/ai6`` and ``ai7``);
``tests/test_ui_stream_oracle.py`` runs the real reader in Node on the same streams (every reference
adapter's and mutant's output over the corpus, generated streams, partial JSON probes) and requires
the same final message, in-band errors and thrown error.

:func:`read` gives a :class:`ReadResult`:

* ``message``: the last ``UIMessage`` the reader yields (``None`` when it yields none), as its
  JSON (``undefined`` members left out, as ``JSON.stringify`` does). The reader yields a snapshot
  at every ``write()`` of the processor, so a ``step-start`` pushed after the last write (the
  ``start-step`` branch does not write) is not in it;
* ``error``: the error the reader reports for a chunk it cannot read (``processUIMessageStream``
  throws and the stream ends there): ``AI_UIMessageStreamError: <message>`` or ``TypeError``, and
  ``error_index``, the chunk it threw at;
* ``in_band``: the ``errorText`` of every ``error`` chunk it read (reported as ``new Error(errorText)``,
  the stream goes on).

What differs between the versions (``version`` 5, 6 or 7): ai 7 reads ``custom``, ``reasoning-file``,
``steering-message``, ``tool-approval-response``, ``reset-step`` and ``text-end.citations``, keeps a
static tool's ``tool-input-error`` input as ``input`` (ai 6: as ``rawInput``), no longer drops the open
text and reasoning parts at ``finish-step``, and its ``fixJson`` does not mark a non-value character
right after ``[`` as valid (so ``[x`` repairs to ``[]``, where ai 6 gives up).

ai 5 (5.0.277 ``dist/index.mjs``, ``processUIMessageStream`` line 3744) has no approval chunks, no
``inputEncoding``, ``title`` or ``toolMetadata``, and no ``resultProviderMetadata`` (a tool chunk's
``providerMetadata`` becomes ``callProviderMetadata`` only when the part is, or is made,
``input-available``, 3831). It does not rename a static tool part after its first chunk, keeps no
``providerMetadata`` on a file part, and throws a ``TypeError`` (not ``UIMessageStreamError``) at a
delta or end of a part that is not open (it reads ``undefined``). Tool outputs and ``tool-input-error``
pick the part by the chunk's own ``dynamic`` flag, a ``dynamic-tool`` part or a static one only
(3766-3813: a plain ``Error``, "tool-output-error must be preceded by a tool-input-available", when there
is none), and its ``fixJson`` has no ``\\u`` escape state (an escape is one character).

Example:
    >>> r = read([{"type": "start", "messageId": "m1"}, {"type": "text-start", "id": "t"},
    ...           {"type": "text-delta", "id": "t", "delta": "Hi"},
    ...           {"type": "tool-input-start", "toolCallId": "c1", "toolName": "f"},
    ...           {"type": "tool-input-delta", "toolCallId": "c1", "inputTextDelta": '{"city": "Ma'}], 6)
    >>> [(p["type"], p.get("state")) for p in r.message["parts"]], r.message["parts"][1]["input"]
    ([('text', 'streaming'), ('tool-f', 'input-streaming')], {'city': 'Ma'})
    >>> read([{"type": "start"}, {"type": "text-delta", "id": "t", "delta": "x"}], 7).error_index
    1
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.partial_json import UNDEFINED, Version, parse_partial_json


class ReaderError(Exception):
    """An error ``processUIMessageStream`` throws: the reader reports it and stops reading."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name
        self.message = message

    def __str__(self) -> str:
        return f"{self.name}: {self.message}"


def _stream_error(message: str) -> ReaderError:
    return ReaderError("AI_UIMessageStreamError", message)


def _type_error(message: str) -> ReaderError:
    return ReaderError("TypeError", message)


@dataclass
class ReadResult:
    """What the reader made of a stream (see the module notes)."""

    message: dict[str, Any] | None
    error: str | None = None
    error_index: int | None = None
    in_band: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# JavaScript values: the few semantics the reader's code relies on
# ---------------------------------------------------------------------------------------------


def _nullish(value: Any) -> bool:
    return value is None or value is UNDEFINED


def _truthy(value: Any) -> bool:
    """JavaScript truthiness (an empty array or object is truthy)."""
    if _nullish(value) or value is False:
        return False
    if isinstance(value, (dict, list)):
        return True
    if isinstance(value, float) and math.isnan(value):
        return False
    return bool(value)


def _strict_equal(a: Any, b: Any) -> bool:
    """``a === b``: objects by identity, a boolean never equals a number."""
    if isinstance(a, (dict, list)) or isinstance(b, (dict, list)):
        return a is b
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b


def _number_string(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == int(value) and abs(value) < 1e21:
        return str(int(value))
    return repr(value)


def js_string(value: Any) -> str:
    """``String(value)``: how a key or a template literal spells a value.

    >>> js_string(None), js_string(UNDEFINED), js_string([1, None, "a"]), js_string({"a": 1}), js_string(2.0)
    ('null', 'undefined', '1,,a', '[object Object]', '2')
    """
    if isinstance(value, str):
        return value
    if value is UNDEFINED:
        return "undefined"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return _number_string(float(value)) if isinstance(value, float) else str(value)
    if isinstance(value, list):
        return ",".join("" if _nullish(v) else js_string(v) for v in value)
    return "[object Object]"


def _get(chunk: dict[str, Any], key: str) -> Any:
    return chunk.get(key, UNDEFINED)


# ---------------------------------------------------------------------------------------------
# mergeObjects (message metadata): ai 6 dist/index.mjs:1282, ai 7 dist/index.js:1327
# ---------------------------------------------------------------------------------------------


def _own_keys(value: Any) -> list[tuple[str, Any]]:
    """``for (key in value)`` with ``hasOwnProperty``: object keys, array or string indices."""
    if isinstance(value, dict):
        return list(value.items())
    if isinstance(value, (list, str)):
        return [(str(i), v) for i, v in enumerate(value)]
    return []


def _plain_object(value: Any) -> bool:
    return isinstance(value, dict)


def merge_objects(base: Any, overrides: Any) -> Any:
    """Deep merge of message metadata: objects by key, anything else replaced.

    >>> merge_objects({"a": {"x": 1}, "b": 1}, {"a": {"y": 2}, "b": [3]})
    {'a': {'x': 1, 'y': 2}, 'b': [3]}
    """
    if base is UNDEFINED:
        return overrides
    if overrides is UNDEFINED:
        return base
    result: dict[str, Any] = dict(_own_keys(base))  # { ...base }
    for key, value in _own_keys(overrides):
        if key in ("__proto__", "constructor", "prototype"):
            continue
        if value is UNDEFINED:
            continue
        if not isinstance(base, (dict, list)):
            raise _type_error(f"Cannot use 'in' operator to search for '{key}' in {js_string(base)}")
        base_value = dict(_own_keys(base)).get(key, UNDEFINED)
        result[key] = merge_objects(base_value, value) if _plain_object(value) and _plain_object(base_value) \
            else value
    return result


# ---------------------------------------------------------------------------------------------
# The reader
# ---------------------------------------------------------------------------------------------


def _is_static_tool(part: dict[str, Any]) -> bool:
    return js_string(part.get("type")).startswith("tool-")


def _is_tool(part: dict[str, Any]) -> bool:
    return _is_static_tool(part) or part.get("type") == "dynamic-tool"


def _static_tool_name(part: dict[str, Any]) -> str:
    kind = js_string(part.get("type"))
    return kind.split("-", 1)[1] if "-" in kind else ""



_RESULT_STATES = ("output-available", "output-error")


class _Reader:
    """The state ``createStreamingUIMessageState`` makes (ai 6 :5986, ai 7 :7028) and the transform."""

    def __init__(self, version: Version) -> None:
        self.version = version
        self.message: dict[str, Any] = {}
        self.active_text: dict[str, dict[str, Any]] = {}
        self.active_reasoning: dict[str, dict[str, Any]] = {}
        self.partial_calls: dict[str, dict[str, Any]] = {}
        # The current step's tool parts by String(toolCallId), in message order: the reader scans the
        # step for them at every tool chunk; an index keeps a long step from costing its square.
        self.step_tools: dict[str, list[dict[str, Any]]] = {}
        self.reset("")
        self.parts_at_write: int | None = None  # parts in the last snapshot (None: nothing yielded yet)
        self.in_band: list[str] = []

    def reset(self, message_id: Any) -> None:
        self.message = {"id": message_id, "metadata": UNDEFINED, "role": "assistant", "parts": []}
        self.active_text, self.active_reasoning, self.partial_calls = {}, {}, {}
        self.step_tools = {}

    @property
    def parts(self) -> list[dict[str, Any]]:
        parts: list[dict[str, Any]] = self.message["parts"]
        return parts

    def write(self) -> None:
        # readUIMessageStream enqueues createUIMessageSnapshot(state.message) (ai 6 :9698, ai 7 :11532).
        self.parts_at_write = len(self.parts)

    # -- helpers of the transform (ai 6 :6042-6208, ai 7 :7065-7196) ------------------------------

    def current_step(self) -> list[dict[str, Any]]:
        parts = self.parts
        i = len(parts) - 1
        while i >= 0 and parts[i].get("type") != "step-start":
            i -= 1
        return parts[i + 1:]

    def step_tool_parts(self, call_id: Any) -> list[dict[str, Any]]:
        """The current step's tool parts whose toolCallId is ``call_id`` (===), in message order."""
        return [p for p in self.step_tools.get(js_string(call_id), []) if _strict_equal(p.get("toolCallId"), call_id)]

    def tool_invocation(self, call_id: Any, kind: bool | None = None) -> dict[str, Any]:
        """The call's tool part: the current step first, then the whole message from its end (ai 6
        :6061-6068, ai 7 :7074-7080). ``kind`` (ai 5): only a dynamic-tool part (True) or only a static one
        (False), as getDynamicToolInvocation / getToolInvocation (ai 5 dist/index.mjs:3766-3813)."""
        def fits(part: dict[str, Any]) -> bool:
            return _is_tool(part) if kind is None else (part.get("type") == "dynamic-tool") == kind \
                and _is_tool(part)
        in_step = [p for p in self.step_tool_parts(call_id) if fits(p)]
        if in_step:
            return in_step[0]
        earlier: list[dict[str, Any]] = [p for p in self.parts if fits(p)
                                         and _strict_equal(p.get("toolCallId"), call_id)]
        if earlier:
            return earlier[-1]
        if kind is not None:
            raise ReaderError("Error", "tool-output-error must be preceded by a tool-input-available")
        raise _stream_error(f'No tool invocation found for tool call ID "{js_string(call_id)}".')

    def invocation_by_approval(self, approval_id: Any) -> dict[str, Any]:
        for part in self.parts:
            approval = part.get("approval")
            if _is_tool(part) and isinstance(approval, dict) and _strict_equal(approval.get("id", UNDEFINED),
                                                                                approval_id):
                return part
        raise _stream_error(f'No tool invocation found for approval ID "{js_string(approval_id)}".')

    def update_tool(self, options: dict[str, Any], existing: dict[str, Any] | None, dynamic: bool) -> None:
        """``updateToolPart`` / ``updateDynamicToolPart`` (ai 6 :6070-6186, ai 7 :7087-7167)."""
        part = existing
        if part is None:
            for candidate in self.step_tool_parts(options["toolCallId"]):
                if (candidate.get("type") == "dynamic-tool") == dynamic:
                    part = candidate
                    break
        opt = options.get
        if part is None:
            new = self._new_tool_part(options, dynamic, self.version)
            self.parts.append(new)
            self.step_tools.setdefault(js_string(options["toolCallId"]), []).append(new)
            return
        part["state"] = options["state"]
        if dynamic:
            part["toolName"] = opt("toolName", UNDEFINED)
        elif self.version != 5:  # ai 5 keeps the part's first type (dist/index.mjs:3823-3833)
            part["type"] = f"tool-{js_string(opt('toolName', UNDEFINED))}"
        for key in ("input", "output", "errorText", "rawInput"):
            part[key] = opt(key, UNDEFINED)
        if not _nullish(opt("inputEncoding", UNDEFINED)):
            part["inputEncoding"] = options["inputEncoding"]
        else:
            part.pop("inputEncoding", None)
        part["preliminary"] = opt("preliminary", UNDEFINED)
        for key in ("title", "toolMetadata"):
            if opt(key, UNDEFINED) is not UNDEFINED:
                part[key] = options[key]
        executed = opt("providerExecuted", UNDEFINED)
        part["providerExecuted"] = part.get("providerExecuted", UNDEFINED) if _nullish(executed) else executed
        metadata = opt("providerMetadata", UNDEFINED)
        if not _nullish(metadata) and self.version == 5:
            if options["state"] == "input-available":  # ai 5 dist/index.mjs:3831
                part["callProviderMetadata"] = metadata
        elif not _nullish(metadata):
            part["resultProviderMetadata" if options["state"] in _RESULT_STATES else "callProviderMetadata"] = metadata

    @staticmethod
    def _new_tool_part(options: dict[str, Any], dynamic: bool, version: Version = 6) -> dict[str, Any]:
        opt = options.get
        part: dict[str, Any] = ({"type": "dynamic-tool", "toolName": opt("toolName", UNDEFINED)} if dynamic
                                else {"type": f"tool-{js_string(opt('toolName', UNDEFINED))}"})
        part.update({"toolCallId": options["toolCallId"], "state": options["state"], "title": opt("title", UNDEFINED),
                     "input": opt("input", UNDEFINED), "output": opt("output", UNDEFINED),
                     "errorText": opt("errorText", UNDEFINED), "providerExecuted": opt("providerExecuted", UNDEFINED),
                     "preliminary": opt("preliminary", UNDEFINED)})
        if not dynamic:
            part["rawInput"] = opt("rawInput", UNDEFINED)
        if opt("toolMetadata", UNDEFINED) is not UNDEFINED:
            part["toolMetadata"] = options["toolMetadata"]
        if not _nullish(opt("inputEncoding", UNDEFINED)):
            part["inputEncoding"] = options["inputEncoding"]
        metadata = opt("providerMetadata", UNDEFINED)
        if not _nullish(metadata):
            result = options["state"] in _RESULT_STATES and version != 5  # ai 5: always callProviderMetadata
            part["resultProviderMetadata" if result else "callProviderMetadata"] = metadata
        return part

    def update_metadata(self, metadata: Any) -> None:
        """``updateMessageMetadata`` with no metadata schema (ai 6 :6188, ai 7 :7168)."""
        if _nullish(metadata):
            return
        current = self.message["metadata"]
        self.message["metadata"] = metadata if _nullish(current) else merge_objects(current, metadata)

    # -- the switch (ai 6 :6209-6650, ai 7 :7198-7600) -------------------------------------------

    def text_start(self, chunk: dict[str, Any]) -> None:
        part = {"type": "text", "text": "", "providerMetadata": _get(chunk, "providerMetadata"), "state": "streaming"}
        self.active_text[js_string(_get(chunk, "id"))] = part
        self.parts.append(part)
        self.write()

    def _active(self, table: dict[str, dict[str, Any]], chunk: dict[str, Any], what: str,
                start: str) -> dict[str, Any]:
        part = table.get(js_string(_get(chunk, "id")))
        if part is None and self.version == 5:
            # ai 5 reads the missing part (dist/index.mjs:3908-3960): `undefined.text` and the like.
            raise _type_error(f"Cannot read properties of undefined ({chunk['type']})")
        if part is None:
            kind = chunk["type"]
            raise _stream_error(f'Received {kind} for missing {what} part with ID "{js_string(_get(chunk, "id"))}". '
                                f'Ensure a "{start}" chunk is sent before any "{kind}" chunks.')
        return part

    def text_delta(self, chunk: dict[str, Any]) -> None:
        part = self._active(self.active_text, chunk, "text", "text-start")
        part["text"] += js_string(_get(chunk, "delta"))
        part["providerMetadata"] = _first_set(_get(chunk, "providerMetadata"), part["providerMetadata"])
        self.write()

    def text_end(self, chunk: dict[str, Any]) -> None:
        part = self._active(self.active_text, chunk, "text", "text-start")
        part["state"] = "done"
        if self.version == 7 and not _nullish(_get(chunk, "citations")):
            part["citations"] = chunk["citations"]
        part["providerMetadata"] = _first_set(_get(chunk, "providerMetadata"), part["providerMetadata"])
        del self.active_text[js_string(_get(chunk, "id"))]
        self.write()

    def reasoning_start(self, chunk: dict[str, Any]) -> None:
        part = {"type": "reasoning", "id": _get(chunk, "id"), "text": "",
                "providerMetadata": _get(chunk, "providerMetadata"), "state": "streaming"}
        self.active_reasoning[js_string(_get(chunk, "id"))] = part
        self.parts.append(part)
        self.write()

    def reasoning_delta(self, chunk: dict[str, Any]) -> None:
        part = self._active(self.active_reasoning, chunk, "reasoning", "reasoning-start")
        part["text"] += js_string(_get(chunk, "delta"))
        part["providerMetadata"] = _first_set(_get(chunk, "providerMetadata"), part["providerMetadata"])
        self.write()

    def reasoning_end(self, chunk: dict[str, Any]) -> None:
        part = self._active(self.active_reasoning, chunk, "reasoning", "reasoning-start")
        part["providerMetadata"] = _first_set(_get(chunk, "providerMetadata"), part["providerMetadata"])
        part["state"] = "done"
        del self.active_reasoning[js_string(_get(chunk, "id"))]
        self.write()

    def custom(self, chunk: dict[str, Any]) -> None:
        self.parts.append({"type": "custom", "kind": _get(chunk, "kind"),
                           "providerMetadata": _get(chunk, "providerMetadata")})
        self.write()

    def file(self, chunk: dict[str, Any]) -> None:
        part = {"type": chunk["type"], "mediaType": _get(chunk, "mediaType"), "url": _get(chunk, "url")}
        if not _nullish(_get(chunk, "providerMetadata")) and self.version != 5:  # ai 5 keeps none (:3966)
            part["providerMetadata"] = chunk["providerMetadata"]
        self.parts.append(part)
        self.write()

    def source_url(self, chunk: dict[str, Any]) -> None:
        self.parts.append({"type": "source-url", **{k: _get(chunk, k) for k in
                                                    ("sourceId", "url", "title", "providerMetadata")}})
        self.write()

    def source_document(self, chunk: dict[str, Any]) -> None:
        self.parts.append({"type": "source-document", **{k: _get(chunk, k) for k in
                                                         ("sourceId", "mediaType", "title", "filename",
                                                          "providerMetadata")}})
        self.write()

    def tool_input_start(self, chunk: dict[str, Any]) -> None:
        if self.version == 5:  # ai 5 reads no inputEncoding, title, toolMetadata or providerMetadata (:3983)
            chunk = {k: v for k, v in chunk.items()
                     if k not in ("inputEncoding", "title", "toolMetadata", "providerMetadata")}
        g = _get(chunk, "toolCallId"), _get(chunk, "toolName"), _get(chunk, "inputEncoding")
        call_id, name, encoding = g
        dynamic = _get(chunk, "dynamic")
        # The partial call's text, as its pieces (joined when the message is read); its `index` (the
        # static tool parts before it in the step) is left out: nothing the reader shows reads it.
        self.partial_calls[js_string(call_id)] = {
            "pieces": [], "inputEncoding": encoding, "toolName": name, "dynamic": dynamic,
            "title": _get(chunk, "title"), "toolMetadata": _get(chunk, "toolMetadata")}
        self.update_tool({"toolCallId": call_id, "toolName": name, "state": "input-streaming",
                          "inputEncoding": encoding, "input": UNDEFINED,
                          "providerExecuted": _get(chunk, "providerExecuted"), "title": _get(chunk, "title"),
                          "toolMetadata": _get(chunk, "toolMetadata"),
                          "providerMetadata": _get(chunk, "providerMetadata")}, None, _truthy(dynamic))
        self.write()

    def tool_input_delta(self, chunk: dict[str, Any]) -> None:
        call_id = _get(chunk, "toolCallId")
        partial = self.partial_calls.get(js_string(call_id))
        if partial is None and self.version == 5:  # ai 5 reads `undefined.text` (dist/index.mjs:4013)
            raise _type_error("Cannot read properties of undefined (reading 'text')")
        if partial is None:
            raise _stream_error(f'Received tool-input-delta for missing tool call with ID "{js_string(call_id)}". '
                                f'Ensure a "tool-input-start" chunk is sent before any "tool-input-delta" chunks.')
        pieces: list[str] = partial["pieces"]
        pieces.append(js_string(_get(chunk, "inputTextDelta")))  # partialToolCall.text += inputTextDelta
        text = _JoinedText(pieces, len(pieces))
        args = text if _strict_equal(partial["inputEncoding"], "text") else _PartialInput(text, self.version)
        self.update_tool({"toolCallId": call_id, "toolName": partial["toolName"], "state": "input-streaming",
                          "inputEncoding": partial["inputEncoding"], "input": args, "rawInput": text,
                          "title": partial["title"], "toolMetadata": partial["toolMetadata"]},
                         None, _truthy(partial["dynamic"]))
        self.write()

    def tool_input_available(self, chunk: dict[str, Any]) -> None:
        if self.version == 5:  # no title or toolMetadata (:4039)
            chunk = {k: v for k, v in chunk.items() if k not in ("title", "toolMetadata")}
        self.update_tool({"toolCallId": _get(chunk, "toolCallId"), "toolName": _get(chunk, "toolName"),
                          "state": "input-available", "input": _get(chunk, "input"),
                          **{k: _get(chunk, k) for k in ("providerExecuted", "providerMetadata", "title",
                                                         "toolMetadata")}},
                         None, _truthy(_get(chunk, "dynamic")))
        self.write()

    def tool_input_error(self, chunk: dict[str, Any]) -> None:
        call_id = _get(chunk, "toolCallId")
        if self.version == 5:  # the chunk's own flag picks the kind, no toolMetadata (:4065-4090)
            chunk = {k: v for k, v in chunk.items() if k != "toolMetadata"}
        existing = next(iter(self.step_tool_parts(call_id)), None) if self.version != 5 else None
        dynamic = existing.get("type") == "dynamic-tool" if existing is not None else _truthy(_get(chunk, "dynamic"))
        options = {"toolCallId": call_id, "toolName": _get(chunk, "toolName"), "state": "output-error",
                   "input": _get(chunk, "input"),
                   **{k: _get(chunk, k) for k in ("errorText", "providerExecuted", "providerMetadata",
                                                  "toolMetadata")}}
        if not dynamic and self.version != 7:
            # ai 6 keeps a static call's unparsable input as rawInput (dist/index.mjs:6448-6452).
            options.update({"input": UNDEFINED, "rawInput": _get(chunk, "input")})
        self.update_tool(options, None, dynamic)
        self.write()

    def tool_approval_request(self, chunk: dict[str, Any]) -> None:
        part = self.tool_invocation(_get(chunk, "toolCallId"))
        part["state"] = "approval-requested"
        approval: dict[str, Any] = {"id": _get(chunk, "approvalId")}
        if not _nullish(_get(chunk, "approvalDescriptor")):
            approval["descriptor"] = chunk["approvalDescriptor"]
        if "inputSchemaInput" in chunk:
            approval["inputSchemaInput"] = chunk["inputSchemaInput"]
        if self.version == 7:
            if not _nullish(_get(chunk, "reason")):
                approval["requestReason"] = chunk["reason"]
            if _get(chunk, "isAutomatic") is True:
                approval["isAutomatic"] = True
        if not _nullish(_get(chunk, "signature")):
            approval["signature"] = chunk["signature"]
        part["approval"] = approval
        self.write()

    def tool_approval_response(self, chunk: dict[str, Any]) -> None:
        approval_id = _get(chunk, "approvalId")
        part = self.invocation_by_approval(approval_id)
        approval = part.get("approval")
        base: dict[str, Any] = {"id": approval_id} if not isinstance(approval, dict) else approval
        part["state"] = "approval-responded"
        part["approval"] = {**base, "id": approval_id, "approved": _get(chunk, "approved"),
                            **({"reason": chunk["reason"]} if not _nullish(_get(chunk, "reason")) else {})}
        if not _nullish(_get(chunk, "providerExecuted")):
            part["providerExecuted"] = chunk["providerExecuted"]
        if not _nullish(_get(chunk, "providerMetadata")):
            part["callProviderMetadata"] = chunk["providerMetadata"]
        self.write()

    def tool_output_denied(self, chunk: dict[str, Any]) -> None:
        self.tool_invocation(_get(chunk, "toolCallId"))["state"] = "output-denied"
        self.write()

    def tool_output(self, chunk: dict[str, Any]) -> None:
        if self.version == 5:
            self.tool_output5(chunk)
            return
        call_id = _get(chunk, "toolCallId")
        part = self.tool_invocation(call_id)
        dynamic = part.get("type") == "dynamic-tool"
        available = chunk["type"] == "tool-output-available"
        options = {"toolCallId": call_id,
                   "toolName": part.get("toolName", UNDEFINED) if dynamic else _static_tool_name(part),
                   "state": "output-available" if available else "output-error",
                   "input": part.get("input", UNDEFINED),
                   "providerExecuted": _get(chunk, "providerExecuted"),
                   "providerMetadata": _get(chunk, "providerMetadata"), "title": part.get("title", UNDEFINED),
                   "toolMetadata": _first_set(_get(chunk, "toolMetadata"), part.get("toolMetadata", UNDEFINED))}
        if available:
            options.update({"output": _get(chunk, "output"), "preliminary": _get(chunk, "preliminary")})
        else:
            options["errorText"] = _get(chunk, "errorText")
            if not dynamic:
                options["rawInput"] = part.get("rawInput", UNDEFINED)
        self.update_tool(options, part, dynamic)
        self.write()

    def tool_output5(self, chunk: dict[str, Any]) -> None:
        """ai 5's tool-output-available/-error (dist/index.mjs:4091-4162): the chunk's ``dynamic`` flag picks
        the part; a dynamic output carries no providerExecuted when available, and no metadata at all."""
        call_id = _get(chunk, "toolCallId")
        dynamic = _truthy(_get(chunk, "dynamic"))
        part = self.tool_invocation(call_id, dynamic)
        available = chunk["type"] == "tool-output-available"
        options = {"toolCallId": call_id,
                   "toolName": part.get("toolName", UNDEFINED) if dynamic else _static_tool_name(part),
                   "state": "output-available" if available else "output-error",
                   "input": part.get("input", UNDEFINED)}
        if available:
            options.update({"output": _get(chunk, "output"), "preliminary": _get(chunk, "preliminary")})
            if not dynamic:
                options["providerExecuted"] = _get(chunk, "providerExecuted")
        else:
            options.update({"errorText": _get(chunk, "errorText"), "providerExecuted": _get(chunk, "providerExecuted")})
            if not dynamic:
                options["rawInput"] = part.get("rawInput", UNDEFINED)
        self.update_tool(options, part, dynamic)
        self.write()

    def steering_message(self, chunk: dict[str, Any]) -> None:
        self.parts.append({"type": "steering-message", "id": _get(chunk, "id"), "parts": _get(chunk, "parts")})
        self.write()

    def start_step(self, _chunk: dict[str, Any]) -> None:
        self.parts.append({"type": "step-start"})  # no write: the next snapshot shows it
        self.step_tools = {}

    def finish_step(self, _chunk: dict[str, Any]) -> None:
        if self.version != 7:  # ai 6 drops the open parts (dist/index.mjs:6563-6566; ai 5 :4163); ai 7 does nothing
            self.active_text, self.active_reasoning = {}, {}

    def reset_step(self, _chunk: dict[str, Any]) -> None:
        step = self.current_step()
        self.active_text, self.active_reasoning, self.partial_calls = {}, {}, {}
        self.step_tools = {}
        if step:
            del self.parts[len(self.parts) - len(step):]
            self.write()

    def start(self, chunk: dict[str, Any]) -> None:
        # readUIMessageStream sets resetStateOnMessageIdChange (ai 6 :9685, ai 7 :11526).
        message_id = _get(chunk, "messageId")
        should_reset = not _nullish(message_id) and not _strict_equal(message_id, self.message["id"])
        if should_reset:
            self.reset(message_id)
        if not _nullish(message_id):
            self.message["id"] = message_id
        self.update_metadata(_get(chunk, "messageMetadata"))
        if should_reset or not _nullish(message_id) or not _nullish(_get(chunk, "messageMetadata")):
            self.write()

    def metadata(self, chunk: dict[str, Any]) -> None:
        self.update_metadata(_get(chunk, "messageMetadata"))
        if not _nullish(_get(chunk, "messageMetadata")):
            self.write()

    def error(self, chunk: dict[str, Any]) -> None:
        text = _get(chunk, "errorText")
        self.in_band.append("" if text is UNDEFINED else js_string(text))  # new Error(errorText).message

    def data(self, chunk: dict[str, Any]) -> None:
        if _truthy(_get(chunk, "transient")):
            return
        chunk_id = _get(chunk, "id")
        existing = None if _nullish(chunk_id) else next(
            (p for p in self.parts if _strict_equal(chunk["type"], p.get("type"))
             and _strict_equal(chunk_id, p.get("id", UNDEFINED))), None)
        if existing is not None:
            existing["data"] = _get(chunk, "data")
        else:
            self.parts.append(dict(chunk))
        self.write()

    def chunk(self, chunk: Any) -> None:
        if not isinstance(chunk, dict):
            if _nullish(chunk):
                raise _type_error(f"Cannot read properties of {js_string(chunk)} (reading 'type')")
            raise _type_error("chunk.type.startsWith is not a function")  # a string/number/array chunk
        kind = chunk.get("type", UNDEFINED)
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is not None and self.version in handler[1]:
            handler[0](self, chunk)
        elif not isinstance(kind, str):
            raise _type_error("chunk.type.startsWith is not a function")  # isDataUIMessageChunk
        elif kind.startswith("data-"):
            self.data(chunk)
        # any other type: ignored (the switch's default)

    def result(self, error: ReaderError | None, index: int | None) -> ReadResult:
        message = None
        if self.parts_at_write is not None:
            message = _json_of({**self.message, "parts": self.parts[:self.parts_at_write]})
        return ReadResult(message=message, error=None if error is None else str(error), error_index=index,
                          in_band=self.in_band)


def _first_set(value: Any, fallback: Any) -> Any:
    """``value ?? fallback``."""
    return fallback if _nullish(value) else value


_BOTH: frozenset[int] = frozenset({5, 6, 7})  # every version
_AI67: frozenset[int] = frozenset({6, 7})  # ai 5 has no approvals (its switch has no case: ignored)
_AI7: frozenset[int] = frozenset({7})
_HANDLERS: dict[str, tuple[Callable[[_Reader, dict[str, Any]], None], frozenset[int]]] = {
    "text-start": (_Reader.text_start, _BOTH),
    "text-delta": (_Reader.text_delta, _BOTH),
    "text-end": (_Reader.text_end, _BOTH),
    "custom": (_Reader.custom, _AI7),
    "reasoning-start": (_Reader.reasoning_start, _BOTH),
    "reasoning-delta": (_Reader.reasoning_delta, _BOTH),
    "reasoning-end": (_Reader.reasoning_end, _BOTH),
    "file": (_Reader.file, _BOTH),
    "reasoning-file": (_Reader.file, _AI7),
    "source-url": (_Reader.source_url, _BOTH),
    "source-document": (_Reader.source_document, _BOTH),
    "tool-input-start": (_Reader.tool_input_start, _BOTH),
    "tool-input-delta": (_Reader.tool_input_delta, _BOTH),
    "tool-input-available": (_Reader.tool_input_available, _BOTH),
    "tool-input-error": (_Reader.tool_input_error, _BOTH),
    "tool-approval-request": (_Reader.tool_approval_request, _AI67),
    "tool-approval-response": (_Reader.tool_approval_response, _AI7),
    "tool-output-denied": (_Reader.tool_output_denied, _AI67),
    "tool-output-available": (_Reader.tool_output, _BOTH),
    "tool-output-error": (_Reader.tool_output, _BOTH),
    "steering-message": (_Reader.steering_message, _AI7),
    "start-step": (_Reader.start_step, _BOTH),
    "finish-step": (_Reader.finish_step, _BOTH),
    "reset-step": (_Reader.reset_step, _AI7),
    "start": (_Reader.start, _BOTH),
    "finish": (_Reader.metadata, _BOTH),  # finishReason is state, not message (ai 6 :6590)
    "message-metadata": (_Reader.metadata, _BOTH),
    "error": (_Reader.error, _BOTH),
}


class _Lazy:
    """A value of a streaming tool part computed only when the message is read.

    Every delta replaces the part's ``input`` and ``rawInput``, and nothing the reader does reads
    them before the message is read (a later chunk copies them as they are): computing each one at
    its delta, as the reader does, would cost the square of the argument text's length for nothing.
    """

    def value(self) -> Any:
        raise NotImplementedError


class _JoinedText(_Lazy):
    """``partialToolCall.text`` after its first ``count`` deltas."""

    def __init__(self, pieces: list[str], count: int) -> None:
        self.pieces, self.count = pieces, count
        self._text: str | None = None

    def value(self) -> str:
        if self._text is None:
            self._text = "".join(self.pieces[:self.count])
        return self._text


class _PartialInput(_Lazy):
    """``(await parsePartialJson(text)).value``."""

    def __init__(self, text: _JoinedText, version: Version) -> None:
        self.text, self.version = text, version
        self._value: Any = None
        self._parsed = False

    def value(self) -> Any:
        if not self._parsed:
            self._value, self._parsed = parse_partial_json(self.text.value(), self.version), True
        return self._value


def _resolved(value: Any) -> Any:
    return value.value() if isinstance(value, _Lazy) else value


def _json_of(value: Any) -> Any:
    """A copy of ``value`` as ``JSON.stringify`` writes it: ``undefined`` members left out."""
    value = _resolved(value)
    if isinstance(value, dict):
        return {str(k): _json_of(v) for k, v in value.items() if _resolved(v) is not UNDEFINED}
    if isinstance(value, list):
        return [None if v is UNDEFINED else _json_of(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def read(chunks: Sequence[Any], version: Version = 6) -> ReadResult:
    """``readUIMessageStream({stream})`` over ``chunks``, to the end or to the chunk it throws at.

    ``version``: the ``ai`` major (5, 6 or 7) whose reader to run. The chunks are read as given: a
    chat transport would stop at the first chunk its ``uiMessageChunkSchema`` refuses, so pass only
    the chunks before it for what a user of ``useChat`` sees.
    """
    reader = _Reader(version)
    for index, chunk in enumerate(chunks):
        try:
            reader.chunk(chunk)
        except ReaderError as exc:
            return reader.result(exc, index)
    return reader.result(None, None)
