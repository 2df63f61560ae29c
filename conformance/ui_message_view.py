"""What a ``useChat`` UI shows for one assistant turn of a UI message stream, expected vs actual.

Row ``consumer.ui-message-stream``. The actual side reads the adapter's chunks with the port of
``ai``'s own reader (:mod:`conformance.ui_message_reader`, proven against ``readUIMessageStream`` in
Node), the version the adapter declares (``ui-message-stream`` = ai 6, ``ui-message-stream@7`` = ai 7),
up to and including the first ``error`` chunk (``Chat`` stops reading there, ai 6.0.326
dist/index.mjs:15266; the transcript ends there too). The expected side is **derived from the
scenario**, never from an adapter's output:

1. Text segments and the places of tool calls: the rule of the TanStack view
   (:func:`conformance.display_items.expected_items`): the script's text deltas up to
   the first failing step, split where a call first appears, must join to the expected
   transcript's ``text``, and the placed calls must be the transcript's calls; otherwise the
   scenario has no fixed picture (no expectation, no finding). An agent loop's turns are one
   script (its steps land in one message, ``step-start`` between them); a loop that ends in an
   error has no fixed picture.
2. Each call's tool part (``tool-NAME`` or ``dynamic-tool``): the transcript's ``name``; its
   ``input`` = ``args`` (not compared for an empty argument text or malformed arguments: the
   ``malformed_args`` POLICY decides how those show); its final state: ``approval-requested``
   (with the approval's id) when an approval names it, ``output-available`` with ``output`` = the
   result, or ``output-error`` with that error text, when a result names it, else
   ``input-available`` (malformed arguments with no result: state and output not compared).
3. Reasoning: the transcript's ``reasoning``, the reasoning parts' text joined; and where it is
   shown among the text segments and tool parts: the script's reasoning deltas, in script order
   with its text deltas and call places (:func:`conformance.display_items.layout`), must join to
   the transcript's ``reasoning``, and then the message shows each reasoning segment where the
   script streams it (a UI renders a message's parts in order: thinking streamed before the answer
   and shown below it is a different picture). How reasoning is cut into parts, its ids and
   ``step-start`` parts do not count; empty reasoning parts show nothing.
4. A run that finished leaves no text or reasoning part ``streaming`` (an error may leave them open).
5. The reader never throws (``UIMessageStreamError``: a chunk it cannot place).
6. What the upstream wire can say: a Chat Completions message (``openai-chat``) is one ``content``
   and a ``tool_calls`` list, with no order between them, so there the text and the calls are
   compared each in its own order, not interleaved, and where reasoning stands is not compared
   (``reasoning_content`` is one more field of the message); a Gemini call is one ``functionCall`` part,
   sent whole, so there a call's place is its ``tool-call`` part, not its ``tool-input-start``, and
   a turn's text comes before the calls that later text of that turn follows (the wire's
   ``content_order``, each turn on its own; its thought parts keep their place among the text).
   Anthropic thinking blocks, Responses reasoning items and the AI SDK's reasoning parts are
   ordered with the text and calls of their turn, as the script has them.
7. A call to a tool the request does not declare may be refused by the producer (``streamText``
   answers it with ``tool-input-error``, "unavailable tool", a ``NoSuchToolError``): its state,
   input and output are not compared, as for malformed arguments.

Both sides are reduced to a :class:`UIView`, which keeps what a user sees and drops what an adapter
may choose: the message id, how text is cut into parts (consecutive text parts are one segment),
``step-start`` parts, provider metadata and part ids. Sources, files and data parts are not in the
transcript, so they are not compared. Aborted runs and runs with no terminal have no expectation.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.text-between.001")
    >>> [seg.text or seg.call for seg in expected_view(s, "v3").segments]
    ['First Madrid. ', 'toolu_mad', 'Then Rome. ', 'toolu_rom', 'Done.']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import Field

from conformance.consumer_row import ViewModel, field_differences, fixed_transcript, row_findings, show
from conformance.contract import Policies
from conformance.display_items import (
    Segment,
    add_call,
    add_reasoning,
    add_text,
    describe,
    expected_items,
    joined_text,
    layout,
    shown,
)
from conformance.findings import Finding
from conformance.partial_json import Version
from conformance.protocols.agui import tool_result_value
from conformance.ui_message_reader import ReadResult, read
from mock_provider.dialects import dialect as registered_dialect
from mock_provider.parts import ToolCall, ToolInputStart
from mock_provider.scenario import Scenario
from mock_provider.transcript import Transcript

ROW = "consumer.ui-message-stream"
# The output protocols ai's reader consumes, and the ai major of each.
VERSIONS: dict[str, Version] = {"ui-message-stream": 6, "ui-message-stream@6": 6, "ui-message-stream@7": 7,
                               "ui-message-stream@5": 5}
_NOT_COMPARED = "<not compared>"
_PART = "tool part"  # what the view calls a call's place: useChat's message holds tool parts


class ToolView(ViewModel):
    """One tool part as it ends: its name, state and values (``_NOT_COMPARED`` on the expected side
    where the scenario leaves the value open)."""

    name: Any = None
    state: str = "input-available"
    input: Any = None
    output: Any = None
    approval_id: Any = None


class UIView(ViewModel):
    """One turn as ``useChat`` shows it, grouping-free (see the module notes)."""

    segments: list[Segment] = Field(default_factory=list)
    calls: dict[str, ToolView] = Field(default_factory=dict)
    reasoning: str = ""
    # Text, reasoning and call places in the order shown (rule 3); on the expected side None where
    # the scenario does not fix where reasoning stands
    layout: list[Segment] | None = None
    streaming: list[str] = Field(default_factory=list)  # parts left 'streaming' (actual side)
    check_streaming: bool = True  # expected side: a finished run leaves none
    ordered: bool = True  # expected side: the wire orders text and tool calls (rule 6)
    thrown: str | None = None  # actual side: the error the reader threw, with the chunk's index


def _tool_name(part: dict[str, Any]) -> Any:
    kind = str(part.get("type"))
    return part.get("toolName") if kind == "dynamic-tool" else kind.split("-", 1)[1]


def _is_tool(part: dict[str, Any]) -> bool:
    kind = str(part.get("type"))
    return kind.startswith("tool-") or kind == "dynamic-tool"


def view_of_reading(result: ReadResult) -> UIView:
    """Reduce the reader's final message to a :class:`UIView`.

    >>> from conformance.ui_message_reader import read
    >>> v = view_of_reading(read([
    ...     {"type": "text-start", "id": "a"}, {"type": "text-delta", "id": "a", "delta": "Hi "},
    ...     {"type": "text-start", "id": "b"}, {"type": "text-delta", "id": "b", "delta": "there"},
    ...     {"type": "text-end", "id": "a"}]))
    >>> [s.text for s in v.segments], v.streaming
    (['Hi there'], ['text 1'])
    """
    view = UIView()
    if result.error is not None:
        view.thrown = f"{result.error} (at chunk {result.error_index})"
    parts = result.message["parts"] if result.message is not None else []
    items: list[Segment] = []  # every shown part in order, reasoning too (rule 3)
    for index, part in enumerate(parts):
        kind = part.get("type")
        if kind in ("text", "reasoning") and part.get("state") == "streaming":
            view.streaming.append(f"{kind} {index}")
        if kind == "text":
            add_text(view.segments, str(part.get("text", "")))
            add_text(items, str(part.get("text", "")))
        elif kind == "reasoning":
            view.reasoning += str(part.get("text", ""))
            add_reasoning(items, str(part.get("text", "")))
        elif _is_tool(part):
            call_id = str(part.get("toolCallId"))
            add_call(view.segments, call_id)
            add_call(items, call_id)
            approval = part.get("approval")
            view.calls[call_id] = ToolView(
                name=_tool_name(part), state=str(part.get("state")), input=part.get("input"),
                output=tool_result_value(part.get("errorText")) if part.get("state") == "output-error"
                else part.get("output"),
                approval_id=approval.get("id") if isinstance(approval, dict) else None)
    view.segments = shown(view.segments)
    view.layout = layout(items)
    return view


def _until_error(events: Sequence[Any]) -> list[Any]:
    """The chunks ``Chat`` reads: up to and including the first ``error`` chunk."""
    out: list[Any] = []
    for event in events:
        out.append(event)
        if isinstance(event, dict) and event.get("type") == "error":
            break
    return out


def actual_view(events: Sequence[Any], output: str) -> UIView:
    """The view ai's reader (the version of ``output``) gives the chunks ``Chat`` reads."""
    return view_of_reading(read(_until_error(events), VERSIONS[output]))


