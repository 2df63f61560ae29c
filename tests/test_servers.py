"""Server flavours (mock_provider.servers): another server's habits are not expressible for a client
written for one server, the mock answers in that server's shapes, and request checks may be one
server's; a client that declares no server gets everything as before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from conformance.checks.context import build_context
from conformance.contract import Capabilities
from conformance.grading.gates import foreign_server
from conformance.request_checks import request_findings
from conformance.run_record import RunRecord
from conformance.settings import Settings
from conformance.structured import strict_json_schema
from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server import ThreadedMockServer
from mock_provider.servers import Server, foreign_quirk, served_expected

CORPUS = {s.id: s for s in load_corpus()}


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with ThreadedMockServer(load_corpus()) as server:
        yield server.base_url


def _post(base_url: str, scenario: str, headers: dict[str, str], turn: int = 1) -> httpx.Response:
    messages: list[dict[str, object]] = [{"role": "user", "content": "hi"}]
    if turn == 2:  # a conversation that carries turn 1's call and its result asks for turn 2
        messages += [{"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "1"}]
    return httpx.post(f"{base_url}/v1/chat/completions", headers=headers, timeout=10,
                      json={"model": f"scenario:{scenario}", "stream": True, "messages": messages})


@pytest.mark.parametrize("server", ["groq", "mistral", "deepseek"])
@pytest.mark.parametrize("case", ["quirks.refusal.001", "quirks.tool-late-id.001", "error.openrouter-midstream.001"])
def test_another_servers_habit_is_not_expressible_for_a_named_server(server: str, case: str) -> None:
    assert foreign_quirk(CORPUS[case], server) is not None
    assert foreign_quirk(CORPUS[case], None) is None and foreign_quirk(CORPUS[case], "openai") is None


def test_robustness_cases_are_graded_for_every_server() -> None:
    # Contract breaks on purpose (an empty choices, a reused index): any server's client must survive them.
    for case in ("quirks.azure-filter-chunk.001", "quirks.tool-index-reused.002", "text.basic.001"):
        assert [foreign_quirk(CORPUS[case], s) for s in ("groq", "mistral", "deepseek")] == [None, None, None]


def test_a_finish_outside_mistrals_vocabulary_is_not_expressible_for_mistral_only() -> None:
    case = CORPUS["finish.content-filter.001"]
    assert foreign_quirk(case, "groq") is None and "content_filter" in str(foreign_quirk(case, "mistral"))


@pytest.mark.parametrize("case", ["reasoning.field-reasoning.001", "reasoning.openrouter-details.001",
                                  "reasoning.think-tags.001"])
def test_a_reasoning_field_deepseek_does_not_send_is_not_expressible_for_deepseek(case: str) -> None:
    # DeepSeek's API streams reasoning in delta.reasoning_content only (@ai-sdk/deepseek 3.0.56 reads no other).
    why = foreign_quirk(CORPUS[case], "deepseek")
    assert why is not None and "reasoning_content" in why
    # The other servers' clients are told their field by the harness (X-Mock-Reasoning): nothing changes there.
    assert [foreign_quirk(CORPUS[case], s) for s in (None, "openai", "groq", "mistral")] == [None] * 4


def test_deepseeks_own_reasoning_field_is_served_to_deepseek() -> None:
    for case in ("reasoning.basic.001", "text.basic.001", "tool.interleave.001"):
        assert foreign_quirk(CORPUS[case], "deepseek") is None


def test_a_deepseek_client_is_declared_and_served(base_url: str) -> None:
    assert Capabilities(name="n", inputs=["openai-chat"], output="ui-message-stream@7", server="deepseek").server == (
        "deepseek")
    assert _post(base_url, "reasoning.basic.001", {"X-Mock-Server": "deepseek"}).status_code == 200
    refused = _post(base_url, "reasoning.field-reasoning.001", {"X-Mock-Server": "deepseek"})
    assert refused.status_code == 422 and "deepseek" in refused.json()["error"]["message"]


def _record(scenario: Scenario, server: Server | None) -> RunRecord:
    caps = Capabilities(name="n", inputs=["openai-chat"], output="ui-message-stream@7", server=server)
    return RunRecord(case_id="c", scenario_id=scenario.id, dialect="openai-chat", adapter="a", capabilities=caps)


def test_the_gate_stops_a_foreign_case_as_not_expressible_and_leaves_the_default_alone() -> None:
    case = CORPUS["quirks.refusal.001"]
    stop = foreign_server(_record(case, "mistral"), case)
    assert stop is not None and stop.verdict == "NOT-EXPRESSIBLE" and "mistral" in stop.reason
    assert foreign_server(_record(case, None), case) is None


def test_the_mock_refuses_a_foreign_habit_for_a_declared_server(base_url: str) -> None:
    refused = _post(base_url, "quirks.refusal.001", {"X-Mock-Server": "groq"})
    assert refused.status_code == 422 and "groq" in refused.json()["error"]["message"]
    assert _post(base_url, "quirks.refusal.001", {}).status_code == 200
    unknown = _post(base_url, "text.basic.001", {"X-Mock-Server": "azure"})
    assert unknown.status_code == 400 and "X-Mock-Server" in unknown.json()["error"]["message"]


def test_mistral_gets_its_own_error_body_for_a_turn_past_the_script(base_url: str) -> None:
    # @ai-sdk/mistral reads {object: 'error', message, type, param, code} only (its mistralErrorDataSchema).
    mistral = _post(base_url, "text.basic.001", {"X-Mock-Server": "mistral"}, turn=2)
    body = mistral.json()
    assert mistral.status_code == 400 and body["object"] == "error" and "turn 2" in body["message"]
    assert set(body) == {"object", "message", "type", "param", "code"}
    # No declaration (and Groq, whose client reads OpenAI's body): OpenAI's error object, as before.
    for headers in ({}, {"X-Mock-Server": "groq"}):
        assert "turn 2" in _post(base_url, "text.basic.001", headers, turn=2).json()["error"]["message"]


def test_request_checks_of_one_server_apply_to_its_clients_only() -> None:
    case = CORPUS["text.multimodal.001"]
    parts: list[dict[str, dict[str, str]]] = case.request.messages[0].content  # type: ignore[assignment]
    png, pdf = parts[1]["source"]["value"], parts[2]["source"]["value"]
    mistral_request = {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "Describe the image and summarise the PDF in one line."},
        {"type": "image_url", "image_url": f"data:image/png;base64,{png}"},
        {"type": "document_url", "document_url": f"data:application/pdf;base64,{pdf}"}]}]}
    checks = case.expected_request
    assert request_findings(checks, mistral_request, "openai-chat", "request.media", server="mistral") == []
    openai_rows = [f.row for f in request_findings(checks, mistral_request, "openai-chat", "request.media")]
    assert openai_rows == ["request.media"]  # OpenAI's image_url {url} and file {file_data} are not there


def test_a_queued_response_is_not_expressible_for_xais_responses_server(base_url: str) -> None:
    # OpenAI's background queue (response.queued): xAI's Responses API has none (@ai-sdk/xai 5.0.12's chunk
    # schema has no such event). Only the Responses wire plays it; the same scenario on another wire is plain.
    queued = CORPUS["text.queued.001"]
    assert "response.queued" in str(foreign_quirk(queued, "xai", "openai-responses"))
    assert foreign_quirk(queued, None, "openai-responses") is None
    assert foreign_quirk(queued, "xai", "openai-chat") is None and foreign_quirk(queued, "xai", "anthropic") is None
    assert foreign_quirk(CORPUS["text.basic.001"], "xai", "openai-responses") is None
    assert "compaction" in str(foreign_quirk(CORPUS["parts.compaction.001"], "xai", "openai-responses"))
    caps = Capabilities(name="n", inputs=["openai-responses"], output="ui-message-stream", server="xai")
    record = RunRecord(case_id="c", scenario_id=queued.id, dialect="openai-responses", adapter="a", capabilities=caps)
    stop = foreign_server(record, queued)
    assert stop is not None and stop.verdict == "NOT-EXPRESSIBLE"
    body = {"model": "scenario:text.queued.001", "stream": True, "input": "hi"}
    refused = httpx.post(f"{base_url}/v1/responses", headers={"X-Mock-Server": "xai"}, json=body, timeout=10)
    served = httpx.post(f"{base_url}/v1/responses", json=body, timeout=10)
    assert refused.status_code == 422 and "response.queued" in refused.text, refused.text
    assert served.status_code == 200 and "response.queued" in served.text


def _events(response: httpx.Response) -> list[dict[str, object]]:
    """The JSON data events of an SSE answer ([DONE] left out)."""
    lines = [ln[len("data: "):] for ln in response.text.splitlines() if ln.startswith("data: ")]
    return [json.loads(ln) for ln in lines if ln != "[DONE]"]


@pytest.mark.parametrize(("case", "code"), [("error.code.001", "rate_limit_exceeded"),
                                            ("error.string.001", "server_error"),
                                            ("error.anthropic-midstream.001", "server_error")])
def test_an_openrouter_client_gets_openrouters_mid_stream_error_chunk(base_url: str, case: str, code: str) -> None:
    # openrouter.ai/docs, API reference, Streaming, "Errors After Tokens Have Been Sent": one more
    # chat.completion.chunk with a top-level error {code, message} and a choice finishing with 'error'.
    served = _post(base_url, case, {"X-Mock-Server": "openrouter"})
    assert served.status_code == 200, served.text
    events = _events(served)
    last = events[-1]
    assert last["object"] == "chat.completion.chunk" and last["id"] == events[0]["id"]
    assert {"created", "model"} <= set(last)
    error = last["error"]
    assert isinstance(error, dict) and error["code"] == code and error["message"]
    assert last["choices"] == [{"index": 0, "delta": {"content": ""}, "finish_reason": "error"}]
    assert sum("error" in e for e in events) == 1
    # No declaration (and another server): OpenAI's bare in-band error object, as before.
    for headers in ({}, {"X-Mock-Server": "groq"}):
        plain = _events(_post(base_url, case, headers))[-1]
        assert set(plain) == {"error"}, plain


def test_the_same_request_for_another_server_is_not_answered_from_the_first_ones_plan(base_url: str) -> None:
    # The remembered resolution and the plan cache are per declared server: the same bytes, three answers.
    bare = _events(_post(base_url, "error.code.001", {}))[-1]
    openrouter = _events(_post(base_url, "error.code.001", {"X-Mock-Server": "openrouter"}))[-1]
    again = _events(_post(base_url, "error.code.001", {}))[-1]
    assert set(bare) == set(again) == {"error"} and "choices" in openrouter
    assert _post(base_url, "quirks.refusal.001", {}).status_code == 200
    assert _post(base_url, "quirks.refusal.001", {"X-Mock-Server": "groq"}).status_code == 422


@pytest.mark.parametrize(("case", "why"), [
    ("error.first.001", "before any token"), ("error.continue.001", "part 'text-delta' after an in-band error"),
    ("error.multiple.001", "part 'error' after an in-band error")])
def test_an_in_band_error_openrouter_never_streams_is_not_expressible_for_it(case: str, why: str) -> None:
    # Before any token OpenRouter answers with an HTTP status; after its error chunk it ends the stream.
    assert why in str(foreign_quirk(CORPUS[case], "openrouter"))
    # Mistral's stream has no in-band error frame at all (tests/test_mistral_server.py).
    assert [foreign_quirk(CORPUS[case], s) for s in (None, "openai", "groq")] == [None] * 3


def test_openrouters_own_habits_are_expressible_for_it() -> None:
    # Its error chunk, the refusal its delta carries (@openrouter/sdk 0.13.20 chatstreamdelta.js:25), a late call
    # id of a server it fronts, and an error whose trailing text-end/finish 'error' put nothing on the wire.
    for case in ("error.openrouter-midstream.001", "quirks.refusal.001", "quirks.tool-late-id.001",
                 "error.openai-midstream.001", "error.code.001", "text.basic.001"):
        assert foreign_quirk(CORPUS[case], "openrouter") is None, case
    assert foreign_quirk(CORPUS["error.openrouter-midstream.001"], "groq") is not None


@pytest.mark.parametrize("server", ["xai", "perplexity", "other"])
def test_an_openai_error_frame_is_not_expressible_where_the_clients_chunk_schema_has_none(server: str) -> None:
    # @ai-sdk/xai 3.0.99's chat chunk schema, @ai-sdk/perplexity 4.0.49's, and @ai-sdk/cerebras / @ai-sdk/alibaba
    # (clients of servers without a flavour) reject `data: {"error": {...}}` as a TypeValidationError part.
    for case in ("error.openai-midstream.001", "error.first.001", "error.code.001"):
        assert "error frame" in (foreign_quirk(CORPUS[case], server) or ""), (server, case)
    assert foreign_quirk(CORPUS["text.basic.001"], server) is None
    for own in ("groq", "deepseek", "moonshot", "openai"):  # their clients' chunk unions read the frame
        assert foreign_quirk(CORPUS["error.openai-midstream.001"], own) is None, own


@pytest.mark.parametrize("case", ["quirks.refusal.001", "quirks.responses-audio.001",
                                  "tool.openai-client-builtins.001", "tool.openai-code-image.001",
                                  "tool.openai-hosted-shell.001", "tool.openai-local-shell.001", "tool.openai-mcp.001",
                                  "tool.openai-mcp-list-failed.001", "tool.openai-program.001",
                                  "tool.openai-tool-search.001"])
def test_openais_responses_events_are_not_xais(case: str) -> None:
    # @ai-sdk/xai 5.0.12's Responses chunk union and item union (dist/index.js:713-789, :816-1130) have no member for
    # these; OpenAI's server (and a client of any server without a flavour, Azure's) still gets them.
    assert "@ai-sdk/xai 5.0.12" in (foreign_quirk(CORPUS[case], "xai", "openai-responses") or ""), case
    assert foreign_quirk(CORPUS[case], "openai", "openai-responses") is None
    assert foreign_quirk(CORPUS[case], "other", "openai-responses") is None


def test_xais_own_responses_tools_stay_expressible_for_it() -> None:
    # Web search and code interpreter items are in xAI's item union.
    for case in ("tool.provider-executed.001", "tool.server-results.001", "text.basic.001", "reasoning.basic.001"):
        if CORPUS[case].dialects is None or "openai-responses" in CORPUS[case].dialects:
            assert foreign_quirk(CORPUS[case], "xai", "openai-responses") is None, case


def test_openrouter_gets_its_error_body_for_http_errors(base_url: str) -> None:
    # openrouter.ai/docs, API reference, Errors: {error: {code, message, metadata?}}, code = the HTTP status.
    scripted = _post(base_url, "http.401.001", {"X-Mock-Server": "openrouter"})
    assert scripted.status_code == 401 and scripted.json() == {"error": {"code": 401, "message": "invalid x-api-key"}}
    assert scripted.json() != _post(base_url, "http.401.001", {}).json()
    past = _post(base_url, "text.basic.001", {"X-Mock-Server": "openrouter"}, turn=2)
    assert past.status_code == 400 and set(past.json()) == {"error"}
    assert past.json()["error"]["code"] == 400 and "turn 2" in past.json()["error"]["message"]
    assert past.json()["error"]["metadata"] == {"type": "invalid_request_error"}  # the mock's kind, kept


# ---------------------------------------------------------------- Perplexity (its Sonar Chat Completions API)
@pytest.mark.parametrize("case", ["quirks.refusal.001", "quirks.tool-late-id.001", "error.openrouter-midstream.001",
                                  "finish.content-filter.001"])
def test_another_servers_habit_is_not_expressible_for_perplexity(case: str) -> None:
    # Perplexity's finish_reason is 'stop' | 'length' (its SDK's ChoiceOutput, @perplexity-ai/perplexity_ai 0.38.1);
    # its chunk has no refusal channel and no top-level error.
    assert foreign_quirk(CORPUS[case], "perplexity") is not None
    assert "Perplexity's finish vocabulary" in str(foreign_quirk(CORPUS["finish.content-filter.001"], "perplexity"))


def test_perplexitys_own_shapes_are_expressible_for_it() -> None:
    for case in ("text.basic.001", "text.multimodal.001", "structured.native.001", "finish.length.001",
                 "quirks.azure-filter-chunk.001", "finish.missing.001"):
        assert foreign_quirk(CORPUS[case], "perplexity") is None, case


def test_a_perplexity_client_is_declared_and_served(base_url: str) -> None:
    assert Capabilities(name="n", inputs=["openai-chat"], output="ui-message-stream@7", server="perplexity").server == (
        "perplexity")
    assert _post(base_url, "text.basic.001", {"X-Mock-Server": "perplexity"}).status_code == 200
    refused = _post(base_url, "finish.content-filter.001", {"X-Mock-Server": "perplexity"})
    assert refused.status_code == 422 and "perplexity" in refused.json()["error"]["message"]


def test_perplexitys_request_shapes_are_checked_for_its_clients() -> None:
    # @ai-sdk/perplexity 4.0.49 sends the PDF as Perplexity's file_url chunk (dist/index.js:144-156) and the schema
    # as json_schema {schema} with no strict (:392-395); OpenAI's file part and strict: true are not expected of it.
    case = CORPUS["text.multimodal.001"]
    parts: list[dict[str, dict[str, str]]] = case.request.messages[0].content  # type: ignore[assignment]
    png, pdf = parts[1]["source"]["value"], parts[2]["source"]["value"]
    text = {"type": "text", "text": "Describe the image and summarise the PDF in one line."}
    image = {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{png}"}}
    sent = {"messages": [{"role": "user", "content": [
        text, image, {"type": "file_url", "file_url": {"url": pdf}, "file_name": "document-2.pdf"}]}]}
    checks = case.expected_request
    assert request_findings(checks, sent, "openai-chat", "request.media", server="perplexity") == []
    assert [f.row for f in request_findings(checks, sent, "openai-chat", "request.media")] == ["request.media"]
    # A PDF lost on the way is still a finding for a Perplexity client.
    lost = {"messages": [{"role": "user", "content": [text, image]}]}
    assert [f.row for f in request_findings(checks, lost, "openai-chat", "request.media", server="perplexity")] == [
        "request.media"]
    structured = CORPUS["structured.native.001"]
    schema = structured.request.output_schema
    ok = {"response_format": {"type": "json_schema", "json_schema": {"schema": schema}}}
    assert request_findings(structured.expected_request, ok, "openai-chat", "structured.native",
                            server="perplexity") == []
    no_schema = {"response_format": {"type": "json_object"}}
    assert [f.row for f in request_findings(structured.expected_request, no_schema, "openai-chat", "structured.native",
                                            server="perplexity")] == ["structured.native"]


@pytest.mark.parametrize("case", ["quirks.refusal.001", "quirks.tool-late-id.001", "error.openrouter-midstream.001",
                                  "reasoning.field-reasoning.001", "reasoning.openrouter-details.001",
                                  "reasoning.think-tags.001"])
def test_another_servers_habit_is_not_expressible_for_a_moonshot_client(case: str) -> None:
    # Moonshot's Kimi API streams reasoning in delta.reasoning_content only (@ai-sdk/moonshotai 3.0.60 reads no
    # other field), has no refusal channel, sends a call's id and name in its first delta and reports an
    # in-stream failure as a bare {"error": {...}} chunk: the ai-sdk7-moonshotai first run's suite errors.
    assert foreign_quirk(CORPUS[case], "moonshot") is not None


def test_a_moonshot_client_gets_robustness_cases_and_its_own_reasoning_field(base_url: str) -> None:
    for case in ("quirks.azure-filter-chunk.001", "quirks.tool-index-reused.002", "reasoning.basic.001",
                 "error.openai-midstream.001", "finish.missing.001", "structured.native.001"):
        assert foreign_quirk(CORPUS[case], "moonshot") is None, case
    assert Capabilities(name="n", inputs=["openai-chat"], output="ui-message-stream@7", server="moonshot").server == (
        "moonshot")
    assert _post(base_url, "reasoning.basic.001", {"X-Mock-Server": "moonshot"}).status_code == 200
    refused = _post(base_url, "reasoning.field-reasoning.001", {"X-Mock-Server": "moonshot"})
    assert refused.status_code == 422 and "moonshot" in refused.json()["error"]["message"]


def test_a_moonshot_request_must_carry_the_callers_schema() -> None:
    # @ai-sdk/moonshotai sends {type: json_schema, json_schema: {name, strict, schema}} for the ids it lists and
    # {type: json_object} with no schema for any other: the caller's schema, as given, is what must reach Moonshot.
    case = CORPUS["structured.native.001"]
    schema = case.request.output_schema
    native = {"response_format": {"type": "json_schema", "json_schema": {"name": "response", "strict": True,
                                                                          "schema": schema}}}
    dropped = {"response_format": {"type": "json_object"}}
    checks = case.expected_request
    assert request_findings(checks, native, "openai-chat", "structured.native", server="moonshot") == []
    rows = [f.row for f in request_findings(checks, dropped, "openai-chat", "structured.native", server="moonshot")]
    assert rows == ["structured.native"]


# ---------------------------------------------------------------- a server the kit has no flavour for ("other")
NAMED_HABITS = ["quirks.refusal.001", "quirks.tool-late-id.001", "error.openrouter-midstream.001",
                "finish.content-filter.001", "reasoning.field-reasoning.001", "reasoning.openrouter-details.001",
                "reasoning.think-tags.001"]


@pytest.mark.parametrize("case", NAMED_HABITS)
def test_no_named_servers_habit_is_played_to_a_client_of_a_server_without_a_flavour(case: str) -> None:
    # A vendor's own client (@ai-sdk/cerebras, say) meets none of OpenAI's, OpenRouter's or vLLM's
    # habits unless its server has them, and the kit does not know that: such a case is not graded for it.
    assert foreign_quirk(CORPUS[case], "other") is not None
    assert foreign_quirk(CORPUS[case], "openai") is None


def test_what_every_server_sends_is_still_graded_for_a_server_without_a_flavour() -> None:
    for case in ("text.basic.001", "tool.basic.001", "tool.interleave.001", "finish.length.001",
                 "quirks.azure-filter-chunk.001", "quirks.tool-index-reused.002", "finish.missing.001",
                 "reasoning.basic.001"):
        assert foreign_quirk(CORPUS[case], "other") is None, case


def test_one_servers_request_shape_is_not_asked_of_a_server_without_a_flavour() -> None:
    structured = CORPUS["structured.native.001"]
    schema = structured.request.output_schema
    plain = {"response_format": {"type": "json_schema", "json_schema": {"schema": schema}}}
    checks = structured.expected_request
    assert request_findings(checks, plain, "openai-chat", "structured.native", server="other") == []
    # OpenAI's strict mode form (optional properties required and nullable) is asked of OpenAI's server only, on its
    # own row: `strict` itself is the caller's (test_an_openai_request_may_leave_strict_to_the_caller).
    assert "structured.strict-schema" in [f.row for f in request_findings(structured.expected_request, plain,
                                                                          "openai-chat", "structured.native")]


def test_a_client_of_a_server_without_a_flavour_is_declared_and_served(base_url: str) -> None:
    caps = Capabilities(name="n", inputs=["openai-chat"], output="ui-message-stream@7", server="other")
    assert caps.server == "other"
    assert _post(base_url, "text.basic.001", {"X-Mock-Server": "other"}).status_code == 200
    refused = _post(base_url, "quirks.tool-late-id.001", {"X-Mock-Server": "other"})
    assert refused.status_code == 422 and "declared server: other" in refused.json()["error"]["message"]


def _completed_usage(response: httpx.Response) -> dict[str, object]:
    """The usage of a Responses stream's response.completed event."""
    done = [e for e in _events(response) if e.get("type") == "response.completed"]
    assert len(done) == 1, response.text
    usage = done[0]["response"]["usage"]  # type: ignore[index]
    assert isinstance(usage, dict)
    return usage


