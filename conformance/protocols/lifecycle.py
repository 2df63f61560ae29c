"""The one lifecycle interpreter every output protocol's state-machine table runs on.

A protocol module keeps only data: a :class:`Table` says which event type belongs to which
entity (or to the run) and with which :data:`Op`, the run-phase machine (:class:`RunStep` per
``(phase, role)``), the entities (:class:`Entity`, keyed by an id field), the entity machine
(``(state, op) -> (next state, row)``) and the :class:`Wording` of its findings. A protocol
whose events also need a per-event check the two machines do not express (the legacy chunks'
cumulative ``content`` and tool-call slots) adds a :data:`CheckFactory`. :func:`run` walks
the stream once and returns the findings, each naming its matrix row.

Example:
    >>> table = Table(
    ...     events={"go": ("run", "run-start"), "stop": ("run", "run-finish"),
    ...             "open": ("box", "open"), "shut": ("box", "close")},
    ...     roles={"run-start": "start", "run-finish": "finish"},
    ...     body_role="body",
    ...     start_phase="before",
    ...     phases={("before", "start"): RunStep("running", None),
    ...             ("before", "body"): RunStep("running", "8.1.0", "first event is {type}"),
    ...             ("before", "finish"): RunStep("ended", "8.1.0", "first event is {type}", interpret=False),
    ...             ("running", "start"): RunStep("running", None),
    ...             ("running", "body"): RunStep("running", None),
    ...             ("running", "finish"): RunStep("ended", None, check_open=True),
    ...             ("ended", "start"): RunStep("ended", "8.1.18", "{type} after the end", interpret=False),
    ...             ("ended", "body"): RunStep("ended", "8.1.18", "{type} after the end", interpret=False),
    ...             ("ended", "finish"): RunStep("ended", "8.1.18", "{type} after the end", interpret=False)},
    ...     ended=frozenset({"ended"}),
    ...     entities={"box": Entity("box", "id", unclosed_row="8.1.5")},
    ...     transitions={("absent", "open"): ("open", None), ("open", "close"): ("closed", None)},
    ...     wording=Wording(unreadable="an unreadable event", finish="stop", error="-",
    ...                     no_terminal="no stop", verbs={}, states={}, rows={}),
    ... )
    >>> [(f.row, f.event_index, f.message) for f in run(table, [{"type": "go"}, {"type": "open", "id": "b1"},
    ...                                                          {"type": "stop"}])]
    [('8.1.5', 2, "box 'b1' still open at stop")]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from conformance.findings import Finding

# Every operation an event can perform. ``run-*`` ops go to the run-phase machine (through the
# table's ``roles``); ``step-end`` drops the open entities the table marks (reporting them);
# ``step-reset`` discards the current step's entities of those kinds silently (ai 7 ``reset-step``:
# the step is redone, so what it opened may be opened again); ``step-start`` marks where a step
# begins; the rest go to the entity machine.
Op = Literal[
    "run-start",
    "run-finish",
    "run-error",
    "run-abort",
    "run-trailer",  # a chunk the legacy engine itself appends after its terminal
    "open",
    "feed",
    "close",
    "complete",  # the call is exposed as complete (with or without a start)
    "refer",  # names an existing entity without changing it
    "step-end",
    "step-start",
    "step-reset",
]
# Where one entity id stands. "fed" = open with content; "orphan" = content arrived before its
# open: one 8.4.2, and the late open then opens an entity that already has content.
State = Literal["absent", "orphan", "open", "fed", "closed"]
OPEN_STATES: frozenset[State] = frozenset({"open", "fed"})

P = TypeVar("P", bound=str)  # a protocol's run phases
R = TypeVar("R", bound=str)  # a protocol's run roles


@dataclass(frozen=True)
class Entity:
    """One kind of thing that is opened, fed and closed by id within a run."""

    label: str
    id_key: str
    unclosed_row: str  # still open at the finish (and, if dropped, at a step end)
    delta_key: str = "delta"  # where a feed event carries its content
    dropped_at_step_end: bool = False  # a step end makes the consumer forget open ones of this kind
    empty_delta_row: str | None = None  # a feed event whose delta is ""
    empty_close_row: str | None = None  # open..close with no non-empty delta in between
    reopen_row: str | None = None  # opened again after it closed (None: allowed)
    restart_row: str | None = None  # opened again while open, where a table names it per entity
    late_feed_row: str | None = None  # fed after it closed, where a table names it per entity
    name_keys: tuple[str, ...] = ()  # a named entity (a tool call): where its events carry the name
    # Keys that make a feed event with an empty delta carry something the consumer keeps (so it is no
    # empty delta), though it adds no content: the AI SDK's providerMetadata on a reasoning-delta.
    payload_keys: tuple[str, ...] = ()
    # Where an event names the owner the id is scoped to (AG-UI's subagentRunId: a step name is unique only
    # within one agent). An event without it is the unscoped owner's.
    scope_key: str | None = None


@dataclass(frozen=True)
class EntityRow:
    """A row that depends on the entity: names the :class:`Entity` attribute holding it."""

    attr: str


RowSpec = str | EntityRow | None


@dataclass(frozen=True)
class RunStep(Generic[P]):
    """One cell of the run-phase machine: where the run goes and what, if anything, is wrong."""

    next: P
    row: str | None
    message: str = ""  # format field: {type}
    check_open: bool = False  # report entities still open (the finish)
    interpret: bool = True  # feed the event to the entity machine and the checks
    note_open: bool = False  # record (INFO) entities left open (an error: allowed, worth knowing)
    quiet_step_end: bool = False  # a step end drops open entities without reporting them (after an error)
    # Overrides the row's level for this cell: a case of a MUST row that harms no user of the protocol
    # (its official consumer accepts it and shows the same state) is a producer's habit, a SHOULD.
    level: str | None = None


@dataclass(frozen=True)
class Wording:
    """How one protocol's findings read (format fields ``{type}``, ``{label}``, ``{ident}``)."""

    unreadable: str  # stands for ``{type}`` when the event has no readable type
    finish: str  # the finishing event, as in "still open at <finish>"
    error: str  # the error event, as in "left open at <error>"
    no_terminal: str  # the message when the stream ends without a terminal
    verbs: Mapping[str, str]  # op -> verb of an 8.4.2 message ("uses" if absent)
    states: Mapping[str, str]  # state -> how an 8.4.2 message describes it
    rows: Mapping[str, str]  # op (or "op@state") -> message of its entity-dependent row (empty delta, reopen ...)
    step_end: str = "a step end"
    # The legacy chunks' messages name an empty-string type as it is; the others call it unreadable.
    blank_type_is_unreadable: bool = True


