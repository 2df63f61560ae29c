"""The reference adapters pass every applicable case, under every POLICY choice they offer."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.contract import AdapterContext, Policies
from conformance.expectations import truncated
from conformance.reference import agui, tanstack, tanstack_legacy
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario

REFERENCES = {"agui": agui, "tanstack": tanstack, "tanstack_legacy": tanstack_legacy}
DIALECTS = ["v2", "v3", "v4", "mastra"]


def _with_policies(factory: Any, policies: dict[str, str]) -> Any:
    def wrapped(ctx: AdapterContext) -> Any:
        ctx.extra["policies"] = Policies.model_validate(policies)
        return factory(ctx)

    return wrapped


def _run_all(factory: Any, corpus: list[Scenario]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for s in corpus:
        for d in DIALECTS:
            r = run_case(factory, s, d, Settings(timeout=5.0))
            if r.verdict == "UNSUPPORTED" and "bridge" in s.features():
                continue  # the bridge profile's cases: tests/test_bridge.py
            out.setdefault(r.verdict, []).append(r.describe() if r.verdict in ("FAIL", "ERROR") else r.case_id)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", list(REFERENCES))
def test_reference_passes_every_expressible_case(name: str, corpus: list[Scenario]) -> None:
    verdicts = _run_all(REFERENCES[name], corpus)
    assert not verdicts.get("FAIL") and not verdicts.get("ERROR"), "\n".join(
        (verdicts.get("FAIL") or []) + (verdicts.get("ERROR") or []))[:4000]
    assert not verdicts.get("PASS-NONSTRICT"), verdicts.get("PASS-NONSTRICT")
    # Skips are only for what a dialect cannot express; everything else ran and passed. INFO records
    # an allowed choice (messages left open at RUN_ERROR) without grading it.
    assert set(verdicts) <= {"PASS", "INFO", "NOT-EXPRESSIBLE"}
    assert len(verdicts["PASS"]) + len(verdicts.get("INFO", [])) >= 350


def _truncated(corpus: list[Scenario]) -> set[str]:
    return {s.id for s in corpus if truncated(s)}


def _nonstrict_scenarios(verdicts: dict[str, list[str]]) -> set[str]:
    return {case.split("[", 1)[0] for case in verdicts.get("PASS-NONSTRICT", [])}


POLICY_VARIANTS = [
    {"missing_finish": "error"},
    {"missing_finish": "stop"},
    {"finish_reason": "provider"},
    {"finish_reason": "engine"},
    {"malformed_args": "empty-object"},
    {"missing_usage": "zeros"},
    {"abort": "run-error"},
    {"abort": "cancelled"},
    {"unknown_finish": "null"},
    {"preliminary_results": "forward"},
]


@pytest.mark.slow
@pytest.mark.parametrize("policies", POLICY_VARIANTS, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()))
@pytest.mark.parametrize("name", ["agui", "tanstack"])
def test_reference_passes_under_each_policy_choice(name: str, policies: dict[str, str],
                                                    corpus: list[Scenario]) -> None:
    verdicts = _run_all(_with_policies(REFERENCES[name], policies), corpus)
    assert not verdicts.get("FAIL") and not verdicts.get("ERROR"), "\n".join(
        (verdicts.get("FAIL") or []) + (verdicts.get("ERROR") or []))[:4000]
    if policies == {"missing_usage": "zeros"}:
        # A conformant but non-strict choice: graded PASS-NONSTRICT exactly where usage was absent.
        assert verdicts.get("PASS-NONSTRICT"), "zeros for absent usage must grade PASS-NONSTRICT"
    elif policies == {"missing_finish": "stop"}:
        # Conformant, but success on a truncated upstream is non-strict: exactly the truncated cases.
        assert _nonstrict_scenarios(verdicts) == _truncated(corpus)
    else:
        assert not verdicts.get("PASS-NONSTRICT")


def test_policy_mismatch_is_caught(corpus: list[Scenario]) -> None:
    """An adapter that behaves one way but declares another fails: the declaration is checked."""

    from conformance.reference.agui import AguiReferenceAdapter

    class Lying(AguiReferenceAdapter):
        @property
        def policies(self) -> Policies:
            return Policies(abort="silent")  # behaves 'silent' on abort ...

    def lying(ctx: AdapterContext) -> Any:
        adapter = Lying(ctx)
        adapter.capabilities = adapter.capabilities.model_copy(
            update={"policies": Policies(abort="run-error")})  # ... but declares 'run-error'
        return adapter

    s = next(s for s in corpus if s.id == "abort.mid-text.001")
    r = run_case(lying, s, "v3")
    assert r.verdict == "FAIL"
    assert "8.1.22" in r.failed_rows()


def test_info_records_what_was_left_open_at_an_error(corpus: list[Scenario]) -> None:
    s = next(s for s in corpus if s.id == "error.anthropic-midstream.001")
    r = run_case(agui, s, "v3")
    assert r.verdict == "INFO" and r.failed_rows() == set()
    assert [f.row for f in r.findings] == ["info.open-at-error"]
    assert "left open at RUN_ERROR: text message 'msg-1'" in r.findings[0].message