def test_xais_responses_usage_has_no_cache_write_count(base_url: str) -> None:
    # xAI's Responses usage has cached_tokens and reasoning_tokens only (@ai-sdk/xai 5.0.12 dist/index.js:790-803,
    # whose convertXaiResponsesUsage sets cacheWrite undefined): OpenAI's cache_write_tokens is not sent to an xAI
    # client, and what it shows is graded without one; OpenAI's server (no declaration) still sends it.
    body = {"model": "scenario:usage.nested.001", "stream": True, "input": "hi"}
    xai = _completed_usage(httpx.post(f"{base_url}/v1/responses", headers={"X-Mock-Server": "xai"}, json=body,
                                      timeout=10))
    openai = _completed_usage(httpx.post(f"{base_url}/v1/responses", json=body, timeout=10))
    assert openai["input_tokens_details"] == {"cached_tokens": 900, "cache_write_tokens": 100}
    assert xai["input_tokens_details"] in ({"cached_tokens": 900}, {"cached_tokens": 900, "cache_write_tokens": 0})
    assert xai["input_tokens"] == openai["input_tokens"] == 1200
    case = CORPUS["usage.nested.001"]
    served = served_expected(case.expected_for("openai-responses"), "xai", "openai-responses")
    assert served.usage is not None and served.usage.cache_write_input_tokens is None
    assert served.usage.cached_input_tokens == 900
    kept = served_expected(case.expected_for("openai-responses"), None, "openai-responses")
    assert kept.usage is not None and kept.usage.cache_write_input_tokens == 100
    # Chat Completions has no cache-write count on any server; xAI's Chat Completions clients are not concerned.
    assert served_expected(case.expected_for("openai-chat"), "xai", "openai-chat") == case.expected_for("openai-chat")


