"""The expected transcript under the adapter's declared POLICY choices.

A scenario states one expected transcript, written for the TanStack engine's rules and the
recommended choices. Two choices change what a correct run looks like, and both are applied
here, once, before any check compares (:func:`conformance.checks.context.build_context`):

* ``missing_finish`` (row 8.1.19): on a *truncated* upstream (no finish part, no error part, no
  fault: :func:`truncated`), ``error`` expects an error terminal (no finish reason, no usage; calls
  that never completed upstream may be left out), ``stop`` the scenario's normal finish;
* ``finish_reason`` (8.2): ``provider`` expects the provider's own reason, mapped to the
  transcript's vocabulary (:data:`PROVIDER_REASONS`), instead of the engine rule ('tool_calls' iff
  a client call completed) the scenario states.

The output protocol decides one more thing (issue 16): an agent loop's usage is stated summed over the
model calls (``ai``'s ``totalUsage``); a protocol whose run reports each model call's own usage
(``OutputProtocol.loop_usage`` 'last-call', TanStack) expects the last call's (:func:`loop_usage_under`).

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.contract import Policies
    >>> s = next(s for s in load_corpus() if s.id == "finish.missing.002")
    >>> truncated(s), s.expected.finish_reason
    (True, 'tool_calls')
    >>> t = expected_under(s.expected, s, Policies(missing_finish="error"), "ag-ui")
    >>> t.terminal, t.finish_reason, [c.id for c in t.tool_calls]
    ('error', None, ['toolu_todo'])
    >>> expected_under(s.expected, s, Policies(finish_reason="provider"), "ag-ui").finish_reason
    '@unknown'
"""

from __future__ import annotations

from conformance.contract import Policies
from conformance.protocols import protocol
from mock_provider.derive import usage_record as usage_record  # re-exported: the grading reads it from here
from mock_provider.dialects import dialect as dialect_of
from mock_provider.parts import Finish, ToolCall
from mock_provider.scenario import Scenario
from mock_provider.transcript import ExpectedFinish, Transcript

__all__ = ["PROVIDER_REASONS", "expected_under", "loop_usage_under", "provider_reason", "truncated", "usage_record"]

# The upstream's unified reason in the transcript's vocabulary; anything else (other, unknown,
# interrupted, no finish) is "no reason", which the `unknown_finish` choice spells.
PROVIDER_REASONS: dict[str, ExpectedFinish] = {
    "stop": "stop",
    "length": "length",
    "content-filter": "content_filter",
    "tool-calls": "tool_calls",
}


def truncated(scenario: Scenario) -> bool:
    """The upstream just stops: no finish part, and no error part, finish{error} or fault first (and
    over HTTP no ``[DONE]``: a script whose wire sends one anyway, ``wire.done: always``, ended normally
    without a reason and is not truncated).

    >>> from mock_provider.scenario import load_corpus
    >>> sorted(s.id for s in load_corpus() if truncated(s))[:3]  # Mastra's loop sends no finish after an abort chunk
    ['agent.abort.001', 'finish.missing.001', 'finish.missing.002']
    """
    for step in scenario.turn_scripts()[-1]:  # an agent loop ends with its last turn
        if step.fault is not None and step.fault.kind != "split":
            return False
        if step.part is not None and step.part.type in ("error", "finish"):
            return False
    return (scenario.expected.terminal == "finished" and scenario.request.output_schema is None
            and scenario.wire.done != "always")


def _reported_incomplete(scenario: Scenario, output: str) -> bool:
    """The provider said the output may be incomplete (V4 finish ``interrupted``) and the output
    protocol reports that in band (``OutputProtocol.incomplete_finish``): as a truncation."""
    if protocol(output).incomplete_finish is None:
        return False
    finish = next((p for p in scenario.parts() if isinstance(p, Finish)), None)
    return finish is not None and finish.finish_reason.unified == "interrupted"


