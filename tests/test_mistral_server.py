"""The mock's ``mistral`` server flavour: what a client written for Mistral's Chat Completions gets.

Each test here failed before its fix, in the first run of pydantic-ai's AG-UI app on ``MistralModel``
(tests/data/pydantic-ai-agui-mistral.verdicts.json, ``first_run``): the mistralai SDK rejected the mock's tool-call
continuation deltas (no ``function.name``) and its OpenAI in-band error frame, and the request check compared tool
call ids that pydantic-ai renames into Mistral's 9-alphanumeric form.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from conformance.request_checks import request_findings
from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer
from mock_provider.servers import foreign_quirk

CORPUS = {s.id: s for s in load_corpus()}


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with ThreadedMockServer(load_corpus()) as server:
        yield server.base_url


def _chunks(base_url: str, scenario: str, headers: dict[str, str]) -> list[dict[str, Any]]:
    response = httpx.post(f"{base_url}/v1/chat/completions", headers=headers, timeout=10, json={
        "model": f"scenario:{scenario}", "stream": True, "messages": [{"role": "user", "content": "hi"}]})
    assert response.status_code == 200, response.text
    lines = [line.removeprefix("data: ") for line in response.text.splitlines() if line.startswith("data: ")]
    return [json.loads(line) for line in lines if line != "[DONE]"]


def _calls(chunks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [tc for c in chunks for ch in c["choices"] for tc in ch["delta"].get("tool_calls") or []]


def test_mistral_names_the_function_in_every_continuation_delta(base_url: str) -> None:
    """Mistral's chunk schema requires ``function.name`` in every streamed tool call (mistralai 3.7.0
    client/models/functioncall.py, generated from its OpenAPI) and its server sends a continuation as
    ``{type: 'function', function: {name: '', arguments}, index}`` without an id (earendil-works/pi issue 8387, a
    stream from api.mistral.ai). OpenAI's continuation has no name, as before."""
    mistral = _calls(_chunks(base_url, "tool.basic.001", {"X-Mock-Server": "mistral"}))
    first, rest = mistral[0], mistral[1:]
    assert first["id"] and first["function"]["name"] == "get_weather" and rest
    assert all(tc == {"index": first["index"], "type": "function", "function": {"name": "", "arguments": tc[
        "function"]["arguments"]}} for tc in rest)
    assert "".join(tc["function"]["arguments"] for tc in mistral) == '{"city":"Paris","days":3}'
    openai = _calls(_chunks(base_url, "tool.basic.001", {}))
    assert all(set(tc) == {"index", "function"} and set(tc["function"]) == {"arguments"} for tc in openai[1:])


def test_mistrals_own_sdk_reads_every_chunk_of_a_fragmented_call(base_url: str) -> None:
    """The second oracle: the mistralai SDK's own chunk model validates every chunk the mistral flavour streams."""
    models = pytest.importorskip("mistralai.client.models", reason="the mistralai SDK (the calibration extra)")
    for case in ("tool.fragments.001", "tool.interleave.001", "tool.basic.001"):
        for chunk in _chunks(base_url, case, {"X-Mock-Server": "mistral"}):
            models.CompletionChunk.model_validate(chunk)


@pytest.mark.parametrize("case", ["error.code.001", "error.first.001", "error.continue.001", "error.string.001",
                                  "error.openai-midstream.001", "error.groq-tool-use-failed.001"])
def test_an_in_band_error_frame_is_not_expressible_for_mistral(case: str) -> None:
    """Mistral's stream has no error frame: every ``data:`` is a CompletionChunk with id, model and choices
    (mistralai 3.7.0 client/models/completionevent.py, completionchunk.py). OpenAI's ``{error: {...}}`` frame is
    another server's habit there; the other servers keep the case."""
    why = foreign_quirk(CORPUS[case], "mistral")
    assert why is not None and "error frame" in why
    assert [foreign_quirk(CORPUS[case], s) for s in (None, "openai", "groq")] == [None] * 3
    assert foreign_quirk(CORPUS["text.basic.001"], "mistral") is None  # no in-band error: expressible


