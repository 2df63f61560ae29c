"""``--adapter-cmd``: adapters behind the sac-harness/1 stdio protocol (conformance.targets.cmd).

The Python reference harness (examples/harness_python.py) must get the verdicts and events the
in-process reference gets, case for case; hostile harnesses must get ERROR with a reason, and
the suite must go on (restarting the process) without hanging.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conformance import execution
from conformance.contract import AdapterContext
from conformance.reference import agui, openai_http
from conformance.runner import Settings, run_case
from conformance.session import ConformanceSession, probe_capabilities
from conformance.targets.cmd import CmdTarget
from conformance.targets.protocol import (
    AbortMessage,
    CaseMessage,
    ProtocolViolation,
    parse_harness_line,
    parse_suite_line,
    schema,
)
from mock_provider.scenario import PART_DIALECTS, Scenario

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
REFERENCE = f"{PY} {ROOT / 'examples' / 'harness_python.py'}"
HOSTILE = f"{PY} {ROOT / 'tests' / 'harnesses' / 'hostile_harness.py'}"


def by_id(corpus: list[Scenario], *ids: str) -> list[Scenario]:
    """The scenarios named, in the order named."""
    index = {s.id: s for s in corpus}
    return [index[i] for i in ids]


@pytest.fixture
def reference_target() -> Iterator[CmdTarget]:
    target = CmdTarget(REFERENCE, start_timeout=20, case_timeout=10)
    yield target
    target.close()


def hostile(mode: str, **kw: float) -> CmdTarget:
    return CmdTarget(f"{HOSTILE} {mode}", start_timeout=kw.get("start", 5.0), case_timeout=kw.get("case", 2.0),
                     max_line_bytes=int(kw.get("max_line", 16 * 1024 * 1024)))


# ---------------------------------------------------------------- protocol models
def test_harness_lines_are_validated_with_the_field_named() -> None:
    assert parse_harness_line(b'{"type":"event","case":"a[v3]","event":{"type":"RUN_STARTED"}}').event == {
        "type": "RUN_STARTED"}
    with pytest.raises(ProtocolViolation, match=r"error\.message: Field required"):
        parse_harness_line(b'{"type":"error","case":"a[v3]"}')
    with pytest.raises(ProtocolViolation, match="unknown message type 'bogus'"):
        parse_harness_line(b'{"type":"bogus"}')
    with pytest.raises(ProtocolViolation, match="not a JSON object"):
        parse_harness_line(b"[1]")
    with pytest.raises(ProtocolViolation, match=r"capabilities\.capabilities\.inputs"):
        parse_harness_line(b'{"type":"capabilities","protocol":"sac-harness/1",'
                           b'"capabilities":{"name":"x","inputs":[],"output":"ag-ui"}}')


def test_suite_messages_round_trip_and_the_schema_covers_both_directions() -> None:
    line = AbortMessage(case="a[v3]").line()
    assert line == b'{"type":"abort","case":"a[v3]"}\n'
    assert parse_suite_line(line) == AbortMessage(case="a[v3]")
    s = schema()
    names = json.dumps(s)
    for kind in ("hello", "case", "part", "parts-end", "parts-error", "abort", "capabilities", "event", "end",
                 "error", "pull", "parts-abort", "abort-ack", "modalities"):
        assert f'"const": "{kind}"' in names, kind
    msg = CaseMessage.model_validate({"type": "case", "case": "a[openai-chat]", "dialect": "openai-chat",
                                      "request": {"model": "m", "messages": [], "thread_id": "t", "run_id": "r"},
                                      "upstream": {"mode": "http", "base_url": "http://x", "model_id": "scenario:a",
                                                   "headers": {"X-Mock-Scope": "s"}}})
    assert msg.upstream.mode == "http"


def test_the_committed_schema_is_current() -> None:
    committed = json.loads((ROOT / "docs" / "adapter-protocol.schema.json").read_text())
    assert committed == schema(), "run: python -m conformance.targets.protocol > docs/adapter-protocol.schema.json"


# ---------------------------------------------------------------- the reference harness
def test_capabilities_come_from_the_handshake(reference_target: CmdTarget) -> None:
    caps = probe_capabilities(reference_target)
    assert caps is not None and caps == agui(AdapterContext(dialect="v3", model=None, scenario_id="x")).capabilities
    assert reference_target.starts == 1


@pytest.mark.slow
def test_the_reference_harness_grades_like_the_in_process_reference(
        corpus: list[Scenario], reference_target: CmdTarget) -> None:
    """Every case of the corpus in every part dialect: same verdict, axes and events.

    Cases with a model's catalogue entry too: the harness gets it in ``model_info`` and reports the
    adapter's ``input_modalities`` in a ``modalities`` message (row request.modalities).
    """
    settings = Settings(timeout=10)
    differences = []
    for scenario in corpus:
        for dialect in PART_DIALECTS:
            remote = run_case(reference_target, scenario, dialect, settings)
            local = run_case(agui, scenario, dialect, settings)
            if (remote.verdict, remote.content, remote.termination, remote.events) != (
                    local.verdict, local.content, local.termination, local.events):
                differences.append(f"{remote.case_id}: {remote.verdict} vs {local.verdict} {remote.reason[:200]}")
    assert differences == []
    assert reference_target.starts == 1  # one process for the whole corpus
    assert any(s.model_info is not None for s in corpus)  # the modalities row was part of it


# ---------------------------------------------------------------- row request.modalities
MODALITIES = "request.modalities.001"


def test_a_harness_declaring_pdf_unmapped_fails_the_modalities_row_only(corpus: list[Scenario]) -> None:
    name = "agui.pdf-modality-unmapped"
    target = CmdTarget(f"{PY} {ROOT / 'tests' / 'harnesses' / 'mutant_harness.py'} {name}", start_timeout=20,
                       case_timeout=10)
    try:
        [scenario] = by_id(corpus, MODALITIES)
        remote = run_case(target, scenario, "v3")
    finally:
        target.close()
    assert remote.verdict == "FAIL" and remote.failed_rows() == {"request.modalities"}, remote.describe()
    [finding] = [f for f in remote.findings if f.row == "request.modalities"]
    assert "'pdf' is not a TanStack Modality" in finding.message and "missing 'document'" in finding.message


def test_a_harness_that_declares_no_modalities_is_unsupported_on_the_row(corpus: list[Scenario]) -> None:
    target = hostile("no-modalities")
    try:
        modal, plain = (run_case(target, s, "v3") for s in by_id(corpus, MODALITIES, "text.basic.001"))
    finally:
        target.close()
    assert modal.verdict == "UNSUPPORTED" and "input_modalities" in modal.reason, modal.describe()
    assert plain.verdict == "PASS"  # a case without model_info needs no declaration


MALFORMED = [
    ("modalities-not-a-list", "harness protocol violation: modalities.input: Input should be a valid list"),
    ("modalities-not-strings", "harness protocol violation: modalities.input.1: Input should be a valid string"),
    ("modalities-wrong-case", "a 'modalities' message for case 'someone.else.001[v3]' during case "
                              "'request.modalities.001[v3]'"),
    ("modalities-twice", "a second 'modalities' message during case 'request.modalities.001[v3]'"),
]


@pytest.mark.parametrize(("mode", "reason"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_modalities_message_is_error_with_the_reason(
        corpus: list[Scenario], mode: str, reason: str) -> None:
    target = hostile(mode)
    try:
        result = run_case(target, by_id(corpus, MODALITIES)[0], "v3", Settings(timeout=2.0, grace=10.0))
    finally:
        target.close()
    assert result.verdict == "ERROR" and reason in result.reason, result.reason


def test_http_cases_run_through_the_harness_including_aborts(corpus: list[Scenario]) -> None:
    target = CmdTarget(f"{REFERENCE} conformance.reference:openai_http", start_timeout=20, case_timeout=10)
    try:
        ids = ("text.basic.001", "tool.interleave.001", "abort.mid-text.001", "abort.mid-tool.001",
               "fault.stall-abort.001", "http.429.001")
        for scenario in by_id(corpus, *ids):
            remote = run_case(target, scenario, "openai-chat")
            local = run_case(openai_http, scenario, "openai-chat")
            assert (remote.verdict, remote.content, remote.termination) == (
                local.verdict, local.content, local.termination), (remote.describe(), local.describe())
            assert remote.verdict in ("PASS", "INFO"), remote.describe()
    finally:
        target.close()


def test_an_abort_is_timed_from_the_harness_ack(corpus: list[Scenario], monkeypatch: pytest.MonkeyPatch) -> None:
    """Row request.abort counts from when the abort reached the harness's adapter (its abort-ack), stamped on
    the request log's clock, not from when the runner fired it."""
    seen: list[tuple[float, float | None]] = []
    real = execution.abort_reached_adapter

    def spy(abort_at: float, delivered_at: float | None, bound: float) -> float:
        seen.append((abort_at, delivered_at))
        return real(abort_at, delivered_at, bound)

    monkeypatch.setattr(execution, "abort_reached_adapter", spy)
    target = CmdTarget(f"{REFERENCE} conformance.reference:openai_http", start_timeout=20, case_timeout=10)
    try:
        result = run_case(target, by_id(corpus, "abort.mid-text.001")[0], "openai-chat")
    finally:
        target.close()
    assert result.verdict == "PASS", result.describe()
    [(fired, acked)] = seen
    assert acked is not None and acked >= fired


