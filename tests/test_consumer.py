"""The StreamProcessor port and the consumer view: expectations stated from TanStack's code and the scenarios."""

from __future__ import annotations

from typing import Any

from conformance.consumer import normalize_stream_chunk, process_events, ui_messages
from conformance.consumer_view import (
    ROW,
    ConsumerView,
    actual_view,
    check,
    differences,
    expected_view,
)
from conformance.contract import Policies
from conformance.display_items import Segment
from conformance.reference import agui, tanstack
from conformance.runner import run_case
from mock_provider.scenario import Scenario

RUN = {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}
FIN = {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}


def by_id(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


def content(m: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(p["type"], p.get("content", p.get("id"))) for p in m["parts"]]


def test_one_message_id_splits_text_at_a_tool_call() -> None:
    # processor.js handleTextMessageContentEvent: hasToolCallsSinceTextStart starts a new segment.
    events = [RUN, {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"},
              {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "A"},
              {"type": "TOOL_CALL_START", "toolCallId": "c", "toolCallName": "f", "parentMessageId": "m"},
              {"type": "TOOL_CALL_ARGS", "toolCallId": "c", "delta": '{"x":'},
              {"type": "TOOL_CALL_ARGS", "toolCallId": "c", "delta": "1}"},
              {"type": "TOOL_CALL_END", "toolCallId": "c"},
              {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "B"},
              {"type": "TEXT_MESSAGE_END", "messageId": "m"}, FIN]
    [msg] = process_events(events)
    assert content(msg) == [("text", "A"), ("tool-call", "c"), ("text", "B")]
    call = msg["parts"][1]
    assert (call["state"], call["arguments"], call["input"]) == ("input-complete", '{"x":1}', {"x": 1})


def test_unparsable_arguments_leave_input_unset_and_unknown_args_are_dropped() -> None:
    events = [RUN, {"type": "TOOL_CALL_START", "toolCallId": "c", "toolCallName": "f"},
              {"type": "TOOL_CALL_ARGS", "toolCallId": "c", "delta": '{"x":'},
              {"type": "TOOL_CALL_ARGS", "toolCallId": "zzz", "delta": "ignored"}, FIN]
    [msg] = process_events(events)
    [call] = msg["parts"]
    assert call["state"] == "input-complete" and call["arguments"] == '{"x":' and "input" not in call


def test_whitespace_only_turn_is_removed_unless_the_run_errored() -> None:
    text = [{"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"},
            {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": " \n"}]
    assert process_events([RUN, *text, {"type": "TEXT_MESSAGE_END", "messageId": "m"}, FIN]) == []
    [msg] = process_events([RUN, *text, {"type": "RUN_ERROR", "message": "boom"}])
    assert content(msg) == [("text", " \n")]


def test_one_block_whitespace_turn_must_leave_no_message(corpus: list[Scenario]) -> None:
    # The scenario's turn is one whitespace-only block: the processor removes it, so any message
    # left on screen is a finding; the same whitespace split over two messages leaves the first.
    scenario = by_id(corpus, "text.whitespace-only.001")
    assert expected_view(scenario, "v3").removed

    def turn(*messages: tuple[str, str]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [RUN]
        for mid, delta in messages:
            out += [{"type": "TEXT_MESSAGE_START", "messageId": mid, "role": "assistant"},
                    {"type": "TEXT_MESSAGE_CONTENT", "messageId": mid, "delta": delta},
                    {"type": "TEXT_MESSAGE_END", "messageId": mid}]
        return [*out, FIN]

    assert check(turn(("m", "\n  ")), "ag-ui", scenario, "v3") == []
    [finding] = check(turn(("m", "\n"), ("n", "  ")), "ag-ui", scenario, "v3")
    assert finding.row == ROW and "still shows 1 message(s)" in finding.message


def test_several_whitespace_blocks_may_leave_some_of_them() -> None:
    # Two blocks may be two messages; only the last is removed, so a blank first one may stay.
    expected = ConsumerView(whitespace_only=True, removed=False)
    events = [RUN]
    for mid, delta in (("a", " "), ("b", "\n")):
        events += [{"type": "TEXT_MESSAGE_START", "messageId": mid, "role": "assistant"},
                   {"type": "TEXT_MESSAGE_CONTENT", "messageId": mid, "delta": delta},
                   {"type": "TEXT_MESSAGE_END", "messageId": mid}]
    shown = actual_view([*events, FIN], "ag-ui")[0]
    assert shown.messages == 1 and differences(expected, shown) == []
    assert differences(ConsumerView(whitespace_only=True, removed=True), shown) != []


def test_approval_interrupt_and_tool_result_states() -> None:
    call = [{"type": "TOOL_CALL_START", "toolCallId": "c", "toolCallName": "f"},
            {"type": "TOOL_CALL_ARGS", "toolCallId": "c", "delta": "{}"}, {"type": "TOOL_CALL_END", "toolCallId": "c"}]
    interrupt = {"type": "interrupt", "interrupts": [{"id": "ap1", "reason": "tool_call", "toolCallId": "c",
                                                      "metadata": {"kind": "approval"}}]}
    [msg] = process_events([RUN, *call, {**FIN, "outcome": interrupt}])
    assert msg["parts"][0]["state"] == "approval-requested"
    assert msg["parts"][0]["approval"] == {"id": "ap1", "needsApproval": True}
    result = {"type": "TOOL_CALL_RESULT", "messageId": "x", "toolCallId": "c", "content": '{"ok":true}'}
    [msg] = process_events([RUN, *call, result, FIN])
    assert [p["type"] for p in msg["parts"]] == ["tool-call", "tool-result"]
    assert msg["parts"][0]["state"] == "complete" and msg["parts"][0]["output"] == {"ok": True}
    assert msg["parts"][1] == {"type": "tool-result", "toolCallId": "c", "content": '{"ok":true}', "state": "complete"}


def test_yield_layer_is_normalized_before_the_processor() -> None:
    # normalizeStreamChunk: toolName -> toolCallName; END.result -> a TOOL_CALL_RESULT after the END.
    out = normalize_stream_chunk({"type": "TOOL_CALL_END", "toolCallId": "c", "result": '"x"', "state": "output-error",
                                  "parentMessageId": "m"})
    assert out[1] == {"type": "TOOL_CALL_RESULT", "toolCallId": "c", "content": '"x"', "messageId": "m",
                      "metadata": {"tanstack": {"state": "output-error"}}}
    events = [RUN, {"type": "TOOL_CALL_START", "toolCallId": "c", "toolName": "f"},
              {"type": "TOOL_CALL_END", "toolCallId": "c", "input": {"q": 1}, "result": "[1]"}, FIN]
    [msg] = ui_messages(events, "tanstack")
    call = msg.parts[0]
    assert call.type == "tool-call" and call.name == "f" and call.arguments == '{"q":1}' and call.output == [1]


def test_expected_view_follows_the_script_order(corpus: list[Scenario]) -> None:
    view = expected_view(by_id(corpus, "tool.text-between.001"), "v3")
    assert view is not None
    assert [s.text or s.call for s in view.segments] == ["First Madrid. ", "toolu_mad", "Then Rome. ", "toolu_rom",
                                                         "Done."]
    assert view.calls["toolu_rom"].input == {"city": "Rome"} and view.calls["toolu_rom"].state == "input-complete"
    approval = expected_view(by_id(corpus, "tool.approval.001"), "v3")
    assert approval is not None and approval.calls["mcp_del_1"].state == "approval-requested"
    failed = expected_view(by_id(corpus, "tool.provider-executed.002"), "v3")
    assert failed is not None and failed.calls["srvtoolu_02"].state == "error"
    assert failed.results["srvtoolu_02"].state == "error"


def test_expected_view_has_no_picture_for_aborts(corpus: list[Scenario]) -> None:
    assert expected_view(by_id(corpus, "abort.mid-text.001"), "v3") is None


def test_grouping_into_messages_is_not_a_difference() -> None:
    one = [{"id": "m", "role": "assistant", "parts": [{"type": "text", "content": "ab"}]}]
    two = [{"id": "m1", "role": "assistant", "parts": [{"type": "text", "content": "a"}]},
           {"id": "m2", "role": "assistant", "parts": [{"type": "text", "content": "b"}]}]
    from conformance.consumer_view import view_of_messages

    assert differences(view_of_messages(one), view_of_messages(two)) == []
    merged = ConsumerView(segments=[Segment(text="ab"), Segment(call="c")])
    split = ConsumerView(segments=[Segment(text="a"), Segment(call="c"), Segment(text="b")])
    assert differences(split, merged) == ['display item 0: expected text "a", the UI shows text "ab"']


def test_reference_adapters_show_the_expected_ui(corpus: list[Scenario]) -> None:
    checked = 0
    for scenario in corpus:
        for factory, output in ((agui, "ag-ui"), (tanstack, "tanstack")):
            result = run_case(factory, scenario, "v3")
            if result.verdict == "NOT-EXPRESSIBLE" or expected_view(scenario, "v3") is None:
                continue
            checked += 1
            assert check(result.events, output, scenario, "v3", Policies()) == [], result.case_id
    assert checked > 150


def test_the_check_fails_a_wrong_ui_and_skips_protocols_it_does_not_read(corpus: list[Scenario]) -> None:
    scenario = by_id(corpus, "tool.text-between.001")
    events = run_case(agui, scenario, "v3").events
    # Move the second text block behind the second call: same transcript, another picture.
    moved = [e for e in events if e.get("messageId") != "msg-2"]
    at = next(i for i, e in enumerate(moved) if e.get("type") == "TOOL_CALL_END" and e["toolCallId"] == "toolu_rom")
    moved[at + 1:at + 1] = [e for e in events if e.get("messageId") == "msg-2"]
    findings = check(moved, "ag-ui", scenario, "v3")
    assert [f.row for f in findings] == [ROW]
    assert "display item 2: expected text \"Then Rome. \"" in findings[0].message
    assert check(moved, "tanstack-legacy", scenario, "v3") == []
    view, unported = actual_view([{"type": "MESSAGES_SNAPSHOT", "messages": []}], "ag-ui")
    assert unported == ["MESSAGES_SNAPSHOT"] and view.segments == []


def test_structured_output_counts_as_its_json_text(corpus: list[Scenario]) -> None:
    scenario = by_id(corpus, "text.structured.001")
    events = run_case(agui, scenario, "v3").events
    first_text = next(i for i, e in enumerate(events) if e.get("type") == "TEXT_MESSAGE_START")
    mid = events[first_text]["messageId"]
    start = {"type": "CUSTOM", "name": "structured-output.start", "value": {"messageId": mid}}
    structured = [*events[:first_text + 1], start, *events[first_text + 1:]]
    [msg] = process_events(structured)
    assert [p["type"] for p in msg["parts"]] == ["structured-output"]
    assert check(structured, "ag-ui", scenario, "v3") == []
