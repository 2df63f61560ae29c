"""``--adapter-isolation=process``, the default: an adapter cannot grade itself.

The cheaters (tests/cheaters.py) emit only RUN_STARTED and RUN_FINISHED and reach into the
suite to make that pass. In process they do: that is the trust the in-process mode asks for
(README, "What the in-process mode trusts"), shown here so it stays documented. In a worker
process the same adapters FAIL or ERROR. ``--adapter-cmd``, ``--adapter-url`` and the worker
are sent nothing of the expected output: every message sent for the whole corpus is recorded
and searched for canaries planted in the expected transcripts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

import conformance.grading as grading
from conformance.contract import AdapterContext
from conformance.reference import agui, openai_http
from conformance.runner import Settings, run_case
from conformance.targets.agui_endpoint import PATH, ThreadedApp
from conformance.targets.cmd import CmdTarget, HarnessProcess
from conformance.targets.isolated import isolated_target
from conformance.targets.url import UrlTarget
from mock_provider.scenario import Scenario
from mock_provider.transcript import ErrorRecord
from tests import cheaters

ROOT = Path(__file__).resolve().parent.parent
CHEATERS = ["through_the_model", "through_gc", "through_frames", "patches_the_grader"]
# A worker's round trips on a busy machine; the in-process runs need far less.
SLOW = Settings(timeout=10.0, grace=10.0)


def basic(corpus: list[Scenario]) -> Scenario:
    """A private copy of text.basic.001: a cheater that rewrites it spoils no other test."""
    return next(s for s in corpus if s.id == cheaters.CHEAT_ON).model_copy(deep=True)


def worker(name: str) -> CmdTarget:
    return isolated_target(f"tests.cheaters:{name}", search=(ROOT,), start_timeout=30, case_timeout=SLOW.timeout)


@pytest.mark.parametrize("name", CHEATERS)
def test_a_cheater_passes_in_process_and_fails_in_isolation(
        name: str, corpus: list[Scenario], monkeypatch: pytest.MonkeyPatch) -> None:
    checks = grading.CHECKS
    monkeypatch.setattr(grading, "CHECKS", checks)  # restored after the grader-patching cheater
    factory = getattr(cheaters, name)
    honest = run_case(cheaters.cheater(cheaters._Lazy), basic(corpus), "v3", SLOW)
    assert honest.verdict == "FAIL"  # the lazy output, graded honestly
    trusted = run_case(factory, basic(corpus), "v3", SLOW)
    assert trusted.verdict == "PASS", trusted.describe()  # the in-process mode's trust, documented
    monkeypatch.setattr(grading, "CHECKS", checks)
    target = worker(name)
    try:
        isolated = run_case(target, basic(corpus), "v3", SLOW)
    finally:
        target.close()
    assert grading.CHECKS is checks
    assert isolated.verdict == "FAIL", isolated.describe()
    assert isolated.failed_rows() == honest.failed_rows()


def test_a_stack_overflow_ends_the_worker_not_the_suite(corpus: list[Scenario]) -> None:
    """The worker dies of SIGSEGV on the case it overflows; the next case runs in a fresh worker."""
    target = isolated_target("tests.cheaters:exhausts_the_stack", search=(ROOT,), start_timeout=30,
                             case_timeout=SLOW.timeout)
    try:
        crashed = run_case(target, basic(corpus), "v3", SLOW)
        after = run_case(target, next(s for s in corpus if s.id == "tool.interleave.001"), "v3", SLOW)
    finally:
        target.close()
    assert crashed.verdict == "ERROR" and "harness exited mid-case (exit code -11)" in crashed.reason, crashed.reason
    assert after.verdict == "PASS", after.describe()
    assert target.starts == 2


def test_in_process_a_stack_overflow_ends_the_suite() -> None:
    """The trust, documented: the same adapter run in process takes the suite's process with it."""
    code = ("from mock_provider.scenario import load_corpus; from conformance.runner import run_case; "
            "from tests.cheaters import exhausts_the_stack; "
            "s = next(s for s in load_corpus() if s.id == 'text.basic.001'); "
            "print(run_case(exhausts_the_stack, s, 'v3').verdict)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == -11 and "ERROR" not in done.stdout, (done.returncode, done.stdout, done.stderr[-500:])


def _pytest(tmp_path: Path, *args: str, adapter: str = "tests.cheaters:ends_the_suite") -> tuple[int, Any, str]:
    """The suite run as a user runs it: its exit status, its conformance.json (None: none) and its output."""
    report = tmp_path / "reports"
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
                           f"--adapter={adapter}", "--dialect=v3", "-k", "text.basic.001",
                           f"--report-dir={report}", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    path = report / "conformance.json"
    return done.returncode, json.loads(path.read_text()) if path.exists() else None, done.stdout + done.stderr


def _gate(report_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "conformance", "gate", str(report_dir / "conformance.json")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.slow
def test_an_adapter_that_ends_the_suite_with_status_0(tmp_path: Path) -> None:
    """``os._exit(0)`` under the default command ends the worker: the case is ERROR, pytest exits 1,
    and the report has the case. In process (the debugging mode) pytest still exits 0, but the
    report it leaves says the run never finished, and the gate refuses it."""
    status, report, _ = _pytest(tmp_path / "default")
    assert status == 1 and report is not None
    [case] = report["cases"]
    assert case["verdict"] == "ERROR" and "harness exited mid-case (exit code 0)" in case["reason"], case
    assert report["run"] == {"status": "complete", "isolation": "process"}
    status, report, _ = _pytest(tmp_path / "trusted", "--adapter-isolation=none")
    assert status == 0 and report is not None  # the trust the debugging mode asks for, documented
    assert report["run"] == {"status": "started", "isolation": "none"} and report["cases"] == []
    gate = _gate(tmp_path / "trusted" / "reports")
    assert gate.returncode == 1 and "never finished (status started)" in gate.stderr, gate.stderr
    md = (tmp_path / "trusted" / "reports" / "conformance.md").read_text()
    assert "**INCOMPLETE**" in md


FORGERS = ["through_the_model", "through_gc", "through_frames", "patches_the_grader", "ends_the_suite",
           "replays_the_corpus"]


@pytest.mark.slow
@pytest.mark.parametrize("name", FORGERS)
def test_a_forger_fails_under_the_default_command(name: str, tmp_path: Path) -> None:
    """Each forges a PASS in process (rewrites the expectation, empties the checks, ends the suite with
    status 0, or replays the public corpus); the plain ``pytest --adapter=...`` gives it FAIL or ERROR,
    a non-zero exit, and a report that the gate refuses."""
    status, report, output = _pytest(tmp_path, adapter=f"tests.cheaters:{name}")
    assert status == 1, output[-2000:]
    assert report is not None and report["run"] == {"status": "complete", "isolation": "process"}
    [case] = report["cases"]
    assert case["verdict"] in ("FAIL", "ERROR"), case
    if name == "replays_the_corpus":
        assert "upstream.read" in case["failed_rows"], case  # its events are the reference's: only the upstream knows
    assert _gate(tmp_path / "reports").returncode == 1


@pytest.mark.slow
def test_every_report_names_the_isolation(tmp_path: Path) -> None:
    """The terminal header, conformance.json, .md, .html and the JUnit properties say where the adapter ran."""
    for mode, shown in (("process", "isolation `process`"), ("none", "isolation `none (in the suite's process")):
        where = tmp_path / mode
        junit = where / "junit.xml"
        args = [f"--junitxml={junit}"] + ([f"--adapter-isolation={mode}"] if mode == "none" else [])
        status, report, output = _pytest(where, *args, adapter="conformance.reference:agui")
        assert status == 0 and report is not None, output[-2000:]
        assert report["run"] == {"status": "complete", "isolation": mode}
        assert report["versions"]["kit"] and report["adapter"]["spec"] == "conformance.reference:agui"
        assert f"conformance: adapter conformance.reference:agui · isolation {mode} · kit" in output
        assert ("WARNING: the adapter runs in this process" in output) == (mode == "none")
        assert shown in (where / "reports" / "conformance.md").read_text()
        assert 'id="conformance-isolation">' + mode in (where / "reports" / "conformance.html").read_text()
        assert f'<property name="conformance_isolation" value="{mode}"' in junit.read_text()
    gate = _gate(tmp_path / "none" / "reports")
    assert gate.returncode == 1 and "isolation none" in gate.stderr  # a passing in-process run is no gate's PASS
    assert _gate(tmp_path / "process" / "reports").returncode == 0


# ---------------------------------------------------------------- the plugin
def test_isolation_from_the_ini_file_and_a_bad_value(pytester: pytest.Pytester) -> None:
    pytester.makeini(f"[pytest]\nconformance_adapter_isolation = process\nconformance_dialect = v3\n"
                     f"pythonpath = {ROOT}\n")
    result = pytester.runpytest_inprocess("--adapter=tests.cheaters:patches_the_grader", "-k", "text.basic.001",
                                          "-q", "--no-report")
    result.assert_outcomes(failed=1)  # the grader the cheater patched is the worker's, not this one
    assert grading.CHECKS != ()
    bad = pytester.runpytest_inprocess("--adapter=conformance.reference:agui", "--adapter-isolation=thread")
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    bad.stderr.fnmatch_lines(["*--adapter-isolation must be one of process, none (got 'thread')*"])


def test_a_worker_that_cannot_import_the_adapter_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_inprocess("--adapter=no_such_module_x:f")  # process isolation: the default
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*harness did not start*", "*cannot import adapter module 'no_such_module_x'*"])


def test_the_reference_adapter_gets_the_same_verdicts_in_isolation(corpus: list[Scenario]) -> None:
    target = isolated_target("conformance.reference:agui", start_timeout=30, case_timeout=SLOW.timeout)
    try:
        ids = ("text.basic.001", "tool.interleave.001", "abort.mid-text.001", "http.429.001")
        for s in (x for x in corpus if x.id in ids):
            remote, local = run_case(target, s, "v4", SLOW), run_case(agui, s, "v4", SLOW)
            assert (remote.verdict, remote.events) == (local.verdict, local.events), remote.describe()
        assert target.starts == 1
    finally:
        target.close()


def test_the_worker_keeps_the_adapters_prints_off_the_protocol(corpus: list[Scenario]) -> None:
    """The packaged harness writes the protocol to a private copy of stdout: an adapter's print()
    goes to stderr, where it cannot break a line."""
    target = isolated_target("tests.cheaters:chatty", search=(ROOT,), start_timeout=30, case_timeout=SLOW.timeout)
    try:
        result = run_case(target, basic(corpus), "v3", SLOW)
        assert result.verdict == "PASS", result.describe()
        assert target.starts == 1
    finally:
        target.close()
    # The contrast: a harness that shares stdout with its adapter breaks at the first print.
    shared = CmdTarget(f"{sys.executable} {ROOT / 'examples' / 'harness_python.py'} tests.cheaters:chatty",
                       start_timeout=30)
    try:
        broken = run_case(shared, basic(corpus), "v3", SLOW)
    finally:
        shared.close()
    assert broken.verdict == "ERROR" and "not a JSON object: 'chatty: building the adapter'" in broken.reason


# ---------------------------------------------------------------- nothing of the expected output is sent
def _planted(corpus: list[Scenario]) -> list[Scenario]:
    """The corpus, each expected transcript carrying a canary no request or script has."""
    out = []
    for s in corpus:
        copy = s.model_copy(deep=True)
        canary = f"EXPECTED-ONLY-{s.id}"
        copy.expected = copy.expected.model_copy(update={
            "text": copy.expected.text + canary, "reasoning": canary, "model": canary,
            "error": ErrorRecord(message=canary, code=canary)})
        copy.expected_by_dialect = {d: {**o, "model": canary} for d, o in copy.expected_by_dialect.items()}
        out.append(copy)
    return out


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bytes]]:
    """Every line the suite sends to any harness process."""
    lines: list[bytes] = []
    send = HarnessProcess.send

    def recording(self: HarnessProcess, message: Any) -> None:
        lines.append(message.line())
        send(self, message)

    monkeypatch.setattr(HarnessProcess, "send", recording)
    yield lines


