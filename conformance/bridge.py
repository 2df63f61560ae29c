"""The AG-UI bridge profile: extra rules for an adapter that declares the ``bridge`` feature.

A *bridge* (seed 001, ``@interopio/ai-mastra-bridge``) turns a Mastra agent's ``fullStream``
chunks into AG-UI events and documents a few conventions beyond AG-UI itself. An adapter
opts in by declaring ``bridge`` in ``Capabilities.features`` (``--profile=bridge`` makes the
bridge cases fail instead of skip when it does not). Its rules and where they are checked:

=================================================  ============================================
Rule (seed 001)                                    Row
=================================================  ============================================
text-delta with no text-start auto-opens the       8.4.2 (CONTENT needs an open message), 8.1.4
message (START before the first CONTENT)           (reused: every AG-UI adapter must)
open text / tool calls closed before RUN_FINISHED  8.1.5, 8.1.12 (reused, AG-UI rule 6)
... and before RUN_ERROR too                       ``bridge.close-before-error`` (here: the
                                                   lifecycle table's ``info.open-at-error`` note
                                                   is a failure under this profile)
atomic ``tool-call`` -> START + ARGS + END         8.1.12 (reused)
atomic replay of a streamed id dropped             8.1.12 (reused: reopen / exposed twice)
``tool-result`` -> TOOL_CALL_RESULT{messageId:     ``bridge.tool-result-id``
'tool-result-{toolCallId}', role:'tool'}
``step-start`` / ``step-finish`` ->                ``bridge.steps`` (``stepName`` is the
STEP_STARTED / STEP_FINISHED{stepName}             published field; pairing is 8.4.2)
errors -> RUN_ERROR{code:'STREAM_ERROR'}           ``bridge.error-code`` (replaces the upstream
                                                   code rule ``hygiene.error-code``)
=================================================  ============================================

Example:
    >>> events = [{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...           {"type": "TOOL_CALL_RESULT", "messageId": "m-9", "toolCallId": "c1", "content": "1"},
    ...           {"type": "RUN_ERROR", "message": "boom", "code": "500"}]
    >>> sorted(f.row for f in tool_result_findings(events) + error_code_findings(events, abort_policy="silent"))
    ['bridge.error-code', 'bridge.tool-result-id', 'bridge.tool-result-id']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conformance.contract import Capabilities
from conformance.findings import Finding
from mock_provider.parts import Error, Finish, StepFinish, StepStart, TextDelta, ToolCall, ToolInputStart, ToolResult
from mock_provider.scenario import Scenario
from mock_provider.transcript import Transcript

FEATURE = "bridge"
ERROR_CODE = "STREAM_ERROR"
OPEN_AT_ERROR_NOTE = "info.open-at-error"  # the AG-UI lifecycle table's record of what RUN_ERROR left open
CLOSE_ROW = "bridge.close-before-error"
RESULT_ROW = "bridge.tool-result-id"
STEPS_ROW = "bridge.steps"
ERROR_ROW = "bridge.error-code"

# Where an event sits relative to the steps: (steps started so far, inside an open step).
Position = tuple[int, bool]


def declared(caps: Capabilities) -> bool:
    """Whether the adapter claims the bridge profile (AG-UI output only).

    >>> declared(Capabilities(name="x", inputs=["mastra"], output="ag-ui", features={"bridge"}))
    True
    """
    return FEATURE in caps.features and caps.output == "ag-ui"


def expected_for(expected: Transcript) -> Transcript:
    """The scenario's transcript as a bridge owes it: the upstream error code is not carried.

    The bridge reports every failure with its own ``STREAM_ERROR`` (:data:`ERROR_ROW`), so the
    upstream code (``hygiene.error-code``) is not compared.

    >>> from mock_provider.transcript import ErrorRecord
    >>> expected_for(Transcript(terminal="error", error=ErrorRecord(message="x", code="401"))).error.code is None
    True
    """
    if expected.error is None or expected.error.code is None:
        return expected
    return expected.model_copy(update={"error": expected.error.model_copy(update={"code": None})})


def promote_open_at_error(note: Finding, events: Sequence[Any], abort_policy: str) -> Finding:
    """The lifecycle table's open-at-error note as the bridge grades it: a :data:`CLOSE_ROW` failure,
    unless the RUN_ERROR it is about is policy 'run-error''s declared abort form.

    >>> note = Finding(row=OPEN_AT_ERROR_NOTE, message="text m1 open at RUN_ERROR", event_index=0)
    >>> promote_open_at_error(note, [{"type": "RUN_ERROR", "message": "x"}], "silent").row
    'bridge.close-before-error'
    """
    if _declared_abort(events, note.event_index, abort_policy):
        return note
    return Finding(row=CLOSE_ROW, message=f"{note.message} (the bridge closes them before any terminal)",
                   event_index=note.event_index, source=note.source)


def profile_findings(scenario: Scenario, events: Sequence[Any], abort_policy: str) -> list[Finding]:
    """The bridge profile's own rows: tool result ids, the error code, the steps."""
    return [*tool_result_findings(events), *error_code_findings(events, abort_policy=abort_policy),
            *step_findings(scenario, events)]


