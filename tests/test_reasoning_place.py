"""Where ``useChat`` shows a turn's reasoning (row ``consumer.ui-message-stream``, rule 3 of
:mod:`conformance.ui_message_view`): among the text segments and tool parts, where the script streams it.

ai's ``readUIMessageStream`` appends a part where its first chunk arrives and a UI renders a message's
parts in order, so reasoning sent after the text is thinking shown below the answer. How the reasoning
is cut into parts, its ids and ``step-start`` parts do not count, and a wire that cannot order reasoning
against the text (Chat Completions: one message, ``reasoning_content`` beside ``content``) is not charged.
"""

from __future__ import annotations

from typing import Any

from conformance import ui_message_view as view
from conformance.grading import grade
from conformance.runner import Settings
from mock_provider.scenario import Scenario
from tests.calibration import read_records

Ev = dict[str, Any]
BASIC_REASONING = ["91 = 7 * 13", ", so it has divisors", " other than 1 and itself."]
BASIC_TEXT = "No: 91 = 7 × 13."


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


def _reasoning(rid: str, *deltas: str) -> list[Ev]:
    return [{"type": "reasoning-start", "id": rid}, *({"type": "reasoning-delta", "id": rid, "delta": d}
                                                      for d in deltas), {"type": "reasoning-end", "id": rid}]


def _text(tid: str, text: str) -> list[Ev]:
    return [{"type": "text-start", "id": tid}, {"type": "text-delta", "id": tid, "delta": text},
            {"type": "text-end", "id": tid}]


def _run(*body: list[Ev]) -> list[Ev]:
    return [{"type": "start"}, {"type": "start-step"}, *(e for part in body for e in part),
            {"type": "finish-step"}, {"type": "finish", "finishReason": "stop"}]


def _messages(events: list[Ev], scenario: Scenario, dialect: str = "anthropic") -> list[str]:
    return [f.message for f in view.check(events, "ui-message-stream", scenario, dialect)]


def test_reasoning_sent_after_the_text_is_out_of_place(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "reasoning.basic.001")
    assert _messages(_run(_reasoning("r", *BASIC_REASONING), _text("t", BASIC_TEXT)), s) == []
    moved = _run(_text("t", BASIC_TEXT), _reasoning("r", *BASIC_REASONING))
    assert _messages(moved, s) == [
        'ai readUIMessageStream: reasoning out of place: item 0 (text, reasoning and tool parts in order): '
        f'expected reasoning "{"".join(BASIC_REASONING)}", the UI shows text "{BASIC_TEXT}"']


def test_how_reasoning_is_cut_into_parts_and_named_does_not_count(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "reasoning.basic.001")
    # three reasoning parts (one empty) with their own ids, a step-start between them: the same picture
    split = _run(_reasoning("a", BASIC_REASONING[0]), [{"type": "start-step"}], _reasoning("b"),
                 _reasoning("c", *BASIC_REASONING[1:]), _text("t", BASIC_TEXT))
    assert _messages(split, s) == []
    # the text cut in two around an empty reasoning part is still one segment after the reasoning
    around = _run(_reasoning("a", *BASIC_REASONING), _text("t1", BASIC_TEXT[:4]), _reasoning("e"),
                  _text("t2", BASIC_TEXT[4:]))
    assert _messages(around, s) == []


def test_interleaved_reasoning_keeps_its_place_around_the_call(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "reasoning.interleaved.001")
    call: list[Ev] = [{"type": "tool-input-start", "toolCallId": "toolu_rome", "toolName": "get_weather"},
            {"type": "tool-input-available", "toolCallId": "toolu_rome", "toolName": "get_weather",
             "input": {"city": "Rome"}}]
    first, second = _reasoning("0", "I need the weather first."), _reasoning("2", " I will wait for the result.")
    assert _messages(_run(first, call, second, _text("3", "Checking Rome now.")), s) == []
    # all of it before the call: the same text, the same joined reasoning, another picture
    found = _messages(_run(first, second, call, _text("3", "Checking Rome now.")), s)
    assert found == ['ai readUIMessageStream: reasoning out of place: item 0 (text, reasoning and tool parts '
                     'in order): expected reasoning "I need the weather first.", the UI shows reasoning '
                     '"I need the weather first. I will wait for the result."']


def test_a_chat_completions_message_does_not_order_reasoning_and_text(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "reasoning.basic.001")
    moved = _run(_text("t", BASIC_TEXT), _reasoning("r", *BASIC_REASONING))
    assert _messages(moved, s, "openai-chat") == []
    expected = view.expected_view(s, "openai-chat")
    assert expected is not None and expected.layout is None


def test_gemini_thoughts_keep_their_place_before_the_text(corpus: list[Scenario]) -> None:
    expected = view.expected_view(_scenario(corpus, "reasoning.basic.001"), "gemini")
    assert expected is not None and expected.layout is not None
    assert [(s.reasoning is not None, s.text is not None) for s in expected.layout] == [(True, False), (False, True)]


def test_the_agents_sdk_bridge_shows_claude_s_thinking_below_the_answer(corpus: list[Scenario]) -> None:
    """The recorded run of @openai/agents-extensions' ai-sdk-ui bridge (reasoning only after the response,
    after finish-step): the case fails on this row alone."""
    record = next(r for r in read_records("openai-agents-aisdk-anthropic") if r.scenario_id == "reasoning.basic.001")
    types = [e["type"] for e in record.events if isinstance(e, dict)]
    assert types.index("reasoning-start") > types.index("finish-step") > types.index("text-end")
    result = grade(record, _scenario(corpus, "reasoning.basic.001"), Settings(timeout=10.0))
    assert result.verdict == "FAIL" and result.failed_rows() == {view.ROW}
    assert any("reasoning out of place" in f.message for f in result.findings if f.row == view.ROW)