def _expected_calls(view: UIView, expected: Transcript, policies: Policies, declared: set[str]) -> bool:
    """Rule 2; False where the results leave the final state open (a preliminary result last)."""
    approvals = {a.tool_call_id: a for a in expected.approvals}
    last: dict[str, Any] = {}
    for res in expected.tool_results:
        if res.preliminary and policies.preliminary_results != "forward":
            continue
        last[res.tool_call_id] = res
    if any(r.preliminary for r in last.values()):
        return False
    for rec in expected.tool_calls:
        # Malformed arguments show as the malformed_args POLICY has them, and a call to an undeclared
        # tool may be refused (rule 7): tool-input-error, an output-error whose text is the producer's.
        refusable = rec.malformed or rec.name not in declared
        call = ToolView(name=rec.name, input=_NOT_COMPARED if refusable or rec.args_text == "" else rec.args,
                        state=_NOT_COMPARED if refusable else "input-available",
                        output=_NOT_COMPARED if refusable else None)
        if rec.id in approvals:
            call.state, call.approval_id = "approval-requested", approvals[rec.id].approval_id
        elif rec.id in last:
            res = last[rec.id]
            call.state = "output-error" if res.is_error else "output-available"
            call.output = res.result
        view.calls[rec.id] = call
    return True


# Wires that cannot say where a call is among the text (rule 6), and wires whose calls come whole.
UNORDERED_WIRES = frozenset({"openai-chat"})
ATOMIC_CALL_WIRES = frozenset({"gemini"})