def test_a_grok_client_is_graded_without_a_cache_write_count() -> None:
    case = CORPUS["usage.nested.001"]
    caps = Capabilities(name="n", inputs=["openai-responses"], output="tanstack", server="xai")
    record = RunRecord(case_id="c", scenario_id=case.id, dialect="openai-responses", adapter="a", capabilities=caps)
    expected = build_context(record, case, Settings()).expected
    assert expected.usage is not None and expected.usage.cache_write_input_tokens is None
    plain = RunRecord(case_id="c", scenario_id=case.id, dialect="openai-responses", adapter="a",
                      capabilities=caps.model_copy(update={"server": None}))
    assert build_context(plain, case, Settings()).expected.usage.cache_write_input_tokens == 100  # type: ignore[union-attr]


@pytest.mark.parametrize("dialect", ["openai-chat", "openai-responses"])
def test_a_server_without_a_flavour_gets_and_is_graded_without_a_cache_write_count(dialect: str) -> None:
    from mock_provider.parts import Finish
    from mock_provider.servers import served_as

    nested = CORPUS["usage.nested.001"]
    if dialect == "openai-responses":  # the Chat Completions transcript expects no cache-write count of anyone
        default, other = (served_expected(nested.expected_for(dialect), s, dialect).usage for s in (None, "other"))
        assert default is not None and default.cache_write_input_tokens is not None
        assert other is not None and other.cache_write_input_tokens is None
    finish = [s.part for s in served_as(nested.for_turn(1), "other", dialect).script if isinstance(s.part, Finish)]
    assert finish and all(p.usage is None or p.usage.input_tokens.cache_write is None for p in finish)


