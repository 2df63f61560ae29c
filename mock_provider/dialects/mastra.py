"""The ``mastra`` dialect: Mastra agent chunks (``@mastra/core`` 1.71.0 ``ChunkType``).

Every item is ``{type, runId: 'mock-run', from: 'AGENT', payload}``, the chunk Mastra's
``convertFullStreamChunkToMastra`` makes from a model part. Where that converter drops a
part (``stream-start``, an empty ``text-delta`` / ``tool-input-delta``) the encoder yields
nothing, as recorded in :data:`RULES`. Field-level notes, including where the real 1.71.0
converter differs from the shapes this kit chose, are in the RULES entries.

Example:
    >>> from mock_provider.parts import parse_part
    >>> enc = Encoder("x.y.001")
    >>> [item] = enc.encode(parse_part(
    ...     {"type": "tool-call", "toolCallId": "c1", "toolName": "f", "input": '{"a": 1}'}))
    >>> item["type"], item["from"], item["payload"]
    ('tool-call', 'AGENT', {'toolCallId': 'c1', 'toolName': 'f', 'args': {'a': 1}})
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from typing import Any, NamedTuple

from mock_provider.dialects import mastra_background as background
from mock_provider.dialects.base import (
    DialectError,
    PartDialect,
    Rule,
    fail,
    tag_file_data,
    untag_file_data,
    without_interrupted,
)
from mock_provider.parts import (
    Abort,
    BackgroundTask,
    Custom,
    Data,
    Error,
    File,
    Finish,
    FinishReason,
    InputTokens,
    ObjectPartial,
    ObjectResult,
    OutputTokens,
    Part,
    Raw,
    ReasoningDelta,
    ReasoningEnd,
    ReasoningFile,
    ReasoningSignature,
    ReasoningStart,
    RedactedReasoning,
    ResponseMetadata,
    Source,
    StepFinish,
    StepStart,
    StreamStart,
    TextDelta,
    TextEnd,
    TextStart,
    ToolApprovalRequest,
    ToolCall,
    ToolError,
    ToolInputDelta,
    ToolInputEnd,
    ToolInputStart,
    ToolOutputDenied,
    ToolResult,
    ToolSuspended,
    Tripwire,
    Usage,
    dump_part,
    parse_part,
)

NAME = "mastra"
RUN_ID = "mock-run"
FROM = "AGENT"

RULES: dict[str, Rule] = {
    "stream-start": Rule("dropped", "Mastra's converter returns nothing for stream-start (warnings lost)"),
    "response-metadata": Rule(
        "mapped", "`response-metadata`, payload = the part's fields {id?, timestamp?, modelId?}"
    ),
    "text-start": Rule("mapped", "`text-start{id, providerMetadata?}`"),
    "text-delta": Rule(
        "mapped",
        "`text-delta{id, text: delta, providerMetadata?}`; dropped (no chunk) when `delta` is empty and "
        "there is no providerMetadata, as Mastra's converter does",
    ),
    "text-end": Rule("mapped", "`text-end{id, providerMetadata?, citations?}` (TextEndPayload is open)"),
    "reasoning-start": Rule("mapped", "`reasoning-start{id, providerMetadata?}`"),
    "reasoning-delta": Rule("mapped", "`reasoning-delta{id, text: delta, providerMetadata?}` (not skipped)"),
    "reasoning-end": Rule("mapped", "`reasoning-end{id, providerMetadata?}`"),
    "tool-input-start": Rule(
        "mapped",
        "`tool-call-input-streaming-start{toolCallId: id, toolName, providerExecuted?, providerMetadata?, "
        "dynamic?, title?}`; `inputEncoding` left out. NB the real 1.71.0 converter also leaves out `title`",
    ),
    "tool-input-delta": Rule(
        "mapped",
        "`tool-call-delta{argsTextDelta: delta, toolCallId, toolName?, providerMetadata?}` (toolName from "
        "the earlier tool-input-start; the real converter leaves it out); dropped when `delta` is empty, "
        "as Mastra's converter does",
    ),
    "tool-input-end": Rule("mapped", "`tool-call-input-streaming-end{toolCallId, providerMetadata?}`"),
    "tool-call": Rule(
        "mapped",
        "`tool-call{toolCallId, toolName, args?, providerExecuted?, providerMetadata?}`: "
        "args = JSON.parse(input) after stripping `<|...|>` tokens; empty or invalid JSON -> `args` absent "
        "(Mastra's repair pass is not reproduced); `dynamic` left out, as the converter does",
    ),
    "tool-result": Rule(
        "mapped",
        "`tool-result{toolCallId, toolName, result, isError?, providerExecuted?, providerMetadata?}`; "
        "`dynamic` left out, as the converter does. `preliminary: true` -> `tool-output{output: result, "
        "toolCallId, toolName}`, the streamed output a tool writes before its result (Mastra has no "
        "preliminary tool-result)",
    ),
    "tool-approval-request": Rule(
        "mapped",
        "`tool-call-approval{toolCallId, toolName, args, resumeSchema: '{}'}` from the earlier tool-call "
        "(args {} when that call's args were absent); `approvalId` has no Mastra key. NB the real 1.71.0 "
        "converter has no case for this part and would emit `raw{payload: part}`",
        error_when="no earlier tool-call with that toolCallId",
    ),
    "file": Rule(
        "mapped",
        "`file{data, base64?, mimeType, providerMetadata?}`: data = base64 (or the URL string for url data); "
        "base64 = data unless data is an http(s) URL (Mastra's isUrlString)",
    ),
    "reasoning-file": Rule("mapped", "`reasoning-file{data, base64?, mimeType, providerMetadata?}` as file"),
    "source": Rule(
        "mapped",
        "`source{id, sourceType, title ('' if absent), mimeType? (document), filename? (document), "
        "url? (url), providerMetadata?}`",
    ),
    "custom": Rule("mapped", "`custom{kind, providerMetadata?}`"),
    "finish": Rule(
        "mapped",
        "`finish{stepResult{reason, rawReason?}, output{usage}, metadata{providerMetadata?}, "
        "messages{all:[], user:[], nonUser:[]}, providerMetadata?}`; reason normalised as Mastra does "
        "('unknown' -> 'other'); usage flat: inputTokens=input.total, outputTokens=output.total, "
        "totalTokens=(input ?? 0)+(output ?? 0), reasoningTokens, cachedInputTokens=cacheRead, "
        "cacheCreationInputTokens=cacheWrite, raw=the nested usage; `usage: null` -> usage keys absent",
        error_when="unified 'interrupted' (not a MastraFinishReason)",
    ),
    "step-start": Rule(
        "mapped",
        "`step-start{request: {}, messageId?}` (the agent loop's step boundary; `request` is required, "
        "its body is not scripted)",
    ),
    "step-finish": Rule(
        "mapped",
        "`step-finish{stepResult{reason, rawReason?}, output{usage}, metadata{}, messageId?}`; reason and "
        "usage as for finish",
        error_when="unified 'interrupted' (not a MastraFinishReason)",
    ),
    "raw": Rule("mapped", "`raw`, payload = rawValue"),
    "error": Rule("mapped", "`error{error}`"),
    "ping": Rule("error", "no ping chunk in Mastra's ChunkType"),
    # Agent-loop chunks (AgentChunkType in dist/stream/types.d.ts of @mastra/core 1.71.0).
    "tool-call-suspended": Rule(
        "mapped",
        "`tool-call-suspended{toolCallId, toolName, suspendPayload, args, resumeSchema}` (ToolCallSuspendedPayload: "
        "all required); toolName/args from the earlier tool-call (args {} when absent), resumeSchema '{}' when "
        "not scripted (the agent loop passes the tool's schema as a JSON string)",
        error_when="no earlier tool-call with that toolCallId",
    ),
    "tool-error": Rule(
        "mapped",
        "`tool-error{toolCallId, toolName, error, args?, providerExecuted?, providerMetadata?}` (ToolErrorPayload); "
        "args from the earlier tool-call when it had some. NB the agent loop puts the reified Error there; "
        "the kit scripts its JSON form",
    ),
    "tool-output-denied": Rule(
        "mapped",
        "`tool-output-denied{toolCallId, toolName, args?, approval{id, approved: false, reason?}}` "
        "(ToolOutputDeniedPayload); args from the earlier tool-call",
    ),
    "reasoning-signature": Rule("mapped", "`reasoning-signature{id, signature, providerMetadata?}`"),
    "redacted-reasoning": Rule("mapped", "`redacted-reasoning{id, data, providerMetadata?}`"),
    "abort": Rule("mapped", "`abort{}` (AbortPayload is open; the agent loop sends `payload: {}`)"),
    "object": Rule("mapped", "`{type: 'object', runId, from, object}`: the object beside the envelope, no payload"),
    "object-result": Rule("mapped", "`{type: 'object-result', runId, from, object}`, as `object`"),
    "data": Rule(
        "mapped",
        "`{type: 'data-<name>', data, id?, transient?}` (DataChunkType: no runId, from or payload)",
    ),
    "tripwire": Rule(
        "mapped",
        "`tripwire{reason, retry?, metadata?, processorId?}` (TripwirePayload). NB the 1.71.0 agent loop "
        "enqueues it without runId/from; the kit sends the envelope ChunkType requires",
    ),
    "background-task": Rule("mapped", background.NOTE, error_when="a payload field its type requires is missing"),
}

# Mastra's sanitizeToolCallInput: internal tokens some models append to argument JSON.
_SPECIAL_TOKENS = re.compile(r"<\|[^|]*\|>\s*")
_HTTP_URL = re.compile(r"^https?://", re.IGNORECASE)
_MISSING: Any = object()
# What one part becomes: (chunk type, payload), or None for no chunk. The chunk type WHOLE marks a
# payload that is the whole chunk (object, object-result and data-* chunks have no envelope payload).
Payload = tuple[str, Any] | None
WHOLE = ""


def chunk(kind: str, payload: Any) -> dict[str, Any]:
    """One Mastra agent chunk in the envelope every model-derived chunk has.

    >>> chunk("text-start", {"id": "0"})
    {'type': 'text-start', 'runId': 'mock-run', 'from': 'AGENT', 'payload': {'id': '0'}}
    """
    return {"type": kind, "runId": RUN_ID, "from": FROM, "payload": payload}


def _reject_constant(name: str) -> Any:
    # JSON.parse rejects NaN/Infinity; Python's json accepts them unless told otherwise.
    raise ValueError(f"{name} is not JSON")


def parse_args(text: str) -> Any:
    """Mastra's tool-call ``args``: ``JSON.parse`` of the input, or ``_MISSING`` when it fails/is empty.

    >>> parse_args('{"a": 1}'), parse_args("") is _MISSING, parse_args("{bad") is _MISSING
    ({'a': 1}, True, True)
    """
    if not text:
        return _MISSING
    candidates = [text]
    stripped = _SPECIAL_TOKENS.sub("", text).strip()
    if stripped != text:
        candidates.append(stripped)
    for candidate in candidates:
        if not candidate:
            continue
        try:
            return json.loads(candidate, parse_constant=_reject_constant)
        except ValueError:
            continue
    return _MISSING


def flat_usage(usage: Usage | None, provider_metadata: dict[str, Any] | None) -> dict[str, Any]:
    """Mastra's ``normalizeUsage`` of nested usage (``undefined`` values omitted).

    >>> u = flat_usage(Usage.model_validate({"inputTokens": {"total": 3}, "outputTokens": {}}), None)
    >>> u
    {'inputTokens': 3, 'totalTokens': 3, 'raw': {'inputTokens': {'total': 3}, 'outputTokens': {}}}
    """
    out: dict[str, Any] = {}
    if usage is not None:
        inp, outp = usage.input_tokens, usage.output_tokens
        out = {
            "inputTokens": inp.total,
            "outputTokens": outp.total,
            # Mastra adds with `?? 0`, so a present usage always has a numeric total.
            "totalTokens": (inp.total or 0) + (outp.total or 0),
            "reasoningTokens": outp.reasoning,
            "cachedInputTokens": inp.cache_read,
            "cacheCreationInputTokens": inp.cache_write,
        }
    # getAnthropicCacheCreationUsage: cache-creation split read from provider metadata.
    creation = ((provider_metadata or {}).get("anthropic") or {}).get("cacheCreation")
    if isinstance(creation, dict):
        five = creation.get("ephemeral_5m_input_tokens", creation.get("ephemeral5mInputTokens"))
        hour = creation.get("ephemeral_1h_input_tokens", creation.get("ephemeral1hInputTokens"))
        if isinstance(five, int | float) and not isinstance(five, bool):
            out["cacheCreationInputTokens5m"] = five
        if isinstance(hour, int | float) and not isinstance(hour, bool):
            out["cacheCreationInputTokens1h"] = hour
    if usage is not None:
        out["raw"] = usage.model_dump(by_alias=True, exclude_none=True, mode="json")
    return {k: v for k, v in out.items() if v is not None}


def _with_pm(payload: dict[str, Any], pm: dict[str, Any] | None) -> dict[str, Any]:
    if pm is not None:
        payload["providerMetadata"] = pm
    return payload


class Encoder:
    """Stateful Mastra encoder: remembers tool names and parsed args per tool call id.

    >>> from mock_provider.parts import parse_part
    >>> Encoder("x.y.001").encode(parse_part({"type": "stream-start", "warnings": []}))
    []
    """

    def __init__(self, scenario_id: str) -> None:
        self.scenario_id = scenario_id
        self._input_tool_names: dict[str, str] = {}
        self._calls: dict[str, tuple[str, Any]] = {}

    def _fail(self, part: Part, reason: str) -> DialectError:
        return fail(part.type, NAME, self.scenario_id, reason)

    def encode(self, part: Part) -> list[dict[str, Any]]:
        """Encode one canonical part into Mastra chunks (zero or one)."""
        payload = self._payload(part)
        if payload is None:
            return []
        kind, body = payload
        return [body if kind == WHOLE else chunk(kind, body)]

    # One handler per part class: (chunk type, payload), or None where Mastra's converter drops it.
    @functools.singledispatchmethod
    def _payload(self, part: Part) -> Payload:
        raise self._fail(part, RULES[part.type].note)  # ping: no Mastra chunk

    @_payload.register
    def _stream_start(self, part: StreamStart) -> Payload:
        return None

    @_payload.register
    def _response_metadata(self, part: ResponseMetadata) -> Payload:
        body = dump_part(part)
        body.pop("type")
        return "response-metadata", body

    @_payload.register(TextStart)
    @_payload.register(ReasoningStart)
    @_payload.register(ReasoningEnd)
    def _block_boundary(self, part: TextStart | ReasoningStart | ReasoningEnd) -> Payload:
        return part.type, _with_pm({"id": part.id}, part.provider_metadata)

    @_payload.register
    def _text_delta(self, part: TextDelta) -> Payload:
        pm = part.provider_metadata
        if not part.delta and pm is None:
            return None
        return "text-delta", _with_pm({"id": part.id, "text": part.delta}, pm)

    @_payload.register
    def _reasoning_delta(self, part: ReasoningDelta) -> Payload:
        return "reasoning-delta", _with_pm({"id": part.id, "text": part.delta}, part.provider_metadata)

    @_payload.register
    def _text_end(self, part: TextEnd) -> Payload:
        body = dump_part(part)
        body.pop("type")
        return "text-end", body

    @_payload.register
    def _tool_input_start(self, part: ToolInputStart) -> Payload:
        self._input_tool_names[part.id] = part.tool_name
        body: dict[str, Any] = {"toolCallId": part.id, "toolName": part.tool_name}
        if part.provider_executed is not None:
            body["providerExecuted"] = part.provider_executed
        _with_pm(body, part.provider_metadata)
        if part.dynamic is not None:
            body["dynamic"] = part.dynamic
        if part.title is not None:
            body["title"] = part.title
        return "tool-call-input-streaming-start", body

    @_payload.register
    def _tool_input_delta(self, part: ToolInputDelta) -> Payload:
        if not part.delta:
            return None
        body = {"argsTextDelta": part.delta, "toolCallId": part.id}
        name = self._input_tool_names.get(part.id)
        if name is not None:
            body["toolName"] = name
        return "tool-call-delta", _with_pm(body, part.provider_metadata)

    @_payload.register
    def _tool_input_end(self, part: ToolInputEnd) -> Payload:
        return "tool-call-input-streaming-end", _with_pm({"toolCallId": part.id}, part.provider_metadata)

    @_payload.register
    def _tool_call(self, part: ToolCall) -> Payload:
        args = parse_args(part.input)
        self._calls[part.tool_call_id] = (part.tool_name, args)
        body: dict[str, Any] = {"toolCallId": part.tool_call_id, "toolName": part.tool_name}
        if args is not _MISSING:
            body["args"] = args
        if part.provider_executed is not None:
            body["providerExecuted"] = part.provider_executed
        return "tool-call", _with_pm(body, part.provider_metadata)

    @_payload.register
    def _tool_result(self, part: ToolResult) -> Payload:
        if part.preliminary:
            return "tool-output", {"output": part.result, "toolCallId": part.tool_call_id, "toolName": part.tool_name}
        body = {"toolCallId": part.tool_call_id, "toolName": part.tool_name, "result": part.result}
        if part.is_error is not None:
            body["isError"] = part.is_error
        if part.provider_executed is not None:
            body["providerExecuted"] = part.provider_executed
        return "tool-result", _with_pm(body, part.provider_metadata)

    @_payload.register
    def _tool_approval_request(self, part: ToolApprovalRequest) -> Payload:
        name, args = self._call_of(part, part.tool_call_id, "tool-call-approval")
        body = {"toolCallId": part.tool_call_id, "toolName": name, "args": args, "resumeSchema": "{}"}
        return "tool-call-approval", body

    def _call_of(self, part: Part, call_id: str, chunk_type: str) -> tuple[str, dict[str, Any]]:
        """The tool name and object args (``{}`` when absent) of the earlier tool-call ``call_id``."""
        call = self._calls.get(call_id)
        if call is None:
            raise self._fail(
                part, f"{chunk_type} needs the toolName/args of an earlier tool-call {call_id!r}; none was sent"
            )
        name, args = call
        return name, args if isinstance(args, dict) else {}

    @_payload.register
    def _tool_suspended(self, part: ToolSuspended) -> Payload:
        name, args = self._call_of(part, part.tool_call_id, "tool-call-suspended")
        return "tool-call-suspended", {
            "toolCallId": part.tool_call_id,
            "toolName": name,
            "suspendPayload": part.suspend_payload,
            "args": args,
            "resumeSchema": part.resume_schema if part.resume_schema is not None else "{}",
        }

    @_payload.register
    def _tool_error(self, part: ToolError) -> Payload:
        body: dict[str, Any] = {"toolCallId": part.tool_call_id, "toolName": part.tool_name, "error": part.error}
        call = self._calls.get(part.tool_call_id)
        if call is not None and isinstance(call[1], dict):
            body["args"] = call[1]
        if part.provider_executed is not None:
            body["providerExecuted"] = part.provider_executed
        return "tool-error", _with_pm(body, part.provider_metadata)

    @_payload.register
    def _tool_output_denied(self, part: ToolOutputDenied) -> Payload:
        body: dict[str, Any] = {"toolCallId": part.tool_call_id, "toolName": part.tool_name}
        call = self._calls.get(part.tool_call_id)
        if call is not None and isinstance(call[1], dict):
            body["args"] = call[1]
        approval: dict[str, Any] = {"id": part.approval_id, "approved": False}
        if part.reason is not None:
            approval["reason"] = part.reason
        body["approval"] = approval
        return "tool-output-denied", body

    @_payload.register
    def _reasoning_signature(self, part: ReasoningSignature) -> Payload:
        body = {"id": part.id, "signature": part.signature}
        return "reasoning-signature", _with_pm(body, part.provider_metadata)

    @_payload.register
    def _redacted_reasoning(self, part: RedactedReasoning) -> Payload:
        return "redacted-reasoning", _with_pm({"id": part.id, "data": part.data}, part.provider_metadata)

    @_payload.register
    def _abort(self, part: Abort) -> Payload:
        return "abort", {}

    @_payload.register(ObjectPartial)
    @_payload.register(ObjectResult)
    def _object(self, part: ObjectPartial | ObjectResult) -> Payload:
        return WHOLE, {"type": part.type, "runId": RUN_ID, "from": FROM, "object": part.object}

    @_payload.register
    def _data(self, part: Data) -> Payload:
        optional = {"id": part.id, "transient": part.transient}
        return WHOLE, {"type": f"data-{part.name}", "data": part.data,
                       **{k: v for k, v in optional.items() if v is not None}}

    @_payload.register
    def _background(self, part: BackgroundTask) -> Payload:
        out = background.encode(part, RUN_ID)
        if isinstance(out, str):  # a field the payload's type requires is missing
            raise self._fail(part, out)
        return out

    @_payload.register
    def _tripwire(self, part: Tripwire) -> Payload:
        optional = {"retry": part.retry, "metadata": part.metadata, "processorId": part.processor_id}
        return "tripwire", {"reason": part.reason, **{k: v for k, v in optional.items() if v is not None}}

    @_payload.register(File)
    @_payload.register(ReasoningFile)
    def _file(self, part: File | ReasoningFile) -> Payload:
        data = untag_file_data(part, NAME, self.scenario_id)
        body = {"data": data, **({} if _HTTP_URL.match(data) else {"base64": data}), "mimeType": part.media_type}
        return part.type, _with_pm(body, part.provider_metadata)

    @_payload.register
    def _source(self, part: Source) -> Payload:
        body = {"id": part.id, "sourceType": part.source_type, "title": part.title or ""}
        if part.source_type == "document":
            if part.media_type is not None:
                body["mimeType"] = part.media_type
            if part.filename is not None:
                body["filename"] = part.filename
        elif part.url is not None:
            body["url"] = part.url
        return "source", _with_pm(body, part.provider_metadata)

    @_payload.register
    def _custom(self, part: Custom) -> Payload:
        return "custom", _with_pm({"kind": part.kind}, part.provider_metadata)

    @_payload.register
    def _finish_payload(self, part: Finish) -> Payload:
        return "finish", self._finish(part)

    @_payload.register
    def _step_start(self, part: StepStart) -> Payload:
        body: dict[str, Any] = {"request": {}}
        if part.message_id is not None:
            body["messageId"] = part.message_id
        return "step-start", body

    @_payload.register
    def _step_finish_payload(self, part: StepFinish) -> Payload:
        return "step-finish", self._step_finish(part)

    @_payload.register
    def _raw(self, part: Raw) -> Payload:
        return "raw", part.raw_value

    @_payload.register
    def _error(self, part: Error) -> Payload:
        return "error", {"error": part.error}

    def _step_result(self, part: Finish | StepFinish) -> dict[str, Any]:
        """Mastra ``stepResult{reason, rawReason?}`` of a finish or step-finish part."""
        unified = part.finish_reason.unified
        if unified == "interrupted":
            raise self._fail(part, "finish reason 'interrupted' is not a MastraFinishReason")
        step: dict[str, Any] = {"reason": "other" if unified == "unknown" else unified}
        if part.finish_reason.raw is not None:
            step["rawReason"] = part.finish_reason.raw
        return step

    def _finish(self, part: Finish) -> dict[str, Any]:
        step = self._step_result(part)
        pm = part.provider_metadata
        body: dict[str, Any] = {
            "stepResult": step,
            "output": {"usage": flat_usage(part.usage, pm)},
            "metadata": _with_pm({}, pm),
            "messages": {"all": [], "user": [], "nonUser": []},
        }
        return _with_pm(body, pm)

    def _step_finish(self, part: StepFinish) -> dict[str, Any]:
        step = self._step_result(part)
        body: dict[str, Any] = {"stepResult": step, "output": {"usage": flat_usage(part.usage, None)}, "metadata": {}}
        if part.message_id is not None:
            body["messageId"] = part.message_id
        return body

    def encode_raw(self, item: dict[str, Any]) -> list[dict[str, Any]]:
        """An unknown future part: Mastra's converter turns it into ``raw`` with the part as payload.

        >>> Encoder("x.y.001").encode_raw({"type": "future-thing"})
        [{'type': 'raw', 'runId': 'mock-run', 'from': 'AGENT', 'payload': {'type': 'future-thing'}}]
        """
        return [chunk("raw", dict(item))]


# ---------------------------------------------------------------- decoding
def _usage_back(flat: dict[str, Any]) -> Usage | None:
    if not flat or set(flat) <= {"cacheCreationInputTokens5m", "cacheCreationInputTokens1h"}:
        return None
    raw = flat.get("raw")
    if isinstance(raw, dict) and isinstance(raw.get("inputTokens"), dict):
        return Usage.model_validate(raw)
    return Usage(
        input_tokens=InputTokens(
            total=flat.get("inputTokens"),
            cache_read=flat.get("cachedInputTokens"),
            cache_write=flat.get("cacheCreationInputTokens"),
        ),
        output_tokens=OutputTokens(total=flat.get("outputTokens"), reasoning=flat.get("reasoningTokens")),
    )


def _pick(payload: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: payload[k] for k in keys if k in payload}


class _Item(NamedTuple):
    """One chunk being decoded: its type, its payload as a dict ({} if not one) and the raw payload."""

    kind: str
    p: dict[str, Any]
    payload: Any

    def pm(self) -> dict[str, Any]:
        return _pick(self.p, "providerMetadata")


def _decode_response_metadata(c: _Item) -> Part:
    return parse_part({"type": c.kind, **_pick(c.p, "id", "timestamp", "modelId")})


def _decode_boundary(c: _Item) -> Part:
    return parse_part({"type": c.kind, "id": c.p["id"], **c.pm()})


def _decode_delta(c: _Item) -> Part:
    return parse_part({"type": c.kind, "id": c.p["id"], "delta": c.p["text"], **c.pm()})


def _decode_text_end(c: _Item) -> Part:
    return parse_part({"type": c.kind, **_pick(c.p, "id", "citations", "providerMetadata")})


def _decode_input_start(c: _Item) -> Part:
    extra = _pick(c.p, "toolName", "providerExecuted", "dynamic", "title", "providerMetadata")
    return parse_part({"type": "tool-input-start", "id": c.p["toolCallId"], **extra})


def _decode_input_delta(c: _Item) -> Part:
    return parse_part({"type": "tool-input-delta", "id": c.p["toolCallId"], "delta": c.p["argsTextDelta"], **c.pm()})


def _decode_input_end(c: _Item) -> Part:
    return parse_part({"type": "tool-input-end", "id": c.p["toolCallId"], **c.pm()})


def _decode_tool_call(c: _Item) -> Part:
    text = json.dumps(c.p["args"]) if "args" in c.p else ""
    extra = _pick(c.p, "toolCallId", "toolName", "providerExecuted", "providerMetadata")
    return parse_part({"type": "tool-call", "input": text, **extra})


def _decode_tool_result(c: _Item) -> Part:
    extra = _pick(c.p, "toolCallId", "toolName", "isError", "providerExecuted", "providerMetadata")
    return parse_part({"type": "tool-result", "result": c.p.get("result"), **extra})


def _decode_approval(c: _Item) -> Part:
    # Mastra has no approval id; the tool call id stands in for it.
    call_id = c.p["toolCallId"]
    return parse_part({"type": "tool-approval-request", "approvalId": call_id, "toolCallId": call_id})


def _decode_file(c: _Item) -> Part:
    data = tag_file_data(str(c.p["data"])).model_dump(by_alias=True, exclude_none=True)
    return parse_part({"type": c.kind, "mediaType": c.p["mimeType"], "data": data, **c.pm()})


def _decode_source(c: _Item) -> Part:
    body: dict[str, Any] = {"type": "source"}
    body.update(_pick(c.p, "id", "sourceType", "filename", "url", "providerMetadata"))
    if "mimeType" in c.p:
        body["mediaType"] = c.p["mimeType"]
    title = c.p.get("title")
    if title or c.p.get("sourceType") == "document":
        body["title"] = title
    return parse_part(body)


def _decode_custom(c: _Item) -> Part:
    return parse_part({"type": "custom", **_pick(c.p, "kind", "providerMetadata")})


def _decode_finish(c: _Item) -> Part:
    step = c.p.get("stepResult") or {}
    reason, raw = step.get("reason"), step.get("rawReason")
    if reason in ("tripwire", "retry"):
        # Mastra-only reasons: the closest canonical value, keeping the word as the raw reason.
        reason, raw = "other", raw if raw is not None else reason
    return Finish(
        type="finish",
        finish_reason=FinishReason(unified=reason or "other", raw=raw),
        usage=_usage_back((c.p.get("output") or {}).get("usage") or {}),
        provider_metadata=c.p.get("providerMetadata"),
    )


def _decode_step_start(c: _Item) -> Part:
    return StepStart(type="step-start", message_id=c.p.get("messageId"))


def _decode_step_finish(c: _Item) -> Part:
    step = c.p.get("stepResult") or {}
    return StepFinish(
        type="step-finish",
        finish_reason=FinishReason(unified=step.get("reason") or "other", raw=step.get("rawReason")),
        usage=_usage_back((c.p.get("output") or {}).get("usage") or {}),
        message_id=c.p.get("messageId"),
    )


def _decode_raw(c: _Item) -> Part:
    return Raw(type="raw", raw_value=c.payload)


def _decode_error(c: _Item) -> Part:
    return Error(type="error", error=c.p.get("error"))


def _decode_tool_output(c: _Item) -> Part:
    extra = _pick(c.p, "toolCallId", "toolName")
    return parse_part({"type": "tool-result", "result": c.p.get("output"), "preliminary": True, **extra})


def _decode_suspended(c: _Item) -> Part:
    return parse_part({"type": "tool-call-suspended", **_pick(c.p, "toolCallId", "suspendPayload", "resumeSchema")})


def _decode_tool_error(c: _Item) -> Part:
    extra = _pick(c.p, "toolCallId", "toolName", "providerExecuted", "providerMetadata")
    return parse_part({"type": "tool-error", "error": c.p.get("error"), **extra})


def _decode_denied(c: _Item) -> Part:
    approval = c.p.get("approval") if isinstance(c.p.get("approval"), dict) else {}
    assert isinstance(approval, dict)
    body = {"type": "tool-output-denied", **_pick(c.p, "toolCallId", "toolName"), "approvalId": approval.get("id")}
    return parse_part({**body, **_pick(approval, "reason")})


def _decode_signature(c: _Item) -> Part:
    return parse_part({"type": c.kind, **_pick(c.p, "id", "signature", "providerMetadata")})


def _decode_redacted(c: _Item) -> Part:
    return parse_part({"type": c.kind, "data": c.p.get("data"), **_pick(c.p, "id", "providerMetadata")})


def _decode_abort(c: _Item) -> Part:
    return Abort(type="abort")


def _decode_tripwire(c: _Item) -> Part:
    return parse_part({"type": c.kind, **_pick(c.p, "reason", "retry", "metadata", "processorId")})


# Mastra chunk type -> the decoder of its payload.
_DECODERS: dict[str, Callable[[_Item], Part]] = {
    "response-metadata": _decode_response_metadata,
    "text-start": _decode_boundary,
    "reasoning-start": _decode_boundary,
    "reasoning-end": _decode_boundary,
    "text-delta": _decode_delta,
    "reasoning-delta": _decode_delta,
    "text-end": _decode_text_end,
    "tool-call-input-streaming-start": _decode_input_start,
    "tool-call-delta": _decode_input_delta,
    "tool-call-input-streaming-end": _decode_input_end,
    "tool-call": _decode_tool_call,
    "tool-result": _decode_tool_result,
    "tool-call-approval": _decode_approval,
    "file": _decode_file,
    "reasoning-file": _decode_file,
    "source": _decode_source,
    "custom": _decode_custom,
    "finish": _decode_finish,
    "step-start": _decode_step_start,
    "step-finish": _decode_step_finish,
    "raw": _decode_raw,
    "error": _decode_error,
    "tool-output": _decode_tool_output,
    "tool-call-suspended": _decode_suspended,
    "tool-error": _decode_tool_error,
    "tool-output-denied": _decode_denied,
    "reasoning-signature": _decode_signature,
    "redacted-reasoning": _decode_redacted,
    "abort": _decode_abort,
    "tripwire": _decode_tripwire,
}


def decode(item: dict[str, Any]) -> list[Part]:
    """Read one Mastra chunk back into canonical parts (lossy where the encoding was).

    >>> decode(chunk("tool-call-delta", {"argsTextDelta": "{", "toolCallId": "c1"}))[0].delta
    '{'
    """
    kind = item.get("type")
    payload = item.get("payload")
    if kind in ("object", "object-result"):
        return [parse_part({"type": kind, "object": item.get("object")})]
    if isinstance(kind, str) and kind.startswith("data-"):
        return [parse_part({"type": "data", "name": kind[5:], **_pick(item, "data", "id", "transient")})]
    if kind in background.CHUNK_TYPES:
        return [background.decode(str(kind), payload if isinstance(payload, dict) else {})]
    if not isinstance(kind, str) or kind not in _DECODERS:
        raise ValueError(f"not a Mastra chunk this dialect produces: type {kind!r}")
    return [_DECODERS[kind](_Item(kind, payload if isinstance(payload, dict) else {}, payload))]


DIALECT = PartDialect(
    name=NAME,
    rules=RULES,
    finish_shape="mastra",
    usage_shape="mastra",
    finish_reasons=without_interrupted(),
    envelope=True,
    encoder=Encoder,
    decode=decode,
)
