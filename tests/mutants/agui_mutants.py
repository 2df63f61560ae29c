"""Mutants of the AG-UI reference adapter: each breaks one rule and must FAIL exactly its rows."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterable
from typing import Any

from conformance.contract import AbortSignal, AdapterContext, RunRequest
from conformance.reference import agui
from tests.mutants.base import Mutant, item_type, map_events, map_upstream, payload, per_event

Events = list[dict[str, Any]]


# ---------------------------------------------------------------- output-side mutants
Stream = AsyncIterator[dict[str, Any]]
TERMINALS = ("RUN_FINISHED", "RUN_ERROR")


@per_event
def drop_run_started(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [] if e.get("type") == "RUN_STARTED" else [e]


@per_event
def run_started_without_thread(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [{k: v for k, v in e.items() if k != "threadId"} if e.get("type") == "RUN_STARTED" else e]


async def drop_first_text_delta(events: Stream, ctx: AdapterContext) -> Stream:
    """The first delta of every text message is lost."""
    seen: set[str] = set()
    async for e in events:
        if e.get("type") == "TEXT_MESSAGE_CONTENT" and e["messageId"] not in seen:
            seen.add(e["messageId"])
            continue
        yield e


@per_event
def text_left_open(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [] if e.get("type") == "TEXT_MESSAGE_END" else [e]


@per_event
def drop_reasoning_deltas(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [] if e.get("type") == "REASONING_MESSAGE_CONTENT" else [e]


@per_event
def reasoning_left_open(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [] if e.get("type") in ("REASONING_MESSAGE_END", "REASONING_END") else [e]


async def tool_order_lost(events: Stream, ctx: AdapterContext) -> Stream:
    """Tool-call events are held back and sent just before the terminal, calls in reverse id order.

    Held calls are never sent when no terminal comes (a silent abort): nothing after the abort.
    """
    held: list[dict[str, Any]] = []
    async for e in events:
        if e.get("type") in ("TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END"):
            held.append(e)
            continue
        if e.get("type") in TERMINALS and held:
            ids = sorted({h["toolCallId"] for h in held}, reverse=True)
            for i in ids:
                for h in held:
                    if h["toolCallId"] == i:
                        yield h
            held = []
        yield e


async def drop_second_args_fragment(events: Stream, ctx: AdapterContext) -> Stream:
    """The second ARGS fragment of every call streamed in pieces is lost."""
    count: dict[str, int] = {}
    async for e in events:
        if e.get("type") == "TOOL_CALL_ARGS":
            count[e["toolCallId"]] = count.get(e["toolCallId"], 0) + 1
            if count[e["toolCallId"]] == 2:
                continue
        yield e


async def replay_reemitted(events: Stream, ctx: AdapterContext) -> Stream:
    """After each call ends, announce it again (START, full ARGS, END): the atomic replay re-emitted."""
    args: dict[str, str] = {}
    names: dict[str, str] = {}
    async for e in events:
        yield e
        t = e.get("type")
        if t == "TOOL_CALL_START":
            names[e["toolCallId"]] = e["toolCallName"]
        elif t == "TOOL_CALL_ARGS":
            args[e["toolCallId"]] = args.get(e["toolCallId"], "") + e["delta"]
        elif t == "TOOL_CALL_END":
            cid = e["toolCallId"]
            yield {"type": "TOOL_CALL_START", "toolCallId": cid, "toolCallName": names.get(cid, "?")}
            yield {"type": "TOOL_CALL_ARGS", "toolCallId": cid, "delta": args.get(cid, "") or "{}"}
            yield {"type": "TOOL_CALL_END", "toolCallId": cid}


async def drop_malformed_calls(events: Stream, ctx: AdapterContext) -> Stream:
    """Calls are held until the terminal; one whose arguments do not parse is silently dropped."""
    held: list[dict[str, Any]] = []
    async for e in events:
        t = e.get("type")
        if t in ("TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END"):
            held.append(e)
            continue
        if t in TERMINALS:
            args: dict[str, str] = {}
            for h in held:
                if h.get("type") == "TOOL_CALL_ARGS":
                    args[h["toolCallId"]] = args.get(h["toolCallId"], "") + h["delta"]
            bad = set()
            for cid, text in args.items():
                try:
                    json.loads(text or "{}")
                except ValueError:
                    bad.add(cid)
            for h in held:
                if h["toolCallId"] not in bad:
                    yield h
            held = []
        yield e


@per_event
def drop_tool_results(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [] if e.get("type") == "TOOL_CALL_RESULT" else [e]


@per_event
def approval_ignored(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [{k: v for k, v in e.items() if k != "outcome"} if e.get("type") == "RUN_FINISHED" else e]


@per_event
def duplicate_terminal(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [e, dict(e)] if e.get("type") in TERMINALS else [e]


@per_event
def content_filter_hyphen(e: dict[str, Any], ctx: AdapterContext) -> Events:
    tan = (e.get("metadata") or {}).get("tanstack") or {}
    if e.get("type") == "RUN_FINISHED" and tan.get("finishReason") == "content_filter":
        e = {**e, "metadata": {**e["metadata"], "tanstack": {**tan, "finishReason": "content-filter"}}}
    return [e]


@per_event
def v3_total_dropped(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """V3/V4 usage has no total: this mutant forgets to compute it."""
    if ctx.dialect in ("v3", "v4") and e.get("type") == "RUN_FINISHED" and e.get("usage"):
        e = {**e, "usage": [{k: v for k, v in u.items() if k != "totalTokens"} for u in e["usage"]]}
    return [e]


@per_event
def mastra_cache_write_lost(e: dict[str, Any], ctx: AdapterContext) -> Events:
    if ctx.dialect == "mastra" and e.get("type") == "RUN_FINISHED" and e.get("usage"):
        e = {**e, "usage": [{k: v for k, v in u.items() if k != "cacheWriteInputTokens"} for u in e["usage"]]}
    return [e]


@per_event
def missing_usage_zeros(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """Seed 000 section 12.4: 'missing usage -> zero tokens' (while declaring the omit policy)."""
    if e.get("type") == "RUN_FINISHED" and not e.get("usage"):
        e = {**e, "usage": [{"inputTokens": 0, "outputTokens": 0, "totalTokens": 0}]}
    return [e]


async def content_before_start(events: Stream, ctx: AdapterContext) -> Stream:
    """The first CONTENT of each message is sent before its START (START held for one event)."""
    pending: dict[str, Any] | None = None
    async for e in events:
        if pending is not None:
            if e.get("type") == "TEXT_MESSAGE_CONTENT" and e.get("messageId") == pending["messageId"]:
                yield e
                yield pending
            else:
                yield pending
                yield e
            pending = None
        elif e.get("type") == "TEXT_MESSAGE_START":
            pending = e
        else:
            yield e
    if pending is not None:
        yield pending


# ---------------------------------------------------------------- SHOULD-row mutants (PASS-NONSTRICT)
@per_event
def model_not_reported(e: dict[str, Any], ctx: AdapterContext) -> Events:
    meta = e.get("metadata")
    if e.get("type") in ("RUN_STARTED", "RUN_FINISHED", "RUN_ERROR") and isinstance(meta, dict):
        tan = {k: v for k, v in (meta.get("tanstack") or {}).items() if k != "model"}
        e = {**e, "metadata": {**meta, "tanstack": tan}}
    return [e]


async def empty_delta_before_text(events: Stream, ctx: AdapterContext) -> Stream:
    """An empty TEXT_MESSAGE_CONTENT right after each START (what a role chunk turns into)."""
    async for e in events:
        yield e
        if e.get("type") == "TEXT_MESSAGE_START":
            yield {"type": "TEXT_MESSAGE_CONTENT", "messageId": e["messageId"], "delta": ""}


@per_event
def provider_block_ids(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """Every text message uses the same id (as if the provider block id 'txt-0' were copied)."""
    if e.get("type", "").startswith("TEXT_MESSAGE_"):
        e = {**e, "messageId": "txt-0"}
    return [e]


@per_event
def error_code_dropped(e: dict[str, Any], ctx: AdapterContext) -> Events:
    return [{k: v for k, v in e.items() if k != "code"} if e.get("type") == "RUN_ERROR" else e]


@per_event
def extra_top_level_key(e: dict[str, Any], ctx: AdapterContext) -> Events:
    """TanStack extras left on the wire instead of under metadata.tanstack (toWireChunk skipped)."""
    return [{**e, "model": "leaked"} if e.get("type") == "TEXT_MESSAGE_CONTENT" else e]


# ---------------------------------------------------------------- upstream-side mutants
def _upstream(transform: Any) -> Any:
    async def fn(stream: AsyncIterator[dict[str, Any]], ctx: AdapterContext) -> AsyncIterator[dict[str, Any]]:
        async for item in stream:
            for out in transform(item, ctx):
                yield out

    return fn


def _crash_on(types: set[str]) -> Any:
    def t(item: dict[str, Any], ctx: AdapterContext) -> Iterable[dict[str, Any]]:
        if item_type(item) in types:
            raise ValueError(f"unexpected stream part {item_type(item)!r}")
        return [item]

    return t


KNOWN = {"text-start", "text-delta", "text-end", "reasoning-start", "reasoning-delta", "reasoning-end",
         "tool-input-start", "tool-input-delta", "tool-input-end", "tool-call", "tool-result",
         "tool-approval-request", "stream-start", "response-metadata", "finish", "error",
         # Mastra names of the same parts
         "tool-call-input-streaming-start", "tool-call-delta", "tool-call-input-streaming-end",
         "tool-call-approval", "step-start", "step-finish", "start",
         # Mastra's preliminary (tool-output) and failed (tool-error) tool results
         "tool-output", "tool-error"}


def crash_on_unknown(item: dict[str, Any], ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    if item_type(item) not in KNOWN:
        raise ValueError(f"unknown stream part {item_type(item)!r}")
    return [item]


def expose_at_input_end(stream: AsyncIterator[dict[str, Any]], ctx: AdapterContext) -> AsyncIterator[dict[str, Any]]:
    """Treats tool-input-end as the complete call: a synthetic tool-call right away."""
    async def gen() -> AsyncIterator[dict[str, Any]]:
        names: dict[str, str] = {}
        args: dict[str, str] = {}
        async for item in stream:
            t, p = item_type(item), payload(item, ctx)
            if t in ("tool-input-start", "tool-call-input-streaming-start"):
                cid = p.get("id") or p.get("toolCallId")
                names[cid] = p.get("toolName", "")
            elif t in ("tool-input-delta", "tool-call-delta"):
                cid = p.get("id") or p.get("toolCallId")
                args[cid] = args.get(cid, "") + (p.get("delta") or p.get("argsTextDelta") or "")
            yield item
            if t in ("tool-input-end", "tool-call-input-streaming-end"):
                cid = p.get("id") or p.get("toolCallId")
                text = args.get(cid, "")
                if ctx.dialect == "mastra":
                    try:
                        parsed = json.loads(text) if text else {}
                    except ValueError:
                        continue
                    yield {"type": "tool-call", "runId": item.get("runId"), "from": "AGENT",
                           "payload": {"toolCallId": cid, "toolName": names.get(cid, ""), "args": parsed}}
                else:
                    yield {"type": "tool-call", "toolCallId": cid, "toolName": names.get(cid, ""), "input": text}

    return gen()


def args_to_latest_call(stream: AsyncIterator[dict[str, Any]], ctx: AdapterContext) -> AsyncIterator[dict[str, Any]]:
    """Argument fragments go to the call started last: an adapter that assumes calls stream one at a time."""
    async def gen() -> AsyncIterator[dict[str, Any]]:
        latest: Any = None
        async for item in stream:
            t, p = item_type(item), payload(item, ctx)
            if t in ("tool-input-start", "tool-call-input-streaming-start"):
                latest = p.get("id") or p.get("toolCallId")
            elif t == "tool-input-delta" and latest is not None:
                item = {**item, "id": latest}
            elif t == "tool-call-delta" and latest is not None:
                item = {**item, "payload": {**p, "toolCallId": latest}}
            yield item

    return gen()


def strip_provider_executed(item: dict[str, Any], ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    if ctx.dialect == "mastra" and isinstance(item.get("payload"), dict):
        return [{**item, "payload": {k: v for k, v in item["payload"].items() if k != "providerExecuted"}}]
    return [{k: v for k, v in item.items() if k != "providerExecuted"}]


def drop_error_parts(item: dict[str, Any], ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    return [] if item_type(item) == "error" else [item]


def _rewrite_finish(frm: str, to: str) -> Any:
    def t(item: dict[str, Any], ctx: AdapterContext) -> Iterable[dict[str, Any]]:
        if item_type(item) != "finish":
            return [item]
        if ctx.dialect == "mastra":
            step = dict(item["payload"].get("stepResult") or {})
            if step.get("reason") == frm:
                step["reason"] = to
            return [{**item, "payload": {**item["payload"], "stepResult": step}}]
        fr = item.get("finishReason")
        if isinstance(fr, dict) and fr.get("unified") == frm:
            fr = {**fr, "unified": to}
        elif fr == frm:
            fr = to
        return [{**item, "finishReason": fr}]

    return t


def v2_usage_seed_keys(item: dict[str, Any], ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    """Seed 000 section 6.9: reads promptTokens/completionTokens, which V2 never sends."""
    if ctx.dialect != "v2" or item_type(item) != "finish" or not isinstance(item.get("usage"), dict):
        return [item]
    rename = {"inputTokens": "promptTokens", "outputTokens": "completionTokens"}
    return [{**item, "usage": {rename.get(k, k): v for k, v in item["usage"].items()}}]


class _IgnoresAbort:
    """Never looks at the caller's abort signal and does not pass it upstream."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.capabilities = inner.capabilities

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        blind = RunRequest(**{**request.__dict__, "abort": AbortSignal()})
        async for e in self.inner.stream(blind):
            yield e