def _refused_turn_2(server: Server | None, events: tuple[dict[str, object], ...] = ()) -> RunRecord:
    """loop.malformed.002's record whose agent loop asked for the unscripted turn 2 and was refused."""
    from conformance.run_record import UpstreamCall

    caps = Capabilities(name="n", inputs=["openai-chat"], output="ui-message-stream@7", server=server)
    return RunRecord(case_id="c", scenario_id="loop.malformed.002", dialect="openai-chat", adapter="a",
                     capabilities=caps, events=events,
                     upstream=(UpstreamCall(turn=1), UpstreamCall(turn=2, past_last_turn=True)))


def test_the_mocks_refusal_message_is_not_expected_of_a_client_of_a_server_without_a_flavour() -> None:
    # The mock refuses an unscripted turn in its own body ({type: error, error: {type, message}}: OpenAI's error
    # object), which Mistral's and OpenRouter's clients get in their servers' shapes. A client of a server the kit
    # has no flavour for reads its own server's body (@ai-sdk/cerebras 3.0.59: a flat {message, type, param, code},
    # dist/index.js:100-109) and shows the status text for OpenAI's: the kit cannot know that server's body, so the
    # refusal's text is not expected of it; the error terminal still is.
    case = CORPUS["loop.malformed.002"]
    other = build_context(_refused_turn_2("other"), case, Settings()).expected
    assert other.terminal == "error" and other.error is not None and other.error.message is None
    known: Server | None
    for known in (None, "groq", "mistral"):
        expected = build_context(_refused_turn_2(known), case, Settings()).expected
        assert expected.error is not None and expected.error.message == "turn 2", known
    # A scripted error the kit plays in the server's stream is still expected word for word of an 'other' client.
    scripted = CORPUS["error.openai-midstream.001"]
    record = RunRecord(case_id="c", scenario_id=scripted.id, dialect="openai-chat", adapter="a",
                       capabilities=Capabilities(name="n", inputs=["openai-chat"], output="ui-message-stream@7",
                                                 server="other"))
    kept = build_context(record, scripted, Settings()).expected.error
    assert kept is not None and kept.message == scripted.expected_for("openai-chat").error.message  # type: ignore[union-attr]


