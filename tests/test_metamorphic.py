"""Metamorphic tests of the grader: equal in, equal out; harm in, a worse verdict out.

Every reference adapter's output over the corpus (the v3 dialect) is rewritten by each rewrite of
its output protocol (``tests/metamorphic.py``) and graded again without running the adapter: the
run record keeps everything the run produced and only its events are replaced, each rewritten event
carrying the upstream position and turn of the event it came from. Then:

* an ``equal`` rewrite may not make a verdict worse (a worse axis, or a MUST/SHOULD row the
  original did not break), and the protocol's official consumer must show the same state for both
  streams: ``@ag-ui/client``'s ``AbstractAgent.runAgent`` (messages, state, run error, thrown error),
  ``@tanstack/ai``'s ``StreamProcessor`` (messages, result, error), ``ai`` 6's and 7's
  ``readUIMessageStream`` (the final message, in-band errors, acceptance), with ids compared by
  first appearance (an id's format is not what a user sees);
* a ``harmful`` rewrite must make every verdict it is applied to worse, and the consumer must show
  a different state.

Each protocol has at least 8 rewrites of each kind, each applied at least once. Node runs once per
oracle (one process for all streams). ``tanstack-legacy`` streams are read by that era's consumer,
``@tanstack/ai`` 0.2.2's ``StreamProcessor`` (``tools/legacy-consumer-oracle``: messages, result,
the errors handed to ``onError``), run as 0.2.x's ``ChatClient`` runs it. The AG-UI bridge reference
(``mastra`` dialect) is a fifth producer, rewritten with the AG-UI rewrites. The real adapters'
pinned runs (``tests/data/*.verdicts.json``) keep verdicts and rows only, not events, so they cannot
be rewritten here.

Where a rewrite the consumer reads the same is not an equal one by the kit's standards, it is not
in the equal list: RAW and ``*_CHUNK`` events are not in TanStack's published ``StreamChunk`` union
(``@tanstack/ai`` 0.58.0 types.d.ts ``AGUIEvent``), so for ``tanstack`` they are a schema MUST
(``tanstack.text-as-chunks`` is harmful: the processor has no case for them and shows no text);
a ``start-step`` adds a ``step-start`` part, so step markers are not rewritten. The tests at the end
pin the false alarms and the blind spots these rewrites found.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from conformance import node_oracle
from conformance.catalog import catalog
from conformance.execution import execute
from conformance.grading import as_played, grade
from conformance.reference import agui, agui_bridge, tanstack, tanstack_legacy
from conformance.reference import ui_message_stream as ums
from conformance.reference import ui_message_stream7 as ums7
from conformance.run_record import RunRecord
from conformance.runner import Settings
from conformance.verdict import ORDER, CaseResult
from mock_provider.scenario import Scenario, load_corpus
from tests.calibration import recorded_runs
from tests.metamorphic import AGUI, LEGACY, REWRITES, TANSTACK, UMS, Rewrite, origins, tag, untag

DIALECT = "v3"
BRIDGE = "ag-ui (bridge profile)"
# producer -> (reference adapter, rewrite family, how its Node oracle reads it, dialect)
PROTOCOLS: dict[str, tuple[Any, str, str, str]] = {
    "ag-ui": (agui, AGUI, "agui", DIALECT),
    "tanstack": (tanstack, TANSTACK, "tanstack", DIALECT),
    "ui-message-stream": (ums, UMS, "ui6", DIALECT),
    "ui-message-stream@7": (ums7, UMS, "ui7", DIALECT),
    BRIDGE: (agui_bridge, AGUI, "agui", "mastra"),  # AG-UI as @ag-ui/mastra's bridge sends it
    "tanstack-legacy": (tanstack_legacy, LEGACY, "legacy", DIALECT),
}
# Protocols with no reference adapter: rewritten on the pinned real adapters' recorded runs only
# (rewrite family, oracle).
RECORDED_ONLY: dict[str, tuple[str, str]] = {"ui-message-stream@5": (UMS, "ui5")}
# Equal rewrites that change what a declared profile documents. The bridge profile is opt-in
# (``Capabilities.features`` names ``bridge``): the adapter claims seed 001's conventions on top of
# AG-UI, and two of them are invisible to ``@ag-ui/client``. A rewrite that breaks one of them is equal
# for the consumer but not for the contract the adapter declared, so it may make the verdict worse
# only by that profile row, and only at SHOULD (a convention, not harm): checked below, not skipped.
DECLARED_PROFILE: dict[tuple[str, str], tuple[str, str]] = {
    (BRIDGE, "agui.extra-step"): ("bridge.steps", 'seed 001 "Step Events": "Mastra step boundaries are forwarded '
                                                  'as: STEP_STARTED { type, stepName: \"step\" }"'),
    (BRIDGE, "agui.message-ids"): ("bridge.tool-result-id", 'seed 001 "Tool Call Events": "messageId for tool '
                                                            'results follows the format \"tool-result-{toolCallId}\""'),
}
UNGRADED = frozenset({"NOT-EXPRESSIBLE", "UNSUPPORTED", "ERROR"})
# The ids a view names things by, not shows: a thinking part's stepId (TanStack) joins its deltas, like a message id.
ID_KEYS = frozenset({"id", "messageId", "toolCallId", "parentMessageId", "stepId"})


@dataclass
class Applied:
    protocol: str
    rewrite: Rewrite
    case_id: str
    before: CaseResult
    after: CaseResult
    original: list[Any]
    rewritten: list[Any]
    # The wire played a stream its provider never sends (conformance.grading.as_played: the anthropic wire's
    # interleaved blocks, or tool input that is no JSON object on a tool not asked for fine-grained streaming):
    # only robustness is graded there, as for a scenario marked ``contract``.
    off_contract: bool = False


@dataclass
class Study:
    applied: list[Applied] = field(default_factory=list)
    real_harmful: list[Applied] = field(default_factory=list)  # harmful rewrites of real adapters' clean runs
    views: dict[str, Any] = field(default_factory=dict)  # stream key -> the consumer's view
    node_missing: dict[str, str] = field(default_factory=dict)  # oracle -> why it cannot run here


def rewritten_record(record: RunRecord, events: list[dict[str, Any]]) -> RunRecord:
    """The record with these (tagged) events, each with the upstream facts of the event it came from."""
    src = origins(events)

    def per(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(values[o] for o in src) if values else values

    abort = record.abort_event_index
    if abort is not None:
        abort = next((i for i, o in enumerate(src) if o >= abort), len(events))
    return dataclasses.replace(record, events=tuple(untag(events)), positions=per(record.positions),
                               exhausted=per(record.exhausted), event_turns=per(record.event_turns),
                               abort_event_index=abort)


def worse(before: CaseResult, after: CaseResult, profile_row: str | None = None) -> list[str]:
    """How ``after`` grades worse than ``before`` (empty: not worse).

    With ``profile_row``: where every finding ``after`` has beyond ``before``'s rows is that
    declared-profile row at SHOULD or below, the axis it alone lowers is not counted.
    """
    rows = {f.row for f in before.findings if f.level in ("MUST", "SHOULD")}
    seen = {(f.row, f.level) for f in before.findings}
    extra = [f for f in after.findings if (f.row, f.level) not in seen]
    profile_only = bool(extra) and all(f.row == profile_row and f.level != "MUST" for f in extra)
    out = [f"{axis} {getattr(before, axis)} -> {getattr(after, axis)}" for axis in ("content", "termination")
           if ORDER[getattr(after, axis)] > ORDER[getattr(before, axis)]
           and not (profile_only and getattr(after, axis) in ("PASS-NONSTRICT", "INFO"))]
    out += [f"new {f.level} {f.row}: {f.message[:160]}" for f in after.findings
            if f.level in ("MUST", "SHOULD") and f.row not in rows and not profile_only]
    return out


def _key(protocol: str, events: list[Any]) -> str:
    return protocol + "\n" + json.dumps(events, sort_keys=True)


def _ids(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {k: (names.setdefault(v, f"<id-{len(names) + 1}>") if k in ID_KEYS and isinstance(v, str)
                    else _ids(v, names)) for k, v in value.items()}
    if isinstance(value, list):
        return [_ids(v, names) for v in value]
    return value


def _no_nulls(value: Any) -> Any:
    """Keys whose value is null dropped: the processor writes ``partial: null`` where another stream leaves it out."""
    if isinstance(value, dict):
        return {k: _no_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_no_nulls(v) for v in value]
    return value


def _views(streams: dict[str, tuple[str, list[Any]]]) -> dict[str, Any]:
    """One consumer view per stream key, from one Node process per oracle."""
    views: dict[str, Any] = {}
    by_oracle: dict[str, list[tuple[str, list[Any]]]] = {}
    for key, (oracle, events) in streams.items():
        by_oracle.setdefault(oracle, []).append((key, events))
    if "agui" in by_oracle:
        cases = [{"id": k, "events": ev, "view": True} for k, ev in by_oracle["agui"]]
        for r in node_oracle.run_agui(cases):
            v = r["view"]
            views[r["id"]] = _ids({"verdict": r["verdict"], "messages": v["messages"], "state": v["state"],
                                   "threw": v["error"] is not None, "runError": v["runError"],
                                   "finished": v["finished"]}, {})
    if "tanstack" in by_oracle:
        cases = [{"id": k, "output": "tanstack", "events": ev} for k, ev in by_oracle["tanstack"]]
        for r in node_oracle.run(cases):
            views[r["id"]] = _ids(_no_nulls({"messages": node_oracle.normalize(r["messages"]),
                                             "result": node_oracle.normalize(r["result"]), "error": r["error"]}), {})
    if "legacy" in by_oracle:
        for r in node_oracle.run_legacy([{"id": k, "events": ev} for k, ev in by_oracle["legacy"]]):
            views[r["id"]] = _ids(_no_nulls({"messages": node_oracle.normalize(r["messages"]),
                                             "result": r["result"], "errors": r["errors"], "error": r["error"]}), {})
    ui = [(k, ev, int(o[2])) for o in ("ui5", "ui6", "ui7") for k, ev in by_oracle.get(o, [])]
    if ui:
        for r in node_oracle.run_ui([{"id": k, "version": v, "events": ev, "view": True} for k, ev, v in ui]):
            message = r["view"]["message"]
            if message is not None and not message.get("metadata"):
                message = {**message, "metadata": None}  # no metadata and an empty one read the same
            views[r["id"]] = _ids({"verdict": r["verdict"], "message": message, "errors": r["view"]["errors"]}, {})
    return views


def _study(corpus: list[Scenario]) -> Study:
    settings = Settings(timeout=10.0)
    study = Study()
    streams: dict[str, tuple[str, list[Any]]] = {}
    for protocol, (factory, family, oracle, dialect) in PROTOCOLS.items():
        for scenario in corpus:
            record = execute(factory, scenario, dialect, settings)
            if record.outcome != "completed" or not all(isinstance(e, dict) for e in record.events):
                continue
            before = grade(record, scenario, settings)
            if before.verdict in UNGRADED:
                continue  # a gate decided it before any event was read
            original = list(record.events)
            streams[_key(protocol, original)] = (oracle, original)
            for rewrite in REWRITES[family].values():
                events = rewrite.apply(tag(original))
                if events is None:
                    continue
                new = rewritten_record(record, events)
                after = grade(new, scenario, settings)
                study.applied.append(Applied(protocol, rewrite, record.case_id, before, after, original,
                                             list(new.events)))
                streams[_key(protocol, list(new.events))] = (oracle, list(new.events))
    _study_recorded(study, streams, settings)
    ui = node_oracle.ui_unavailable()
    for oracle, why in (("agui", node_oracle.agui_unavailable()), ("tanstack", node_oracle.unavailable()),
                        ("ui5", ui), ("ui6", ui), ("ui7", ui), ("legacy", node_oracle.legacy_unavailable())):
        if why is not None:
            study.node_missing[oracle] = why
    study.views = _views({k: v for k, v in streams.items() if v[0] not in study.node_missing})
    return study


def _study_recorded(study: Study, streams: dict[str, tuple[str, list[Any]]], settings: Settings) -> None:
    """The pinned real adapters' recorded runs (tests/data/recorded), rewritten as the references' are.

    The equal rewrites apply to every run: no equal rewrite may make a real adapter's verdict worse,
    and its consumer must agree. The harmful ones apply to the runs that broke no MUST row: a real
    stream has its own shapes (a harmful rewrite written against the references' events may change
    nothing the consumer shows there), so they are judged by the consumer's view, not by their label
    (:func:`test_what_the_consumer_shows_differently_on_a_real_stream_grades_worse`).
    """
    by_id = {s.id: s for s in load_corpus()}
    for name, records in recorded_runs().items():
        for record in records:
            output = record.capabilities.output if record.capabilities is not None else None
            known = PROTOCOLS[output][1:3] if output in PROTOCOLS else RECORDED_ONLY.get(output or "")
            if known is None or record.outcome != "completed" or record.scenario_id not in by_id \
                    or not all(isinstance(e, dict) for e in record.events):
                continue
            scenario, (family, oracle) = by_id[record.scenario_id], known
            before = grade(record, scenario, settings)
            if before.verdict in UNGRADED:
                continue
            original = list(record.events)
            streams[_key(output, original)] = (oracle, original)
            # No MUST row broken yet, so harm can show; and no model call past the script's last turn: the mock
            # refused that call, so what the stream shows after it is the refusal's error, not the scenario's turn.
            clean = before.verdict in ("PASS", "PASS-NONSTRICT") and not any(c.past_last_turn for c in record.upstream)
            for rewrite in REWRITES[family].values():
                if rewrite.kind == "harmful" and not clean:
                    continue
                events = rewrite.apply(tag(original))
                if events is None:
                    continue
                new = rewritten_record(record, events)
                done = Applied(output, rewrite, f"{name}:{record.case_id}", before, grade(new, scenario, settings),
                               original, list(new.events), as_played(scenario, record).contract is not None)
                (study.applied if rewrite.kind == "equal" else study.real_harmful).append(done)
                streams[_key(output, list(new.events))] = (oracle, list(new.events))


# The study (every rewrite of every protocol, read by the Node consumers) takes about a minute on two idle
# cores: every test that reads it is in the slow set (tests/conftest.py), and in one xdist group, so that the
# slow set (``--dist loadgroup``, tests/conftest.py) builds it on one worker, not once on each.
@pytest.fixture(scope="module")
def study(corpus: list[Scenario]) -> Study:
    return _study(corpus)


def _mine(study: Study, protocol: str, name: str) -> list[Applied]:
    return [a for a in study.applied if a.protocol == protocol and a.rewrite.name == name]


def _pairs(kind: str) -> list[Any]:
    out = []
    for protocol, (_, family, _, _) in PROTOCOLS.items():
        for rewrite in REWRITES[family].values():
            if rewrite.kind != kind:
                continue
            out.append(pytest.param(protocol, rewrite.name, id=f"{protocol}:{rewrite.name}"))
    return out


@pytest.mark.slow
@pytest.mark.xdist_group("metamorphic-study")
@pytest.mark.parametrize("protocol", list(PROTOCOLS))
def test_every_protocol_has_eight_rewrites_of_each_kind_and_each_applies(study: Study, protocol: str,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    family = REWRITES[PROTOCOLS[protocol][1]]
    kinds = Counter(r.kind for r in family.values())
    assert kinds["equal"] >= 8 and kinds["harmful"] >= 8, kinds
    used = Counter(a.rewrite.name for a in study.applied if a.protocol == protocol)
    assert not [n for n in family if used[n] == 0], f"rewrites that applied to no stream: {set(family) - set(used)}"
    with capsys.disabled():
        print(f"\n{protocol}: {len({a.case_id for a in study.applied if a.protocol == protocol})} cases, "
              + ", ".join(f"{n} x{used[n]}" for n in family))


@pytest.mark.slow
@pytest.mark.xdist_group("metamorphic-study")
@pytest.mark.parametrize(("protocol", "name"), _pairs("equal"))
def test_equal_rewrites_never_make_a_verdict_worse(study: Study, protocol: str, name: str) -> None:
    profile_row = DECLARED_PROFILE.get((protocol, name), (None, ""))[0]
    bad = [f"{a.case_id}: {'; '.join(why)}" for a in _mine(study, protocol, name)
           if (why := worse(a.before, a.after, profile_row))]
    assert not bad, f"{len(bad)} verdicts worse under {name}:\n" + "\n".join(bad[:10])


@pytest.mark.slow
@pytest.mark.xdist_group("metamorphic-study")
@pytest.mark.parametrize(("protocol", "name"), list(DECLARED_PROFILE))
def test_a_declared_profile_row_is_the_only_difference_and_it_is_seen(study: Study, protocol: str, name: str) -> None:
    """The exemption above is earned: the profile row does fire on the rewrite, at SHOULD, and the
    consumer-equal rewrite moves nothing else (the equal test checks that part)."""
    row, _quote = DECLARED_PROFILE[(protocol, name)]
    fired = [a.case_id for a in _mine(study, protocol, name)
             if any(f.row == row for f in a.after.findings) and not any(f.row == row for f in a.before.findings)]
    assert fired, f"{name} never made {row} fire on {protocol}: the exemption is not needed"
    levels = {f.level for a in _mine(study, protocol, name) for f in a.after.findings if f.row == row}
    assert "SHOULD" in levels and "MUST" not in levels, \
        f"{row} graded {levels} where the consumer sees no difference (at most SHOULD; MAY on a broken input)"


@pytest.mark.slow
@pytest.mark.xdist_group("metamorphic-study")
@pytest.mark.parametrize(("protocol", "name"), _pairs("harmful"))
def test_harmful_rewrites_always_make_the_verdict_worse(study: Study, protocol: str, name: str) -> None:
    missed = [f"{a.case_id}: {a.before.verdict} -> {a.after.verdict}" for a in _mine(study, protocol, name)
              if not worse(a.before, a.after)]
    assert not missed, f"{len(missed)} cases where {name} is not caught:\n" + "\n".join(missed[:10])


@pytest.mark.slow
@pytest.mark.xdist_group("metamorphic-study")
@pytest.mark.parametrize(("protocol", "name"), [pytest.param(*p.values, id=p.id) for p in _pairs("equal")]
                         + [pytest.param(*p.values, id=p.id) for p in _pairs("harmful")])
def test_the_official_consumer_agrees_which_rewrites_are_equal(study: Study, protocol: str, name: str) -> None:
    why = study.node_missing.get(PROTOCOLS[protocol][2])
    if why is not None:
        pytest.skip(f"{protocol}'s consumer is unavailable: {why}")
    wrong = []
    for a in _mine(study, protocol, name):
        before, after = study.views[_key(protocol, a.original)], study.views[_key(protocol, a.rewritten)]
        if (before == after) != (a.rewrite.kind == "equal"):
            wrong.append(f"{a.case_id}: the consumer's view {'is the same' if before == after else 'differs'}"
                         f"\n  before {before}\n  after  {after}")
    assert not wrong, f"{len(wrong)} streams the consumer reads otherwise than {name} says:\n" + "\n".join(wrong[:4])


@pytest.mark.slow
@pytest.mark.xdist_group("metamorphic-study")
def test_node_saw_every_stream_an_equal_rewrite_made(study: Study, capsys: pytest.CaptureFixture[str]) -> None:
    """The figure the report gives: streams the consumers read, and how many of them were rewritten."""
    if study.node_missing:
        pytest.skip(f"Node oracles unavailable: {study.node_missing}")
    missing = [a.case_id for a in study.applied if _key(a.protocol, a.rewritten) not in study.views]
    assert not missing
    with capsys.disabled():
        kinds = Counter(a.rewrite.kind for a in study.applied)
        print(f"\nmetamorphic: {len(study.views)} distinct streams read in Node; {kinds['equal']} equal and "
              f"{kinds['harmful']} harmful rewrites applied and regraded")


# The harmful rewrites of what every expected transcript states (text, reasoning, calls): where the
# consumer shows another state, the run no longer matches the scenario, whatever the adapter declared.
# (An error terminal may be a declared POLICY's outcome; a dropped tool result may be one the scenario
# does not state, as an agent's own retry message: neither is judged here.)
STATED = ("drop-text-delta", "duplicate-text-delta", "swap-text-deltas", "drop-reasoning-delta", "args-never-sent",
          "calls-merged", "call-renamed")
CALLS = ("args-never-sent", "calls-merged", "call-renamed")


def _judged_on_real(a: Applied, by_id: dict[str, Scenario]) -> bool:
    """A plain case (no caller abort: a prefix is as good as all; no contract broken, on purpose or by the
    wire it was played on: only robustness is graded there; a row of it applies to the protocol) and a
    rewrite of what the expected transcript states."""
    scenario = by_id[a.case_id.split(":", 1)[1].rsplit("[", 1)[0]]
    # A scenario none of whose rows applies to the protocol states another protocol's behaviour (a
    # conversion TanStack makes and ai does not): nothing in it is graded there.
    applies = any(catalog().row(r).level_for(a.protocol) is not None for r in scenario.rows)
    # A call rewrite states something only where the scenario has calls: a call it has none of (a retrieval
    # shown as its call, conformance.retrieval_sources) is not in the expected picture.
    stated = a.rewrite.name.endswith(STATED) and (scenario.expected.tool_calls or not a.rewrite.name.endswith(CALLS))
    return applies and not scenario.client.aborts and scenario.contract is None and not a.off_contract and stated


@pytest.mark.slow
@pytest.mark.xdist_group("metamorphic-study")
def test_what_the_consumer_shows_differently_on_a_real_stream_grades_worse(
        study: Study, corpus: list[Scenario], capsys: pytest.CaptureFixture[str]) -> None:
    """A harmful rewrite of a real adapter's clean run: where the official consumer shows another state,
    the verdict is worse; where its final state is the same, the verdict is not worse, unless the stream
    ends with a MESSAGES_SNAPSHOT (TanStack's ``chat()`` sends one: the processor replaces the messages
    with it, so the final state hides what the user watched stream in)."""
    if study.node_missing:
        pytest.skip(f"Node oracles unavailable: {study.node_missing}")
    by_id = {s.id: s for s in corpus}
    judged = [a for a in study.real_harmful if _judged_on_real(a, by_id)]
    seen, missed, false = 0, [], []
    for a in judged:
        differs = study.views[_key(a.protocol, a.original)] != study.views[_key(a.protocol, a.rewritten)]
        why = worse(a.before, a.after)
        seen += differs
        if differs and not why:
            missed.append(f"{a.case_id} {a.rewrite.name}: {a.before.verdict} -> {a.after.verdict}")
        elif not differs and why and not any(e.get("type") == "MESSAGES_SNAPSHOT" for e in a.original):
            false.append(f"{a.case_id} {a.rewrite.name}: {'; '.join(why)}")
    assert seen > 0, "no harmful rewrite changed what a consumer shows on a real stream"
    assert not missed, f"{len(missed)} real streams the consumer shows differently, graded no worse:\n" + \
        "\n".join(missed[:10])
    assert not false, f"{len(false)} real streams the consumer shows the same, graded worse:\n" + "\n".join(false[:10])
    with capsys.disabled():
        print(f"\nmetamorphic on real runs: {len(study.real_harmful)} harmful rewrites of clean runs, {len(judged)} "
              f"judged, {seen} shown differently by the consumer and graded worse")


# --------------------------------------------------------------------------------------------
# The false alarms and the blind spot these rewrites found, one case each (each failed before its fix)
# --------------------------------------------------------------------------------------------

def _regraded(corpus: list[Scenario], protocol: str, case: str, rewrite: str) -> tuple[CaseResult, CaseResult]:
    factory, family, _, dialect = PROTOCOLS[protocol]
    scenario = next(s for s in corpus if s.id == case)
    settings = Settings(timeout=10.0)
    record = execute(factory, scenario, dialect, settings)
    events = REWRITES[family][rewrite].apply(tag(list(record.events)))
    assert events is not None
    return grade(record, scenario, settings), grade(rewritten_record(record, events), scenario, settings)


def test_a_call_the_next_model_calls_first_event_closes_was_complete_upstream(corpus: list[Scenario]) -> None:
    """Row 8.1.12 (exposure): as TOOL_CALL_CHUNKs, the call closes at the RUN_ERROR of the unscripted
    turn 2, whose position counts that call's steps (0); the first call had sent all its steps."""
    before, after = _regraded(corpus, "ag-ui", "loop.malformed.002", "agui.tool-as-chunks")
    assert not [f for f in after.findings if f.row == "8.1.12"], after.describe()
    assert (after.content, after.termination) == (before.content, before.termination)