def test_push_flow_harnesses_get_every_part_unasked(corpus: list[Scenario]) -> None:
    target = hostile("push")
    try:
        for scenario in by_id(corpus, "text.basic.001", "tool.interleave.001", "http.429.001", "error.first.001"):
            result = run_case(target, scenario, "v3")
            assert result.verdict == "PASS", result.describe()
        assert target.starts == 1
    finally:
        target.close()


# ---------------------------------------------------------------- hostile harnesses
START_FAILURES = [
    ("exit-at-start", "exited (code 2) before answering hello", "cannot find module 'x'"),
    ("no-hello", "no capabilities within 2.0s of hello", None),
    ("bad-capabilities", "capabilities.capabilities.inputs", None),
]


@pytest.mark.parametrize(("mode", "reason", "stderr"), START_FAILURES, ids=[m[0] for m in START_FAILURES])
def test_a_harness_that_does_not_start_gets_error_on_every_case(
        corpus: list[Scenario], mode: str, reason: str, stderr: str | None) -> None:
    # A start timeout far beyond the bound below: an exit or a bad reply is seen at once, not at the
    # timeout (a hang guard, not a timing: a busy machine is far from a minute).
    target = hostile(mode, start=2.0 if mode == "no-hello" else 600.0)
    try:
        started = time.monotonic()
        assert probe_capabilities(target) is None
        assert time.monotonic() - started < 60
        results = [run_case(target, s, "v3") for s in by_id(corpus, "text.basic.001", "tool.interleave.001")]
        for r in results:
            assert r.verdict == "ERROR"
            assert "harness did not start" in r.reason and reason in r.reason, r.reason
            if stderr:
                assert stderr in r.reason
        assert target.starts == 1  # not retried per case
    finally:
        target.close()