def test_a_refusal_shown_as_its_status_text_is_not_a_fail_for_a_client_of_a_server_without_a_flavour() -> None:
    from conformance.grading import grade

    case = CORPUS["loop.malformed.002"]
    events: tuple[dict[str, object], ...] = (
        {"type": "start"}, {"type": "start-step"},
        {"type": "tool-input-start", "toolCallId": "call_m1", "toolName": "get_weather"},
        {"type": "tool-input-delta", "toolCallId": "call_m1", "inputTextDelta": '{"city": "Paris", "unit": }'},
        {"type": "tool-input-error", "toolCallId": "call_m1", "toolName": "get_weather",
         "input": '{"city": "Paris", "unit": }', "errorText": "Invalid input for tool get_weather"},
        {"type": "finish-step"}, {"type": "error", "errorText": "Bad Request"})
    assert grade(_refused_turn_2("other", events), case).verdict == "INFO"
    # A client of a server whose body the mock serves must show the refusal's text. (Not Groq's: its server answers
    # the case's unparsable call with tool_use_failed, so the case is NOT-EXPRESSIBLE for it.)
    deepseek = grade(_refused_turn_2("deepseek", events), case)
    assert deepseek.verdict == "FAIL" and deepseek.failed_rows() == {"8.1.17"}
    assert grade(_refused_turn_2("groq", events), case).verdict == "NOT-EXPRESSIBLE"


def test_the_older_responses_reasoning_events_are_openais_habit() -> None:
    legacy = CORPUS["quirks.responses-legacy-reasoning.001"]
    assert foreign_quirk(legacy, None, "openai-responses") is None
    assert foreign_quirk(legacy, "openai", "openai-responses") is None
    for server in ("xai", "other"):
        why = foreign_quirk(legacy, server, "openai-responses")
        assert why is not None and "response.reasoning.delta" in why, (server, why)


def _chunks(response: httpx.Response) -> list[dict[str, object]]:
    lines = [line.removeprefix("data: ") for line in response.text.splitlines() if line.startswith("data: ")]
    return [json.loads(line) for line in lines if line != "[DONE]"]


@pytest.mark.parametrize("stream_options", [None, {"include_usage": True}])
def test_mistral_sends_usage_on_its_finish_chunk_whatever_the_request(base_url: str,
                                                                       stream_options: dict[str, bool] | None) -> None:
    """Mistral's API has no ``stream_options`` (no request model of @mistralai/mistralai 2.2.0, generated from its
    OpenAPI, has it) and streams ``usage`` on the chunk with the ``finish_reason``: @ai-sdk/mistral 4.0.87 reads
    ``value.choices[0]`` of every chunk unguarded (dist/index.js:789-790), so it never gets OpenAI's ``choices: []``
    usage chunk. A client that reads usage on the finish chunk only (@tanstack/ai-mistral 0.6.7 text.js:300) gets it."""
    body: dict[str, object] = {"model": "scenario:text.basic.001", "stream": True,
                               "messages": [{"role": "user", "content": "hi"}]}
    if stream_options is not None:
        body["stream_options"] = stream_options
    got = _chunks(httpx.post(f"{base_url}/v1/chat/completions", headers={"X-Mock-Server": "mistral"}, json=body,
                             timeout=10))
    finish = [c for c in got if c["choices"] and c["choices"][0]["finish_reason"]]  # type: ignore[index]
    assert len(finish) == 1 and finish[0] is got[-1]
    assert finish[0]["usage"] == {"prompt_tokens": 14, "completion_tokens": 7, "total_tokens": 21}
    assert all(c["choices"] for c in got)  # no OpenAI usage chunk with empty choices


@pytest.mark.parametrize("stream_options", [None, {"include_usage": True}])
def test_groq_sends_usage_in_x_groq_on_its_last_chunk_whatever_the_request(
        base_url: str, stream_options: dict[str, bool] | None) -> None:
    """Groq streams the usage in the last chunk's ``x_groq.usage`` (groq 1.7.0 types/chat/chat_completion_chunk.py
    XGroq.usage, 'Usage information for the stream. Only sent in the final chunk.'), unasked: its clients read it
    there and ask for nothing (pydantic-ai-slim 2.68.0 GroqModel, models/groq.py:871-872 and :991-992, sends no
    ``stream_options``). A request that asks gets OpenAI's usage chunk too, as the SDK's ``usage`` field says."""
    body: dict[str, object] = {"model": "scenario:text.basic.001", "stream": True,
                               "messages": [{"role": "user", "content": "hi"}]}
    if stream_options is not None:
        body["stream_options"] = stream_options
    got = _chunks(httpx.post(f"{base_url}/openai/v1/chat/completions", headers={"X-Mock-Server": "groq"}, json=body,
                             timeout=10))
    usage = {"prompt_tokens": 14, "completion_tokens": 7, "total_tokens": 21}
    finish = [c for c in got if c["choices"] and c["choices"][0]["finish_reason"]]  # type: ignore[index]
    assert len(finish) == 1 and finish[0]["x_groq"]["usage"] == usage  # type: ignore[index]
    assert [c for c in got if "x_groq" in c] == finish
    assert [c.get("usage") for c in got if not c["choices"]] == ([usage] if stream_options else [])


def test_openai_still_sends_usage_in_its_own_chunk_when_asked(base_url: str) -> None:
    body = {"model": "scenario:text.basic.001", "stream": True, "stream_options": {"include_usage": True},
            "messages": [{"role": "user", "content": "hi"}]}
    got = _chunks(httpx.post(f"{base_url}/v1/chat/completions", json=body, timeout=10))
    assert got[-1]["choices"] == [] and "usage" in got[-1]
    assert all("usage" not in c for c in got[:-1])