def provider_reason(scenario: Scenario, dialect: str | None = None) -> ExpectedFinish:
    """The finish reason the provider itself gave, mapped (``@unknown`` when it gave none it maps).

    On a wire with one terminal for 'stop' and 'tool-calls' (``Dialect.tool_calls_derived``:
    Responses, Gemini) the reason a client reads is 'tool_calls' iff a function call came.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "finish.tool-calls-none.001")
    >>> provider_reason(s), provider_reason(s, "openai-chat"), provider_reason(s, "openai-responses")
    ('tool_calls', 'tool_calls', 'stop')
    >>> loop = next(s for s in load_corpus() if s.id == "loop.server-tool.001")  # calls in turn 1, text last
    >>> provider_reason(loop, "gemini")
    'stop'
    """
    # The run's reason is the last turn's (an agent loop finishes when its last model call does).
    last = [s.part for s in scenario.turn_scripts()[-1] if s.part is not None]
    finish = next((p for p in last if isinstance(p, Finish)), None)
    if finish is None:
        return "@unknown"
    reason = PROVIDER_REASONS.get(finish.finish_reason.unified, "@unknown")
    if dialect is not None and reason in ("stop", "tool_calls") and dialect_of(dialect).tool_calls_derived:
        calls = any(isinstance(p, ToolCall) and not p.provider_executed for p in last)
        return "tool_calls" if calls else "stop"
    return reason


def expected_under(expected: Transcript, scenario: Scenario, policies: Policies, output: str,
                   dialect: str | None = None) -> Transcript:
    """``expected`` as a correct adapter with these (declared or protocol-default) choices produces it
    (``dialect``: the wire it read, which decides the provider's reason on some wires)."""
    chosen = policies.resolved(output)
    if expected.terminal != "finished":
        return expected
    expected = loop_usage_under(expected, scenario, output, dialect)
    if chosen.missing_finish == "error" and (truncated(scenario) or _reported_incomplete(scenario, output)):
        completed = {p.tool_call_id for p in scenario.parts() if isinstance(p, ToolCall)}
        return expected.model_copy(update={
            "terminal": "error", "finish_reason": None, "usage": None, "error": None, "approvals": [],
            "tool_calls": [c for c in expected.tool_calls if c.id in completed]})
    if chosen.finish_reason == "provider" and expected.finish_reason is not None:
        return expected.model_copy(update={"finish_reason": provider_reason(scenario, dialect)})
    return expected


def loop_usage_under(expected: Transcript, scenario: Scenario, output: str, dialect: str | None) -> Transcript:
    """``expected`` with the usage the output protocol reports at the end of an agent loop.

    The scenario states the turns' usage summed (``OutputProtocol.loop_usage`` 'sum', ai's
    ``totalUsage``); under 'last-call' (TanStack: each model call's RUN_FINISHED carries that call's
    usage) a finished multi-turn run expects its last model call's usage, read in ``dialect``.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "loop.usage.001")
    >>> s.expected.usage.input_tokens, s.expected.usage.output_tokens
    (250, 50)
    >>> last = loop_usage_under(s.expected, s, "tanstack", "v3").usage
    >>> last.input_tokens, last.output_tokens, last.total_tokens
    (150, 30, 180)
    >>> loop_usage_under(s.expected, s, "ag-ui", "v3").usage.input_tokens
    250
    """
    if (protocol(output).loop_usage != "last-call" or scenario.turn_count() < 2 or dialect is None
            or expected.usage is None or expected.terminal != "finished"):
        return expected
    # The run ends with the last scripted turn (the one truncated() and provider_reason() read).
    last = [s.part for s in scenario.turn_scripts()[-1] if s.part is not None]
    finish = next((p for p in last if isinstance(p, Finish)), None)
    usage = usage_record(finish.usage, dialect) if finish is not None else None
    return expected.model_copy(update={"usage": usage})
