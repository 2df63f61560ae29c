"""The one object every check reads: the run record, the scenario, and what follows from them.

It is built once per graded case, before any check runs, and never changes after: a check reads it
and returns its own findings; no check sees or rewrites another's.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.execution import execute
    >>> from conformance.reference import agui
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> ctx = build_context(execute(agui, s, "v3"), s, Settings())
    >>> ctx.protocol.name, ctx.expected.text == ctx.actual.text, ctx.cause is None
    ('ag-ui', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from conformance import bridge, refusal
from conformance.contract import Capabilities, Policies
from conformance.expectations import expected_under, truncated
from conformance.output_validation import Rejection, answered_calls, rejectable, rejection, rejection_expected
from conformance.protocols import protocol
from conformance.protocols.base import OutputProtocol
from conformance.retrieval_sources import retrieval_calls, without_calls
from conformance.run_record import RunRecord
from conformance.settings import Settings
from mock_provider import minted
from mock_provider.parts import Finish, ToolCall, ToolInputStart
from mock_provider.scenario import Scenario
from mock_provider.servers import served_expected
from mock_provider.transcript import Transcript

# The 8.1 row each upstream part type belongs to: when a run ends the wrong way, the part it
# ended on names the broken rule.
PART_ROWS: dict[str, str] = {
    "stream-start": "8.1.1",
    "response-metadata": "8.1.2",
    "text-start": "8.1.4",
    "text-delta": "8.1.4",
    "text-end": "8.1.5",
    "reasoning-start": "8.1.7",
    "reasoning-delta": "8.1.7",
    "reasoning-end": "8.1.8",
    "tool-input-start": "8.1.9",
    "tool-input-delta": "8.1.10",
    "tool-input-end": "8.1.12",
    "tool-call": "8.1.12",
    "tool-result": "8.1.14",
    "tool-approval-request": "8.1.15",
    "file": "8.1.16",
    "reasoning-file": "8.1.16",
    "source": "8.1.16",
    "custom": "8.1.16",
    "raw": "8.1.16",
    "ping": "8.1.16",
    "error": "8.1.17",
    "finish": "8.1.18",
    "step-start": "bridge.steps",
    "step-finish": "bridge.steps",
    # Mastra agent-loop chunks: a tool's failure is its result; the others change nothing shown (ignored).
    "tool-error": "8.1.14",
    "tool-call-suspended": "8.1.16",
    "tool-output-denied": "8.1.16",
    "reasoning-signature": "8.1.16",
    "redacted-reasoning": "8.1.16",
    "abort": "8.1.16",
    "object": "8.1.16",
    "object-result": "8.1.16",
    "data": "8.1.16",
    "tripwire": "8.1.16",
    "background-task": "8.1.16",
}


@dataclass(frozen=True)
class GradeContext:
    """Everything a check may read. ``cause`` is the row of the upstream step the run stopped on when
    it stopped the wrong way or too early (None: it ended as expected, the primary row applies)."""

    record: RunRecord
    scenario: Scenario
    settings: Settings
    capabilities: Capabilities
    protocol: OutputProtocol
    expected: Transcript
    actual: Transcript
    bridge: bool
    cause: str | None
    upstream_finish: str | None
    has_provider_calls: bool
    truncated: bool = False  # the upstream just stopped: no finish, no error (row 8.1.19)
    # The stream the lifecycle and the transcript read: the record's events, plus the error terminal a
    # run that failed through its declared channel stands for (outcome 'failed', :func:`graded_events`).
    events: tuple[Any, ...] = ()
    # The documented reading the run took of a refusal on the wire (conformance.refusal; None: no refusal,
    # or no documented reading): ``expected`` is that reading's transcript.
    refusal_reading: refusal.Reading | None = None
    # How an agent that declared output_validation 'retry' rejected the answer (None: graded as the scenario says).
    rejected: Rejection | None = None
    # Calls that show a source the wire says only as a retrieval tool's output (conformance.retrieval_sources):
    # left out of the transcript and of the consumer views.
    retrieval_calls: frozenset[str] = frozenset()

    @cached_property
    def policies(self) -> Policies:
        """The declared choices, undeclared protocol-dependent ones at the output protocol's default.

        Worked out once per context: four checks read it for every graded run, and each reading copied the
        model again.
        """
        return self.capabilities.policies.resolved(self.capabilities.output)

    @property
    def primary_row(self) -> str:
        return self.scenario.rows[0]

    @property
    def fixed_picture(self) -> bool:
        """Whether the scenario fixes what a consumer shows (the consumer rows grade only then): not where a
        POLICY choice (missing_finish 'error') changed the run's end, nor under another documented reading
        of a refusal (row refusal.shown grades that)."""
        if self.expected.terminal != self.scenario.expected_for(self.record.dialect).terminal:
            return False
        return self.refusal_reading in (None, "text")


def build_context(record: RunRecord, scenario: Scenario, settings: Settings) -> GradeContext:
    """The context of a record whose adapter declared its capabilities."""
    caps = record.capabilities
    if caps is None:
        raise ValueError(f"{record.case_id}: a record without capabilities cannot be graded by the checks")
    proto = protocol(caps.output)
    bridged = bridge.declared(caps)
    # What the declared server can report (xAI's Responses usage has no cache-write count), and the words of the
    # mock's refusal of an unscripted turn only where the kit knows the server's error body.
    expected = served_expected(scenario.expected_for(record.dialect), caps.server, record.dialect,
                               refused=record.unscripted_turn() is not None)
    if bridged:
        expected = bridge.expected_for(expected)
    # The declared POLICY choices decide what a correct run looks like (missing finish, finish reason).
    expected = expected_under(expected, scenario, caps.policies, caps.output, record.dialect)
    events = graded_events(record, proto)
    actual = proto.extract(list(events))
    # The stream's strings matter only to a call the adapter shows under a longer id (minted.carried_ids): with no
    # call on either side they are not walked.
    said = minted.strings(events) if expected.tool_calls and actual.tool_calls else set()
    names = minted.renames(expected, actual, minted.wire_aliases(scenario, record.dialect), said)
    if names:  # calls the consumer named itself or under the wire's other id: read as the scripted ones, everywhere
        record = replace(record, events=minted.renamed(record.events, names))
        events = graded_events(record, proto)
        actual = proto.extract(list(events))
    # A source the wire says only as a retrieval's output, shown as the provider's own call: the source shown.
    retrieval = retrieval_calls(scenario, record.dialect, actual)
    actual = without_calls(actual, retrieval)
    actual = consumer_end(proto, expected, actual)
    # A refusal has several documented readings (issue 15): the run is compared with the one it took.
    finishes = proto.refusal_finishes if caps.reports_finish_reason else None
    taken = refusal.reading(expected, actual, refusal.refusal_deltas(scenario, record.dialect), finishes)
    expected = refusal.expected_under(expected, actual, taken)
    rejected = _rejected(record, scenario, caps, expected, actual)
    if rejected is not None:
        # An agent that declared output_validation 'retry' rejected the answer: its error is the outcome.
        expected = rejection_expected(expected, actual, answered_calls(scenario, record.upstream))
    parts = scenario.parts()
    return GradeContext(
        record=record, scenario=scenario, settings=settings, capabilities=caps, protocol=proto, expected=expected,
        actual=actual, bridge=bridged, rejected=rejected,
        cause=None if rejected is not None else _cause(scenario, record, expected.terminal, actual.terminal),
        upstream_finish=next((s.part.finish_reason.unified for s in scenario.turn_scripts()[-1]
                              if isinstance(s.part, Finish)), None),  # an agent loop's last turn
        has_provider_calls=any(isinstance(p, ToolCall | ToolInputStart) and p.provider_executed for p in parts),
        truncated=truncated(scenario), events=events, refusal_reading=taken, retrieval_calls=retrieval)


def _rejected(record: RunRecord, scenario: Scenario, caps: Capabilities, expected: Transcript,
              actual: Transcript) -> Rejection | None:
    """How the agent rejected the model's answer, where its adapter declared ``output_validation: retry``."""
    if caps.policies.output_validation != "retry" or not record.upstream_known:
        return None
    return rejection(rejectable(scenario, expected), scenario, record.upstream, actual, expected)


