"""consumer.ui-messages over Chat Completions: a message's text and its tool calls have no order between them.

A Chat Completions assistant message holds one ``content`` and one ``tool_calls`` list (openai 3.57.0
types/chat/chat_completion_message.py); the openai SDK's own stream accumulator folds a stream into that one
message, wherever the content deltas fell between the call deltas. So an adapter that shows such a turn as its
text, then its calls (AG2 1.2.1 builds a response's calls when its stream ends) shows the same message as one
that splits the text at each call, and AG-UI's own consumer (@ag-ui/client, row consumer.agui-messages) shows
the same agent state. On wires whose content is ordered (Anthropic content blocks, Responses output items,
Gemini parts, the V3 parts), text after a call is still text after the call, and the merged display differs.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance.consumer_view import check
from mock_provider.scenario import Scenario


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


def _text_then_call(text: str, call_id: str, name: str, args: str,
                    thinking: str = "Need the time tool.") -> list[dict[str, Any]]:
    """AG2's events for a turn: its reasoning, the response's text in one message, then its call."""
    return [{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
            {"type": "REASONING_MESSAGE_START", "messageId": "r1", "role": "reasoning"},
            {"type": "REASONING_MESSAGE_CONTENT", "messageId": "r1", "delta": thinking},
            {"type": "REASONING_MESSAGE_END", "messageId": "r1"},
            {"type": "TEXT_MESSAGE_START", "messageId": "m1", "role": "assistant"},
            {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m1", "delta": text},
            {"type": "TEXT_MESSAGE_END", "messageId": "m1"},
            {"type": "TOOL_CALL_START", "toolCallId": call_id, "toolCallName": name},
            {"type": "TOOL_CALL_ARGS", "toolCallId": call_id, "delta": args},
            {"type": "TOOL_CALL_END", "toolCallId": call_id},
            {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}]


def _split(before: str, after: str, call_id: str, name: str, args: str) -> list[dict[str, Any]]:
    """The same turn with the text split at the call, as the script orders it."""
    events = _text_then_call(before, call_id, name, args)
    return [*events[:-1], {"type": "TEXT_MESSAGE_START", "messageId": "m2", "role": "assistant"},
            {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m2", "delta": after},
            {"type": "TEXT_MESSAGE_END", "messageId": "m2"}, events[-1]]


LIMA = ("call-lima", "get_time", '{"city":"Lima"}')


def test_text_merged_before_the_call_is_the_same_chat_completions_message(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "ids.reuse.001")  # text "Let me check. ", call, text "One moment."
    merged = _text_then_call("Let me check. One moment.", *LIMA)
    assert check(merged, "ag-ui", s, "openai-chat") == []
    assert check(_split("Let me check. ", "One moment.", *LIMA), "ag-ui", s, "openai-chat") == []


def test_a_call_before_any_text_is_the_same_message_too(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "reasoning.interleaved.001")  # reasoning, call, reasoning, text
    events = _text_then_call("Checking Rome now.", "toolu_rome", "get_weather", '{"city":"Rome"}',
                             thinking="I need the weather first. I will wait for the result.")
    assert check(events, "ag-ui", s, "openai-chat") == []


@pytest.mark.parametrize("dialect", ["anthropic", "openai-responses", "v3"])
def test_on_an_ordered_wire_the_merged_text_still_differs(corpus: list[Scenario], dialect: str) -> None:
    s = _scenario(corpus, "ids.reuse.001")
    found = check(_text_then_call("Let me check. One moment.", *LIMA), "ag-ui", s, dialect)
    assert [f.row for f in found] == ["consumer.ui-messages"], dialect
    assert "display item 0" in found[0].message


def test_other_text_or_another_call_still_differs_over_chat_completions(corpus: list[Scenario]) -> None:
    s = _scenario(corpus, "ids.reuse.001")
    for events in (_text_then_call("Let me check.", *LIMA),  # text lost
                   _text_then_call("One moment. Let me check. ", *LIMA),  # text reordered
                   _text_then_call("Let me check. One moment.", "call-lima", "get_time", '{"city":"Oslo"}')):
        assert {f.row for f in check(events, "ag-ui", s, "openai-chat")} == {"consumer.ui-messages"}