def _history(ids: tuple[str, str, str, str]) -> dict[str, Any]:
    """request.tool-history.001's conversation as sent, its four tool call ids as given."""
    def call(i: str, name: str, args: str) -> dict[str, Any]:
        return {"role": "assistant", "content": [], "tool_calls": [
            {"id": i, "type": "function", "function": {"name": name, "arguments": args}, "index": 0}]}
    return {"messages": [{"role": "user", "content": "Weather and time in Paris?"},
                         call(ids[0], "get_weather", '{"city":"Paris"}'),
                         {"role": "tool", "tool_call_id": ids[1], "content": '{"tempC":18,"sky":"clear"}'},
                         call(ids[2], "get_time", '{"tz":"CET"}'),
                         {"role": "tool", "tool_call_id": ids[3], "content": "14:05"}]}


def _rows(request: dict[str, Any], server: str | None) -> list[str]:
    checks = CORPUS["request.tool-history.001"].expected_request
    return [f.row for f in request_findings(checks, request, "openai-chat", "request.tool-history", server=server)]


def test_a_mistral_client_may_rename_tool_call_ids_into_mistrals_form() -> None:
    """pydantic-ai's Mistral profile renames ids that are not 9 alphanumerics, a call and its result alike
    (pydantic_ai/profiles/mistral.py:7-13): the same conversation reaches the server. Another server's client
    is held to the caller's ids, and a renaming that pairs a result with the wrong call, or leaves Mistral's
    form, still fails."""
    assert _rows(_history(("call_1", "call_1", "call_2", "call_2")), None) == []
    renamed = _history(("RksXkbv4v", "RksXkbv4v", "Q2m9ZtP0a", "Q2m9ZtP0a"))
    assert _rows(renamed, "mistral") == []
    assert _rows(renamed, None) == ["request.tool-history"]
    assert _rows(_history(("RksXkbv4v", "Q2m9ZtP0a", "Q2m9ZtP0a", "RksXkbv4v")), "mistral") == [
        "request.tool-history"]  # each result under the other call's id
    assert _rows(_history(("call-one", "call-one", "call-two", "call-two")), "mistral") == ["request.tool-history"]


# The `mistral-own` flavour: Mistral's API for a client that can name only Mistral's own models (llama-index-llms-
# mistralai's MistralAI, whose model table holds Mistral's models only). Those models send each tool call whole in one
# delta (comet-ml/opik PR 7385, checked against the live API); only the models Mistral's server relays (zai-glm-*) send
# the fragments the `mistral` flavour plays. Everything else is Mistral's server, as `mistral` plays it.
def test_mistral_own_sends_each_tool_call_whole_and_mistral_still_fragments(base_url: str) -> None:
    """Each call of the script comes in one delta with its id, type, name and complete arguments (as the xai flavour
    sends it); the `mistral` flavour, whose clients may name a relayed model, keeps the fragments."""
    for case in ("tool.basic.001", "tool.interleave.001", "tool.fragments.001"):
        calls = [p for s in CORPUS[case].script if (p := s.part) is not None and p.type == "tool-call"]
        whole = _calls(_chunks(base_url, case, {"X-Mock-Server": "mistral-own"}))
        assert [(d["id"], d["type"], d["function"]) for d in whole] == [
            (c.tool_call_id, "function", {"name": c.tool_name, "arguments": c.input}) for c in calls], case
        fragments = _calls(_chunks(base_url, case, {"X-Mock-Server": "mistral"}))
        assert len(fragments) > len(calls) and any("id" not in tc for tc in fragments), case


def test_mistral_own_streams_the_usage_on_its_finish_chunk_like_mistral(base_url: str) -> None:
    """Mistral's server either way: the usage on the finish chunk, unasked (no `stream_options` in the request)."""
    for server in ("mistral", "mistral-own"):
        chunks = _chunks(base_url, "tool.basic.001", {"X-Mock-Server": server})
        finish = [c for c in chunks if c["choices"] and c["choices"][0].get("finish_reason")]
        assert len(finish) == 1 and finish[0].get("usage"), server
        assert not any(c.get("usage") for c in chunks if c is not finish[0]), server


