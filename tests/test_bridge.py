"""The AG-UI bridge profile (seed 001): its checks, its reference adapter, and how other adapters skip it."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.bridge import error_code_findings, step_findings, tool_result_findings
from conformance.contract import AdapterContext, Policies
from conformance.reference import agui, agui_bridge, tanstack, tanstack_legacy
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario

BRIDGE_IDS = {"bridge.error-open.001", "bridge.steps.001", "bridge.text-auto-open.001", "bridge.tool-calls.001"}


def _bridge_cases(corpus: list[Scenario]) -> list[Scenario]:
    return [s for s in corpus if "bridge" in s.features()]


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


def test_the_bridge_scenarios_are_mastra_only_and_need_the_profile(corpus: list[Scenario]) -> None:
    assert {s.id for s in _bridge_cases(corpus)} == BRIDGE_IDS
    for s in _bridge_cases(corpus):
        assert s.dialects == ["mastra"], s.id


def test_reference_bridge_passes_every_mastra_case(corpus: list[Scenario]) -> None:
    verdicts: dict[str, list[str]] = {}
    for s in corpus:
        r = run_case(agui_bridge, s, "mastra", Settings(timeout=5.0))
        verdicts.setdefault(r.verdict, []).append(r.describe() if r.verdict != "PASS" else r.scenario_id)
    assert set(verdicts) <= {"PASS", "NOT-EXPRESSIBLE"}, {k: v for k, v in verdicts.items() if k != "PASS"}
    assert set(verdicts["PASS"]) >= BRIDGE_IDS
    assert len(verdicts["PASS"]) >= 90


POLICY_VARIANTS = [{"abort": "run-error"}, {"abort": "cancelled"}, {"malformed_args": "empty-object"}]


@pytest.mark.parametrize("policies", POLICY_VARIANTS,
                         ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()))
def test_reference_bridge_passes_under_other_policy_choices(policies: dict[str, str], corpus: list[Scenario]) -> None:
    def factory(ctx: AdapterContext) -> Any:
        ctx.extra["policies"] = Policies.model_validate(policies)
        return agui_bridge(ctx)

    # INFO: with 'run-error' the abort's RUN_ERROR is the policy's form, after which nothing (not
    # even a closing END) may come (8.1.22); what it leaves open is recorded, as for any adapter.
    ok = ("PASS", "INFO", "NOT-EXPRESSIBLE")
    bad = [r.describe() for s in corpus
           if (r := run_case(factory, s, "mastra", Settings(timeout=5.0))).verdict not in ok]
    assert bad == []


def test_reference_bridge_consumes_mastra_only(corpus: list[Scenario]) -> None:
    r = run_case(agui_bridge, _scenario(corpus, "text.basic.001"), "v3")
    assert r.verdict == "UNSUPPORTED" and "does not consume dialect 'v3'" in (r.reason or "")


@pytest.mark.parametrize("factory", [agui, tanstack, tanstack_legacy], ids=["agui", "tanstack", "tanstack_legacy"])
def test_other_references_skip_bridge_cases_with_a_reason(factory: Any, corpus: list[Scenario]) -> None:
    for s in _bridge_cases(corpus):
        r = run_case(factory, s, "mastra")
        assert r.verdict == "UNSUPPORTED" and r.reason == "feature(s) not declared: bridge", s.id
        assert run_case(factory, s, "v3").verdict == "NOT-EXPRESSIBLE"


def test_a_plain_agui_adapter_is_not_graded_on_bridge_conventions(corpus: list[Scenario]) -> None:
    # Same error scenario: the AG-UI reference keeps the upstream code and leaves text open (INFO),
    # which the bridge profile would fail; without the profile that is conformant.
    r = run_case(agui, _scenario(corpus, "error.code.001"), "mastra")
    assert r.verdict == "INFO" and r.failed_rows() == set()
    assert [e.get("code") for e in r.events if e.get("type") == "RUN_ERROR"] == ["rate_limit_exceeded"]


def test_bridge_events_in_the_steps_scenario(corpus: list[Scenario]) -> None:
    r = run_case(agui_bridge, _scenario(corpus, "bridge.steps.001"), "mastra")
    kinds = [e["type"] for e in r.events if e["type"].startswith("STEP_") or e["type"] == "TOOL_CALL_RESULT"]
    assert kinds == ["STEP_STARTED", "TOOL_CALL_RESULT", "STEP_FINISHED", "STEP_STARTED", "STEP_FINISHED"]
    [result] = [e for e in r.events if e["type"] == "TOOL_CALL_RESULT"]
    assert (result["messageId"], result["role"]) == ("tool-result-call_w1", "tool")
    assert all(isinstance(e.get("stepName"), str) and e["stepName"] for e in r.events if e["type"].startswith("STEP_"))


def test_bridge_error_closes_everything_first(corpus: list[Scenario]) -> None:
    r = run_case(agui_bridge, _scenario(corpus, "bridge.error-open.001"), "mastra")
    assert [e["type"] for e in r.events[-4:]] == ["TOOL_CALL_END", "TEXT_MESSAGE_END", "STEP_FINISHED", "RUN_ERROR"]
    assert r.events[-1]["code"] == "STREAM_ERROR"


def test_profile_keeps_open_at_error_a_graded_finding_not_a_note(corpus: list[Scenario]) -> None:
    """The profile grades what plain AG-UI only records; a SHOULD, as no consumer breaks on it
    (@ag-ui/client accepts RUN_ERROR at any time, the catalog's why)."""
    from tests.mutants.bridge_mutants import OpenAtError

    r = run_case(lambda ctx: OpenAtError(ctx), _scenario(corpus, "error.anthropic-midstream.001"), "mastra")
    assert r.verdict == "PASS-NONSTRICT" and r.failed_rows() == set()
    assert {(f.row, f.level) for f in r.findings} == {("bridge.close-before-error", "SHOULD")}
    assert not [f for f in r.findings if f.row == "info.open-at-error"]


# ---------------------------------------------------------------- the checks on hand-written events
def test_tool_result_check_names_each_wrong_field() -> None:
    good = {"type": "TOOL_CALL_RESULT", "messageId": "tool-result-c1", "toolCallId": "c1", "content": "1",
            "role": "tool"}
    assert tool_result_findings([good]) == []
    fs = tool_result_findings([{**good, "messageId": "msg-7"}, {k: v for k, v in good.items() if k != "role"}])
    assert [(f.row, f.event_index, f.expected) for f in fs] == [
        ("bridge.tool-result-id", 0, "tool-result-c1"), ("bridge.tool-result-id", 1, "tool")]


def test_error_code_check_spares_only_the_declared_abort_form() -> None:
    aborted = {"type": "RUN_ERROR", "message": "Request aborted", "code": "aborted"}
    assert error_code_findings([aborted], abort_policy="run-error") == []
    assert [f.actual for f in error_code_findings([aborted], abort_policy="silent")] == ["aborted"]
    assert [f.actual for f in error_code_findings([{"type": "RUN_ERROR", "message": "x"}],
                                                  abort_policy="silent")] == [None]


def test_step_check_wants_one_event_per_upstream_step(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "bridge.steps.001")
    r = run_case(agui_bridge, s, "mastra")
    assert step_findings(s, r.events) == []
    # One step boundary lost: STEP_* no longer follow the upstream.
    dropped = [e for i, e in enumerate(r.events) if not (i == len(r.events) - 2 and e["type"] == "STEP_FINISHED")]
    assert [f.row for f in step_findings(s, dropped)] == ["bridge.steps"]
    # The tool result moved out of its step (after the first STEP_FINISHED).
    ev = list(r.events)
    i_res = next(i for i, e in enumerate(ev) if e["type"] == "TOOL_CALL_RESULT")
    res = ev.pop(i_res)
    ev.insert(i_res + 1, res)
    assert [f.message for f in step_findings(s, ev)] == [
        "tool result 'call_w1' is emitted in a different step than upstream sent it"]


@pytest.mark.slow
def test_profile_bridge_turns_a_missing_bridge_into_a_failure(pytester: pytest.Pytester) -> None:
    args = ["-k", "bridge.steps.001", "-p", "no:cacheprovider"]
    skipped = pytester.runpytest_inprocess("--adapter=conformance.reference:agui", *args, "-rs")
    skipped.assert_outcomes(skipped=4)  # mastra: UNSUPPORTED; v2/v3/v4: NOT-EXPRESSIBLE
    skipped.stdout.fnmatch_lines(["*UNSUPPORTED: feature(s) not declared: bridge*"])
    profile = "--conformance-profile=bridge"
    required = pytester.runpytest_inprocess("--adapter=conformance.reference:agui", profile, *args)
    required.assert_outcomes(failed=1, skipped=3)
    required.stdout.fnmatch_lines(["*UNSUPPORTED but --conformance-profile=bridge requires bridge*"])
    bridged = pytester.runpytest_inprocess("--adapter=conformance.reference:agui_bridge", profile, *args)
    bridged.assert_outcomes(passed=1)
