"""``parts-ahead`` (docs/adapter-protocol.md): a model call's parts sent at once to a harness that asks for
them, which says its adapter's reads instead of pulling each, grades exactly as a pull per read.

The same cases through the packaged harness with it and without it (``tests/harnesses/ahead_harness.py
pull``) give equal run records but for timings: the events, their upstream positions and exhaustion, the
final position, the upstream calls the request log kept, and the verdicts. A harness that says its reads
wrong (back, past the call's end) or pulls during a call answered ahead is an ERROR naming the
violation, and the next case passes on a fresh harness.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.contract import AdapterContext
from conformance.execution import execute
from conformance.grading import grade
from conformance.harness import Harness
from conformance.properties import drawn_streams
from conformance.run_record import RunRecord
from conformance.targets.cmd import CmdAdapter, CmdTarget
from mock_provider.model import ScriptedLanguageModel, StreamDisconnected
from mock_provider.scenario import Scenario, load_corpus

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "tests" / "harnesses" / "ahead_harness.py"
SPEC = "conformance.reference:agui"


class Counting:
    """A target that keeps the adapters it made (how many model calls each had answered ahead)."""

    def __init__(self, target: CmdTarget) -> None:
        self.target = target
        self.adapters: list[CmdAdapter] = []
        self.__name__ = SPEC

    def __call__(self, ctx: AdapterContext) -> CmdAdapter:
        adapter = self.target(ctx)
        self.adapters.append(adapter)
        return adapter


def _target(mode: str, opaque: bool = True) -> Counting:
    # A generous start bound: on a loaded machine a worker that starts late must not read as a difference.
    return Counting(CmdTarget(f"{sys.executable} {HARNESS} {mode} {SPEC}", opaque=opaque, start_timeout=120))


def _comparable(record: RunRecord) -> dict[str, Any]:
    """The record as JSON without what the clock says (its sets dump sorted: the same in every process)."""
    data = record.to_json()
    for key in ("duration_s", "upstream_watched"):
        data.pop(key)
    for call in data["upstream"]:
        for key in ("started_at", "ended_at", "end_after_abort"):
            call.pop(key)
    return data


def _cases(every: int, dialects: tuple[str, ...], streams: int) -> list[tuple[Scenario, str]]:
    """Every ``every``-th corpus scenario in ``dialects``, and ``streams`` streams of each generated property."""
    corpus = [(s, d) for s in load_corpus()[::every] for d in dialects]
    features = Harness(SPEC).capabilities()["features"]
    drawn = [(s, d) for name in ("generated-text", "generated-tools", "generated-mixed")
             for s in drawn_streams(name, features)[1][:streams] for d in dialects]
    return corpus + drawn


@pytest.fixture(scope="module")
def targets() -> Any:
    pull, ahead = _target("pull"), _target("ahead")
    yield pull, ahead
    pull.target.close()
    ahead.target.close()


def _differing(pull: Counting, ahead: Counting, cases: list[tuple[Scenario, str]]) -> list[str]:
    differ = []
    for scenario, dialect in cases:
        if scenario.client.aborts:
            continue  # pulled a read at a time on both roads (below), and its upstream's end is a race
        by_pull, by_ahead = execute(pull, scenario, dialect), execute(ahead, scenario, dialect)
        verdicts = [(r.verdict, r.content, r.termination, sorted(f.row for f in r.findings))
                    for r in (grade(by_pull, scenario), grade(by_ahead, scenario))]
        a, b = _comparable(by_pull), _comparable(by_ahead)
        if a != b or verdicts[0] != verdicts[1]:
            fields = [k for k in a if a[k] != b[k]]
            reasons = (by_pull.reason[:120], by_ahead.reason[:120])
            differ.append(f"{scenario.id}[{dialect}]: {fields} {verdicts} {reasons}")
    for target in (pull, ahead):
        assert target.target.start_failure is None, target.target.start_failure
    return differ


def test_the_same_records_and_verdicts_with_parts_ahead_as_with_a_pull_per_read(targets: Any) -> None:
    pull, ahead = targets
    assert _differing(pull, ahead, _cases(every=4, dialects=("v3",), streams=5)) == []
    # Proof that the two roads differ: the pulling harness got no call ahead, the other most of them.
    assert sum(a.calls_ahead for a in pull.adapters) == 0
    answered = sum(a.calls_ahead for a in ahead.adapters)
    assert answered > len(ahead.adapters) // 2, answered


@pytest.mark.slow
def test_the_whole_corpus_and_every_generated_stream_in_every_part_dialect(targets: Any) -> None:
    """What the README's main job runs through its worker: the corpus and the 300 generated streams in v2,
    v3, v4 and Mastra."""
    pull, ahead = targets
    assert _differing(pull, ahead, _cases(every=1, dialects=("v2", "v3", "v4", "mastra"), streams=100)) == []


def test_a_case_whose_caller_aborts_is_pulled_a_read_at_a_time(targets: Any) -> None:
    _, ahead = targets
    scenario = next(s for s in load_corpus() if s.id == "abort.mid-text.001")
    record = execute(ahead, scenario, "v3")
    assert grade(record, scenario).verdict == "PASS"
    assert ahead.adapters[-1].calls_ahead == 0


@pytest.mark.parametrize("mode, says", [
    ("read-back", "made 2 read(s) of a call answered with parts-ahead, after"),
    ("read-past", "made 104 read(s) of a call answered with parts-ahead, after 0, of 9 the call has"),
    ("pull-in-ahead", "unexpected 'pull' (a call answered with parts-ahead is read locally"),
])
def test_a_harness_that_says_its_reads_wrong_is_an_error_and_the_next_case_passes(mode: str, says: str) -> None:
    target = _target(mode, opaque=False)  # it knows its bad case by the scenario's id
    corpus = {s.id: s for s in load_corpus()}
    try:
        bad = execute(target, corpus["text.basic.001"], "v3")
        assert bad.outcome == "harness-error"
        assert "harness protocol violation" in bad.reason and says in bad.reason, bad.reason
        after = corpus["tool.interleave.001"]
        assert grade(execute(target, after, "v3"), after).verdict == "PASS"
    finally:
        target.target.close()


def _worked_out(scenario: Scenario, time_scale: float) -> Any:
    model = ScriptedLanguageModel(scenario, "v3", time_scale=time_scale)
    asyncio.run(model.do_stream({}))
    return model.reads_ahead()


def test_a_stream_that_waits_is_not_worked_out_ahead_and_a_disconnect_ends_it() -> None:
    corpus = {s.id: s for s in load_corpus()}
    delayed = corpus["text.basic.001"]
    assert any(step.delay_ms for step in delayed.script)
    assert _worked_out(delayed, 1.0) is None  # its delays are waited for at a real time scale
    items, end = _worked_out(delayed, 0.0)  # ... and take no time at time scale 0
    assert [i["type"] for i in items][-1] == "finish" and end is None
    items, end = _worked_out(corpus["fault.disconnect.001"], 0.0)
    assert items and isinstance(end, StreamDisconnected)
