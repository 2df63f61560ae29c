"""consumer.ui-messages reads a call's arguments as the UI does: as JSON (issue 15 class 6).

agno's AG-UI endpoint re-sends ``{"city":"Paris"}`` as ``{"city": "Paris"}``; every consumer parses the
text, so the UI shows the same call. A different value, or text that is not the same JSON, still differs.
"""

from __future__ import annotations

from conformance.consumer_view import CallView, ConsumerView, differences


def _view(arguments: str) -> ConsumerView:
    return ConsumerView(calls={"call_1": CallView(name="get_weather", arguments=arguments, state="input-complete")})


def test_re_serialized_arguments_are_the_same_call() -> None:
    assert differences(_view('{"city":"Paris","days":3}'), _view('{"city": "Paris", "days": 3}')) == []


def test_other_values_or_cut_text_still_differ() -> None:
    for shown in ('{"city": "Rome", "days": 3}', '{"city": "Paris", "days": "3"}', '{"city": "Par'):
        found = differences(_view('{"city":"Paris","days":3}'), _view(shown))
        assert len(found) == 1 and "arguments" in found[0], shown