@pytest.mark.slow
def test_a_harness_is_sent_nothing_of_the_expected_output(corpus: list[Scenario], recorded: list[bytes]) -> None:
    planted = _planted(corpus)
    part = CmdTarget(f"{sys.executable} {ROOT / 'examples' / 'harness_python.py'}", start_timeout=30)
    http = CmdTarget(f"{sys.executable} {ROOT / 'examples' / 'harness_python.py'} conformance.reference:openai_http",
                     start_timeout=30)
    settings = Settings(timeout=10.0)
    try:
        for s in planted:
            run_case(part, s, "v3", settings)
            run_case(http, s, "openai-chat", settings)
    finally:
        part.close()
        http.close()
    sent = b"".join(recorded).decode()
    assert sent.count('"type":"case"') >= len(corpus)  # the recorder saw the cases
    assert "text.basic.001" in sent  # and would see a scenario's id if it were there
    assert "EXPECTED-ONLY-" not in sent


def test_an_endpoint_is_sent_nothing_of_the_expected_output(corpus: list[Scenario]) -> None:
    seen: list[str] = []

    async def record(request: web.Request) -> web.StreamResponse:
        seen.append(json.dumps(dict(request.headers)) + await request.text())
        run = {"threadId": "t", "runId": "r"}
        body = "".join(f"data: {json.dumps({'type': t, **run})}\n\n" for t in ("RUN_STARTED", "RUN_FINISHED"))
        return web.Response(text=body, content_type="text/event-stream")

    app = web.Application()
    app.router.add_post(PATH, record)
    caps = openai_http(AdapterContext(dialect="probe", model=None, scenario_id="probe")).capabilities
    with ThreadedApp(app) as endpoint:
        target = UrlTarget(endpoint.url, capabilities=caps)
        for s in _planted(corpus):
            run_case(target, s, "openai-chat", Settings(timeout=10.0))
    assert len(seen) >= len(corpus) // 2  # the cases it can express reached the endpoint
    assert any("text.basic.001" in m for m in seen)
    assert not [m for m in seen if "EXPECTED-ONLY-" in m]