def test_tool_input_available_with_input_null_and_no_deltas_reads_null(corpus: list[Scenario]) -> None:
    """Row 8.1.10 (UI message stream): ``input: null`` without deltas is the text ``null``, as the
    deltas ``nu`` ``ll`` were; it was read as no text, a MUST the consumer does not see."""
    for protocol in ("ui-message-stream", "ui-message-stream@7"):
        before, after = _regraded(corpus, protocol, "tool.null-args.001", "ums.input-available-only")
        assert before.verdict == after.verdict == "PASS", after.describe()


def test_an_error_in_a_structured_run_fails_where_the_structured_row_does_not_apply(corpus: list[Scenario]) -> None:
    """A run that ended with an error instead of finishing was filed on the scenario's first row
    (structured.result), which the UI message stream does not have: the finding was dropped and the
    run passed. It now goes to the first row that applies."""
    for protocol in ("ui-message-stream", "ui-message-stream@7"):
        before, after = _regraded(corpus, protocol, "structured.native.001", "ums.error-injected")
        assert before.verdict == "PASS" and "FAIL" in (after.content, after.termination), after.describe()


@pytest.mark.parametrize(("protocol", "case", "complete"), [("ag-ui", "abort.mid-tool.001", False),
                                                            ("ui-message-stream", "fault.disconnect.002", False),
                                                            (BRIDGE, "bridge.error-open.001", True),
                                                            (BRIDGE, "finish.missing.004", True)])
def test_a_call_renamed_before_the_upstream_completes_it_is_caught(corpus: list[Scenario], protocol: str, case: str,
                                                                   complete: bool) -> None:
    """Row 8.1.9 for a call the upstream never completed: left open (abort, cut stream) or closed by
    the bridge before the terminal, the chat shows it by name, and the transcript (complete calls
    only) had no name to compare: the rename passed."""
    from tests.metamorphic import _agui_call_renamed, _ums_call_renamed

    factory, family, _, dialect = PROTOCOLS[protocol]
    scenario = next(s for s in corpus if s.id == case)
    settings = Settings(timeout=10.0)
    record = execute(factory, scenario, dialect, settings)
    rename = _ums_call_renamed if family == UMS else _agui_call_renamed
    events = rename(tag(list(record.events)), complete=complete)
    assert events is not None
    assert worse(grade(record, scenario, settings), grade(rewritten_record(record, events), scenario, settings))