MID_CASE = [
    ("exit-mid-case", "harness exited mid-case (exit code 3)", "giving up on purpose"),
    ("garbage", "harness protocol violation: not a JSON object: 'this is not json'", None),
    ("not-an-object", "not a JSON object: '[1,2,3]'", None),
    ("unknown-type", "unknown message type 'bogus'", None),
    ("wrong-case", "for case 'someone.else.001[v3]' during case 'text.basic.001[v3]'", None),
    ("hang-mid-case", "harness silent: case text.basic.001[v3] not ended within 2.0s", "hanging on purpose"),
    ("huge-line", "a stdout line longer than 65536 bytes", None),
]


@pytest.mark.parametrize(("mode", "reason", "stderr"), MID_CASE, ids=[m[0] for m in MID_CASE])
def test_a_harness_that_breaks_mid_case_gets_error_and_is_restarted(
        corpus: list[Scenario], mode: str, reason: str, stderr: str | None) -> None:
    target = hostile(mode, max_line=65536)
    settings = Settings(timeout=2.0, grace=10.0)  # grace: a slow restart on a busy machine is not a hang
    threads = set(threading.enumerate())
    try:
        started = time.monotonic()
        results = [run_case(target, s, "v3", settings) for s in by_id(corpus, "text.basic.001", "http.429.001")]
        # The suite's own side starts no non-daemon thread (the guard would name it as the adapter's).
        assert not [t.name for t in set(threading.enumerate()) - threads if not t.daemon and t.is_alive()]
        assert time.monotonic() - started < 60  # a hang guard: the bounds are 2 s + 10 s
        first, second = results
        assert first.verdict == "ERROR" and reason in first.reason, first.reason
        if stderr:
            assert "harness stderr" in first.reason and stderr in first.reason
        # An error-terminal scenario still gets ERROR (not a graded "adapter raised").
        assert second.verdict == "ERROR"
        # Killed after the first case, started again for the second; a second case that broke the
        # harness too may already have started the next one in the background.
        assert target.starts == 2 or (target.starts == 3 and "harness" in second.reason)
    finally:
        target.close()


