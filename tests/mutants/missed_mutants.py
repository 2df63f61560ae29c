"""Mutants of defects the kit used to miss (issue 24): each breaks one rule a real adapter could break
unseen before its scenario or check existed."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from typing import Any

import jiter

from conformance.checks.retry import NOT_RETRIED
from conformance.contract import AdapterContext, RunRequest
from conformance.reference import openai_http, ui_message_stream
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.openai_http import OpenAIChatModel, _Call
from conformance.reference.state import ToolCallState
from conformance.reference.tanstack import TanstackReferenceAdapter
from conformance.reference.ui_message_stream import UIMessageStreamReferenceAdapter
from conformance.reference.values import parse_json_text
from tests.mutants.base import Mutant, map_events, subclass

Stream = AsyncIterator[dict[str, Any]]


class _HandsOverCutCalls:
    """When the upstream fails, a call it never completed is ended with what streamed, handed over with
    that input (``{}`` when it does not parse) instead of left open: the client would run it."""

    _cut: set[str]

    def fail_run(self, message: str, code: str | None) -> None:
        state = self.state  # type: ignore[attr-defined]
        if not state.done and code != "aborted":
            self._cut = {c.id for c in state.calls.values() if c.started and not c.completed}
            for call in state.calls.values():
                if call.id in self._cut:
                    self.end_tool(call, call.args_text)  # type: ignore[attr-defined]
        super().fail_run(message, code)  # type: ignore[misc]

    def end_input(self, call: ToolCallState) -> tuple[bool, Any]:
        if call.id in getattr(self, "_cut", set()):
            ok, value = parse_json_text(call.args_text)
            return True, value if ok else {}
        kept: tuple[bool, Any] = super().end_input(call)  # type: ignore[misc]
        return kept


class TanstackCutCallHandedOver(_HandsOverCutCalls, TanstackReferenceAdapter):
    """TanStack chunks: ``TOOL_CALL_END{input}`` for the cut call before RUN_ERROR."""


class UICutCallHandedOver(_HandsOverCutCalls, UIMessageStreamReferenceAdapter):
    """UI message stream: ``tool-input-available{input}`` for the cut call before the error chunk."""


def repairable(text: str) -> bool:
    """Whether a partial-JSON parser makes something of the argument text (truncated strings, objects and
    arrays closed; what follows a complete value ignored): jiter's ``trailing-strings`` mode.

    >>> repairable('{"city":"Par'), repairable('{"city": "Paris", "unit": }')
    (True, False)
    """
    try:
        jiter.from_json(text.encode(), partial_mode="trailing-strings")
    except ValueError:
        return False
    return True


class UIUnrepairableLeftOpen(UIMessageStreamReferenceAdapter):
    """A call whose arguments no partial-JSON repair fixes gets no ``tool-input-error``: it stays open in the
    client's message forever (malformed arguments that repair are reported as the reference does)."""

    def end_tool(self, call: ToolCallState, text: str) -> None:
        if repairable(text) or not call.args_sent:
            super().end_tool(call, text)
            return
        self.resolve_input(call, text)
        call.completed = True  # nothing sent: the client never learns the call ended


class TanstackUnrepairableEmptyInput(TanstackReferenceAdapter):
    """Declares the 'raw' policy, but a call whose arguments no partial-JSON repair fixes ends with
    ``input: {}`` (TanStack's engine runs the tool with it); repairable malformed input stays raw."""

    def end_input(self, call: ToolCallState) -> tuple[bool, Any]:
        if not call.input_ok and not repairable(call.input_text):
            return True, {}
        return super().end_input(call)


def _merge_by_index(calls: dict[int, _Call], seen: list[_Call], tc: Any) -> list[dict[str, Any]]:
    """The Chat Completions reader that keys calls by ``index`` alone: a second call on an index in use
    (a new id) only adds its arguments to the first call's (vercel/ai before pull request 14277)."""
    if tc.index not in calls:
        calls[tc.index] = _Call(index=tc.index, seq=len(seen))
        seen.append(calls[tc.index])
    tc_same = tc.model_copy(update={"id": calls[tc.index].id or tc.id})
    return OpenAIChatModel._tool_delta(calls, seen, tc_same)


