"""Row ``consumer.agui-messages``: what ``@ag-ui/client`` holds after the events is what the scenario implies.

The expected side comes from the scenario's transcript (written here from the scenario files, not
from an output); the actual side is the port :mod:`conformance.agui_client` (proven against the real
``runAgent`` by tests/test_agui_client.py). The reference adapter passes the row on every corpus
case; a stream that makes the client hold something else fails it, and a grouping the client
renders the same way does not.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from conformance import agui_client_view
from conformance.agui_client_view import ROW, check, expected_view
from conformance.reference import agui
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario
from tests import agui_events
from tests.agui_events import F, S, text
from tests.test_agui_chunks import _TextAsChunks

# The scenarios' tool.
call = partial(agui_events.call, name="get_weather")


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


# tool.text-between.001 as the scenario file writes it: three texts, two get_weather calls between them.
MAD, ROM = ('{"city":"Madrid"}', '{"city":"Rome"}')
BETWEEN = [S, *text("a", "First Madrid. "), *call("toolu_mad", MAD, parent="a"), *text("b", "Then Rome. "),
           *call("toolu_rom", ROM, parent="b"), *text("c", "Done."), F]


def test_expected_view_is_the_scenarios(corpus: list[Scenario]) -> None:
    view = expected_view(_scenario(corpus, "tool.text-between.001"), "v3")
    assert view is not None
    assert view.text == "First Madrid. Then Rome. Done."
    assert {k: (c.name, c.arguments) for k, c in view.calls.items()} == {
        "toolu_mad": ("get_weather", MAD), "toolu_rom": ("get_weather", ROM)}
    assert view.results == {} and view.awaiting == [] and view.run == "finished"
    approval = expected_view(_scenario(corpus, "tool.approval.001"), "v3")
    assert approval is not None and approval.awaiting and approval.run == "finished"
    assert expected_view(_scenario(corpus, "abort.mid-text.001"), "v3") is None  # no fixed picture


SAME: dict[str, list[dict[str, Any]]] = {
    "as-written": BETWEEN,
    # One message id for the whole run (the text reopens it): the client holds one message, "A B C".
    "one-message-per-run": [S, *text("m", "First Madrid. "), *call("toolu_mad", MAD, parent="m"),
                            *text("m", "Then Rome. "), *call("toolu_rom", ROM, parent="m"), *text("m", "Done."), F],
    "calls-without-parent": [S, *text("a", "First Madrid. "), *call("toolu_mad", MAD), *text("b", "Then Rome. "),
                             *call("toolu_rom", ROM), *text("c", "Done."), F],
    "arguments-respaced-and-split": [S, *text("a", "First Madrid. "), *call("toolu_mad", '{"city": ', '"Madrid"}'),
                                     *text("b", "Then Rome. "), *call("toolu_rom", '{ "city" : "Rome" }'),
                                     *text("c", "Done."), F],
    "as-chunks": [S, {"type": "TEXT_MESSAGE_CHUNK", "messageId": "a", "delta": "First Madrid. "},
                  {"type": "TOOL_CALL_CHUNK", "toolCallId": "toolu_mad", "toolCallName": "get_weather", "delta": MAD},
                  {"type": "TEXT_MESSAGE_CHUNK", "messageId": "b", "delta": "Then Rome. "},
                  {"type": "TOOL_CALL_CHUNK", "toolCallId": "toolu_rom", "toolCallName": "get_weather", "delta": ROM},
                  {"type": "TEXT_MESSAGE_CHUNK", "messageId": "c", "delta": "Done."}, F],
}

# name -> (events, the start of the finding's message after "@ag-ui/client: ")
DIFFERENT: dict[str, tuple[list[dict[str, Any]], str]] = {
    "text-as-user": ([S, *text("a", "First Madrid. "), *call("toolu_mad", MAD), *text("b", "Then Rome. ", role="user"),
                      *call("toolu_rom", ROM), *text("c", "Done."), F], "assistant text"),
    "args-sent-twice": ([S, *text("a", "First Madrid. "), *call("toolu_mad", MAD, MAD), *text("b", "Then Rome. "),
                         *call("toolu_rom", ROM), *text("c", "Done."), F], "tool call 'toolu_mad' arguments"),
    "renamed-by-a-second-start": ([*BETWEEN[:-1], *call("toolu_mad", name="book_trip"), F],
                                  "tool call 'toolu_mad' name"),
    "a-result-no-one-ran": ([*BETWEEN[:-1], {"type": "TOOL_CALL_RESULT", "messageId": "r", "toolCallId": "toolu_mad",
                                             "content": "{}"}, F], "tool result(s) of 'toolu_mad'"),
    "an-extra-call": ([*BETWEEN[:-1], *call("toolu_x", "{}"), F], "tool call(s) the scenario has no call for"),
    "stale-snapshot": ([*BETWEEN[:-1], {"type": "MESSAGES_SNAPSHOT", "messages": []}, F], "assistant text"),
    "error-instead-of-finish": ([*BETWEEN[:-1], {"type": "RUN_ERROR", "message": "x"}], "the run"),
    "no-terminal": (BETWEEN[:-1], "the run"),
    "reasoning-shown": ([*BETWEEN[:-1], {"type": "REASONING_MESSAGE_START", "messageId": "r", "role": "reasoning"},
                         {"type": "REASONING_MESSAGE_CONTENT", "messageId": "r", "delta": "hm"},
                         {"type": "REASONING_MESSAGE_END", "messageId": "r"}, F], "reasoning"),
    "an-interrupt": ([*BETWEEN[:-1], {**F, "outcome": {"type": "interrupt", "interrupts": [
        {"id": "i", "reason": "tool_call", "toolCallId": "toolu_rom"}]}}], "calls awaiting approval"),
}


@pytest.mark.parametrize("name", SAME)
def test_what_the_client_shows_the_same_passes(name: str, corpus: list[Scenario]) -> None:
    assert check(SAME[name], "ag-ui", _scenario(corpus, "tool.text-between.001"), "v3") == []


@pytest.mark.parametrize("name", DIFFERENT)
def test_what_the_client_shows_differently_fails(name: str, corpus: list[Scenario]) -> None:
    events, start = DIFFERENT[name]
    found = check(events, "ag-ui", _scenario(corpus, "tool.text-between.001"), "v3")
    assert found and {f.row for f in found} == {ROW}, found
    assert found[0].message.startswith(f"@ag-ui/client: {start}"), found[0].message


def test_an_errored_observable_ends_the_run_in_error(corpus: list[Scenario]) -> None:
    """A declared failure_channel 'observable': the agent's Observable errors after the events and
    runAgent reports it through onRunFailed, the client's own end of a run in error."""
    scenario = _scenario(corpus, "error.string.001")
    expected = expected_view(scenario, "v3")
    assert expected is not None and expected.run == "error"
    events = [S, *text("m", expected.text)] if expected.text else [S]
    assert check(events, "ag-ui", scenario, "v3", failed=True) == []
    assert [f.message for f in check(events, "ag-ui", scenario, "v3")] == [
        "@ag-ui/client: the run: expected error, the client has no terminal"]


