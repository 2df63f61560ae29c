"""A transport target's case runs on the caller's thread and loop; an in-process adapter's in a thread of its own.

The thread bounds an adapter that blocks its loop; behind a transport the adapter is in another
process, so the runner plays the case on the calling thread's loop (``runs_elsewhere``) and gets the
same verdict and events as the in-process run.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from conformance import execution
from conformance.reference import agui
from conformance.runner import Settings, run_case
from conformance.targets.isolated import isolated_target
from mock_provider.scenario import Scenario

SLOW = Settings(timeout=10.0, grace=10.0)


def test_a_worker_case_runs_on_the_callers_thread(corpus: list[Scenario], monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[threading.Thread] = []
    real = execution._drive

    def spy(*args: Any) -> None:
        threads.append(threading.current_thread())
        real(*args)

    monkeypatch.setattr(execution, "_drive", spy)
    scenario = next(s for s in corpus if s.id == "tool.interleave.001")
    target = isolated_target("conformance.reference:agui", start_timeout=30, case_timeout=SLOW.timeout)
    try:
        remote = [run_case(target, scenario, "v3", SLOW) for _ in range(2)]
    finally:
        target.close()
    local = run_case(agui, scenario, "v3", SLOW)
    assert threads[:2] == [threading.current_thread()] * 2
    assert threads[2] is not threading.current_thread()  # in process: the case's own thread
    for r in remote:
        assert (r.verdict, r.events) == (local.verdict, local.events), r.describe()
