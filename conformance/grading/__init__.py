"""Grading: a pure function from a run record and its scenario to a case's verdicts and findings.

The road: the gates (:mod:`conformance.grading.gates`) decide the cases that cannot be graded;
the context (:mod:`conformance.checks.context`) is built once; the ordered checks
(:data:`conformance.checks.CHECKS`) each return their own findings; the catalog
(:mod:`conformance.catalog`) gives every finding its level for the adapter's output protocol,
drops rows that do not apply to it, and holds back subordinate rows where another MUST row
failed; the levels give each axis its verdict. A live run, a target over a transport and a
recording all come here as a :class:`~conformance.run_record.RunRecord`.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.execution import execute
    >>> from conformance.reference import agui
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> grade(execute(agui, s, "v3"), s).verdict
    'PASS'
"""

from __future__ import annotations

import dataclasses

from conformance.catalog import Matrix, catalog
from conformance.checks import CHECKS
from conformance.checks.context import GradeContext, build_context
from conformance.checks.lifecycle import TERMINAL_MISSING
from conformance.findings import Finding
from conformance.grading.gates import Stop, first_stop
from conformance.protocols.agui import lifecycle_memo
from conformance.run_record import RunRecord
from conformance.settings import Settings
from conformance.verdict import CaseResult
from conformance.verdict import grade as grade_levels
from mock_provider.dialects import dialect as dialect_of
from mock_provider.dialects import names as dialect_names
from mock_provider.scenario import Contract, Scenario


def grade(record: RunRecord, scenario: Scenario, settings: Settings | None = None) -> CaseResult:
    """The case's verdicts and findings, from its run record alone."""
    with lifecycle_memo():  # the checks read one AG-UI stream's lifecycle once
        return _grade(record, scenario, settings)


def _grade(record: RunRecord, scenario: Scenario, settings: Settings | None) -> CaseResult:
    st = settings or Settings()
    matrix = st.matrix or catalog()
    scenario = as_played(scenario, record)
    result = CaseResult(case_id=record.case_id, scenario_id=record.scenario_id, dialect=record.dialect,
                        adapter=record.adapter, rows=list(scenario.rows), events=list(record.events),
                        upstream_positions=list(record.positions), duration_s=record.duration_s,
                        traceback=record.traceback)
    stop = first_stop(record, scenario)
    if stop is not None:
        return _stopped(result, stop, record, scenario, st, matrix)
    ctx = build_context(record, scenario, st)
    result.expected, result.actual = ctx.expected.model_dump(), ctx.actual.model_dump()
    findings = [f for check in CHECKS for f in check(ctx)]
    # A rejection the adapter declared (output_validation 'retry') has its own expectation: not scoped.
    unscripted = record.unscripted_turn() if ctx.rejected is None else None
    _assemble(result, findings, ctx.capabilities.output, matrix, st.strict, scenario, unscripted)
    if unscripted is not None:
        result.reason = unscripted_note(unscripted, scenario)
    elif ctx.rejected is not None:
        result.reason = rejection_note(ctx.rejected)
    return result


def as_played(scenario: Scenario, record: RunRecord) -> Scenario:
    """The scenario as the record's wire played it: marked ``contract`` where the wire says the stream it
    sent to the adapter's requests is one its provider never sends (``Dialect.contract_break``: the
    anthropic wire's interleaved blocks, or tool input text that is no JSON object on a tool not asked for
    fine-grained streaming), so that on that wire only the robustness rows are graded; else unchanged.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.malformed.003")
    >>> rec = RunRecord(case_id="c", scenario_id=s.id, dialect="anthropic", adapter="a")
    >>> as_played(s, rec).contract.breaks[:38]
    'on the anthropic wire: tool_use input '
    >>> as_played(s, dataclasses.replace(rec, dialect="openai-chat")).contract is None
    True
    """
    if scenario.contract is not None or record.dialect not in dialect_names():
        return scenario
    breaks = dialect_of(record.dialect).contract_break
    why = breaks(scenario, [call.request for call in record.upstream]) if breaks is not None else None
    if why is None:
        return scenario
    return scenario.model_copy(update={"contract": Contract(breaks=f"on the {record.dialect} wire: {why}")})


def rejection_note(how: str) -> str:
    """The report's note on a case graded as the agent's rejection of the answer (POLICY output_validation).

    >>> rejection_note("reasked")[:58]
    "graded as a rejection (declared output_validation 'retry')"
    """
    why = {"reasked": "the agent asked the model again after its answer (the request log shows the re-ask)",
           "unretryable": "the agent rejected an empty answer the provider ended with content-filter or length "
                          "without a retry (asking again repeats the block or the limit)",
           }.get(how, "the agent rejected the malformed call without a retry (no retries left)")
    return f"graded as a rejection (declared output_validation 'retry'): {why}; an error terminal is expected"