# A stateful per-stream check: called with each interpreted event, returns (row, message) pairs.
Check = Callable[[dict[str, Any]], list[tuple[str, str]]]
CheckFactory = Callable[[], Check]


@dataclass(frozen=True)
class Table(Generic[P, R]):
    """One protocol's whole lifecycle as data."""

    events: Mapping[str, tuple[str, Op]]  # event type -> (entity kind or "run"/"step", op)
    roles: Mapping[Op, R]  # run op -> run role; every other event has ``body_role``
    body_role: R
    start_phase: P
    phases: Mapping[tuple[P, R], RunStep[P]]
    ended: frozenset[P]  # phases in which the stream may end
    entities: Mapping[str, Entity]
    transitions: Mapping[tuple[State, Op], tuple[State, RowSpec]]
    wording: Wording
    checks: CheckFactory | None = None
    not_open_row: str = "8.4.2"
    info_row: str = "info.open-at-error"
    missing_terminal_row: str = "8.1.18"
    # Where the consumer reads a stream that just ends as a bare finish, the (row, message) of a missing terminal in
    # a run that was to finish and where nothing failed: a producer's habit the user does not see. None: every
    # missing terminal is the fault of the scenario's row or of the step the run stopped on.
    clean_end: tuple[str, str] | None = None
    # The tool call (id, name) an event names, for the findings of ``checks`` at that event.
    call_of: Callable[[dict[str, Any]], tuple[str | None, str | None]] | None = None
    # Where a run-start event names its message: a consumer that starts afresh when a start names
    # another message than the one it holds forgets every entity there (``readUIMessageStream``).
    message_key: str | None = None
    # (request type, response type, id key): a response must answer an approval a request of the
    # current message asked for; the consumer looks the approval up on its tool parts and throws
    # otherwise (ai 7's tool-approval-response). Requests of a reset step are gone with its parts.
    approvals: tuple[str, str, str] | None = None


def event_type(event: Any) -> str | None:
    """An event's ``type`` when it is a string (garbage has none).

    >>> event_type({"type": "start"}), event_type({"type": 3}), event_type(None)
    ('start', None, None)
    """
    if isinstance(event, dict):
        etype = event.get("type")
        if isinstance(etype, str):
            return etype
    return None


