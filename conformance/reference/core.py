"""The shared, sans-IO interpreter behind the three reference adapters (spec-reference section 8).

One class, :class:`ReferenceAdapter`, reads raw upstream items of every part dialect
(AI SDK ``v2``/``v3``/``v4`` stream parts and Mastra chunks), keeps the per-run state
(open text message, open reasoning, tool calls by id with their ordinal ``k``, usage,
finish reason, model id) and calls small ``emit_*`` hooks that the protocol modules
(:mod:`~conformance.reference.agui`, :mod:`~conformance.reference.tanstack`,
:mod:`~conformance.reference.legacy`) implement. Every rule of section 8 lives in one
small method, so a *mutant* adapter breaks exactly one rule by overriding exactly one
method (see the package docstring for the method -> rule table).

The interpreter is sans-IO: :meth:`ReferenceAdapter.begin`, :meth:`~ReferenceAdapter.start`,
:meth:`~ReferenceAdapter.feed`, :meth:`~ReferenceAdapter.end_of_stream` and friends never
await; they append events to an outbox that :meth:`~ReferenceAdapter.drain` empties. The
only IO is :meth:`ReferenceAdapter.stream`, which drives the model and the abort signal.

Example (a V3 stream fed by hand; ``AguiReferenceAdapter`` supplies the AG-UI hooks):
    >>> from conformance.contract import RunRequest
    >>> from conformance.reference.agui import AguiReferenceAdapter
    >>> a = AguiReferenceAdapter()
    >>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={},
    ...                    thread_id="t", run_id="r"))
    >>> a.start()
    >>> a.feed({"type": "text-delta", "id": "0", "delta": "Hi"})
    >>> a.feed({"type": "finish", "finishReason": {"unified": "stop", "raw": "stop"},
    ...         "usage": {"inputTokens": {"total": 3}, "outputTokens": {"total": 1}}})
    >>> a.end_of_stream()
    >>> [e["type"] for e in a.drain()]
    ['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']
"""

from __future__ import annotations

import asyncio
import copy
import json
import math
from collections.abc import AsyncGenerator, AsyncIterator, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, ClassVar

from conformance.contract import AdapterContext, Capabilities, Policies, RunRequest
from conformance.structured import (
    STRUCTURED_TOOL_NAME,
    StructuredOutputParseError,
    extract_json,
    instruction_prompt,
)
from mock_provider.abort import AbortError

__all__ = [
    "ALL_PART_DIALECTS",
    "Event",
    "ReferenceAdapter",
    "RunState",
    "TokenCounts",
    "ToolCallState",
    "js_stringify",
    "normalize_usage",
    "parse_json_text",
]

Event = dict[str, Any]
Part = dict[str, Any]
# Usage in AG-UI ``TokenUsage`` key names (inputTokens, outputTokens, totalTokens, ...).
TokenCounts = dict[str, int | float]

ALL_PART_DIALECTS: list[Any] = ["v2", "v3", "v4", "mastra"]

# A fixed epoch for generated timestamps: snapshots of the reference adapters stay byte-stable.
TIMESTAMP_BASE = 1_700_000_000_000

GENERIC_ERROR_MESSAGE = "The model finished with finishReason 'error' and sent no error part"
ABORT_MESSAGE = "Request aborted"


# ---------------------------------------------------------------- small pure helpers
def js_stringify(value: Any) -> str:
    """JSON text exactly as JavaScript's ``JSON.stringify`` writes it (no spaces, UTF-8 kept).

    The reference TanStack adapters build ``content``/``arguments`` strings with
    ``JSON.stringify``; matching it keeps our output byte-comparable with theirs.

    >>> js_stringify({"city": "Zürich", "days": [1, 2]})
    '{"city":"Zürich","days":[1,2]}'
    """
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)


def _reject_constant(name: str) -> Any:
    # Python's json accepts NaN/Infinity; JSON.parse does not, so neither do we.
    raise ValueError(f"{name} is not valid JSON")


def parse_json_text(text: str) -> tuple[bool, Any]:
    """Parse tool-call input text: ``(ok, value)``.

    Empty (or blank) text is the no-argument call ``{}``: the legacy engine does
    ``'' -> {}`` and Anthropic sends ``"{}"`` for an empty argument stream (spec 1.5, 4.7).

    >>> parse_json_text('{"q": 1}'), parse_json_text(""), parse_json_text('{"q":')
    ((True, {'q': 1}), (True, {}), (False, None))
    """
    if not text.strip():
        return True, {}
    try:
        return True, json.loads(text, parse_constant=_reject_constant)
    except ValueError:
        return False, None


