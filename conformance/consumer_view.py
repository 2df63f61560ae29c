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

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.text-between.001")
    >>> [seg.text or seg.call for seg in expected_view(s, "v3").segments]
    ['First Madrid. ', 'toolu_mad', 'Then Rome. ', 'toolu_rom', 'Done.']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from conformance.consumer import StreamProcessor, consumer_chunks, js_parse
from conformance.contract import Policies
from conformance.findings import Finding
from conformance.semantics import _same_json
from mock_provider.dialects import dialect as registered_dialect
from mock_provider.parts import TextDelta, ToolCall, ToolInputStart
from mock_provider.scenario import Scenario
from mock_provider.transcript import ToolCallRecord, ToolResultRecord, Transcript

ROW = "consumer.ui-messages"
# Output protocols the StreamProcessor consumes: AG-UI events (the wire) and TanStack's yield layer.
PROTOCOLS: frozenset[str] = frozenset({"ag-ui", "tanstack"})


class _V(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Segment(_V):
    """One displayed item: a text segment (``text``) or the place of a tool call (``call``)."""

    text: str | None = None
    call: str | None = None
    # The text block by block, (text, whitespace-only?): an adapter that gives each block its own
    # message id may show the text without some whitespace-only blocks, because the processor
    # removes a whitespace-only message (see :func:`_shown_as`).
    pieces: list[tuple[str, bool]] | None = Field(default=None, exclude=True)


class CallView(_V):
    name: Any = None
    arguments: str | None = None  # None: not compared
    state: str = "input-complete"
    input: Any = None
    compare_input: bool = True
    approval: dict[str, Any] | None = None
    output: Any = None


class ResultView(_V):
    content: Any = None
    state: str = "complete"


class ConsumerView(_V):
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


def _parsed(content: Any) -> Any:
    ok, value = js_parse(content)
    return value if ok else content


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
                shown = part.get("content", "") if kind == "text" else part.get("raw", "")
                last = view.segments[-1] if view.segments else None
                if last is not None and last.text is not None:
                    last.text += shown
                else:
                    view.segments.append(Segment(text=shown))
            elif kind == "tool-call":
                view.segments.append(Segment(call=str(part.get("id"))))
                view.calls[str(part.get("id"))] = CallView(
                    name=part.get("name"), arguments=part.get("arguments"), state=str(part.get("state")),
                    input=part.get("input"), approval=part.get("approval"), output=part.get("output"))
            elif kind == "tool-result":
                view.results[str(part.get("toolCallId"))] = ResultView(content=_parsed(part.get("content")),
                                                                       state=str(part.get("state")))
            elif kind == "thinking":
                view.thinking += part.get("content", "")
    view.segments = [s for s in view.segments if s.text != ""]
    return view


def actual_view(events: Sequence[Any], output: str) -> tuple[ConsumerView, list[str]]:
    """The view of what the processor builds from the events, and the event types the port skipped."""
    processor = StreamProcessor()
    messages = processor.process(consumer_chunks(events, output))
    return view_of_messages(messages), processor.unported


def _first_failing(scenario: Scenario) -> int:
    for i, step in enumerate(scenario.script):
        if step.fault is not None and step.fault.kind != "split":
            return i
        if step.part is not None and step.part.type == "error":
            return i
    return len(scenario.script)


_BlockDeltas = list[tuple[Segment, str, str]]  # (segment, text block id, delta), in script order


def _walk(scenario: Scenario, stop: int, wire_order: Callable[[Scenario], list[int]] | None = None,
          ) -> tuple[list[Segment], set[str], dict[str, str], _BlockDeltas]:
    """Rule 1: the script's display items up to ``stop``: segments, placed call ids, text by block id
    and which block each delta of a segment came from. ``wire_order``: the dialect sends the steps'
    content in another order (Gemini: a turn's text before its function calls, each call whole at its
    tool-call part), so that is the order a consumer can show."""
    segments: list[Segment] = []
    placed: set[str] = set()
    blocks: dict[str, str] = {}  # text block id -> its text, to tell whitespace-only blocks
    block_of: _BlockDeltas = []
    order = [i for i in wire_order(scenario) if i < stop] if wire_order is not None else range(stop)
    for i in order:
        part = scenario.script[i].part
        if wire_order is not None and isinstance(part, ToolInputStart):
            continue  # the wire sends the call whole, where its tool-call part is
        if isinstance(part, TextDelta) and part.delta:
            blocks[part.id] = blocks.get(part.id, "") + part.delta
            if segments and segments[-1].text is not None:
                segments[-1].text += part.delta
            else:
                segments.append(Segment(text=part.delta))
            block_of.append((segments[-1], part.id, part.delta))
        elif isinstance(part, ToolInputStart | ToolCall):
            call_id = part.id if isinstance(part, ToolInputStart) else part.tool_call_id
            if call_id not in placed:
                placed.add(call_id)
                segments.append(Segment(call=call_id))
    return segments, placed, blocks, block_of


def _mark_blank_blocks(segments: list[Segment], blocks: dict[str, str], block_of: _BlockDeltas) -> None:
    # Only when some block is whitespace-only: its text may be missing from the UI (see _shown_as).
    blank = {b for b, text in blocks.items() if text.strip() == ""}
    if not blank:
        return
    for seg in segments:
        if seg.text is not None:
            seg.pieces = [(d, b in blank) for g, b, d in block_of if g is seg]


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
    pol = policies or Policies()
    expected = scenario.expected_for(dialect)
    if expected.terminal in ("aborted", "none"):
        return None
    stop = _first_failing(scenario) if expected.terminal == "error" else len(scenario.script)
    segments, placed, blocks, block_of = _walk(scenario, stop, registered_dialect(dialect).content_order)
    if "".join(s.text for s in segments if s.text is not None) != expected.text:
        return None
    _mark_blank_blocks(segments, blocks, block_of)
    segments = _structured_segments(segments, expected)
    by_id = {c.id: c for c in expected.tool_calls}
    if placed != set(by_id):
        return None  # calls the transcript does not name (or the reverse): no fixed picture
    view = ConsumerView(segments=segments, thinking=expected.reasoning, roles=["assistant"] if segments else [])
    results = [r for r in expected.tool_results if pol.preliminary_results == "forward" or not r.preliminary]
    if any(r.preliminary for r in results):
        return None  # forwarded preliminary results replace each other: the last one is shown
    _expected_calls(view, expected, by_id, results)
    if _whitespace_segments(segments) and not view.thinking and expected.terminal != "error":
        # Whitespace-only: the processor removes the last message when it holds only whitespace text.
        # One block is one message, so nothing may remain; several blocks may be several messages.
        return ConsumerView(whitespace_only=True, removed=len(blocks) == 1)
    return view


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


def _text(view: ConsumerView) -> str:
    return "".join(s.text for s in view.segments if s.text is not None)


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)[:200]