def graded_events(record: RunRecord, proto: OutputProtocol) -> tuple[Any, ...]:
    """The events graded: the record's, then, for a run that failed through the failure channel its
    adapter declared (an AG-UI AbstractAgent's run() Observable errored), the terminal that failure is;
    for a run answered with an HTTP error before any event, what that answer is to the protocol's client.

    >>> from conformance.protocols import protocol
    >>> rec = RunRecord(case_id="c", scenario_id="s", dialect="openai-chat", adapter="a", outcome="failed",
    ...                 error_text="HTTP 500", events=({"type": "RUN_STARTED"},))
    >>> [e["type"] for e in graded_events(rec, protocol("ag-ui"))]
    ['RUN_STARTED', 'RUN_ERROR']
    """
    if record.outcome == "http-error" and proto.http_failure is not None:
        return (*record.events, *proto.http_failure(record.reason))  # answered with an HTTP error: no stream
    if record.outcome != "failed" or proto.failure_event is None:
        return record.events
    return (*record.events, proto.failure_event(record.error_text or record.reason))


def stopped_turn(scenario: Scenario, record: RunRecord) -> Scenario:
    """The scenario as the turn the run stopped in sees it (its script is that turn's): positions and
    ``final_position`` count the steps of the last model call read. Turn 1 for a single-turn scenario.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> stopped_turn(s, RunRecord(case_id="c", scenario_id=s.id, dialect="v3", adapter="a")) is s
    True
    """
    turns = [c.turn for c in record.upstream if c.turn is not None and not c.past_last_turn]
    turn = turns[-1] if turns else 1
    return scenario.for_turn(turn) if 1 < turn <= scenario.turn_count() else scenario