def test_a_snapshot_echoing_the_request_is_not_this_turns(corpus: list[Scenario]) -> None:
    """tool.approval-denied.001's request holds a call, its denial and the user's message; a
    MESSAGES_SNAPSHOT restating the thread (as llama-index's router sends one) echoes them."""
    scenario = _scenario(corpus, "tool.approval-denied.001")
    reply = "Understood, I did not send it."
    history = [{"id": "h0", "role": "user", "content": "Send the report to Bob."},
               {"id": "h1", "role": "assistant", "toolCalls": [
                   {"id": "call_mail", "type": "function",
                    "function": {"name": "send_email", "arguments": '{"to":"bob@example.com"}'}}]},
               {"id": "h2", "role": "tool", "toolCallId": "call_mail",
                "content": '{"error":"User denied the tool call"}'}]
    streamed = [S, *text("m", reply)]
    same = [*streamed, {"type": "MESSAGES_SNAPSHOT", "messages": [*history, {"id": "x", "role": "assistant",
                                                                            "content": reply}]}, F]
    assert check(same, "ag-ui", scenario, "v3") == []
    # The snapshot's copy of the reply replaces the streamed one (another id): a changed copy shows.
    changed = [*streamed, {"type": "MESSAGES_SNAPSHOT", "messages": [*history, {"id": "x", "role": "assistant",
                                                                               "content": reply.rstrip(".")}]}, F]
    assert [f.message[:38] for f in check(changed, "ag-ui", scenario, "v3")] == [
        "@ag-ui/client: assistant text: expecte"]


def test_null_and_empty_arguments_are_one_and_a_blank_turn_is_blank(corpus: list[Scenario]) -> None:
    nulls = _scenario(corpus, "tool.null-args.001")  # the model sends `null` arguments
    events = [S, *call("call_null", "{}", name="refresh_cache"), F]
    assert check(events, "ag-ui", nulls, "v3") == []
    assert check([S, *call("call_null", "[]", name="refresh_cache"), F], "ag-ui", nulls, "v3")
    blank = _scenario(corpus, "text.whitespace-only.001")
    assert check([S, {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"},
                  {"type": "TEXT_MESSAGE_END", "messageId": "m"}, F], "ag-ui", blank, "v3") == []


def test_only_the_ag_ui_output_is_read(corpus: list[Scenario]) -> None:
    events, _ = DIFFERENT["text-as-user"]
    assert check(events, "tanstack", _scenario(corpus, "tool.text-between.001"), "v3") == []
    binary = {"type": "MESSAGES_SNAPSHOT", "messages": [
        {"id": "u", "role": "user", "content": [{"type": "binary", "mimeType": "image/png", "data": "AA=="}]}]}
    legacy = [S, binary, *BETWEEN[1:]]  # a stream the port does not vouch for: no verdict
    assert agui_client_view.actual_view(legacy) is None
    # Canary THINKING_* events it does vouch for: translated, the span left open is refused at RUN_FINISHED.
    thinking = [S, {"type": "THINKING_START"}, *BETWEEN[1:]]
    shown = agui_client_view.actual_view(thinking)
    assert shown is not None and shown.run == f"the client's runAgent rejected at event {len(thinking) - 1}"


def test_the_reference_passes_the_row_on_every_case(corpus: list[Scenario]) -> None:
    graded = 0
    for scenario in corpus:
        for factory, dialects in ((agui, ("v2", "v3", "v4", "mastra")), (_TextAsChunks, ("v3",))):
            for dialect in dialects:
                result = run_case(factory, scenario, dialect, Settings(timeout=5.0))
                assert not [f for f in result.findings if f.row == ROW], result.describe()
                graded += expected_view(scenario, dialect) is not None and bool(result.events)
    assert graded > 550  # the row had a picture to compare on most cases


def test_a_suspended_call_may_be_awaiting_or_not() -> None:
    from conformance.agui_client_view import ClientView, differences

    expected = ClientView(text="a", may_await=["c1"])
    assert differences(expected, ClientView(text="a", awaiting=["c1"])) == []
    assert differences(expected, ClientView(text="a")) == []
    assert differences(expected, ClientView(text="a", awaiting=["c2"])) != []
    assert differences(ClientView(text="a"), ClientView(text="a", awaiting=["c1"])) != []
