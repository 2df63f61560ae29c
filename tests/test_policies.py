"""The protocol-dependent POLICY choices (#15): declared or defaulted per output protocol, applied to
the expected transcript, graded at their row, visible under --strict, and recorded in the report."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.contract import PROTOCOL_DEFAULTS, AdapterContext, Policies
from conformance.expectations import expected_under, provider_reason, truncated
from conformance.reference import agui, ui_message_stream
from conformance.report import build_report, policy_choices, render_html, render_matrix_markdown, validate_report
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario
from tests.test_reference import _with_policies


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


def test_every_output_protocol_has_a_default_for_each_protocol_dependent_choice() -> None:
    undeclared = {k for k, v in Policies().model_dump().items() if v is None}
    assert undeclared == {"missing_finish", "finish_reason"}
    for name, defaults in PROTOCOL_DEFAULTS.items():
        assert set(defaults) == undeclared, name
        resolved = Policies().resolved(name)
        assert None not in resolved.model_dump().values(), name
    # A declaration wins over the default; a versioned protocol takes its family's default.
    assert Policies(finish_reason="engine").resolved("ui-message-stream").finish_reason == "engine"
    assert Policies().resolved("ui-message-stream@7").finish_reason == "provider"


def test_truncated_means_no_finish_no_error_no_fault(corpus: list[Scenario]) -> None:
    found = {s.id for s in corpus if truncated(s)}
    # agent.abort.001: Mastra's loop sends no finish after its abort chunk.
    assert found == {"agent.abort.001", "finish.missing.001", "finish.missing.002", "finish.missing.003",
                     "finish.missing.004"}
    # An upstream error or a cut connection is a failure, not a truncation the policy covers.
    assert not truncated(_scenario(corpus, "error.anthropic-midstream.001"))
    assert not truncated(_scenario(corpus, "fault.disconnect.001"))


def test_the_expected_transcript_follows_the_declared_choice(corpus: list[Scenario]) -> None:
    cut = _scenario(corpus, "finish.missing.004")  # a call half streamed when the upstream stopped
    stop = expected_under(cut.expected, cut, Policies(missing_finish="stop"), "ag-ui")
    error = expected_under(cut.expected, cut, Policies(missing_finish="error"), "ag-ui")
    assert (stop.terminal, len(stop.tool_calls)) == ("finished", 1)
    assert (error.terminal, error.tool_calls, error.finish_reason) == ("error", [], None)
    # finish_reason: the engine rule the scenario states, or the provider's own reason.
    none = _scenario(corpus, "finish.tool-calls-none.001")
    assert expected_under(none.expected, none, Policies(), "ag-ui").finish_reason == "stop"
    assert expected_under(none.expected, none, Policies(), "ui-message-stream").finish_reason == "tool_calls"
    with_call = _scenario(corpus, "finish.stop-with-call.001")
    assert provider_reason(with_call) == "stop" and with_call.expected.finish_reason == "tool_calls"



@pytest.mark.parametrize("dialect", ["openai-responses", "gemini"])
def test_the_provider_reason_on_a_wire_without_a_tool_calls_reason(corpus: list[Scenario], dialect: str) -> None:
    """Responses (`response.completed`) and Gemini (`STOP`) say one thing for stop and tool-calls:
    their clients read 'tool-calls' iff a function call came, so that is the provider's reason there."""
    with_call, none = _scenario(corpus, "finish.stop-with-call.001"), _scenario(corpus, "finish.tool-calls-none.001")
    ums = Policies(finish_reason="provider")
    got = expected_under(with_call.expected, with_call, ums, "ui-message-stream", dialect)
    assert got.finish_reason == "tool_calls"
    assert expected_under(none.expected, none, ums, "ui-message-stream", dialect).finish_reason == "stop"
    # Chat Completions carries the reason itself: the provider's word stands.
    assert expected_under(none.expected, none, ums, "ui-message-stream", "openai-chat").finish_reason == "tool_calls"
    # A length stop is a reason of its own on every wire.
    cut = _scenario(corpus, "finish.length.001")
    assert provider_reason(cut, dialect) == provider_reason(cut) == "length"