def _num(value: Any) -> int | float | None:
    """A finite number, else None (bools, NaN, strings and nulls are not token counts)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _sum(a: int | float | None, b: int | float | None) -> int | float | None:
    # AG-UI totals are inclusive; a missing side counts as 0, both missing means "no total".
    if a is None and b is None:
        return None
    return (a or 0) + (b or 0)


def _get(obj: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(obj, dict):
            return None
        obj = obj.get(key)
    return obj


def normalize_usage(usage: Any) -> TokenCounts | None:
    """Read any upstream usage shape into AG-UI ``TokenUsage`` keys (spec 8.3), or None.

    Only the published part shapes are read: nested ``inputTokens{total}`` -> V3/V4; otherwise
    flat V2 / Mastra (``cacheCreationInputTokens`` -> ``cacheWriteInputTokens``). Raw provider
    keys (``prompt_tokens``, ``promptTokens`` ...) never occur in a model stream part, so they
    are not guessed at (a mis-keyed V2 usage must read as "no usage", not be rescued). Counts
    that are absent or not finite numbers are left out; None when no count is left (8.3
    "absent, or every count undefined").

    >>> normalize_usage({"inputTokens": {"total": 10, "cacheRead": 4}, "outputTokens": {"total": 5}})
    {'inputTokens': 10, 'outputTokens': 5, 'totalTokens': 15, 'cachedInputTokens': 4}
    >>> normalize_usage({"inputTokens": 10, "outputTokens": 5, "totalTokens": 16})
    {'inputTokens': 10, 'outputTokens': 5, 'totalTokens': 16}
    >>> normalize_usage({"inputTokens": None, "outputTokens": None, "totalTokens": None}) is None
    True
    >>> normalize_usage({"totalTokens": 0}) is None  # Mastra's all-undefined usage
    True
    """
    if not isinstance(usage, dict):
        return None
    inp: Any
    out: Any
    total: Any
    reasoning: Any = None
    cached: Any = None
    cache_write: Any = None
    if isinstance(usage.get("inputTokens"), dict) or isinstance(usage.get("outputTokens"), dict):
        # V3/V4 nested: there is no total field, the consumer adds the two totals (1.3).
        inp, out = _num(_get(usage, "inputTokens", "total")), _num(_get(usage, "outputTokens", "total"))
        total = _sum(inp, out)
        reasoning = _get(usage, "outputTokens", "reasoning")
        cached = _get(usage, "inputTokens", "cacheRead")
        cache_write = _get(usage, "inputTokens", "cacheWrite")
    else:
        inp, out = _num(usage.get("inputTokens")), _num(usage.get("outputTokens"))
        total = _num(usage.get("totalTokens"))
        reasoning, cached = usage.get("reasoningTokens"), usage.get("cachedInputTokens")
        cache_write = usage.get("cacheCreationInputTokens", usage.get("cacheWriteInputTokens"))
    if _num(total) is None:
        total = _sum(inp, out)  # V2 "totalTokens ?? input + output"
    elif inp is None and out is None and total == 0:
        # Mastra's normalizeUsage adds `(input ?? 0) + (output ?? 0)`, so all-undefined usage
        # arrives as a lone totalTokens 0: that is "every count undefined", not a count (8.3).
        total = None
    counts = {
        "inputTokens": inp,
        "outputTokens": out,
        "totalTokens": total,
        "reasoningTokens": reasoning,
        "cachedInputTokens": cached,
        "cacheWriteInputTokens": cache_write,
    }
    result = {k: n for k, v in counts.items() if (n := _num(v)) is not None}
    return result or None


# ---------------------------------------------------------------- per-run state
@dataclass
class ToolCallState:
    """One tool call of the run, keyed by its upstream id; ``index`` is ``k`` (8.1 row 9)."""

    id: str
    name: str
    index: int
    parent_message_id: str | None = None
    provider_executed: bool = False
    started: bool = False  # START emitted (legacy: buffer opened)
    args_text: str = ""  # every argument fragment forwarded so far, concatenated
    args_sent: bool = False  # at least one ARGS fragment was emitted
    completed: bool = False  # END emitted (legacy: the tool_call chunk)
    input_complete: bool = False  # a tool-call part delivered the complete input (row 11/12)
    input_text: str = ""  # the complete input text the call was ended with
    input_ok: bool = True  # input_text parsed as JSON
    input_value: Any = None  # the parsed input (None when malformed)


@dataclass
class RunState:
    """Everything the interpreter remembers during one run."""

    request: RunRequest
    model: str
    outbox: list[Event] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)
    response_id: str | None = None
    # text: one open message at a time; accumulated per message and per run (legacy)
    text_id: str | None = None
    text_message: str = ""
    text_total: str = ""
    last_text_id: str | None = None
    parent_id: str | None = None  # reserved assistant message id for calls before any text
    # reasoning
    reasoning_id: str | None = None
    reasoning_message: str = ""
    reasoning_total: str = ""
    step_id: str | None = None
    # tools, approvals, finish
    calls: dict[str, ToolCallState] = field(default_factory=dict)
    approvals: list[dict[str, Any]] = field(default_factory=list)
    finish_seen: bool = False
    upstream_finish: str | None = None
    raw_finish: Any = None
    usage: TokenCounts | None = None
    # structured output: ids of the forced structured_output tool's calls (their input is the answer)
    structured_calls: dict[str, str] = field(default_factory=dict)
    # terminal bookkeeping
    done: bool = False  # terminal emitted, or the run was silently aborted
    abort_handled: bool = False


class _AbortedWhileWaiting(Exception):
    """The caller's signal fired while we waited for the next upstream item."""


