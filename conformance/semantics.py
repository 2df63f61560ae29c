"""Semantic check: the adapter's transcript against the scenario's expected transcript, policy-aware.

Each difference becomes a :class:`~conformance.findings.Finding` on one matrix row:

* finish reason (8.2.*) and usage (8.3.*) always report on their own rows: every scenario
  exercises them, and a wrong mapping is that row's failure whatever the scenario;
* other fields report on their field row (text on 8.1.4, arguments on 8.1.10, ...);
* when the run ended the wrong way (expected finished, got an error, ...), every
  difference is a consequence of that: all of them report on the row of the upstream
  part the run ended on (an adapter that dies on ``stream-start`` breaks row 8.1.1,
  whatever the scenario), or the primary row when that is unknown; finish reason and
  usage are then not compared.

Example:
    >>> from mock_provider.transcript import Transcript
    >>> from conformance.contract import Policies
    >>> view = Comparison(rows=["8.1.1"], usage_fields=(), dialect="v3", upstream_finish=None,
    ...                   has_provider_calls=False)
    >>> fs = compare(Transcript(text="ab"), Transcript(text="a"), Policies(), view)
    >>> [(f.row, f.field) for f in fs]
    [('8.1.4', 'text')]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from conformance.contract import NONSTRICT_CHOICES, Policies
from conformance.findings import Finding
from conformance.protocols.base import DEFAULT_ABORT, AbortVocabulary
from conformance.protocols.usage_readings import output_reading_ok
from conformance.structured import undo_null_widening
from mock_provider.dialects import dialect as registered_dialect
from mock_provider.transcript import ToolCallRecord, ToolResultRecord, Transcript, UsageRecord

FINISH_ROWS = {
    "stop": "8.2.stop",
    "length": "8.2.length",
    "content_filter": "8.2.content-filter",
    "tool_calls": "8.2.tool-calls",
    "@unknown": "8.2.other",
}


# The 8.3 row of each usage shape the dialect registry knows (mock_provider.dialects.base.UsageShape):
# V2's flat counts and Mastra's have rows of their own; the nested and the HTTP shapes read as V3's.
USAGE_ROWS: dict[str, str] = {"flat": "8.3.v2", "mastra": "8.3.mastra"}


def usage_row(dialect: str, expected: UsageRecord | None) -> str:
    """The 8.3 row a usage difference belongs to.

    >>> usage_row("v2", UsageRecord()), usage_row("openai-chat", UsageRecord()), usage_row("v4", None)
    ('8.3.v2', '8.3.v3', '8.3.absent')
    """
    if expected is None:
        return "8.3.absent"
    return USAGE_ROWS.get(registered_dialect(dialect).usage_shape, "8.3.v3")


@dataclass(frozen=True)
class Comparison:
    """What the comparison needs to know beyond the two transcripts: where differences are reported,
    and what the output protocol and the scenario let it compare.

    ``terminal_row`` is the row of the upstream part the run ended on when it ended the wrong way
    (the grader knows which part that was); differences are attributed to it. When it is not known
    (a target that reports no upstream positions), ``wrong_end_row`` takes them. ``closes_at_error``:
    the adapter ENDs open tool calls before RUN_ERROR (the bridge profile), so a call ended there is
    a closing, not a new call. ``abort_in_flight``: over HTTP the caller aborts while the server
    pauses after N steps, so a prefix of the expected text is as good as all of it. ``truncated``:
    the upstream just stopped (no finish, no error; row 8.1.19), so under ``missing_finish: error`` a
    call it left half-streamed may be ended or left out, and under ``stop`` success is non-strict.
    """

    rows: Sequence[str]
    usage_fields: Sequence[str]
    dialect: str
    upstream_finish: str | None
    has_provider_calls: bool
    reports_finish_reason: bool = True
    terminal_row: str | None = None
    wrong_end_row: str | None = None  # where a wrong end goes when terminal_row is unknown (None: rows[0])
    result_errors: bool = True
    abort_in_flight: bool = False
    closes_at_error: bool = False
    output_schema: dict[str, Any] | None = None
    expresses_structured: bool = True
    model_expressed: bool = True
    error_codes: bool = True
    truncated: bool = False
    # Whether the adapter declared missing_finish (False: the output protocol's default was graded, and a wrong
    # end on a truncated upstream names the declaration, since 'error' there is the recommended choice).
    missing_finish_declared: bool = True
    # Per output protocol (conformance.protocols.base.OutputProtocol, issue 15 class 1): usage fields whose
    # 0 and absence the protocol's type does not tell apart, and whether 'null' and '{}' arguments are one.
    zero_is_absent: frozenset[str] = frozenset()
    null_args_empty: bool = False
    # Per output protocol (OutputProtocol.reasoning_apart, issue 15): an output count without the reasoning
    # tokens the upstream reported apart is also a correct reading.
    reasoning_apart: bool = False
    # Per output protocol (OutputProtocol.abort): how each abort policy's end reads, and whether an error
    # event after the abort is policy 'run-error''s end (a protocol whose error event has no code).
    abort: AbortVocabulary = DEFAULT_ABORT
    # Where the protocol keeps usage, and where usage-like data was seen in the stream (a finding names both).
    usage_at: str = "the terminal event's usage"
    usage_seen: tuple[str, ...] = ()
    # Per output protocol (OutputProtocol.calls_in_completion_order): the order the upstream completed the
    # calls (their tool-call parts), an order the protocol's consumer shows them in too. Empty: start order only.
    completion_order: tuple[str, ...] = ()
    # Per output protocol (OutputProtocol.unrun_calls): calls the stream ended as invalid, which nothing runs.
    unrun: frozenset[str] = frozenset()
    # A client call completed upstream, so the scenario's own (spec 8.2) reason is 'tool_calls'. Under the
    # finish policy 'provider' an upstream reason the provider has no word for (expected '@unknown') may then be
    # read as 'tool_calls' as well as passed on: how a provider maps a reason outside its vocabulary is its own
    # (@openrouter/ai-sdk-provider 3.1.0 dist/index.js:4959 reads 'other' after a call as 'tool-calls').
    calls_decide: bool = False


class _Sink:
    """Collects findings; a field's difference goes to its own row only when the run ended as it should."""

    def __init__(self, primary: str, terminal_ok: bool) -> None:
        self.primary, self.terminal_ok = primary, terminal_ok
        self.out: list[Finding] = []

    def add(self, field_row: str, field: str, message: str, exp: Any, act: Any, level: str | None = None,
            call: tuple[str, str | None] | None = None) -> None:
        row = field_row if self.terminal_ok else self.primary
        call_id, name = call if call is not None else (None, None)
        self.out.append(Finding(row=row, message=message, expected=exp, actual=act, field=field, source="semantics",
                                level=level, tool_call_id=call_id, tool_name=name))