@pytest.mark.parametrize("mode", ["exit-mid-case-on-basic", "hang-on-basic"])
def test_the_case_after_a_crash_or_hang_runs_in_a_fresh_process_and_passes(corpus: list[Scenario], mode: str) -> None:
    target = hostile(mode)
    settings = Settings(timeout=2.0, grace=10.0)  # grace: a slow restart on a busy machine is not a hang
    try:
        first, second = (run_case(target, s, "v3", settings)
                         for s in by_id(corpus, "text.basic.001", "tool.interleave.001"))
        assert first.verdict == "ERROR"
        assert second.verdict == "PASS", second.describe()
        assert target.starts == 2
    finally:
        target.close()


def test_an_error_message_is_graded_like_an_adapter_that_raised(corpus: list[Scenario]) -> None:
    target = hostile("adapter-throws")
    try:
        ok, failing = (run_case(target, s, "v3") for s in by_id(corpus, "text.basic.001", "http.429.001"))
        assert ok.verdict == "ERROR" and "the adapter raised: HarnessAdapterError: TypeError: boom" in ok.reason
        # An error scenario: raising instead of an error event is a FAIL on the scenario's row.
        assert failing.verdict == "FAIL"
        assert any("raised instead of emitting an error event" in f.message for f in failing.findings)
        assert target.starts == 1  # an adapter error is not a harness failure: the process stays
    finally:
        target.close()


def test_a_late_event_is_noted_on_its_own_case_not_charged_to_the_next(corpus: list[Scenario]) -> None:
    """Issue 19: events a harness printed after a case's end were charged to the next case. They carry
    their case id: dropped, and noted on the case they belong to."""
    target = hostile("late-event")
    try:
        session = ConformanceSession.from_factory(target, target.__name__, dialects=["v3"])
        first, second = (session.run(s, "v3") for s in by_id(corpus, "tool.interleave.001", "text.basic.001"))
        assert first.verdict == "PASS", first.describe()
        assert second.verdict == "PASS", second.describe()
        assert "printed 1 message(s) for this case after it had ended (event); dropped" in first.reason
        assert "after it had ended" not in second.reason
        assert target.starts == 1  # a late line is not a reason to restart the harness
    finally:
        target.close()


def test_a_message_for_a_case_never_run_is_still_a_violation(corpus: list[Scenario]) -> None:
    target = hostile("wrong-case")
    try:
        result = run_case(target, by_id(corpus, "text.basic.001")[0], "v3", Settings(timeout=2.0, grace=10.0))
    finally:
        target.close()
    assert result.verdict == "ERROR" and "for case 'someone.else.001[v3]'" in result.reason, result.reason


# ---------------------------------------------------------------- the plugin
def test_the_plugin_runs_adapter_cmd_and_prints_the_matrix(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_inprocess(f"--adapter-cmd={REFERENCE}", "-k", "text.basic or tool.interleave.001",
                                          "-q", "-p", "no:randomly")
    result.assert_outcomes(passed=8)
    result.stdout.fnmatch_lines(["*conformance matrix: cmd:*harness_python.py*", "*8.1.4*MUST*PASS*"])


def test_the_plugin_reads_adapter_cmd_from_the_ini_file(pytester: pytest.Pytester) -> None:
    pytester.makeini(f"[pytest]\nconformance_adapter_cmd = {REFERENCE}\nconformance_dialect = v3\n")
    result = pytester.runpytest_inprocess("-k", "text.basic", "-q")
    result.assert_outcomes(passed=1)


def test_adapter_and_adapter_cmd_together_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_inprocess("--adapter=conformance.reference:agui", f"--adapter-cmd={REFERENCE}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*give one of --adapter, --adapter-cmd, --adapter-url (got --adapter, --adapter-cmd)"])


