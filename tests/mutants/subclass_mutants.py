"""Mutants that override one method of a reference adapter, and mutants of the TanStack layers."""

from __future__ import annotations

from typing import Any

from conformance.contract import AdapterContext
from conformance.reference import openai_http, tanstack, tanstack_legacy
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.core import ToolCallState
from tests.mutants.agui_mutants import text_left_open
from tests.mutants.base import Mutant, map_events, per_event, subclass

Events = list[dict[str, Any]]


class NoTerminalWithoutFinish(AguiReferenceAdapter):
    """Row 8.1.19 broken: an upstream that ends with no finish part leaves the run unterminated."""

    def end_of_stream(self) -> None:
        if not self.state.finish_seen:
            self.state.done = True
            return
        super().end_of_stream()


class FinishAfterError(AguiReferenceAdapter):
    """Row 8.1.20 broken: after the error event the run still 'finishes' at the upstream's end."""

    _errored = False

    def on_error_part(self, part: Any) -> None:
        error = part.get("error")
        self.emit_run_error(self.error_message(error), self.error_code(error))
        self._errored = True

    def emit(self, event: Any) -> None:
        if self._errored and event.get("type") != "RUN_FINISHED":
            return  # stays quiet after the error ... but for the synthetic finish
        super().emit(event)

    def end_of_stream(self) -> None:
        if self._errored:
            self.finish_run()
        else:
            super().end_of_stream()  # a truncated upstream keeps the declared missing_finish behaviour


class RequestFailureThrown(AguiReferenceAdapter):
    """Row 8.1.21 broken: a failed request (doStream rejects) is thrown, not reported as RUN_ERROR."""

    def request_failed(self, exc: BaseException) -> None:
        if getattr(exc, "status_code", None) is None:  # only HTTP-level failures are thrown
            super().request_failed(exc)
            return
        raise exc


class UpstreamReasonPassedThrough(AguiReferenceAdapter):
    """8.2.tool-calls broken: the upstream reason is mapped as is; completed calls do not decide."""

    def final_finish_reason(self) -> str | None:
        upstream = self.state.upstream_finish
        if upstream in ("tool-calls", "tool_calls"):
            return "tool_calls"
        return self.map_finish_reason(upstream)


class SeedFinishMapping(AguiReferenceAdapter):
    """Seed 000 section 12.2 (spec-reference 7 item 14): string-only mapping, default 'stop'.

    A V3/V4 ``{unified, raw}`` object is compared to strings, so it always falls to 'stop';
    the hyphenated ``content-filter`` is not recognised either.
    """

    def upstream_finish_reason(self, part: Any) -> str | None:
        reason = part.get("finishReason")
        if isinstance(reason, str):
            return reason
        return "<object>" if reason is not None else None

    def final_finish_reason(self) -> str | None:
        table = {"stop": "stop", "length": "length", "tool-calls": "tool_calls", "tool_calls": "tool_calls",
                 "content_filter": "content_filter"}
        return table.get(self.state.upstream_finish or "", "stop")


class NoDefaultFinishReason(AguiReferenceAdapter):
    """8.2.other broken: other / unknown / missing reasons become null while declaring 'stop'."""

    def unknown_finish_reason(self) -> str | None:
        return None


class ToolCallsEvenWhenProviderExecuted(AguiReferenceAdapter):
    """Row 8.1.12a broken (by override): every completed call counts, provider-executed too."""

    def is_client_call(self, call: ToolCallState) -> bool:
        return True