def compare(expected: Transcript, actual: Transcript, policies: Policies, view: Comparison) -> list[Finding]:
    """Findings for every way ``actual`` differs from ``expected`` under the adapter's policies."""
    # A terminal_row means the run ended the wrong way or before the upstream failed.
    terminal_ok = _terminal_matches(expected, actual, policies, view.abort) and view.terminal_row is None
    sink = _Sink(view.terminal_row or view.wrong_end_row or view.rows[0], terminal_ok)
    if not terminal_ok:
        if actual.terminal == expected.terminal:
            msg = f"run ended {actual.terminal!r} before the upstream failed (on an upstream part it should handle)"
        else:
            msg = f"run ended {actual.terminal!r}, expected {_terminal_desc(expected, policies, view)}"
        sink.add("", "terminal", msg, expected.terminal, actual.terminal)
    _compare_texts(expected, actual, sink, view.abort_in_flight and expected.terminal == "aborted")
    # A call cut by the failure may be closed before the error terminal (pydantic-ai does it on purpose,
    # pydantic_ai/ui/_event_stream.py:160-168): AG-UI leaves it open (info.open-at-error), and a failed
    # run hands no call to the client to run (@ag-ui/client 1.0.0 src/apply/default.ts:1086-1103:
    # pendingToolCallIds only at RUN_FINISHED). A run that finishes with it is an exposure (8.1.12).
    _compare_tool_calls(expected.tool_calls, actual.tool_calls, policies, sink.add,
                        closing_allowed=expected.terminal == "aborted"
                        or (expected.terminal == "error" and (view.closes_at_error or view.truncated
                                                              or actual.terminal == "error")),
                        null_args_empty=view.null_args_empty, completion_order=view.completion_order,
                        unrun=view.unrun)
    _compare_results(expected, actual, policies, sink, view.result_errors)
    if policies.error_text == "upstream":  # 'own': the adapter's text on purpose; the terminal is still graded
        _compare_error(expected, actual, sink, view.error_codes and terminal_ok)
    _compare_structured(expected, actual, sink.add, view.rows[0], view.output_schema, view.expresses_structured,
                        policies.error_text == "upstream")
    if expected.model is not None and actual.model != expected.model and view.model_expressed:
        sink.add("8.1.2", "model", "reported model should be the response-metadata modelId", expected.model,
                 actual.model)
    if terminal_ok and expected.terminal == "finished":
        if view.reports_finish_reason:
            sink.out.extend(_finish_findings(expected, actual, policies, view.upstream_finish,
                                             view.has_provider_calls, view.calls_decide))
        sink.out.extend(_usage_findings(expected.usage, actual.usage, policies, view.usage_fields, view.dialect,
                                        view.zero_is_absent | registered_dialect(view.dialect).zero_usage,
                                        view.reasoning_apart, (view.usage_at, view.usage_seen)))
        if view.truncated and actual.terminal == "finished" and "stop" in NONSTRICT_CHOICES["missing_finish"]:
            # Conformant (policy 'stop'), but a consumer cannot tell it from a complete answer.
            sink.out.append(Finding(row="8.1.19", level="SHOULD", field="terminal", source="semantics",
                                    message="success reported on a truncated stream (no finish part; declared "
                                            "missing_finish 'stop'): the consumer cannot tell data was lost",
                                    expected="error (missing_finish 'error')", actual="finished"))
    return sink.out