def merges_by_index(ctx: AdapterContext) -> Any:
    """The HTTP reference whose Chat Completions reader merges calls that reuse an index."""
    adapter = openai_http(ctx)
    model = getattr(adapter.ctx, "model", None)
    if isinstance(model, OpenAIChatModel):
        model._tool_delta = _merge_by_index  # type: ignore[method-assign]
    return adapter


MUTANTS: list[Mutant] = [
    Mutant("tanstack.cut-call-handed-over", "a call the upstream never completed is ended with input when "
           "the run fails", subclass(TanstackCutCallHandedOver), {"8.1.12"}, "tanstack"),
    Mutant("ui.cut-call-handed-over", "a call the upstream never completed is sent as tool-input-available "
           "when the run fails", subclass(UICutCallHandedOver), {"8.1.12"}, "ui-message-stream"),
    Mutant("ui.unrepairable-left-open", "a client call whose arguments no partial-JSON repair fixes is never "
           "ended (no tool-input-error)", subclass(UIUnrepairableLeftOpen), {"8.1.12", "8.1.13"}, "ui-message-stream"),
    Mutant("tanstack.unrepairable-empty-input", "declares 'raw' but ends a call whose arguments no partial-JSON "
           "repair fixes with input {}", subclass(TanstackUnrepairableEmptyInput), {"8.1.13"}, "tanstack"),
    Mutant("openai-http.merges-reused-index", "over HTTP: a call on a Chat Completions index already in use is "
           "merged into the first call", merges_by_index, {"robust.invented-input"}, "openai-http",
           dialects=["openai-chat"]),
]


async def _no_first_start_step(events: Stream, ctx: AdapterContext) -> Stream:
    """The first ``start-step`` is never sent: the first ``finish-step`` ends a step that never began."""
    seen = False
    async for e in events:
        if e.get("type") == "start-step" and not seen:
            seen = True
            continue
        yield e


async def _bare_error(events: Stream, ctx: AdapterContext) -> Stream:
    """Nothing after an ``error`` chunk: no ``finish-step``, no ``finish`` (createUIMessageStream's shape for a
    thrown failure, used for every failure)."""
    async for e in events:
        yield e
        if e.get("type") == "error":
            return


async def _no_finish(events: Stream, ctx: AdapterContext) -> Stream:
    """No ``finish`` chunk after a run that succeeded (``toUIMessageStream({sendFinish: false})``'s shape)."""
    async for e in events:
        if e.get("type") == "finish" and e.get("finishReason") != "error":
            return
        yield e


def _reasonless(ctx: AdapterContext) -> Any:
    """The UI message stream reference declaring it reports no finish reason (as @ai-sdk/llamaindex): losing the
    finish chunk then loses nothing it promised, so only the chunk's own SHOULD row is broken."""
    adapter = ui_message_stream(ctx)
    adapter.capabilities = adapter.capabilities.model_copy(update={"reports_finish_reason": False})
    return adapter


MUTANTS += [
    # SHOULD misses: the reader still shows the same message, so no MUST row fails.
    Mutant("ui.finish-step-unpaired", "the first step's start-step is never sent", map_events(
        ui_message_stream, _no_first_start_step), set(), "ui-message-stream", should={"ui.step-pairing"}),
    Mutant("ui.error-without-finish", "an error chunk ends the stream: no finish-step, no finish", map_events(
        ui_message_stream, _bare_error), set(), "ui-message-stream", should={"ui.error-then-finish"}),
    Mutant("ui.no-finish", "a run that succeeded ends with no finish chunk", map_events(
        _reasonless, _no_finish), set(), "ui-message-stream", should={"ui.finish-sent"}),
]