def test_a_mistral_schema_sent_in_strict_mode_is_compared_in_its_strict_form() -> None:
    """@tanstack/ai-mistral 0.6.7 sends a schema it can make strict in strict mode (utils/schema-converter.js:
    required closed, optionals null-widened, additionalProperties false) with ``strict: true``, which Mistral's
    JsonSchema takes (@mistralai/mistralai 2.2.0 {name, schemaDefinition, strict}); @ai-sdk/mistral sends the
    caller's schema as given. Both are the caller's schema; a strict form that is not the right one is not."""
    case = CORPUS["structured.native.001"]
    schema = case.request.output_schema
    assert schema is not None
    strict = {**schema, "properties": {**schema["properties"], "nickname": {"type": ["string", "null"]},
                                       "languages": {"type": ["array", "null"], "items": {"type": "string"}}},
              "required": ["name", "nickname", "email", "languages"], "additionalProperties": False}

    def rows(json_schema: dict[str, object]) -> list[str]:
        sent = {"response_format": {"type": "json_schema", "json_schema": {"name": "structured_output", **json_schema}}}
        return [f.row for f in request_findings(case.expected_request, sent, "openai-chat", "structured.native",
                                                server="mistral")]
    assert rows({"schema": strict, "strict": True}) == []
    assert rows({"schema": schema}) == [] and rows({"schema": schema, "strict": False}) == []
    assert rows({"schema": strict}) == ["structured.native"]  # the rewrite without strict mode is another schema
    loose = {**strict, "required": ["name", "email"]}
    assert rows({"schema": loose, "strict": True}) == ["structured.native"]


@pytest.mark.parametrize("server", ["mistral", "perplexity", "moonshot"])
def test_openais_strict_mode_refusal_is_not_expected_of_a_server_whose_strict_mode_is_optional(server: str) -> None:
    # structured.one-of.001 expects an error because OpenAI strict structured outputs cannot express oneOf; Mistral's
    # json_schema takes strict as an option (@tanstack/ai-mistral 0.6.7 sends such a schema with strict: false,
    # utils/schema-converter.js:9-10), as Perplexity's and Moonshot's do: their clients owe no such refusal.
    case = CORPUS["structured.one-of.001"]
    assert "strict" in str(foreign_quirk(case, server))
    assert foreign_quirk(case, "openai") is None and foreign_quirk(case, "groq") is None
    assert foreign_quirk(CORPUS["structured.native.001"], server) is None