def _compare_texts(expected: Transcript, actual: Transcript, sink: _Sink, in_flight: bool) -> None:
    if actual.text != expected.text and not (in_flight and expected.text.startswith(actual.text)):
        sink.add("8.1.4", "text", "assistant text differs", expected.text, actual.text)
    if actual.reasoning != expected.reasoning and not (in_flight and expected.reasoning.startswith(actual.reasoning)):
        sink.add("8.1.7", "reasoning", "reasoning text differs", expected.reasoning, actual.reasoning)


def _compare_results(expected: Transcript, actual: Transcript, policies: Policies, sink: _Sink,
                     result_errors: bool) -> None:
    exp_results = [r for r in expected.tool_results if policies.preliminary_results == "forward" or not r.preliminary]
    # The legacy tool_result chunk cannot mark an error result: compare what the protocol can say.
    exp_res = [(r.tool_call_id, r.result, r.is_error and result_errors) for r in exp_results]
    act_res = [(r.tool_call_id, r.result, r.is_error and result_errors)
               for r in told_malformed(expected, actual.tool_results, result_errors)]
    names = {c.id: c.name for c in [*actual.tool_calls, *expected.tool_calls]}
    if exp_res != act_res:
        sink.add("8.1.14", "tool_results", "tool results differ (toolCallId, result, isError)", exp_res, act_res,
                 call=_first_differing_call(exp_res, act_res, 0, names))
    exp_appr = [(a.approval_id, a.tool_call_id, a.tool_name) for a in expected.approvals]
    # A call the scenario left suspended may be reported waiting as an interrupt, which reads as an approval.
    act_appr = [(a.approval_id, a.tool_call_id, a.tool_name) for a in actual.approvals
                if a.tool_call_id not in expected.suspended]
    if exp_appr != act_appr:
        sink.add("8.1.15", "approvals", "approval requests differ (approvalId, toolCallId, toolName)", exp_appr,
                 act_appr, call=_first_differing_call(exp_appr, act_appr, 1, names))


