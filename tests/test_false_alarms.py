"""Grading that blamed adapters for what no consumer of their protocol can see (false alarms measured on
real adapters): each test runs the behaviour a real adapter has on purpose and asserts the kit's verdict."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.contract import AdapterContext, Policies
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.openai_http import OpenAIHttpReferenceAdapter
from conformance.reference.ui_message_stream import UIMessageStreamReferenceAdapter
from conformance.runner import run_case
from mock_provider.scenario import Scenario


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


# An agent that never shows the provider's error text to the browser (it may carry keys, URLs, quotas):
# ai's toUIMessageStream masks it by default (onError: () => 'An error occurred.', ai@6.0.326
# dist/index.mjs:9512).
GENERIC = "An error occurred."


def _own_error_text(base: type, declared: str | None) -> Any:
    class OwnText(base):  # type: ignore[valid-type,misc]
        def error_message(self, error: Any) -> str:
            return GENERIC

        def exception_message(self, exc: BaseException) -> str:
            return GENERIC

    def factory(ctx: AdapterContext) -> Any:
        policies = Policies() if declared is None else Policies(error_text=declared)  # type: ignore[arg-type]
        return OwnText(ctx, policies)

    return factory


ERROR_CASES = ["error.first.001", "error.string.001", "error.anthropic-midstream.001", "error.code.001"]


@pytest.mark.parametrize("sid", ERROR_CASES)
@pytest.mark.parametrize("base", [UIMessageStreamReferenceAdapter, AguiReferenceAdapter])
def test_own_error_text_declared_passes_and_undeclared_fails_8_1_17(sid: str, base: type,
                                                                  corpus: list[Scenario]) -> None:
    s = _scenario(corpus, sid)
    own = run_case(_own_error_text(base, "own"), s, "v3")
    assert own.verdict in ("PASS", "INFO") and not own.failed_rows(), own.describe()
    assert all(f.level == "MAY" for f in own.findings), own.describe()
    undeclared = run_case(_own_error_text(base, None), s, "v3")
    assert undeclared.verdict == "FAIL" and set(undeclared.failed_rows()) == {"8.1.17"}, undeclared.describe()
    assert Policies().error_text == "upstream"  # the recommended value, the one an undeclared adapter gets


def test_own_error_text_still_needs_the_error_terminal(corpus: list[Scenario]) -> None:
    """'own' frees the text, not the terminal: an adapter that finishes instead of failing still fails 8.1.17."""

    class FinishesInstead(UIMessageStreamReferenceAdapter):
        def fail_run(self, message: str, code: str | None = None) -> None:
            self.finish_run()

    r = run_case(lambda ctx: FinishesInstead(ctx, Policies(error_text="own")), _scenario(corpus, "error.first.001"),
                 "v3")
    assert r.verdict == "FAIL" and "8.1.17" in r.failed_rows(), r.describe()


# ---------------------------------------------------------------- the caller's messages, not their positions
INSTRUCTIONS = {"role": "system", "content": "You are the booking agent. Answer briefly."}


def _prompt_rewrite(dialect: str, rewrite: Any, **policies: str) -> Any:
    """The reference adapter for ``dialect`` (in process, or Chat Completions over HTTP), its prompt rewritten."""
    base: type = OpenAIHttpReferenceAdapter if dialect == "openai-chat" else AguiReferenceAdapter

    class Rewrites(base):  # type: ignore[valid-type,misc]
        def build_prompt(self, request: Any) -> list[dict[str, Any]]:
            return list(rewrite(super().build_prompt(request)))

    return lambda ctx: Rewrites(ctx, policies=Policies(**policies))  # type: ignore[arg-type]


def own_instructions_first(prompt: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An agent that puts its own instructions in front of the caller's messages (pydantic-ai, LlamaIndex)."""
    return [INSTRUCTIONS, *prompt]