@pytest.mark.parametrize("case", ["abort.mid-tool.001", "fault.disconnect.002"])
def test_a_call_cut_before_it_is_whole_is_not_expressible_for_mistral_own(case: str) -> None:
    """A server that sends each call whole sends nothing of a call cut before it is whole: not its client's input.
    The `mistral` flavour streams fragments, so the cut stays graded there."""
    why = foreign_quirk(CORPUS[case], "mistral-own")
    assert why is not None and "whole" in why and "declared server: mistral-own" in why
    assert foreign_quirk(CORPUS[case], "mistral") is None
    assert foreign_quirk(CORPUS["tool.basic.001"], "mistral-own") is None


def test_mistral_own_keeps_every_habit_of_mistrals_server() -> None:
    """Over the whole corpus, a case is NOT-EXPRESSIBLE for `mistral-own` exactly when it is for `mistral` (its finish
    vocabulary, its stream without an error frame, its optional strict) or it cuts a call before it is whole."""
    cut = {"abort.mid-tool.001", "fault.disconnect.002"}
    differ = [s.id for s in CORPUS.values()
              if (foreign_quirk(s, "mistral") is None) != (foreign_quirk(s, "mistral-own") is None)]
    assert cut <= set(differ) and all("whole" in str(foreign_quirk(CORPUS[c], "mistral-own")) for c in differ)
    assert "content_filter" in str(foreign_quirk(CORPUS["finish.content-filter.001"], "mistral-own"))
    assert "error frame" in str(foreign_quirk(CORPUS["error.code.001"], "mistral-own"))


def test_mistral_own_answers_and_is_checked_in_mistrals_shapes() -> None:
    """Mistral's error body, its usage without cache-write count, its request shapes (`servers: [mistral]` checks)
    and its clients' renamed tool call ids hold for `mistral-own`."""
    from mock_provider.servers import error_body, reports_cache_write

    assert error_body("mistral-own", "invalid_request_error", "no turn 3") == error_body(
        "mistral", "invalid_request_error", "no turn 3") != error_body(None, "invalid_request_error", "no turn 3")
    assert not reports_cache_write("mistral-own", "openai-chat") and reports_cache_write(None, "openai-chat")
    checks = CORPUS["text.multimodal.001"].expected_request
    assert any(c.servers == ["mistral"] and c.applies_to("openai-chat", "mistral-own") for c in checks)
    renamed = _history(("RksXkbv4v", "RksXkbv4v", "Q2m9ZtP0a", "Q2m9ZtP0a"))
    assert _rows(renamed, "mistral-own") == [] and _rows(renamed, None) == ["request.tool-history"]


def _reference_of(server: str) -> Any:
    """The AG-UI reference adapter over Chat Completions (conformance.reference.openai_http), declared a client of
    ``server``."""
    from conformance.reference import openai_http

    def factory(ctx: Any) -> Any:
        # The runner adds X-Mock-Server to the case's headers after the factory, which the reference's model copied.
        ctx.extra["headers"]["X-Mock-Server"] = server
        adapter = openai_http(ctx)
        adapter.capabilities = adapter.capabilities.model_copy(update={"server": server})
        return adapter
    return factory


def test_calls_sent_whole_may_be_shown_in_the_order_they_came() -> None:
    """tool.interleave.002 starts calls A, B, C and completes them C, A, B. A server that sends each call whole
    sends C first (index 0): its client never sees the start order, so showing C, A, B keeps the upstream's
    first-appearance order (8.1.9), and TanStack's processor shows them so (consumer.ui-messages). Over the `mistral`
    flavour the fragments open A, B, C and that order is owed."""
    from conformance.runner import Settings, run_case

    scenario = CORPUS["tool.interleave.002"]
    own = run_case(_reference_of("mistral-own"), scenario, "openai-chat", Settings(timeout=20))
    assert [c["id"] for c in own.actual["tool_calls"]] == ["call_3", "call_1", "call_2"], own.describe()
    assert own.verdict == "PASS", own.describe()
    fragments = run_case(_reference_of("mistral"), scenario, "openai-chat", Settings(timeout=20))
    assert [c["id"] for c in fragments.actual["tool_calls"]] == ["call_1", "call_2", "call_3"], fragments.describe()
    assert fragments.verdict == "PASS", fragments.describe()
