"""Twenty hostile in-process adapters of new kinds (tests/hostile_more.py), and the process-wide bounds.

Each case gets a verdict with a reason within its time bound, and the suite's process is as it
was for the next case (recursion limit, working directory, sys.stdout). Leaked non-daemon
threads and an adapter that prints 300 MB are run through the plugin in a subprocess: the
suite exits, its reports hold the case, and pytest's output stays small.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.reference import agui
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario
from tests import hostile_more as hm
from tests.hostile import cls_factory

ROOT = Path(__file__).resolve().parent.parent
FAST = Settings(timeout=0.5, grace=0.5, max_events=500, max_event_bytes=1_000_000)
NOT_JSON = "event is not a JSON object"
ADAPTER_RAISED = "the adapter raised: "

KINDS: list[tuple[type, str, str]] = [
    # (adapter, verdict, text the reason or findings must hold)
    (hm.NeverYields, "ERROR", "no terminal within 0.5s (the adapter hung; 0 events so far)"),
    (hm.YieldsBytes, "FAIL", NOT_JSON),
    (hm.HostileDunders, "FAIL", NOT_JSON),
    (hm.DictSubclassRaises, "FAIL", NOT_JSON),
    (hm.HugeString, "FAIL", "event exceeds the size limit"),
    (hm.ReprBomb, "FAIL", NOT_JSON),
    (hm.DeepNesting, "FAIL", NOT_JSON),
    (hm.YieldsNone, "FAIL", NOT_JSON),
    (hm.ExceptionStrRaises, "ERROR", ADAPTER_RAISED + "_Unprintable (its message could not be read)"),
    (hm.RaisesKeyboardInterrupt, "ERROR", ADAPTER_RAISED + "KeyboardInterrupt"),
    (hm.RaisesStopAsyncIteration, "ERROR", ADAPTER_RAISED + "RuntimeError: async generator raised StopAsyncIteration"),
    (hm.CancelsItself, "ERROR", ADAPTER_RAISED + "CancelledError"),
    (hm.StopsTheLoop, "ERROR", ADAPTER_RAISED + "RuntimeError: Event loop stopped before Future completed"),
    (hm.LowersRecursionLimit, "FAIL", "note: the adapter changed the recursion limit"),
    (hm.ChangesDirectory, "FAIL", "note: the adapter changed the working directory"),
    (hm.HugeInteger, "FAIL", NOT_JSON),
    (hm.RefusesToClose, "ERROR", "its thread was stopped"),
    (hm.AnextNotAwaitable, "ERROR", ADAPTER_RAISED + "TypeError: 'async for' received an invalid object"),
    (hm.CapabilitiesPropertyRaises, "ERROR", "the adapter factory failed: RuntimeError: capabilities are not ready"),
    (hm.LeaksThread, "FAIL", "note: the adapter left 1 non-daemon thread(s) running (adapter-leaked-worker)"),
]


@pytest.fixture
def release_leaked_threads() -> Iterator[None]:
    hm.LeaksThread.RELEASE = threading.Event()
    yield
    hm.LeaksThread.RELEASE.set()


@pytest.mark.parametrize(("adapter", "verdict", "text"), KINDS, ids=[k[0].__name__ for k in KINDS])
def test_a_hostile_adapter_gets_a_verdict_and_leaves_the_process_as_it_was(
        adapter: type, verdict: str, text: str, corpus: list[Scenario], release_leaked_threads: None) -> None:
    scenario = next(s for s in corpus if s.id == "text.basic.001")
    cwd, limit, stdout = os.getcwd(), sys.getrecursionlimit(), sys.stdout
    began = time.monotonic()
    result = run_case(cls_factory(adapter), scenario, "v3", FAST)
    elapsed = time.monotonic() - began
    report = result.reason + "\n" + result.describe()
    assert result.verdict == verdict, report
    assert text in report, report
    assert (os.getcwd(), sys.getrecursionlimit(), sys.stdout) == (cwd, limit, stdout)
    # The case's bound (timeout + grace), the close wait, and a busy machine's slack.
    assert elapsed < FAST.timeout + FAST.grace + 1.0 + 5.0, elapsed
    assert run_case(agui, scenario, "v3", FAST).verdict == "PASS"  # the next case runs normally


def test_twenty_new_kinds() -> None:
    assert len({k[0] for k in KINDS}) == len(hm.ALL) == 20


def _pytest(tmp_path: Path, adapter: str, isolation: str = "none") -> tuple[subprocess.CompletedProcess[str], Any]:
    report = tmp_path / "reports"
    # In process by default: these adapters attack the suite's own process (its threads, its stdout).
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
                           f"--adapter={adapter}", f"--adapter-isolation={isolation}", "--dialect=v3", "-k",
                           "text.basic.001 or tool.interleave.001",
                           f"--report-dir={report}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    path = report / "conformance.json"
    return done, json.loads(path.read_text()) if path.exists() else None


def test_a_thread_the_adapter_leaves_running_does_not_hold_the_suites_exit(tmp_path: Path) -> None:
    """The thread waits forever; the suite reports it, writes its reports and exits with pytest's status."""
    done, report = _pytest(tmp_path, "tests.hostile_more:leaks_forever")
    assert done.returncode == 1, done.stdout[-2000:]  # the lazy adapter fails its cases; it is not stuck
    assert "conformance warning: adapter thread 'adapter-forever' (left running by text.basic.001[v3])" in done.stdout
    assert report is not None and len(report["cases"]) == 2
    assert "non-daemon thread(s) running (adapter-forever)" in report["cases"][0]["reason"]


