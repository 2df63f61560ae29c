"""The port of ai's UI message reader on the behaviours the consumer row rests on, and its cost.

Node agreement on thousands of streams is tests/test_ui_stream_oracle.py; these pin the readings
the view depends on with streams written by hand, so a regression names its cause.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance import partial_json, ui_message_reader
from conformance.ui_message_reader import read
from conformance.ui_message_view import actual_view, differences, expected_view
from mock_provider.scenario import Scenario

Ev = dict[str, Any]


def _text(message: dict[str, Any] | None) -> list[tuple[str, Any]]:
    return [(p["type"], p.get("text", p.get("state"))) for p in (message or {"parts": []})["parts"]]


def test_a_start_with_a_new_message_id_starts_the_message_over() -> None:
    events: list[Ev] = [{"type": "start", "messageId": "m1"}, {"type": "text-start", "id": "t"},
                        {"type": "text-delta", "id": "t", "delta": "lost"}, {"type": "text-end", "id": "t"},
                        {"type": "start", "messageId": "m2"}, {"type": "text-start", "id": "t"},
                        {"type": "text-delta", "id": "t", "delta": "kept"}]
    result = read(events, 6)
    assert result.message is not None and result.message["id"] == "m2"
    assert _text(result.message) == [("text", "kept")]


@pytest.mark.parametrize(("version", "thrown"), [(6, 3), (7, None)])
def test_finish_step_drops_open_text_parts_in_ai_6_only(version: int, thrown: int | None) -> None:
    events: list[Ev] = [{"type": "text-start", "id": "t"}, {"type": "text-delta", "id": "t", "delta": "a"},
                        {"type": "finish-step"}, {"type": "text-delta", "id": "t", "delta": "b"}]
    result = read(events, version)  # type: ignore[arg-type]
    assert result.error_index == thrown
    assert _text(result.message) == [("text", "a" if thrown else "ab")]


def test_reset_step_removes_the_step_in_ai_7_and_is_ignored_by_ai_6() -> None:
    events: list[Ev] = [{"type": "start-step"}, {"type": "text-start", "id": "t"},
                        {"type": "text-delta", "id": "t", "delta": "draft"}, {"type": "reset-step"}]
    assert _text(read(events, 7).message) == [("step-start", None)]
    assert _text(read(events, 6).message) == [("step-start", None), ("text", "draft")]


def test_a_step_start_after_the_last_write_is_not_in_the_yielded_message() -> None:
    events: list[Ev] = [{"type": "text-start", "id": "t"}, {"type": "start-step"}]
    assert _text(read(events, 6).message) == [("text", "")]
    assert read([{"type": "start-step"}], 6).message is None  # nothing written, nothing yielded


def test_in_band_errors_are_reported_and_reading_goes_on() -> None:
    result = read([{"type": "error", "errorText": "rate limited"}, {"type": "text-start", "id": "t"}], 7)
    assert result.in_band == ["rate limited"] and result.error is None and len(_text(result.message)) == 1


def test_an_output_for_no_call_throws_the_reader_s_own_error() -> None:
    result = read([{"type": "tool-output-available", "toolCallId": "c9", "output": 1}], 6)
    assert result.error == 'AI_UIMessageStreamError: No tool invocation found for tool call ID "c9".'
    assert result.error_index == 0 and result.message is None


def test_streamed_input_is_parsed_once_however_many_deltas(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = partial_json.parse_partial_json

    def counting(text: Any, version: Any = 7) -> Any:
        calls.append(text)
        return real(text, version)

    monkeypatch.setattr(ui_message_reader, "parse_partial_json", counting)
    deltas = ['{"city": "', *("x" for _ in range(2000))]
    events: list[Ev] = [{"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
                        *({"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": d} for d in deltas)]
    result = read(events, 6)
    assert result.message is not None and result.message["parts"][0]["input"] == {"city": "x" * 2000}
    assert len(calls) == 1


def test_the_view_of_a_loop_spans_its_turns(corpus: list[Scenario]) -> None:
    scenario = next(s for s in corpus if s.id == "loop.text-between.001")
    view = expected_view(scenario, "v3")
    assert view is not None and any(s.call for s in view.segments) and sum(1 for s in view.segments if s.text) >= 2


def test_a_call_moved_after_later_text_is_a_display_difference(corpus: list[Scenario]) -> None:
    scenario = next(s for s in corpus if s.id == "tool.text-between.001")
    expected = expected_view(scenario, "v3")
    assert expected is not None
    chunks: list[Ev] = [{"type": "start"}, {"type": "text-start", "id": "t"}]
    chunks += [{"type": "text-delta", "id": "t", "delta": s.text} for s in expected.segments if s.text]
    chunks.append({"type": "text-end", "id": "t"})
    for seg in expected.segments:
        if seg.call:
            chunks.append({"type": "tool-input-available", "toolCallId": seg.call,
                           "toolName": expected.calls[seg.call].name, "input": expected.calls[seg.call].input})
    chunks.append({"type": "finish", "finishReason": "tool-calls"})
    found = differences(expected, actual_view(chunks, "ui-message-stream"))
    assert found == ['display item 0: expected text "First Madrid. ", the UI shows text '
                     '"First Madrid. Then Rome. Done."']


def test_the_wire_decides_what_order_the_view_can_ask_for(corpus: list[Scenario]) -> None:
    """Chat Completions has no order between content and tool_calls; a Gemini call comes whole."""
    between = next(s for s in corpus if s.id == "tool.text-between.001")
    chat, parts = expected_view(between, "openai-chat"), expected_view(between, "v3")
    assert chat is not None and parts is not None and not chat.ordered and parts.ordered
    text_first: list[Ev] = [{"type": "text-start", "id": "t"},
                            {"type": "text-delta", "id": "t", "delta": "First Madrid. Then Rome. Done."},
                            {"type": "text-end", "id": "t"}]
    text_first += [{"type": "tool-input-available", "toolCallId": c, "toolName": parts.calls[c].name,
                    "input": parts.calls[c].input} for c in ("toolu_mad", "toolu_rom")]
    assert differences(chat, actual_view(text_first, "ui-message-stream")) == []
    assert differences(parts, actual_view(text_first, "ui-message-stream")) != []
    replay = next(s for s in corpus if s.id == "tool.replay.001")
    gemini, streamed = expected_view(replay, "gemini"), expected_view(replay, "v3")
    assert gemini is not None and streamed is not None
    assert [s.text or s.call for s in gemini.segments] == ["Checking both.", "call_aapl", "call_msft"]
    assert [s.text or s.call for s in streamed.segments] == ["call_aapl", "Checking both.", "call_msft"]


def test_a_call_to_an_undeclared_tool_may_show_as_refused(corpus: list[Scenario]) -> None:
    """streamText answers a call to a tool it does not have with tool-input-error (NoSuchToolError)."""
    scenario = next(s for s in corpus if s.id == "tool.dynamic.001")
    expected = expected_view(scenario, "v3")
    assert expected is not None
    refused: list[Ev] = [{"type": "tool-input-start", "toolCallId": "call_mcp", "toolName": "docs_search"},
                         {"type": "tool-input-error", "toolCallId": "call_mcp", "toolName": "docs_search",
                          "input": {"q": "retry"}, "errorText": "Model tried to call unavailable tool 'docs_search'."}]
    assert differences(expected, actual_view(refused, "ui-message-stream@7")) == []
    renamed = [{**e, "toolName": "other"} for e in refused]
    assert differences(expected, actual_view(renamed, "ui-message-stream@7")) == [
        "tool part 'call_mcp' name: expected \"docs_search\", the UI shows \"other\""]


@pytest.mark.parametrize(("scenario_id", "shown"), [
    # Gemini holds a call that later text of its turn follows until the finish (mock_provider.wires.gemini
    # content_order): the wire itself sends the text first, so that is the order ai's reader can show.
    ("tool.text-between.001", ["First Madrid. Then Rome. Done.", "toolu_mad", "toolu_rom"]),
    # In an agent loop each turn is held on its own: turn 1's call goes after turn 1's text, before turn 2.
    ("loop.text-between.002", ["Checking the forecast. ", "call_b1", "It is 8°C and raining in Bergen."]),
])
def test_the_gemini_view_follows_the_wire_s_content_order(corpus: list[Scenario], scenario_id: str,
                                                          shown: list[str]) -> None:
    scenario = next(s for s in corpus if s.id == scenario_id)
    view = expected_view(scenario, "gemini")
    assert view is not None and [s.text or s.call for s in view.segments] == shown
    streamed = expected_view(scenario, "v3")  # a streamed wire keeps the script's order
    assert streamed is not None and [s.text or s.call for s in streamed.segments] != shown
