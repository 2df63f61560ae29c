"""What a TanStack chat UI shows for one assistant turn, expected vs actual (row ``consumer.ui-messages``).

The actual side runs the adapter's events through the ported ``StreamProcessor``
(:mod:`conformance.consumer`). The expected side is **derived from the scenario**, never from
an adapter's output, by this rule:

1. Walk the scenario's script parts in order (for an error scenario, up to the first failing
   step): ``text-delta`` text accumulates into the current *text segment*; the first
   ``tool-input-start``/``tool-call`` of an id closes the segment and places that call.
   Empty segments are dropped.
2. The segments' text joined must equal the expected transcript's ``text``; otherwise the rule
   does not apply to the case (no expectation, no finding).
3. Each call part gets the expected transcript's values: ``name``, ``arguments`` = ``args_text``,
   ``input`` = ``args`` (neither is compared for an empty argument text, and ``input`` is not
   compared for malformed arguments, a POLICY choice),
   ``state`` = ``approval-requested`` (with ``approval: {id, needsApproval: true}``) when an
   approval names it, ``complete``/``error`` when a result names it (``output`` = the result),
   else ``input-complete``; each result is a ``tool-result`` part (content parsed, state).
4. Thinking is the expected ``reasoning``.
5. A turn that is only whitespace text, in one text block, shows no message at all: the
   processor's ``finalizeStream`` removes the last assistant message when it holds only
   whitespace text. (Several whitespace-only blocks may come as several messages, and only the
   last is removed: then nothing, or some of that whitespace, may show.)

Both sides are reduced to the same :class:`ConsumerView`, which keeps what a user sees and
drops what an adapter may legitimately choose: how parts are grouped into messages (one message
id per run, as ``@tanstack/openai-base`` does, or one per text block), generated ids, step ids,
and the spacing of tool-result JSON. Consecutive text parts with no tool call between them are
one segment (a structured-output part counts as its ``raw`` JSON text, so a scenario with an
expected structured ``raw_text`` shows that text); thinking parts are joined in order.
Aborted runs have no expectation (the text that arrives before an abort is not fixed).
Over a wire whose assistant message has no order between its text and its calls (Chat Completions:
one ``content``, one ``tool_calls``; ``Dialect.unordered_message``), a one-turn scenario may also be
shown as that message: its text joined, then its calls (:func:`as_one_message`). The openai SDK's
stream accumulator folds such a stream into that one message, and ``@ag-ui/client`` shows the same
agent state for both orders.

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

from conformance.consumer import StreamProcessor, consumer_chunks
from conformance.consumer_row import (
    ViewModel,
    field_differences,
    fixed_transcript,
    parsed_content,
    row_findings,
    show,
    shown_results,
)
from conformance.contract import Policies
from conformance.display_items import (
    ScriptItems,
    Segment,
    add_call,
    add_text,
    describe,
    expected_items,
    joined_text,
    shown,
)
from conformance.findings import Finding
from conformance.semantics import _same_json
from mock_provider.dialects import dialect as registered_dialect
from mock_provider.parts import ToolCall
from mock_provider.scenario import Scenario
from mock_provider.servers import sends_calls_whole
from mock_provider.transcript import ToolCallRecord, ToolResultRecord, Transcript

ROW = "consumer.ui-messages"
# Output protocols the StreamProcessor consumes: AG-UI events (the wire) and TanStack's yield layer.
PROTOCOLS: frozenset[str] = frozenset({"ag-ui", "tanstack"})
_CALL_FIELDS = ("name", "arguments", "state", "input", "approval", "output")  # compared in this order


class CallView(ViewModel):
    name: Any = None
    arguments: str | None = None  # None: not compared
    state: str = "input-complete"
    input: Any = None
    compare_input: bool = True
    approval: dict[str, Any] | None = None
    output: Any = None


class ResultView(ViewModel):
    content: Any = None
    state: str = "complete"


class ConsumerView(ViewModel):
    """One turn as the UI shows it, grouping-free (see the module notes)."""

    segments: list[Segment] = Field(default_factory=list)
    calls: dict[str, CallView] = Field(default_factory=dict)
    results: dict[str, ResultView] = Field(default_factory=dict)
    thinking: str = ""
    roles: list[str] = Field(default_factory=list)
    whitespace_only: bool = Field(default=False, exclude=True)  # expected side: a whitespace-only turn
    # Expected side: the whitespace-only turn is one text block, so the processor's removal of
    # the last whitespace-only message leaves the UI with no message at all.
    removed: bool = Field(default=False, exclude=True)
    messages: int = Field(default=0, exclude=True)  # actual side: how many messages the UI holds


def view_of_messages(messages: Sequence[dict[str, Any]]) -> ConsumerView:
    """Reduce ``UIMessage[]`` (dicts) to a :class:`ConsumerView`.

    >>> v = view_of_messages([{"id": "a", "role": "assistant", "parts": [{"type": "text", "content": "Hi "}]},
    ...                       {"id": "b", "role": "assistant", "parts": [{"type": "text", "content": "there"}]}])
    >>> [s.text for s in v.segments]
    ['Hi there']
    """
    view = ConsumerView(messages=len(messages))
    for msg in messages:
        if msg.get("role") not in view.roles:
            view.roles.append(str(msg.get("role")))
        for part in msg.get("parts", []):
            kind = part.get("type")
            if kind in ("text", "structured-output"):
                # A structured-output part (after CUSTOM structured-output.start) shows the JSON
                # text the model wrote; its ``raw`` is that text.
                add_text(view.segments, part.get("content", "") if kind == "text" else part.get("raw", ""))
            elif kind == "tool-call":
                add_call(view.segments, str(part.get("id")))
                view.calls[str(part.get("id"))] = CallView(
                    name=part.get("name"), arguments=part.get("arguments"), state=str(part.get("state")),
                    input=part.get("input"), approval=part.get("approval"), output=part.get("output"))
            elif kind == "tool-result":
                view.results[str(part.get("toolCallId"))] = ResultView(
                    content=parsed_content(part.get("content")), state=str(part.get("state")))
            elif kind == "thinking":
                view.thinking += part.get("content", "")
    view.segments = shown(view.segments)
    return view


def actual_view(events: Sequence[Any], output: str) -> tuple[ConsumerView, list[str]]:
    """The view of what the processor builds from the events, and the event types the port skipped."""
    processor = StreamProcessor()
    messages = processor.process(consumer_chunks(events, output))
    return view_of_messages(messages), processor.unported


def _mark_blank_blocks(items: ScriptItems) -> None:
    # Only when some block is whitespace-only: its text may be missing from the UI (see _shown_as).
    blank = {b for b, text in items.blocks.items() if text.strip() == ""}
    if not blank:
        return
    for seg in items.segments:
        if seg.text is not None:
            seg.pieces = [(d, b in blank) for g, b, d in items.block_of if g is seg]


def _expected_calls(view: ConsumerView, expected: Transcript, by_id: dict[str, ToolCallRecord],
                    results: list[ToolResultRecord]) -> None:
    """Rule 3: each call's part (name, arguments, input, approval or result state) and each result part."""
    approvals = {a.tool_call_id: a for a in expected.approvals}
    for call_id, rec in by_id.items():
        # No argument text at all: the UI may show "" (no input) or "{}" (an END input), as 8.1.10 allows.
        empty = rec.args_text == ""
        call = CallView(name=rec.name, arguments=None if empty else rec.args_text,
                        input=rec.args, compare_input=not (rec.malformed or empty))
        if call_id in approvals:
            call.state = "approval-requested"
            call.approval = {"id": approvals[call_id].approval_id, "needsApproval": True}
        view.calls[call_id] = call
    for res in results:
        state = "error" if res.is_error else "complete"
        view.results[res.tool_call_id] = ResultView(content=res.result, state=state)
        if res.tool_call_id in view.calls and res.tool_call_id not in approvals:
            view.calls[res.tool_call_id].state = state
            view.calls[res.tool_call_id].output = res.result