class _Walk(Generic[P, R]):
    """One pass over one stream: the run phase, each entity id's state, the findings so far."""

    def __init__(self, table: Table[P, R]) -> None:
        self.table = table
        self.phase: P = table.start_phase
        self.states: dict[tuple[str, str], State] = {}
        self.names: dict[tuple[str, str], str] = {}  # a named entity's name, from the first event that has it
        self.findings: list[Finding] = []
        self.check = table.checks() if table.checks is not None else None
        self.step_ids: set[tuple[str, str]] = set()  # entity ids used since the last step-start
        self.message_id: Any = ""  # the message the consumer holds (readUIMessageStream starts with "")
        self.forgotten: set[tuple[str, str]] = set()  # entity ids a start naming another message dropped
        self.approvals: set[Any] = set()  # approval ids the message's tool parts carry
        self.step_approvals: set[Any] = set()  # ... asked for since the last step-start

    def add(self, row: str, message: str, index: int, call: tuple[str | None, str | None] | None = None,
            level: str | None = None) -> None:
        call_id, name = call if call is not None else (None, None)
        self.findings.append(Finding(row=row, message=message, event_index=index, source="lifecycle",
                                     tool_call_id=call_id, tool_name=name, level=level))

    def call(self, kind: str, ident: str) -> tuple[str | None, str | None] | None:
        """The (id, name) a finding about this entity names, when the entity is a tool call."""
        return (ident, self.names.get((kind, ident))) if self.table.entities[kind].name_keys else None

    def still_open(self, kinds: Sequence[str]) -> list[tuple[str, str]]:
        return [(k, i) for (k, i), st in self.states.items() if k in kinds and st in OPEN_STATES]

    def event(self, index: int, event: Any) -> None:
        table, words = self.table, self.table.wording
        etype = event_type(event)
        kind, op = table.events.get(etype or "", ("", "feed"))
        role = table.roles.get(op, table.body_role) if kind == "run" else table.body_role
        step = table.phases[(self.phase, role)]
        if step.row is not None:
            blank = not etype if words.blank_type_is_unreadable else etype is None
            self.add(step.row, step.message.format(type=words.unreadable if blank else etype), index,
                     level=step.level)
        self.phase = step.next
        if op == "run-start" and kind == "run" and isinstance(event, dict):
            self.message_start(event)
        if step.check_open:
            for open_kind, open_id in self.still_open(list(table.entities)):
                ent = table.entities[open_kind]
                self.add(ent.unclosed_row, f"{ent.label} {open_id!r} still open at {words.finish}", index,
                         self.call(open_kind, open_id))
        if step.note_open:
            left = [f"{table.entities[k].label} {i!r}" for k, i in self.still_open(list(table.entities))]
            if left:
                self.findings.append(Finding(row=table.info_row, event_index=index, source="lifecycle",
                                             message=f"left open at {words.error}: {', '.join(left)}"))
        if not step.interpret or not isinstance(event, dict):
            return
        if op == "step-end":
            self.step_end(index, report=not step.quiet_step_end)
        elif op == "step-start":
            self.step_ids.clear()
            self.step_approvals.clear()
        elif op == "step-reset":
            self.step_reset()
        elif kind in table.entities:
            self.entity(index, event, etype or "", table.entities[kind], kind, op)
        if table.approvals is not None:
            self.approval(index, event, etype)
        if self.check is not None:
            call = table.call_of(event) if table.call_of is not None else None
            for row, message in self.check(event):
                self.add(row, message, index, call)

    def message_start(self, event: dict[str, Any]) -> None:
        # A start naming another message makes readUIMessageStream start a new one (its
        # resetStateOnMessageIdChange, ai 6.0.326 dist/index.js:6640, ai 7.0.173 :7548): every part and
        # call the stream opened so far is gone, so a later chunk naming one is a chunk for nothing open.
        key = self.table.message_key
        new_id = event.get(key) if key is not None else None
        if new_id is None or new_id == self.message_id:
            return
        self.message_id = new_id
        self.forgotten |= set(self.states)
        self.states.clear()
        self.step_ids.clear()
        self.approvals.clear()
        self.step_approvals.clear()

    def approval(self, index: int, event: dict[str, Any], etype: str | None) -> None:
        # An approval is asked for on a tool part the consumer has (a request naming an unknown call is
        # already a finding of its own, and the consumer threw there); an answer must name one it holds.
        # A request that replaces a call's earlier approval is not followed: that answer is missed, not
        # wrongly reported.
        assert self.table.approvals is not None
        request, response, key = self.table.approvals
        ident = event.get(key)
        if etype == request and self.findings and self.findings[-1].event_index == index \
                and self.findings[-1].row == self.table.not_open_row:
            return  # the request named a call the consumer does not have
        if etype == request:
            self.approvals.add(ident)
            self.step_approvals.add(ident)
        elif etype == response and ident not in self.approvals:
            self.add(self.table.not_open_row, f"{etype} answers approval {ident!r}, which no {request} of this "
                     "message asked for (the consumer finds no tool part carrying it and throws)", index)

    def step_end(self, index: int, report: bool = True) -> None:
        # The consumer forgets these open entities here: later deltas for them are errors.
        dropped = [k for k, e in self.table.entities.items() if e.dropped_at_step_end]
        for open_kind, open_id in self.still_open(dropped):
            ent = self.table.entities[open_kind]
            if report:
                self.add(ent.unclosed_row,
                         f"{ent.label} {open_id!r} still open at {self.table.wording.step_end}", index,
                         self.call(open_kind, open_id))
            self.states[(open_kind, open_id)] = "absent"

    def step_reset(self) -> None:
        # The consumer forgets every open entity of these kinds and removes the step's parts, so the
        # step's ids start afresh (ai 7.0.173 dist/index.js 7536-7545).
        dropped = {k for k, e in self.table.entities.items() if e.dropped_at_step_end}
        for key, state in list(self.states.items()):
            if key[0] in dropped and (state in OPEN_STATES or key in self.step_ids):
                del self.states[key]
        self.step_ids.clear()
        self.approvals -= self.step_approvals
        self.step_approvals.clear()

    def entity(self, index: int, event: dict[str, Any], etype: str, ent: Entity, kind: str, op: Op) -> None:
        ident = event.get(ent.id_key)
        if not isinstance(ident, str):
            return  # schema_errors reports the missing id
        scope = event.get(ent.scope_key) if ent.scope_key is not None else None
        if isinstance(scope, str):
            ident = f"{ident} (subagent {scope!r})"
        state = self.states.get((kind, ident), "absent")
        for key in ent.name_keys:
            if isinstance(event.get(key), str):
                self.names.setdefault((kind, ident), event[key])
        new_state, spec = self.table.transitions[(state, op)]
        row = getattr(ent, spec.attr) if isinstance(spec, EntityRow) else spec
        if op == "feed" and row is None and event.get(ent.delta_key) == "":
            if not any(event.get(key) is not None for key in ent.payload_keys):
                row = ent.empty_delta_row
            new_state = state  # an empty delta is not content (an open..close around it is empty too)
        if row is not None:
            message = self.message(etype, ent, ident, state, op, row)
            if row == self.table.not_open_row and state == "absent" and (kind, ident) in self.forgotten:
                message = (f"{etype} {self.table.wording.verbs.get(op, 'uses')} {ent.label} {ident!r}, which the "
                           "consumer forgot at a start chunk naming another message (it starts the message over)")
            self.add(row, message, index, self.call(kind, ident))
        self.states[(kind, ident)] = new_state
        self.step_ids.add((kind, ident))

    def message(self, etype: str, ent: Entity, ident: str, state: State, op: Op, row: str) -> str:
        words = self.table.wording
        if row == self.table.not_open_row:
            verb = words.verbs.get(op, "uses")
            return f"{etype} {verb} {ent.label} {ident!r}, which is {words.states[state]}"
        return words.rows.get(f"{op}@{state}", words.rows[op]).format(type=etype, label=ent.label, ident=ident)

    def end(self) -> list[Finding]:
        if self.phase not in self.table.ended:
            self.findings.append(Finding(row=self.table.missing_terminal_row, source="lifecycle-terminal-missing",
                                         message=self.table.wording.no_terminal))
        return self.findings


def run(table: Table[P, R], events: Sequence[Any]) -> list[Finding]:
    """Apply ``table``'s run-phase machine, entity machine and checks to a whole stream.

    >>> from conformance.protocols.ui_message_stream import TABLE
    >>> [(f.row, f.event_index) for f in run(TABLE, [{"type": "start"}, {"type": "text-end", "id": "t1"}])]
    [('8.4.2', 1), ('8.1.18', None)]
    """
    walk = _Walk(table)
    for index, event in enumerate(events):
        walk.event(index, event)
    return walk.end()