def test_mistral_reports_no_reasoning_or_cache_write_count_and_is_graded_without(base_url: str) -> None:
    # @ai-sdk/mistral 4.0.87 reads a cached prompt count and no reasoning or cache-write count (dist/index.js:23-41);
    # @mistralai/mistralai 2.2.0's UsageInfo types prompt, completion and total tokens only.
    body = {"model": "scenario:usage.nested.001", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    got = _chunks(httpx.post(f"{base_url}/v1/chat/completions", headers={"X-Mock-Server": "mistral"}, json=body,
                             timeout=10))
    usage = got[-1]["usage"]
    assert isinstance(usage, dict) and usage["prompt_tokens_details"] == {"cached_tokens": 900}
    assert (usage["prompt_tokens"], usage["completion_tokens"]) == (1200, 300)
    assert "completion_tokens_details" not in usage
    expected = CORPUS["usage.nested.001"].expected_for("openai-chat")
    served = served_expected(expected, "mistral", "openai-chat").usage
    assert served is not None and (served.reasoning_tokens, served.cache_write_input_tokens) == (None, None)
    assert served.cached_input_tokens == 900
    assert served_expected(expected, "groq", "openai-chat").usage == expected.usage


def _types(response: httpx.Response) -> list[str]:
    return [str(e.get("type")) for e in _events(response)]


@pytest.mark.parametrize("case", ["reasoning.basic.001", "reasoning.only.001", "reasoning.interleaved.001",
                                  "usage.nested.001"])
def test_hugging_faces_responses_server_streams_reasoning_as_raw_reasoning_text(base_url: str, case: str) -> None:
    # huggingface/responses.js (src/routes/responses.ts:555, :597-686, :913-947) translates its router's
    # delta.reasoning into a reasoning item's raw reasoning_text content and never sends a summary; OpenAI's server
    # (no declaration) still sends the summary events.
    body = {"model": f"scenario:{case}", "stream": True, "input": "hi"}
    hf = httpx.post(f"{base_url}/v1/responses", headers={"X-Mock-Server": "huggingface"}, json=body, timeout=10)
    openai = httpx.post(f"{base_url}/v1/responses", json=body, timeout=10)
    assert hf.status_code == 200 and openai.status_code == 200, hf.text
    assert "response.reasoning_text.delta" in _types(hf) and "response.reasoning_text.done" in _types(hf)
    assert not [t for t in _types(hf) if t.startswith("response.reasoning_summary")]
    assert "response.reasoning_summary_text.delta" in _types(openai)
    assert "response.reasoning_text.delta" not in _types(openai)
    raw = "".join(str(e["delta"]) for e in _events(hf) if e.get("type") == "response.reasoning_text.delta")
    summary = "".join(str(e["delta"]) for e in _events(openai)
                      if e.get("type") == "response.reasoning_summary_text.delta")
    assert raw == summary != ""  # the same reasoning, in the other channel


@pytest.mark.parametrize("case", ["finish.length.001", "finish.content-filter.001", "tool.malformed.001"])
def test_a_response_incomplete_is_not_expressible_for_hugging_faces_server(base_url: str, case: str) -> None:
    # responses.js ends every response response.completed or response.failed and never reads the upstream
    # finish_reason (src/routes/responses.ts:35, :140-171): a length or content-filter stop cannot reach its client.
    scenario = CORPUS[case]
    why = foreign_quirk(scenario, "huggingface", "openai-responses")
    assert why is not None and "response.incomplete" in why
    assert foreign_quirk(scenario, None, "openai-responses") is None
    assert foreign_quirk(scenario, "xai", "openai-responses") is None  # xAI's clients are graded as before
    # So are clients of a server without a flavour: response.incomplete is OpenAI's and xAI's, no one server's habit.
    assert foreign_quirk(scenario, "other", "openai-responses") is None
    caps = Capabilities(name="n", inputs=["openai-responses"], output="ui-message-stream@7", server="huggingface")
    record = RunRecord(case_id="c", scenario_id=case, dialect="openai-responses", adapter="a", capabilities=caps)
    stop = foreign_server(record, scenario)
    assert stop is not None and stop.verdict == "NOT-EXPRESSIBLE"
    body = {"model": f"scenario:{case}", "stream": True, "input": "hi"}
    refused = httpx.post(f"{base_url}/v1/responses", headers={"X-Mock-Server": "huggingface"}, json=body, timeout=10)
    assert refused.status_code == 422 and "response.incomplete" in refused.text, refused.text
    assert "response.incomplete" in _types(httpx.post(f"{base_url}/v1/responses", json=body, timeout=10))


def test_hugging_faces_responses_server_plays_its_other_habits_as_before(base_url: str) -> None:
    # A stop ends response.completed there too; OpenAI's queue, compaction and older reasoning events are not its.
    assert foreign_quirk(CORPUS["text.basic.001"], "huggingface", "openai-responses") is None
    for case in ("text.queued.001", "parts.compaction.001", "quirks.responses-legacy-reasoning.001"):
        assert foreign_quirk(CORPUS[case], "huggingface", "openai-responses") is not None, case
    body = {"model": "scenario:usage.nested.001", "stream": True, "input": "hi"}
    hf = _completed_usage(httpx.post(f"{base_url}/v1/responses", headers={"X-Mock-Server": "huggingface"},
                                     json=body, timeout=10))
    assert hf["input_tokens_details"] in ({"cached_tokens": 900}, {"cached_tokens": 900, "cache_write_tokens": 0})
    served = served_expected(CORPUS["usage.nested.001"].expected_for("openai-responses"), "huggingface",
                             "openai-responses")
    assert served.usage is not None and served.usage.cache_write_input_tokens is None


# xAI's Chat Completions server (@ai-sdk/xai 3.0.99's default model, the chat model): each tool call comes WHOLE in one
# delta (id, type 'function', name and the complete arguments), as a recorded api.x.ai stream shows
# (charmbracelet/fantasy providertests/testdata/TestOpenAICompatibleCommon/xai-grok-4-fast/tool_streaming.yaml), and as
# the client requires (its chunk schema needs all four on every tool_calls entry, dist/index.mjs:876-897).
def _tool_deltas(response: httpx.Response) -> list[dict[str, object]]:
    return [tc for c in _chunks(response) if c["choices"]  # type: ignore[index]
            for tc in c["choices"][0]["delta"].get("tool_calls") or []]  # type: ignore[index]


@pytest.mark.parametrize("case", ["tool.basic.001", "tool.interleave.001", "quirks.tool-index-reused.002"])
def test_xais_chat_server_sends_each_tool_call_whole(base_url: str, case: str) -> None:
    calls = [p for s in CORPUS[case].script if (p := s.part) is not None and p.type == "tool-call"]
    whole = _tool_deltas(_post(base_url, case, {"X-Mock-Server": "xai"}))
    assert [(d["id"], d["type"], d["function"]) for d in whole] == [  # type: ignore[index]
        (c.tool_call_id, "function", {"name": c.tool_name, "arguments": c.input}) for c in calls]  # type: ignore[union-attr]
    # OpenAI's server (and no declaration) still streams the arguments in fragments.
    assert len(_tool_deltas(_post(base_url, case, {}))) > len(calls)


@pytest.mark.parametrize("case", ["abort.mid-tool.001", "fault.disconnect.002"])
def test_a_tool_call_cut_before_it_is_whole_is_not_expressible_for_xais_chat_server(case: str) -> None:
    why = foreign_quirk(CORPUS[case], "xai", "openai-chat")
    assert why is not None and "whole" in why
    assert foreign_quirk(CORPUS[case], None) is None and foreign_quirk(CORPUS[case], "xai", "openai-responses") is None
    # A whole call and then a stream cut before its finish_reason is xAI's to send: still graded.
    assert [foreign_quirk(CORPUS[c], "xai", "openai-chat") for c in ("tool.basic.001", "finish.missing.002")] == [
        None, None]


@pytest.mark.parametrize("case", ["reasoning.field-reasoning.001", "reasoning.openrouter-details.001"])
def test_a_reasoning_field_xai_does_not_send_is_not_expressible_for_its_chat_server(case: str) -> None:
    # xAI's Chat Completions server streams reasoning in delta.reasoning_content (the same recording's
    # xai-grok-code-fast/multi_tool_streaming.yaml); @ai-sdk/xai 3.0.99 reads no other field (dist/index.mjs:744).
    why = foreign_quirk(CORPUS[case], "xai", "openai-chat")
    assert why is not None and "reasoning_content" in why
    assert foreign_quirk(CORPUS["reasoning.basic.001"], "xai", "openai-chat") is None


@pytest.mark.parametrize("server", [None, "groq"])
def test_an_openai_request_may_leave_strict_to_the_caller(server: str | None) -> None:
    # `strict` is optional in OpenAI's json_schema response format (openai 6.49.0 resources/shared.d.ts:245-251,
    # default false) and the caller's in the Agents SDK (@openai/agents-core 0.18.0 JsonSchemaDefinition.strict): its
    # Chat Completions model sends the caller's schema with the caller's strict: false (openai-agents-ui-chat's first
    # run). The schema must still reach the model, as given or in strict mode's form. (The caller's schema as given
    # is not strict mode's form: structured.strict-schema, a TanStack row, says so; this row does not.)
    case = CORPUS["structured.native.001"]
    schema = case.request.output_schema
    checks = case.expected_request
    for strict in (False, None):
        caller = {"name": "output", "schema": schema} | ({} if strict is None else {"strict": strict})
        sent = {"response_format": {"type": "json_schema", "json_schema": caller}}
        assert _native_rows(checks, sent, server) == [], strict
    strict_form = {"response_format": {"type": "json_schema", "json_schema": {"name": "response", "strict": True,
                   "schema": strict_json_schema(schema)}}}
    assert request_findings(checks, strict_form, "openai-chat", "structured.native", server=server) == []
    other_schema = {"name": "o", "schema": {"type": "object"}}
    for lost in ({"response_format": {"type": "json_object"}},
                 {"response_format": {"type": "json_schema", "json_schema": other_schema}}):
        assert _native_rows(checks, lost, server) == ["structured.native"], lost


def _native_rows(checks: Any, sent: dict[str, Any], server: str | None) -> list[str]:
    return [f.row for f in request_findings(checks, sent, "openai-chat", "structured.native", server=server)
            if f.row == "structured.native"]


# xAI's Chat Completions usage and fingerprint (recorded api.x.ai streams, charmbracelet/fantasy providertests/testdata/
# TestOpenAICompatibleCommon/xai-grok-code-fast/simple_streaming.yaml, xai-grok-4-fast/tool_streaming.yaml,
# thinking-streaming-xai-grok-3-mini.yaml): every chunk has `system_fingerprint`; the usage chunk's completion_tokens
# leaves the reasoning out (213 + 10 + 163 = 386 total), both details objects always come, 0 where nothing was used.
def test_xais_chat_server_sends_its_own_usage_and_a_fingerprint(base_url: str) -> None:
    body = {"model": "scenario:usage.nested.001", "stream": True, "stream_options": {"include_usage": True},
            "messages": [{"role": "user", "content": "hi"}]}
    got = _chunks(httpx.post(f"{base_url}/v1/chat/completions", headers={"X-Mock-Server": "xai"}, json=body,
                             timeout=10))
    assert len({c.get("system_fingerprint") for c in got}) == 1 and str(got[0]["system_fingerprint"]).startswith("fp_")
    assert got[-1]["usage"] == {
        "prompt_tokens": 1200, "completion_tokens": 180, "total_tokens": 1500,
        "prompt_tokens_details": {"text_tokens": 1200, "audio_tokens": 0, "image_tokens": 0, "cached_tokens": 900},
        "completion_tokens_details": {"reasoning_tokens": 120, "audio_tokens": 0, "accepted_prediction_tokens": 0,
                                      "rejected_prediction_tokens": 0},
        "num_sources_used": 0}
    # Nothing cached, no reasoning: both details objects still come, with zeros.
    plain = {**body, "model": "scenario:text.basic.001"}
    usage = _chunks(httpx.post(f"{base_url}/v1/chat/completions", headers={"X-Mock-Server": "xai"}, json=plain,
                               timeout=10))[-1]["usage"]
    assert isinstance(usage, dict) and usage["prompt_tokens_details"]["cached_tokens"] == 0
    assert usage["completion_tokens_details"]["reasoning_tokens"] == 0
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]
    # OpenAI's server (no declaration) still sends OpenAI's usage, reasoning inside completion_tokens, no fingerprint.
    openai = _chunks(httpx.post(f"{base_url}/v1/chat/completions", json=body, timeout=10))
    assert openai[-1]["usage"]["completion_tokens"] == 300  # type: ignore[index]
    assert all("system_fingerprint" not in c for c in openai)