def _structured_segments(segments: list[Segment], expected: Transcript) -> list[Segment]:
    # The text streams into the structured-output part, whose `complete` raw replaces it:
    # the UI shows the JSON the result was read from, not the prose around it.
    structured = expected.structured
    if structured is not None and structured.raw_text is not None \
            and [(s.text, s.call) for s in segments] == [(expected.text, None)]:
        return [Segment(text=structured.raw_text)]
    return segments


def _whitespace_segments(segments: list[Segment]) -> bool:
    # At least one segment, and every one is whitespace-only text (no tool call between).
    return bool(segments) and all(s.text is not None and s.text.strip() == "" for s in segments)


def expected_view(scenario: Scenario, dialect: str, policies: Policies | None = None) -> ConsumerView | None:
    """The view the scenario implies (the module's rule), or None where the rule does not apply.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> expected_view(s, "v3").roles
    ['assistant']
    """
    expected = fixed_transcript(scenario, dialect)
    if expected is None:
        return None
    wire_order = registered_dialect(dialect).content_order
    items = expected_items(scenario, expected, None if wire_order is None else wire_order(scenario))
    if items is None:
        return None
    _mark_blank_blocks(items)
    segments = _structured_segments(items.segments, expected)
    view = ConsumerView(segments=segments, thinking=expected.reasoning, roles=["assistant"] if segments else [])
    # Forwarded preliminary results replace each other (the last one is shown): no fixed picture.
    results = shown_results(expected, policies or Policies())
    if results is None:
        return None
    _expected_calls(view, expected, {c.id: c for c in expected.tool_calls}, results)
    if _whitespace_segments(segments) and not view.thinking and expected.terminal != "error":
        # Whitespace-only: the processor removes the last message when it holds only whitespace text.
        # One block is one message, so nothing may remain; several blocks may be several messages.
        return ConsumerView(whitespace_only=True, removed=len(items.blocks) == 1)
    return view