def _item(s: Segment | None) -> str:
    if s is None:
        return "nothing"
    return f"text {_show(s.text)}" if s.text is not None else f"tool call {s.call!r}"


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
        return f"display item {j}: expected {_item(e)}, the UI shows {_item(a)}"
    return None


def _call_differences(expected: ConsumerView, actual: ConsumerView) -> list[str]:
    out: list[str] = []
    for call_id, exp in expected.calls.items():
        got = actual.calls.get(call_id)
        if got is None:
            continue  # its absence is already the display-item difference
        for key in ("name", "arguments", "state", "input", "approval", "output"):
            if key == "input" and not exp.compare_input:
                continue
            if key == "arguments" and (exp.arguments is None or _same_json(exp.arguments, got.arguments)):
                continue  # not compared, or re-serialized to the same JSON value (#15 class 6, as row 8.1.10)
            if getattr(exp, key) != getattr(got, key):
                out.append(f"tool-call part {call_id!r} {key}: expected {_show(getattr(exp, key))}, "
                           f"the UI shows {_show(getattr(got, key))}")
    return out


def _result_differences(expected: ConsumerView, actual: ConsumerView) -> list[str]:
    out: list[str] = []
    for call_id, res in expected.results.items():
        if actual.results.get(call_id) != res:
            out.append(f"tool-result part {call_id!r}: expected {_show(res.model_dump())}, the UI shows "
                       f"{_show(actual.results[call_id].model_dump()) if call_id in actual.results else 'none'}")
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
        return [f"the turn is one whitespace-only text block, which the processor removes as the last "
                f"message; the UI still shows {actual.messages} message(s) (text {_show(_text(actual))}): the "
                f"whitespace was not all in the last message (the block split across messages, or "
                f"something after it)"]
    if expected.whitespace_only and _whitespace_turn(actual):
        return []  # several whitespace-only blocks: nothing, or some of them, depending on message grouping
    display = _display_difference(expected, actual)
    out = [display] if display is not None else []
    out += _call_differences(expected, actual)
    out += _result_differences(expected, actual)
    if expected.thinking != actual.thinking:
        out.append(f"thinking: expected {_show(expected.thinking)}, the UI shows {_show(actual.thinking)}")
    if any(r != "assistant" for r in actual.roles):
        out.append(f"message roles: {actual.roles} (the turn is the assistant's)")
    return out


def check(events: Sequence[Any], output: str, scenario: Scenario, dialect: str,
          policies: Policies | None = None) -> list[Finding]:
    """Row ``consumer.ui-messages``: the UI the events yield is the one the scenario implies.

    ``[]`` when the output protocol is not one the processor consumes or the scenario has no
    fixed picture (see :func:`expected_view`).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> events = [{"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "Hi"}]
    >>> [f.row for f in check(events, "ag-ui", s, "v3")]
    ['consumer.ui-messages']
    """
    if output not in PROTOCOLS:
        return []
    exp = expected_view(scenario, dialect, policies)
    if exp is None:
        return []
    try:
        act, unported = actual_view(events, output)
    except (TypeError, ValueError, AttributeError, KeyError, RecursionError):
        return []  # garbage the port cannot even key on (a list as a message id): the schema row's
    if unported:
        return []  # the port does not model these events: no verdict rather than a guess
    act = without_told_results(exp, act, scenario.expected_for(dialect))
    return [Finding(row=ROW, source="consumer", message=f"TanStack StreamProcessor: {d}")
            for d in differences(exp, act)[:3]]


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