@pytest.mark.parametrize("declared, behaves, verdict", [
    # INFO: the error leaves the text message open, which is recorded, not graded (info.open-at-error).
    ("error", "error", "INFO"), ("stop", "stop", "PASS-NONSTRICT"),
    ("error", "stop", "FAIL"), ("stop", "error", "FAIL"),
])
def test_a_truncated_run_is_graded_by_the_declaration(declared: str, behaves: str, verdict: str,
                                                      corpus: list[Scenario]) -> None:
    from conformance.reference.agui import AguiReferenceAdapter

    class Adapter(AguiReferenceAdapter):
        def missing_finish_is_error(self) -> bool:
            return behaves == "error"

    def factory(ctx: AdapterContext) -> Any:
        return Adapter(ctx, Policies(missing_finish=declared))  # type: ignore[arg-type]

    r = run_case(factory, _scenario(corpus, "finish.missing.001"), "v3")
    assert r.verdict == verdict, r.findings
    graded = {f.row for f in r.findings if f.level != "MAY"}
    assert graded == (set() if verdict == "INFO" else {"8.1.19"})


def test_an_undeclared_choice_that_failed_a_truncated_run_is_named_in_the_finding(corpus: list[Scenario]) -> None:
    """An adapter that ends a truncated upstream with an error and left ``missing_finish`` undeclared FAILs
    8.1.19 against the output protocol's default 'stop'; the finding says so and names the declaration
    that grades the recommended choice (a CrewAI endpoint's first run met exactly this: litellm fails such
    a stream on purpose). A declared 'stop' keeps the plain message: the adapter said what it does."""
    from conformance.reference.agui import AguiReferenceAdapter

    class Errors(AguiReferenceAdapter):
        def missing_finish_is_error(self) -> bool:
            return True

    def undeclared(ctx: AdapterContext) -> Any:
        adapter = Errors(ctx)  # the references declare 'error' themselves; this one declares nothing
        adapter.capabilities = adapter.capabilities.model_copy(update={"policies": Policies()})
        return adapter

    def says_stop(ctx: AdapterContext) -> Any:
        return Errors(ctx, Policies(missing_finish="stop"))

    s = _scenario(corpus, "finish.missing.001")
    r = run_case(undeclared, s, "v3")
    assert r.verdict == "FAIL" and set(r.failed_rows()) == {"8.1.19"}
    ends = [f.message for f in r.findings if f.field == "terminal"]
    assert len(ends) == 1 and "missing_finish undeclared" in ends[0] and "declare missing_finish 'error'" in ends[0]
    declared = [f.message for f in run_case(says_stop, s, "v3").findings if f.field == "terminal"]
    assert declared == ["run ended 'error', expected 'finished'"]


def test_success_on_a_truncated_stream_fails_under_strict(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "finish.missing.002")
    stop = _with_policies(agui, {"missing_finish": "stop"})
    assert run_case(stop, s, "v3", Settings()).verdict == "PASS-NONSTRICT"
    strict = run_case(stop, s, "v3", Settings(strict=True))
    assert strict.verdict == "FAIL" and {f.row for f in strict.findings} == {"8.1.19"}
    assert run_case(agui, s, "v3", Settings(strict=True)).verdict == "PASS"  # the references declare 'error'


def test_the_finish_reason_source_decides_8_2_tool_calls(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "finish.tool-calls-none.001")  # upstream says tool-calls, no call completed
    assert run_case(ui_message_stream, s, "v3").verdict == "PASS"  # provider: 'tool-calls' passed through
    assert run_case(_with_policies(ui_message_stream, {"finish_reason": "engine"}), s, "v3").verdict == "PASS"
    # The events of one choice graded under the other declaration fail exactly the row.
    from conformance.reference.ui_message_stream import UIMessageStreamReferenceAdapter

    class SaysEngineDoesProvider(UIMessageStreamReferenceAdapter):
        def __init__(self, ctx: AdapterContext | None = None) -> None:
            super().__init__(ctx, Policies(finish_reason="engine"))

        def final_finish_reason(self) -> str | None:
            return self.provider_finish_reason(self.state.upstream_finish)

    r = run_case(SaysEngineDoesProvider, s, "v3")
    assert r.verdict == "FAIL" and set(r.failed_rows()) == {"8.2.tool-calls"}