def _all_turns(scenario: Scenario, dialect: str) -> tuple[Scenario, list[int] | None]:
    """The scenario with every turn's script in one (an agent loop's steps all land in one message);
    on a wire whose calls come whole, without the tool-input-start parts (a call is placed at its
    tool-call part). With it, the order the wire sends the merged steps' content in, where the dialect
    reorders it (Gemini: a turn's text before the calls that later text of that turn follows, each
    turn on its own as the mock sends it), else None."""
    turns = [scenario.script, *(turn.script for turn in scenario.turns)]
    if dialect in ATOMIC_CALL_WIRES:
        turns = [[step for step in steps if not isinstance(step.part, ToolInputStart)] for steps in turns]
    merged = scenario.model_copy(update={"script": [step for steps in turns for step in steps]})
    wire_order = registered_dialect(dialect).content_order
    if wire_order is None:
        return merged, None
    order: list[int] = []
    for steps in turns:
        offset = len(order)
        order += [offset + i for i in wire_order(scenario.model_copy(update={"script": steps, "turns": []}))]
    return merged, order


def expected_view(scenario: Scenario, dialect: str, policies: Policies | None = None) -> UIView | None:
    """The view the scenario implies (the module's rules), or None where they give no fixed picture.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> [seg.text for seg in expected_view(s, "v3").segments]
    ['The capital of France is Paris.']
    """
    expected = fixed_transcript(scenario, dialect)
    if expected is None:
        return None
    if scenario.turns and expected.terminal != "finished":
        return None  # where a later turn fails is the loop's: no fixed picture
    script, order = _all_turns(scenario, dialect)
    items = expected_items(script, expected, order)
    if items is None:
        return None
    view = UIView(segments=items.segments, reasoning=expected.reasoning,
                  check_streaming=expected.terminal == "finished", ordered=dialect not in UNORDERED_WIRES)
    placed = layout(items.with_reasoning)
    if view.ordered and expected.reasoning and \
            "".join(s.reasoning for s in placed if s.reasoning is not None) == expected.reasoning:
        view.layout = placed  # rule 3: the script fixes where each reasoning segment shows
    declared = {t.name for t in scenario.request.tools}
    if not _expected_calls(view, expected, policies or Policies(), declared):
        return None
    return view


def _unordered_difference(expected: UIView, actual: UIView) -> str | None:
    """Rule 6: the text joined, and the calls in their own order."""
    def calls(v: UIView) -> list[str]:
        return [s.call for s in v.segments if s.call is not None]

    wanted, got = joined_text(expected.segments), joined_text(actual.segments)
    if wanted != got:
        return f"text: expected {show(wanted)}, the UI shows {show(got)}"
    if calls(expected) != calls(actual):
        return f"tool parts: expected {calls(expected)}, the UI shows {calls(actual)}"
    return None


def _display_difference(expected: UIView, actual: UIView) -> str | None:
    if not expected.ordered:
        return _unordered_difference(expected, actual)
    for i in range(max(len(expected.segments), len(actual.segments))):
        e = expected.segments[i] if i < len(expected.segments) else None
        a = actual.segments[i] if i < len(actual.segments) else None
        if e is None or a is None or (e.text, e.call) != (a.text, a.call):
            return f"display item {i}: expected {describe(e, _PART)}, the UI shows {describe(a, _PART)}"
    return None


