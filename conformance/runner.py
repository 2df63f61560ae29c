"""Run one case (scenario x dialect) against an adapter, then grade it: never hangs, never crashes.

Two stages, one road: :func:`conformance.execution.execute` runs the adapter and returns a
:class:`~conformance.run_record.RunRecord` (the events, their upstream positions, the upstream
calls, the transport and abort facts); :func:`conformance.grading.grade` turns that record into
verdicts and findings. Recordings take the same road from their record
(:mod:`conformance.recording`).

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.reference import agui
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> run_case(agui, s, "v3").verdict
    'PASS'
"""

from __future__ import annotations

import traceback

from conformance.execution import HTTP_DIALECTS, Factory, build_request, capabilities_of, execute, expressible
from conformance.grading import grade
from conformance.process_guard import ProcessState, capped_output
from conformance.run_record import RunRecord
from conformance.settings import ABORT_TIME_BOUND, Settings
from conformance.verdict import CaseResult
from mock_provider.scenario import Scenario

__all__ = ["ABORT_TIME_BOUND", "HTTP_DIALECTS", "Factory", "Settings", "build_request", "capabilities_of",
           "expressible", "grade_safely", "run_case"]


def run_case(factory: Factory, scenario: Scenario, dialect: str, settings: Settings | None = None, *,
             adapter_name: str | None = None, keep: list[RunRecord] | None = None) -> CaseResult:
    """Run one scenario in one dialect through the adapter and grade the result.

    What the adapter changed in the process (recursion limit, working directory, ``sys.stdout``,
    non-daemon threads left running) is put back or remembered, and noted in the case's reason.
    ``keep``, when given, receives the ungraded run record (a real adapter's recorded run is regraded
    later without running it again).
    """
    before = ProcessState.take()
    with capped_output() as printed:
        record = execute(factory, scenario, dialect, settings, adapter_name=adapter_name)
    if keep is not None:
        keep.append(record)
    # Before grading: a lowered recursion limit broke the grader.
    note = "\n".join(n for n in (before.restore(record.case_id), *printed) if n)
    result = grade_safely(record, scenario, settings)
    if note:
        result.reason = f"{result.reason}\n{note}" if result.reason else note
    return result


def grade_safely(record: RunRecord, scenario: Scenario, settings: Settings | None = None) -> CaseResult:
    """:func:`~conformance.grading.grade`, where a failure of the grader itself is that case's ERROR
    (with the grader's traceback and the adapter's, if any), so the session and its reports go on.

    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.reference import agui
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> grade_safely(execute(agui, s, "v3"), s).verdict
    'PASS'
    """
    try:
        return grade(record, scenario, settings)
    except Exception as exc:  # the grader's own defect, or a record it cannot read: never the suite's end
        trace = "".join(traceback.format_exception(exc))
        return CaseResult(case_id=record.case_id, scenario_id=record.scenario_id, dialect=record.dialect,
                          adapter=record.adapter, content="ERROR", termination="ERROR",
                          reason=f"the grader failed on this case: {type(exc).__name__}: {exc}",
                          events=list(record.events), rows=list(scenario.rows),
                          traceback="\n".join(t for t in (record.traceback, trace) if t))
