"""The ``mock_provider`` fixture's shorthand (reply, tool_call, fail), scoped to the test, read by the SDKs."""

from __future__ import annotations

import json

import anthropic
import openai
import pytest

from mock_provider.pytest_plugin import MockProviderHandle


def _openai(mp: MockProviderHandle) -> openai.OpenAI:
    return openai.OpenAI(base_url=mp.openai_base_url, api_key="sk-test", max_retries=0)


def test_reply_streams_to_the_openai_sdk_under_any_model_name(mock_provider: MockProviderHandle) -> None:
    mock_provider.reply("Bonjour!")
    stream = _openai(mock_provider).chat.completions.create(
        model="gpt-4o-mini", stream=True, messages=[{"role": "user", "content": "Say hi in French"}])
    assert "".join(c.choices[0].delta.content or "" for c in stream if c.choices) == "Bonjour!"
    logged = mock_provider.requests()  # a request that named no scenario joined this test's scope
    assert [e["body"]["messages"][0]["content"] for e in logged] == ["Say hi in French"]


def test_tool_call_reaches_the_anthropic_sdk_as_a_tool_use(mock_provider: MockProviderHandle) -> None:
    mock_provider.tool_call("get_weather", {"city": "Paris"})
    claude = anthropic.Anthropic(base_url=mock_provider.anthropic_base_url, api_key="k", max_retries=0)
    with claude.messages.stream(model="claude-x", max_tokens=64,
                                messages=[{"role": "user", "content": "weather?"}]) as stream:
        message = stream.get_final_message()
    assert [(b.name, b.input) for b in message.content if b.type == "tool_use"] == [("get_weather", {"city": "Paris"})]
    assert message.stop_reason == "tool_use"


def test_fail_gives_the_status_and_retry_after(mock_provider: MockProviderHandle) -> None:
    mock_provider.fail(429, retry_after=2)
    with pytest.raises(openai.RateLimitError) as err:
        _openai(mock_provider).chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}])
    assert err.value.response.headers["retry-after"] == "2"


def test_fail_then_reply_is_retried_by_the_sdk(mock_provider: MockProviderHandle) -> None:
    mock_provider.fail(503, retry_after=0, then="second time lucky")
    client = openai.OpenAI(base_url=mock_provider.openai_base_url, api_key="k", max_retries=1)
    answer = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}])
    assert answer.choices[0].message.content == "second time lucky"
    assert [e.get("status") for e in mock_provider.requests()] == [503, 200]


def test_a_later_shorthand_replaces_the_answer_and_the_test_end_removes_it(
        mock_provider: MockProviderHandle) -> None:
    first = mock_provider.reply("one")
    second = mock_provider.reply("two")
    client = _openai(mock_provider)
    got = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}])
    assert got.choices[0].message.content == "two" and first != second
    mock_provider.reset()
    with pytest.raises(openai.BadRequestError):  # nothing selected once the answers are gone
        client.chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}])
    status, text = mock_provider._call("GET", "/_mock/scenarios")
    assert status == 200 and not {first, second} & {s["id"] for s in json.loads(text)["scenarios"]}


def test_scenario_selection_still_works_beside_the_shorthand(mock_provider: MockProviderHandle) -> None:
    mock_provider.reply("shorthand")
    got = _openai(mock_provider).chat.completions.create(
        model=mock_provider.model("text.basic.001"), messages=[{"role": "user", "content": "x"}])
    assert got.choices[0].message.content == "The capital of France is Paris."
