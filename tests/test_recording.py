"""ChunkRecording export and the offline check (``pytest --recording=FILE``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance import node_oracle
from conformance.consumer_view import ROW
from conformance.recording import (
    RecordedChunk,
    RecordingError,
    check_recording,
    dump,
    load_recording,
    recording_from_events,
)
from conformance.reference import agui, tanstack
from conformance.runner import run_case
from mock_provider.scenario import Scenario
from tests.mutants.consumer_mutants import MUTANTS as CONSUMER_MUTANTS


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


def _export(factory: Any, scenario: Scenario, output: str, path: Path, *, tie: bool = True) -> Path:
    events = run_case(factory, scenario, "v3").events
    rec = recording_from_events(events, timestamp=1_763_900_000_000, scenario=scenario.id if tie else None,
                                dialect="v3", output=output)
    path.write_text(dump(rec), encoding="utf-8")
    return path


def test_exported_recording_has_the_published_shape(corpus: list[Scenario], tmp_path: Path) -> None:
    path = _export(tanstack, _scenario(corpus, "tool.text-between.001"), "tanstack", tmp_path / "r.json")
    data = json.loads(path.read_text())
    assert data["version"] == "1.0" and data["timestamp"] == 1_763_900_000_000
    assert [c["index"] for c in data["chunks"]] == list(range(len(data["chunks"])))
    assert set(data["chunks"][0]) == {"chunk", "timestamp", "index"}
    # ProcessorResult: the text of all segments, the two completed calls, the engine's finish reason.
    assert data["result"]["content"] == "First Madrid. Then Rome. Done."
    assert [c["id"] for c in data["result"]["toolCalls"]] == ["toolu_mad", "toolu_rom"]
    assert data["result"]["finishReason"] == "tool_calls"


@pytest.mark.parametrize(("factory", "output"), [(agui, "ag-ui"), (tanstack, "tanstack")])
def test_reference_recordings_check_clean(corpus: list[Scenario], tmp_path: Path, factory: Any, output: str) -> None:
    scenario = _scenario(corpus, "tool.text-between.001")
    rec = load_recording(_export(factory, scenario, output, tmp_path / "r.json"))
    report = check_recording(rec, scenario=scenario)
    assert report.findings == [] and not report.failed


def test_a_consumer_only_defect_fails_the_recording_check(corpus: list[Scenario], tmp_path: Path) -> None:
    scenario = _scenario(corpus, "tool.provider-executed.001")
    mutant = CONSUMER_MUTANTS[0]
    rec = load_recording(_export(mutant.factory, scenario, "ag-ui", tmp_path / "r.json"))
    report = check_recording(rec, scenario=scenario)
    assert {f.row for f in report.findings} == {ROW}, report.describe()
    # Without the scenario there is no expected UI; schema and lifecycle still hold.
    assert check_recording(rec.model_copy(update={"conformance": None}), output="ag-ui").findings == []


def test_a_tampered_result_or_lifecycle_is_reported(corpus: list[Scenario], tmp_path: Path) -> None:
    rec = load_recording(_export(agui, _scenario(corpus, "text.basic.001"), "ag-ui", tmp_path / "r.json", tie=False))
    assert rec.result is not None
    tampered = rec.model_copy(update={"result": {**rec.result, "content": "something else"}})
    assert [f.row for f in check_recording(tampered).findings] == [ROW]
    no_end = rec.model_copy(update={"chunks": [c for c in rec.chunks if c.chunk["type"] != "TEXT_MESSAGE_END"]})
    rows = {f.row for f in check_recording(no_end).findings}
    assert "8.1.5" in rows  # the text message is never closed (lifecycle), and the indexes have a gap
    assert "schema.event" in rows
    garbage = rec.model_copy(update={"chunks": [*rec.chunks[:1], RecordedChunk(
        chunk={"type": "TEXT_MESSAGE_START", "messageId": ["not", "a", "string"], "role": "assistant"},
        timestamp=0, index=1)]})
    report = check_recording(garbage)  # a verdict, not a crash
    assert report.failed and any("cannot be replayed" in f.message for f in report.findings)


@pytest.mark.parametrize(("content", "expected"), [
    ("{not json", ":1:2: not JSON"),
    ('{"version": "2.0", "timestamp": 1, "chunks": []}', "version: Input should be '1.0'"),
    ('{"version": "1.0", "timestamp": 1, "chunks": [{"chunk": {}, "timestamp": 1}]}', "chunks.0.index: Field required"),
    ('{"version": "1.0", "timestamp": 1, "chunks": [{"chunk": [], "timestamp": 1, "index": 0}]}',
     "chunks.0.chunk: Input should be a valid dictionary"),
])
def test_malformed_recordings_name_file_and_field(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordingError) as info:
        load_recording(path)
    assert str(path) in str(info.value) and expected in str(info.value)


@pytest.mark.slow
def test_pytest_recording_option(corpus: list[Scenario], tmp_path: Path, pytester: pytest.Pytester) -> None:
    scenario = _scenario(corpus, "tool.provider-executed.001")
    good = _export(agui, scenario, "ag-ui", tmp_path / "good.json", tie=False)
    bad = _export(CONSUMER_MUTANTS[0].factory, scenario, "ag-ui", tmp_path / "bad.json", tie=False)
    ok = pytester.runpytest_subprocess(f"--recording={good}", f"--recording-scenario={scenario.id}")
    ok.assert_outcomes(passed=1)
    failed = pytester.runpytest_subprocess(f"--recording={bad}", f"--recording-scenario={scenario.id}")
    failed.assert_outcomes(failed=1)
    assert "consumer.ui-messages" in failed.stdout.str()
    both = pytester.runpytest_subprocess("--adapter=conformance.reference:agui", f"--recording={good}",
                                         "-k", "recording or text.basic.001")
    both.assert_outcomes(passed=5)  # the recording's test beside the adapter suite's four dialects
    pytester.makeini(f"[pytest]\nconformance_recording = {bad}\n")
    assert pytester.runpytest_subprocess().ret == 0  # not tied to a scenario: no expected UI, nothing broken
    unknown = pytester.runpytest_subprocess(f"--recording={good}", "--recording-scenario=tool.provider-executd.001")
    assert unknown.ret == pytest.ExitCode.USAGE_ERROR
    assert "did you mean tool.provider-executed.001" in unknown.stderr.str()
    (tmp_path / "broken.json").write_text('{"version": "1.0"}')
    broken = pytester.runpytest_subprocess(f"--recording={tmp_path / 'broken.json'}")
    assert broken.ret == pytest.ExitCode.USAGE_ERROR
    assert "broken.json: timestamp: Field required" in broken.stderr.str()


def test_exported_recording_replays_the_same_in_node(corpus: list[Scenario], tmp_path: Path) -> None:
    why = node_oracle.unavailable()
    if why is not None:
        pytest.skip(f"Node oracle unavailable: {why}")
    rec = load_recording(_export(tanstack, _scenario(corpus, "reasoning.basic.001"), "tanstack", tmp_path / "r.json"))
    [real] = node_oracle.run([{"id": "r", "output": "tanstack", "events": rec.events()}])
    assert rec.result is not None
    assert {k: v for k, v in real["result"].items() if v is not None} == rec.result
