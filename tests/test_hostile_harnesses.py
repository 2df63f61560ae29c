"""Ten hostile harnesses of the kinds issue 19 found (tests/harnesses/hostile_harness.py, ``NEW_KINDS``).

Each is hostile on text.basic.001 only and serves every other case as the reference harness does.
The hostile case gets a verdict whose reason says what happened (three different causes were
once all "harness silent": a child holding the pipe, a reader thread killed by deep JSON, a
1 GiB line), the next case passes, nothing the harness printed late is charged
to it, and the session holds both cases.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest

from conformance.runner import Settings
from conformance.session import ConformanceSession
from conformance.targets.cmd import CmdTarget
from mock_provider.scenario import Scenario

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = f"{sys.executable} {ROOT / 'tests' / 'harnesses' / 'hostile_harness.py'}"
# A busy machine's restart is not a hang: the grace covers it, the case timeout stays short.
SETTINGS = Settings(timeout=4.0, grace=10.0, max_events=500)

KINDS = [
    # (mode, verdict of the hostile case, text its reason or findings must hold, note on it)
    ("giant-line", "ERROR", "a stdout line longer than 65536 bytes", None),
    ("child-holds-pipe", "ERROR", "harness exited (exit code 4) during text.basic.001[v3] while a process it "
                                  "started still holds its stdout", None),
    ("deep-json", "ERROR", "harness protocol violation: JSON nested too deeply to read", None),
    ("invalid-utf8", "ERROR", "harness protocol violation: not valid UTF-8 (byte", None),
    ("stdout-closed", "ERROR", "harness closed its stdout during text.basic.001[v3] (the process is still running)",
     None),
    ("flood-events", "ERROR", "more than 500 events", "any"),  # noted or not: it races its own kill
    ("nan-event", "FAIL", "NaN and Infinity are not JSON", None),
    ("end-twice", "PASS", "", "printed 2 message(s) for this case after it had ended (end, event); dropped"),
    ("events-after-error", "ERROR", "the adapter raised: HarnessAdapterError: Error: boom",
     "printed 2 message(s) for this case after it had ended (end, event); dropped"),
    ("stderr-flood", "PASS", "", "printed 2 message(s)"),
]


def _session(target: CmdTarget, settings: Settings = SETTINGS) -> ConformanceSession:
    session = ConformanceSession.from_factory(target, target.__name__, dialects=["v3"])
    session.settings = settings
    return session


def by_id(corpus: list[Scenario], *ids: str) -> list[Scenario]:
    index = {s.id: s for s in corpus}
    return [index[i] for i in ids]


@pytest.mark.parametrize(("mode", "verdict", "text", "note"), KINDS, ids=[k[0] for k in KINDS])
def test_a_hostile_harness_gets_a_verdict_with_its_reason_and_the_next_case_passes(
        corpus: list[Scenario], mode: str, verdict: str, text: str, note: str | None) -> None:
    # The start bound is a hang guard: beside another pytest -n 2, the harness started after a flood once sent
    # no capabilities within 30 s of its hello (cause not found; the case after it then came out ERROR).
    target = CmdTarget(f"{HOSTILE} {mode}", start_timeout=120, case_timeout=SETTINGS.timeout, max_line_bytes=65536)
    try:
        session = _session(target)
        began = time.monotonic()
        hostile, after = (session.run(s, "v3") for s in by_id(corpus, "text.basic.001", "tool.interleave.001"))
        elapsed = time.monotonic() - began
    finally:
        target.close()
    report = hostile.reason + "\n" + hostile.describe()
    assert hostile.verdict == verdict, report
    # A child holding the pipe, JSON the reader cannot read, a line past the bound: once all "silent".
    assert "harness silent" not in report
    assert text in report, report
    if note not in (None, "any") and "after it had ended" in note:
        assert _late(note) == _late(hostile.reason), hostile.reason
    elif note not in (None, "any"):
        assert note in hostile.reason, hostile.reason
    elif note is None:
        assert "after it had ended" not in hostile.reason
    assert after.verdict == "PASS", after.describe()  # nothing of the hostile case is charged to it
    assert [r.case_id for r in session.results] == ["text.basic.001[v3]", "tool.interleave.001[v3]"]
    # Within the case's bounds: the timeout, a restart (its start bound), and the reader's polls.
    assert elapsed < 2 * (SETTINGS.timeout + SETTINGS.grace) + 120, elapsed


def _late(text: str) -> tuple[int, set[str]]:
    """How many late messages the notes count, and of which types: the reader may note them in one
    batch or in several, depending on when each line arrives (seen in a soak run).
    """
    found = re.findall(r"printed (\d+) message\(s\) for this case after it had ended \(([^)]*)\)", text)
    return sum(int(n) for n, _ in found), {t.strip() for _, types in found for t in types.split(",")}


def test_ten_new_kinds() -> None:
    assert len({k[0] for k in KINDS}) >= 10


def test_late_events_of_a_finished_case_are_counted_on_it_and_cost_the_next_case_nothing(
        corpus: list[Scenario]) -> None:
    """A harness ends text.basic.001 correctly, prints 5,000 more events for it before it reads the next
    case, and keeps printing them while it serves the next cases (tests/harnesses/hostile_harness.py,
    ``late-flood``). The next case keeps its PASS; the late events are counted on the case they name;
    past the bound (1,000 here) the process is replaced, so the case after runs on a fresh one.
    """
    bound = 1000
    # A case bound far from any normal time: the harness keeps flooding while it serves the next cases, and
    # on a busy machine a case on the replaced process took longer than 4 s. What is asserted is counted.
    patient = Settings(timeout=60.0, grace=10.0, max_events=SETTINGS.max_events)
    target = CmdTarget(f"{HOSTILE} late-flood", start_timeout=30, case_timeout=patient.timeout,
                       max_line_bytes=65536, max_late_messages=bound)
    try:
        session = _session(target, patient)
        results = [session.run(s, "v3") for s in by_id(corpus, "text.basic.001", "tool.interleave.001",
                                                         "finish.stop.001")]
        starts = target.starts
    finally:
        target.close()
    flooder, after, later = results
    for r in (after, later):
        assert r.verdict == "PASS", r.reason + "\n" + r.describe()
        assert "after it had ended" not in r.reason, r.reason  # nothing of the flood is charged to them
    assert flooder.verdict == "PASS", flooder.describe()  # its own stream was correct
    count, kinds = _late(flooder.reason)
    # How much of the 5,000 is read before the process is replaced depends on the scheduler; past the bound
    # it always is, and every late message read is counted on the case that printed it.
    assert count > bound and kinds == {"event"}, flooder.reason
    assert f"past {bound} messages for ended cases the harness was restarted" in flooder.reason
    assert starts == 2, starts  # replaced once, after the bound; not per case
