"""The adapter contract: what ``--adapter=MODULE:FACTORY`` must return.

``factory(ctx: AdapterContext)`` is called once per case and returns an object with

* ``capabilities``: a :class:`Capabilities` (inputs it consumes, output protocol it emits,
  features, POLICY choices), and
* ``stream(request: RunRequest)``: an async iterator of event dicts in that protocol, and
  optionally
* ``input_modalities``: the TanStack input modalities (``@tanstack/ai`` ``Modality``: ``text``,
  ``image``, ``audio``, ``video``, ``document``) it supports for the case's model, read from
  ``ctx.model_info`` (the model's models.dev entry, where a PDF is ``pdf``). It is the runtime
  twin of a TanStack adapter's type-only ``'~types'.inputModalities`` and of a model meta's
  ``supports.input``. A scenario that states ``model_info`` grades it (row
  ``request.modalities``); an adapter without the attribute gets UNSUPPORTED there.

Example (a complete adapter; see ``conformance.reference`` for real ones):

    >>> from conformance.contract import Capabilities, AdapterContext, RunRequest
    >>> class Echo:
    ...     capabilities = Capabilities(name="echo", inputs=["v3"], output="ag-ui")
    ...     def __init__(self, ctx: AdapterContext) -> None:
    ...         self.ctx = ctx
    ...     async def stream(self, request: RunRequest):
    ...         yield {"type": "RUN_STARTED", "threadId": request.thread_id, "runId": request.run_id}
    ...         result = await self.ctx.model.do_stream({"prompt": [], "abort_signal": request.abort})
    ...         async for part in result.stream:
    ...             pass  # translate parts to events here
    ...         yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}
    >>> def factory(ctx: AdapterContext) -> Echo:
    ...     return Echo(ctx)
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, field_serializer, model_validator

from mock_provider.abort import AbortSignal
from mock_provider.request_log import RequestLog
from mock_provider.scenario import FEATURES, Dialect, Feature
from mock_provider.servers import Server

if TYPE_CHECKING:  # both import this module's neighbours; the annotations only name them
    from conformance.served import ServedCase

__all__ = [
    "OUTPUT_PROTOCOLS",
    "PROTOCOL_DEFAULTS",
    "AbortSignal",
    "Adapter",
    "AdapterContext",
    "Capabilities",
    "HarnessError",
    "HttpErrorResponse",
    "OutputProtocol",
    "Policies",
    "RunRequest",
    "StructuredMode",
]

# How a provider supports structured output (mock_provider.scenario.Request.structured_mode).
StructuredMode = Literal["native", "tool", "instruction"]
STRUCTURED_MODES: tuple[str, ...] = ("native", "tool", "instruction")

# ``ui-message-stream`` is ai 6.0.326's (``ui-message-stream@6`` names it explicitly); ``@7`` is ai 7.0.173's,
# ``@5`` ai 5.0.277's.
OutputProtocol = Literal["ag-ui", "tanstack", "tanstack-legacy", "ui-message-stream", "ui-message-stream@7",
                         "ui-message-stream@5", "ui-message-stream@6"]
# The protocols with a reference adapter and a docs-only one (docs/contract.md); ``@5`` has neither yet.
OUTPUT_PROTOCOLS: tuple[str, ...] = ("ag-ui", "tanstack", "tanstack-legacy", "ui-message-stream",
                                     "ui-message-stream@7")


class Policies(BaseModel):
    """The adapter's choices where the published specs leave one (spec-reference 8.1 POLICY rows).

    The first value of each is the recommended one (what the TanStack reference adapters do).
    Choices marked non-strict in :data:`NONSTRICT_CHOICES` are conformant but grade
    PASS-NONSTRICT, because a consumer cannot tell them from real data. ``missing_finish`` and
    ``finish_reason`` default to None, "undeclared": the output protocol's default
    (:data:`PROTOCOL_DEFAULTS`, :meth:`resolved`) is graded, and the report says so.
    """

    model_config = ConfigDict(extra="forbid")

    malformed_args: Literal["raw", "empty-object"] = Field(
        default="raw", description="8.1.13: forward the raw argument text, or substitute {} (with a warning)."
    )
    missing_usage: Literal["omit", "zeros"] = Field(
        default="omit", description="8.3: omit usage when upstream had none, or report zeros (seed)."
    )
    in_stream_error: Literal["fatal"] = Field(
        default="fatal", description="8.1.17: the first upstream error part ends the run with an error event."
    )
    error_text: Literal["upstream", "own"] = Field(
        default="upstream",
        description="8.1.17: the error terminal's text is the upstream's message ('upstream'), or the adapter's own "
        "on purpose ('own': a generic text, so that provider details never reach the browser; ai's "
        "toUIMessageStream masks it by default, onError: () => 'An error occurred.', ai@6.0.326 "
        "dist/index.mjs:9512). Under 'own' the error terminal is graded, its text is not.",
    )
    system_prompt: Literal["caller", "own"] = Field(
        default="caller",
        description="request.prompt: the caller's system messages reach the upstream ('caller'), or the adapter "
        "owns the system prompt and may replace them with its own ('own': an agent whose instructions are its "
        "configuration). Either way the caller's other messages must arrive, in order; messages the adapter adds "
        "in front or between (its own instructions) are not a difference.",
    )
    abort: Literal["silent", "run-error", "cancelled"] = Field(
        default="silent",
        description="8.1.22: after the caller aborts: nothing more, RUN_ERROR{code:'aborted'}, "
        "or RUN_FINISHED{outcome:{type:'cancelled'}} (ag-ui; ui-message-stream: one `error` chunk, which has no "
        "code, or one `abort` chunk).",
    )
    unknown_finish: Literal["stop", "null"] = Field(
        default="stop", description="8.2: other/unknown/interrupted/missing finish reason becomes 'stop' or null."
    )
    preliminary_results: Literal["drop", "forward"] = Field(
        default="drop", description="8.1.14: preliminary tool results are dropped, or forwarded too."
    )
    # Issues 15/16: an agent that validates the model's answer itself (conformance/output_validation.py).
    output_validation: Literal["none", "retry"] = Field(
        default="none",
        description="8.1.8/8.1.13/8.1.19/8.3: 'none': the answer is passed on as the model gave it. 'retry': the "
        "adapter is an agent that rejects an empty answer (reasoning only, nothing) or unparsable tool arguments, "
        "asks the model again with a retry prompt, and ends the run with an error once its retries are spent "
        "(pydantic-ai-slim 2.68.0: pydantic_ai/_agent_graph.py:4036-4050 no-output retry prompt 'Please return "
        "text.', :846-866 'Exceeded maximum output retries'; pydantic_ai/tool_manager.py:519-531 'exceeded max "
        "retries count of', toolsets/external.py:37 no retries for frontend tools). Such a case then passes with "
        "the scenario's outcome OR with an error terminal after a re-ask the request log shows (a malformed call: "
        "after the call was exposed); a success after a re-ask, or a dropped answer, still FAILs.",
    )
    # Two choices whose default depends on the output protocol (None: undeclared, the protocol's
    # default in PROTOCOL_DEFAULTS applies; :meth:`resolved` fills it in). docs/adapters.md "POLICY choices".
    missing_finish: Literal["error", "stop"] | None = Field(
        default=None,
        description="8.1.19: the upstream ends with no finish part (truncated): an error terminal ('error', "
        "recommended: success on a truncated stream hides data loss) or a normal finish ('stop', seed 000 6.3, "
        "@tanstack/openai-base; conformant but graded SHOULD).",
    )
    finish_reason: Literal["engine", "provider"] | None = Field(
        default=None,
        description="8.2: 'engine': 'tool_calls' iff a client call completed (TanStack's engine rule, spec 8.2); "
        "'provider': the provider's mapped reason passed through (ai's streamText).",
    )

    def resolved(self, output: str) -> Policies:
        """These choices with every undeclared one set to the output protocol's default.

        >>> Policies().resolved("ui-message-stream").finish_reason, Policies().resolved("ag-ui").finish_reason
        ('provider', 'engine')
        >>> Policies(finish_reason="engine").resolved("ui-message-stream@7").finish_reason
        'engine'
        """
        defaults = PROTOCOL_DEFAULTS.get(output.split("@", 1)[0], PROTOCOL_DEFAULTS["ag-ui"])
        return self.model_copy(update={k: v for k, v in defaults.items() if getattr(self, k) is None})

    def declared(self) -> dict[str, str]:
        """The choices the adapter stated (undeclared protocol-default ones left out).

        >>> Policies(missing_finish="error").declared()["missing_finish"], "finish_reason" in Policies().declared()
        ('error', False)
        """
        return {k: v for k, v in self.model_dump().items() if v is not None}


# Per output protocol family, the value an undeclared protocol-dependent choice takes.
# finish_reason: TanStack's engine runs tools only on 'tool_calls' (@tanstack/ai 0.58.0
# src/activities/chat/index.ts:2396), so AG-UI/TanStack producers apply the engine rule; ai's
# streamText passes the provider's reason through (ai 6.0.326 dist/index.mjs:7215, 8566, 9283).
# missing_finish: 'stop' is what @tanstack/openai-base does (spec-reference 4.6); ai reports a
# truncated stream as an error (@ai-sdk/openai-compatible: "Response stream ended without a finish
# reason."; streamText with no output: dist/index.mjs:8625), though streamText alone finishes with
# 'other' once something was output (:8440). 'error' is the recommended declaration everywhere.
PROTOCOL_DEFAULTS: dict[str, dict[str, str]] = {
    "ag-ui": {"missing_finish": "stop", "finish_reason": "engine"},
    "tanstack": {"missing_finish": "stop", "finish_reason": "engine"},
    "tanstack-legacy": {"missing_finish": "stop", "finish_reason": "engine"},
    "ui-message-stream": {"missing_finish": "error", "finish_reason": "provider"},
}

# Conformant choices a consumer cannot tell from the real thing: they grade PASS-NONSTRICT.
NONSTRICT_CHOICES: dict[str, set[str]] = {"missing_usage": {"zeros"}, "missing_finish": {"stop"}}


class Capabilities(BaseModel):
    """What an adapter declares. Undeclared features make their cases UNSUPPORTED."""

    model_config = ConfigDict(extra="forbid")

    name: str
    inputs: list[Dialect] = Field(min_length=1, description="Upstream dialects it consumes.")
    output: OutputProtocol
    features: set[Feature] = Field(default_factory=lambda: set(FEATURES))  # type: ignore[arg-type]
    policies: Policies = Field(default_factory=Policies)
    client_tools: bool = Field(
        default=True,
        description="The caller can offer a tool the adapter does not run (a client tool: no execute; the run "
        "ends with its call for the caller to run). False for an agent framework that runs every function tool it "
        "is given (@openai/agents 0.18.0: FunctionTool.execute is required, agents-core dist/tool.d.ts; a call "
        "reaches the caller only as an approval interruption): a scenario whose model calls a client tool is then "
        "UNSUPPORTED, while its server-tool scenarios (feature server_tools) still run.",
    )
    reports_finish_reason: bool = Field(
        default=True,
        description="ag-ui: finish reason in metadata.tanstack.finishReason (TanStack wire form). "
        "Plain AG-UI adapters that report none set False: finish-reason rows become UNSUPPORTED.",
    )
    reports_usage: bool = Field(
        default=True,
        description="Token usage is reported (AG-UI: RUN_FINISHED.usage, optional in AG-UI 1.0 and absent "
        "before it). Adapters that never report usage set False: usage is then not compared.",
    )
    # Issue 15 class 7 (declarations the adapter never made): which structured-output mechanisms it has.
    structured_modes: set[StructuredMode] = Field(
        default_factory=lambda: set(STRUCTURED_MODES),  # type: ignore[arg-type]
        description="The structured-output mechanisms the adapter implements (seed 000 14.2): 'native' "
        "(responseFormat / response_format json_schema), 'tool' (a forced structured_output tool), "
        "'instruction' (the schema in a system message). A scenario asking for another mode is UNSUPPORTED. "
        "Default: all three, what the reference adapters do (a harness that does not say keeps that).",
    )
    failure_channel: Literal["event", "observable"] = Field(
        default="event",
        description="Where a failed run is reported. 'event': an error event in the stream (RUN_ERROR; the "
        "adapter never raises). 'observable' (ag-ui only): the adapter is an AG-UI AbstractAgent whose run() "
        "Observable errors to fail a run, as @ag-ui/client's own HttpAgent does; AbstractAgent.runAgent "
        "reports that error to its subscribers' onRunFailed (@ag-ui/client 1.0.0 src/agent/agent.ts:364-370, "
        "649-656). A raise (a harness 'error') is then the run's error terminal, graded like a RUN_ERROR.",
    )
    # Issue 16 (attempts): row retry.bounded grades the attempts at one turn against this bound.
    server: Server | None = Field(
        default=None,
        description="Which Chat Completions or Responses server the adapter's client is written for "
        "(mock_provider.servers): 'groq', 'mistral', 'deepseek', 'perplexity' or 'moonshot' for a provider of that "
        "Chat Completions server (@ai-sdk/groq, @ai-sdk/mistral, @ai-sdk/deepseek, @ai-sdk/perplexity, "
        "@ai-sdk/moonshotai), 'mistral-own' for Mistral's server to a client that can name only Mistral's own models "
        "(llama-index-llms-mistralai's MistralAI: Mistral's shapes, each tool call whole in one delta, as its own "
        "models send it; 'mistral' streams the fragments of the models it relays), 'openrouter' "
        "for OpenRouter's (@tanstack/ai-openrouter, @openrouter/ai-sdk-provider), 'xai' for xAI's Responses "
        "server (@ai-sdk/xai; no OpenAI background queue, `response.queued`, and no compaction items), "
        "'huggingface' for Hugging Face's Responses server (@ai-sdk/huggingface; huggingface/responses.js: reasoning "
        "only as raw `response.reasoning_text.*`, never a summary, and no `response.incomplete`, so a length or "
        "content-filter finish is not expressible), 'cerebras' for Cerebras's Chat Completions server (the "
        "cerebras-cloud-sdk, agno's Cerebras: everything 'other' is, plus `system_fingerprint` on every chunk and "
        "`type` on every tool-call delta, which its SDK's chunk type requires, and no finish reason outside that "
        "type's vocabulary). A "
        "scenario that plays another server's habit (OpenAI's `delta.refusal`, OpenRouter's "
        "error chunk, a late call id, a finish reason the server does not have, a reasoning field other than "
        "DeepSeek's and Kimi's `reasoning_content` for 'deepseek' and 'moonshot', an in-band error OpenRouter "
        "would not stream for "
        "'openrouter') is then NOT-EXPRESSIBLE, the runner sends the mock the header "
        "X-Mock-Server so it answers in that server's own shapes (Mistral's error body, OpenRouter's error "
        "chunk and body), and the request checks "
        "that state OpenAI's request shape give way to the server's own. 'other': a client written for one vendor's "
        "server the kit has no flavour for (@ai-sdk/togetherai, say): no named server's habit is "
        "played to it (the finish reasons stop, length and tool_calls only; reasoning in the default "
        "`reasoning_content` or the field the harness names with X-Mock-Reasoning) and no request check that "
        "states one server's shape is graded. None (the default): OpenAI's server, or a client meant for any "
        "OpenAI-compatible server (@ai-sdk/openai-compatible), which gets every quirk.",
    )
    max_retries: int = Field(
        default=2, ge=0,
        description="How many times the adapter retries one failed model call at most (row retry.bounded: at "
        "most 1 + max_retries attempts per turn). Default 2, both official clients' default: ai@7.0.173 "
        "dist/index.js:2429 retryWithExponentialBackoffRespectingRetryHeaders maxRetries = 2, :2450 "
        "prepareRetries defaultMaxRetries = 2; openai 3.57.0 _constants.py:8 DEFAULT_MAX_RETRIES = 2.",
    )

    @model_validator(mode="after")
    def _channel_exists(self) -> Capabilities:
        # Only AG-UI has an agent API whose Observable is a published failure channel.
        if self.failure_channel == "observable" and self.output != "ag-ui":
            raise ValueError(f"failure_channel 'observable' is AG-UI's AbstractAgent.run(); output is {self.output!r}")
        return self

    @field_serializer("features", "structured_modes")
    def _in_order(self, values: set[str]) -> list[str]:
        # A set dumps in its hash order, which differs from process to process (PYTHONHASHSEED): sorted, the same
        # declaration is the same JSON in every process (records, reports, a harness's handshake).
        return sorted(values)


@dataclass
class RunRequest:
    """One chat request as the adapter's caller makes it (TanStack ``TextOptions``-like)."""

    model: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    output_schema: dict[str, Any] | None
    options: dict[str, Any]
    thread_id: str
    run_id: str
    abort: AbortSignal = field(default_factory=AbortSignal)
    # How the provider supports structured output: 'native' | 'tool' | 'instruction' (seed 000 14.2).
    structured_mode: str = "native"