def _declared_abort(events: Sequence[Any], index: int | None, abort_policy: str) -> bool:
    """The RUN_ERROR at ``index`` is policy 'run-error''s abort form (8.1.22: nothing else may follow an abort)."""
    event = events[index] if index is not None and 0 <= index < len(events) else None
    return abort_policy == "run-error" and isinstance(event, dict) and event.get("code") == "aborted"


def _events(events: Sequence[Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(i, e) for i, e in enumerate(events) if isinstance(e, dict)]


def tool_result_findings(events: Sequence[Any]) -> list[Finding]:
    """``TOOL_CALL_RESULT``: ``messageId`` is ``tool-result-{toolCallId}`` and ``role`` is ``'tool'``.

    >>> tool_result_findings([{"type": "TOOL_CALL_RESULT", "messageId": "tool-result-c1",
    ...                        "toolCallId": "c1", "content": "1", "role": "tool"}])
    []
    """
    out: list[Finding] = []
    for i, e in _events(events):
        if e.get("type") != "TOOL_CALL_RESULT":
            continue
        want = f"tool-result-{e.get('toolCallId')}"
        if e.get("messageId") != want:
            out.append(Finding(row=RESULT_ROW, event_index=i, source="bridge", expected=want,
                               actual=e.get("messageId"), message=f"TOOL_CALL_RESULT messageId should be {want!r}"))
        if e.get("role") != "tool":
            out.append(Finding(row=RESULT_ROW, event_index=i, source="bridge", expected="tool",
                               actual=e.get("role"), message="TOOL_CALL_RESULT role should be 'tool'"))
    return out


def error_code_findings(events: Sequence[Any], *, abort_policy: str) -> list[Finding]:
    """Every ``RUN_ERROR`` has ``code: 'STREAM_ERROR'`` (an abort reported per policy 'run-error' aside).

    >>> error_code_findings([{"type": "RUN_ERROR", "message": "m", "code": "STREAM_ERROR"}], abort_policy="silent")
    []
    """
    out: list[Finding] = []
    for i, e in _events(events):
        if e.get("type") != "RUN_ERROR":
            continue
        if _declared_abort(events, i, abort_policy):
            continue  # the declared abort form (row 8.1.22), not an upstream failure
        if e.get("code") != ERROR_CODE:
            out.append(Finding(row=ERROR_ROW, event_index=i, source="bridge", expected=ERROR_CODE,
                               actual=e.get("code"), message=f"RUN_ERROR code should be {ERROR_CODE!r}"))
    return out


# ---------------------------------------------------------------- steps
def _script_steps(scenario: Scenario) -> tuple[list[str], dict[str, Position], dict[str, Position],
                                               dict[Position, str], bool]:
    """What the upstream says about steps, up to where the run can get (the first failure or abort).

    Returns the STEP_* types expected in order, the position of each tool call's first
    appearance and of each tool result, the text per position, and whether a step is still
    open when the upstream stops (the bridge closes it before its terminal).
    """
    kinds: list[str] = []
    calls: dict[str, Position] = {}
    results: dict[str, Position] = {}
    text: dict[Position, str] = {}
    started, inside = 0, False
    stop = scenario.client.abort_after_step
    for n, step in enumerate(scenario.script):
        if stop is not None and n >= stop:
            break
        if step.fault is not None and step.fault.kind != "split":
            break
        part = step.part
        if isinstance(part, Error) or (isinstance(part, Finish) and part.finish_reason.unified == "error"):
            break
        if isinstance(part, StepStart):
            kinds.append("STEP_STARTED")
            started, inside = started + 1, True
        elif isinstance(part, StepFinish):
            kinds.append("STEP_FINISHED")
            inside = False
        elif isinstance(part, TextDelta) and part.delta:
            text[(started, inside)] = text.get((started, inside), "") + part.delta
        elif isinstance(part, ToolInputStart):
            calls.setdefault(part.id, (started, inside))
        elif isinstance(part, ToolCall):
            calls.setdefault(part.tool_call_id, (started, inside))
        elif isinstance(part, ToolResult) and not part.preliminary:
            results.setdefault(part.tool_call_id, (started, inside))
    return kinds, calls, results, text, inside


def _event_steps(events: Sequence[Any]) -> tuple[list[tuple[int, str]], dict[str, Position], dict[str, Position],
                                                 dict[Position, str], bool]:
    kinds: list[tuple[int, str]] = []
    calls: dict[str, Position] = {}
    results: dict[str, Position] = {}
    text: dict[Position, str] = {}
    started, inside, terminal = 0, False, False
    for i, e in _events(events):
        etype = e.get("type")
        if etype in ("RUN_FINISHED", "RUN_ERROR"):
            terminal = True
            break
        if etype == "STEP_STARTED":
            kinds.append((i, "STEP_STARTED"))
            started, inside = started + 1, True
        elif etype == "STEP_FINISHED":
            kinds.append((i, "STEP_FINISHED"))
            inside = False
        elif etype == "TEXT_MESSAGE_CONTENT" and isinstance(e.get("delta"), str) and e["delta"]:
            text[(started, inside)] = text.get((started, inside), "") + e["delta"]
        elif etype == "TOOL_CALL_START" and isinstance(e.get("toolCallId"), str):
            calls.setdefault(e["toolCallId"], (started, inside))
        elif etype == "TOOL_CALL_RESULT" and isinstance(e.get("toolCallId"), str):
            results.setdefault(e["toolCallId"], (started, inside))
    return kinds, calls, results, text, terminal


def step_findings(scenario: Scenario, events: Sequence[Any]) -> list[Finding]:
    """One STEP_STARTED / STEP_FINISHED per Mastra step-start / step-finish, in order, around their events.

    Text, tool calls and tool results land in the step (or between the steps) where upstream
    sent them. A step still open when the upstream stops may be finished before the terminal.

    >>> from mock_provider.scenario import Scenario
    >>> s = Scenario.model_validate({"id": "b.s.1", "title": "t", "rows": ["bridge.steps"],
    ...     "citations": [{"ref": "seed 001"}], "request": {"messages": [{"role": "user", "content": "x"}]},
    ...     "script": [{"part": {"type": "step-start"}},
    ...                {"part": {"type": "text-delta", "id": "0", "delta": "Hi"}},
    ...                {"part": {"type": "step-finish", "finishReason": {"unified": "stop"}}}],
    ...     "expected": {"text": "Hi", "finish_reason": "stop"}})
    >>> late = [{"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "Hi"},
    ...         {"type": "STEP_STARTED", "stepName": "s"}, {"type": "STEP_FINISHED", "stepName": "s"}]
    >>> [f.message for f in step_findings(s, late)]
    ['text is emitted in a different step than upstream sent it']
    """
    exp_kinds, exp_calls, exp_results, exp_text, open_at_end = _script_steps(scenario)
    act_kinds, act_calls, act_results, act_text, terminal = _event_steps(events)
    out: list[Finding] = []
    got = [k for _, k in act_kinds]
    if open_at_end and terminal and got == [*exp_kinds, "STEP_FINISHED"]:
        # Finishing the step the upstream left open is a closing: judged at the terminal (the
        # lifecycle table before RUN_FINISHED, CLOSE_ROW before RUN_ERROR), not here.
        exp_kinds.append("STEP_FINISHED")
    if got != exp_kinds:
        first = next((n for n, (a, b) in enumerate(zip(got, exp_kinds, strict=False)) if a != b),
                     min(len(got), len(exp_kinds)))
        index = act_kinds[first][0] if first < len(act_kinds) else None
        out.append(Finding(row=STEPS_ROW, event_index=index, source="bridge", expected=exp_kinds, actual=got,
                           message="STEP_STARTED/STEP_FINISHED do not follow the upstream step-start/step-finish"))
        return out  # positions below are meaningless when the steps themselves differ
    if act_text != exp_text and "".join(act_text.values()) == "".join(exp_text.values()):
        out.append(Finding(row=STEPS_ROW, source="bridge", expected=_show(exp_text), actual=_show(act_text),
                           message="text is emitted in a different step than upstream sent it"))
    for label, exp, act in (("tool call", exp_calls, act_calls), ("tool result", exp_results, act_results)):
        moved = sorted(k for k in exp.keys() & act.keys() if exp[k] != act[k])
        if moved:
            out.append(Finding(row=STEPS_ROW, source="bridge", expected={k: exp[k] for k in moved},
                               actual={k: act[k] for k in moved},
                               message=f"{label} {moved[0]!r} is emitted in a different step than upstream sent it"))
    return out


def _show(text: dict[Position, str]) -> dict[str, str]:
    return {f"step {n}{'' if inside else ' (after)'}": t for (n, inside), t in sorted(text.items())}