def abort_ignored(ctx: AdapterContext) -> Any:
    return _IgnoresAbort(map_upstream(agui, _upstream(lambda i, c: [i]), strip_abort=True)(ctx))


MUTANTS: list[Mutant] = [
    # Where the run fails its first event is then RUN_ERROR, which @ag-ui/client accepts: SHOULD there.
    Mutant("agui.no-run-started", "RUN_STARTED is not emitted", map_events(agui, drop_run_started),
           {"8.1.0"}, "agui", should={"8.1.0"}),
    Mutant("agui.run-started-no-thread", "RUN_STARTED lacks its required threadId",
           map_events(agui, run_started_without_thread), {"schema.event"}, "agui"),
    Mutant("agui.crash-on-stream-start", "stream-start treated as an unexpected part",
           map_upstream(agui, _upstream(_crash_on({"stream-start"}))), {"8.1.1"}, "agui"),
    Mutant("agui.text-delta-lost", "the first text delta of a message is lost",
           map_events(agui, drop_first_text_delta), {"8.1.4"}, "agui", should={"hygiene.empty-delta"}),
    Mutant("agui.text-left-open", "text message left open at the terminal",
           map_events(agui, text_left_open), {"8.1.5"}, "agui"),
    Mutant("agui.reasoning-lost", "reasoning deltas dropped", map_events(agui, drop_reasoning_deltas),
           {"8.1.7"}, "agui"),
    Mutant("agui.reasoning-left-open", "reasoning left open at the terminal",
           map_events(agui, reasoning_left_open), {"8.1.8"}, "agui"),
    Mutant("agui.tool-order-lost", "tool calls not in first-appearance order",
           map_events(agui, tool_order_lost), {"8.1.9", "consumer.ui-messages"}, "agui"),
    Mutant("agui.args-fragment-lost", "second argument fragment of a streamed call lost (malformed ones too)",
           map_events(agui, drop_second_args_fragment), {"8.1.10", "8.1.13"}, "agui"),
    Mutant("agui.args-to-latest-call", "interleaved argument fragments credited to the call started last",
           map_upstream(agui, args_to_latest_call), {"8.1.10"}, "agui"),
    # A no-argument call shown as '' for '{}' (tool.empty-input.002, web_search) is the same call ('' and '{}'
    # are one no-argument call, conformance/semantics.py NO_ARGS_TEXT), and otherwise the input it hands over
    # is the one the tool-call part then brings (the timing alone: SHOULD); where the early synthetic call
    # changes what the run finishes with, 8.2.tool-calls. Where no input was streamed before the end but the
    # call has one (@ai-sdk/openai's hosted tool search: tool-input-start at
    # the item's added, tool-input-end and the tool-call at its done, tool.openai-tool-search.001), the call
    # is shown without its arguments: 8.1.10.
    Mutant("agui.exposed-at-input-end", "tool call exposed at tool-input-end, before its tool-call part",
           map_upstream(agui, expose_at_input_end), {"8.2.tool-calls", "8.1.10"}, "agui",
           should={"hygiene.early-exposure"}),
    Mutant("agui.replay-reemitted", "an ended call is announced again (atomic replay re-emitted)",
           map_events(agui, replay_reemitted), {"8.1.12"}, "agui"),
    Mutant("agui.provider-call-counted", "provider-executed calls counted as client calls",
           map_upstream(agui, _upstream(strip_provider_executed)), {"8.1.12a"}, "agui"),
    Mutant("agui.malformed-dropped", "calls with malformed argument JSON silently dropped",
           map_events(agui, drop_malformed_calls), {"8.1.13", "consumer.ui-messages"}, "agui"),
    Mutant("agui.results-dropped", "provider tool results not forwarded", map_events(agui, drop_tool_results),
           {"8.1.14"}, "agui"),
    Mutant("agui.approval-ignored", "approval request not surfaced as an interrupt",
           map_events(agui, approval_ignored), {"8.1.15"}, "agui"),
    Mutant("agui.crash-on-unknown", "unknown / file / source / raw parts crash the adapter",
           map_upstream(agui, _upstream(crash_on_unknown)), {"8.1.16"}, "agui"),
    Mutant("agui.error-swallowed", "upstream error parts swallowed",
           map_upstream(agui, _upstream(drop_error_parts)), {"8.1.17"}, "agui"),
    Mutant("agui.duplicate-terminal", "an event after the terminal (second terminal)",
           map_events(agui, duplicate_terminal), {"8.1.18"}, "agui"),
    # It hangs on purpose on a stalled upstream (fault.stall-abort.001): a short case timeout.
    Mutant("agui.abort-ignored", "the caller's abort is ignored (not passed upstream)", abort_ignored,
           {"8.1.22", "request.abort"}, "agui", timeout=1.0),
    Mutant("agui.stop-misread", "finish reason stop misread as length",
           map_upstream(agui, _upstream(_rewrite_finish("stop", "length"))), {"8.2.stop"}, "agui"),
    Mutant("agui.length-misread", "finish reason length misread as stop",
           map_upstream(agui, _upstream(_rewrite_finish("length", "stop"))), {"8.2.length"}, "agui"),
    Mutant("agui.content-filter-hyphen", "content-filter passed through with its hyphen",
           map_events(agui, content_filter_hyphen), {"8.2.content-filter", "schema.event"}, "agui"),
    Mutant("agui.v2-usage-seed-keys", "V2 usage read with promptTokens/completionTokens (seed 6.9)",
           map_upstream(agui, _upstream(v2_usage_seed_keys)), {"8.3.v2"}, "agui"),
    Mutant("agui.v3-total-missing", "V3/V4 usage total not computed", map_events(agui, v3_total_dropped),
           {"8.3.v3"}, "agui"),
    Mutant("agui.mastra-cache-write-lost", "Mastra cacheCreationInputTokens not mapped",
           map_events(agui, mastra_cache_write_lost), {"8.3.mastra"}, "agui"),
    Mutant("agui.missing-usage-zeros", "absent usage reported as zeros while declaring 'omit'",
           map_events(agui, missing_usage_zeros), {"8.3.absent"}, "agui"),
    Mutant("agui.model-not-reported", "response-metadata modelId not reported", map_events(agui, model_not_reported),
           set(), "agui", should={"8.1.2"}),
    Mutant("agui.empty-deltas", "an empty TEXT_MESSAGE_CONTENT after each START",
           map_events(agui, empty_delta_before_text), set(), "agui", should={"hygiene.empty-delta"}),
    Mutant("agui.provider-block-ids", "provider block id reused as the message id",
           # In structured runs the text then lands in another message than structured-output.start
           # names, so the UI shows it twice: the consumer row catches that too.
           map_events(agui, provider_block_ids), {"consumer.ui-messages"}, "agui",
           should={"hygiene.unique-message-ids"}),
    Mutant("agui.error-code-dropped", "RUN_ERROR without the upstream code", map_events(agui, error_code_dropped),
           set(), "agui", should={"hygiene.error-code"}),
    Mutant("agui.extras-on-wire", "a TanStack extra key left on a wire event", map_events(agui, extra_top_level_key),
           set(), "agui", should={"8.4.5"}),
    Mutant("agui.content-before-start", "TEXT_MESSAGE_CONTENT before its START",
           map_events(agui, content_before_start), {"8.4.2"}, "agui"),
]
