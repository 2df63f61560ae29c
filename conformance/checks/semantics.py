"""The transcript against the scenario's expected one (:mod:`conformance.semantics`), located in the stream.

A text, reasoning or argument difference is given the index of the first event after which the
content is no longer a prefix of what was expected, so a report can point at it.

Example:
    >>> check.__name__
    'check'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from conformance.catalog import Matrix, catalog
from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.protocols.base import OutputProtocol
from conformance.protocols.tool_calls import shown_names
from conformance.protocols.usage_readings import carries_tanstack_metadata
from conformance.protocols.usage_search import usage_seen
from conformance.semantics import Comparison, compare
from mock_provider.parts import Finish, ToolCall, ToolInputStart
from mock_provider.scenario import Scenario
from mock_provider.servers import sends_calls_whole, served_as
from mock_provider.transcript import Transcript
from mock_provider.wires import openai_chat
from mock_provider.wires.openai_chat_usage import zero_usage

MAX_LOCATED_EVENTS = 2000  # re-extracting every prefix is quadratic: longer streams keep findings unlocated


def check(ctx: GradeContext) -> list[Finding]:
    """The differences between the expected and the actual transcript, each on its row."""
    proto, rec = ctx.protocol, ctx.record
    view = Comparison(
        # An adapter that declares it reports no usage (AG-UI's usage is optional) is not graded on it.
        rows=applicable_first(ctx.scenario.rows, ctx.capabilities.output, ctx.settings.matrix or catalog()),
        usage_fields=proto.usage_fields if ctx.capabilities.reports_usage else (),
        dialect=rec.dialect,
        upstream_finish=ctx.upstream_finish, has_provider_calls=ctx.has_provider_calls,
        reports_finish_reason=ctx.capabilities.reports_finish_reason, terminal_row=ctx.cause,
        wrong_end_row=wrong_end_row(ctx.scenario, ctx.capabilities.output, ctx.settings.matrix or catalog()),
        # AG-UI 1.0's TOOL_CALL_RESULT has no error flag: only TanStack's metadata.tanstack.state says
        # 'output-error', so a plain AG-UI adapter (no TanStack metadata, reports_finish_reason False)
        # cannot express it (@ag-ui/core 1.0.0 dist/version-DEKfpZNa.d.ts:635: messageId, toolCallId, content, role).
        result_errors=proto.expresses_result_error
        and (proto.name != "ag-ui" or ctx.capabilities.reports_finish_reason),
        abort_in_flight=rec.served_over_http, closes_at_error=ctx.bridge,
        output_schema=ctx.scenario.request.output_schema, expresses_structured=proto.expresses_structured,
        # Plain AG-UI has no required place for the model (TokenUsage.model is optional and @ag-ui/client shows
        # none): it is graded where the stream names one, or carries TanStack's metadata, which has the field.
        model_expressed=proto.expresses_model and (proto.name != "ag-ui" or ctx.actual.model is not None
                                                   or carries_tanstack_metadata(ctx.events)),
        error_codes=proto.expresses_error_code, truncated=ctx.truncated,
        missing_finish_declared=ctx.capabilities.policies.missing_finish is not None,
        # As the declared server serves it (DeepSeek's cache count and xAI's details are on every usage:
        # mock_provider.servers).
        zero_is_absent=proto.zero_is_absent | (
            zero_usage(served_as(ctx.scenario, ctx.capabilities.server, rec.dialect))
            if rec.dialect == openai_chat.NAME else frozenset()), null_args_empty=proto.null_args_empty,
        reasoning_apart=proto.reasoning_apart(ctx.events), abort=proto.abort, usage_at=proto.usage_at,
        # Only where no usage was read at the protocol's place: what the stream had instead.
        usage_seen=tuple(usage_seen(ctx.events)) if ctx.actual.usage is None and ctx.expected.usage else (),
        # A server that sends each call whole (mock_provider.servers.sends_calls_whole) puts them on the wire in
        # the order they completed: that is the upstream's first-appearance order the client saw, whatever the
        # protocol's consumer does with it.
        completion_order=tuple(p.tool_call_id for p in ctx.scenario.parts() if isinstance(p, ToolCall))
        if proto.calls_in_completion_order or sends_calls_whole(ctx.capabilities.server, rec.dialect) else (),
        unrun=proto.unrun_calls(ctx.events),
        calls_decide=ctx.scenario.expected.finish_reason == "tool_calls")
    found = compare(ctx.expected, ctx.actual, ctx.policies, view)
    return locate(found, list(ctx.events), ctx.expected, proto) + open_calls_renamed(ctx)


def open_calls_renamed(ctx: GradeContext) -> list[Finding]:
    """Row 8.1.9 for a call the expected transcript does not hold (the upstream never completed it;
    the adapter left it open or closed it at an abort, a failure or a cut stream): the chat still
    shows it, by the name it was started with, which must be the one the model gave the call id
    (in any turn).

    The names of the calls both transcripts hold are compared there (``compare``).
    """
    upstream: dict[str, set[str]] = {}
    for script in ctx.scenario.turn_scripts():
        for step in script:
            part = step.part
            if isinstance(part, ToolInputStart):
                upstream.setdefault(part.id, set()).add(part.tool_name)
            elif isinstance(part, ToolCall):
                upstream.setdefault(part.tool_call_id, set()).add(part.tool_name)
    compared = {c.id for c in ctx.actual.tool_calls} & {c.id for c in ctx.expected.tool_calls}
    out = []
    for call_id, name in shown_names(list(ctx.events)).items():
        names = upstream.get(call_id)
        if call_id in compared or not names or name in names:
            continue
        out.append(Finding(row="8.1.9", source="semantics", field=f"tool_calls[{call_id}].name",
                           tool_call_id=call_id, tool_name=name, expected=sorted(names)[0], actual=name,
                           message=f"tool call {call_id!r} is shown as {name!r}; the model named it "
                                   f"{' or '.join(map(repr, sorted(names)))}"))
    return out


def wrong_end_row(scenario: Scenario, output: str, matrix: Matrix) -> str:
    """The row a run that ended the wrong way is reported on when the upstream part it stopped on is
    unknown: the scenario's primary row where that is a MUST for the protocol (or where no row of the
    scenario applies to it: the expectation is another protocol's, and is not graded); otherwise the
    terminal row of a stream's end (8.1.18, or 8.1.19 with no finish part). An error where the model
    finished is what the user sees whatever the scenario is about: a SHOULD primary row (the reported
    model, an empty delta) would grade it a style point.

    >>> from mock_provider.scenario import load_corpus
    >>> by_id = {s.id: s for s in load_corpus()}
    >>> [wrong_end_row(by_id[s], "ag-ui", catalog()) for s in ("text.basic.001", "text.metadata.001")]
    ['8.1.4', '8.1.18']
    """
    rows = applicable_first(scenario.rows, output, matrix)
    if not rows or matrix.row(rows[0]).level_for(output) in ("MUST", None):
        return rows[0]  # None: no row applies here, the expectation is another protocol's (not graded)
    return "8.1.18" if any(isinstance(s.part, Finish) for s in scenario.script) else "8.1.19"


def applicable_first(rows: Sequence[str], output: str, matrix: Matrix) -> list[str]:
    """The scenario's rows, those that apply to the output protocol first (in their order).

    A difference the transcript cannot put on its own field's row (the run ended the wrong way)
    goes to the first row: one the catalog says does not apply to this protocol would drop it,
    and the run that ended wrongly would pass.

    >>> applicable_first(["structured.result", "8.1.4"], "ui-message-stream", catalog())
    ['8.1.4', 'structured.result']
    >>> applicable_first(["structured.result", "8.1.4"], "tanstack", catalog())
    ['structured.result', '8.1.4']
    """
    applies = [r for r in rows if matrix.row(r).level_for(output) is not None]
    return applies + [r for r in rows if r not in applies]


def _wanted(f: Finding) -> bool:
    return (f.event_index is None and f.field is not None
            and (f.field in ("text", "reasoning") or f.field.endswith(".args_text")))


def locate(findings: list[Finding], events: Sequence[Any], expected: Transcript,
           proto: OutputProtocol) -> list[Finding]:
    """The findings, with the index of the first event where a text or argument stops matching.

    Re-extracts the transcript of growing prefixes (only for failing cases, bounded); content that
    is missing at the end points at the last event (the stream stopped short).
    """
    wanted = [i for i, f in enumerate(findings) if _wanted(f)]
    if not wanted or len(events) > MAX_LOCATED_EVENTS:
        return findings
    exp_args = {c.id: c.args_text or "" for c in expected.tool_calls}
    where: dict[int, int] = {}
    for k in range(1, len(events) + 1):
        t = proto.extract(events[:k])
        for i in wanted:
            if i not in where and _diverged(findings[i].field or "", t, expected, exp_args):
                where[i] = k - 1
        if len(where) == len(wanted):
            break
    last = len(events) - 1
    out = list(findings)
    for i in wanted:
        index = where.get(i, last if last >= 0 else None)
        if index is not None:
            out[i] = dataclasses.replace(findings[i], event_index=index)
    return out


def _diverged(field: str, t: Transcript, expected: Transcript, exp_args: dict[str, str]) -> bool:
    if field == "text":
        return not expected.text.startswith(t.text)
    if field == "reasoning":
        return not expected.reasoning.startswith(t.reasoning)
    call_id = field.split("[", 1)[1].split("]", 1)[0]
    got = next((c.args_text for c in t.tool_calls if c.id == call_id), None)
    return got is not None and not exp_args.get(call_id, "").startswith(got)
