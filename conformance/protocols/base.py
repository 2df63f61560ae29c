"""The typed seam between the grader and an output protocol: :class:`OutputProtocol`.

Each protocol module (``agui``, ``tanstack``, ``tanstack_legacy``, ``ui_message_stream``)
builds one ``PROTOCOL = OutputProtocol(...)`` from its own functions and constants;
:func:`conformance.protocols.protocol` returns it by name.

Example:
    >>> from conformance.findings import Finding
    >>> from mock_provider.transcript import Transcript
    >>> p = OutputProtocol(name="demo", usage_fields=(), schema_errors=lambda e: [],
    ...                    lifecycle=lambda evs: [], extract=lambda evs: Transcript(),
    ...                    exposures=lambda evs: {}, expresses_model=False)
    >>> p.name, p.expresses_model, p.expresses_error_code, p.lifecycle([{"type": "x"}])
    ('demo', False, True, [])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from conformance.findings import Finding
from conformance.protocols.usage_readings import never
from mock_provider.transcript import Transcript


@dataclass(frozen=True)
class AbortVocabulary:
    """How an output protocol says each abort POLICY (8.1.22), in its own event names.

    ``allowed``: per policy, the event types that may follow the caller's abort; ``terminals``: its
    terminal event types (one may follow the abort); ``trailing``: terminal types its consumer reads
    past after the first terminal (graded by the lifecycle, not as a second end of the abort);
    ``said``: per policy, how the expected end reads in a finding; ``error_is_abort``: an error event
    after the abort is policy 'run-error''s end although it carries no code (the protocol has none);
    ``inert``: events its consumer keeps out of the state the user sees (a UI message stream's transient
    data part reaches onData only), which no policy counts as output after the abort.

    >>> DEFAULT_ABORT.said["run-error"]
    "RUN_ERROR{code:'aborted'}"
    """

    allowed: Mapping[str, frozenset[str]]
    terminals: frozenset[str]
    said: Mapping[str, str]
    trailing: frozenset[str] = frozenset()
    error_is_abort: bool = False
    inert: Callable[[Any], bool] | None = None


# AG-UI, TanStack's chunks and the legacy chunks (whose error/done are in the sets too).
DEFAULT_ABORT = AbortVocabulary(
    allowed={"silent": frozenset(), "run-error": frozenset({"RUN_ERROR", "error"}),
             "cancelled": frozenset({"RUN_FINISHED", "TEXT_MESSAGE_END", "TOOL_CALL_END", "REASONING_MESSAGE_END",
                                     "REASONING_END", "STEP_FINISHED", "abort"})},
    terminals=frozenset({"RUN_ERROR", "error", "RUN_FINISHED", "done", "finish", "abort"}),
    said={"silent": "nothing more after the abort", "run-error": "RUN_ERROR{code:'aborted'}",
          "cancelled": "RUN_FINISHED{outcome:{type:'cancelled'}}"},
)


@dataclass(frozen=True)
class OutputProtocol:
    """What the grader needs from one output protocol.

    ``schema_errors(event)``: why one event does not match the protocol schema (``[]`` if it
    does); ``lifecycle(events)``: the protocol's state-machine table applied to the whole stream,
    each finding naming its matrix row; ``extract(events)``: the normalized transcript the events
    mean; ``exposures(events)``: for each tool call id, the index of the event at which the call
    is handed to the consumer as complete. The ``expresses_*`` flags (default ``True``) declare
    what the protocol cannot say, so the grader skips that comparison instead of failing it: a
    tool result's error flag, the model id (row 8.1.2), an error code (row hygiene.error-code),
    a structured-output event.
    """

    name: str  # "ag-ui" | "tanstack" | "tanstack-legacy" | "ui-message-stream" | "ui-message-stream@7"
    usage_fields: tuple[str, ...]  # the UsageRecord fields the protocol can express
    schema_errors: Callable[[Any], list[str]]
    lifecycle: Callable[[Sequence[Any]], list[Finding]]
    extract: Callable[[Sequence[Any]], Transcript]
    exposures: Callable[[Sequence[Any]], dict[str, int]]
    expresses_result_error: bool = True
    expresses_model: bool = True
    expresses_error_code: bool = True
    expresses_structured: bool = True
    # The finish reason by which the protocol reports an incomplete output in band (ai 7's
    # 'interrupted'): extract reads such a finish as an error terminal, and a truncated or
    # interrupted upstream is expected to end that way under missing_finish 'error' (row 8.1.19).
    incomplete_finish: str | None = None
    # Event types that carry one upstream part's content (a delta, a result): the abort check lets one
    # already-read part's worth of them out after the abort. None: every event counts as content.
    content_types: frozenset[str] | None = None
    # Issue 15 class 1, per protocol. Usage fields the protocol's type makes optional and says nothing
    # about 0 vs absent: a 0 count reported as absent (or the reverse) is no difference.
    zero_is_absent: frozenset[str] = frozenset()
    # Argument texts 'null' and '{}' are the same arguments: the protocol's consumer runs the tool with {}.
    null_args_empty: bool = False
    # The terminal event a run that failed outside its stream stands for (outcome 'failed': an AG-UI
    # AbstractAgent's run() Observable errored), given the error's text. None: the protocol has no
    # such channel, every failure must be an event.
    failure_event: Callable[[str], dict[str, Any]] | None = None
    # Whether the protocol's own delivery sends a stream that raised as ``failure_event``, for every adapter (no
    # declaration needed): TanStack's toServerSentEventsResponse/toHttpResponse send a chat() iterator's error as
    # one RUN_ERROR frame. Not after the caller's abort: a cancelled delivery sends nothing more.
    raise_is_failure: bool = False
    # Issue 15, per protocol (conformance.protocols.usage_readings): whether the protocol's usage type, for
    # this stream, lets the output count leave out reasoning tokens reported apart. Default: the AI SDK's rule.
    reasoning_apart: Callable[[Sequence[Any]], bool] = never
    # Issue 16: the usage an agent loop's run reports: 'sum' over its model calls (ai's totalUsage), or
    # 'last-call', the last model call's own (conformance.expectations.loop_usage_under).
    loop_usage: Literal["sum", "last-call"] = "sum"
    # Issue 15: the finish reasons a run may report after a refusal on the wire (row refusal.shown,
    # conformance.refusal). The default passes the provider's own 'stop' through (TanStack does:
    # @tanstack/openai-base 0.10.15 dist/esm/adapters/chat-completions-text.js:684) or reads it as
    # content-filter as @ai-sdk/openai 4.0.118 dist/index.js:1684 does.
    refusal_finishes: frozenset[str] = frozenset({"content_filter", "stop"})
    # Issue 24: the abort POLICY choices in this protocol's own events (checks/abort.py, semantics).
    abort: AbortVocabulary = DEFAULT_ABORT
    # The events an HTTP error answer before any event stands for, given the response body (outcome
    # 'http-error', contract.HttpErrorResponse), where the protocol's client reads such an answer as the run's
    # failure. None: it does not (an adapter of this protocol reports failures in its stream).
    http_failure: Callable[[str], tuple[dict[str, Any], ...]] | None = None
    # Whether the consumer shows calls in the order of their first chunk, so that calls sent only once their
    # input completed (no input streaming) appear in the order the upstream completed them: that order is
    # then as right as the start order (row 8.1.9).
    calls_in_completion_order: bool = False
    # The calls the stream ended as invalid, which its consumer never runs (UI message stream
    # tool-input-error): the shape of their input is the adapter's (row 8.1.13 grades only that the raw
    # text is kept, at SHOULD).
    unrun_calls: Callable[[Sequence[Any]], frozenset[str]] = lambda _events: frozenset()
    # The lifecycle table's ``clean_end`` (conformance.protocols.lifecycle.Table): where the consumer shows a stream
    # that ends with no terminal event exactly as one that ends with a bare finish, the (row, message) a successful
    # run's missing terminal is graded on instead of the scenario's row. An end where the upstream failed or the
    # caller aborted is graded as before. None: the protocol's consumer shows a missing terminal.
    clean_end: tuple[str, str] | None = None
    # Where the protocol keeps usage, as a finding names it ("RUN_FINISHED.usage").
    usage_at: str = "the terminal event's usage"
    # Whether one exposure event hands the call over with input a client would run it with (the UI message
    # stream's tool-input-available, a TOOL_CALL_END carrying input): a call the upstream never completed
    # must never be handed over so (row 8.1.12). None: the protocol has no such event.
    hands_over_input: Callable[[Any], bool] | None = None
