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

from conformance.execution import HTTP_DIALECTS, Factory, build_request, capabilities_of, execute, expressible
from conformance.grading import grade
from conformance.settings import ABORT_TIME_BOUND, Settings
from conformance.verdict import CaseResult
from mock_provider.scenario import Scenario

__all__ = ["ABORT_TIME_BOUND", "HTTP_DIALECTS", "Factory", "Settings", "build_request", "capabilities_of",
           "expressible", "run_case"]


def run_case(factory: Factory, scenario: Scenario, dialect: str, settings: Settings | None = None, *,
             adapter_name: str | None = None) -> CaseResult:
    """Run one scenario in one dialect through the adapter and grade the result."""
    return grade(execute(factory, scenario, dialect, settings, adapter_name=adapter_name), scenario, settings)