def as_one_message(view: ConsumerView) -> ConsumerView:
    """``view`` as one message of a wire whose message has no order between its text and its calls: the text
    joined, then the calls in their order.

    >>> v = ConsumerView(segments=[Segment(text="a"), Segment(call="c1"), Segment(text="b"), Segment(call="c2")])
    >>> [s.text or s.call for s in as_one_message(v).segments]
    ['ab', 'c1', 'c2']
    """
    texts = [s for s in view.segments if s.text is not None]
    pieces = None if all(s.pieces is None for s in texts) else \
        [p for s in texts for p in (s.pieces or [(s.text or "", False)])]
    merged = [Segment(text=joined_text(texts), pieces=pieces)] if texts else []
    return view.model_copy(update={"segments": [*merged, *(s for s in view.segments if s.call is not None)]})


def _shown_as(expected: Segment, text: str) -> bool:
    """Whether ``text`` is the expected segment with some (or none) of its whitespace-only blocks left out.

    >>> _shown_as(Segment(text="a\\n", pieces=[("a", False), ("\\n", True)]), "a")
    True
    >>> _shown_as(Segment(text="ab", pieces=[("a", False), ("b", False)]), "a")
    False
    """
    if expected.text == text:
        return True
    if not expected.pieces:
        return False
    reachable = {0}  # positions in `text` that some choice of kept pieces reaches
    for piece, blank in expected.pieces:
        nxt = {p + len(piece) for p in reachable if text.startswith(piece, p)}
        reachable = nxt | reachable if blank else nxt
    return len(text) in reachable


def _whitespace_turn(view: ConsumerView) -> bool:
    """A turn of whitespace-only text and nothing else (the processor may remove any of it)."""
    return not view.calls and not view.results and not view.thinking \
        and all(s.text is not None and s.text.strip() == "" for s in view.segments)


