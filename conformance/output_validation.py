"""POLICY ``output_validation``: agents that validate the model's answer and ask again (issues 15, 16).

An agent such as pydantic-ai's ``Agent`` checks the model's answer before it hands it on: a final
answer must say something (text or a tool call), and a tool call's arguments must parse. When the
answer fails, the agent asks the model again with a retry prompt, and ends the run with an error
once its retries are spent. An adapter declares this with ``output_validation: retry``
(:class:`conformance.contract.Policies`). Under it, a case whose answer such an agent may reject
(:func:`rejectable`: an empty answer, reasoning only, or a malformed tool call, where the scenario
expects a normal finish) is graded against EITHER the scenario's expectation OR the rejection
(:func:`rejection_expected`), and the record decides which (:func:`rejection`):

* ``reasked``: a request reached the provider after the script had answered the turn (the same
  turn asked again, or a turn past the last: :func:`reasked`), i.e. the agent's retry prompt. What
  the scenario expected was written for one model call; after an unscripted re-ask only an error
  terminal is right (the retries were spent on the same answer, or the provider refused the turn).
  A success after it is a silent success: it FAILs.
* ``unretryable``: an empty answer the provider ended with content-filter or length, then an error
  terminal without a re-ask. Asking again would only repeat the block or the limit, so the agent
  raises at once (pydantic-ai-slim 2.68.0 ``pydantic_ai/_agent_graph.py:3910-3921``:
  ``OutputTokenLimitExceeded`` on 'length', ``ContentFilterError`` naming the block reason on
  'content_filter'). What the user sees is an error that says why nothing came, not an empty answer.
* ``no-retries``: a malformed tool call, exposed as the scenario expects, then an error terminal
  without a re-ask. pydantic-ai gives a tool it does not run itself (an AG-UI frontend tool) no
  retries (pydantic-ai-slim 2.68.0 ``pydantic_ai/toolsets/external.py:37`` ``max_retries=0``), so
  ``ToolManager._check_max_retries`` ends the run at once (``pydantic_ai/tool_manager.py:519-531``,
  "exceeded max retries count of 0").

Any other empty answer followed by an error without a re-ask is not a rejection under this policy
(the agent asked nobody): it is graded as the scenario says. An adapter that does not declare the policy
is graded as before.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "reasoning.only.001")
    >>> rejectable(s, s.expected), rejectable(next(x for x in load_corpus() if x.id == "text.basic.001"),
    ...                                       s.expected.model_copy(update={"text": "Hi"}))
    ('empty-answer', None)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, Protocol

from mock_provider.parts import TextDelta, ToolCall
from mock_provider.scenario import Scenario
from mock_provider.transcript import Transcript

__all__ = ["Rejectable", "Rejection", "answered_calls", "reasked", "rejectable", "rejection", "rejection_expected"]

Rejectable = Literal["empty-answer", "malformed-args"]
Rejection = Literal["reasked", "no-retries", "unretryable"]
# The finish reasons after which an agent does not ask again for an empty answer (the same block or limit).
UNRETRYABLE_FINISHES = frozenset({"content_filter", "length"})


class Call(Protocol):
    """An upstream call as the request log and the run record both keep it."""

    @property
    def turn(self) -> int | None: ...

    @property
    def attempt(self) -> int | None: ...

    @property
    def past_last_turn(self) -> bool: ...


def rejectable(scenario: Scenario, expected: Transcript) -> Rejectable | None:
    """Why an agent that validates the answer may reject this case's answer (None: it may not).

    Only a case expected to finish normally: an answer with a malformed tool call, or a last turn
    with no text and no tool call (reasoning only, usage only, nothing). Aborts are not answers.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.malformed.002")
    >>> rejectable(s, s.expected), rejectable(s, s.expected.model_copy(update={"terminal": "error"}))
    ('malformed-args', None)
    """
    if expected.terminal != "finished" or scenario.client.abort_after_step is not None:
        return None
    if any(c.malformed for c in expected.tool_calls):
        return "malformed-args"
    last = [s.part for s in scenario.turn_scripts()[-1] if s.part is not None]
    said = any((isinstance(p, TextDelta) and p.delta) or isinstance(p, ToolCall) for p in last)
    return None if said else "empty-answer"


def reasked(scenario: Scenario, calls: Iterable[Call]) -> bool:
    """Whether a request asked for a turn the script had already answered, or for one past the last.

    Attempt ``a`` of a turn is scripted while ``a`` is at most the turn's failed attempts plus one (the
    answer); a later attempt asks again after the answer (the mock answers it with the same script).

    >>> from conformance.run_record import UpstreamCall
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "usage.zero.001")
    >>> reasked(s, [UpstreamCall(turn=1, attempt=1)]), reasked(s, [UpstreamCall(turn=1, attempt=2)])
    (False, True)
    >>> reasked(s, [UpstreamCall(turn=2, attempt=1, past_last_turn=True)])
    True
    >>> reasked(s, [UpstreamCall(turn=0, attempt=9)])  # a turn the scenario has not
    False
    """
    for call in calls:
        if call.past_last_turn:
            return True
        if call.turn is None or call.attempt is None or not 1 <= call.turn <= scenario.turn_count():
            continue  # a record from elsewhere (no turn, or one the scenario has not)
        if call.attempt > len(scenario.failed_attempts_of(call.turn)) + 1:
            return True
    return False


def rejection(kind: Rejectable | None, scenario: Scenario, calls: Iterable[Call],
              actual: Transcript, expected: Transcript) -> Rejection | None:
    """How the record shows the agent rejected the answer (None: it did not; grade the scenario's expectation).

    >>> from conformance.run_record import UpstreamCall
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "usage.zero.001")
    >>> once = [UpstreamCall(turn=1, attempt=1)]
    >>> again, error = [*once, UpstreamCall(turn=1, attempt=2)], Transcript(terminal="error")
    >>> rejection("empty-answer", s, again, error, s.expected), rejection("empty-answer", s, once, error, s.expected)
    ('reasked', None)
    >>> exp = s.expected
    >>> rejection("empty-answer", s, again, Transcript(), exp), rejection("malformed-args", s, once, error, exp)
    ('reasked', 'no-retries')
    >>> blocked = Transcript(text="", finish_reason="content_filter")
    >>> rejection("empty-answer", s, once, error, blocked), rejection("empty-answer", s, once, Transcript(), blocked)
    ('unretryable', None)
    """
    if kind is None:
        return None
    if reasked(scenario, calls):
        return "reasked"  # whatever the run then did: only an error terminal is right after it
    if actual.terminal != "error":
        return None
    if kind == "malformed-args":
        return "no-retries"
    return "unretryable" if expected.finish_reason in UNRETRYABLE_FINISHES else None


def rejection_expected(expected: Transcript, actual: Transcript, answered: int) -> Transcript:
    """The transcript of a run whose agent rejected the answer: an error terminal (any message, no
    finish reason, no usage), the scenario's text and calls, and its reasoning shown once for each
    of the ``answered`` model calls at most (an agent streams every attempt's reasoning, or some).

    >>> exp = Transcript(reasoning="think.", finish_reason="stop", model="m")
    >>> t = rejection_expected(exp, Transcript(reasoning="think.think.", terminal="error"), answered=2)
    >>> t.terminal, t.finish_reason, t.reasoning, t.model
    ('error', None, 'think.think.', 'm')
    >>> rejection_expected(exp, Transcript(reasoning="", terminal="error"), answered=2).reasoning
    'think.'
    """
    shown = {expected.reasoning * k for k in range(1, max(answered, 1) + 1)}
    reasoning = actual.reasoning if actual.reasoning in shown else expected.reasoning
    return expected.model_copy(update={"terminal": "error", "finish_reason": None, "usage": None, "error": None,
                                       "reasoning": reasoning})


def answered_calls(scenario: Scenario, calls: Iterable[Call]) -> int:
    """How many calls the script answered in the scenario's last turn (its scripted failures not counted).

    >>> from conformance.run_record import UpstreamCall
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "usage.zero.001")
    >>> answered_calls(s, [UpstreamCall(turn=1, attempt=1), UpstreamCall(turn=1, attempt=2)])
    2
    """
    last = scenario.turn_count()
    failed = len(scenario.failed_attempts_of(last))
    return sum(1 for c in calls if c.turn == last and not c.past_last_turn and (c.attempt or 0) > failed)