class ResultsUnderLastId(AguiReferenceAdapter):
    """Runs every server call of a turn and streams each result under its own id, but the next request
    files every result under the turn's last call id (one variable reused across the loop)."""

    def end_turn(self, request: RunRequest) -> RunRequest:
        calls = self.pending_server_calls()
        nxt = super().end_turn(request)
        if len(calls) < 2:
            return nxt
        last = calls[-1].id
        return dataclasses.replace(nxt, messages=[
            {**m, "tool_call_id": last} if i >= len(request.messages) and m.get("role") == "tool" else m
            for i, m in enumerate(nxt.messages)])


MUTANTS += [
    Mutant("agui.loop-results-under-last-id", "the next request files each server call's result under the turn's "
           "last call id", subclass(ResultsUnderLastId), {"request.tool-history"}, "agui", loops=True),
]


class ForgetsEarlierResults(AguiReferenceAdapter):
    """Sends each turn's own results, but an earlier turn's result goes out again as ``{}`` (a result cache
    cleared at every turn): the third turn of a loop tells the model the first tool returned nothing."""

    def end_turn(self, request: RunRequest) -> RunRequest:
        nxt = super().end_turn(request)
        earlier = request.messages[len(self.state.request.messages):]  # the rounds this loop already ran
        ran = {c["id"] for m in earlier if m.get("role") == "assistant" for c in m.get("tool_calls") or []}
        return dataclasses.replace(nxt, messages=[
            {**m, "content": "{}"} if m.get("role") == "tool" and m.get("tool_call_id") in ran else m
            for m in nxt.messages])


MUTANTS += [
    Mutant("agui.loop-forgets-earlier-results", "a loop's later request sends an earlier turn's result as {}",
           subclass(ForgetsEarlierResults), {"request.tool-history"}, "agui", loops=True),
]


class RetriesAnyRefusal(AguiReferenceAdapter):
    """Retries, at once and within its declared bound, a model call refused with a status no client retries
    (400, 401, 403, 404, 422): a request the upstream refused with 401 (a bad key) is sent three times."""

    def retry_delay(self, exc: BaseException, attempt: int) -> float | None:
        status = getattr(exc, "status_code", getattr(exc, "statusCode", None))
        if status in NOT_RETRIED and attempt <= self.capabilities.max_retries:
            return 0.0
        return super().retry_delay(exc, attempt)


MUTANTS += [
    Mutant("agui.retries-non-retryable", "retries a request the upstream refused with 401",
           subclass(RetriesAnyRefusal), {"retry.bounded"}, "agui", loops=True),
]


async def _text_across_step(events: Stream, ctx: AdapterContext) -> Stream:
    """A turn's closing text part is kept open across the step boundary and the next turn's text continues it:
    its ``text-end`` moves past ``finish-step``/``start-step``, the next ``text-start`` is dropped and that
    part's deltas and end take the open part's id (one text message for the whole run)."""
    end: dict[str, Any] | None = None  # a held text-end
    boundary: list[dict[str, Any]] = []  # the finish-step / start-step held after it
    rename: dict[str, str] = {}
    async for e in events:
        kind = str(e.get("type"))
        if kind in ("text-delta", "text-end") and e.get("id") in rename:
            e = {**e, "id": rename[e["id"]]}
        if end is None:
            if kind == "text-end":
                end = e
            else:
                yield e
            continue
        if kind.startswith("tool-output") and not boundary:
            yield e  # the turn's tool results come before its finish-step
        elif (kind == "finish-step" and not boundary) or (kind == "start-step" and len(boundary) == 1):
            boundary.append(e)
        elif kind == "text-start" and len(boundary) == 2:
            rename[e["id"]] = end["id"]
            for b in boundary:
                yield b
            end, boundary = None, []
        else:
            for h in (end, *boundary, e):
                yield h
            end, boundary = None, []
    for h in ([end] if end else []) + boundary:
        yield h


MUTANTS += [
    Mutant("ui.text-open-across-step", "a turn's closing text part stays open across the step boundary and the "
           "next turn's text continues it", map_events(ui_message_stream, _text_across_step), {"8.1.5", "8.4.2"},
           "ui-message-stream", loops=True),
]
