"""TanStack ``ChunkRecording`` files: export a case's events, check a recorded stream offline.

The format is ``@tanstack/ai`` 0.58.0's ``ChunkRecording`` (``activities/chat/stream/types.d.ts``,
what ``new StreamProcessor({recording: true})`` records and ``StreamProcessor.replay`` reads)::

    {version: '1.0', timestamp: number, model?: string, provider?: string,
     chunks: [{chunk: StreamChunk, timestamp: number, index: number}], result?: ProcessorResult}

This kit adds one optional key, ``conformance: {scenario?, dialect?, output?}``, that ties a
recording to a scenario (TanStack ignores it). A check (:func:`check_recording`) applies the
output protocol's schema and lifecycle table to the chunks, replays them through the ported
``StreamProcessor`` (the recorded ``result``, when present, must be what the replay gives), and,
when the recording is tied to a scenario, compares the transcript with the scenario's expected
one and the UI with the one it implies (row ``consumer.ui-messages``).

Example:
    >>> rec = recording_from_events([{"type": "RUN_STARTED", "threadId": "t", "runId": "r"}], timestamp=0)
    >>> rec.chunks[0].index, rec.version
    (0, '1.0')
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from conformance import bridge
from conformance.catalog import catalog
from conformance.consumer import StreamProcessor, consumer_chunks
from conformance.consumer_view import PROTOCOLS as PROCESSOR_OUTPUTS
from conformance.contract import OUTPUT_PROTOCOLS, Capabilities, OutputProtocol, Policies
from conformance.findings import Finding
from conformance.grading import levelled
from conformance.protocols import protocol
from conformance.run_record import RunRecord
from conformance.runner import grade_safely
from conformance.settings import Settings
from conformance.verdict import CaseResult
from mock_provider.scenario import FEATURES, Scenario


class RecordingError(ValueError):
    """A recording file that cannot be read: the message names the file and the field."""


class RecordedChunk(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chunk: dict[str, Any]
    timestamp: int | float
    index: int = Field(ge=0)


class ConformanceTie(BaseModel):
    """This kit's extension: which scenario (and dialect, output protocol) the recording is of."""

    model_config = ConfigDict(extra="forbid")
    scenario: str | None = None
    dialect: str | None = None
    output: OutputProtocol | None = None
    # The case's run record (conformance.run_record): with it, the recording is graded exactly as
    # the live run was (upstream positions, upstream calls, abort and transport facts, capabilities).
    run: dict[str, Any] | None = None


class ChunkRecording(BaseModel):
    """``ChunkRecording`` (published type) plus the optional ``conformance`` tie."""

    model_config = ConfigDict(extra="forbid")
    version: Literal["1.0"]
    timestamp: int | float
    model: str | None = None
    provider: str | None = None
    chunks: list[RecordedChunk]
    result: dict[str, Any] | None = None
    conformance: ConformanceTie | None = None

    def events(self) -> list[dict[str, Any]]:
        """The recorded chunks, in ``index`` order."""
        return [c.chunk for c in sorted(self.chunks, key=lambda c: c.index)]


def recording_from_events(events: Sequence[Any], *, timestamp: int | None = None, scenario: str | None = None,
                          dialect: str | None = None, output: str | None = None,
                          model: str | None = None, run: dict[str, Any] | None = None) -> ChunkRecording:
    """A case's events as a recording. The events carry no arrival times: every chunk gets
    ``timestamp`` (default: now, in milliseconds, as ``Date.now()``).

    The recorded ``result`` is what TanStack's processor reports for the events (the port's
    ``getResult()``), so a replay in either processor can be checked against it.
    """
    dicts = [e for e in events if isinstance(e, dict)]
    stamp = int(time.time() * 1000) if timestamp is None else timestamp
    result = None
    if (output or "ag-ui") in PROCESSOR_OUTPUTS:
        processor = StreamProcessor()
        processor.process(consumer_chunks(dicts, output or "ag-ui"))
        result = processor.result()
    tie = ConformanceTie.model_validate({"scenario": scenario, "dialect": dialect, "output": output, "run": run}) \
        if scenario or output or run else None
    return ChunkRecording(version="1.0", timestamp=stamp, model=model,
                          chunks=[RecordedChunk(chunk=e, timestamp=stamp, index=i) for i, e in enumerate(dicts)],
                          result=result, conformance=tie)


