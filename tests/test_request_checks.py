"""Checks on the upstream request (a scenario's ``expected_request``) and the request-log plumbing."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from conformance.reference import agui, openai_http
from conformance.request_checks import find_json_in, pointer_get, request_findings, subset_mismatch
from conformance.runner import run_case
from mock_provider.scenario import RequestCheck, Scenario

REQUEST = {
    "prompt": [
        {"role": "system", "content": 'Schema:\n{\n  "type": "object"\n}'},
        {"role": "user", "content": [{"type": "text", "text": "hi"}]},
    ],
    "tools": [{"type": "function", "name": "a/b", "inputSchema": {"type": "object"}}],
    "flag": True,
    "n": 1,
}


def _rows(checks: list[RequestCheck], request: Any = REQUEST, dialect: str = "v3") -> list[str]:
    return [f.row for f in request_findings(checks, request, dialect, "request.prompt")]


@pytest.mark.parametrize(("check", "holds"), [
    (RequestCheck(path="/prompt/0/role", equals="system"), True),
    (RequestCheck(path="/prompt/1", equals={"role": "user"}), False),  # equals: extra keys fail
    (RequestCheck(path="/prompt/1", subset={"role": "user"}), True),
    (RequestCheck(path="/prompt/1/content", subset=[]), False),  # lists: same length
    (RequestCheck(path="/n", equals=True), False),  # 1 is not true
    (RequestCheck(path="/flag", equals=1), False),
    (RequestCheck(path="/n", equals=1.0), True),  # one JSON number
    (RequestCheck(path="/responseFormat", absent=True), True),
    (RequestCheck(path="/prompt", absent=True), False),
    (RequestCheck(path="/prompt/0/content", contains_json={"type": "object"}), True),
    (RequestCheck(path="/prompt/0/content", contains_json={"type": "array"}), False),
    (RequestCheck(path="/tools/0/name", equals="a/b"), True),
    (RequestCheck(path="/prompt/1/role", members=["user"]), False),  # not a list
    (RequestCheck(path="/prompt/1/content", members=[{"type": "text", "text": "hi"}]), True),
    (RequestCheck(path="/missing", equals=None), False),  # equals null still needs a value there
])
def test_each_kind_of_check(check: RequestCheck, holds: bool) -> None:
    assert _rows([check]) == ([] if holds else ["request.prompt"])


def test_members_ignore_order_but_not_multiplicity() -> None:
    check = RequestCheck(path="/x", members=["a", "b", "a"])
    assert _rows([check], {"x": ["b", "a", "a"]}) == []
    assert _rows([check], {"x": ["a", "b", "b"]}) == ["request.prompt"]


def test_row_dialects_and_no_request() -> None:
    checks = [RequestCheck(path="/x", equals=1, row="request.tools"),
              RequestCheck(path="/x", equals=2, dialects=["openai-chat"])]
    assert _rows(checks, {"x": 2}) == ["request.tools"]
    assert _rows(checks, {"x": 2}, dialect="openai-chat") == ["request.tools"]
    findings = request_findings(checks, None, "openai-chat", "request.prompt")
    assert [f.row for f in findings] == ["request.tools", "request.prompt"]
    assert all("no upstream request" in f.message for f in findings)


def test_a_check_states_exactly_one_expectation() -> None:
    with pytest.raises(ValidationError, match="exactly one of"):
        RequestCheck(path="/x")
    with pytest.raises(ValidationError, match="exactly one of"):
        RequestCheck(path="/x", equals=1, absent=True)
    with pytest.raises(ValidationError):
        RequestCheck(path="x", equals=1)  # not a JSON pointer


def test_pointer_and_subset_helpers() -> None:
    assert pointer_get({"a~b": {"c/d": [0, 1]}}, "/a~0b/c~1d/1") == 1
    assert subset_mismatch({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "/a/1/b"
    assert find_json_in("x 1 y", 1) and not find_json_in("x 1.5 y", 1)


# ---------------------------------------------------------------- end to end through the runner
def _scenario(checks: list[dict[str, Any]]) -> Scenario:
    return Scenario.model_validate({
        "id": "request.local.001", "title": "t", "rows": ["request.prompt"], "citations": [{"ref": "r"}],
        "request": {"messages": [{"role": "user", "content": "hi"}]},
        "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}},
                   {"part": {"type": "finish", "finishReason": {"unified": "stop", "raw": "stop"}}}],
        "expected": {"text": "Hi", "finish_reason": "stop"},
        "expected_request": checks})


def test_runner_checks_the_in_process_call_options() -> None:
    good = _scenario([{"path": "/prompt", "equals": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]}])
    assert run_case(agui, good, "v4").verdict == "PASS"
    bad = _scenario([{"path": "/prompt/0/content", "equals": "hi"}])
    result = run_case(agui, bad, "v4")
    assert result.verdict == "FAIL" and result.failed_rows() == {"request.prompt"}


def test_runner_checks_the_http_body() -> None:
    good = _scenario([{"path": "/messages", "equals": [{"role": "user", "content": "hi"}]},
                      {"path": "/stream", "equals": True}])
    assert run_case(openai_http, good, "openai-chat").verdict == "PASS"
    # A one-text-part list is the same content as the string (string_content); a different text is not.
    same = _scenario([{"path": "/messages/0/content", "equals": [{"type": "text", "text": "hi"}]}])
    assert run_case(openai_http, same, "openai-chat").verdict == "PASS"
    bad = _scenario([{"path": "/messages/0/content", "equals": [{"type": "text", "text": "bye"}]}])
    assert run_case(openai_http, bad, "openai-chat").failed_rows() == {"request.prompt"}


def test_chat_content_as_string_or_one_text_part_is_the_same_message() -> None:
    """Chat Completions (and Anthropic Messages) take a string or content parts: one text part is the string."""
    as_parts = {"messages": [{"role": "system", "content": [{"type": "text", "text": "Be terse."}]},
                             {"role": "user", "content": [{"type": "text", "text": "Hi"}]}]}
    as_string = {"messages": [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "Hi"}]}
    for expected, sent in [(as_string, as_parts), (as_parts, as_string)]:
        for key in ("equals", "subset", "members"):
            check = RequestCheck.model_validate({"path": "/messages", key: expected["messages"]})
            assert request_findings([check], sent, "openai-chat", "request.prompt") == [], (key, sent)
            assert request_findings([check], sent, "anthropic", "request.prompt") == [], (key, sent)
    other = {"messages": [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "Bye"}]}
    check = RequestCheck(path="/messages", equals=as_parts["messages"])
    assert [f.row for f in request_findings([check], other, "openai-chat", "request.prompt")] == ["request.prompt"]
    two_parts = {"messages": [as_string["messages"][0], {"role": "user", "content": [
        {"type": "text", "text": "H"}, {"type": "text", "text": "i"}]}]}
    assert [f.row for f in request_findings([check], two_parts, "openai-chat", "request.prompt")] == ["request.prompt"]
    # A part dialect's prompt content is always parts (LanguageModelV3Prompt): a string there is not the same.
    prompt = RequestCheck(path="/prompt/0/content", equals=[{"type": "text", "text": "Hi"}])
    assert [f.row for f in request_findings([prompt], {"prompt": [{"role": "user", "content": "Hi"}]}, "v3",
                                            "request.prompt")] == ["request.prompt"]


def _turn_two_checks() -> list[RequestCheck]:
    from mock_provider.scenario import load_corpus

    scenario = next(s for s in load_corpus() if s.id == "loop.parallel.001")
    return list(scenario.turns[0].expect_request)


def test_a_step_s_results_in_one_tool_message_are_the_same_request() -> None:
    """ai's loop sends a step's two results in one tool message (toResponseMessages), other agents one
    message each; every provider sends each result on its own, so both pass loop.parallel.001's turn 2."""
    calls = {"role": "assistant", "content": [
        {"type": "tool-call", "toolCallId": "call_p1", "toolName": "get_weather", "input": {"city": "Paris"}},
        {"type": "tool-call", "toolCallId": "call_p2", "toolName": "get_weather", "input": {"city": "Rome"}}]}
    results = [{"type": "tool-result", "toolCallId": c, "toolName": "get_weather",
                "output": {"type": "json", "value": {"temp_c": t}}} for c, t in (("call_p1", 21), ("call_p2", 25))]
    user = {"role": "user", "content": [{"type": "text", "text": "Weather in Paris and Rome?"}]}
    apart = {"prompt": [user, calls, *({"role": "tool", "content": [r]} for r in results)]}
    together = {"prompt": [user, calls, {"role": "tool", "content": results}]}
    swapped = {"prompt": [user, calls, {"role": "tool", "content": [
        {**results[0], "toolCallId": "call_p2"}, {**results[1], "toolCallId": "call_p1"}]}]}
    checks = _turn_two_checks()
    assert request_findings(checks, apart, "v3", "loop.tool-result") == []
    assert request_findings(checks, together, "v3", "loop.tool-result") == []
    assert [f.row for f in request_findings(checks, swapped, "v3", "loop.tool-result")] == ["request.tool-history"] * 2