def _same_item(e: Segment, a: Segment) -> bool:
    return (e.call is not None and e.call == a.call) or (
        e.text is not None and a.text is not None and _shown_as(e, a.text))


def _display_difference(expected: ConsumerView, actual: ConsumerView) -> str | None:
    """The first display item that differs, or None.

    Walks both displays; a segment made only of whitespace-only blocks may be missing (each
    block its own message, removed by the processor), each one independently.
    """
    wanted, shown = expected.segments, actual.segments
    i = j = 0
    while i < len(wanted) or j < len(shown):
        e = wanted[i] if i < len(wanted) else None
        a = shown[j] if j < len(shown) else None
        if e is not None and a is not None and _same_item(e, a):
            i, j = i + 1, j + 1
            continue
        if e is not None and e.pieces and all(blank for _, blank in e.pieces):
            i += 1
            continue
        return f"display item {j}: expected {describe(e)}, the UI shows {describe(a)}"
    return None


def _call_field_differs(exp: CallView, got: CallView, key: str) -> bool:
    if key == "input" and not exp.compare_input:
        return False
    if key == "arguments" and (exp.arguments is None or _same_json(exp.arguments, got.arguments)):
        return False  # not compared, or re-serialized to the same JSON value (#15 class 6, as row 8.1.10)
    return bool(getattr(exp, key) != getattr(got, key))


def _call_differences(expected: ConsumerView, actual: ConsumerView) -> list[str]:
    return field_differences("tool-call part", expected.calls, actual.calls, _CALL_FIELDS, _call_field_differs)


def _result_differences(expected: ConsumerView, actual: ConsumerView) -> list[str]:
    out: list[str] = []
    for call_id, res in expected.results.items():
        if actual.results.get(call_id) != res:
            out.append(f"tool-result part {call_id!r}: expected {show(res.model_dump())}, the UI shows "
                       f"{show(actual.results[call_id].model_dump()) if call_id in actual.results else 'none'}")
    extra = sorted(set(actual.results) - set(expected.results))
    if extra:
        out.append(f"tool-result part(s) the scenario has no result for: {extra}")
    return out


def differences(expected: ConsumerView, actual: ConsumerView) -> list[str]:
    """What the UI shows differently, first difference first (empty when it shows the same).

    >>> differences(ConsumerView(segments=[Segment(text="a")]), ConsumerView(segments=[Segment(text="b")]))
    ['display item 0: expected text "a", the UI shows text "b"']
    """
    if expected.removed and actual.messages:
        text = show(joined_text(actual.segments))
        return [f"the turn is one whitespace-only text block, which the processor removes as the last "
                f"message; the UI still shows {actual.messages} message(s) (text {text}): the "
                f"whitespace was not all in the last message (the block split across messages, or "
                f"something after it)"]
    if expected.whitespace_only and _whitespace_turn(actual):
        return []  # several whitespace-only blocks: nothing, or some of them, depending on message grouping
    display = _display_difference(expected, actual)
    out = [display] if display is not None else []
    out += _call_differences(expected, actual)
    out += _result_differences(expected, actual)
    if expected.thinking != actual.thinking:
        out.append(f"thinking: expected {show(expected.thinking)}, the UI shows {show(actual.thinking)}")
    if any(r != "assistant" for r in actual.roles):
        out.append(f"message roles: {actual.roles} (the turn is the assistant's)")
    return out