def test_a_harness_that_does_not_start_fails_every_case_with_the_reason(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_inprocess(f"--adapter-cmd={HOSTILE} exit-at-start", "-k", "text.basic", "-q")
    result.assert_outcomes(failed=4)  # capabilities unknown: every part dialect runs, each ERROR
    result.stdout.fnmatch_lines(["*harness did not start*exited (code 2)*"])


def test_session_counts_one_process_for_many_cases() -> None:
    target = CmdTarget(REFERENCE, start_timeout=20)
    try:
        session = ConformanceSession.from_factory(target, target.__name__, dialects=["v4"])
        assert session.capabilities is not None and session.capabilities.name == "reference-agui"
        for scenario, dialect in session.cases()[:10]:
            session.run(scenario, dialect)
        assert {r.verdict for r in session.results} <= {"PASS", "INFO", "NOT-EXPRESSIBLE"}
        assert target.starts == 1
    finally:
        target.close()


# ---------------------------------------------------------------- checks that need timing
TIMING_MUTANTS = ["agui.exposed-at-input-end", "agui.abort-ignored", "agui.duplicate-terminal",
                  "openai-http.abort-ignored"]


@pytest.mark.slow
@pytest.mark.parametrize("name", TIMING_MUTANTS)
def test_mutants_fail_the_same_rows_behind_the_harness(corpus: list[Scenario], name: str) -> None:
    """Exposure and abort are judged by *when* events come: a mutant must fail them over stdio too."""
    from tests.mutants import ALL_MUTANTS

    mutant = next(m for m in ALL_MUTANTS if m.name == name)
    # Valid inputs only: a contract-breaking scenario grades robustness rows alone, where these never show.
    judged = mutant.targets | mutant.should  # an early exposure alone is SHOULD (hygiene.early-exposure)
    scenarios = [s for s in corpus if set(s.rows) & judged and s.contract is None][:6]
    # A process round trip per part: more time than the in-process mutant needs on a busy machine.
    timeout = max(mutant.timeout, 3.0)
    target = CmdTarget(f"{PY} {ROOT / 'tests' / 'harnesses' / 'mutant_harness.py'} {name}", start_timeout=20,
                       case_timeout=timeout)
    settings = Settings(timeout=timeout, grace=10.0)
    failed_rows: set[str] = set()
    try:
        # Warm-up: the harness's first HTTP request imports and builds its client (seconds on a busy
        # machine), which would eat into the first abort case's short timeout.
        run_case(target, by_id(corpus, "text.basic.001")[0], mutant.dialects[-1], Settings(timeout=30))
        for scenario in scenarios:
            dialect = mutant.dialects[-1]
            remote = run_case(target, scenario, dialect, settings)
            local = run_case(mutant.factory, scenario, dialect, settings)

            def rows(r: object) -> list[str]:
                # request.abort's time bound compares how long the upstream stayed open after the abort
                # with the wall clock: a process round trip on a busy machine can cross it where the
                # in-process run does not. Its step count, and 8.1.22, are compared.
                return sorted({f.row for f in r.findings if f.level == "MUST"  # type: ignore[attr-defined]
                               and not (f.row == "request.abort" and isinstance(f.actual, str))})

            assert (remote.verdict, rows(remote)) == (local.verdict, rows(local)), (remote.describe(), local.describe())
            if remote.verdict in ("FAIL", "PASS-NONSTRICT"):
                failed_rows |= {f.row for f in remote.findings if f.level in ("MUST", "SHOULD")}
    finally:
        target.close()
    assert failed_rows & judged, f"{name} was not caught behind the harness"


def test_a_harness_that_exited_still_has_its_children_killed(tmp_path: Path) -> None:
    """Harness grandchildren outlived the suite: kill() skipped the process group once the harness had exited."""
    import os
    import signal

    from conformance.targets.cmd import HarnessProcess

    pidfile = tmp_path / "child.pid"
    script = ("import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
              f"open({str(pidfile)!r}, 'w').write(str(p.pid))")
    proc = HarnessProcess([sys.executable, "-c", script])
    proc.proc.wait(timeout=30)  # the harness itself has exited; its child sleeps on in the group
    child = int(pidfile.read_text())
    proc.kill()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break  # gone (a zombie of init would still answer; this process is not its parent)
        time.sleep(0.02)
    else:
        os.kill(child, signal.SIGKILL)
        raise AssertionError("the harness's child outlived kill()")


def test_a_harness_that_dies_after_a_case_ended_is_noted_on_that_case_not_the_next(corpus: list[Scenario]) -> None:
    target = hostile("exit-mid-case-on-basic")  # behaves on every case but text.basic.001
    settings = Settings(timeout=2.0, grace=10.0)
    try:
        first_s, second_s = by_id(corpus, "tool.interleave.001", "http.429.001")
        first = run_case(target, first_s, "v3", settings)
        assert first.verdict == "PASS", first.describe()
        proc = target.process()
        proc.proc.kill()  # the death lands after the case ended (a provider's unhandled rejection, say)
        proc.proc.wait()
        second = run_case(target, second_s, "v3", settings)
        assert second.verdict != "ERROR", second.describe()
        assert target.starts == 2
        assert len(target.deaths) == 1
        notes = target.late_notes()
        assert any("after this case ended" in n for n in notes.values()), notes
    finally:
        target.close()


def test_a_death_seen_only_once_the_next_case_was_sent_is_the_previous_cases(corpus: list[Scenario]) -> None:
    """The harness ended its case, then exited with the next case unread (it printed nothing for it).

    The next case never reached the adapter: it runs again on a fresh harness and gets its own
    verdict; the death is a note on the case the harness had ended, not the next case's ERROR.
    """
    target = hostile("exit-on-second-case")  # dies on the second case it is given, before any line
    try:
        session = ConformanceSession.from_factory(target, target.__name__, dialects=["v3"])
        first, second = (session.run(s, "v3") for s in by_id(corpus, "tool.interleave.001", "text.basic.001"))
        assert first.verdict == "PASS", first.describe()
        assert second.verdict == "PASS", second.describe()
        assert target.deaths == ["tool.interleave.001[v3]"]
        assert target.retaken == ["text.basic.001[v3]"]
        assert target.starts == 2
        assert "exited (exit code 5) after this case ended, before it took the next one" in first.reason, first.reason
        assert "dying between cases" in first.reason  # its stderr tail says why
        assert "exited" not in second.reason
    finally:
        target.close()


def test_a_harness_that_dies_on_a_cases_input_before_any_line_still_gets_that_cases_error(
        corpus: list[Scenario]) -> None:
    """Run again on a fresh harness, the case kills it again: the deaths are that case's, none the previous one's."""
    target = hostile("exit-silently-on-basic")
    settings = Settings(timeout=5.0, grace=10.0)
    try:
        first, second, third = (run_case(target, s, "v3", settings)
                                for s in by_id(corpus, "tool.interleave.001", "text.basic.001", "http.429.001"))
        assert first.verdict == "PASS", first.describe()
        assert second.verdict == "ERROR"
        assert "harness exited mid-case (exit code 6)" in second.reason, second.reason
        assert "run again on a fresh harness: it exited again before taking it" in second.reason, second.reason
        assert "this input kills me" in second.reason
        assert target.deaths == []  # the previous case's harness did not die on its own
        assert target.retaken == ["text.basic.001[v3]"]
        assert third.verdict != "ERROR", third.describe()  # and the suite goes on
        assert not target.late_notes()  # nothing noted on the first case
    finally:
        target.close()


def test_a_death_after_the_harness_took_the_case_stays_that_cases_error(corpus: list[Scenario]) -> None:
    """A line for the case came first (here RUN_STARTED): the case was taken, its ERROR is its own, no re-run."""
    target = hostile("exit-mid-case-on-basic")
    settings = Settings(timeout=5.0, grace=10.0)
    try:
        first, second = (run_case(target, s, "v3", settings) for s in by_id(corpus, "tool.interleave.001",
                                                                              "text.basic.001"))
        assert first.verdict == "PASS", first.describe()
        assert second.verdict == "ERROR" and "harness exited mid-case (exit code 3)" in second.reason, second.reason
        assert target.deaths == [] and target.retaken == []
    finally:
        target.close()


def test_an_upstream_call_counts_as_taking_the_case(corpus: list[Scenario]) -> None:
    """Over HTTP, an adapter that called the mock server for the case took it, line or no line: its
    death is the case's ERROR (running it again would give the upstream a second call)."""
    target = CmdTarget(f"{HOSTILE} request-then-exit-on-basic conformance.reference:openai_http",
                       start_timeout=20.0, case_timeout=5.0)
    settings = Settings(timeout=5.0, grace=10.0)
    try:
        first, second = (run_case(target, s, "openai-chat", settings)
                         for s in by_id(corpus, "tool.interleave.001", "text.basic.001"))
        assert first.verdict == "PASS", first.describe()
        assert second.verdict == "ERROR" and "exit code 7" in second.reason, second.reason
        assert target.deaths == [] and target.retaken == []
    finally:
        target.close()
