"""Mutants of the AG-UI reference adapter: each breaks one rule and must FAIL exactly its rows."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterable
from typing import Any

from conformance.contract import AbortSignal, AdapterContext, RunRequest
from conformance.reference import agui
from tests.mutants.base import Mutant, item_type, map_events, map_upstream, payload

Events = list[dict[str, Any]]


def _run_finished(events: Events) -> dict[str, Any] | None:
    return next((e for e in events if e.get("type") == "RUN_FINISHED"), None)


# ---------------------------------------------------------------- output-side mutants
def drop_run_started(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    return [e for e in events if e.get("type") != "RUN_STARTED"]


def run_started_without_thread(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "threadId"} if e.get("type") == "RUN_STARTED" else e
            for e in events]


def drop_last_text_delta(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    last: dict[str, int] = {}
    for i, e in enumerate(events):
        if e.get("type") == "TEXT_MESSAGE_CONTENT":
            last[e["messageId"]] = i
    keep_first = {mid for mid, i in last.items()
                  if sum(1 for e in events if e.get("type") == "TEXT_MESSAGE_CONTENT" and e["messageId"] == mid) > 1}
    return [e for i, e in enumerate(events) if not (i in last.values() and e["messageId"] in keep_first)]


def text_left_open(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    return [e for e in events if e.get("type") != "TEXT_MESSAGE_END"]


def drop_reasoning_deltas(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    return [e for e in events if e.get("type") != "REASONING_MESSAGE_CONTENT"]


def reasoning_left_open(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    return [e for e in events if e.get("type") not in ("REASONING_MESSAGE_END", "REASONING_END")]


def tool_order_lost(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    """Every call's START/ARGS/END held back and replayed at the end in reverse id order."""
    tool_types = {"TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END"}
    held = [e for e in events if e.get("type") in tool_types]
    rest = [e for e in events if e.get("type") not in tool_types]
    ids = sorted({e["toolCallId"] for e in held}, reverse=True)
    grouped = [e for i in ids for e in held if e["toolCallId"] == i]
    cut = next((i for i, e in enumerate(rest) if e.get("type") in ("RUN_FINISHED", "RUN_ERROR")), len(rest))
    return rest[:cut] + grouped + rest[cut:]