def _reasoning_place(expected: UIView, actual: UIView) -> str | None:
    """Rule 3, where the reasoning stands: the first item of the layouts that differs."""
    if expected.layout is None or actual.layout is None:
        return None
    for i in range(max(len(expected.layout), len(actual.layout))):
        e = expected.layout[i] if i < len(expected.layout) else None
        a = actual.layout[i] if i < len(actual.layout) else None
        if e is None or a is None or (e.text, e.call, e.reasoning) != (a.text, a.call, a.reasoning):
            return (f"reasoning out of place: item {i} (text, reasoning and tool parts in order): expected "
                    f"{describe(e, _PART)}, the UI shows {describe(a, _PART)}")
    return None


def _call_differences(expected: UIView, actual: UIView) -> list[str]:
    def differs(want: ToolView, got: ToolView, key: str) -> bool:
        return bool(getattr(want, key) != _NOT_COMPARED and getattr(want, key) != getattr(got, key))

    return field_differences(_PART, expected.calls, actual.calls, ("name", "state", "input", "output", "approval_id"),
                             differs)


def differences(expected: UIView, actual: UIView) -> list[str]:
    """What the UI shows differently, first difference first (empty when it shows the same).

    >>> differences(UIView(segments=[Segment(text="a")]), UIView(segments=[Segment(text="b")]))
    ['display item 0: expected text "a", the UI shows text "b"']
    """
    out = [f"the reader throws: {actual.thrown}"] if actual.thrown is not None else []
    display = _display_difference(expected, actual)
    out += [display] if display is not None else []
    out += _call_differences(expected, actual)
    if expected.reasoning != actual.reasoning:
        out.append(f"reasoning: expected {show(expected.reasoning)}, the UI shows {show(actual.reasoning)}")
    elif display is None:  # the text, the calls and the reasoning agree: only where it stands is left
        place = _reasoning_place(expected, actual)
        out += [place] if place is not None else []
    if expected.check_streaming and actual.streaming:
        out.append(f"parts still streaming after the run finished: {actual.streaming}")
    return out


def check(events: Sequence[Any], output: str, scenario: Scenario, dialect: str,
          policies: Policies | None = None) -> list[Finding]:
    """Row ``consumer.ui-message-stream``: the UI ai's reader gives is the one the scenario implies.

    ``[]`` when the output protocol is not a UI message stream or the scenario has no fixed picture.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> events = [{"type": "start"}, {"type": "text-start", "id": "t"},
    ...           {"type": "text-delta", "id": "t", "delta": "The capital of France is Paris."},
    ...           {"type": "tool-input-available", "toolCallId": "c1", "toolName": "f", "input": {}},
    ...           {"type": "finish", "finishReason": "stop"}]
    >>> [f.message for f in check(events, "ui-message-stream", s, "v3")]
    ["ai readUIMessageStream: display item 1: expected nothing, the UI shows tool part 'c1'", \
"ai readUIMessageStream: parts still streaming after the run finished: ['text 0']"]
    """
    if output not in VERSIONS:
        return []

    def compare(exp: UIView, act: UIView) -> list[str]:
        found = differences(exp, act)
        if found and not differences(in_completion_order(exp, scenario), act):
            return []  # calls sent once their input completed show in that order, as right as the start order
        return found

    return row_findings(ROW, "ai readUIMessageStream", expected_view(scenario, dialect, policies),
                        lambda: actual_view(events, output), compare)


def in_completion_order(expected: UIView, scenario: Scenario) -> UIView:
    """The expected view with its tool parts in the order the upstream completed them (each call's
    tool-call part), the text joined: what a producer that sends each call only once its input is
    complete (no input streaming) makes the reader show.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> [seg.text for seg in in_completion_order(UIView(segments=[Segment(text="a")]), s).segments]
    ['a']
    """
    done = [p.tool_call_id for p in scenario.parts() if isinstance(p, ToolCall)]
    calls = [c.call for c in expected.segments if c.call is not None]
    completed = [c for c in done if c in calls] + [c for c in calls if c not in done]

    def reorder(items: list[Segment]) -> list[Segment]:
        # The same places: text and reasoning stay where they are, the calls take the places of
        # calls in completion order.
        order = iter(completed)
        return [seg if seg.call is None else Segment(call=next(order)) for seg in items]

    placed = None if expected.layout is None else reorder(expected.layout)
    return expected.model_copy(update={"segments": reorder(expected.segments), "layout": placed})