def test_the_report_records_each_policy_and_whether_it_was_declared(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "text.basic.001")
    results = [run_case(ui_message_stream, s, "v3", adapter_name="ums")]
    caps = ui_message_stream(AdapterContext(dialect="probe", model=None, scenario_id="probe")).capabilities
    report = build_report(spec="conformance.reference:ui_message_stream", results=results, scenarios=[s],
                          capabilities=caps)
    validate_report(report)
    chosen = {c["name"]: (c["value"], c["declared"]) for c in report["adapter"]["policies"]}
    assert chosen["missing_finish"] == ("error", True)  # the references declare the recommended value
    assert chosen["finish_reason"] == ("provider", False)  # the UI message stream's default
    assert "finish_reason `provider` (protocol default)" in render_matrix_markdown(report)
    html = render_html(report)
    assert 'id="conformance-policies"' in html and "<code>provider</code> (protocol default)" in html
    assert policy_choices(None) == [] and policy_choices({"output": "ag-ui"}) == []


def test_a_stream_that_sends_done_without_a_finish_is_not_truncated(corpus: list[Scenario]) -> None:
    cut = _scenario(corpus, "finish.missing.001")
    done = cut.model_copy(update={"wire": cut.wire.model_copy(update={"done": "always"})})
    assert truncated(cut) and not truncated(done)


def test_the_report_names_each_rows_sources_for_the_adapters_protocol(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "text.basic.001")
    caps = ui_message_stream(AdapterContext(dialect="probe", model=None, scenario_id="probe")).capabilities
    report = build_report(spec="ums", results=[run_case(ui_message_stream, s, "v3")], scenarios=[s],
                          capabilities=caps)
    validate_report(report)
    row = next(r for r in report["rows"] if r["id"] == "8.2.tool-calls")
    assert row["sources"] and all(ref.startswith("ai@6.0.326") for ref in row["sources"])  # not TanStack's rule
    # The HTML matrix lists the rows this run reached (text.basic.001 does not reach 8.2.tool-calls) with theirs.
    reached = next(r for r in report["rows"] if r["id"] == "8.1.4")
    assert reached["verdict"] is not None and reached["sources"]
    assert f'title="sources: {reached["sources"][0]}' in render_html(report)


def test_an_unmapped_reason_after_a_completed_call_may_read_tool_calls_under_provider(corpus: list[Scenario]) -> None:
    """Under 'provider' the UI message stream passes the provider's reason on, and how a provider maps a reason
    outside its vocabulary (the upstream's 'other') after a completed client call is its own:
    @openrouter/ai-sdk-provider 3.1.0 reads it as 'tool-calls' (dist/index.js:4959), spec 8.2's answer and the
    scenario's own (finish.other-with-call.001: 'the completed call decides'). Passing 'other' on (the unknown_finish
    value) is as right; a reason the provider did map ('stop' after a call, finish.stop-with-call.001) still may not
    become 'tool_calls'."""
    from conformance.reference.ui_message_stream import UIMessageStream7ReferenceAdapter

    class CallDecidesUnmapped(UIMessageStream7ReferenceAdapter):
        def provider_finish_reason(self, upstream: str | None) -> str | None:
            if upstream in ("other", "unknown", None) and any(
                    self.counts_as_completed(c) for c in self.state.calls.values()):
                return "tool_calls"
            return super().provider_finish_reason(upstream)

    class CallDecidesAlways(UIMessageStream7ReferenceAdapter):
        def provider_finish_reason(self, upstream: str | None) -> str | None:
            if any(self.counts_as_completed(c) for c in self.state.calls.values()):
                return "tool_calls"
            return super().provider_finish_reason(upstream)

    def run(adapter: type[UIMessageStream7ReferenceAdapter], sid: str, unknown: str) -> Any:
        policies = Policies(unknown_finish=unknown)  # type: ignore[arg-type]
        return run_case(lambda ctx: adapter(ctx, policies), _scenario(corpus, sid), "v3")

    for unknown in ("null", "stop"):  # the AI SDK harnesses declare 'null'
        other = run(CallDecidesUnmapped, "finish.other-with-call.001", unknown)
        assert (other.verdict, other.failed_rows()) == ("PASS", set()), (unknown, other.findings)
        assert run(UIMessageStream7ReferenceAdapter, "finish.other-with-call.001", unknown).verdict == "PASS"
        assert run(CallDecidesUnmapped, "finish.stop-with-call.001", unknown).verdict == "PASS"
        stop = run(CallDecidesAlways, "finish.stop-with-call.001", unknown)
        assert (stop.verdict, stop.failed_rows()) == ("FAIL", {"8.2.tool-calls"})