def drop_first_args_fragment(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    counts: dict[str, int] = {}
    for e in events:
        if e.get("type") == "TOOL_CALL_ARGS":
            counts[e["toolCallId"]] = counts.get(e["toolCallId"], 0) + 1
    seen: set[str] = set()
    out = []
    for e in events:
        if e.get("type") == "TOOL_CALL_ARGS" and counts[e["toolCallId"]] > 1 and e["toolCallId"] not in seen:
            seen.add(e["toolCallId"])
            continue
        out.append(e)
    return out


def replay_reemitted(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    """After each call ends, announce it again (START, full ARGS, END): the atomic replay re-emitted."""
    args: dict[str, str] = {}
    names: dict[str, str] = {}
    out = []
    for e in events:
        out.append(e)
        t = e.get("type")
        if t == "TOOL_CALL_START":
            names[e["toolCallId"]] = e["toolCallName"]
        elif t == "TOOL_CALL_ARGS":
            args[e["toolCallId"]] = args.get(e["toolCallId"], "") + e["delta"]
        elif t == "TOOL_CALL_END":
            cid = e["toolCallId"]
            out += [{"type": "TOOL_CALL_START", "toolCallId": cid, "toolCallName": names.get(cid, "?")},
                    {"type": "TOOL_CALL_ARGS", "toolCallId": cid, "delta": args.get(cid, "") or "{}"},
                    {"type": "TOOL_CALL_END", "toolCallId": cid}]
    return out


def drop_malformed_calls(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    args: dict[str, str] = {}
    for e in events:
        if e.get("type") == "TOOL_CALL_ARGS":
            args[e["toolCallId"]] = args.get(e["toolCallId"], "") + e["delta"]
    bad = set()
    for cid, text in args.items():
        try:
            json.loads(text)
        except ValueError:
            bad.add(cid)
    return [e for e in events if e.get("toolCallId") not in bad or e.get("type") == "TOOL_CALL_RESULT"]


def drop_tool_results(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    return [e for e in events if e.get("type") != "TOOL_CALL_RESULT"]


def approval_ignored(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "outcome"} if e.get("type") == "RUN_FINISHED" else e
            for e in events]


def duplicate_terminal(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    out = list(events)
    if out and out[-1].get("type") in ("RUN_FINISHED", "RUN_ERROR"):
        out.append(dict(out[-1]))
    return out


def content_filter_hyphen(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    out = []
    for e in events:
        tan = (e.get("metadata") or {}).get("tanstack") or {}
        if e.get("type") == "RUN_FINISHED" and tan.get("finishReason") == "content_filter":
            e = {**e, "metadata": {**e["metadata"], "tanstack": {**tan, "finishReason": "content-filter"}}}
        out.append(e)
    return out


def no_default_finish(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    """Whatever the reference defaulted to 'stop' for other/unknown/missing becomes null."""
    return events  # replaced by the upstream-aware variant below


def v3_total_dropped(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    """V3/V4 usage has no total: this mutant forgets to compute it."""
    if ctx.dialect not in ("v3", "v4"):
        return events
    out = []
    for e in events:
        if e.get("type") == "RUN_FINISHED" and e.get("usage"):
            e = {**e, "usage": [{k: v for k, v in u.items() if k != "totalTokens"} for u in e["usage"]]}
        out.append(e)
    return out


def mastra_cache_write_lost(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    if ctx.dialect != "mastra":
        return events
    out = []
    for e in events:
        if e.get("type") == "RUN_FINISHED" and e.get("usage"):
            e = {**e, "usage": [{k: v for k, v in u.items() if k != "cacheWriteInputTokens"} for u in e["usage"]]}
        out.append(e)
    return out


def missing_usage_zeros(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    """Seed 000 section 12.4: 'missing usage -> zero tokens' (while declaring the omit policy)."""
    out = []
    for e in events:
        if e.get("type") == "RUN_FINISHED" and not e.get("usage"):
            e = {**e, "usage": [{"inputTokens": 0, "outputTokens": 0, "totalTokens": 0}]}
        out.append(e)
    return out


def content_before_start(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    """The first CONTENT of each message is sent before its START."""
    out = list(events)
    for i in range(len(out) - 1):
        if out[i].get("type") == "TEXT_MESSAGE_START" and out[i + 1].get("type") == "TEXT_MESSAGE_CONTENT":
            out[i], out[i + 1] = out[i + 1], out[i]
    return out


def raise_on_request_failure(events: Events, ctx: AdapterContext) -> Iterable[dict[str, Any]]:
    """A failed request (RUN_ERROR straight after RUN_STARTED) is thrown instead of reported."""
    if len(events) >= 2 and events[1].get("type") == "RUN_ERROR":
        raise RuntimeError(events[1].get("message", "request failed"))
    return events


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
         "tool-call-approval", "step-start", "step-finish", "start"}


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
    Mutant("agui.no-run-started", "RUN_STARTED is not emitted", map_events(agui, drop_run_started),
           {"8.1.0"}, "agui"),
    Mutant("agui.run-started-no-thread", "RUN_STARTED lacks its required threadId",
           map_events(agui, run_started_without_thread), {"schema.event"}, "agui"),
    Mutant("agui.crash-on-stream-start", "stream-start treated as an unexpected part",
           map_upstream(agui, _upstream(_crash_on({"stream-start"}))), {"8.1.1"}, "agui"),
    Mutant("agui.text-delta-lost", "the last text delta of a message is lost",
           map_events(agui, drop_last_text_delta), {"8.1.4"}, "agui"),
    Mutant("agui.text-left-open", "text message left open at the terminal",
           map_events(agui, text_left_open), {"8.1.5"}, "agui"),
    Mutant("agui.reasoning-lost", "reasoning deltas dropped", map_events(agui, drop_reasoning_deltas),
           {"8.1.7"}, "agui"),
    Mutant("agui.reasoning-left-open", "reasoning left open at the terminal",
           map_events(agui, reasoning_left_open), {"8.1.8"}, "agui"),
    Mutant("agui.tool-order-lost", "tool calls not in first-appearance order",
           map_events(agui, tool_order_lost), {"8.1.9"}, "agui"),
    Mutant("agui.args-fragment-lost", "first argument fragment of a streamed call lost",
           map_events(agui, drop_first_args_fragment), {"8.1.10"}, "agui"),
    Mutant("agui.exposed-at-input-end", "tool call exposed before its tool-call part (at tool-input-end)",
           map_upstream(agui, expose_at_input_end), {"8.1.12"}, "agui"),
    Mutant("agui.replay-reemitted", "an ended call is announced again (atomic replay re-emitted)",
           map_events(agui, replay_reemitted), {"8.1.12"}, "agui"),
    Mutant("agui.provider-call-counted", "provider-executed calls counted as client calls",
           map_upstream(agui, _upstream(strip_provider_executed)), {"8.1.12a"}, "agui"),
    Mutant("agui.malformed-dropped", "calls with malformed argument JSON silently dropped",
           map_events(agui, drop_malformed_calls), {"8.1.13"}, "agui"),
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
    Mutant("agui.request-failure-thrown", "a failed request is thrown instead of RUN_ERROR",
           map_events(agui, raise_on_request_failure), {"8.1.21"}, "agui"),
    Mutant("agui.abort-ignored", "the caller's abort is ignored (not passed upstream)", abort_ignored,
           {"8.1.22"}, "agui"),
    Mutant("agui.stop-misread", "finish reason stop misread as length",
           map_upstream(agui, _upstream(_rewrite_finish("stop", "length"))), {"8.2.stop"}, "agui"),
    Mutant("agui.length-misread", "finish reason length misread as stop",
           map_upstream(agui, _upstream(_rewrite_finish("length", "stop"))), {"8.2.length"}, "agui"),
    Mutant("agui.content-filter-hyphen", "content-filter passed through with its hyphen",
           map_events(agui, content_filter_hyphen), {"8.2.content-filter"}, "agui"),
    Mutant("agui.v2-usage-seed-keys", "V2 usage read with promptTokens/completionTokens (seed 6.9)",
           map_upstream(agui, _upstream(v2_usage_seed_keys)), {"8.3.v2"}, "agui"),
    Mutant("agui.v3-total-missing", "V3/V4 usage total not computed", map_events(agui, v3_total_dropped),
           {"8.3.v3"}, "agui"),
    Mutant("agui.mastra-cache-write-lost", "Mastra cacheCreationInputTokens not mapped",
           map_events(agui, mastra_cache_write_lost), {"8.3.mastra"}, "agui"),
    Mutant("agui.missing-usage-zeros", "absent usage reported as zeros while declaring 'omit'",
           map_events(agui, missing_usage_zeros), {"8.3.absent"}, "agui"),
    Mutant("agui.content-before-start", "TEXT_MESSAGE_CONTENT before its START",
           map_events(agui, content_before_start), {"8.4.2"}, "agui"),
]