def test_a_thread_the_adapter_leaves_running_in_the_worker_is_named_and_does_not_hold_the_exit(
        tmp_path: Path) -> None:
    """The same adapter in a worker process (the default isolation): the worker says which thread the
    case left running, the case's reason and the terminal name it, and the suite ends the worker."""
    done, report = _pytest(tmp_path, "tests.hostile_more:leaks_forever", isolation="process")
    assert done.returncode == 1, done.stdout[-2000:]
    assert report is not None and report["run"]["status"] == "complete" and len(report["cases"]) == 2
    note = "non-daemon thread(s) running (adapter-forever) in the worker process"
    assert note in report["cases"][0]["reason"], report["cases"][0]["reason"]
    assert f"conformance warning: text.basic.001[v3]: the adapter left 1 {note}" in done.stdout, done.stdout[-2000:]


def test_an_adapter_that_prints_300_mb_does_not_bloat_the_output(tmp_path: Path) -> None:
    done, report = _pytest(tmp_path, "tests.hostile_more:prints_a_lot")
    assert done.returncode == 1
    assert len(done.stdout) + len(done.stderr) < 2_000_000, len(done.stdout)
    printed = 300 * len("adapter log " + "z" * (1 << 20) + "\n")  # what PrintsALot writes
    assert f"note: the adapter printed {printed:,} characters to stdout; the first 65,536 are kept" in done.stdout
    assert report is not None and "the first 65,536 are kept" in report["cases"][0]["reason"]


def test_an_adapter_that_closes_stdout_keeps_every_case_in_the_reports(tmp_path: Path) -> None:
    """Closing ``sys.stdout`` once closed pytest's own capture: every later case was an ERROR in
    setup and the reports kept 1 of 3 cases."""
    report = tmp_path / "reports"
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "--adapter=tests.hostile_more:closes_stdout", "--adapter-isolation=none",
                           "--dialect=v3", "-k",
                           "text.basic.001 or text.blocks.001 or tool.interleave.001",
                           f"--conformance-report-dir={report}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "I/O operation on closed file" not in done.stdout + done.stderr, done.stdout[-3000:]
    assert done.returncode == 1 and "3 failed" in done.stdout, done.stdout[-3000:]  # FAILs, not ERRORs
    cases = json.loads((report / "conformance.json").read_text())["cases"]
    assert sorted(c["case"] for c in cases) == ["text.basic.001[v3]", "text.blocks.001[v3]", "tool.interleave.001[v3]"]
    assert all("note: the adapter closed sys.stdout" in c["reason"] for c in cases), [c["reason"] for c in cases]


def test_a_closed_stdout_is_the_adapters_view_only(corpus: list[Scenario]) -> None:
    scenario = next(s for s in corpus if s.id == "text.basic.001")
    stdout = sys.stdout
    result = run_case(cls_factory(hm.ClosesStdout), scenario, "v3", FAST)
    assert sys.stdout is stdout and not stdout.closed
    assert "note: the adapter closed sys.stdout; the suite's stream was kept open" in result.reason, result.reason


def test_runaway_recursion_is_ended_by_the_cases_bound(corpus: list[Scenario]) -> None:
    """Recursion at a raised limit once made a 5 s case take 24 s, then (abandoned, at a limit of
    10**7) took the process's memory while the report was built: now the runner stops the case's
    thread at its bound, and the limit the adapter raised is put back before grading. The thread's
    end is checked, not a duration."""
    scenario = next(s for s in corpus if s.id == "text.basic.001")
    limit = sys.getrecursionlimit()
    hm.RECURSION_DONE.clear()
    hm.RECURSION_THREADS.clear()
    try:
        result = run_case(cls_factory(hm.RunawayRecursion), scenario, "v3", FAST)
        [thread] = hm.RECURSION_THREADS
        alive_after_the_case = thread.is_alive()
    finally:
        hm.RECURSION_DONE.set()
    assert result.verdict == "ERROR" and "blocked its event loop" in result.reason, result.reason
    assert "its thread was stopped" in result.reason and not alive_after_the_case, result.reason
    assert "note: the adapter changed the recursion limit" in result.reason and sys.getrecursionlimit() == limit