# ---------------------------------------------------------------- the interpreter
class ReferenceAdapter:
    """Sans-IO interpreter + async driver shared by the reference adapters.

    Subclasses set :attr:`NAME` / :attr:`OUTPUT` and implement the ``emit_*`` hooks.
    Each public method below implements one rule; override one to break one rule.

    >>> ReferenceAdapter.HANDLERS["tool-call"]
    'on_tool_call'
    """

    NAME: ClassVar[str] = "reference"
    OUTPUT: ClassVar[str] = "ag-ui"

    # Part type -> handler method. Types not listed (file, source, custom, raw, ping,
    # stream-start, reasoning-file, future types) go to on_ignored (8.1 rows 1, 16).
    HANDLERS: ClassVar[dict[str, str]] = {
        "response-metadata": "on_response_metadata",
        "text-start": "on_text_start",
        "text-delta": "on_text_delta",
        "text-end": "on_text_end",
        "reasoning-start": "on_reasoning_start",
        "reasoning-delta": "on_reasoning_delta",
        "reasoning-end": "on_reasoning_end",
        "tool-input-start": "on_tool_input_start",
        "tool-input-delta": "on_tool_input_delta",
        "tool-input-end": "on_tool_input_end",
        "tool-call": "on_tool_call",
        "tool-result": "on_tool_result",
        "tool-approval-request": "on_approval_request",
        "finish": "on_finish",
        "error": "on_error_part",
    }

    def __init__(
        self, ctx: AdapterContext | None = None, policies: Policies | None = None, dialect: str | None = None
    ) -> None:
        self.ctx = ctx
        self.dialect = dialect if dialect is not None else (ctx.dialect if ctx is not None else None)
        self.capabilities = Capabilities(
            name=self.NAME,
            inputs=list(ALL_PART_DIALECTS),
            output=self.OUTPUT,  # type: ignore[arg-type]
            policies=policies if policies is not None else Policies(),
        )
        self._state: RunState | None = None

    @property
    def policies(self) -> Policies:
        """The declared POLICY choices (the same object the suite grades against)."""
        return self.capabilities.policies

    @property
    def input_modalities(self) -> list[str] | None:
        """The TanStack input modalities for the case's model (``ctx.model_info``; None without one).

        >>> from conformance.contract import AdapterContext
        >>> info = {"modalities": {"input": ["text", "pdf", "image"], "output": ["text"]}}
        >>> ctx = AdapterContext(dialect="v3", model=None, scenario_id="x.y", model_info=info)
        >>> ReferenceAdapter(ctx).input_modalities
        ['text', 'document', 'image']
        """
        info = self.ctx.model_info if self.ctx is not None else None
        if not isinstance(info, dict):
            return None
        return self.catalogue_modalities(list((info.get("modalities") or {}).get("input") or []))

    # A models.dev modality -> the @tanstack/ai ``Modality`` of the same input (seed 000 section 6.6).
    CATALOGUE_MODALITIES: ClassVar[dict[str, str]] = {
        "text": "text", "image": "image", "audio": "audio", "video": "video", "pdf": "document",
    }

    def catalogue_modalities(self, names: list[str]) -> list[str]:
        """request.modalities: ``pdf`` -> ``document``, the others unchanged, names TanStack lacks dropped."""
        out: list[str] = []
        for name in names:
            mapped = self.CATALOGUE_MODALITIES.get(name)
            if mapped is not None and mapped not in out:
                out.append(mapped)
        return out

    @property
    def state(self) -> RunState:
        """The current run's state (``begin`` must have been called)."""
        if self._state is None:
            raise RuntimeError("begin(request) was not called")
        return self._state

    # ------------------------------------------------------------ run lifecycle (sans-IO)
    def begin(self, request: RunRequest) -> None:
        """Reset the per-run state for one request (model defaults to ``request.model``, 8.1 row 2)."""
        self._state = RunState(request=request, model=request.model)

    def start(self) -> None:
        """Row 0: the run starts before the upstream is called."""
        self.emit_run_started()

    def feed(self, item: Any) -> None:
        """Interpret one raw upstream item (any dialect); events go to the outbox."""
        if self.state.done:
            return  # row 17/18: nothing after the terminal event
        part = self.normalize(item)
        if part is None:
            self.on_ignored(item)
            return
        handler = self.HANDLERS.get(part["type"])
        if handler is None:
            self.on_ignored(part)
        else:
            getattr(self, handler)(part)

    def drain(self) -> list[Event]:
        """Take every event produced so far."""
        out, self.state.outbox = self.state.outbox, []
        return out

    def emit(self, event: Event) -> None:
        """Queue one output event."""
        self.state.outbox.append(event)

    def end_of_stream(self) -> None:
        """The upstream iterator ended: finish the run (rows 18-20, 8.2 ``error``)."""
        if self.state.done:
            return
        if self.state.upstream_finish == "error":
            # 8.2: an `error` finish is no finish; without an error part, say so generically.
            self.fail_run(GENERIC_ERROR_MESSAGE, None)
            return
        self.finish_run()

    def finish_run(self) -> None:
        """Close everything open, then exactly one terminal success event (row 18)."""
        if self.state.done:
            return
        self.close_open()
        if self.structured() and not self.complete_structured():
            return
        self.emit_run_finished(self.final_finish_reason(), self.final_usage(), self.approval_interrupts())
        self.state.done = True

    def fail_run(self, message: str, code: str | None) -> None:
        """Exactly one terminal error event and nothing after it (rows 17, 20, 21)."""
        if self.state.done:
            return
        self.emit_run_error(message, code)
        self.state.done = True

    def request_failed(self, exc: BaseException) -> None:
        """``do_stream`` raised before any part (row 21), or was aborted (row 22)."""
        if self.is_abort_exception(exc) or self.abort_requested(self.state.request):
            self.on_abort()
        else:
            self.fail_run(self.exception_message(exc), self.exception_code(exc))

    def stream_failed(self, exc: BaseException) -> None:
        """Iterating the upstream raised mid-stream (disconnect, AbortError, anything)."""
        self.request_failed(exc)

    def on_abort(self) -> None:
        """Row 22 POLICY: 'silent' emits nothing more; 'run-error' / 'cancelled' one terminal."""
        st = self.state
        if st.abort_handled:
            return
        st.abort_handled = True
        if st.done:
            # The run ended before the abort was seen; its terminal is still queued. Silent
            # means nothing more reaches the caller; otherwise that terminal stands.
            if self.policies.abort == "silent":
                st.outbox.clear()
            return
        st.outbox.clear()  # nothing queued after the abort reaches the caller
        if self.policies.abort == "run-error":
            self.fail_run(ABORT_MESSAGE, "aborted")
        elif self.policies.abort == "cancelled":
            self.close_open()  # RUN_FINISHED is rejected while anything is open (3.5 rule 6)
            self.emit_run_cancelled()
        st.done = True

    # ------------------------------------------------------------ reading the upstream
    def is_mastra(self, item: dict[str, Any]) -> bool:
        """Mastra chunks wrap their fields in ``payload`` (5.1); AI SDK parts never do."""
        return self.dialect == "mastra" or (isinstance(item.get("payload"), dict) and "from" in item)

    def normalize(self, item: Any) -> Part | None:
        """One raw item -> an AI-SDK-shaped part dict (None for non-parts)."""
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            return None
        if self.is_mastra(item):
            return self.normalize_mastra(item)
        return item

    def normalize_mastra(self, item: dict[str, Any]) -> Part:
        """Mastra chunk -> AI SDK part (5.2/5.3 in reverse); unknown chunk types are ignored."""
        t = item["type"]
        p = item.get("payload") if isinstance(item.get("payload"), dict) else {}
        assert isinstance(p, dict)
        if t in ("text-start", "text-end", "reasoning-start", "reasoning-end"):
            return {"type": t, "id": p.get("id")}
        if t in ("text-delta", "reasoning-delta"):
            return {"type": t, "id": p.get("id"), "delta": p.get("text", "")}
        if t == "tool-call-input-streaming-start":
            return {
                "type": "tool-input-start",
                "id": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "providerExecuted": p.get("providerExecuted"),
            }
        if t == "tool-call-delta":
            return {
                "type": "tool-input-delta",
                "id": p.get("toolCallId"),
                "delta": p.get("argsTextDelta", ""),
                "toolName": p.get("toolName"),
            }
        if t == "tool-call-input-streaming-end":
            return {"type": "tool-input-end", "id": p.get("toolCallId")}
        if t == "tool-call":
            args = p.get("args")
            # Row 12: Mastra parsed the input; JSON.stringify(args) is the input text. Absent
            # args means Mastra could not parse it (row 13): input None = "use what streamed".
            return {
                "type": "tool-call",
                "toolCallId": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "input": js_stringify(args) if args is not None else None,
                "providerExecuted": p.get("providerExecuted"),
            }
        if t == "tool-call-approval":
            return {
                "type": "tool-approval-request",
                # The 1.71.0 payload has no approval id; fall back to the call id (row 15).
                "approvalId": p.get("approvalId") or p.get("id") or p.get("toolCallId"),
                "toolCallId": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "input": p.get("args"),
            }
        if t == "tool-result":
            return {
                "type": "tool-result",
                "toolCallId": p.get("toolCallId"),
                "toolName": p.get("toolName"),
                "result": p.get("result"),
                "isError": p.get("isError"),
                "preliminary": p.get("preliminary"),
                "providerExecuted": p.get("providerExecuted"),
            }
        if t in ("finish", "step-finish"):
            output = p.get("output") if isinstance(p.get("output"), dict) else {}
            assert isinstance(output, dict)
            return {
                "type": "finish",
                "finishReason": _get(p, "stepResult", "reason"),
                "rawFinishReason": _get(p, "stepResult", "rawReason"),
                "usage": output.get("usage", p.get("totalUsage")),
            }
        if t == "error":
            return {"type": "error", "error": p.get("error", p)}
        if t == "response-metadata":
            return {**p, "type": "response-metadata"}
        return {"type": f"mastra:{t}"}

    def upstream_finish_reason(self, part: Part) -> str | None:
        """8.2 reading: V2 string, V3/V4 ``finishReason.unified``, Mastra ``stepResult.reason``."""
        reason = part.get("finishReason")
        while isinstance(reason, dict):  # never compare the object itself to a string
            reason = reason.get("unified")
        return reason if isinstance(reason, str) else None

    def map_finish_reason(self, upstream: str | None) -> str | None:
        """8.2 table, before the run-level tool-call rule of :meth:`final_finish_reason`."""
        table = {
            "stop": "stop",
            "length": "length",
            "content-filter": "content_filter",
            "content_filter": "content_filter",
            # upstream tool-calls without a completed client call is 'stop' (8.2)
            "tool-calls": "stop",
            "tool_calls": "stop",
            "tripwire": "content_filter",  # 8.2 POLICY: guardrail stop
            "retry": "stop",
        }
        if upstream in table:
            return table[upstream]
        return self.unknown_finish_reason()

    def unknown_finish_reason(self) -> str | None:
        """other / unknown / interrupted / missing: POLICY ``unknown_finish`` (8.2, row 19)."""
        return None if self.policies.unknown_finish == "null" else "stop"

    def is_client_call(self, call: ToolCallState) -> bool:
        """Row 12a: a provider-executed call is not the client's to run."""
        return not call.provider_executed

    def counts_as_completed(self, call: ToolCallState) -> bool:
        """8.2 / 8.4 rule 4: a *client* call whose input a tool-call part completed.

        A call only closed at stream end (tool-input-* but never a tool-call part) is ended
        for the lifecycle, yet its input was never declared complete (row 11), so it does
        not turn the finish into 'tool_calls' (scenario tool.input-end-only.001).
        """
        return call.completed and call.input_complete and self.is_client_call(call)

    def final_finish_reason(self) -> str | None:
        """8.2 + row 19: 'tool_calls' iff a client call was completed, else the mapped reason."""
        if any(self.counts_as_completed(c) for c in self.state.calls.values()):
            return "tool_calls"
        return self.map_finish_reason(self.state.upstream_finish)

    def usage(self, part: Part) -> TokenCounts | None:
        """8.3: the finish part's usage as AG-UI ``TokenUsage`` keys, or None."""
        return normalize_usage(part.get("usage"))

    def final_usage(self) -> TokenCounts | None:
        """8.3 POLICY ``missing_usage``: omit (None), or zeros when upstream had none."""
        if self.state.usage is not None:
            return self.state.usage
        if self.policies.missing_usage == "zeros":
            return {"inputTokens": 0, "outputTokens": 0, "totalTokens": 0}
        return None

    def tool_call_input(self, part: Part) -> str | None:
        """The complete input text of a ``tool-call`` part (always a JSON *string*, 1.5)."""
        value = part.get("input")
        if value is None:
            return None
        # Some producers put an object here; the spec says string, so re-encode objects.
        return value if isinstance(value, str) else js_stringify(value)

    def resolve_input(self, call: ToolCallState, text: str) -> None:
        """Row 13: parse the final input; malformed text is kept raw (policy decides the END)."""
        call.input_text = text
        call.input_ok, call.input_value = parse_json_text(text)

    def end_input(self, call: ToolCallState) -> tuple[bool, Any]:
        """The parsed input to put on the END event: ``(present, value)`` per POLICY ``malformed_args``."""
        if call.input_ok:
            return True, call.input_value
        if self.policies.malformed_args == "empty-object":
            return True, {}
        return False, None

    def keep_tool_result(self, part: Part) -> bool:
        """Row 14 POLICY ``preliminary_results``: drop preliminary results by default."""
        return not (part.get("preliminary") and self.policies.preliminary_results == "drop")

    def text_delta(self, part: Part) -> str:
        """The delta text of a text/reasoning delta (``textDelta`` is the pre-V2 spelling)."""
        delta = part.get("delta", part.get("textDelta", ""))
        return delta if isinstance(delta, str) else ""

    def error_message(self, error: Any) -> str:
        """Row 17: ``error.message ?? String(error)``."""
        if isinstance(error, str) and error:
            return error
        if isinstance(error, dict):
            for candidate in (error.get("message"), _get(error, "error", "message")):
                if isinstance(candidate, str) and candidate:
                    return candidate
            return js_stringify(error)
        if isinstance(error, BaseException):
            return self.exception_message(error)
        return "Unknown upstream error" if error is None else js_stringify(error)

    def error_code(self, error: Any) -> str | None:
        """Row 17/21: ``code``, else the HTTP status as a string."""
        if not isinstance(error, dict):
            return None
        for candidate in (
            error.get("code"),
            error.get("statusCode"),
            error.get("status"),
            _get(error, "error", "code"),
        ):
            if isinstance(candidate, str) and candidate:
                return candidate
            if _num(candidate) is not None:
                return str(candidate)
        return None

    def exception_message(self, exc: BaseException) -> str:
        """A raised error's message (``APICallError.message``, else ``str(exc)``)."""
        message = getattr(exc, "message", None)
        if isinstance(message, str) and message:
            return message
        return str(exc) or type(exc).__name__

    def exception_code(self, exc: BaseException) -> str | None:
        """Row 21: TanStack's ``code`` = the error's ``.code``, else the HTTP status as a string."""
        code = getattr(exc, "code", None)
        if isinstance(code, str) and code:
            return code
        status = getattr(exc, "status_code", None)
        if _num(status) is not None:
            return str(status)
        return None

    def is_abort_exception(self, exc: BaseException) -> bool:
        """An upstream abort (DOM ``AbortError`` stand-in)."""
        return isinstance(exc, AbortError)

    # ------------------------------------------------------------ ids
    def new_id(self, prefix: str) -> str:
        """A deterministic per-run id ``<prefix>-<n>``; provider block ids are never reused."""
        n = self.state.counters.get(prefix, 0) + 1
        self.state.counters[prefix] = n
        return f"{prefix}-{n}"

    def message_id(self) -> str:
        """A fresh assistant message id for each text message (row 3, hygiene.unique-message-ids)."""
        return self.new_id("msg")

    def reasoning_id(self) -> str:
        """A fresh reasoning message id (rows 6-8)."""
        return self.new_id("reasoning")

    def result_message_id(self, call_id: str) -> str:
        """A fresh message id for each TOOL_CALL_RESULT (row 14); ``call_id`` is the call it answers."""
        return self.new_id("tool-result")

    def parent_message_id(self) -> str:
        """Row 9 ``parentMessageId: M``: the open/last text message, else one reserved id."""
        st = self.state
        if st.text_id is not None:
            return st.text_id
        if st.last_text_id is not None:
            return st.last_text_id
        if st.parent_id is None:
            st.parent_id = self.message_id()
        return st.parent_id

    # ------------------------------------------------------------ handlers
    def on_ignored(self, part: Any) -> None:
        """Rows 1, 16: stream-start, file, source, custom, raw, ping, unknown: nothing, never terminal."""

    def on_response_metadata(self, part: Part) -> None:
        """Row 2: ``modelId`` becomes the reported model; ``id`` the legacy chunk id."""
        if isinstance(part.get("modelId"), str) and part["modelId"]:
            self.state.model = part["modelId"]
        if isinstance(part.get("id"), str) and part["id"]:
            self.state.response_id = part["id"]

    def on_text_start(self, part: Part) -> None:
        """Row 3: START is deferred to the first non-empty delta (no empty messages)."""

    def on_text_delta(self, part: Part) -> None:
        """Row 4: forward non-empty deltas in order, opening a message first if needed."""
        delta = self.text_delta(part)
        if not delta:
            return  # hygiene.empty-delta
        st = self.state
        if st.text_id is None:
            self.open_text()
        assert st.text_id is not None
        st.text_message += delta
        st.text_total += delta
        self.emit_text_content(st.text_id, delta)

    def on_text_end(self, part: Part) -> None:
        """Row 5: the text block ended."""
        self.close_text()

    def on_reasoning_start(self, part: Part) -> None:
        """Row 6: deferred to the first non-empty reasoning delta, like text."""

    def on_reasoning_delta(self, part: Part) -> None:
        """Row 7: forward non-empty reasoning deltas."""
        delta = self.text_delta(part)
        if not delta:
            return
        st = self.state
        if st.reasoning_id is None:
            self.open_reasoning()
        assert st.reasoning_id is not None
        st.reasoning_message += delta
        st.reasoning_total += delta
        self.emit_reasoning_content(st.reasoning_id, delta)

    def on_reasoning_end(self, part: Part) -> None:
        """Row 8."""
        self.close_reasoning()

    def on_tool_input_start(self, part: Part) -> None:
        """Row 9: START once per id, in first-appearance order ``k``."""
        call_id = part.get("id")
        if not isinstance(call_id, str):
            return
        if self.is_structured_tool(call_id, part.get("toolName")):
            self.state.structured_calls.setdefault(call_id, "")
            return
        call = self.call_for(call_id, part.get("toolName"), bool(part.get("providerExecuted")))
        if not call.started and not call.completed:
            self.start_tool(call)

    def on_tool_input_delta(self, part: Part) -> None:
        """Row 10: fragments forwarded verbatim, per id, in order (interleaving allowed)."""
        call_id = part.get("id")
        if not isinstance(call_id, str):
            return
        if self.is_structured_tool(call_id, part.get("toolName")):
            self.structured_input(call_id, part.get("delta"), final=False)
            return
        call = self.call_for(call_id, part.get("toolName"), False)
        if call.completed:
            return  # the input is final; late fragments cannot change it
        if not call.started:
            self.start_tool(call)  # a delta with no start: open the call now
        delta = part.get("delta")
        self.send_args(call, delta if isinstance(delta, str) else "")

    def on_tool_input_end(self, part: Part) -> None:
        """Row 11: the input is complete only at ``tool-call``; nothing to do here."""

    def on_tool_call(self, part: Part) -> None:
        """Row 12: END (the exposure) exactly once, when the complete input arrives.

        Atomic call: START + ARGS(input) + END. Replay of a streamed id: no second START; ARGS
        only if none were sent (or the missing tail, when the streamed text is a prefix).
        """
        call_id = part.get("toolCallId")
        if not isinstance(call_id, str):
            return
        if self.is_structured_tool(call_id, part.get("toolName")):
            self.structured_input(call_id, self.tool_call_input(part), final=True)
            return
        provider_executed = bool(part.get("providerExecuted"))
        call = self.call_for(call_id, part.get("toolName"), provider_executed)
        if call.completed:
            return  # a duplicate replay after the call was already exposed
        if provider_executed:
            call.provider_executed = True
        if not call.started:
            self.start_tool(call)
        text = self.tool_call_input(part)
        if text is None:
            text = call.args_text  # Mastra could not parse: keep the raw streamed text (row 13)
        if not call.args_sent:
            self.send_args(call, text)
        elif text != call.args_text and text.startswith(call.args_text):
            self.send_args(call, text[len(call.args_text) :])
        call.input_complete = True
        self.end_tool(call, text)

    def on_tool_result(self, part: Part) -> None:
        """Row 14: a provider tool result, once per call, as JSON text."""
        if not self.keep_tool_result(part):
            return
        call_id = part.get("toolCallId")
        if not isinstance(call_id, str):
            return
        name = part.get("toolName")
        if not isinstance(name, str):
            call = self.state.calls.get(call_id)
            name = call.name if call is not None else ""
        self.emit_tool_result(call_id, name, part.get("result"), bool(part.get("isError")))

    def on_approval_request(self, part: Part) -> None:
        """Row 15: remember it; the run ends as an interrupt / approval-requested."""
        approval_id = part.get("approvalId")
        call_id = part.get("toolCallId")
        if not isinstance(call_id, str):
            return
        if not isinstance(approval_id, str) or not approval_id:
            approval_id = call_id
        if any(a["id"] == approval_id for a in self.state.approvals):
            return
        approval = {"id": approval_id, "toolCallId": call_id, "toolName": part.get("toolName")}
        self.state.approvals.append({**approval, "input": part.get("input")})

    def on_finish(self, part: Part) -> None:
        """Row 18: remember reason and usage; the run ends when the upstream does (usage may be late)."""
        st = self.state
        st.finish_seen = True
        reason = self.upstream_finish_reason(part)
        if reason is not None:
            st.upstream_finish = reason
        raw = part.get("rawFinishReason", _get(part, "finishReason", "raw"))
        if raw is not None:
            st.raw_finish = raw
        usage = self.usage(part)
        if usage is not None:
            st.usage = usage

    def on_error_part(self, part: Part) -> None:
        """Row 17 POLICY fatal: the first error part ends the run; the driver then stops."""
        error = part.get("error")
        self.fail_run(self.error_message(error), self.error_code(error))

    # ------------------------------------------------------------ structured output
    def structured(self) -> bool:
        """Is this a structured-output run (the caller gave an output schema)?"""
        return self.state.request.output_schema is not None

    def structured_mode(self) -> str:
        """How the provider supports structured output: 'native', 'tool' or 'instruction'."""
        return str(getattr(self.state.request, "structured_mode", "native") or "native")

    def is_structured_tool(self, call_id: str, name: Any) -> bool:
        """structured.tool: a call of the forced ``structured_output`` tool is the answer, not a tool call."""
        if not self.structured() or self.structured_mode() != "tool":
            return False
        return call_id in self.state.structured_calls or name == STRUCTURED_TOOL_NAME

    def structured_input(self, call_id: str, text: Any, final: bool) -> None:
        """The forced tool's input streams as the structured message's text (as AI SDK's anthropic
        ``jsonTool`` re-emits ``input_json_delta`` as text); the complete input only adds a missing tail."""
        st = self.state
        sent = st.structured_calls.setdefault(call_id, "")
        if not isinstance(text, str):
            return
        if final:
            if text == sent or not text.startswith(sent):
                return
            text = text[len(sent):]
        st.structured_calls[call_id] = sent + text
        self.on_text_delta({"type": "text-delta", "delta": text})

    def parse_structured(self, text: str) -> tuple[Any, str]:
        """structured.parse: tolerant extraction (direct, fenced block, JSON inside prose) -> (data, raw)."""
        found = extract_json(text)
        return found.data, found.raw_text

    def complete_structured(self) -> bool:
        """Before RUN_FINISHED: the result as ``CUSTOM structured-output.complete``, or a RUN_ERROR
        with a content preview when no JSON can be read (then False: the run has failed)."""
        st = self.state
        try:
            data, raw = self.parse_structured(st.text_total)
        except StructuredOutputParseError as exc:
            self.fail_run(str(exc), "parse-error")
            return False
        self.emit_structured_complete(st.last_text_id, data, raw)
        return True

    # ------------------------------------------------------------ open/close bookkeeping
    def open_text(self) -> None:
        """Open a new text message; reasoning is closed before text (rows 3, 8)."""
        self.close_reasoning()
        st = self.state
        st.text_id = self.message_id()
        st.text_message = ""
        if self.structured():
            self.emit_structured_start(st.text_id)
        self.emit_text_start(st.text_id)

    def close_text(self) -> None:
        """End the open text message, if any (row 5)."""
        st = self.state
        if st.text_id is None:
            return
        self.emit_text_end(st.text_id)
        st.last_text_id, st.text_id = st.text_id, None

    def open_reasoning(self) -> None:
        """Open a new reasoning message; an open text message is ended first (one segment at a time)."""
        self.close_text()
        st = self.state
        st.reasoning_id = self.reasoning_id()
        st.reasoning_message = ""
        self.emit_reasoning_start(st.reasoning_id)

    def close_reasoning(self) -> None:
        """End the open reasoning message and span, if any (row 8)."""
        st = self.state
        if st.reasoning_id is None:
            return
        self.emit_reasoning_end(st.reasoning_id)
        st.reasoning_id = None
        st.step_id = None

    def call_for(self, call_id: str, name: Any, provider_executed: bool) -> ToolCallState:
        """The call with this id, created with the next ordinal ``k`` on first appearance (row 9)."""
        calls = self.state.calls
        call = calls.get(call_id)
        if call is None:
            call = ToolCallState(
                id=call_id,
                name=name if isinstance(name, str) else "",
                index=self.next_tool_index(),
                provider_executed=provider_executed,
            )
            calls[call_id] = call
        elif not call.name and isinstance(name, str):
            call.name = name
        return call

    def next_tool_index(self) -> int:
        """Row 9: ``k`` = order of first appearance (0, 1, 2, ...)."""
        return len(self.state.calls)

    def start_tool(self, call: ToolCallState) -> None:
        """Text and reasoning end before a tool call starts (4.6 order); then START."""
        self.close_text()
        self.close_reasoning()
        call.parent_message_id = self.parent_message_id()
        call.started = True
        self.emit_tool_start(call)

    def send_args(self, call: ToolCallState, delta: str) -> None:
        """Forward one argument fragment verbatim; empty fragments are skipped (hygiene)."""
        if not delta:
            return
        call.args_text += delta
        call.args_sent = True
        self.emit_tool_args(call, delta)

    def end_tool(self, call: ToolCallState, text: str) -> None:
        """Expose the call as complete (row 12): END with the parsed input."""
        self.resolve_input(call, text)
        call.completed = True
        self.emit_tool_end(call)

    def close_open(self) -> None:
        """Before the terminal: END started calls (with what streamed), then text, then reasoning."""
        for call in self.state.calls.values():
            if call.started and not call.completed:
                self.end_tool(call, call.args_text)
        self.close_text()
        self.close_reasoning()

    def approval_interrupts(self) -> list[dict[str, Any]]:
        """Row 15: one AG-UI ``Interrupt`` per approval (TanStack ``buildActionableInterrupts`` shape)."""
        out = []
        for a in self.state.approvals:
            call = self.state.calls.get(a["toolCallId"])
            name = a["toolName"] if isinstance(a["toolName"], str) else (call.name if call else "")
            inp = a["input"]
            if inp is None and call is not None:
                inp = call.input_value if call.input_ok else call.input_text
            out.append(
                {
                    "id": a["id"],
                    "reason": "tool_call",
                    "toolCallId": a["toolCallId"],
                    "message": f"Approval required to run {name}",
                    "metadata": {"kind": "approval", "toolName": name, "input": inp},
                }
            )
        return out

    # ------------------------------------------------------------ emit hooks (protocols)
    def emit_run_started(self) -> None:
        raise NotImplementedError

    def emit_text_start(self, message_id: str) -> None:
        raise NotImplementedError

    def emit_text_content(self, message_id: str, delta: str) -> None:
        raise NotImplementedError

    def emit_text_end(self, message_id: str) -> None:
        raise NotImplementedError

    def emit_reasoning_start(self, message_id: str) -> None:
        raise NotImplementedError

    def emit_reasoning_content(self, message_id: str, delta: str) -> None:
        raise NotImplementedError

    def emit_reasoning_end(self, message_id: str) -> None:
        raise NotImplementedError

    def emit_tool_start(self, call: ToolCallState) -> None:
        raise NotImplementedError

    def emit_tool_args(self, call: ToolCallState, delta: str) -> None:
        raise NotImplementedError

    def emit_tool_end(self, call: ToolCallState) -> None:
        raise NotImplementedError

    def emit_tool_result(self, call_id: str, tool_name: str, result: Any, is_error: bool) -> None:
        raise NotImplementedError

    def emit_run_finished(
        self, finish_reason: str | None, usage: TokenCounts | None, interrupts: list[dict[str, Any]]
    ) -> None:
        raise NotImplementedError

    def emit_run_error(self, message: str, code: str | None) -> None:
        raise NotImplementedError

    def emit_run_cancelled(self) -> None:
        """Abort POLICY 'cancelled'; protocols without a cancelled form emit nothing."""

    def emit_structured_start(self, message_id: str) -> None:
        """``CUSTOM structured-output.start{messageId}``; protocols without the event emit nothing."""

    def emit_structured_complete(self, message_id: str | None, data: Any, raw: str) -> None:
        """``CUSTOM structured-output.complete{object, raw}``; protocols without the event emit nothing."""

    # ------------------------------------------------------------ the request (IO side)
    def stream_options(self, request: RunRequest) -> dict[str, Any]:
        """Row 22: the caller's abort signal is passed to the upstream, with prompt and tools (1.7)."""
        options: dict[str, Any] = {
            "prompt": self.build_prompt(request),
            "tools": self.build_tools(request),
            "abort_signal": request.abort,
            "headers": {},
        }
        schema = request.output_schema
        mode = getattr(request, "structured_mode", "native")
        if schema is not None and mode == "tool":
            # structured.tool: one forced tool whose input is the answer (seed 000 14.5).
            options["tools"] = [{"type": "function", "name": STRUCTURED_TOOL_NAME,
                                 "description": "Use this tool to provide your response in the required "
                                                "structured format.",
                                 "inputSchema": schema}]
            options["toolChoice"] = {"type": "tool", "toolName": STRUCTURED_TOOL_NAME}
        elif schema is not None and mode == "instruction":
            # structured.instruction: the schema goes into a system message; no responseFormat.
            options["prompt"] = [{"role": "system", "content": instruction_prompt(schema)}, *options["prompt"]]
        elif schema is not None:
            options["responseFormat"] = {"type": "json", "schema": schema}  # structured.native (1.7)
        return options

    def build_tools(self, request: RunRequest) -> list[dict[str, Any]]:
        """Tools as V2/V3 function tools ``{type:'function', name, description, inputSchema}``."""
        tools = []
        for t in request.tools:
            schema = t.get("input_schema", t.get("inputSchema", t.get("parameters")))
            tools.append(
                {
                    "type": "function",
                    "name": t.get("name", ""),
                    "description": t.get("description", ""),
                    "inputSchema": schema if schema is not None else {"type": "object", "properties": {}},
                }
            )
        return tools

    def tagged_file_data(self) -> bool:
        """V4 file parts carry tagged data (``{type:'data', data}`` / ``{type:'url', url}``)."""
        return self.dialect == "v4"

    def build_prompt(self, request: RunRequest) -> list[dict[str, Any]]:
        """Messages as a V2/V3 prompt (1.7): system string; user/assistant/tool part arrays."""
        prompt: list[dict[str, Any]] = []
        names: dict[str, str] = {}
        for m in request.messages:
            role, content = m.get("role"), m.get("content")
            if role == "system":
                prompt.append({"role": "system", "content": _plain_text(content)})
            elif role == "user":
                # A null/empty user message still gets one (empty) text part (seed 000 section 4).
                prompt.append({"role": "user", "content": _user_parts(content, self.tagged_file_data())
                               or [{"type": "text", "text": ""}]})
            elif role == "assistant":
                parts = [p for p in _user_parts(content) if p.get("type") == "text" and p.get("text")]
                for tc in m.get("tool_calls") or m.get("toolCalls") or []:
                    call_id, name, args = _history_call(tc)
                    names[call_id] = name
                    call = {"type": "tool-call", "toolCallId": call_id, "toolName": name}
                    parts.append({**call, "input": args})
                prompt.append({"role": "assistant", "content": parts})
            elif role == "tool":
                call_id = m.get("tool_call_id") or m.get("toolCallId") or ""
                if isinstance(content, str):
                    ok, value = parse_json_text(content)
                    output = {"type": "json", "value": value} if ok and content.strip() else {
                        "type": "text",
                        "value": content,
                    }
                else:
                    output = {"type": "json", "value": content}
                prompt.append(
                    {
                        "role": "tool",
                        "content": [
                            {
                                "type": "tool-result",
                                "toolCallId": call_id,
                                "toolName": names.get(call_id, ""),
                                "output": output,
                            }
                        ],
                    }
                )
        return prompt

    # ------------------------------------------------------------ the async driver
    def abort_requested(self, request: RunRequest) -> bool:
        """Row 22: has the caller aborted? Checked after every upstream item and before every yield."""
        return bool(request.abort is not None and request.abort.aborted)

    async def next_item(self, iterator: AsyncIterator[Any], request: RunRequest) -> Any:
        """The next upstream item, or :class:`_AbortedWhileWaiting` if the caller aborts first.

        Racing the signal means a stalled upstream cannot keep an aborted run alive.
        """
        signal = request.abort
        if signal is None or not hasattr(signal, "wait"):
            return await iterator.__anext__()
        nxt: asyncio.Future[Any] = asyncio.ensure_future(iterator.__anext__())
        waiter: asyncio.Future[Any] = asyncio.ensure_future(signal.wait())
        try:
            await asyncio.wait({nxt, waiter}, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            # Our own task was cancelled (a server handler whose client left): the upstream read
            # must stop too, or it outlives the run and its response is never closed.
            nxt.cancel()
            raise
        finally:
            waiter.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await waiter
        if nxt.done():
            return nxt.result()
        nxt.cancel()
        with suppress(asyncio.CancelledError, Exception):
            await nxt
        raise _AbortedWhileWaiting()

    async def close_upstream(self, result: Any, iterator: Any) -> None:
        """Cancel the upstream reader (rows 17, 22): ``aclose`` the iterator and the stream."""
        seen: set[int] = set()
        for obj in (iterator, getattr(result, "stream", None)):
            if obj is None or id(obj) in seen:
                continue
            seen.add(id(obj))
            aclose = getattr(obj, "aclose", None)
            if aclose is not None:
                with suppress(Exception):
                    await aclose()

    def _flush(self, request: RunRequest) -> Iterator[Event]:
        # 'silent' checks the abort before every yield: an abort between two events of one
        # batch drops the rest of it (row 22 "stop emitting"). The terminal policies check
        # between upstream items only, so the events they close are exactly the ones sent.
        st = self.state
        silent = self.policies.abort == "silent"
        while st.outbox:
            if silent and not st.abort_handled and self.abort_requested(request):
                self.on_abort()
                continue
            yield st.outbox.pop(0)

    async def stream(self, request: RunRequest) -> AsyncIterator[Event]:
        """Run one request against ``ctx.model`` and yield the protocol's events; never raises.

        Each call works on a shallow copy, so one adapter object can serve several runs.
        """
        run = copy.copy(self)
        run.begin(request)
        driver = run._drive(request)
        try:
            async for event in driver:
                yield event
        finally:
            # A consumer that stops early closes us; close the driver now (not at GC) so the
            # upstream reader is cancelled at once (row 22, request log `client_left_early`).
            await driver.aclose()

    async def _drive(self, request: RunRequest) -> AsyncGenerator[Event, None]:
        self.start()
        # Row 0: RUN_STARTED goes out even when the caller has already aborted.
        for event in self.drain():
            yield event
        if self.abort_requested(request):
            self.on_abort()
        if self.state.done:
            for event in self._flush(request):
                yield event
            return
        try:
            if self.ctx is None or self.ctx.model is None:
                raise RuntimeError("adapter context has no model")
            result = await self.ctx.model.do_stream(self.stream_options(request))
            iterator = result.stream.__aiter__()
        except Exception as exc:
            self.request_failed(exc)
            for event in self._flush(request):
                yield event
            return
        try:
            while not self.state.done:
                if self.abort_requested(request):
                    self.on_abort()
                    break
                try:
                    item = await self.next_item(iterator, request)
                except StopAsyncIteration:
                    self.end_of_stream()
                    break
                except _AbortedWhileWaiting:
                    self.on_abort()
                    break
                except Exception as exc:
                    self.stream_failed(exc)
                    break
                if self.abort_requested(request):
                    self.on_abort()
                    break
                self.feed(item)
                for event in self._flush(request):
                    yield event
            for event in self._flush(request):
                yield event
        finally:
            await self.close_upstream(result, iterator)


# ---------------------------------------------------------------- prompt helpers
def _plain_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", p.get("content", ""))) for p in content if isinstance(p, dict))
    return ""


def _user_parts(content: Any, tagged: bool = False) -> list[dict[str, Any]]:
    """User content -> V2/V3 parts: text stays text; TanStack image/audio/video/document parts become
    ``file`` parts with a ``mediaType`` (``<kind>/*`` when the source names none); V4 (``tagged``)
    wraps the data as ``{type:'data', data}`` or ``{type:'url', url}``."""
    if content is None:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    parts: list[dict[str, Any]] = []
    for p in content if isinstance(content, list) else []:
        if not isinstance(p, dict):
            continue
        kind = p.get("type")
        if kind == "text":
            parts.append({"type": "text", "text": p.get("text", p.get("content", ""))})
        elif kind == "file":
            parts.append(p)
        elif isinstance(p.get("source"), dict):
            src = p["source"]
            media = src.get("mimeType") or p.get("mimeType") or f"{'application' if kind == 'document' else kind}/*"
            data: Any = src.get("value")
            if tagged:
                data = {"type": "url", "url": data} if src.get("type") == "url" else {"type": "data", "data": data}
            parts.append({"type": "file", "mediaType": media, "data": data})
    return parts


def _history_call(tc: dict[str, Any]) -> tuple[str, str, Any]:
    """An assistant history tool call (OpenAI/AG-UI or flat form) -> (id, name, parsed input)."""
    fn = tc.get("function") if isinstance(tc.get("function"), dict) else {}
    assert isinstance(fn, dict)
    call_id = str(tc.get("id") or tc.get("toolCallId") or "")
    name = str(fn.get("name") or tc.get("name") or tc.get("toolName") or "")
    args = fn.get("arguments", tc.get("arguments", tc.get("args", tc.get("input"))))
    if isinstance(args, str):
        ok, value = parse_json_text(args)
        args = value if ok else args
    return call_id, name, {} if args is None else args