def told_malformed(expected: Transcript, results: Sequence[ToolResultRecord],
                   result_errors: bool) -> list[ToolResultRecord]:
    """``results`` without the one result per malformed call that tells the model its arguments were invalid.

    A malformed call (row 8.1.13) is not run; the model may be told so by an error result, or nothing
    may follow: both are accepted (issue 16). ai 6.0.326 answers an invalid call with a tool-error
    (dist/index.mjs:7260-7276) that its UI stream sends as tool-output-error (:9234-9240); pydantic-ai's
    retry prompt is a TOOL_CALL_RESULT, and AG-UI's has no error flag (@ag-ui/core 1.0.0), so where the
    protocol cannot mark an error (``result_errors`` False) any content is that message.

    >>> from mock_provider.transcript import ToolCallRecord
    >>> exp = Transcript(tool_calls=[ToolCallRecord(id="c1", name="f", args_text="{", malformed=True)])
    >>> told = [ToolResultRecord(tool_call_id="c1", result="bad JSON", is_error=True)]
    >>> told_malformed(exp, told, True), len(told_malformed(exp, told * 2, True))
    ([], 1)
    >>> len(told_malformed(exp, [ToolResultRecord(tool_call_id="c1", result="ok")], True))
    1
    """
    malformed = {c.id for c in expected.tool_calls if c.malformed} - {r.tool_call_id for r in expected.tool_results}
    told: set[str] = set()
    out: list[ToolResultRecord] = []
    for r in results:
        if r.tool_call_id in malformed and r.tool_call_id not in told and (r.is_error or not result_errors):
            told.add(r.tool_call_id)
            continue
        out.append(r)
    return out


def _first_differing_call(exp: Sequence[tuple[Any, ...]], act: Sequence[tuple[Any, ...]], id_at: int,
                          names: dict[str, str]) -> tuple[str, str | None] | None:
    """The call of the first entry where two per-call lists differ (the one a report should name).

    >>> _first_differing_call([("c1", 1), ("c2", 2)], [("c1", 1), ("c2", 3)], 0, {"c2": "f"})
    ('c2', 'f')
    """
    for i in range(max(len(exp), len(act))):
        mine = exp[i] if i < len(exp) else None
        theirs = act[i] if i < len(act) else None
        if mine != theirs:
            call_id = (mine or theirs or ())[id_at]
            return (call_id, names.get(call_id)) if isinstance(call_id, str) else None
    return None


def _compare_error(expected: Transcript, actual: Transcript, sink: _Sink, codes: bool) -> None:
    if expected.error is None or actual.terminal != "error":
        return
    msg = (actual.error.message if actual.error else None) or ""
    if expected.error.message and expected.error.message.lower() not in msg.lower():
        sink.add("8.1.17", "error.message", f"error message should contain {expected.error.message!r}",
                 expected.error.message, msg)
        return  # another error than the upstream's: its code says nothing about the upstream's
    act_code = actual.error.code if actual.error else None
    if expected.error.code and act_code != expected.error.code and codes:
        sink.out.append(Finding(row="hygiene.error-code", message="error code differs", expected=expected.error.code,
                                actual=act_code, field="error.code", source="semantics"))


def _compare_structured(expected: Transcript, actual: Transcript, add: Any, primary: str,
                        schema: dict[str, Any] | None, expresses: bool, error_text: bool = True) -> None:
    """The structured-output result (``structured-output.complete``), read as the TanStack engine reads it."""
    want = expected.structured
    if want is None:
        return
    if want.error is not None:
        # No result can be made: the run fails with a descriptive error (the scenario's own row).
        msg = (actual.error.message if actual.error else None) or ""
        missing = [part for part in want.error if part.lower() not in msg.lower()]
        if actual.terminal == "error" and missing and error_text:
            add(primary, "structured.error", f"error message should contain {missing!r}", want.error, msg)
        return
    if not expresses or expected.terminal != "finished" or actual.terminal != "finished":
        return
    got = actual.structured
    if got is None:
        add("structured.result", "structured", "no structured result (CUSTOM structured-output.complete)",
            want.model_dump(), None)
        return
    # The engine undoes strict-mode null widening before the caller sees the data (undoNullWidening).
    data = undo_null_widening(got.data, schema) if schema is not None else got.data
    if not _json_equal(data, want.data):
        add("structured.result", "structured.data", "structured result data differs", want.data, data)
    if want.raw_text is not None and got.raw_text != want.raw_text:
        add("structured.result", "structured.raw_text", "structured result raw text differs", want.raw_text,
            got.raw_text)