def consumer_end(proto: OutputProtocol, expected: Transcript, actual: Transcript) -> Transcript:
    """``actual`` with the end its consumer shows: a stream with no terminal event is a finish where the protocol's
    consumer reads it so (``OutputProtocol.clean_end``) and the run was to finish; the lifecycle still
    grades the missing event, from the events.

    >>> from conformance.protocols import protocol
    >>> consumer_end(protocol("ui-message-stream"), Transcript(), Transcript(terminal="none")).terminal
    'finished'
    >>> consumer_end(protocol("ag-ui"), Transcript(), Transcript(terminal="none")).terminal
    'none'
    """
    if actual.terminal == "none" and expected.terminal == "finished" and proto.clean_end is not None:
        return actual.model_copy(update={"terminal": "finished"})
    return actual


def _cause(scenario: Scenario, record: RunRecord, expected_terminal: str, actual_terminal: str) -> str | None:
    """:func:`terminal_row` in the turn the run stopped in. An agent loop that errored in a turn before
    its last stopped early (the failure the scenario expects comes in a later turn): the part it
    stopped on is to blame."""
    view = stopped_turn(scenario, record)
    last = scenario.turn_scripts()[-1]
    if (scenario.turn_count() > 1 and view.script is not last and expected_terminal == "error"
            and actual_terminal == "error" and first_failing_step(view) is None):
        return _stopped_on(view, record.final_position)
    return terminal_row(view, record, expected_terminal, actual_terminal)


def first_failing_step(scenario: Scenario) -> int | None:
    """Index of the first step that makes the upstream fail (error part or fault).

    >>> from mock_provider.scenario import load_corpus
    >>> first_failing_step(next(s for s in load_corpus() if s.id == "text.basic.001")) is None
    True
    """
    for i, step in enumerate(scenario.script):
        if step.fault is not None and step.fault.kind != "split":
            return i
        if step.part is not None and step.part.type == "error":
            return i
        if isinstance(step.part, Finish) and step.part.finish_reason.unified == "error":
            return i
    return None


def terminal_row(scenario: Scenario, record: RunRecord, expected_terminal: str, actual_terminal: str) -> str | None:
    """The row of the upstream step the run stopped on, when it stopped the wrong way or too early.

    None: the run ended as expected (or the cause is unknown); the primary row applies.
    """
    consumed = record.final_position
    if expected_terminal == "aborted" and record.abort_event_index is not None:
        return None  # every difference of an abort case is the abort rule's
    # (An abort case that ended before the abort was even reached: the part it stopped on is to blame.)
    if expected_terminal == "error":
        failing = first_failing_step(scenario)
        structured = scenario.expected.structured
        if failing is None and structured is not None and structured.error is not None:
            failing = len(scenario.script)  # no result can be made: that failure comes after the upstream
        if failing is None and any(t.server for t in scenario.request.tools) and not truncated(scenario):
            failing = len(scenario.script)  # an agent loop's next model call is refused: after this turn
        cut = failing is None and truncated(scenario)
        if cut:
            failing = len(scenario.script)  # missing_finish 'error': the upstream "fails" by just ending
        if actual_terminal != "error" or failing is None or consumed > failing or (cut and consumed >= failing):
            return None  # swallowed, late, or at the truncation itself: the scenario's own (primary) row
        # The run errored before the upstream failed: the part it stopped on is to blame.
    elif actual_terminal == "finished":
        return None
    return _stopped_on(scenario, consumed)


def _stopped_on(scenario: Scenario, consumed: int) -> str | None:
    if consumed >= len(scenario.script):
        if scenario.request.output_schema is not None:
            return None  # the structured result is made after the upstream ended: the scenario's own row
        has_finish = any(isinstance(s.part, Finish) for s in scenario.script)
        return "8.1.18" if has_finish else "8.1.19"
    if consumed <= 0:
        return None
    step = scenario.script[consumed - 1]
    if step.raw_part is not None:
        return "8.1.16"
    if step.part is not None:
        return PART_ROWS.get(step.part.type)
    return None