def in_completion_order(view: ConsumerView, scenario: Scenario) -> ConsumerView:
    """``view`` with its calls in the order the upstream completed them (each call's tool-call part), in the places
    of its calls: what a server that sends each call whole puts on the wire first.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.interleave.002")
    >>> v = ConsumerView(segments=[Segment(call="call_1"), Segment(call="call_2"), Segment(call="call_3")])
    >>> [seg.call for seg in in_completion_order(v, s).segments]
    ['call_3', 'call_1', 'call_2']
    """
    calls = [seg.call for seg in view.segments if seg.call is not None]
    done = [p.tool_call_id for p in scenario.parts() if isinstance(p, ToolCall) and p.tool_call_id in calls]
    order = iter([*dict.fromkeys(done), *(c for c in calls if c not in done)])
    return view.model_copy(update={"segments": [seg if seg.call is None else Segment(call=next(order))
                                                for seg in view.segments]})


def check(events: Sequence[Any], output: str, scenario: Scenario, dialect: str,
          policies: Policies | None = None, server: str | None = None) -> list[Finding]:
    """Row ``consumer.ui-messages``: the UI the events yield is the one the scenario implies.

    ``[]`` when the output protocol is not one the processor consumes or the scenario has no
    fixed picture (see :func:`expected_view`). The calls of a ``server`` that sends each call whole
    (:func:`mock_provider.servers.sends_calls_whole`) may be shown in the order they completed, the order
    its client first met them.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> events = [{"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "Hi"}]
    >>> [f.row for f in check(events, "ag-ui", s, "v3")]
    ['consumer.ui-messages']
    """
    if output not in PROTOCOLS:
        return []

    def read() -> ConsumerView | None:
        act, unported = actual_view(events, output)
        return None if unported else act  # the port does not model these events: no verdict rather than a guess

    def compare(exp: ConsumerView, act: ConsumerView) -> list[str]:
        act = without_told_results(exp, act, scenario.expected_for(dialect))
        if registered_dialect(dialect).unordered_message and not scenario.turns \
                and _display_difference(exp, act) is not None \
                and _display_difference(merged := as_one_message(exp), act) is None:
            exp = merged  # the wire's message: its text, then its calls (the module notes)
        found = differences(exp, act)
        if found and sends_calls_whole(server, dialect) and not differences(in_completion_order(exp, scenario), act):
            return []
        return found

    return row_findings(ROW, "TanStack StreamProcessor", expected_view(scenario, dialect, policies), read, compare)


def without_told_results(expected: ConsumerView, actual: ConsumerView, transcript: Transcript) -> ConsumerView:
    """``actual`` without the result that tells the model a malformed call was invalid, which row 8.1.14
    accepts as well as none (:func:`conformance.semantics.told_malformed`, which also checks it is one
    error result): the call then shows as it would without it.

    >>> exp = ConsumerView(calls={"c1": CallView(name="f")})
    >>> act = ConsumerView(calls={"c1": CallView(name="f", state="complete", output="bad JSON")},
    ...                    results={"c1": ResultView(content="bad JSON")})
    >>> bad = Transcript(tool_calls=[ToolCallRecord(id="c1", name="f", args_text="{", malformed=True)])
    >>> differences(exp, without_told_results(exp, act, bad)), len(differences(exp, act))
    ([], 3)
    """
    told = {c.id for c in transcript.tool_calls
            if c.malformed and c.id not in expected.results and c.id in actual.results and c.id in expected.calls}
    if not told:
        return actual
    calls = {k: v.model_copy(update={"state": expected.calls[k].state, "output": expected.calls[k].output})
             if k in told else v for k, v in actual.calls.items()}
    return actual.model_copy(update={"calls": calls,
                                     "results": {k: v for k, v in actual.results.items() if k not in told}})


def case_findings(events: Sequence[Any], output: str, scenario: Scenario, dialect: str, policies: Policies,
                  prior: Sequence[Finding], must_rows: set[str]) -> list[Finding]:
    """The row's findings for one graded case, unless a MUST row already explains the difference.

    A transcript or lifecycle failure changes the UI too; reporting it twice would blame two
    rows for one defect, so this row speaks only where every MUST row held.
    """
    if any(f.row in must_rows and f.level in (None, "MUST") for f in prior):
        return []
    return check(events, output, scenario, dialect, policies)
