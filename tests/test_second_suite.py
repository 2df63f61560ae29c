"""The generated-* cases spread over a second suite process (conformance.second_suite).

Each case is run once, by the child or by the session, under the claims the two share; the session takes
only the child's passes; a child that dies, hangs, or finds a failure leaves the case to the session,
which searches and shrinks it as it does without a child (the reproducer is the same file). Every wait
here is bounded by a count of polls, and nothing is asserted about how long anything took.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conformance import drawn, prefetch, second_suite
from conformance.runner import Settings
from conformance.second_suite import Plan, SecondSuite, first_failure, property_runner, why_not
from conformance.session import probe_capabilities
from tests.mutants import ALL_MUTANTS

ROOT = Path(__file__).resolve().parent.parent
CASES = tuple(("generated-text", dialect) for dialect in ("v2", "v3", "v4", "mastra"))
PLAN = Plan(cases=CASES, features=None, examples=5, seed=None, adapter_name="x")
POLLS = 20_000  # of a millisecond each: a bound, never a figure a test asserts
# A mutant that fails nearly every generated text stream, whatever the dialect (row 8.1.4).
MUTANT = "agui.text-delta-lost"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the second suite is forked, on Linux only")


def _until(check: Callable[[], bool]) -> bool:
    for _ in range(POLLS):
        if check():
            return True
        time.sleep(0.001)
    return False


def _start(run: second_suite.Runner, build: Callable[[], Any] = lambda: None, hang_s: float = 60.0) -> SecondSuite:
    # force: this test process has other threads (pytest-xdist's); the child here runs only what the test gives.
    second = SecondSuite.start(build, run, hang_s=hang_s, force=True)
    assert second is not None
    return second


def test_each_case_is_run_once_by_the_child_from_the_back_or_by_the_session(tmp_path: Path) -> None:
    log, go = tmp_path / "child.log", tmp_path / "go"

    def run(target: Any, plan: Plan, name: str, dialect: str, progress: Callable[[], None]) -> bool:
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(dialect + "\n")
        _until(go.exists)  # holds its first case until the session has claimed the others
        progress()
        return True

    second = _start(run)
    second.begin(PLAN)
    try:
        assert _until(lambda: second.claimed_by_child(*CASES[-1]))
        here = [dialect for name, dialect in CASES[:-1] if not second.passed(name, dialect)]
        go.touch()
        last = second.passed(*CASES[-1])
    finally:
        second.close()
    assert here == ["v2", "v3", "v4"]  # claimed by the session: the child ran none of them
    assert second.word(*CASES[-1]) == "passed" and second.word(*CASES[0]) is None
    assert last is True and log.read_text(encoding="utf-8").split() == ["mastra"]
    assert (second.taken, second.returned, second.child_runs()) == (1, 0, 1)


def test_a_child_ahead_of_the_session_runs_every_case_and_the_session_none(tmp_path: Path) -> None:
    def run(target: Any, plan: Plan, name: str, dialect: str, progress: Callable[[], None]) -> bool:
        progress()
        return True

    second = _start(run)
    second.begin(PLAN)
    try:
        assert _until(lambda: second.child_runs() == len(CASES))
        assert [second.passed(*case) for case in CASES] == [True] * len(CASES)
    finally:
        second.close()
    assert (second.taken, second.returned) == (len(CASES), 0)


def test_a_child_that_dies_leaves_its_case_to_the_session() -> None:
    def run(target: Any, plan: Plan, name: str, dialect: str, progress: Callable[[], None]) -> bool:
        os._exit(3)

    second = _start(run)
    second.begin(PLAN)
    try:
        assert _until(lambda: second.claimed_by_child(*CASES[-1]))
        assert [second.passed(*case) for case in CASES] == [False] * len(CASES)
        assert not second.alive()
        assert second.word(*CASES[-1]) is None  # claimed, never answered
    finally:
        second.close()
    assert (second.taken, second.returned) == (0, 1)


def test_a_child_that_hangs_is_killed_and_its_case_left_to_the_session() -> None:
    def run(target: Any, plan: Plan, name: str, dialect: str, progress: Callable[[], None]) -> bool:
        _until(lambda: False)  # no run, no word: stuck as far as the session can tell
        return True

    second = _start(run, hang_s=0.2)
    second.begin(PLAN)
    try:
        assert _until(lambda: second.claimed_by_child(*CASES[-1]))
        assert not second.passed(*CASES[-1])
        assert not second.alive()  # killed, not left running beside the session
        assert [second.passed(*case) for case in CASES[:-1]] == [False] * 3
    finally:
        second.close()
    assert (second.taken, second.returned) == (0, 1)


def test_a_failure_the_child_finds_is_the_sessions_to_search() -> None:
    factory = {m.name: m for m in ALL_MUTANTS}[MUTANT].factory
    plan = Plan(cases=(("generated-text", "v3"),), features=None, examples=20, seed=None, adapter_name=MUTANT)
    second = _start(property_runner(Settings()), build=lambda: factory)
    second.begin(plan)
    try:
        assert _until(lambda: second.claimed_by_child("generated-text", "v3"))
        assert not second.passed("generated-text", "v3")
    finally:
        second.close()
    assert second.returned == 1 and second.child_runs() >= 1
    assert second.word("generated-text", "v3") == "failed"
    met = first_failure(factory, "generated-text", "v3", examples=20, seed=None, settings=Settings(), features=None,
                        adapter_name=MUTANT)
    assert met is not None and "8.1.4" in met[1].failed_rows()  # what the child met, met again here


def test_no_child_without_fork_on_one_core_or_beside_another_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(target: Any, plan: Plan, name: str, dialect: str, progress: Callable[[], None]) -> bool:
        return True

    monkeypatch.setattr(second_suite, "_cores", lambda: 1)
    assert why_not() == "one core"
    assert SecondSuite.start(lambda: None, run, hang_s=1.0) is None
    monkeypatch.setattr(second_suite, "_cores", lambda: 2)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert why_not() == "the process already has another thread"
        assert SecondSuite.start(lambda: None, run, hang_s=1.0) is None
    finally:
        stop.set()
        other.join()
    monkeypatch.setattr(sys, "platform", "darwin")
    assert why_not() == "no fork on this platform"
    assert SecondSuite.start(lambda: None, run, hang_s=1.0, force=True) is None


ALONE = '''
import json
from conformance.properties import search
from tests.mutants import ALL_MUTANTS
factory = {{m.name: m for m in ALL_MUTANTS}}[{mutant!r}].factory
found = search(factory, "generated-text", "v3", features={features!r}, adapter_name="mutant_adapter:factory")
print(json.dumps(found and found.yaml()))
'''

PROBE = '''
import json, time

def _second(config):
    from conformance.second_suite_hooks import SECOND_KEY
    return config.stash.get(SECOND_KEY, None)

def pytest_runtest_setup(item):
    second = _second(item.config)
    case = getattr(getattr(item, "callspec", None), "params", {}).get("conformance_property")
    if second is not None and case is not None:
        for _ in range(20000):  # the session reaches the case only once the child has claimed it
            if second.claimed_by_child(*case):
                break
            time.sleep(0.001)

def pytest_unconfigure(config):
    second = _second(config)
    with open("second.json", "w") as fh:
        json.dump(second and {"taken": second.taken, "returned": second.returned, "runs": second.child_runs(),
                              "word": second.word("generated-text", "v3")}, fh)
'''


@pytest.mark.slow  # two shrink searches (through the plugin, then alone), as the plugin's own generated test
def test_a_failing_adapter_is_searched_and_shrunk_by_the_session_through_the_plugin(tmp_path: Path) -> None:
    """The main job's road (a worker per suite process): the child meets the failure first, and the failing
    case, its reproducer and its message are the session's own search, the file the search gives alone."""
    mutant = {m.name: m for m in ALL_MUTANTS}[MUTANT]
    caps = probe_capabilities(mutant.factory)
    features = caps.features if caps else None
    assert drawn.available(prefetch.key_for("generated-text", features, 100, None))  # else no plan is sent
    (tmp_path / "mutant_adapter.py").write_text(
        f"from tests.mutants import ALL_MUTANTS\nfactory = {{m.name: m for m in ALL_MUTANTS}}[{MUTANT!r}].factory\n",
        encoding="utf-8")
    (tmp_path / "probe_second.py").write_text(PROBE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)])}
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "probe_second", "-p", "no:cacheprovider", "-q",
                          "--adapter=mutant_adapter:factory", "-k", "generated-text-v3", "--reproducer-dir=repro",
                          "--conformance-no-report"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 1, run.stdout[-3000:] + run.stderr[-3000:]
    assert "1 failed" in run.stdout
    counts = json.loads((tmp_path / "second.json").read_text(encoding="utf-8"))
    assert counts is not None and counts["returned"] == 1 and counts["taken"] == 0 and counts["runs"] >= 1
    assert counts["word"] == "failed"  # the child met the failure; the session searched it again
    [path] = list((tmp_path / "repro").glob("*.yaml"))
    # The search alone, in a fresh interpreter as the plugin's run was: in an xdist worker that had run other tests
    # first, this in-process search once ran past 15 minutes (10 s in a subprocess), and what a search finds must
    # not depend on what the process ran before it.
    wanted = None if features is None else sorted(features)
    alone = subprocess.run([sys.executable, "-c", ALONE.format(mutant=MUTANT, features=wanted)], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=600)
    assert alone.returncode == 0, alone.stderr[-3000:]
    assert path.read_text(encoding="utf-8") == json.loads(alone.stdout.strip().splitlines()[-1])


@pytest.mark.slow  # a pytest run of the twelve generated cases per isolation
@pytest.mark.parametrize("isolation", ["process", "none"])
def test_the_reference_passes_with_cases_run_by_both_processes(tmp_path: Path, isolation: str) -> None:
    """Both isolations: the child's passes are taken (the session waits at each case until the child has
    claimed it or the session has), nothing is run twice, and the twelve cases pass."""
    (tmp_path / "probe_second.py").write_text(PROBE.replace('"generated-text", "v3"', '"generated-mixed", "mastra"'),
                                              encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)])}
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "probe_second", "-p", "no:cacheprovider", "-q",
                          "--adapter=conformance.reference:agui", f"--adapter-isolation={isolation}",
                          "-k", "generated", "--conformance-no-report"], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0 and "12 passed" in run.stdout, run.stdout[-3000:] + run.stderr[-3000:]
    counts = json.loads((tmp_path / "second.json").read_text(encoding="utf-8"))
    # The session reached its first case only once the child had claimed it: every case is the child's.
    assert counts == {"taken": 12, "returned": 0, "runs": 1200, "word": "passed"}