# ---------------------------------------------------------------- TanStack yield layer
@per_event
def tanstack_run_id_missing(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [{k: v for k, v in e.items() if k != "runId"} if e.get("type") == "RUN_STARTED" else e]


@per_event
def tanstack_usage_zeroed(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """'usage left at zeros': the counts are never filled in."""
    if e.get("type") == "RUN_FINISHED" and isinstance(e.get("usage"), dict):
        e = {**e, "usage": {"promptTokens": 0, "completionTokens": 0, "totalTokens": 0}}
    return [e]


# ---------------------------------------------------------------- legacy chunks
@per_event
def legacy_content_not_cumulative(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [{**e, "content": e.get("delta", "")} if e.get("type") == "content" else e]


@per_event
def legacy_index_reused(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """Every tool_call chunk gets index 0 (seed 000 section 8: `index: event.index ?? 0`)."""
    return [{**e, "index": 0} if e.get("type") == "tool_call" else e]


@per_event
def legacy_done_missing_tool_calls(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """done says 'stop' although tool calls were emitted (the engine then never runs them)."""
    if e.get("type") == "done" and e.get("finishReason") == "tool_calls":
        e = {**e, "finishReason": "stop"}
    return [e]


def http_abort_ignored(ctx: AdapterContext) -> Any:
    """Over HTTP: the abort is neither checked nor passed on, so the paused upstream is never left."""
    from tests.mutants.agui_mutants import _IgnoresAbort

    adapter = openai_http(ctx)
    model = getattr(adapter.ctx, "model", None)
    if model is not None:
        real = model.do_stream

        async def do_stream(options: dict[str, Any]) -> Any:
            return await real({k: v for k, v in options.items() if k != "abort_signal"})

        model.do_stream = do_stream
    return _IgnoresAbort(adapter)


HTTP = ["openai-chat"]

MUTANTS: list[Mutant] = [
    Mutant("openai-http.text-left-open", "over HTTP: text message left open at the terminal",
           map_events(openai_http, text_left_open), {"8.1.5"}, "openai-http", dialects=HTTP),
    Mutant("openai-http.abort-ignored", "over HTTP: the caller's abort is ignored", http_abort_ignored,
           {"8.1.22", "request.abort"}, "openai-http", dialects=HTTP, timeout=1.0, abort_bound=0.2),
    Mutant("agui.no-terminal-without-finish", "no finish part: the run is never terminated",
           subclass(NoTerminalWithoutFinish), {"8.1.19"}, "agui"),
    Mutant("agui.finish-after-error", "a synthetic RUN_FINISHED after the error event",
           subclass(FinishAfterError), {"8.1.20"}, "agui"),
    Mutant("agui.upstream-reason-passthrough", "finish reason taken from upstream, not from completed calls",
           subclass(UpstreamReasonPassedThrough), {"8.2.tool-calls", "8.1.12a"}, "agui"),
    Mutant("agui.request-failure-thrown", "a failed request is thrown instead of RUN_ERROR",
           subclass(RequestFailureThrown), {"8.1.21"}, "agui"),
    Mutant("agui.seed-finish-mapping", "V3 finish object compared to a string (seed 12.2)",
           subclass(SeedFinishMapping), {"8.2.tool-calls", "8.2.length", "8.2.content-filter", "8.1.20", "8.1.12a"},
           "agui"),
    Mutant("agui.no-default-finish", "no default finish reason for other/unknown/missing",
           subclass(NoDefaultFinishReason), {"8.2.other"}, "agui"),
    Mutant("agui.provider-calls-are-client-calls", "provider-executed calls make the finish tool_calls",
           subclass(ToolCallsEvenWhenProviderExecuted), {"8.1.12a"}, "agui"),
    Mutant("tanstack.run-id-missing", "RUN_STARTED without its required runId",
           map_events(tanstack, tanstack_run_id_missing), {"schema.event"}, "tanstack"),
    Mutant("tanstack.usage-zeroed", "usage left at zeros", map_events(tanstack, tanstack_usage_zeroed),
           {"8.3.v2", "8.3.v3", "8.3.mastra"}, "tanstack"),
    Mutant("legacy.content-not-cumulative", "legacy content chunk carries the delta, not the accumulated text",
           map_events(tanstack_legacy, legacy_content_not_cumulative), {"8.1.4"}, "tanstack-legacy"),
    Mutant("legacy.index-reused", "every legacy tool_call gets index 0", map_events(tanstack_legacy,
           legacy_index_reused), {"8.1.9"}, "tanstack-legacy"),
    Mutant("legacy.done-not-tool-calls", "done.finishReason 'stop' after tool calls",
           map_events(tanstack_legacy, legacy_done_missing_tool_calls), {"8.2.tool-calls"}, "tanstack-legacy"),
]