def test_a_grok_chat_client_is_graded_with_zero_and_absent_cached_and_reasoning_counts_as_one() -> None:
    from mock_provider.servers import served_as
    from mock_provider.wires.openai_chat_usage import zero_usage

    basic = CORPUS["text.basic.001"]
    assert zero_usage(served_as(basic, "xai", "openai-chat")) == {"cached_input_tokens", "reasoning_tokens"}
    assert zero_usage(served_as(basic, None, "openai-chat")) == zero_usage(served_as(basic, "groq", "openai-chat")) \
        == frozenset()
    # The expected transcript keeps the script's output total: @ai-sdk/xai adds the reasoning back
    # (dist/index.mjs:141-160), so its client shows what OpenAI's shows.
    nested = CORPUS["usage.nested.001"].expected_for("openai-chat")
    assert served_expected(nested, "xai", "openai-chat") == nested


def test_xais_responses_server_keeps_openais_usage(base_url: str) -> None:
    # @ai-sdk/xai 3.0.99 convertXaiResponsesUsage (dist/index.mjs:1276-1295) takes output_tokens as the output total,
    # reasoning included, as OpenAI's Responses usage has it: the flavour's Responses usage is OpenAI's.
    body = {"model": "scenario:usage.nested.001", "stream": True, "input": "hi"}
    xai = _completed_usage(httpx.post(f"{base_url}/v1/responses", headers={"X-Mock-Server": "xai"}, json=body,
                                      timeout=10))
    assert (xai["output_tokens"], xai["output_tokens_details"]) == (300, {"reasoning_tokens": 120})


def _deepseek_usage(base_url: str, scenario: str) -> list[object]:
    body = {"model": f"scenario:{scenario}", "stream": True, "stream_options": {"include_usage": True},
            "messages": [{"role": "user", "content": "hi"}]}
    got = _chunks(httpx.post(f"{base_url}/v1/chat/completions", headers={"X-Mock-Server": "deepseek"}, json=body,
                             timeout=10))
    return [c["usage"] for c in got if c.get("usage")]


def test_deepseek_sends_its_own_cache_counts_on_every_usage(base_url: str) -> None:
    """DeepSeek's usage has ``prompt_cache_hit_tokens`` and ``prompt_cache_miss_tokens`` on every usage, a hit of 0
    when nothing was cached, beside ``prompt_tokens_details.cached_tokens`` (a logged live deepseek-chat usage:
    {prompt_tokens 496, ..., prompt_tokens_details: {cached_tokens: 0}, prompt_cache_hit_tokens: 0,
    prompt_cache_miss_tokens: 496}); @ai-sdk/deepseek reads only the hit count. The reasoning count comes only where
    the scenario has one (deepseek-reasoner reports completion_tokens_details.reasoning_tokens, deepseek-chat none)."""
    assert _deepseek_usage(base_url, "text.basic.001") == [{
        "prompt_tokens": 14, "completion_tokens": 7, "total_tokens": 21, "prompt_tokens_details": {"cached_tokens": 0},
        "prompt_cache_hit_tokens": 0, "prompt_cache_miss_tokens": 14}]
    assert _deepseek_usage(base_url, "usage.nested.001") == [{
        "prompt_tokens": 1200, "completion_tokens": 300, "total_tokens": 1500,
        "prompt_tokens_details": {"cached_tokens": 900}, "completion_tokens_details": {"reasoning_tokens": 120},
        "prompt_cache_hit_tokens": 900, "prompt_cache_miss_tokens": 300}]
    reasoning = _deepseek_usage(base_url, "reasoning.basic.001")
    assert reasoning[0]["completion_tokens_details"] == {"reasoning_tokens": 28}  # type: ignore[index]
    assert reasoning[0]["prompt_cache_hit_tokens"] == 0  # type: ignore[index]


def test_a_deepseek_clients_zero_cache_count_is_an_absent_one() -> None:
    """DeepSeek always sends the hit count, so a 0 there and none are one to its client (and to the grade); other
    servers' clients keep them apart, and DeepSeek's reasoning count stays apart (deepseek-chat sends none)."""
    from mock_provider.servers import served_as
    from mock_provider.wires.openai_chat_usage import zero_usage

    basic = CORPUS["text.basic.001"]
    assert zero_usage(served_as(basic, "deepseek", "openai-chat")) == {"cached_input_tokens"}
    for server in (None, "openai", "groq", "mistral", "moonshot", "other"):
        assert zero_usage(served_as(basic, server, "openai-chat")) == set(), server


def test_cerebras_sends_its_usage_unasked_on_the_finish_chunk_with_a_cached_count(base_url: str) -> None:
    """Recorded api.cerebras.ai streams (llama-stack tests/integration/recordings/responses/eefb4206a4a9.json, a
    request without stream_options) end with the finish chunk carrying the usage, `prompt_tokens_details.cached_tokens`
    0 in it. @ai-sdk/cerebras never asks for usage, so where OpenAI's placement was played its clients saw none."""
    from mock_provider.servers import served_as
    from mock_provider.wires.openai_chat_usage import zero_usage

    body = {"model": "scenario:text.basic.001", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    got = _chunks(httpx.post(f"{base_url}/v1/chat/completions", headers={"X-Mock-Server": "cerebras"}, json=body,
                             timeout=10))
    finish = [c for c in got if c["choices"] and c["choices"][0].get("finish_reason")]  # type: ignore[index]
    assert len(finish) == 1 and finish[0]["usage"]["prompt_tokens_details"] == {"cached_tokens": 0}  # type: ignore[index]
    assert all(not c.get("usage") for c in got if c not in finish)
    assert zero_usage(served_as(CORPUS["text.basic.001"], "cerebras", "openai-chat")) == {"cached_input_tokens"}
    other = _chunks(httpx.post(f"{base_url}/v1/chat/completions", headers={"X-Mock-Server": "other"}, json=body,
                               timeout=10))
    assert all(not c.get("usage") for c in other)  # a server without a flavour: OpenAI's placement, unasked none
