"""An adapter typed against ``@tanstack/ai`` 0.58.0's AG-UI types can send the canary ``THINKING_*`` events.

``@tanstack/ai`` 0.58.0 re-exports ``EventType`` from ``@ag-ui/core`` 0.1.1-canary.beta.0 (src/types.ts:1154),
which still lists ``THINKING_START``, ``THINKING_TEXT_MESSAGE_START/CONTENT/END`` and ``THINKING_END``
(``dist/events-*.d.ts``: no ``messageId`` on any of them, and nothing makes content wait for a start);
its own ``StreamChunk`` union has only the ``REASONING_*`` events and its StreamProcessor reads no
``THINKING_*``. The AG-UI 1.0 consumer, ``@ag-ui/client`` 1.0.0, has no such type in its schema but its
CompatibilityBoundary translates them to ``REASONING_*`` under minted ids before anything validates them.
So a canary-typed adapter's verdict is what these consumers imply:

* bracketed thinking: ``schema.event`` (the 1.0 EventSchema refuses the type) and 8.1.7 (TanStack's
  processor, and a transcript, show no reasoning), while @ag-ui/client shows the reasoning: row
  ``consumer.agui-messages`` finds nothing;
* content with no ``THINKING_TEXT_MESSAGE_START`` (the canary types allow it): the minted id names nothing
  open, verifyEvents throws and runAgent rejects: row ``consumer.agui-messages`` finds the failed run too;
* the same events on TanStack's own output (``tanstack``): the same two rows, and only them.
"""

from __future__ import annotations

from typing import Any

from conformance import agui_client_view, consumer_view
from conformance.reference import tanstack
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario
from tests.mutants.base import map_events
from tests.mutants.subagent_mutants import CANARY_THINKING, MUTANTS, canary_thinking

CANARY = next(m for m in MUTANTS if m.name == "agui.canary-thinking")


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


def _without_message_start(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e.get("type") != "THINKING_TEXT_MESSAGE_START"]


def test_a_canary_typed_adapter_fails_the_schema_and_the_reasoning_rows(corpus: list[Scenario]) -> None:
    scenario = _scenario(corpus, "reasoning.basic.001")
    result = run_case(CANARY.factory, scenario, "v3", Settings(timeout=5.0), adapter_name=CANARY.name)
    sent = {e.get("type") for e in result.events}
    assert set(CANARY_THINKING.values()) <= sent and not sent & set(CANARY_THINKING)
    assert result.verdict == "FAIL" and set(result.failed_rows()) == {"schema.event", "8.1.7"}, result.describe()
    assert {f.message for f in result.findings if f.row == "schema.event"} == {
        f"unknown AG-UI 1.0 event type {name!r}" for name in CANARY_THINKING.values()}


def test_the_ag_ui_client_shows_bracketed_thinking_and_rejects_an_unopened_one(corpus: list[Scenario]) -> None:
    scenario = _scenario(corpus, "reasoning.basic.001")
    events = run_case(CANARY.factory, scenario, "v3", Settings(timeout=5.0)).events
    expected = agui_client_view.expected_view(scenario, "v3")
    assert expected is not None and expected.reasoning  # the scenario's picture has reasoning to show
    shown = agui_client_view.actual_view(events)
    assert shown is not None and shown.reasoning == expected.reasoning and shown.run == "finished"
    assert agui_client_view.check(events, "ag-ui", scenario, "v3") == []
    unopened = _without_message_start(events)
    refused = agui_client_view.check(unopened, "ag-ui", scenario, "v3")
    first_content = next(i for i, e in enumerate(unopened) if e.get("type") == "THINKING_TEXT_MESSAGE_CONTENT")
    assert [f.message for f in refused][:1] == [
        f"@ag-ui/client: the run: expected finished, the client has the client's runAgent rejected at event "
        f"{first_content}"]


def test_an_adapter_on_tanstack_s_own_output_fails_the_same_rows(corpus: list[Scenario]) -> None:
    """TanStack's own output (``tanstack``): its StreamChunk union has no THINKING_* type although its
    EventType lists them (schema.event), and its StreamProcessor has no case for them (processor.js:283-345):
    the user sees no reasoning (8.1.7). REASONING_* from the same adapter passes."""
    scenario = _scenario(corpus, "reasoning.basic.001")
    plain = run_case(tanstack, scenario, "v3", Settings(timeout=5.0))
    assert plain.verdict == "PASS" and any(e.get("type") == "REASONING_MESSAGE_CONTENT" for e in plain.events)
    canary = run_case(map_events(tanstack, canary_thinking), scenario, "v3", Settings(timeout=5.0))
    assert not any(str(e.get("type")).startswith("REASONING_") for e in canary.events)
    assert canary.verdict == "FAIL" and set(canary.failed_rows()) == {"schema.event", "8.1.7"}, canary.describe()
    shown, _notes = consumer_view.actual_view(list(canary.events), "tanstack")
    assert shown.thinking == "" and consumer_view.actual_view(list(plain.events), "tanstack")[0].thinking
