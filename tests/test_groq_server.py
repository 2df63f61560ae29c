"""The mock's ``groq`` server flavour's tool calls: what a client written for Groq's Chat Completions gets.

Each test here failed before its fix, found by the first run of llama-index's AG-UI app on ``Groq``
(tests/data/llama-index-agui-groq.verdicts.json, ``first_run``: tool.interleave.001/.002 and tool.malformed.001-.004,
six suite errors). Groq's server parses the model's generation into calls before it sends any: it sends each call
whole in one delta with its id, type, name and complete arguments, each call of a batch with its own index (a recorded
api.groq.com stream, charmbracelet/fantasy providertests/testdata/TestOpenAICompatibleCommon/groq-kimi-k2/
multi_tool_streaming.yaml; a Groq engineer in vercel/ai PR 1653), and a generation that does not parse never reaches
the client as a call: the request ends with ``tool_use_failed`` (error.groq-tool-use-failed.001 plays it).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer
from mock_provider.servers import foreign_quirk, sends_calls_whole

CORPUS = {s.id: s for s in load_corpus()}
MALFORMED = ("tool.malformed.001", "tool.malformed.002", "tool.malformed.003", "tool.malformed.004",
             "loop.malformed.001", "loop.malformed.002")


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with ThreadedMockServer(load_corpus()) as server:
        yield server.base_url


def _calls(base_url: str, scenario: str, headers: dict[str, str]) -> list[dict[str, Any]]:
    response = httpx.post(f"{base_url}/openai/v1/chat/completions", headers=headers, timeout=10, json={
        "model": f"scenario:{scenario}", "stream": True, "messages": [{"role": "user", "content": "hi"}]})
    assert response.status_code == 200, response.text
    lines = [line.removeprefix("data: ") for line in response.text.splitlines() if line.startswith("data: ")]
    chunks = [json.loads(line) for line in lines if line != "[DONE]"]
    return [tc for c in chunks for ch in c.get("choices") or [] for tc in ch["delta"].get("tool_calls") or []]


def test_groq_sends_each_tool_call_whole_in_one_delta(base_url: str) -> None:
    """Each call of the script comes in one delta with its id, type, name and complete arguments, in the order the
    calls completed (tool.interleave.002 completes C, A, B); a client of OpenAI's server still gets fragments."""
    assert sends_calls_whole("groq", "openai-chat") and not sends_calls_whole("groq", "openai-responses")
    for case in ("tool.basic.001", "tool.interleave.001", "tool.interleave.002", "tool.fragments.001"):
        calls = [p for s in CORPUS[case].script if (p := s.part) is not None and p.type == "tool-call"]
        whole = _calls(base_url, case, {"X-Mock-Server": "groq"})
        assert [(d["id"], d["type"], d["function"]) for d in whole] == [
            (c.tool_call_id, "function", {"name": c.tool_name, "arguments": c.input}) for c in calls], case
        assert len({d["index"] for d in whole}) == len(whole), case  # each call of a batch has its own index
        fragments = _calls(base_url, case, {})
        assert len(fragments) > len(calls) and any("id" not in tc for tc in fragments), case


def test_groqs_own_sdk_reads_every_chunk_of_a_whole_call(base_url: str) -> None:
    """The second oracle: the groq SDK's own chunk model validates every chunk the groq flavour streams."""
    chunk_type = pytest.importorskip("groq.types.chat", reason="the groq SDK").ChatCompletionChunk
    for case in ("tool.basic.001", "tool.interleave.002", "tool.fragments.001"):
        response = httpx.post(f"{base_url}/openai/v1/chat/completions", headers={"X-Mock-Server": "groq"}, json={
            "model": f"scenario:{case}", "stream": True, "messages": [{"role": "user", "content": "hi"}]}, timeout=10)
        lines = [line for line in response.text.splitlines() if line.startswith("data: {")]
        assert response.status_code == 200 and lines, case
        for line in lines:
            chunk_type.model_validate(json.loads(line.removeprefix("data: ")))


@pytest.mark.parametrize("case", MALFORMED)
def test_a_call_whose_arguments_do_not_parse_is_not_expressible_for_groq(case: str) -> None:
    """Groq answers a generation it cannot parse into a call with ``tool_use_failed`` and sends no call, so a call
    with unparsable arguments is not its client's input; OpenAI's server streams such arguments, and so do the other
    flavours."""
    why = foreign_quirk(CORPUS[case], "groq")
    assert why is not None and "do not parse" in why and "tool_use_failed" in why and "declared server: groq" in why
    assert [foreign_quirk(CORPUS[case], s) for s in (None, "openai", "deepseek")] == [None] * 3


@pytest.mark.parametrize("case", ["tool.empty-input.001", "tool.null-args.001", "tool.basic.001",
                                  "error.groq-tool-use-failed.001", "quirks.tool-index-reused.002"])
def test_arguments_that_parse_or_are_empty_stay_expressible_for_groq(case: str) -> None:
    """An empty argument string is no arguments (the kit reads it as ``{}``), not malformed; ``null`` parses; Groq's
    own refusal of an unparsable call is its habit."""
    assert foreign_quirk(CORPUS[case], "groq") is None


@pytest.mark.parametrize("case", ["abort.mid-tool.001", "fault.disconnect.002"])
def test_a_call_cut_before_it_is_whole_is_not_expressible_for_groq(case: str) -> None:
    """A server that sends each call whole sends nothing of a call cut before it is whole."""
    why = foreign_quirk(CORPUS[case], "groq")
    assert why is not None and "whole" in why and "declared server: groq" in why
    assert foreign_quirk(CORPUS[case], "deepseek") is None


def test_groqs_finish_reason_reason_names_what_the_wire_sends() -> None:
    """finish.other-with-call.001's finish is unified 'other' with raw 'function_call', which is in Groq's
    vocabulary; the chat wire sends it as 'other' (a raw reason consumers map elsewhere cannot carry 'other',
    mock_provider.wires.openai_chat.Encoder.finish_reason), and 'other' is what Groq's Literal lacks."""
    why = str(foreign_quirk(CORPUS["finish.other-with-call.001"], "groq"))
    assert why.startswith("finish_reason 'other' "), why
    assert "'function_call'" in why and "not in Groq's finish vocabulary" in why
    assert str(foreign_quirk(CORPUS["finish.unknown.001"], "groq")).startswith("finish_reason ")
