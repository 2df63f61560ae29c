"""The display items of one assistant turn: its text segments and the places of its tool calls, in order.

What a chat UI shows of a turn, free of how its parts are grouped into messages: consecutive text
is one segment, and each tool call has its place between them. The consumer views that compare a
turn in order (TanStack's :mod:`conformance.consumer_view`, ``useChat``'s
:mod:`conformance.ui_message_view`) read the items two ways:

* **expected**, from the scenario's script (:func:`expected_items`): the script's text deltas up
  to the first failing step, split where a call first appears (its ``tool-input-start``, or its
  ``tool-call`` on a wire that sends calls whole), must join to the expected transcript's
  ``text``, and the placed calls must be the transcript's calls; otherwise the scenario fixes no
  picture;
* **actual**, from the parts a consumer's messages hold (:func:`add_text`, :func:`add_call`,
  :func:`shown`).

``useChat``'s view also places the turn's reasoning among them (:func:`layout`, built from the same
script steps in :attr:`ScriptItems.with_reasoning`). TanStack's view compares its thinking joined only,
although its processor too appends a thinking part where the first delta of its step arrives
(@tanstack/ai 0.58.0 message-updaters.js:274-286): where it shows stands unchecked there.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.text-between.001")
    >>> [seg.text or seg.call for seg in expected_items(s, s.expected, None).segments]
    ['First Madrid. ', 'toolu_mad', 'Then Rome. ', 'toolu_rom', 'Done.']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import Field

from conformance.consumer_row import ViewModel, show
from mock_provider.parts import ReasoningDelta, TextDelta, ToolCall, ToolInputStart
from mock_provider.scenario import Scenario
from mock_provider.transcript import Transcript


class Segment(ViewModel):
    """One displayed item: a text segment (``text``), the place of a tool call (``call``) or, in a
    layout (:func:`layout`), a reasoning segment (``reasoning``)."""

    text: str | None = None
    call: str | None = None
    reasoning: str | None = None
    # The text block by block, (text, whitespace-only?): an adapter that gives each block its own
    # message id may show the text without some whitespace-only blocks, because TanStack's processor
    # removes a whitespace-only message (conformance.consumer_view).
    pieces: list[tuple[str, bool]] | None = Field(default=None, exclude=True)


def add_text(segments: list[Segment], text: str) -> None:
    """Append ``text`` to the last segment when it is text, else start a text segment with it.

    >>> items = [Segment(text="Hi ")]
    >>> add_text(items, "there"); add_call(items, "c1"); add_text(items, "!")
    >>> [s.text or s.call for s in items]
    ['Hi there', 'c1', '!']
    """
    if segments and segments[-1].text is not None:
        segments[-1].text += text
    else:
        segments.append(Segment(text=text))


def add_call(segments: list[Segment], call_id: str) -> None:
    """Place the call ``call_id`` after the items so far (see :func:`add_text`)."""
    segments.append(Segment(call=call_id))


def add_reasoning(segments: list[Segment], text: str) -> None:
    """Append ``text`` to the last segment when it is reasoning, else start a reasoning segment with it.

    >>> items = [Segment(reasoning="a")]
    >>> add_reasoning(items, "b"); add_text(items, "c"); add_reasoning(items, "d")
    >>> [s.reasoning or s.text for s in items]
    ['ab', 'c', 'd']
    """
    if segments and segments[-1].reasoning is not None:
        segments[-1].reasoning += text
    else:
        segments.append(Segment(reasoning=text))


def layout(segments: Sequence[Segment]) -> list[Segment]:
    """Where a turn shows its reasoning among its text and calls: the items without empty text or
    reasoning (a part with nothing in it shows nothing), consecutive text joined and consecutive
    reasoning joined, so how either is cut into parts (or what ids they carry) does not count.

    >>> items = [Segment(reasoning="a"), Segment(text=""), Segment(reasoning="b"), Segment(text="c"),
    ...          Segment(reasoning=""), Segment(text="d"), Segment(call="x")]
    >>> [(s.reasoning, s.text, s.call) for s in layout(items)]
    [('ab', None, None), (None, 'cd', None), (None, None, 'x')]
    """
    out: list[Segment] = []
    for seg in segments:
        if seg.text is not None and seg.text:
            add_text(out, seg.text)
        elif seg.reasoning is not None and seg.reasoning:
            add_reasoning(out, seg.reasoning)
        elif seg.call is not None:
            add_call(out, seg.call)
    return out


def shown(segments: list[Segment]) -> list[Segment]:
    """The items without empty text segments (a part with no text shows nothing).

    >>> [s.call for s in shown([Segment(text=""), Segment(call="c")])]
    ['c']
    """
    return [s for s in segments if s.text != ""]


def joined_text(segments: Sequence[Segment]) -> str:
    """The text of the items, joined.

    >>> joined_text([Segment(text="a"), Segment(call="c"), Segment(text="b")])
    'ab'
    """
    return "".join(s.text for s in segments if s.text is not None)


def describe(item: Segment | None, call: str = "tool call") -> str:
    """An item as a finding names it; ``call`` is what the consumer calls a call's place.

    >>> describe(Segment(text="a")), describe(Segment(call="c"), "tool part"), describe(None)
    ('text "a"', "tool part 'c'", 'nothing')
    """
    if item is None:
        return "nothing"
    if item.reasoning is not None:
        return f"reasoning {show(item.reasoning)}"
    return f"text {show(item.text)}" if item.text is not None else f"{call} {item.call!r}"


def first_failing(scenario: Scenario) -> int:
    """The index of the script's first failing step (a fault other than a split, or an error part), else its length.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> first_failing(s) == len(s.script)
    True
    """
    for i, step in enumerate(scenario.script):
        if step.fault is not None and step.fault.kind != "split":
            return i
        if step.part is not None and step.part.type == "error":
            return i
    return len(scenario.script)


@dataclass
class ScriptItems:
    """The display items a script implies (:func:`script_items`)."""

    segments: list[Segment] = field(default_factory=list)
    placed: set[str] = field(default_factory=set)  # the call ids placed
    blocks: dict[str, str] = field(default_factory=dict)  # text block id -> its text
    # (segment, text block id, delta) for each text delta, in the order shown
    block_of: list[tuple[Segment, str, str]] = field(default_factory=list)
    # The text, reasoning and call places in the order shown (:func:`layout` of it)
    with_reasoning: list[Segment] = field(default_factory=list)


def script_items(scenario: Scenario, stop: int, order: Sequence[int] | None = None) -> ScriptItems:
    """The display items of the script's steps before ``stop``.

    ``order``: the step indices in the order the wire sends their content, where the dialect
    reorders it (Gemini: a turn's text before its function calls); such a wire sends each call whole
    at its tool-call part, so a call's place is that part, not its ``tool-input-start``.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.text-between.001")
    >>> items = script_items(s, len(s.script))
    >>> sorted(items.placed), len(items.blocks)
    (['toolu_mad', 'toolu_rom'], 3)
    """
    items = ScriptItems()
    steps = range(stop) if order is None else [i for i in order if i < stop]
    for i in steps:
        part = scenario.script[i].part
        if order is not None and isinstance(part, ToolInputStart):
            continue  # the wire sends the call whole, where its tool-call part is
        if isinstance(part, TextDelta) and part.delta:
            items.blocks[part.id] = items.blocks.get(part.id, "") + part.delta
            add_text(items.segments, part.delta)
            items.block_of.append((items.segments[-1], part.id, part.delta))
            add_text(items.with_reasoning, part.delta)
        elif isinstance(part, ReasoningDelta) and part.delta:
            add_reasoning(items.with_reasoning, part.delta)
        elif isinstance(part, ToolInputStart | ToolCall):
            call_id = part.id if isinstance(part, ToolInputStart) else part.tool_call_id
            if call_id not in items.placed:
                items.placed.add(call_id)
                add_call(items.segments, call_id)
                add_call(items.with_reasoning, call_id)
    return items


def expected_items(scenario: Scenario, expected: Transcript, order: Sequence[int] | None) -> ScriptItems | None:
    """The display items the scenario implies (see the module notes), or None where it fixes no picture.

    ``expected`` is the scenario's expected transcript in the dialect, ``order`` as in :func:`script_items`.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> [seg.text for seg in expected_items(s, s.expected, None).segments]
    ['The capital of France is Paris.']
    """
    stop = first_failing(scenario) if expected.terminal == "error" else len(scenario.script)
    items = script_items(scenario, stop, order)
    if joined_text(items.segments) != expected.text:
        return None
    if items.placed != {c.id for c in expected.tool_calls}:
        return None  # calls the transcript does not name (or the reverse): no fixed picture
    return items