def _same_json(expected: str, actual: str | None) -> bool:
    """Two argument texts that say the same JSON (``{"city": "Paris"}`` and ``{"city":"Paris"}``): every
    consumer parses the arguments, so a re-serialization that keeps the value is not a difference.

    >>> _same_json('{"city":"Paris"}', '{"city": "Paris"}'), _same_json('{"a":1}', '{"a":2}')
    (True, False)
    """
    if actual is None:
        return False
    try:
        return _json_equal(json.loads(expected), json.loads(actual))
    except ValueError:
        return False


def _json_equal(a: Any, b: Any) -> bool:
    """Equal as JSON values: ``1 == 1.0`` but ``True != 1``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _terminal_matches(expected: Transcript, actual: Transcript, policies: Policies,
                      words: AbortVocabulary = DEFAULT_ABORT) -> bool:
    if expected.terminal == "aborted":
        allowed = {"silent": {"none", "aborted"}, "run-error": {"aborted"}, "cancelled": {"aborted"}}
        if words.error_is_abort:
            allowed["run-error"] = {"aborted", "error"}  # the protocol's error event has no code to say "aborted"
        return actual.terminal in allowed[policies.abort]
    return actual.terminal == expected.terminal


def _terminal_desc(expected: Transcript, policies: Policies, view: Comparison) -> str:
    """The end the run should have had, in the output protocol's own events.

    >>> from conformance.protocols.ui_message_stream import ABORT
    >>> view = Comparison(rows=["8.1.22"], usage_fields=(), dialect="v3", upstream_finish=None,
    ...                   has_provider_calls=False, abort=ABORT)
    >>> _terminal_desc(Transcript(terminal="aborted"), Policies(abort="run-error"), view)
    "one error chunk (it has no code) (declared abort policy 'run-error')"
    """
    if expected.terminal == "error" and view.truncated:
        return "'error' (the upstream stopped with no finish part; declared missing_finish 'error')"
    if expected.terminal == "finished" and view.truncated and not view.missing_finish_declared:
        return (f"{expected.terminal!r} (the upstream stopped with no finish part; missing_finish undeclared, so "
                "the output protocol's default 'stop' is graded: declare missing_finish 'error' if the adapter "
                "fails a truncated stream on purpose, the recommended choice)")
    if expected.terminal == "aborted":
        return f"{view.abort.said[policies.abort]} (declared abort policy {policies.abort!r})"
    return repr(expected.terminal)


def _compare_tool_calls(
    expected: list[ToolCallRecord],
    actual: list[ToolCallRecord],
    policies: Policies,
    add: Any,
    closing_allowed: bool = False,
    null_args_empty: bool = False,
    completion_order: Sequence[str] = (),
    unrun: frozenset[str] = frozenset(),
) -> None:
    exp_ids = [c.id for c in expected]
    act_ids = [c.id for c in actual]
    act_by_id = {c.id: c for c in actual}
    completed = [i for i in dict.fromkeys(completion_order) if i in exp_ids]
    if sorted(exp_ids) == sorted(act_ids) and exp_ids != act_ids and not (completion_order and act_ids == completed):
        add("8.1.9", "tool_calls.order", "tool calls are not in first-appearance order", exp_ids, act_ids)
    # After an abort, a 'cancelled' run must END its open calls first (AG-UI rule 6): not new calls.
    for extra in [] if closing_allowed else [i for i in act_ids if i not in exp_ids]:
        add("8.1.12", "tool_calls", f"tool call {extra!r} was not in the upstream", None, extra,
            call=(extra, act_by_id[extra].name))
    for twice in sorted({i for i in act_ids if act_ids.count(i) > 1}):
        add("8.1.12", "tool_calls", "a tool call was exposed more than once", exp_ids, act_ids,
            call=(twice, act_by_id[twice].name))
    for exp in expected:
        act = act_by_id.get(exp.id)
        if act is None:
            row = "8.1.13" if exp.malformed else "8.1.12"
            add(row, f"tool_calls[{exp.id}]", f"tool call {exp.id!r} missing (dropped?)", exp.model_dump(), None,
                call=(exp.id, exp.name))
        elif exp.malformed and exp.id in unrun and policies.malformed_args == "raw":
            _compare_unrun(exp, act, add)
        else:
            _compare_call(exp, act, policies, add, null_args_empty)


def _compare_unrun(exp: ToolCallRecord, act: ToolCallRecord, add: Any) -> None:
    """A malformed call the stream ended as invalid (nothing runs it): its name, and the raw text kept
    somewhere in what the consumer holds (the text itself, or inside the adapter's own shape such as
    ``{"INVALID_JSON": raw}``); losing the raw text is a SHOULD, the shape is the adapter's."""
    call = (exp.id, exp.name)
    if act.name != exp.name:
        add("8.1.9", f"tool_calls[{exp.id}].name", "tool name differs", exp.name, act.name, call=call)
    raw = exp.args_text
    if raw is None or _holds_text(act.args, raw):  # args: what the consumer holds (the error chunk's input)
        return
    add("8.1.13", f"tool_calls[{exp.id}].args", "the invalid call's input lost the raw argument text (nothing "
        "runs it, but the user cannot see what the model sent)", raw, act.args, "SHOULD", call=call)


