"""A model's refusal on the wire (Chat Completions ``delta.refusal``, Responses ``response.refusal.delta``):
the readings of it that published code documents, and whether a run shows it (row ``refusal.shown``).

No output protocol has a refusal event, and no published rule makes one reading a MUST (issue 15):

* ``text``: the refusal shown as assistant text, the finish read as content-filter
  (@ai-sdk/openai 4.0.118 dist/index.js:2401-2403, :1684; the reference adapters);
* ``provider-finish``: the refusal as text with the provider's own finish ('stop') passed through, where
  the output protocol passes the provider's reason (:attr:`OutputProtocol.refusal_finishes`);
* ``error``: an error terminal whose message carries the refusal (pydantic-ai 2.68.0
  pydantic_ai/_content_filter.py: ContentFilterError "Refusal: '...'"; @tanstack/openai-base 0.10.15
  dist/esm/adapters/responses-text.js:291-305: RUN_ERROR ``Model refused: <delta>``, code 'refusal');
* ``dropped``: an empty successful answer (the refusal lost; a SHOULD miss, not a broken stream), with the
  protocol's reason after a refusal or the wire's own 'stop', the only reason a reader that never saw the
  refusal can give (on every protocol, also where :attr:`OutputProtocol.refusal_finishes` is content_filter only).

The MUST rows of such a case grade only what every reading shares (one terminal, valid events, text
that is the refusal or nothing); whether the consumer *sees* the refusal is the SHOULD row's. The part
dialects have no refusal (the V2/V3/V4 provider already turned it into text and content-filter), so
there the scenario's expected transcript is graded as it stands.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "quirks.refusal.001")
    >>> refusal_deltas(s, "openai-chat"), refusal_deltas(s, "v3")
    (["I'm sorry, ", "I can't help with that."], [])
    >>> exp = s.expected_for("openai-chat")
    >>> reading(exp, Transcript(terminal="error", error=ErrorRecord(message="Refusal: 'I'm sorry, I can't help"
    ...         " with that.'")), refusal_deltas(s, "openai-chat"), frozenset({"content_filter"}))
    'error'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from mock_provider.dialects import HTTP_DIALECTS
from mock_provider.scenario import Scenario
from mock_provider.transcript import ErrorRecord, Transcript

Reading = Literal["text", "provider-finish", "error", "dropped"]
# Error codes that name a refusal: @tanstack/openai-base 0.10.15 dist/esm/adapters/responses-text.js:685-697
# (a `refusal` content part -> RUN_ERROR code 'refusal'; on response.content_part.added, whose refusal is
# still empty, the message is 'Refused without explanation').
REFUSAL_CODES = frozenset({"refusal"})
# The finish reason a refusal's choice ends with on the wire (OpenAI's Structured Outputs docs, Refusals; the corpus
# scripts it as raw 'stop'): what a reader that drops the refusal reports.
WIRE_FINISH = "stop"


def refusal_deltas(scenario: Scenario, dialect: str) -> list[str]:
    """The refusal's text deltas as the wire sends them (``wire: {channel: refusal}``), in order.

    Empty for a part dialect (the wire quirks do not apply there) and for a scenario without a refusal.
    Only turn 1 is read: the corpus scripts refusals in single-turn scenarios.

    >>> from mock_provider.scenario import load_corpus
    >>> refusal_deltas(next(s for s in load_corpus() if s.id == "text.basic.001"), "openai-chat")
    []
    """
    if dialect not in HTTP_DIALECTS:
        return []
    return [str(getattr(step.part, "delta", "")) for step in scenario.script
            if step.wire is not None and step.wire.channel == "refusal" and step.part is not None
            and step.part.type == "text-delta"]


def shown(actual: Transcript, deltas: Sequence[str]) -> bool:
    """Whether the run shows the whole refusal: in the assistant text, or in its error terminal's message.

    >>> shown(Transcript(text="No."), ["No."]), shown(Transcript(text=""), ["No."])
    (True, False)
    >>> shown(Transcript(terminal="error", error=ErrorRecord(message="Model refused: No.")), ["No."])
    True
    """
    text = "".join(deltas)
    if text in actual.text:
        return True
    return actual.terminal == "error" and text in _message(actual)


def reading(expected: Transcript, actual: Transcript, deltas: Sequence[str],
            finishes: frozenset[str] | None) -> Reading | None:
    """The documented reading of the refusal the run took; None: none (its differences are graded as usual).

    ``finishes``: the finish reasons the output protocol allows after a refusal (its
    ``refusal_finishes``); None when the adapter reports no finish reason (plain AG-UI). An error
    counts as a refusal reading when its message carries at least the refusal's first delta (TanStack
    errors on the first ``response.refusal.delta``) or its code names a refusal (:data:`REFUSAL_CODES`);
    text shown before it must be a start of the refusal.

    >>> exp = Transcript(text="No.", finish_reason="content_filter")
    >>> both = frozenset({"content_filter", "stop"})
    >>> reading(exp, Transcript(text="No.", finish_reason="stop"), ["No."], both)
    'provider-finish'
    >>> reading(exp, Transcript(text="", finish_reason="stop"), ["No."], frozenset({"content_filter"}))
    'dropped'
    >>> reading(exp, Transcript(text="No.", finish_reason="stop"), ["No."], frozenset({"content_filter"})) is None
    True
    >>> reading(exp, Transcript(terminal="error", error=ErrorRecord(message="boom")), ["No."], both) is None
    True
    >>> reading(exp, Transcript(terminal="error", error=ErrorRecord(message="boom")), ["", "No."], both) is None
    True
    >>> reading(exp, Transcript(terminal="error", error=ErrorRecord(message="Refused", code="refusal")), ["No."], both)
    'error'
    """
    text = "".join(deltas)
    if not deltas or expected.terminal != "finished":
        return None
    if actual.terminal == "error":
        code = actual.error.code if actual.error is not None else None
        # The first non-empty delta: OpenAI may open the refusal with an empty one, which every message contains.
        first = next((d for d in deltas if d), "")
        carried = (first != "" and first in _message(actual)) or code in REFUSAL_CODES
        return "error" if carried and text.startswith(actual.text) else None
    if actual.terminal != "finished" or actual.text not in (text, ""):
        return None
    if actual.text == "" and actual.finish_reason == WIRE_FINISH:
        # A reader that never saw the refusal can only pass the wire's own reason on, whatever the protocol
        # reports after a refusal it did read (@openrouter/ai-sdk-provider 3.1.0 has no refusal field).
        return "dropped"
    if (finishes is not None and actual.finish_reason != expected.finish_reason
            and actual.finish_reason not in finishes):
        return None
    if actual.text == "":
        return "dropped"
    return "text" if actual.finish_reason == expected.finish_reason else "provider-finish"


def expected_under(expected: Transcript, actual: Transcript, taken: Reading | None) -> Transcript:
    """The expected transcript of the reading the run took: the scenario's own for ``text`` (or None).

    >>> exp = Transcript(text="No.", finish_reason="content_filter")
    >>> expected_under(exp, Transcript(text="", finish_reason="stop"), "dropped").model_dump(include={"text",
    ...                "finish_reason"})
    {'text': '', 'finish_reason': 'stop'}
    """
    if taken is None or taken == "text":
        return expected
    if taken == "error":
        # What the message must say is the SHOULD row's; usage and finish belong to a finished run.
        return expected.model_copy(update={"terminal": "error", "text": actual.text, "finish_reason": None,
                                           "usage": None, "error": ErrorRecord()})
    return expected.model_copy(update={"text": actual.text, "finish_reason": actual.finish_reason})


def _message(actual: Transcript) -> str:
    return (actual.error.message if actual.error is not None else None) or ""
