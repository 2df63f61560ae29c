"""Canonical stream parts: one pydantic model per AI SDK ``LanguageModel`` stream part.

The canonical form is the richest published shape (``@ai-sdk/provider`` 4.0.38, the
``LanguageModelV4StreamPart`` union; V3 3.0.19 is a subset of it). Dialect modules in
:mod:`mock_provider.dialects` turn canonical parts into ``v2``/``v3``/``v4``/``mastra``
shapes and back; a part a dialect cannot express raises :class:`DialectError`.

Field names are the published camelCase wire names (``toolCallId``), exposed in Python
as snake_case attributes. Both spellings validate.

Example:
    >>> p = parse_part({"type": "text-delta", "id": "0", "delta": "Hi"})
    >>> p.delta, dump_part(p)
    ('Hi', {'type': 'text-delta', 'id': '0', 'delta': 'Hi'})
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator
from pydantic.alias_generators import to_camel

JSONValue = Any
ProviderMetadata = dict[str, dict[str, Any]]


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid", frozen=False)


class _Part(_Model):
    def dump(self) -> dict[str, Any]:
        """The part as its canonical (V4-shaped) JSON object."""
        return dump_part(self)  # type: ignore[arg-type]


# ---------------------------------------------------------------- warnings (stream-start)
class WarningUnsupported(_Model):
    type: Literal["unsupported"]
    feature: str
    details: str | None = None


class WarningCompatibility(_Model):
    type: Literal["compatibility"]
    feature: str
    details: str | None = None


class WarningOther(_Model):
    type: Literal["other"]
    message: str


class WarningDeprecated(_Model):
    """V4 only (``SharedV4Warning``)."""

    type: Literal["deprecated"]
    setting: str
    message: str


Warning = Annotated[
    WarningUnsupported | WarningCompatibility | WarningOther | WarningDeprecated,
    Field(discriminator="type"),
]


# ---------------------------------------------------------------- text / reasoning
class TextStart(_Part):
    type: Literal["text-start"]
    id: str
    provider_metadata: ProviderMetadata | None = None


class TextDelta(_Part):
    type: Literal["text-delta"]
    id: str
    delta: str
    provider_metadata: ProviderMetadata | None = None


class Citation(_Model):
    """V4 ``LanguageModelV4Citation``; ``source`` is a whole ``LanguageModelV4Source`` (``type: 'source'`` included)."""

    source: dict[str, Any]
    start_index: int | None = None
    end_index: int | None = None
    cited_text: str | None = None


class TextEnd(_Part):
    type: Literal["text-end"]
    id: str
    citations: list[Citation] | None = None  # V4 only
    provider_metadata: ProviderMetadata | None = None


class ReasoningStart(_Part):
    type: Literal["reasoning-start"]
    id: str
    provider_metadata: ProviderMetadata | None = None


class ReasoningDelta(_Part):
    type: Literal["reasoning-delta"]
    id: str
    delta: str
    provider_metadata: ProviderMetadata | None = None


class ReasoningEnd(_Part):
    type: Literal["reasoning-end"]
    id: str
    provider_metadata: ProviderMetadata | None = None


# ---------------------------------------------------------------- tools
class ToolInputStart(_Part):
    type: Literal["tool-input-start"]
    id: str
    tool_name: str
    provider_executed: bool | None = None
    dynamic: bool | None = None  # V3+
    title: str | None = None  # V3+
    input_encoding: Literal["json", "text"] | None = None  # V3 3.0.19, V4
    provider_metadata: ProviderMetadata | None = None


class ToolInputDelta(_Part):
    type: Literal["tool-input-delta"]
    id: str
    delta: str
    provider_metadata: ProviderMetadata | None = None


class ToolInputEnd(_Part):
    type: Literal["tool-input-end"]
    id: str
    provider_metadata: ProviderMetadata | None = None


class ToolCall(_Part):
    """``input`` is a JSON *string* in every spec version (not an object)."""

    type: Literal["tool-call"]
    tool_call_id: str
    tool_name: str
    input: str
    provider_executed: bool | None = None
    dynamic: bool | None = None  # V3+
    provider_metadata: ProviderMetadata | None = None


class ToolResult(_Part):
    type: Literal["tool-result"]
    tool_call_id: str
    tool_name: str
    result: JSONValue
    is_error: bool | None = None
    preliminary: bool | None = None  # V3+
    dynamic: bool | None = None  # V3+
    provider_executed: bool | None = None  # V2 only (removed in V3)
    provider_metadata: ProviderMetadata | None = None


class ToolApprovalRequest(_Part):
    """V3+: approval for a provider-executed tool."""

    type: Literal["tool-approval-request"]
    approval_id: str
    tool_call_id: str
    provider_metadata: ProviderMetadata | None = None


# ---------------------------------------------------------------- files, sources, custom
class FileData(_Model):
    """V4 tagged file data; canonical for every file part (V2/V3 accept only ``data``)."""

    type: Literal["data", "url"]
    data: str | None = None  # base64 when type == 'data'
    url: str | None = None
    original_url: str | None = None


class File(_Part):
    type: Literal["file"]
    media_type: str
    data: FileData
    provider_metadata: ProviderMetadata | None = None  # V3+


class ReasoningFile(_Part):
    """V4 only."""

    type: Literal["reasoning-file"]
    media_type: str
    data: FileData
    provider_metadata: ProviderMetadata | None = None


class Source(_Part):
    type: Literal["source"]
    source_type: Literal["url", "document"]
    id: str
    url: str | None = None  # required for url sources
    title: str | None = None  # required for document sources
    media_type: str | None = None  # required for document sources
    filename: str | None = None
    provider_metadata: ProviderMetadata | None = None


class Custom(_Part):
    """V4 only: ``kind`` is ``"<provider>.<name>"``."""

    type: Literal["custom"]
    kind: str
    provider_metadata: ProviderMetadata | None = None


# ---------------------------------------------------------------- stream framing
class StreamStart(_Part):
    type: Literal["stream-start"]
    warnings: list[Warning] = Field(default_factory=list)


class ResponseMetadata(_Part):
    type: Literal["response-metadata"]
    id: str | None = None
    timestamp: str | None = None  # ISO 8601: a JS Date once JSON-serialised
    model_id: str | None = None


UnifiedFinishReason = Literal[
    "stop", "length", "content-filter", "tool-calls", "error", "other", "interrupted", "unknown"
]


class FinishReason(_Model):
    """``unified`` adds ``unknown`` (V2's "provider sent none") to the V4 set.

    ``unknown`` renders as V2 ``'unknown'`` and as V3/V4 ``{unified: 'other', raw}``,
    exactly the official ``asLanguageModelV3`` conversion.
    """

    unified: UnifiedFinishReason
    raw: str | None = None


class InputTokens(_Model):
    total: int | None = None
    no_cache: int | None = None
    cache_read: int | None = None
    cache_write: int | None = None

    def wire_total(self) -> int | None:
        """The total a wire sends: ``total``, else the sum of the parts given, else None (no count at all).

        >>> InputTokens(no_cache=3, cache_read=2).wire_total(), InputTokens().wire_total()
        (5, None)
        """
        if self.total is None and any(v is not None for v in (self.no_cache, self.cache_read, self.cache_write)):
            return (self.no_cache or 0) + (self.cache_read or 0) + (self.cache_write or 0)
        return self.total


class OutputTokens(_Model):
    total: int | None = None
    text: int | None = None
    reasoning: int | None = None

    def wire_total(self) -> int | None:
        """The total a wire sends: ``total``, else text plus reasoning where either is given, else None.

        >>> OutputTokens(text=4, reasoning=1).wire_total(), OutputTokens(total=7, text=1).wire_total()
        (5, 7)
        """
        if self.total is None and any(v is not None for v in (self.text, self.reasoning)):
            return (self.text or 0) + (self.reasoning or 0)
        return self.total


class Usage(_Model):
    """V3/V4 nested usage. ``raw.totalTokens`` carries a provider total for V2 rendering."""

    input_tokens: InputTokens = Field(default_factory=InputTokens)
    output_tokens: OutputTokens = Field(default_factory=OutputTokens)
    raw: dict[str, Any] | None = None


class Finish(_Part):
    """``usage: null`` in a scenario means the upstream omitted the key entirely (a fault)."""

    type: Literal["finish"]
    finish_reason: FinishReason
    usage: Usage | None = Field(default_factory=Usage)
    provider_metadata: ProviderMetadata | None = None


class StepStart(_Part):
    """An agent-loop step begins (Mastra ``step-start``).

    Not a ``LanguageModel`` part: steps belong to the agent loop around the model, so only
    the ``mastra`` dialect expresses it (the others raise DialectError). Bridge scenarios use it.
    """

    type: Literal["step-start"]
    message_id: str | None = None


class StepFinish(_Part):
    """An agent-loop step ends (Mastra ``step-finish``; ``stepResult.reason``, ``output.usage``)."""

    type: Literal["step-finish"]
    finish_reason: FinishReason
    usage: Usage | None = None
    message_id: str | None = None


# ---------------------------------------------------------------- agent-loop chunks (Mastra only)
# Not LanguageModel parts: Mastra's agent loop (or its V1-era reasoning parts) emits them around the
# model's parts, so only the ``mastra`` dialect expresses them (every other dialect raises DialectError).
class ToolSuspended(_Part):
    """A tool suspended itself waiting for input (Mastra ``tool-call-suspended``).

    The chunk's ``toolName``/``args`` are those of the earlier ``tool-call`` with this id.
    """

    type: Literal["tool-call-suspended"]
    tool_call_id: str
    suspend_payload: JSONValue = None
    resume_schema: str | None = None


class ToolError(_Part):
    """A tool's execution failed (Mastra ``tool-error``): the call's result is this error."""

    type: Literal["tool-error"]
    tool_call_id: str
    tool_name: str
    error: JSONValue
    provider_executed: bool | None = None
    provider_metadata: ProviderMetadata | None = None


class ToolOutputDenied(_Part):
    """A ``requireApproval`` call was declined (Mastra ``tool-output-denied``): it never runs."""

    type: Literal["tool-output-denied"]
    tool_call_id: str
    tool_name: str
    approval_id: str
    reason: str | None = None


class ReasoningSignature(_Part):
    """The signature of a reasoning block (Mastra ``reasoning-signature``, the V1-era part)."""

    type: Literal["reasoning-signature"]
    id: str
    signature: str
    provider_metadata: ProviderMetadata | None = None


class RedactedReasoning(_Part):
    """Reasoning the provider redacted: opaque data, no text (Mastra ``redacted-reasoning``)."""

    type: Literal["redacted-reasoning"]
    id: str
    data: JSONValue
    provider_metadata: ProviderMetadata | None = None


class Abort(_Part):
    """The agent run was aborted (Mastra ``abort``, sent when its abort signal fired)."""

    type: Literal["abort"]


class ObjectPartial(_Part):
    """A partial structured-output object (Mastra ``object``; ``object`` sits beside, not in, a payload)."""

    type: Literal["object"]
    object: JSONValue


class ObjectResult(_Part):
    """The final structured-output object (Mastra ``object-result``)."""

    type: Literal["object-result"]
    object: JSONValue


class Data(_Part):
    """A custom data chunk (Mastra ``data-{name}``: ``{type, data, id?, transient?}``, no envelope)."""

    type: Literal["data"]
    name: str
    data: JSONValue
    id: str | None = None
    transient: bool | None = None


class Tripwire(_Part):
    """A processor blocked the run (Mastra ``tripwire`` chunk)."""

    type: Literal["tripwire"]
    reason: str
    retry: bool | None = None
    metadata: JSONValue = None
    processor_id: str | None = None


BackgroundStatus = Literal["started", "running", "output", "progress", "suspended", "resumed", "completed",
                           "failed", "cancelled"]


class BackgroundTask(_Part):
    """A tool the agent runs as a background task reports its lifecycle (Mastra ``background-task-{status}``).

    Every status but ``progress`` names one task and the call that dispatched it (``task_id``,
    ``tool_call_id``, ``tool_name``); ``progress`` is the heartbeat of all running tasks
    (``task_ids``, ``running_count``, ``elapsed_ms``). ``at`` is the status's time (startedAt,
    suspendedAt or completedAt), ``output`` a streamed tool output, ``error`` a failure's message.

    >>> parse_part({"type": "background-task", "status": "progress", "taskIds": ["t1"], "runningCount": 1,
    ...             "elapsedMs": 900}).status
    'progress'
    """

    type: Literal["background-task"]
    status: BackgroundStatus
    task_id: str | None = None
    tool_call_id: str | None = None
    tool_name: str | None = None
    args: dict[str, JSONValue] | None = None
    output: JSONValue = None
    result: JSONValue = None
    is_error: bool | None = None
    error: str | None = None
    suspend_payload: JSONValue = None
    task_ids: list[str] | None = None
    running_count: int | None = None
    elapsed_ms: int | None = None
    at: str | None = None

    @model_validator(mode="after")
    def _fields_of_status(self) -> BackgroundTask:
        if self.status == "progress":
            if self.task_ids is None or self.running_count is None or self.elapsed_ms is None:
                raise ValueError("a progress heartbeat has taskIds, runningCount and elapsedMs")
            return self
        if not (self.task_id and self.tool_call_id and self.tool_name):
            raise ValueError(f"background-task {self.status!r} names taskId, toolCallId and toolName")
        if self.status == "failed" and self.error is None:
            raise ValueError("a failed background task has its error message")
        return self


class Raw(_Part):
    type: Literal["raw"]
    raw_value: JSONValue = None


class Error(_Part):
    type: Literal["error"]
    error: JSONValue


class Ping(_Part):
    """V4 only: keep-alive."""

    type: Literal["ping"]


Part = Annotated[
    TextStart
    | TextDelta
    | TextEnd
    | ReasoningStart
    | ReasoningDelta
    | ReasoningEnd
    | ToolInputStart
    | ToolInputDelta
    | ToolInputEnd
    | ToolCall
    | ToolResult
    | ToolApprovalRequest
    | File
    | ReasoningFile
    | Source
    | Custom
    | StreamStart
    | ResponseMetadata
    | Finish
    | StepStart
    | StepFinish
    | ToolSuspended
    | ToolError
    | ToolOutputDenied
    | ReasoningSignature
    | RedactedReasoning
    | Abort
    | ObjectPartial
    | ObjectResult
    | Data
    | Tripwire
    | BackgroundTask
    | Raw
    | Error
    | Ping,
    Field(discriminator="type"),
]

PART_TYPES: tuple[str, ...] = (
    "text-start",
    "text-delta",
    "text-end",
    "reasoning-start",
    "reasoning-delta",
    "reasoning-end",
    "tool-input-start",
    "tool-input-delta",
    "tool-input-end",
    "tool-call",
    "tool-result",
    "tool-approval-request",
    "file",
    "reasoning-file",
    "source",
    "custom",
    "stream-start",
    "response-metadata",
    "finish",
    "step-start",
    "step-finish",
    "tool-call-suspended",
    "tool-error",
    "tool-output-denied",
    "reasoning-signature",
    "redacted-reasoning",
    "abort",
    "object",
    "object-result",
    "data",
    "tripwire",
    "background-task",
    "raw",
    "error",
    "ping",
)

_PART_ADAPTER: TypeAdapter[Part] = TypeAdapter(Part)


def parse_part(data: dict[str, Any]) -> Part:
    """Validate one canonical part given as a JSON object.

    >>> parse_part({"type": "ping"}).type
    'ping'
    """
    return _PART_ADAPTER.validate_python(data)


def dump_part(part: Part) -> dict[str, Any]:
    """Serialise a canonical part with its published camelCase keys; unset optionals omitted.

    ``Finish.usage = None`` (usage key absent upstream) is the one ``None`` that means
    "omit a required key"; every other ``None`` is simply an absent optional.

    >>> dump_part(parse_part({"type": "tool-input-end", "id": "c1"}))
    {'type': 'tool-input-end', 'id': 'c1'}
    """
    out = part.model_dump(by_alias=True, exclude_none=True, mode="json")
    # Keys whose JSON value may legitimately be null must survive exclude_none.
    if isinstance(part, Raw):
        out["rawValue"] = part.raw_value
    elif isinstance(part, Error):
        out["error"] = part.error
    elif isinstance(part, ToolResult):
        out["result"] = part.result
    elif isinstance(part, ToolError):
        out["error"] = part.error
    elif isinstance(part, ObjectPartial | ObjectResult):
        out["object"] = part.object
    elif isinstance(part, Data | RedactedReasoning):
        out["data"] = part.data
    elif isinstance(part, BackgroundTask) and part.status in ("output", "completed"):
        out["output" if part.status == "output" else "result"] = part.output if part.status == "output" \
            else part.result
    return out


# The part types only an agent loop sends (Mastra chunks): every LanguageModel dialect refuses them.
AGENT_PART_TYPES: tuple[str, ...] = (
    "step-start",
    "step-finish",
    "tool-call-suspended",
    "tool-error",
    "tool-output-denied",
    "reasoning-signature",
    "redacted-reasoning",
    "abort",
    "object",
    "object-result",
    "data",
    "tripwire",
    "background-task",
)