def owns_the_system_prompt(prompt: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An agent that owns the system prompt: the caller's system messages are replaced by its own."""
    return [INSTRUCTIONS, *(m for m in prompt if m["role"] != "system")]


def drops_a_user_message(prompt: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in prompt if m["content"] != [{"type": "text", "text": "Hi"}]]


@pytest.mark.parametrize("dialect", ["v3", "openai-chat"])
@pytest.mark.parametrize("sid", ["request.prompt.001", "request.tool-history.001", "loop.server-tool.001",
                                 "request.media.001"])
def test_own_instructions_in_front_of_the_callers_messages_pass(sid: str, dialect: str,
                                                               corpus: list[Scenario]) -> None:
    r = run_case(_prompt_rewrite(dialect, own_instructions_first), _scenario(corpus, sid), dialect)
    assert r.verdict in ("PASS", "NOT-EXPRESSIBLE"), r.describe()


def test_the_system_prompt_owned_by_the_agent_is_a_declared_policy(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "request.prompt.001")
    assert Policies().system_prompt == "caller"
    for dialect in ("v3", "openai-chat"):
        undeclared = run_case(_prompt_rewrite(dialect, owns_the_system_prompt), s, dialect)
        assert undeclared.verdict == "FAIL" and set(undeclared.failed_rows()) == {"request.prompt"}, \
            undeclared.describe()
        # The finding names the caller's message that is missing.
        assert any("message 0 (system)" in f.message for f in undeclared.findings), undeclared.describe()
        declared = run_case(_prompt_rewrite(dialect, owns_the_system_prompt, system_prompt="own"), s, dialect)
        assert declared.verdict == "PASS", declared.describe()


@pytest.mark.parametrize("dialect", ["v3", "openai-chat"])
def test_a_dropped_caller_message_still_fails_and_is_named(dialect: str, corpus: list[Scenario]) -> None:
    r = run_case(_prompt_rewrite(dialect, drops_a_user_message, system_prompt="own"),
                 _scenario(corpus, "request.prompt.001"), dialect)
    assert r.verdict == "FAIL" and set(r.failed_rows()) == {"request.prompt"}, r.describe()
    assert any("message 1 (user)" in f.message for f in r.findings), r.describe()


# ---------------------------------------------------------------- the same JSON, written another way
def test_history_arguments_and_results_are_compared_as_json_values(corpus: list[Scenario]) -> None:
    """Python's json.dumps writes '{"city": "Paris"}' where JSON.stringify writes '{"city":"Paris"}': the model
    reads the same arguments and the same result."""
    import json

    from conformance.request_checks import request_findings

    s = _scenario(corpus, "request.tool-history.001")
    checks = [c for c in s.expected_request if c.applies_to("openai-chat")]
    wanted = checks[0].subset

    def spaced(message: dict[str, Any]) -> dict[str, Any]:
        out = json.loads(json.dumps(message))
        for call in out.get("tool_calls") or []:
            call["function"]["arguments"] = json.dumps(json.loads(call["function"]["arguments"]))
        if out["role"] == "tool" and out["content"].startswith("{"):
            out["content"] = json.dumps(json.loads(out["content"]), indent=1)
        return out

    sent = {"messages": [spaced(m) for m in wanted]}
    assert sent["messages"][1]["tool_calls"][0]["function"]["arguments"] == '{"city": "Paris"}'
    assert request_findings(checks, sent, "openai-chat", "request.tool-history") == []
    # Another value is still a difference, and so is a number written as a string.
    for other in ('{"city": "Lyon"}', '{"city": ["Paris"]}'):
        changed = json.loads(json.dumps(sent))
        changed["messages"][1]["tool_calls"][0]["function"]["arguments"] = other
        found = request_findings(checks, changed, "openai-chat", "request.tool-history")
        assert [f.row for f in found] == ["request.tool-history"], other
    changed = json.loads(json.dumps(sent))
    changed["messages"][2]["content"] = '{"tempC": "18", "sky": "clear"}'
    assert [f.row for f in request_findings(checks, changed, "openai-chat", "request.tool-history")] == [
        "request.tool-history"]


# ---------------------------------------------------------------- UI message stream: finish after abort
class FinishAfterAbort(UIMessageStreamReferenceAdapter):
    """``abort`` then ``finish``: ai's reader (processUIMessageStream, ai@6.0.326 dist/index.mjs:6590 'finish',
    no 'abort' case) and Chat read on without an error; streamText alone closes at the abort (:7966-7972)."""

    def emit_run_cancelled(self) -> None:
        super().emit_run_cancelled()
        self.emit({"type": "finish"})


@pytest.mark.parametrize("sid", ["abort.mid-text.001", "abort.mid-tool.001", "abort.immediate.001"])
def test_finish_after_abort_on_the_ui_message_stream_is_no_must(sid: str, corpus: list[Scenario]) -> None:
    r = run_case(lambda ctx: FinishAfterAbort(ctx, Policies(abort="cancelled")), _scenario(corpus, sid), "v3")
    assert r.verdict in ("PASS", "PASS-NONSTRICT", "INFO") and not r.failed_rows(), r.describe()
    # A producer's habit: at most a SHOULD, on the terminal row.
    assert {f.row for f in r.findings if f.level == "SHOULD"} <= {"8.1.18"}, r.describe()


# ---------------------------------------------------------------- UI message stream: an abort as one error chunk
class AbortAsOneError(UIMessageStreamReferenceAdapter):
    """The caller's abort reported as one ``error`` chunk and nothing else (the chunk has no code field)."""

    def on_abort(self) -> None:
        st = self.state
        if not (st.abort_handled or st.done):
            st.abort_handled, st.done = True, True
            st.outbox.clear()
            self.emit({"type": "error", "errorText": "Request aborted"})


ABORTS = ["abort.mid-text.001", "abort.mid-text.002", "abort.mid-tool.001", "abort.immediate.001"]


@pytest.mark.parametrize("sid", ABORTS)
@pytest.mark.parametrize("adapter", [AbortAsOneError, UIMessageStreamReferenceAdapter])
def test_an_abort_as_an_error_chunk_is_policy_run_error_on_the_ui_message_stream(
        sid: str, adapter: type, corpus: list[Scenario]) -> None:
    r = run_case(lambda ctx: adapter(ctx, Policies(abort="run-error")), _scenario(corpus, sid), "v3")
    assert r.verdict in ("PASS", "INFO") and not r.failed_rows(), r.describe()


def test_abort_findings_on_the_ui_message_stream_speak_its_chunks(corpus: list[Scenario]) -> None:
    """Declared 'cancelled', ended with an error chunk: the finding names the UI message stream's chunks."""
    r = run_case(lambda ctx: AbortAsOneError(ctx, Policies(abort="cancelled")),
                 _scenario(corpus, "abort.mid-text.001"), "v3")
    assert r.verdict == "FAIL", r.describe()
    said = " ".join(f.message for f in r.findings)
    assert "one abort chunk" in said and "RUN_" not in said and "TEXT_MESSAGE" not in said, said


# ---------------------------------------------------------------- tool-input-available{input: null}
class AtomicCalls(UIMessageStreamReferenceAdapter):
    """Sends each call as one tool-input-available when its input is complete (no input streaming)."""

    def emit_tool_start(self, call: Any) -> None:
        pass

    def emit_tool_args(self, call: Any, delta: str) -> None:
        pass


def test_a_null_input_is_the_json_null_not_no_arguments(corpus: list[Scenario]) -> None:
    """``input: null`` is the value the client runs the tool with (ai's reader keeps it, ai@6.0.326
    dist/index.mjs:6452 ``input: chunk.input``): the JSON literal null, as tool.null-args.001 expects."""
    from conformance.protocols import ui_message_stream as ums

    events = [{"type": "start"}, {"type": "start-step"},
              {"type": "tool-input-available", "toolCallId": "call_null", "toolName": "refresh_cache", "input": None},
              {"type": "finish-step"}, {"type": "finish", "finishReason": "tool-calls"}]
    call = ums.extract(events).tool_calls[0]
    assert (call.args_text, call.args) == ("null", None)
    # An absent input is no value at all (undefined): no arguments.
    del events[2]["input"]
    call = ums.extract(events).tool_calls[0]
    assert (call.args_text, call.args) == ("", {})

    r = run_case(AtomicCalls, _scenario(corpus, "tool.null-args.001"), "v3")
    assert r.verdict == "PASS", r.describe()


# ---------------------------------------------------------------- usage where the protocol does not keep it
class UsageInACustomEvent(AguiReferenceAdapter):
    """Reports usage, but in a CUSTOM event (AG-UI keeps it on RUN_FINISHED.usage)."""

    def emit_run_finished(self, finish_reason: str | None, usage: Any, interrupts: list[dict[str, Any]]) -> None:
        if usage is not None:
            self.emit({"type": "CUSTOM", "name": "usage", "value": {"usage": self.format_usage(usage)[0]}})
        super().emit_run_finished(finish_reason, None, interrupts)


def test_usage_elsewhere_is_named_where_it_was_looked_for_and_where_it_was(corpus: list[Scenario]) -> None:
    r = run_case(UsageInACustomEvent, _scenario(corpus, "text.basic.001"), "v3")
    usage = [f for f in r.findings if f.field == "usage"]
    assert r.verdict == "FAIL" and len(usage) == 1, r.describe()
    assert "RUN_FINISHED.usage" in usage[0].message, usage[0].message
    assert "CUSTOM" in usage[0].message and "value.usage" in usage[0].message, usage[0].message


# ---------------------------------------------------------------- a wire that always carries a count
@pytest.mark.parametrize("output", ["ag-ui", "tanstack"])
def test_zero_and_absent_counts_grade_the_same_where_the_wire_always_carries_them(output: str) -> None:
    """The Responses wire's usage always has cached_tokens, cache_write_tokens and reasoning_tokens (0 where
    the scenario says nothing): an adapter that passes those zeros on reports what the wire said."""
    from conformance.protocols import protocol
    from conformance.semantics import Comparison, compare
    from mock_provider.transcript import Transcript, UsageRecord

    proto = protocol(output)
    expected = Transcript(text="hi", finish_reason="stop",
                          usage=UsageRecord(input_tokens=9, output_tokens=3, total_tokens=12))
    zeros = expected.model_copy(update={"usage": expected.usage.model_copy(  # type: ignore[union-attr]
        update={"cached_input_tokens": 0, "reasoning_tokens": 0, "cache_write_input_tokens": 0})})

    def rows(dialect: str, actual: Transcript) -> list[str]:
        view = Comparison(rows=["usage.v3.001"], usage_fields=proto.usage_fields, dialect=dialect,
                          upstream_finish="stop", has_provider_calls=False, zero_is_absent=proto.zero_is_absent)
        return [f.row for f in compare(expected, actual, Policies(), view)]

    assert rows("openai-responses", zeros) == []
    # A count the wire did carry is still compared, and Chat Completions omits a zero count (it can differ).
    wrong = zeros.model_copy(update={"usage": zeros.usage.model_copy(update={"cached_input_tokens": 5})})  # type: ignore[union-attr]
    assert rows("openai-responses", wrong) == ["8.3.v3"]
    assert rows("openai-chat", zeros) == ([] if output == "tanstack" else ["8.3.v3"])


# ---------------------------------------------------------------- an HTTP error before the stream
class AnswersWithHttpError(UIMessageStreamReferenceAdapter):
    """A UI message stream route that answers a request whose model call failed before its first part with an
    HTTP error status (no stream at all): DefaultChatTransport throws the response text and Chat shows the error
    (ai@6.0.326 dist/index.mjs:14651-14655, 15317; ai@7.0.173 dist/index.js:21536)."""

    async def stream(self, request: Any) -> Any:
        from conformance.contract import HttpErrorResponse

        events = []
        async for event in super().stream(request):
            events.append(event)
            if event.get("type") == "error" and all(e["type"] in ("start", "start-step", "error") for e in events):
                raise HttpErrorResponse(500, str(event.get("errorText")))
        for event in events:
            yield event


@pytest.mark.parametrize("sid", ["error.first.001", "http.500.001", "http.429.001"])
def test_an_http_error_before_the_stream_is_the_error_terminal_on_the_ui_message_stream(
        sid: str, corpus: list[Scenario]) -> None:
    s = next((x for x in corpus if x.id == sid), None)
    if s is None:
        pytest.skip(f"{sid} is not in the corpus")
    reference = run_case(UIMessageStreamReferenceAdapter, s, "v3")
    r = run_case(AnswersWithHttpError, s, "v3")
    assert r.verdict == reference.verdict and not r.failed_rows(), r.describe()
    assert not any("raised" in f.message for f in r.findings) and "raised" not in r.describe(), r.describe()


def test_an_http_error_where_success_was_expected_fails(corpus: list[Scenario]) -> None:
    from conformance.contract import HttpErrorResponse

    class AlwaysRefuses(UIMessageStreamReferenceAdapter):
        async def stream(self, request: Any) -> Any:
            raise HttpErrorResponse(500, "internal error")
            yield {}

    r = run_case(AlwaysRefuses, _scenario(corpus, "text.basic.001"), "v3")
    assert r.verdict == "FAIL", r.describe()


def test_the_harness_says_http_error_and_the_suite_grades_it_the_same(corpus: list[Scenario]) -> None:
    """Out of process (sac-harness/1 `error` with `http_status`), the same verdict as in process."""
    from pathlib import Path

    from conformance.runner import Settings
    from conformance.targets.isolated import isolated_target

    root = Path(__file__).resolve().parent.parent
    target = isolated_target("tests.test_false_alarms:AnswersWithHttpError", search=(root,), start_timeout=30,
                             case_timeout=20.0)
    try:
        s = _scenario(corpus, "error.first.001")
        isolated = run_case(target, s, "v3", Settings(timeout=20.0))
        in_process = run_case(AnswersWithHttpError, s, "v3")
        assert (isolated.verdict, isolated.failed_rows()) == (in_process.verdict, in_process.failed_rows()), \
            isolated.describe()
        assert "raised" not in isolated.describe(), isolated.describe()
    finally:
        target.close()


# ---------------------------------------------------------------- UI message stream: calls in completion order
@pytest.mark.parametrize("sid", ["tool.interleave.001", "tool.interleave.002"])
def test_calls_shown_in_the_order_their_input_completed_pass_on_the_ui_message_stream(
        sid: str, corpus: list[Scenario]) -> None:
    """ai's reader adds a tool part at the call's first chunk: without input streaming that is the order the
    inputs completed, which is also what streamText shows for a provider that does not stream tool input."""
    r = run_case(AtomicCalls, _scenario(corpus, sid), "v3")
    assert r.verdict == "PASS", r.describe()


def test_calls_in_neither_order_still_fail_8_1_9(corpus: list[Scenario]) -> None:
    from conformance.semantics import Comparison, compare
    from mock_provider.transcript import ToolCallRecord, Transcript

    calls = {i: ToolCallRecord(id=i, name="f", args={}, args_text="{}") for i in ("call_1", "call_2", "call_3")}
    expected = Transcript(tool_calls=[calls["call_1"], calls["call_2"], calls["call_3"]])

    def rows(order: list[str], completion: tuple[str, ...]) -> list[str]:
        view = Comparison(rows=["8.1.9"], usage_fields=(), dialect="v3", upstream_finish=None,
                          has_provider_calls=False, completion_order=completion)
        return [f.row for f in compare(expected, Transcript(tool_calls=[calls[i] for i in order]), Policies(), view)]

    completed = ("call_3", "call_1", "call_2")
    assert rows(["call_3", "call_1", "call_2"], completed) == []
    assert rows(["call_2", "call_1", "call_3"], completed) == ["8.1.9"]
    assert rows(["call_3", "call_1", "call_2"], ()) == ["8.1.9"]  # a protocol whose consumer keeps the start order


# ---------------------------------------------------------------- an agent's shape of an unparsable input
class DocumentedInvalidShape(UIMessageStreamReferenceAdapter):
    """Ends a malformed call with tool-input-error whose input is the agent's documented shape of an
    unparsable input, ``{"INVALID_JSON": raw}`` (ai types tool-input-error.input as unknown)."""

    streamed = True

    def emit_tool_start(self, call: Any) -> None:
        if self.streamed:
            super().emit_tool_start(call)

    def emit_tool_args(self, call: Any, delta: str) -> None:
        if self.streamed:
            super().emit_tool_args(call, delta)

    def emit(self, event: Any) -> None:
        if event.get("type") == "tool-input-error":
            event = {**event, "input": {"INVALID_JSON": event["input"]}}
        super().emit(event)


class DocumentedInvalidShapeWhole(DocumentedInvalidShape):
    streamed = False


class DropsTheInvalidInput(DocumentedInvalidShape):
    def emit(self, event: Any) -> None:
        if event.get("type") == "tool-input-error":
            event = {**event, "input": {}}
        UIMessageStreamReferenceAdapter.emit(self, event)


@pytest.mark.parametrize("adapter", [DocumentedInvalidShape, DocumentedInvalidShapeWhole])
@pytest.mark.parametrize("sid", ["tool.malformed.001", "tool.malformed.002"])
def test_a_documented_shape_of_an_unparsable_input_that_nothing_runs_passes(sid: str, adapter: type,
                                                                         corpus: list[Scenario]) -> None:
    reference = run_case(UIMessageStreamReferenceAdapter, _scenario(corpus, sid), "v3")
    r = run_case(adapter, _scenario(corpus, sid), "v3")
    assert (r.verdict, r.failed_rows()) == (reference.verdict, reference.failed_rows()), r.describe()


def test_an_invalid_input_that_loses_the_raw_text_is_a_should(corpus: list[Scenario]) -> None:
    r = run_case(DropsTheInvalidInput, _scenario(corpus, "tool.malformed.001"), "v3")
    assert not r.failed_rows() and any(f.row == "8.1.13" and f.level == "SHOULD" for f in r.findings), r.describe()


# ---------------------------------------------------------------- Gemini: a turn's text before its calls
def test_gemini_sends_a_turns_text_before_its_function_calls_and_the_expected_view_follows(
        corpus: list[Scenario]) -> None:
    """Gemini has no block boundaries: a turn's text comes before its function calls on the wire, so the
    consumer of any Gemini adapter shows the text first; the expected view says what the wire can say."""
    import json

    from conformance.consumer_view import expected_view
    from mock_provider.wires import gemini

    s = _scenario(corpus, "tool.text-between.001")
    body = gemini.plan(s, {"stream": True}).body_bytes().decode()
    chunks = [json.loads(line[6:]) for line in body.splitlines() if line.startswith("data: ")]
    kinds = ["call" if "functionCall" in p else "text" for c in chunks
             for p in c["candidates"][0].get("content", {}).get("parts", [])]
    assert kinds == ["text", "text", "text", "call", "call"], kinds
    view = expected_view(s, "gemini")
    assert view is not None
    assert [("text" if seg.text is not None else "call") for seg in view.segments] == ["text", "call", "call"]
    # Chat Completions says the calls where they came.
    other = expected_view(s, "openai-chat")
    assert other is not None and [("text" if g.text is not None else "call") for g in other.segments] == [
        "text", "call", "text", "call", "text"]


# ---------------------------------------------------------------- abort during a tool: when the tool starts
def test_a_harness_that_reports_tool_start_gets_the_abort_then_not_on_the_guess(corpus: list[Scenario]) -> None:
    """Behind a harness the suite used to abort once the held call was emitted and turn 1's request ended,
    which can be before an agent read the call; a harness that says `tool-started` gets the abort when its
    tool starts, as an in-process tool does."""
    import asyncio

    from conformance.execution import _ToolAbortWatch

    class Reports:
        reports_tool_start = True

    class Ex:
        class run_state:  # the attribute the watch reads
            abort_at = None

    done = {"type": "TOOL_CALL_END", "toolCallId": "call_w1"}

    async def watch_of(adapter: Any) -> Any:
        w = _ToolAbortWatch("call_w1", Ex(), adapter)  # type: ignore[arg-type]
        w.seen(done)
        started = w.task is not None
        await w.stop()
        return started

    assert asyncio.run(watch_of(Reports())) is False  # it waits for the harness's tool-started
    assert asyncio.run(watch_of(object())) is True  # a harness that does not say: the emitted call and turn end


def test_the_python_harness_reports_its_held_tool_start(corpus: list[Scenario]) -> None:
    from conformance.execution import execute
    from conformance.grading import grade
    from conformance.runner import Settings
    from conformance.targets.isolated import isolated_target

    s = _scenario(corpus, "loop.abort-during-tool.001")
    target = isolated_target("conformance.reference:agui", start_timeout=30)
    try:
        rec = execute(target, s, "v3", Settings(timeout=20))
        assert "tool-started" in target.process().sends
    finally:
        target.close()
    assert rec.abort_event_index is not None and [c.turn for c in rec.upstream if c.kind == "stream"] == [1]
    assert grade(rec, s).verdict == "PASS"


# ---------------------------------------------------------------- a no-argument call with no argument text
class NoArgsTextForEmptyInput(AguiReferenceAdapter):
    """Sends a no-argument call as START and END with no TOOL_CALL_ARGS, as ag-ui-adk 0.11.0 does for a
    Gemini ``functionCall`` whose ``args`` is ``{}`` (its translator streams arguments only when there are some)."""

    def emit_tool_args(self, call: Any, delta: str) -> None:
        if call.args_text == delta and delta.strip() == "{}":
            return  # the whole argument text is {}: nothing to stream
        super().emit_tool_args(call, delta)


@pytest.mark.parametrize("sid", ["tool.empty-input.001", "tool.empty-input.002"])
def test_no_argument_text_and_an_empty_object_are_one_call_either_way(sid: str, corpus: list[Scenario]) -> None:
    """'' and '{}' are the same no-argument call whichever the upstream said: on the Gemini wire the two
    scenarios are the same bytes (``"args": {}``), and the kit already took '{}' for an expected ''."""
    r = run_case(NoArgsTextForEmptyInput, _scenario(corpus, sid), "v3")
    assert r.verdict in ("PASS", "INFO") and not r.failed_rows(), r.describe()
    shown = [e for e in r.events if e.get("type") == "TOOL_CALL_ARGS"]
    assert shown == [], shown  # the adapter really sent no argument text (the test is not vacuous)


# Equal in, equal out: tool.empty-input.001 expects the argument text '' and .002 '{}'. A wire whose call input is
# an object (Messages `input`, Gemini `args`) says both as `{}` with no delta, one stream with two expectations
# (an adapter passing '' got PASS on one and FAIL on the other); there .001 is not expressible. Where the wire
# carries argument text, the two streams differ in it.
@pytest.mark.parametrize("dialect", ["anthropic", "gemini", "openai-chat", "openai-responses"])
def test_no_argument_calls_expected_apart_are_never_one_stream(dialect: str, corpus: list[Scenario]) -> None:
    from conformance.execution import expressible
    from mock_provider.wires import plan_response

    bodies = []
    for sid in ("tool.empty-input.001", "tool.empty-input.002"):
        scenario = _scenario(corpus, sid)
        if expressible(scenario, dialect) is not None:
            bodies.append(None)
            continue
        plan = plan_response(scenario.for_turn(1), dialect, {"model": f"scenario:{sid}", "stream": True},
                             streaming=True)
        bodies.append(b"".join(chunk.data for chunk in plan.body))
    assert bodies[1] is not None, f"{dialect}: a call with input '{{}}' has a form on every wire"
    if dialect in ("anthropic", "gemini"):
        assert bodies[0] is None, f"{dialect}: '' would be played as {{}}, the stream of tool.empty-input.002"
    else:
        assert bodies[0] is not None and b'"arguments":""' in bodies[0] and b'"arguments":"{}"' in bodies[1]


# ---------------------------------------------------------------- UI message stream: a clean end with no finish chunk
class NoFinishChunk(UIMessageStreamReferenceAdapter):
    """A successful run ends after ``finish-step`` with no ``finish`` chunk and reports no finish reason
    (``@ai-sdk/llamaindex`` 3.0.111's toUIMessageStream sends text-start, text-delta and text-end only)."""

    def __init__(self, ctx: AdapterContext | None = None, policies: Policies | None = None,
                 bare_finish: bool = False) -> None:
        super().__init__(ctx, policies)
        self.capabilities = self.capabilities.model_copy(update={"reports_finish_reason": False})
        self.bare_finish = bare_finish

    def emit_run_finished(self, finish_reason: str | None, usage: Any, interrupts: list[dict[str, Any]]) -> None:
        super().emit_run_finished(finish_reason, usage, interrupts)
        finish = self.state.outbox.pop()
        assert finish["type"] == "finish"
        if self.bare_finish:
            self.emit({"type": "finish"})


@pytest.mark.parametrize("sid", ["text.basic.001", "tool.basic.001", "loop.server-tool.001"])
@pytest.mark.parametrize("output", ["ui-message-stream", "ui-message-stream@7"])
def test_a_clean_end_without_finish_grades_as_a_bare_finish(sid: str, output: str, corpus: list[Scenario]) -> None:
    """ai's reader does nothing on a finish chunk without finishReason or messageMetadata (ai@7.0.173
    dist/index.js:7559-7562), and Chat ends 'ready' with onFinish{isError: false} after the stream either way
    (:22143-22196): both streams show the user the same state, so neither fails; the missing chunk is a SHOULD."""
    verdicts = {}
    for bare in (True, False):
        def make(ctx: AdapterContext, bare: bool = bare) -> NoFinishChunk:
            a = NoFinishChunk(ctx, Policies(), bare_finish=bare)
            a.capabilities = a.capabilities.model_copy(update={"output": output})
            return a
        r = run_case(make, _scenario(corpus, sid), "v3")
        assert not r.failed_rows(), r.describe()
        verdicts[bare] = r.verdict
        if not bare:
            assert [(f.row, f.level) for f in r.findings if "no finish" in f.message] == [
                ("ui.finish-sent", "SHOULD")], r.describe()
    assert verdicts[True] == "PASS" and verdicts[False] == "PASS-NONSTRICT", verdicts


def test_no_finish_after_an_upstream_error_still_fails(corpus: list[Scenario]) -> None:
    """The upstream failed and the stream ends with no error chunk: Chat shows success where the run failed."""

    class SilentError(NoFinishChunk):
        def emit_run_error(self, message: str, code: str | None) -> None:
            self.emit({"type": "finish-step"})

    r = run_case(lambda ctx: SilentError(ctx, Policies()), _scenario(corpus, "error.first.001"), "v3")
    assert r.verdict == "FAIL", r.describe()