def _prompt_checks() -> list[RequestCheck]:
    from mock_provider.scenario import load_corpus

    return list(next(s for s in load_corpus() if s.id == "request.prompt.001").expected_request)


@pytest.mark.parametrize(("dialect", "key"), [("openai-chat", "messages"), ("v3", "prompt")])
def test_a_caller_message_with_no_content_may_be_left_out(dialect: str, key: str) -> None:
    """request.prompt.001's last user message has null content: sent empty or left out, the model reads the
    same prompt (VoltAgent's sanitizeMessageForModel drops it); a message with text left out, moved or
    changed is another prompt."""
    check = next(c for c in _prompt_checks() if c.applies_to(dialect, None))
    full = list(check.equals if "equals" in check.model_fields_set else check.subset)
    assert full[-1]["role"] == "user" and full[-1]["content"] in ("", [{"type": "text", "text": ""}])

    def rows(sent: list[Any]) -> list[str]:
        return [f.row for f in request_findings([check], {key: sent}, dialect, "request.prompt")]

    assert rows(full) == []
    assert rows(full[:-1]) == []
    assert rows(full[:3] + full[4:]) == ["request.prompt"]  # "What is 2+2?" left out
    assert rows([*full[:2], full[3], full[2], full[4]]) == ["request.prompt"]  # two messages swapped
    text = "What is 3+3?"
    changed = {**full[3], "content": text if key == "messages" else [{"type": "text", "text": text}]}
    assert rows([*full[:3], changed]) == ["request.prompt"]
    # Left out only when it holds nothing: an empty message with a tool call is a message.
    with_call = {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "type": "function",
                                                                     "function": {"name": "f", "arguments": "{}"}}]}
    calls = RequestCheck(path="/messages", subset=[{"role": "user", "content": "Hi"}, with_call])
    assert [f.row for f in request_findings([calls], {"messages": [{"role": "user", "content": "Hi"}]},
                                            "openai-chat", "request.prompt")] == ["request.prompt"]


def test_an_indexed_check_on_a_message_with_no_content_holds_when_it_is_left_out() -> None:
    """A check on ``/messages/N`` names the caller's message N: one with no content may be left out too."""
    checks = [RequestCheck(path="/messages/0", subset={"role": "user", "content": "Hi"}),
              RequestCheck(path="/messages/1", subset={"role": "user", "content": ""})]
    assert request_findings(checks, {"messages": [{"role": "user", "content": "Hi"}]}, "openai-chat",
                            "request.prompt") == []
    assert [f.row for f in request_findings(checks, {"messages": [{"role": "user", "content": ""}]}, "openai-chat",
                                            "request.prompt")] == ["request.prompt"]