def _holds_text(value: Any, text: str) -> bool:
    """Whether ``text`` is ``value`` or a string inside it.

    >>> _holds_text({"INVALID_JSON": '{"a":'}, '{"a":'), _holds_text({}, '{"a":')
    (True, False)
    """
    if isinstance(value, str):
        return value == text
    if isinstance(value, dict):
        return any(_holds_text(v, text) for v in value.values())
    if isinstance(value, list):
        return any(_holds_text(v, text) for v in value)
    return False


# The argument texts of a call without arguments: none at all, or the empty object.
NO_ARGS_TEXT = ("", "{}")


def no_arguments(args_text: str | None, args: Any) -> bool:
    """Whether a call's arguments are JSON ``null`` or ``{}`` (the parsed value agreeing).

    >>> no_arguments("null", None), no_arguments(" {} ", {}), no_arguments('{"a":1}', {"a": 1}), no_arguments(None, {})
    (True, True, False, False)
    """
    if args_text is None or args not in (None, {}):
        return False
    try:
        return json.loads(args_text) in (None, {})
    except ValueError:
        return False


def _compare_call(exp: ToolCallRecord, act: ToolCallRecord, policies: Policies, add_any: Any,
                  null_args_empty: bool = False) -> None:
    """One call the adapter did expose: its name and arguments (malformed ones by the declared policy)."""

    def add(*args: Any) -> None:
        add_any(*args, call=(exp.id, exp.name))  # every finding here is about this one call
    if act.name != exp.name:
        add("8.1.9", f"tool_calls[{exp.id}].name", "tool name differs", exp.name, act.name)
    if exp.malformed:
        if policies.malformed_args == "raw":
            if exp.args_text is not None and act.args_text != exp.args_text:
                add("8.1.13", f"tool_calls[{exp.id}].args_text",
                    "malformed arguments must be forwarded verbatim (policy 'raw')", exp.args_text, act.args_text)
            elif exp.args_text is not None and act.args != exp.args_text:
                # The call's end (TOOL_CALL_END.input, tool-input-error.input) replaced the raw text.
                add("8.1.13", f"tool_calls[{exp.id}].args",
                    "the call's final input must be the raw argument text as the consumer reads it "
                    "(policy 'raw'), not a substitute", exp.args_text, act.args)
        elif act.args != {}:
            add("8.1.13", f"tool_calls[{exp.id}].args",
                "malformed arguments must become {} (policy 'empty-object')", {}, act.args)
        return
    if exp.args_text in NO_ARGS_TEXT and exp.args == {} and act.args_text in NO_ARGS_TEXT and act.args == {}:
        # No-arg call: '' and '{}' both mean {} (AI SDK parseToolCall; legacy `input || '{}'`), whichever the
        # upstream said: a wire that carries arguments as an object (Gemini's "args": {}) has no text to keep.
        return
    if null_args_empty and no_arguments(exp.args_text, exp.args) and no_arguments(act.args_text, act.args):
        return  # 'null' and '{}': the TanStack engine runs the tool with {} for both (OutputProtocol.null_args_empty)
    if exp.args_text is not None and act.args_text != exp.args_text and not _same_json(exp.args_text, act.args_text):
        add("8.1.10", f"tool_calls[{exp.id}].args_text",
            "concatenated argument fragments differ from the tool-call input", exp.args_text, act.args_text)
    elif act.args != exp.args:
        add("8.1.12", f"tool_calls[{exp.id}].args", "parsed arguments differ", exp.args, act.args)


