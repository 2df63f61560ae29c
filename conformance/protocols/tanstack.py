"""TanStack AI 0.58.0 adapter-yield layer (``AdapterYieldChunk``, before ``normalizeStreamChunk``).

The events are the AG-UI types of TanStack's ``StreamChunk`` union with loose extras
(spec-reference 4.2): ``finishReason``/``usage`` (TanStack ``TokenUsage``)/``model`` on
``RUN_FINISHED``, ``toolName``/``index`` on ``TOOL_CALL_START``, parsed ``input`` on
``TOOL_CALL_END``, ``message``/``code`` and/or ``error{message, code?}`` on ``RUN_ERROR``.
Extra keys are allowed, so there is no key-hygiene row here (that is the wire's row 8.4.5).

The schema is ``conformance/schemas/tanstack.schema.json``. The lifecycle is the AG-UI table
(:data:`TABLE`, events :data:`LIFECYCLE`): the extras change no open/close rule, and the ids
are the same keys.

Example:
    >>> events = [
    ...     {"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...     {"type": "TOOL_CALL_START", "toolCallId": "c1", "toolName": "f", "index": 0},
    ...     {"type": "TOOL_CALL_ARGS", "toolCallId": "c1", "delta": '{"a":1}'},
    ...     {"type": "TOOL_CALL_END", "toolCallId": "c1", "input": {"a": 1}},
    ...     {"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "finishReason": "tool_calls",
    ...      "usage": {"promptTokens": 3, "completionTokens": 2, "totalTokens": 5}},
    ... ]
    >>> lifecycle(events)
    []
    >>> t = extract(events)
    >>> t.tool_calls[0].name, t.finish_reason, t.usage.input_tokens
    ('f', 'tool_calls', 3)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jsonschema.exceptions import ValidationError, best_match  # type: ignore[import-untyped,unused-ignore]

from conformance.findings import Finding
from conformance.protocols import agui
from conformance.protocols.agui import (
    Reader,
    count,
    dig,
    error_code,
    first_str,
    tool_result_value,
)
from conformance.protocols.base import OutputProtocol
from conformance.protocols.lifecycle import Entity, Op, Table
from conformance.protocols.lifecycle import run as run_table
from conformance.protocols.usage_readings import tanstack_type
from conformance.schema_dispatch import TypeDispatched
from mock_provider.transcript import ErrorRecord, ToolResultRecord, Transcript, UsageRecord

NAME = "tanstack"
USAGE_FIELDS: tuple[str, ...] = agui.USAGE_FIELDS

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "tanstack.schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
# Built once: validators compile their $refs lazily and cache them on the instance.
_VALIDATOR = TypeDispatched(SCHEMA)  # per event type: every if/then of the schema for every event was most of grading

# The lifecycle table: the yield layer uses the same event types and id keys as the wire.
LIFECYCLE_ENTITIES: dict[str, Entity] = agui.ENTITIES
LIFECYCLE: dict[str, tuple[str, Op]] = agui.EVENTS
TABLE: Table[agui.RunPhase, agui.RunRole] = agui.TABLE


def format_error(error: ValidationError) -> str:
    """One readable line for a JSON Schema error: where, and the most specific reason.

    >>> err = next(_VALIDATOR.iter_errors({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m"}))
    >>> format_error(err)
    "<event>: 'delta' is a required property"
    """
    if error.context:
        # oneOf/anyOf: the branch that got furthest says more than "not valid under any".
        error = best_match(error.context)
    where = ".".join(str(p) for p in error.absolute_path) or "<event>"
    return f"{where}: {error.message}"


def schema_errors(event: Any) -> list[str]:
    """Why one yielded chunk does not match ``tanstack.schema.json`` (``[]`` if it does).

    >>> schema_errors({"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "finishReason": "tool-calls"})
    ["finishReason: 'tool-calls' is not one of ['stop', 'length', 'content_filter', 'tool_calls', None]"]
    """
    if not isinstance(event, dict):
        return [f"event is not a JSON object (got {type(event).__name__})"]
    errors = sorted(_VALIDATOR.iter_errors(event), key=lambda e: [str(p) for p in e.absolute_path])
    return [format_error(e) for e in errors]


def lifecycle(events: Sequence[Any]) -> list[Finding]:
    """Lifecycle findings from the AG-UI state-machine table applied to the yielded chunks.

    A ``STEP_FINISHED`` for a step already finished is not a second close here: TanStack's
    consumers keep no step state and read a STEP_FINISHED only for its signature
    (``StreamProcessor.handleStepFinishedEvent``, @tanstack/ai 0.58.0
    dist/esm/activities/chat/stream/processor.js:1036; the engine, dist/esm/activities/chat/index.js:741),
    and TanStack's adapters use it that way: openaiText sends the reasoning item's signature once it is
    known (@tanstack/openai-base 0.10.15 responses-text.js:1003-1011), geminiText one after every thought
    delta (@tanstack/ai-gemini dist/esm/adapters/text.js:400). The pairing rule (8.4.2) is AG-UI's,
    from @ag-ui/client verifyEvents; a STEP_FINISHED with no STEP_STARTED is still an orphan.

    >>> [f.row for f in lifecycle([{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...                            {"type": "TOOL_CALL_ARGS", "toolCallId": "c9", "delta": "{}"},
    ...                            {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}])]
    ['8.4.2']
    >>> steps = [{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...          {"type": "STEP_STARTED", "stepName": "s"}, {"type": "STEP_FINISHED", "stepName": "s"},
    ...          {"type": "STEP_FINISHED", "stepName": "s", "signature": "sig"},
    ...          {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}]
    >>> lifecycle(steps), [f.row for f in agui.lifecycle(steps)]
    ([], ['8.4.2', '8.4.5'])
    >>> [f.row for f in lifecycle([steps[0], {"type": "STEP_FINISHED", "stepName": "x"}, steps[-1]])]
    ['8.4.2']
    """
    return run_table(TABLE, _without_signature_carriers(events))


def _without_signature_carriers(events: Sequence[Any]) -> list[Any]:
    """The events with each repeated STEP_FINISHED of a finished step replaced by a placeholder
    the table does not read (indexes stay those of the stream)."""
    finished: set[Any] = set()
    out: list[Any] = []
    for event in events:
        if isinstance(event, dict) and event.get("type") == "STEP_FINISHED":
            name = event.get("stepName", event.get("stepId"))
            if isinstance(name, str) and name in finished:
                out.append({"type": "_SIGNATURE_CARRIER"})
                continue
            if isinstance(name, str):
                finished.add(name)
        elif isinstance(event, dict) and event.get("type") == "STEP_STARTED":
            name = event.get("stepName", event.get("stepId"))
            if isinstance(name, str):
                finished.discard(name)
        out.append(event)
    return out


def usage_from_tanstack(usage: Any) -> UsageRecord | None:
    """TanStack ``TokenUsage`` (or an already-AG-UI ``usage`` list) as a :class:`UsageRecord`.

    >>> u = usage_from_tanstack({"promptTokens": 10, "completionTokens": 4, "totalTokens": 14,
    ...                          "promptTokensDetails": {"cachedTokens": 6, "cacheWriteTokens": 2},
    ...                          "completionTokensDetails": {"reasoningTokens": 1}})
    >>> u.input_tokens, u.cached_input_tokens, u.cache_write_input_tokens, u.reasoning_tokens
    (10, 6, 2, 1)
    """
    if isinstance(usage, list):
        # RUN_FINISHED.usage may also be SpecTokenUsage[] (spec-reference 4.2).
        return agui.usage_from_agui(usage[0]) if usage else None
    if not isinstance(usage, dict):
        return None
    return UsageRecord(
        input_tokens=count(usage.get("promptTokens")),
        output_tokens=count(usage.get("completionTokens")),
        total_tokens=count(usage.get("totalTokens")),
        reasoning_tokens=count(dig(usage, "completionTokensDetails", "reasoningTokens")),
        cached_input_tokens=count(dig(usage, "promptTokensDetails", "cachedTokens")),
        cache_write_input_tokens=count(dig(usage, "promptTokensDetails", "cacheWriteTokens")),
    )


def _error(event: dict[str, Any]) -> ErrorRecord:
    # normalizeStreamChunk lifts error{message, code} only where the top-level key is missing.
    nested = event.get("error")
    message = event.get("message")
    code = event.get("code")
    return ErrorRecord(
        message=message if isinstance(message, str) else first_str(dig(nested, "message")),
        code=error_code(code) if code is not None else error_code(dig(nested, "code")),
    )


def _extra(event: dict[str, Any], key: str) -> Any:
    """A TanStack extra: top level (yield form) first, then ``metadata.tanstack`` (normalized form)."""
    value = event.get(key)
    return value if value is not None else dig(event, "metadata", "tanstack", key)


def _end_result(event: dict[str, Any]) -> ToolResultRecord | None:
    # TOOL_CALL_END.result becomes a TOOL_CALL_RESULT after the END (normalizeStreamChunk).
    call_id = event.get("toolCallId")
    if "result" not in event or not isinstance(call_id, str):
        return None
    return ToolResultRecord(
        tool_call_id=call_id,
        result=tool_result_value(event.get("result")),
        is_error=_extra(event, "state") == "output-error",
    )


READER = Reader(
    tool_name=lambda e: first_str(e.get("toolCallName"), e.get("toolName")),
    end_input=lambda e: _extra(e, "input"),
    finish_reason=lambda e: _extra(e, "finishReason"),
    usage=lambda e: usage_from_tanstack(e.get("usage")),
    error=_error,
    model=lambda e: first_str(_extra(e, "model")),
    end_result=_end_result,
)


def extract(events: Sequence[Any]) -> Transcript:
    """The normalized transcript the yielded chunks mean (what the TanStack engine would act on).

    >>> t = extract([{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...              {"type": "RUN_ERROR", "error": {"message": "rate limited", "code": "429"}}])
    >>> t.terminal, t.error.message, t.error.code
    ('error', 'rate limited', '429')
    """
    return agui.extract_with(events, READER)


def exposures(events: Sequence[Any]) -> dict[str, int]:
    """Index of the first ``TOOL_CALL_END`` per tool call id.

    >>> exposures([{"type": "TOOL_CALL_END", "toolCallId": "c1"}])
    {'c1': 0}
    """
    return agui.exposures(events)


def failure_event(message: str) -> dict[str, Any]:
    """The RUN_ERROR frame TanStack's delivery sends for a chat() iterator that threw: ``runErrorChunk`` of
    toServerSentEventsResponse / toHttpResponse (@tanstack/ai 0.58.0 dist/esm/stream-to-response.js:119
    ``encodeError(pumpFailure.error)``; the message is the error's, ``toRunErrorPayload``).

    >>> failure_event("oneOf is not supported")
    {'type': 'RUN_ERROR', 'message': 'oneOf is not supported', 'error': {'message': 'oneOf is not supported'}}
    """
    return {"type": "RUN_ERROR", "message": message, "error": {"message": message}}


PROTOCOL = OutputProtocol(
    name=NAME,
    usage_fields=USAGE_FIELDS,
    usage_at="RUN_FINISHED.usage (TanStack TokenUsage)",
    schema_errors=schema_errors,
    lifecycle=lifecycle,
    extract=extract,
    exposures=exposures,
    content_types=agui.CONTENT_TYPES,
    # TokenUsage's details are optional and say nothing of 0 vs absent (@tanstack/ai-event-client 0.12.1
    # dist/esm/index.d.ts:99-132, :199-201); TanStack's own producer drops zeros (@tanstack/openai-base
    # 0.10.15 dist/esm/usage.js:22-28, buildChatCompletionsUsage copies a detail only when non-zero).
    zero_is_absent=frozenset({"reasoning_tokens", "cached_input_tokens", "cache_write_input_tokens"}),
    null_args_empty=agui.PROTOCOL.null_args_empty,  # the same engine reads these chunks
    # completionTokens with or without reasoning counted apart (conformance.protocols.usage_readings).
    reasoning_apart=tanstack_type,
    # An agent loop's usage is per model call, never summed: chat() passes each call's RUN_FINISHED on with
    # the usage its adapter gave (@tanstack/ai 0.58.0 dist/esm/activities/chat/index.js:587-592, format only;
    # deferred, then flushed as is at :961-974), reports each to onUsage (:606, :714-716), gives onFinish the last
    # one's (finishedEvent, set per RUN_FINISHED at :709-710, read at :395); only the OTel middleware adds them up,
    # for its span (dist/esm/middlewares/otel.js:33-35, :345). So a run's last usage is its last call's.
    loop_usage="last-call",
    hands_over_input=agui.PROTOCOL.hands_over_input,
    # chat() re-throws its adapter's error and the documented route sends it as one RUN_ERROR frame (failure_event):
    # the client shows a raise as it shows a yielded RUN_ERROR (tests/test_tanstack_delivery_failure.py).
    failure_event=failure_event,
    raise_is_failure=True,
)
