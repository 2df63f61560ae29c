"""The run record: everything one case's run produced, as plain data, and nothing graded yet.

Running a case (:mod:`conformance.execution`) produces one :class:`RunRecord`; grading
(:mod:`conformance.grading`) is a pure function of that record and the scenario. A live run, an
HTTP or harness target and a recording all reach the grader as a record, so the same case is
graded by the same rules whichever way it arrived. The record round-trips through JSON
(:meth:`RunRecord.to_json` / :meth:`RunRecord.from_json`), which is how a recording carries it.

Example:
    >>> rec = RunRecord(case_id="text.basic.001[v3]", scenario_id="text.basic.001", dialect="v3",
    ...                 adapter="demo", events=({"type": "RUN_STARTED", "threadId": "t", "runId": "r"},))
    >>> RunRecord.from_json(rec.to_json()) == rec
    True
    >>> rec.outcome
    'completed'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

from conformance.contract import Capabilities
from conformance.findings import Finding

# How the run ended before any event was graded, in the order the grader asks:
# 'not-expressible': the dialect or the target's transport cannot carry the scenario;
# 'setup-error': the factory raised; 'timed-out' / 'too-many-events': the adapter hung or ran away;
# 'harness-error': the process hosting the adapter broke; 'raised': stream() raised;
# 'failed': it raised through the failure channel its capabilities declare (``failure_channel:
# observable``, an AG-UI AbstractAgent whose run() Observable errored), or through its protocol's own delivery
# (``raise_is_failure``: TanStack's sends a chat() iterator's error as RUN_ERROR): the run's error terminal;
# 'completed': the stream ended (the usual case).
# 'http-error': the adapter answered with an HTTP error status before any event (contract.HttpErrorResponse),
# on a protocol whose client reads that as the run's failure; ``error_text`` is the response body.
Outcome = Literal["not-expressible", "setup-error", "timed-out", "too-many-events", "harness-error", "raised",
                  "failed", "http-error", "completed"]


@dataclass(frozen=True)
class UpstreamCall:
    """One upstream call of the case as the grader needs it (read from the request log at the run's end).

    ``end_after_abort``: seconds from the caller's abort to the call's end (None: still open when
    the runner stopped watching, or no abort). ``request`` is the call options in process and the
    JSON body over HTTP. ``turn`` is the 1-based turn of an agent loop the provider gave the call
    (from the assistant turns its conversation carried), ``attempt`` the 1-based attempt at that turn
    (a retry after a scripted 429 or 500 is attempt 2), both None when the call was refused before a
    scenario was picked; ``past_last_turn`` says the call asked for a turn the scenario does not
    script, which the provider refused (no replay; :mod:`mock_provider.turns`).
    ``started_at``/``ended_at`` are the request log's ``time.monotonic()`` stamps of the call's arrival
    and end (None: unknown, e.g. a recording made before they were kept); row ``retry.after`` compares
    a retry's arrival with the failed attempt's arrival. ``served_items`` are the output items the call's answer
    completed, on the wire whose later requests may name them by id alone (Responses' ``item_reference``;
    empty in a recording made before they were kept, where such a reference stays unread).
    """

    kind: str = "stream"
    request: Any = None
    aborted: bool = False
    client_left_early: bool = False
    steps_sent: int | None = None
    end_after_abort: float | None = None
    turn: int | None = None
    attempt: int | None = None
    past_last_turn: bool = False
    started_at: float | None = None
    ended_at: float | None = None
    served_items: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Modalities:
    """The adapter's ``input_modalities`` as read once after the run (see :mod:`conformance.modalities`).

    ``declared`` is the list it declared (None: none); ``problem`` says why it could not be read as a
    list (a raising property, a string), in which case ``declared`` is None.
    """

    declared: tuple[Any, ...] | None = None
    problem: str | None = None


@dataclass(frozen=True)
class RunRecord:
    """One case's run, ungraded. Immutable: the events are copies taken as they were yielded."""

    case_id: str
    scenario_id: str
    dialect: str
    adapter: str
    outcome: Outcome = "completed"
    reason: str = ""  # why the outcome is not 'completed' (the text an ERROR or NOT-EXPRESSIBLE shows)
    capabilities: Capabilities | None = None
    events: tuple[Any, ...] = ()
    # Per event: upstream steps the model had emitted when the event arrived, and whether it was exhausted.
    positions: tuple[int, ...] = ()
    exhausted: tuple[bool, ...] = ()
    positions_known: bool = True  # False over HTTP and for recordings without positions
    # Per event of an agent loop (several turns), the turn of the model call being read when it arrived:
    # positions count that call's steps. Empty for a single-turn scenario (every event is turn 1's).
    event_turns: tuple[int, ...] = ()
    not_json: tuple[int, ...] = ()
    oversize: tuple[int, ...] = ()
    final_position: int = 0
    silent_steps: frozenset[int] = frozenset()
    # The caller's abort: the index of the first event after it, and whether a timeout followed it.
    abort_event_index: int | None = None
    timed_out_after_abort: bool = False
    timeout_text: str = ""
    error_text: str = ""  # the exception stream() raised while the scenario expected an error event
    traceback: str = ""  # where the adapter's exception came from (factory or stream), for the report
    upstream_known: bool = True  # False for a recording made without the request log
    # (calls, steps) the case's upstream served: every model call it got, and the script steps it sent
    # (None: not counted, e.g. an endpoint whose model calls the suite cannot attribute to the case).
    upstream_served: tuple[int, int] | None = None
    upstream: tuple[UpstreamCall, ...] = ()
    # Requests the mock matched to no route (a wrong base URL or API version), kept when none of the case's
    # requests reached a model route: "POST /x/v1/chat/completions (404)".
    unrouted: tuple[str, ...] = ()
    upstream_watched: float = 0.0  # seconds the runner watched the upstream after the abort
    served_over_http: bool = False
    transport_findings: tuple[Finding, ...] = ()
    transport_broken: bool = False
    modalities: Modalities = field(default_factory=Modalities)
    duration_s: float = 0.0

    def unscripted_turn(self) -> int | None:
        """The first turn the adapter asked for past the scenario's last one (None: it asked for none).

        >>> RunRecord(case_id="c", scenario_id="s", dialect="v3", adapter="a", upstream=(
        ...     UpstreamCall(turn=1), UpstreamCall(turn=2, past_last_turn=True))).unscripted_turn()
        2
        """
        return next((c.turn for c in self.upstream if c.past_last_turn), None)

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict (the ``run`` of a recording's ``conformance`` tie)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "capabilities":
                value = value.model_dump(mode="json") if value is not None else None
            elif f.name == "transport_findings":
                value = [_finding_json(x) for x in value]
            elif f.name == "upstream":
                value = [dataclasses.asdict(c) for c in value]
            elif f.name == "modalities":
                value = {"declared": list(value.declared) if value.declared is not None else None,
                         "problem": value.problem}
            elif isinstance(value, tuple | frozenset):
                value = sorted(value) if isinstance(value, frozenset) else list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunRecord:
        """The record :meth:`to_json` wrote (unknown keys are an error: a newer writer)."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown run record field(s): {', '.join(sorted(unknown))}")
        kw: dict[str, Any] = dict(data)
        if kw.get("capabilities") is not None:
            kw["capabilities"] = Capabilities.model_validate(kw["capabilities"])
        kw["transport_findings"] = tuple(Finding(**x) for x in kw.get("transport_findings", ()))
        kw["upstream"] = tuple(UpstreamCall(**{**c, "served_items": tuple(c.get("served_items", ()))})
                               for c in kw.get("upstream", ()))
        mods = kw.get("modalities") or {}
        declared = mods.get("declared")
        kw["modalities"] = Modalities(declared=tuple(declared) if declared is not None else None,
                                      problem=mods.get("problem"))
        kw["silent_steps"] = frozenset(kw.get("silent_steps", ()))
        if kw.get("upstream_served") is not None:
            kw["upstream_served"] = tuple(kw["upstream_served"])
        for name in ("events", "positions", "exhausted", "not_json", "oversize", "event_turns", "unrouted"):
            if name in kw:
                kw[name] = tuple(kw[name])
        return cls(**kw)


def _finding_json(f: Finding) -> dict[str, Any]:
    return {k: v for k, v in dataclasses.asdict(f).items() if v is not None}