def _finish_findings(
    expected: Transcript, actual: Transcript, policies: Policies, upstream: str | None, has_provider_calls: bool,
    calls_decide: bool = False,
) -> list[Finding]:
    want: str | None = expected.finish_reason
    if want == "@unknown":
        if calls_decide and actual.finish_reason == "tool_calls":
            return []  # an unmapped reason after a completed client call, read by spec 8.2 (Comparison.calls_decide)
        want = None if policies.unknown_finish == "null" else "stop"
    if actual.finish_reason == want:
        return []
    row = FINISH_ROWS.get(str(expected.finish_reason), "8.2.other")
    if actual.finish_reason == "tool_calls" and has_provider_calls and want != "tool_calls":
        row = "8.1.12a"
    elif (upstream == "tool-calls" or actual.finish_reason == "tool_calls") and want != "tool_calls":
        row = "8.2.tool-calls"  # 'tool_calls' iff a client call completed: claimed without one
    return [Finding(row=row, message=f"finish reason should be {want!r}", expected=want,
                    actual=actual.finish_reason, field="finish_reason", source="semantics")]


def _usage_findings(
    expected: UsageRecord | None,
    actual: UsageRecord | None,
    policies: Policies,
    fields: Sequence[str],
    dialect: str,
    zero_is_absent: frozenset[str] = frozenset(),
    reasoning_apart: bool = False,
    where: tuple[str, Sequence[str]] = ("the terminal event's usage", ()),
) -> list[Finding]:
    row = usage_row(dialect, expected)
    if not fields:
        return []
    if expected is None:
        if actual is None:
            return []
        reported = {f: getattr(actual, f) for f in fields if getattr(actual, f) is not None}
        if policies.missing_usage == "zeros" and reported and all(v == 0 for v in reported.values()):
            level = "SHOULD" if "zeros" in NONSTRICT_CHOICES["missing_usage"] else None
            return [Finding(row=row, message="usage reported as zeros where upstream had none (policy 'zeros')",
                            expected=None, actual=reported, field="usage", source="semantics", level=level)]
        return [Finding(row=row, message="usage reported where upstream had none", expected=None,
                        actual=reported, field="usage", source="semantics")]
    exp = {f: getattr(expected, f) for f in fields}
    act = {f: (getattr(actual, f) if actual is not None else None) for f in fields}
    for f in zero_is_absent & set(fields):
        if exp[f] in (0, None) and act[f] in (0, None):
            exp[f] = act[f] = None  # the protocol's type lets a producer omit a zero count
    if reasoning_apart and "output_tokens" in exp and output_reading_ok(
            exp["output_tokens"], expected.reasoning_tokens, act["output_tokens"]):
        exp["output_tokens"] = act["output_tokens"]  # the count without the reasoning: the other reading
    if exp != act:
        return [Finding(row=row, message=_usage_message(act, *where), expected=exp, actual=act, field="usage",
                        source="semantics")]
    return []


def _usage_message(actual: dict[str, Any], usage_at: str, seen: Sequence[str]) -> str:
    """"usage differs", and when none was read: where it was looked for and what the stream had instead.

    >>> _usage_message({"input_tokens": None}, "RUN_FINISHED.usage", ["#3 CUSTOM.value.usage"])
    'usage differs: none read at RUN_FINISHED.usage; usage-like data seen at #3 CUSTOM.value.usage'
    >>> _usage_message({"input_tokens": 1}, "RUN_FINISHED.usage", [])
    'usage differs'
    """
    if any(v is not None for v in actual.values()):
        return "usage differs"
    instead = f"usage-like data seen at {', '.join(seen)}" if seen else "no usage-like data anywhere in the stream"
    return f"usage differs: none read at {usage_at}; {instead}"
