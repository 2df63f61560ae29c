"""Hostile adapters get a verdict with a clear reason: the suite never hangs or crashes.

These tests use short per-case timeouts (a hang can only be detected by waiting); they do
not depend on how long anything else takes.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario
from tests import hostile as h

FAST = Settings(timeout=0.3, grace=0.3, max_events=500, max_event_bytes=1_000_000)

CASES: list[tuple[str, Any, str, str]] = [
    # (name, factory, expected verdict, text the reason/findings must contain)
    ("factory raises", h.factory_raises, "ERROR", "factory failed: RuntimeError: cannot build adapter"),
    ("factory returns None", h.factory_returns_none, "ERROR", "no `capabilities`"),
    ("factory calls sys.exit", h.factory_exits, "ERROR", "factory failed: SystemExit: 3"),
    ("stream calls sys.exit", h.cls_factory(h.StreamExits), "ERROR", "SystemExit: from the stream"),
    ("no capabilities", h.cls_factory(h.NoCapabilities), "ERROR", "no `capabilities`"),
    ("bad capabilities", h.cls_factory(h.BadCapabilities), "ERROR", "factory failed"),
    ("stream returns a list", h.cls_factory(h.StreamReturnsList), "ERROR", "must return an async iterator"),
    ("sync generator", h.cls_factory(h.SyncGenerator), "ERROR", "must return an async iterator"),
    ("raises immediately", h.cls_factory(h.RaisesImmediately), "ERROR", "the adapter raised: KeyError"),
    ("raises midway", h.cls_factory(h.RaisesMidway), "ERROR", "ZeroDivisionError: midway"),
    ("hangs", h.cls_factory(h.Hangs), "ERROR", "the adapter hung"),
    ("blocks the event loop", h.cls_factory(h.BlocksEventLoop), "ERROR", "blocked its event loop"),
    ("ignores cancellation", h.cls_factory(h.IgnoresCancellation), "ERROR", "blocked its event loop"),
    ("non-dict events", h.cls_factory(h.NonDictEvents), "FAIL", "not a JSON object"),
    ("non-JSON event", h.cls_factory(h.NonJsonEvent), "FAIL", "not a JSON object"),
    ("huge event", h.cls_factory(h.HugeEvent), "FAIL", "exceeds the size limit"),
    ("NaN in an event", h.cls_factory(h.NaNEvent), "FAIL", "NaN and Infinity are not JSON"),
    ("non-string keys", h.cls_factory(h.NonStringKeys), "FAIL", "text differs"),
    ("runaway stream", h.cls_factory(h.Runaway), "ERROR", "more than 500 events"),
    ("wrong field types", h.cls_factory(h.WrongTypes), "FAIL", "schema"),
    ("emits nothing", h.cls_factory(h.Silent), "FAIL", "no terminal event"),
]


@pytest.mark.parametrize(("name", "factory", "verdict", "text"), CASES, ids=[c[0] for c in CASES])
def test_hostile_adapter_gets_a_verdict(name: str, factory: Any, verdict: str, text: str,
                                        corpus: list[Scenario]) -> None:
    scenario = next(s for s in corpus if s.id == "text.basic.001")
    result = run_case(factory, scenario, "v3", FAST)
    report = result.reason + "\n" + result.describe() + "\n" + " ".join(f.source for f in result.findings)
    assert result.verdict == verdict, report
    assert text in report, report


def test_hostile_adapters_leave_no_worker_blocking_the_suite(corpus: list[Scenario]) -> None:
    """After an abandoned case the suite goes on: the next case runs normally."""
    from conformance.reference import agui

    scenario = next(s for s in corpus if s.id == "text.basic.001")
    before = set(threading.enumerate())  # earlier tests in this process may have left threads of their own
    run_case(h.cls_factory(h.BlocksEventLoop), scenario, "v3", FAST)
    assert run_case(agui, scenario, "v3", FAST).verdict == "PASS"
    # Abandoned workers are daemon threads: they cannot keep the interpreter alive.
    assert all(t.daemon for t in set(threading.enumerate()) - before)


def test_at_least_ten_hostile_adapters() -> None:
    assert len(CASES) >= 10


def test_an_adapter_that_raises_gets_its_traceback_in_the_verdict(corpus: list[Scenario]) -> None:
    """An ERROR names where the adapter raised, not only what (the report shows it too)."""
    scenario = next(s for s in corpus if s.id == "text.basic.001")
    result = run_case(h.factory_raises, scenario, "v3", FAST)
    assert result.verdict == "ERROR"
    assert "Traceback (most recent call last)" in result.traceback and "factory_raises" in result.traceback
    assert "traceback" in result.describe()


def test_the_record_holds_plain_json_copies_of_what_was_yielded(corpus: list[Scenario]) -> None:
    """A change after the yield reaches nothing, and a non-string key is a string key in the record
    (the snapshot writer and the reports once crashed on it at the end of the session)."""
    import json

    from conformance.execution import execute
    from conformance.snapshot import normalize_events

    scenario = next(s for s in corpus if s.id == "text.basic.001")
    mutated = execute(h.cls_factory(h.MutatesAfterYield), scenario, "v3", FAST)
    assert [e["type"] for e in mutated.events] == ["RUN_STARTED", "RUN_FINISHED"]
    keyed = execute(h.cls_factory(h.NonStringKeys), scenario, "v3", FAST)
    assert keyed.events[0]["1"] == "one" and not keyed.not_json
    json.dumps(normalize_events(list(keyed.events)), sort_keys=True)  # sort_keys raised on mixed keys


def test_the_capability_probe_is_bounded_in_time() -> None:
    """A factory that blocks once hung the suite before any output: the probe gives up and says nothing."""
    import time

    from conformance.session import probe_capabilities

    began = time.monotonic()
    assert probe_capabilities(lambda ctx: time.sleep(30), timeout=0.2) is None
    assert time.monotonic() - began < 25  # the factory sleeps 30 s: the probe did not wait for it
    assert probe_capabilities(h.factory_exits) is None  # SystemExit stays in the probe's thread


def test_a_grader_failure_is_that_cases_error_and_the_session_goes_on(
        corpus: list[Scenario], monkeypatch: pytest.MonkeyPatch) -> None:
    """Any exception inside grading (here a check that raises) is an ERROR naming it, with its traceback."""
    import conformance.grading as grading

    def broken_check(ctx: object) -> list[object]:
        raise RuntimeError("a check's own defect")

    monkeypatch.setattr(grading, "CHECKS", (broken_check,))
    from conformance.reference import agui

    scenario = next(s for s in corpus if s.id == "text.basic.001")
    result = run_case(agui, scenario, "v3", FAST)
    assert result.verdict == "ERROR" and "RuntimeError: a check's own defect" in result.reason
    assert "broken_check" in result.traceback


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")], ids=["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_in_an_event_fail_the_schema_row(value: float, corpus: list[Scenario]) -> None:
    """Python's json writes them, JavaScript's JSON.parse refuses them: they once passed with no finding."""
    from collections.abc import AsyncIterator

    from conformance.contract import RunRequest

    class Writes(h._Base):
        async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
            yield h._started(request)
            yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id,
                   "result": {"score": [1.0, value]}}

    scenario = next(s for s in corpus if s.id == "text.basic.001")
    result = run_case(h.cls_factory(Writes), scenario, "v3", FAST)
    flagged = [f for f in result.findings if f.row == "schema.event" and "NaN and Infinity are not JSON" in f.message]
    assert result.verdict == "FAIL" and flagged, result.describe()
