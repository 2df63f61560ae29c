"""One road from a case to its verdict: a recording grades exactly like the live run it was made of.

For every corpus case in every dialect a reference adapter consumes, and for every mutant on the
cases of its own rows, the case is run once (:func:`conformance.execution.execute`), then graded
three ways: from the live record, from that record after a JSON round trip, and from a
``ChunkRecording`` file made of it (:func:`conformance.recording.check_recording`). All three must
give the same verdicts, reason and findings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance.execution import execute
from conformance.grading import grade
from conformance.recording import check_recording, dump, load_recording, recording_from_record
from conformance.reference import agui, agui_bridge, openai_http, tanstack, tanstack_legacy
from conformance.reference import ui_message_stream as ums
from conformance.reference import ui_message_stream7 as ums7
from conformance.run_record import RunRecord
from conformance.runner import Settings
from conformance.verdict import CaseResult
from mock_provider.scenario import Scenario
from tests.mutants import ALL_MUTANTS
from tests.mutants.base import Mutant

PARTS = ["v2", "v3", "v4", "mastra"]
ALWAYS = ("text.basic.001", "tool.interleave.001")
REFERENCES: dict[str, tuple[Any, list[str]]] = {
    "agui": (agui, PARTS),
    "tanstack": (tanstack, PARTS),
    "tanstack_legacy": (tanstack_legacy, PARTS),
    "ui_message_stream": (ums, PARTS),
    "ui_message_stream7": (ums7, PARTS),
    "agui_bridge": (agui_bridge, ["mastra"]),
    "openai_http": (openai_http, ["openai-chat"]),
}


def _key(result: CaseResult) -> dict[str, Any]:
    return {"content": result.content, "termination": result.termination, "reason": result.reason,
            "findings": [f.as_dict() for f in result.findings]}


def _three_ways(factory: Any, scenario: Scenario, dialect: str, settings: Settings, tmp: Path) -> list[str]:
    """The differences between the live grade and the two recorded ones (empty: the same)."""
    record = execute(factory, scenario, dialect, settings)
    live = _key(grade(record, scenario, settings))
    again = _key(grade(RunRecord.from_json(json.loads(json.dumps(record.to_json()))), scenario, settings))
    path = tmp / "case.json"
    path.write_text(dump(recording_from_record(record, timestamp=0)), encoding="utf-8")
    report = check_recording(load_recording(path), scenario=scenario, settings=settings)
    assert report.case is not None
    recorded = _key(report.case)
    out = []
    for name, other in (("json round trip", again), ("recording", recorded)):
        if other != live:
            out.append(f"{record.case_id} ({name}): live {live} != {other}")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", list(REFERENCES))
def test_references_grade_the_same_live_and_recorded(name: str, corpus: list[Scenario], tmp_path: Path) -> None:
    factory, dialects = REFERENCES[name]
    settings = Settings(timeout=10.0)
    diffs = [d for s in corpus for dialect in dialects for d in _three_ways(factory, s, dialect, settings, tmp_path)]
    assert not diffs, "\n".join(diffs[:5])


@pytest.mark.parametrize("mutant", ALL_MUTANTS, ids=[m.name for m in ALL_MUTANTS])
def test_mutants_grade_the_same_live_and_recorded(mutant: Mutant, corpus: list[Scenario], tmp_path: Path) -> None:
    settings = Settings(timeout=mutant.timeout, grace=1.0)
    if mutant.abort_bound is not None:
        settings.abort_bound = mutant.abort_bound
    # The cases of its rows, and two every mutant runs (every-case rows such as schema.event list none).
    mine = [s for s in corpus if set(s.rows) & (mutant.targets | mutant.should) or s.id in ALWAYS]
    diffs = [d for s in mine for d in _three_ways(mutant.factory, s, mutant.dialects[0], settings, tmp_path)]
    assert not diffs, "\n".join(diffs[:5])


def test_a_recording_that_breaks_a_rule_fails_like_the_live_run(corpus: list[Scenario], tmp_path: Path) -> None:
    """The parity above is not vacuous: a failing case's recording carries the failure."""
    mutant = next(m for m in ALL_MUTANTS if m.name == "agui.text-left-open")
    scenario = next(s for s in corpus if s.id == "text.basic.001")
    record = execute(mutant.factory, scenario, mutant.dialects[0], Settings(timeout=mutant.timeout))
    path = tmp_path / "bad.json"
    path.write_text(dump(recording_from_record(record, timestamp=0)), encoding="utf-8")
    report = check_recording(load_recording(path), scenario=scenario)
    assert report.failed and report.case is not None and "8.1.5" in report.case.failed_rows()