def recording_from_record(record: RunRecord, *, timestamp: int | None = None) -> ChunkRecording:
    """A live run as a recording that carries its run record, so :func:`check_recording` grades it
    by the same rules, with the same facts, as the live run.

    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.execution import execute
    >>> from conformance.reference import agui
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> rec = recording_from_record(execute(agui, s, "v3"), timestamp=0)
    >>> rec.conformance.scenario, rec.conformance.output, rec.conformance.run is not None
    ('text.basic.001', 'ag-ui', True)
    """
    output = record.capabilities.output if record.capabilities is not None else None
    return recording_from_events(record.events, timestamp=timestamp, scenario=record.scenario_id,
                                 dialect=record.dialect, output=output, run=record.to_json())


def dump(recording: ChunkRecording) -> str:
    """The recording as JSON text (unset optional keys left out, as TanStack writes it)."""
    return json.dumps(recording.model_dump(exclude_none=True), indent=2, ensure_ascii=False) + "\n"


def load_recording(path: str | Path) -> ChunkRecording:
    """Read and validate a recording file; errors name the file, and the line or the field.

    >>> import tempfile, os
    >>> f = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    >>> _ = f.write('{"version": "1.0", "timestamp": 1, "chunks": [{"chunk": {}, "index": 0}]}'); f.close()
    >>> try:
    ...     load_recording(f.name)
    ... except RecordingError as e:
    ...     print(str(e).split(": ", 1)[1])
    chunks.0.timestamp: Field required
    >>> os.unlink(f.name)
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordingError(f"{p}: cannot read the recording: {exc.strerror or exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordingError(f"{p}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from exc
    try:
        return ChunkRecording.model_validate(data)
    except ValidationError as exc:
        lines = [f"{p}: {'.'.join(str(x) for x in err['loc']) or '<root>'}: {err['msg']}" for err in exc.errors()]
        raise RecordingError("\n".join(lines[:10])) from exc


@dataclass
class RecordingReport:
    """The findings of one recording's check; ``failed`` when a MUST-level one is among them.

    ``case`` is the graded case when the recording is tied to a scenario (its verdicts are the ones
    a live run of the same case gets when the recording carries the run record).
    """

    path: str
    output: str
    scenario: str | None
    findings: list[Finding] = field(default_factory=list)
    case: CaseResult | None = None

    @property
    def failed(self) -> bool:
        if self.case is not None and self.case.verdict in ("FAIL", "ERROR"):
            return True
        return any(f.level in (None, "MUST") for f in self.findings)

    def describe(self) -> str:
        head = f"{self.path} ({self.output}{', scenario ' + self.scenario if self.scenario else ''})"
        lines = [f"  [{f.row}]{'' if f.event_index is None else f' chunk {f.event_index}'}: {f.message}"
                 for f in self.findings]
        return "\n".join([f"{head}: {len(self.findings)} finding(s)", *lines])


def record_of(recording: ChunkRecording, *, dialect: str | None = None, output: str | None = None,
              policies: Policies | None = None) -> RunRecord:
    """The run record a recording stands for: the one it carries, else one made of its chunks alone
    (no upstream positions, no request log: the checks that need them have nothing to read)."""
    tie = recording.conformance or ConformanceTie()
    if tie.run is not None:
        record = RunRecord.from_json(tie.run)
        if policies is not None and record.capabilities is not None:
            caps = record.capabilities.model_copy(update={"policies": policies})
            record = dataclasses.replace(record, capabilities=caps)
        return record
    out = output or tie.output or "tanstack"
    dia = dialect or tie.dialect or "v3"
    caps = Capabilities(name="recording", inputs=[dia], output=out,  # type: ignore[arg-type]
                        features=set(FEATURES) - {bridge.FEATURE},  # type: ignore[arg-type]
                        policies=policies or Policies())
    return RunRecord(case_id=f"{tie.scenario or 'recording'}[{dia}]", scenario_id=tie.scenario or "",
                     dialect=dia, adapter="recording", capabilities=caps, events=tuple(recording.events()),
                     positions_known=False, upstream_known=False)


def check_recording(recording: ChunkRecording, *, path: str = "<recording>", scenario: Scenario | None = None,
                    dialect: str | None = None, output: str | None = None,
                    policies: Policies | None = None, settings: Settings | None = None) -> RecordingReport:
    """A recording's own checks (chunk indexes, the replayed result), then, tied to a scenario, the case
    graded by :func:`conformance.grading.grade`; without one, the protocol's schema and lifecycle."""
    record = record_of(recording, dialect=dialect, output=output, policies=policies)
    tie = recording.conformance or ConformanceTie()
    out = output or (record.capabilities.output if record.capabilities is not None else tie.output) or "tanstack"
    events = list(record.events)
    report = RecordingReport(path=path, output=out, scenario=scenario.id if scenario else None)
    if scenario is not None:
        report.case = grade_safely(record, scenario, settings or Settings())
        graded = report.case.findings
    else:
        proto = protocol(out)
        graded = [Finding(row="schema.event", event_index=i, source="schema", message=err)
                  for i, ev in enumerate(events) for err in proto.schema_errors(ev)]
        graded += proto.lifecycle(events)
    found = [*_index_findings(recording), *graded, *_replay_findings(recording, events, out)]
    report.findings = levelled(found, out, catalog())
    return report