class StreamCall(Protocol):
    """What ``do_stream`` resolves to: the stream of dialect parts (AI SDK ``{stream, request, response}``)."""

    @property
    def stream(self) -> Any: ...


class LanguageModel(Protocol):
    """The in-process model an adapter reads (``mock_provider.model.ScriptedLanguageModel``, AI SDK's
    ``LanguageModel`` shape): one ``do_stream(options)`` call per upstream request."""

    async def do_stream(self, options: dict[str, Any]) -> StreamCall: ...


@dataclass
class AdapterContext:
    """What the factory gets for one case.

    ``model`` is the in-process scripted model (``do_stream``/``do_generate``) in ``dialect``;
    ``base_url``/``model_id`` are set when the case is also served over HTTP. ``model_info`` is
    the upstream model's models.dev catalogue entry when the scenario states one (else None):

        >>> ctx = AdapterContext(dialect="v3", model=None, scenario_id="request.modalities.001",
        ...                      model_info={"modalities": {"input": ["text", "pdf"], "output": ["text"]}})
        >>> ["document" if m == "pdf" else m for m in ctx.model_info["modalities"]["input"]]
        ['text', 'document']
    """

    dialect: str
    model: LanguageModel | None  # None: the case is served over HTTP (base_url, model_id)
    scenario_id: str
    time_scale: float = 0.0
    # The case's upstream calls, as they happen (in process: the model's log; over HTTP: the served case).
    request_log: RequestLog | ServedCase | None = None
    base_url: str | None = None
    model_id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    model_info: dict[str, Any] | None = None


class HttpErrorResponse(Exception):
    """Raised from ``stream()`` before its first event: the adapter answers its caller with an HTTP error
    status instead of a stream (a UI message stream route whose model call failed before it started).

    Where the output protocol's official client reads such a response as the run's failure
    (:attr:`conformance.protocols.base.OutputProtocol.http_failure`: ai's ``DefaultChatTransport`` throws
    the response text and ``Chat`` shows the error), it is graded as the run's error terminal with
    ``body`` as its message; elsewhere, or after an event, like any exception ``stream()`` raised.

        >>> e = HttpErrorResponse(503, "the model is overloaded")
        >>> e.status, str(e)
        (503, 'HTTP 503: the model is overloaded')
    """

    def __init__(self, status: int, body: str = "") -> None:
        super().__init__(f"HTTP {status}: {body}")
        self.status, self.body = status, body


class HarnessError(Exception):
    """The process that hosts the adapter failed (did not start, crashed, broke its protocol).

    Raised from ``stream()`` it makes the case ERROR with this message, whatever the scenario
    expected: it is a fault of the harness, not an adapter behaviour to grade.
    """


@runtime_checkable
class Adapter(Protocol):
    capabilities: Capabilities

    def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]: ...