def unscripted_note(turn: int, scenario: Scenario) -> str:
    """The report's note on a case whose adapter asked for a turn the scenario does not script.

    >>> from mock_provider.scenario import load_corpus
    >>> unscripted_note(2, next(s for s in load_corpus() if s.id == "text.basic.001"))[:60]
    'the adapter asked the model for turn 2, past the last script'
    """
    last = scenario.turn_count()
    return (f"the adapter asked the model for turn {turn}, past the last scripted turn {last} of "
            f"{scenario.id} (its agent loop re-asked; the provider refused it): graded on robustness rows only")


def _stopped(result: CaseResult, stop: Stop, record: RunRecord, scenario: Scenario, st: Settings,
             matrix: Matrix) -> CaseResult:
    findings: list[Finding] = []
    if stop.checks:
        ctx: GradeContext = build_context(record, scenario, st)
        findings = [f for check in stop.checks for f in check(ctx)]
    output = record.capabilities.output if record.capabilities is not None else "ag-ui"
    unscripted = record.unscripted_turn()
    _assemble(result, findings, output, matrix, st.strict, scenario, unscripted)
    if stop.verdict is not None:
        result.content = result.termination = stop.verdict
        result.reason = stop.reason
    if unscripted is not None and "past the last scripted turn" not in result.reason:
        result.reason = "; ".join(r for r in (result.reason, unscripted_note(unscripted, scenario)) if r)
    return result


def levelled(findings: list[Finding], output: str, matrix: Matrix) -> list[Finding]:
    """Each finding with its level for the output protocol; rows that do not apply to it are dropped,
    and subordinate rows are held back where another row failed at MUST."""
    out: list[Finding] = []
    for f in findings:
        level = matrix.row(f.row).level_for(output)
        if level is None:
            continue  # the catalog says the row does not apply to this output protocol
        out.append(f if f.level is not None else dataclasses.replace(f, level=level))
    if any(f.level == "MUST" and not matrix.row(f.row).subordinate for f in out):
        out = [f for f in out if not matrix.row(f.row).subordinate]
    return out


# Findings that are robustness by what they report, whatever row they land on: the adapter raised
# or hung (the runner's own findings), or the run never reached a terminal event.
_ROBUST_SOURCES = frozenset({"runner", TERMINAL_MISSING})
NOT_GRADED = "not graded, the input breaks the provider contract"
NOT_SPECIFIED = "not graded, no published rule says what an adapter owes here"
NOT_GRADED_UNSCRIPTED = "not graded, the adapter asked for the unscripted turn"


def contract_scoped(findings: list[Finding], scenario: Scenario, matrix: Matrix,
                    unscripted: int | None = None) -> list[Finding]:
    """For a scenario marked ``contract`` (its input breaks the provider contract on purpose), the
    findings on rows that are neither robustness rows nor in ``contract.covered_by`` become
    information (level MAY, the message says why); other scenarios' findings are unchanged.

    A run whose adapter asked for a turn past the scenario's last (``unscripted``: an agent loop
    that re-asks after an unknown tool, malformed arguments, an empty reply) is scoped the same way,
    with no ``covered_by``: what the scenario expected was written for one model call, and what
    an agent does after a refused call is no published rule, only robustness is.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "usage.absent.001")
    >>> [(f.level, f.message[:20]) for f in contract_scoped(
    ...     [Finding(row="8.3.absent", message="usage reported", level="MUST"),
    ...      Finding(row="8.1.18", message="two terminals", level="MUST")], s, catalog())]
    [('MAY', 'not graded, the inpu'), ('MUST', 'two terminals')]
    """
    if scenario.unspecified is not None and unscripted is None:
        findings = [f if f.row not in scenario.unspecified.rows or f.level == "MAY" else dataclasses.replace(
            f, level="MAY", message=f"{NOT_SPECIFIED} ({scenario.unspecified.why}; was {f.level}): {f.message}")
            for f in findings]
    if scenario.contract is None and unscripted is None:
        return findings
    keep = set(scenario.contract.covered_by) if scenario.contract is not None and unscripted is None else set()
    why = NOT_GRADED if unscripted is None else f"{NOT_GRADED_UNSCRIPTED} {unscripted}"
    out: list[Finding] = []
    for f in findings:
        if matrix.row(f.row).robustness or f.row in keep or f.source in _ROBUST_SOURCES or f.level == "MAY":
            out.append(f)
        else:
            out.append(dataclasses.replace(f, level="MAY", message=f"{why} (was {f.level}): {f.message}"))
    return out


def _assemble(result: CaseResult, findings: list[Finding], output: str, matrix: Matrix, strict: bool,
              scenario: Scenario, unscripted: int | None = None) -> None:
    result.findings = contract_scoped(levelled(findings, output, matrix), scenario, matrix, unscripted)
    by_axis: dict[str, list[str]] = {"content": [], "termination": []}
    for f in result.findings:
        level = f.level or "MUST"
        if strict and level == "SHOULD":
            level = "MUST"
        by_axis[matrix.row(f.row).axis].append(level)
    result.content = grade_levels(by_axis["content"])
    result.termination = grade_levels(by_axis["termination"])