def _index_findings(recording: ChunkRecording) -> list[Finding]:
    indexes = sorted(c.index for c in recording.chunks)
    if indexes == list(range(len(indexes))):
        return []
    return [Finding(row="schema.event", source="recording",
                    message=f"chunk indexes are not 0..{len(indexes) - 1}: {indexes[:10]}")]


def _replay_findings(recording: ChunkRecording, events: list[Any], output: str) -> list[Finding]:
    """The chunks replayed through the ported StreamProcessor: the recorded result must be what it gives."""
    if output not in PROCESSOR_OUTPUTS:
        return []
    processor = StreamProcessor()
    try:
        processor.process(consumer_chunks(events, output))
    except (TypeError, ValueError, AttributeError, KeyError, RecursionError) as exc:
        # ids of a kind no processor keys on (a list as a message id)
        return [Finding(row="schema.event", source="recording",
                        message=f"the chunks cannot be replayed: {type(exc).__name__}: {exc}")]
    if recording.result is not None and _result_key(recording.result) != _result_key(processor.result()):
        return [Finding(
            row="consumer.ui-messages", source="recording",
            message=f"the recorded result is not what replaying the chunks gives: recorded "
                    f"{json.dumps(recording.result)[:200]}, replay {json.dumps(processor.result())[:200]}")]
    return []


def _result_key(result: dict[str, Any]) -> dict[str, Any]:
    """A ``ProcessorResult`` without the keys JSON drops when they are undefined."""
    return {k: v for k, v in result.items() if v is not None}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m conformance.recording export|check``: write a case as a recording, or check one.

    ``export --adapter MODULE:FACTORY --scenario ID [--dialect v3] [-o FILE]``;
    ``check FILE [--scenario ID] [--dialect D] [--output ag-ui|tanstack]``.
    """
    import argparse
    import sys

    from mock_provider.scenario import load_corpus

    parser = argparse.ArgumentParser(prog="python -m conformance.recording")
    sub = parser.add_subparsers(dest="cmd", required=True)
    exp = sub.add_parser("export", help="run one case and write it as a ChunkRecording with its run record")
    exp.add_argument("--adapter", required=True)
    exp.add_argument("--scenario", required=True)
    exp.add_argument("--dialect", default="v3")
    exp.add_argument("-o", "--out", default="-")
    chk = sub.add_parser("check", help="check a ChunkRecording offline")
    chk.add_argument("file")
    chk.add_argument("--scenario")
    chk.add_argument("--dialect")
    chk.add_argument("--output", choices=list(OUTPUT_PROTOCOLS))
    args = parser.parse_args(argv)
    corpus = {s.id: s for s in load_corpus()}
    scenario_id = args.scenario
    if scenario_id is not None and scenario_id not in corpus:
        print(f"unknown scenario {scenario_id!r}", file=sys.stderr)
        return 2
    if args.cmd == "export":
        from conformance.execution import execute
        from conformance.session import load_factory

        record = execute(load_factory(args.adapter), corpus[scenario_id], args.dialect, adapter_name=args.adapter)
        text = dump(recording_from_record(record))
        if args.out == "-":
            sys.stdout.write(text)
        else:
            Path(args.out).write_text(text, encoding="utf-8")
        return 0
    try:
        recording = load_recording(args.file)
    except RecordingError as exc:
        print(exc, file=sys.stderr)
        return 2
    tie = recording.conformance.scenario if recording.conformance else None
    sid = scenario_id or tie
    report = check_recording(recording, path=args.file, scenario=corpus.get(sid) if sid else None,
                             dialect=args.dialect, output=args.output)
    print(report.describe())
    return 1 if report.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
