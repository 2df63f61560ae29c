"""The ``gemini`` wire dialect: GenerateContentResponse chunks, the JSON form, and the real ``google-genai`` SDK.

Expected chunks are written from the published ``google-genai`` 3.6.1 types
(``google/genai/types.py``: ``GenerateContentResponse``, ``Candidate``, ``Content``, ``Part``
with ``thought``/``thoughtSignature``/``functionCall``, ``FinishReason``,
``GenerateContentResponseUsageMetadata``) and from how ``@ai-sdk/google`` 4.x maps finish
reasons and usage (``mapGoogleGenerativeAIFinishReason``, ``convertGoogleGenerativeAIUsage``:
output = candidates + thoughts), not copied from encoder output. The SDK tests serve each corpus
scenario through an ``httpx2.MockTransport`` and from the running server to
``Client().models.generate_content_stream`` and ``generate_content``, and compare what they yield
with the scenario's expected transcript; every chunk is validated against the SDK's model.
"""

from __future__ import annotations

import functools
import itertools
import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from mock_provider.dialects import DialectError
from mock_provider.parts import PART_TYPES, parse_part
from mock_provider.scenario import Scenario
from mock_provider.server import ThreadedMockServer
from mock_provider.transcript import ToolResultRecord, Transcript, UsageRecord
from mock_provider.wires import Disconnect, plan_response
from mock_provider.wires.gemini import RULES, STREAM_ARGS, UNKNOWN_PART_RULE, Encoder, response_object
from tests.test_wire import (
    Seen,
    SeenCall,
    assert_matches,
    body_items_bytes,
    corpus_cached,
    corpus_ids,
    make_scenario,
    quirk_refusal,
    sdk_comparable,
    transcript_of,
    wire_faults,
)

genai = pytest.importorskip("google.genai")
gtypes = pytest.importorskip("google.genai.types")
gerrors = pytest.importorskip("google.genai.errors")

D = "gemini"
SID = "wire.test.001"


def chunks(body: bytes) -> list[Any]:
    return [json.loads(b[len(b"data: "):]) for b in body.replace(b"\r\n", b"\n").split(b"\n\n") if b]


def encode(*parts: dict[str, Any]) -> list[Any]:
    enc = Encoder(SID, model="gemini-x")
    out: list[Any] = []
    for p in parts:
        out.extend(enc.encode(parse_part(p)))
    return out


def finish(unified: str, raw: str | None = None, usage: Any = "default") -> dict[str, Any]:
    fr: dict[str, Any] = {"unified": unified}
    if raw is not None:
        fr["raw"] = raw
    part: dict[str, Any] = {"type": "finish", "finishReason": fr}
    part["usage"] = {"inputTokens": {"total": 9}, "outputTokens": {"total": 2}} if usage == "default" else usage
    return part


# ---------------------------------------------------------------- exact chunks
def test_text_thought_call_and_finish_chunks() -> None:
    s = make_scenario([
        {"part": {"type": "response-metadata", "id": "r-1", "modelId": "gemini-2.5-pro"}},
        {"part": {"type": "reasoning-start", "id": "r"}},
        {"part": {"type": "reasoning-delta", "id": "r", "delta": "Hmm.",
                  "providerMetadata": {"google": {"thoughtSignature": "c2ln"}}}},
        {"part": {"type": "reasoning-end", "id": "r"}},  # no signature of its own: no part
        {"part": {"type": "text-delta", "id": "t", "delta": "Hi"}},
        {"part": {"type": "tool-input-start", "id": "c1", "toolName": "get_weather"}},
        {"part": {"type": "tool-input-delta", "id": "c1", "delta": '{"city":"Oslo"}'}},
        {"part": {"type": "tool-call", "toolCallId": "c1", "toolName": "get_weather", "input": '{"city":"Oslo"}'}},
        {"part": finish("tool-calls", usage={"inputTokens": {"total": 10, "cacheRead": 4},
                                             "outputTokens": {"total": 7, "reasoning": 3}})},
    ])
    plan = plan_response(s, D, {"stream": True})
    assert plan.headers == {"content-type": "text/event-stream", "cache-control": "no-cache", "x-mock-scenario": SID}
    got = chunks(plan.body_bytes())
    env = {"modelVersion": "gemini-2.5-pro", "responseId": "r-1"}

    def cand(parts: list[Any]) -> dict[str, Any]:
        return {"candidates": [{"content": {"role": "model", "parts": parts}, "index": 0}], **env}

    assert got == [
        cand([{"text": "Hmm.", "thought": True, "thoughtSignature": "c2ln"}]),
        cand([{"text": "Hi"}]),
        cand([{"functionCall": {"id": "c1", "name": "get_weather", "args": {"city": "Oslo"}}}]),
        {"candidates": [{"content": {"role": "model"}, "finishReason": "STOP", "index": 0}], **env,
         "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 4, "totalTokenCount": 17,
                           "cachedContentTokenCount": 4, "thoughtsTokenCount": 3}},
    ]
    for c in got:
        gtypes.GenerateContentResponse.model_validate(c)


@pytest.mark.parametrize(("unified", "raw", "wire"), [
    ("stop", None, "STOP"), ("tool-calls", None, "STOP"), ("length", None, "MAX_TOKENS"),
    ("content-filter", None, "SAFETY"), ("content-filter", "RECITATION", "RECITATION"), ("other", None, "OTHER"),
    ("unknown", None, "OTHER"), ("stop", "end_turn", "STOP"),
])
def test_finish_reason_map(unified: str, raw: str | None, wire: str) -> None:
    assert encode(finish(unified, raw))[-1]["candidates"][0]["finishReason"] == wire
    assert wire in {r.value for r in gtypes.FinishReason}


def test_error_frame_and_error_finish() -> None:
    got = encode({"type": "error", "error": {"message": "Rate limit", "code": "rate_limit_exceeded"}},
                 finish("error", usage=None))
    assert got == [{"error": {"code": 500, "message": "Rate limit", "status": "rate_limit_exceeded"}}]
    assert encode({"type": "error", "error": {"message": "m", "code": 429}}) == [
        {"error": {"code": 429, "message": "m", "status": "RESOURCE_EXHAUSTED"}}]
    with pytest.raises(DialectError):
        encode(finish("error"))


INEXPRESSIBLE: dict[str, list[dict[str, Any]]] = {
    "file by url": [{"type": "file", "mediaType": "image/png", "data": {"type": "url", "url": "https://x/a.png"}}],
    "document without a file name": [{"type": "source", "sourceType": "document", "id": "s1",
                                      "mediaType": "application/pdf", "title": "T"}],
    "document typed unlike its extension": [{"type": "source", "sourceType": "document", "id": "s1",
                                             "mediaType": "text/plain", "title": "T", "filename": "t.pdf"}],
    "the same url twice": [{"type": "source", "sourceType": "url", "id": "s1", "url": "https://x"},
                           {"type": "source", "sourceType": "url", "id": "s2", "url": "https://x"}],
    "ping": [{"type": "ping"}],
    "raw": [{"type": "raw", "rawValue": {}}],
    "provider call": [{"type": "tool-call", "toolCallId": "s", "toolName": "w", "input": "{}",
                       "providerExecuted": True}],
    "client tool result": [{"type": "tool-result", "toolCallId": "c", "toolName": "w", "result": {}}],
    "server result not after its call": [
        {"type": "tool-call", "toolCallId": "s1", "toolName": "server:URL_CONTEXT", "input": "{}",
         "providerExecuted": True},
        {"type": "tool-call", "toolCallId": "s2", "toolName": "server:URL_CONTEXT", "input": "{}",
         "providerExecuted": True},
        {"type": "tool-result", "toolCallId": "s1", "toolName": "server:URL_CONTEXT", "result": {}}],
    "server result not an object": [
        {"type": "tool-call", "toolCallId": "s1", "toolName": "server:URL_CONTEXT", "input": "{}",
         "providerExecuted": True},
        {"type": "tool-result", "toolCallId": "s1", "toolName": "server:URL_CONTEXT", "result": [1]}],
    "args not an object": [{"type": "tool-call", "toolCallId": "c", "toolName": "w", "input": '{"a":'}],
    "code input not the consumer's JSON": [{"type": "tool-call", "toolCallId": "x", "toolName": "code_execution",
                                            "input": '{"code":"print(1)","language":"PYTHON"}',
                                            "providerExecuted": True}],
    "code result not {outcome, output}": [
        {"type": "tool-call", "toolCallId": "x", "toolName": "code_execution",
         "input": '{"language":"PYTHON","code":"print(1)"}', "providerExecuted": True},
        {"type": "tool-result", "toolCallId": "x", "toolName": "code_execution", "result": {"outcome": "OK"}}],
    "interrupted": [finish("interrupted")],
}


@pytest.mark.parametrize("case", sorted(INEXPRESSIBLE))
def test_inexpressible_parts_raise_a_documented_dialect_error(case: str) -> None:
    with pytest.raises(DialectError) as info:
        encode(*INEXPRESSIBLE[case])
    rule = RULES[info.value.part_type]
    assert rule.action == "error" or rule.error_when
    assert set(RULES) == set(PART_TYPES) and UNKNOWN_PART_RULE.action == "error"


def test_files_sources_and_signatures_take_their_published_shapes() -> None:
    """A generated file is an ``inlineData`` Blob part (``thought: true`` while reasoning), a source one
    ``groundingMetadata.groundingChunks`` entry (``GroundingChunkWeb``; ``GroundingChunkRetrievedContext``
    named by its file, which @ai-sdk/google 4.0.121 types by extension), a signature rides on its part."""
    sig = {"providerMetadata": {"google": {"thoughtSignature": "c2ln"}}}
    got = encode(
        {"type": "file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}},
        {"type": "reasoning-file", "mediaType": "image/jpeg", "data": {"type": "data", "data": "aGk="}, **sig},
        {"type": "source", "sourceType": "url", "id": "s1", "url": "https://example.com/a", "title": "A"},
        {"type": "source", "sourceType": "document", "id": "s2", "mediaType": "text/markdown", "title": "N",
         "filename": "notes.md"},
        {"type": "tool-call", "toolCallId": "c", "toolName": "f", "input": "{}", **sig},
    )
    parts = [c["candidates"][0]["content"].get("parts") for c in got]
    assert parts[0] == [{"inlineData": {"mimeType": "image/png", "data": "aGk="}}]
    assert parts[1] == [{"inlineData": {"mimeType": "image/jpeg", "data": "aGk="}, "thought": True,
                         "thoughtSignature": "c2ln"}]
    assert parts[2] is None and parts[3] is None
    assert [c["candidates"][0]["groundingMetadata"] for c in got[2:4]] == [
        {"groundingChunks": [{"web": {"uri": "https://example.com/a", "title": "A"}}]},
        {"groundingChunks": [{"retrievedContext": {"uri": "notes.md", "title": "N"}}]}]
    assert parts[4] == [{"functionCall": {"id": "c", "name": "f", "args": {}}, "thoughtSignature": "c2ln"}]
    server = encode(
        {"type": "tool-call", "toolCallId": "s", "toolName": "server:GOOGLE_MAPS", "input": '{"q":"cafe"}',
         "providerExecuted": True},
        {"type": "tool-result", "toolCallId": "s", "toolName": "server:GOOGLE_MAPS", "result": {"places": []}})
    assert [c["candidates"][0]["content"]["parts"] for c in server] == [
        [{"toolCall": {"id": "s", "toolType": "GOOGLE_MAPS", "args": {"q": "cafe"}}}],
        [{"toolResponse": {"id": "s", "toolType": "GOOGLE_MAPS", "response": {"places": []}}}]]
    got += server
    for c in got:
        r = gtypes.GenerateContentResponse.model_validate(c)
        assert r.candidates and r.candidates[0].index == 0
    blob = gtypes.GenerateContentResponse.model_validate(got[1]).candidates[0].content.parts[0]
    assert blob.inline_data.data == b"hi" and blob.thought and blob.thought_signature == b"sig"
    web = gtypes.GenerateContentResponse.model_validate(got[2]).candidates[0].grounding_metadata
    assert web.grounding_chunks[0].web.uri == "https://example.com/a"


def test_json_response_joins_the_parts() -> None:
    s = make_scenario([{"part": {"type": "reasoning-delta", "id": "r", "delta": "a"}},
                       {"part": {"type": "reasoning-delta", "id": "r", "delta": "b"}},
                       {"part": {"type": "text-delta", "id": "t", "delta": "c"}},
                       {"part": {"type": "text-delta", "id": "t", "delta": "d"}},
                       {"part": finish("length")}])
    r = json.loads(plan_response(s, D, {"stream": False}).body_bytes())
    gtypes.GenerateContentResponse.model_validate(r)
    assert r["candidates"][0]["content"]["parts"] == [{"text": "ab", "thought": True}, {"text": "cd"}]
    assert r["candidates"][0]["finishReason"] == "MAX_TOKENS" and r["usageMetadata"]["totalTokenCount"] == 11
    with pytest.raises(DialectError):
        response_object(make_scenario(s.script[:1]), {})  # no finish


def test_faults_come_from_the_shared_plan() -> None:
    text = [{"part": {"type": "text-delta", "id": "t", "delta": "Hello"}}, {"part": finish("stop")}]
    full = plan_response(make_scenario(text), D, {"stream": True}).body_bytes()
    cut = plan_response(make_scenario([text[0], {"fault": {"kind": "disconnect", "after_bytes": 30}}, text[1]]), D,
                        {"stream": True})
    assert cut.body_bytes() == full[:30] and isinstance(cut.body[-1], Disconnect)
    crlf = plan_response(make_scenario(text, wire={"line_ending": "crlf"}), D, {"stream": True}).body_bytes()
    assert crlf.replace(b"\r\n", b"\n") == full
    with pytest.raises(DialectError):
        plan_response(make_scenario(text, wire={"keepalive_comments": True}), D, {"stream": True})


def test_each_corpus_scenario_plans_validates_or_fails_with_a_documented_error() -> None:
    planned = 0
    for s in corpus_cached():
        if s.dialects is not None and D not in s.dialects:
            continue
        try:
            plan = plan_response(s, D, {"stream": True})
        except DialectError as exc:
            rule = RULES.get(exc.part_type, UNKNOWN_PART_RULE)
            assert exc.dialect == D and (rule.action == "error" or rule.error_when
                                            or quirk_refusal(exc)), exc
            continue
        planned += 1
        if plan.status == 200 and not wire_faults(s) & {"raw_bytes", "split", "disconnect"}:
            for c in chunks(plan.body_bytes()):
                if "error" not in c:
                    gtypes.GenerateContentResponse.model_validate(c)
    assert planned >= 80, planned


# ---------------------------------------------------------------- the real google-genai SDK
# The scenario the mock transport answers with: one client serves every test (building a genai.Client
# costs more than reading a scenario through it), told the case by client_for.
_SERVED: list[Scenario] = []


def _mock_handler(request: Any) -> Any:
    import httpx2

    body = json.loads(request.content or b"{}")
    streaming = request.url.path.endswith(":streamGenerateContent")
    # The answer Vertex AI gives a request for streamed arguments (google-genai refuses to send
    # stream_function_call_arguments in Developer API mode): calls with `partial_args` arrive as
    # partialArgs; from the server (below) the same scenarios arrive with whole calls.
    plan = plan_response(_SERVED[-1], D, {**body, "stream": streaming, **STREAM_ARGS})
    return httpx2.Response(plan.status, headers=plan.headers, content=body_items_bytes(plan.body))


@functools.cache
def mock_client() -> Any:
    """One google-genai client whose requests the scenario client_for names answers, in process."""
    import httpx2

    return genai.Client(api_key="mock-key", http_options=gtypes.HttpOptions(
        base_url="http://mock.test", api_version="v1beta", httpx_client=httpx2.Client(
            transport=httpx2.MockTransport(_mock_handler)), retry_options=gtypes.HttpRetryOptions(attempts=1)))


def client_for(scenario: Scenario) -> Any:
    _SERVED[:] = [scenario]
    return mock_client()


FINISH = {"STOP": "stop", "MAX_TOKENS": "length", "SAFETY": "content-filter", "RECITATION": "content-filter",
          "BLOCKLIST": "content-filter", "PROHIBITED_CONTENT": "content-filter", "SPII": "content-filter",
          "IMAGE_SAFETY": "content-filter"}  # @ai-sdk/google 4.0.121 mapGoogleFinishReason; the rest: 'other'


def set_path(args: dict[str, Any], path: str, value: Any) -> None:
    """Put one streamed value at its ``jsonPath`` (``$.a.b[2]``), a string piece after the one there."""
    keys = [int(k) if k.isdigit() else k for k in path[2:].replace("]", "").replace("[", ".").split(".")]
    node: Any = args
    for key, nxt in itertools.pairwise(keys):
        if isinstance(node, list) and key == len(node):
            node.append({} if isinstance(nxt, str) else [])
        elif isinstance(node, dict):
            node.setdefault(key, {} if isinstance(nxt, str) else [])
        node = node[key]
    if isinstance(node, list) and keys[-1] == len(node):
        node.append(value)
    elif isinstance(value, str) and isinstance(node, dict) and isinstance(node.get(keys[-1]), str):
        node[keys[-1]] += value
    else:
        node[keys[-1]] = value


def read_function_call(seen: Seen, fc: Any) -> None:
    """A whole call, or a piece of one streamed as ``partialArgs`` (google-genai ``PartialArg``): a name
    with ``will_continue`` opens it, entries fill it, an empty ``FunctionCall`` ends it (as
    ``@ai-sdk/google`` 4.0.121 reads them)."""
    if fc.name is not None and fc.will_continue:
        seen.calls.append(SeenCall(id=fc.id, name=fc.name, parsed={}, has_parsed=True))
    if fc.partial_args is not None:
        for arg in fc.partial_args:
            value = next((v for v in (arg.string_value, arg.number_value, arg.bool_value) if v is not None), None)
            set_path(seen.calls[-1].parsed, arg.json_path, value)
    elif fc.name is None and fc.args is None and fc.will_continue is None:
        seen.calls[-1].completed = True
    elif not fc.will_continue:
        seen.calls.append(SeenCall(id=fc.id, name=fc.name, parsed=fc.args, has_parsed=True, completed=True))


def read_code_execution(seen: Seen, part: Any) -> None:
    """Code execution as @ai-sdk/google 4.0.121 reads it (dist/index.js:2595-2616): an executableCode with code is
    a provider-executed call ``code_execution`` under an id the reader generates (the part has none), its input
    ``{language, code}``; a codeExecutionResult is ``{outcome, output}`` for the last such call."""
    code, result = part.executable_code, part.code_execution_result
    if code is not None and code.code:
        seen.calls.append(SeenCall(id=f"generated-{len(seen.calls)}", name="code_execution", completed=True,
                                   parsed={"language": code.language.value, "code": code.code}, has_parsed=True,
                                   provider_executed=True))
    elif result is not None:
        last = next((c.id for c in reversed(seen.calls) if c.name == "code_execution"), None)
        if last is not None:
            seen.results.append(ToolResultRecord(tool_call_id=last, result={"outcome": result.outcome.value,
                                                                             "output": result.output or ""}))


def read_chunk(seen: Seen, r: Any) -> None:
    """Fold one GenerateContentResponse as ``@ai-sdk/google`` does: thoughts are reasoning, a
    functionCall is a call (whole, or streamed in pieces), the finishing chunk gives the reason and usage."""
    seen.model = seen.model or r.model_version
    blocked = r.prompt_feedback is not None and r.prompt_feedback.block_reason is not None
    if blocked:  # a blocked prompt (BlockedReason): content-filter, and no candidate read after it
        seen.finish = "content-filter"
    for cand in [] if blocked else r.candidates or []:
        for part in (cand.content.parts if cand.content else None) or []:
            if part.function_call is not None:
                read_function_call(seen, part.function_call)
            elif part.tool_call is not None:  # a server-side call, named as @ai-sdk/google 4.0.121 names it
                tc = part.tool_call
                seen.calls.append(SeenCall(id=tc.id, name=f"server:{tc.tool_type.value}", parsed=tc.args,
                                           has_parsed=True, completed=True, provider_executed=True))
            elif part.tool_response is not None:
                seen.results.append(ToolResultRecord(tool_call_id=part.tool_response.id,
                                                     result=part.tool_response.response))
            elif part.executable_code is not None or part.code_execution_result is not None:
                read_code_execution(seen, part)
            elif part.text is not None:
                if part.thought:
                    seen.reasoning += part.text
                else:
                    seen.text += part.text
        if cand.finish_reason == gtypes.FinishReason.MALFORMED_FUNCTION_CALL:
            # @ai-sdk/google 4.0.121 reads it as the unified 'error' with no error part: a failed run.
            seen.error, seen.error_message = RuntimeError(cand.finish_reason.value), None
        elif cand.finish_reason is not None:
            reason = FINISH.get(cand.finish_reason.value, "other")
            seen.finish = "tool-calls" if reason == "stop" and seen.calls else reason
    u = r.usage_metadata
    if u is not None:
        seen.usage = UsageRecord(input_tokens=u.prompt_token_count,
                                 output_tokens=(u.candidates_token_count or 0) + (u.thoughts_token_count or 0),
                                 total_tokens=u.total_token_count, reasoning_tokens=u.thoughts_token_count,
                                 cached_input_tokens=u.cached_content_token_count)


def note_error(seen: Seen, exc: BaseException) -> None:
    seen.error = exc
    seen.error_message = getattr(exc, "message", None) or str(exc)
    status, code = getattr(exc, "status", None), getattr(exc, "code", None)
    # An in-band error's status is the scenario's code; an HTTP error's body has none: the HTTP code.
    seen.error_code = status if isinstance(status, str) and status not in ("INTERNAL",) else (
        str(code) if code is not None else None)


def consume_stream(scenario: Scenario) -> Seen:
    seen = Seen()
    client = client_for(scenario)  # held: a collected Client closes its HTTP client under the lazy stream
    try:
        for r in client.models.generate_content_stream(model=f"scenario:{scenario.id}", contents="hi"):
            read_chunk(seen, r)
    except Exception as exc:  # google-genai raises APIError, or the transport's own error on a cut
        note_error(seen, exc)
    return seen


def consume_json(scenario: Scenario) -> Seen:
    seen = Seen()
    client = client_for(scenario)
    try:
        read_chunk(seen, client.models.generate_content(model=f"scenario:{scenario.id}", contents="hi"))
    except gerrors.APIError as exc:
        note_error(seen, exc)
    return seen


def expected_for(s: Scenario) -> Transcript:
    """The scenario's expected transcript for this wire (``expected_by_dialect``: usageMetadata has no
    cache-write count, which usage.nested.001 says for ``gemini``)."""
    return s.expected_for(D)


def sdk_case(sid: str, *, streaming: bool) -> Scenario:
    return sdk_comparable(sid, D, {"stream": streaming})


@pytest.mark.parametrize("sid", corpus_ids())
def test_genai_streams_the_scenario(sid: str) -> None:
    s = sdk_case(sid, streaming=True)
    assert_matches(transcript_of(consume_stream(s)), expected_for(s))


@pytest.mark.parametrize("sid", corpus_ids())
def test_genai_reads_the_json_form(sid: str) -> None:
    s = sdk_case(sid, streaming=False)
    assert_matches(transcript_of(consume_json(s)), expected_for(s))


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedMockServer]:
    from mock_provider.scenario import load_corpus

    with ThreadedMockServer(load_corpus(), time_scale=0.0) as srv:
        yield srv


def server_client(server: ThreadedMockServer) -> Any:
    return genai.Client(api_key="mock-key", http_options=gtypes.HttpOptions(
        base_url=server.base_url, api_version="v1beta", retry_options=gtypes.HttpRetryOptions(attempts=1)))


@pytest.fixture(scope="module")
def shared_server_client(server: ThreadedMockServer) -> Any:
    """One client for the corpus runs against the server (the model name picks the scenario)."""
    return server_client(server)


@pytest.mark.parametrize("sid", corpus_ids())
def test_genai_streams_the_scenario_from_the_server(sid: str, shared_server_client: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "client_for", lambda _s: shared_server_client)
    s = sdk_case(sid, streaming=True)
    assert_matches(transcript_of(consume_stream(s)), expected_for(s))


@pytest.mark.parametrize("sid", corpus_ids())
def test_genai_reads_the_json_form_from_the_server(sid: str, shared_server_client: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "client_for", lambda _s: shared_server_client)
    s = sdk_case(sid, streaming=False)
    assert_matches(transcript_of(consume_json(s)), expected_for(s))


@pytest.mark.parametrize(("status", "error"), [(401, "ClientError"), (429, "ClientError"), (500, "ServerError")])
def test_genai_raises_its_own_errors_for_scripted_statuses(server: ThreadedMockServer, status: int,
                                                           error: str) -> None:
    client = server_client(server)
    with pytest.raises(getattr(gerrors, error)) as info:
        for _ in client.models.generate_content_stream(model=f"scenario:http.{status}.001", contents="hi"):
            pass
    assert info.value.code == status
    with pytest.raises(getattr(gerrors, error)):
        client.models.generate_content(model=f"scenario:http.{status}.001", contents="hi")


def test_genai_sees_a_disconnect_as_an_exception(server: ThreadedMockServer) -> None:
    client = server_client(server)
    for sid in ("fault.disconnect.001", "fault.disconnect.002"):
        got: list[Any] = []
        with pytest.raises(Exception) as info:  # the transport's own error type (httpx or httpx2)
            got.extend(client.models.generate_content_stream(model=f"scenario:{sid}", contents="hi"))
        assert not isinstance(info.value, gerrors.APIError), info.value
        assert "closed" in str(info.value).lower() or "incomplete" in str(info.value).lower(), info.value


def test_the_server_answers_the_stable_api_version_as_google_genai_calls_it(server: ThreadedMockServer) -> None:
    # google-genai 3.x calls the Gemini API's stable v1 path when no api_version is set (its
    # GOOGLE_AI_API_DEFAULT_VERSION), as pydantic-ai's GoogleProvider(base_url=...) leaves it; the API serves
    # generateContent, streaming and function calls on v1 as on v1beta (ai.google.dev/gemini-api/docs/api-versions).
    client = genai.Client(api_key="mock-key", http_options=gtypes.HttpOptions(
        base_url=server.base_url, api_version="v1", retry_options=gtypes.HttpRetryOptions(attempts=1)))
    chunks = list(client.models.generate_content_stream(model="scenario:text.basic.001", contents="hi"))
    assert "".join(c.text or "" for c in chunks) == "The capital of France is Paris."
    assert client.models.generate_content(model="scenario:text.basic.001", contents="hi").text == \
        "The capital of France is Paris."
    with pytest.raises(gerrors.ClientError) as info:  # the mock's refusal there is in Google's envelope, as on v1beta
        client.models.generate_content(model="scenario:no-such.001", contents="hi")
    assert info.value.code == 404 and info.value.status == "NOT_FOUND"


def test_the_server_answers_models_get_as_google_genai_reads_it(server: ThreadedMockServer) -> None:
    # The Gemini API's models.get (GET /{version}/models/{model}) answers a Model resource; llama-index's GoogleGenAI
    # reads it when it is built (llama-index-llms-google-genai 0.11.3 base.py:262-264), so without it no such app
    # starts. google-genai parses the Model; the limits are the ones Google publishes for its Gemini models.
    import httpx

    for version in ("v1beta", "v1"):
        client = genai.Client(api_key="mock-key", http_options=gtypes.HttpOptions(
            base_url=server.base_url, api_version=version, retry_options=gtypes.HttpRetryOptions(attempts=1)))
        model = client.models.get(model="gemini-3-flash-preview")
        assert model.name == "models/gemini-3-flash-preview"
        assert (model.input_token_limit, model.output_token_limit) == (1_048_576, 65_536)
    # A GET of a method's path is still the wrong method (405, Allow: POST), not a models.get of that name.
    r = httpx.get(f"{server.base_url}/v1beta/models/scenario:text.basic.001:streamGenerateContent", timeout=5)
    assert r.status_code == 405 and r.headers["Allow"] == "POST"
    assert r.json()["error"]["code"] == 405  # in Google's envelope, as every refusal on a Gemini path


def test_the_server_refuses_a_request_without_contents(server: ThreadedMockServer) -> None:
    import httpx

    r = httpx.post(f"{server.base_url}/v1beta/models/scenario:text.basic.001:generateContent", json={}, timeout=5)
    assert r.status_code == 400 and "contents" in r.json()["error"]["message"]
    r = httpx.post(f"{server.base_url}/v1beta/models/scenario%3Atext.basic.001:generateContent",
                   json={"contents": []}, timeout=5)
    assert r.status_code == 200 and r.json()["candidates"][0]["finishReason"] == "STOP"


def test_the_server_streams_arguments_only_to_a_request_that_asks(server: ThreadedMockServer) -> None:
    """The server passes toolConfig's streamFunctionCallArguments on to the plan and keys its plan cache by
    it: the same scenario, asked both ways one after the other, gets both answers."""
    import httpx

    url = f"{server.base_url}/v1beta/models/scenario:quirks.gemini-partial-args.001:streamGenerateContent?alt=sse"
    bodies = {asked: chunks(httpx.post(url, json={"contents": [], **(STREAM_ARGS if asked else {})},
                                       timeout=5).content) for asked in (True, False, True)}
    calls = {asked: [p["functionCall"] for c in body for p in c["candidates"][0]["content"].get("parts", [])
                     if "functionCall" in p] for asked, body in bodies.items()}
    assert calls[False] == [{"id": "fc-trip", "name": "plan_trip", "args": {
        "city": 'Reykjavík "old town"', "days": 12, "stops": [{"name": "Harpa", "hours": 1.5},
                                                              {"name": "Blue Lagoon", "hours": 3}],
        "guided": True, "note": None}}]
    assert calls[True][0] == {"id": "fc-trip", "name": "plan_trip", "willContinue": True}
    assert calls[True][-1] == {} and all("partialArgs" in c for c in calls[True][1:-1])


# ---------------------------------------------------------------- streamed arguments (partial_args)
def _streamed(steps: list[dict[str, Any]]) -> Scenario:
    return make_scenario([{"part": {"type": "tool-input-start", "id": "c1", "toolName": "f"},
                           "wire": {"partial_args": True}}, *steps])


def test_partial_args_follow_the_published_shape_only_when_the_request_asks() -> None:
    s = _streamed([{"part": {"type": "tool-input-delta", "id": "c1", "delta": '{"q":"ab'}},
                   {"part": {"type": "tool-input-delta", "id": "c1", "delta": 'c","n":[true,null]}'}},
                   {"part": {"type": "tool-call", "toolCallId": "c1", "toolName": "f",
                             "input": '{"q":"abc","n":[true,null]}'}},
                   {"part": finish("tool-calls")}])
    asked = [c["candidates"][0]["content"].get("parts") for c in
             chunks(plan_response(s, D, {"stream": True, **STREAM_ARGS}).body_bytes())]
    # google-genai 3.6.1 FunctionCall(name, will_continue) opens, PartialArg(json_path, string_value |
    # bool_value | null_value, will_continue) fill, an empty FunctionCall ends (@ai-sdk/google 4.0.121 :2759).
    assert asked[:4] == [
        [{"functionCall": {"id": "c1", "name": "f", "willContinue": True}}],
        [{"functionCall": {"partialArgs": [{"jsonPath": "$.q", "stringValue": "ab", "willContinue": True}],
                           "willContinue": True}}],
        [{"functionCall": {"partialArgs": [{"jsonPath": "$.q", "stringValue": "c"},
                                           {"jsonPath": "$.n[0]", "boolValue": True},
                                           {"jsonPath": "$.n[1]", "nullValue": "NULL_VALUE"}],
                           "willContinue": True}}],
        [{"functionCall": {}}]]
    for c in chunks(plan_response(s, D, {"stream": True, **STREAM_ARGS}).body_bytes()):
        gtypes.GenerateContentResponse.model_validate(c)
    plain = [c["candidates"][0]["content"].get("parts") for c in chunks(plan_response(s, D, {"stream": True})
                                                                        .body_bytes())]
    assert plain[0] == [{"functionCall": {"id": "c1", "name": "f", "args": {"q": "abc", "n": [True, None]}}}]


@pytest.mark.parametrize(("steps", "why"), [
    ([{"part": {"type": "tool-input-delta", "id": "c1", "delta": '{"a.b":1}'}}], "no unambiguous jsonPath"),
    ([{"part": {"type": "tool-input-delta", "id": "c1", "delta": '{"a":[]}'}}], "empty object or array"),
    ([{"part": {"type": "tool-input-delta", "id": "c1", "delta": '[1]'}}], "not a JSON object"),
    ([{"part": {"type": "tool-input-start", "id": "c2", "toolName": "g"}, "wire": {"partial_args": True}}],
     "cannot interleave"),
    ([{"part": {"type": "text-delta", "id": "t", "delta": "x"}}], "still open"),
])
def test_what_partial_args_cannot_say_is_refused(steps: list[dict[str, Any]], why: str) -> None:
    with pytest.raises(DialectError, match=why):
        plan_response(_streamed([*steps, {"part": finish("stop")}]), D, {"stream": True, **STREAM_ARGS})


@pytest.mark.parametrize("stream", [True, False])
def test_a_client_that_sets_only_the_base_url_is_served_at_its_default_api_version(
        server: ThreadedMockServer, stream: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """google-genai 3.x asks for /v1/ unless told otherwise (GOOGLE_AI_API_DEFAULT_VERSION); the API serves
    both versions, so the mock does: a newcomer who sets only ``base_url`` is answered, not 404."""
    from google.genai import _api_client

    assert _api_client.GOOGLE_AI_API_DEFAULT_VERSION == "v1"
    client = genai.Client(api_key="mock-key", http_options=gtypes.HttpOptions(
        base_url=server.base_url, retry_options=gtypes.HttpRetryOptions(attempts=1)))
    monkeypatch.setattr(sys.modules[__name__], "client_for", lambda _s: client)
    s = sdk_case("text.basic.001", streaming=stream)
    seen = consume_stream(s) if stream else consume_json(s)
    assert seen.error is None, seen.error
    assert_matches(transcript_of(seen), expected_for(s))


def test_a_refused_request_at_either_version_gets_googles_error_envelope(server: ThreadedMockServer) -> None:
    import httpx

    for version in ("v1beta", "v1"):
        r = httpx.post(f"{server.base_url}/{version}/models/scenario:text.basic.001:generateContent", json={})
        assert r.status_code == 400 and set(r.json()["error"]) >= {"code", "message", "status"}, (version, r.text)


def _vertex_client(server: ThreadedMockServer, *, express: bool) -> Any:
    """google-genai 3.6.1 on Vertex AI, pointed at the mock: standard mode (project, location and a bearer
    token) or express mode (an API key, no project or location)."""
    from google.oauth2.credentials import Credentials

    auth: dict[str, Any] = ({"api_key": "mock-key"} if express else
                            {"project": "conformance", "location": "us-central1",
                             "credentials": Credentials(token="mock-token")})  # no expiry: never refreshed
    return genai.Client(vertexai=True, **auth, http_options=gtypes.HttpOptions(
        base_url=server.base_url, retry_options=gtypes.HttpRetryOptions(attempts=1)))


@pytest.mark.parametrize("stream", [True, False])
@pytest.mark.parametrize("express", [False, True], ids=["project-location", "express"])
def test_a_vertex_ai_client_is_served_at_vertex_ais_paths(
        server: ThreadedMockServer, stream: bool, express: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Vertex AI serves the same GenerateContent methods at its own paths: `/v1beta1/projects/{project}/locations/
    {location}/publishers/google/models/{model}:streamGenerateContent` (projects.locations.publishers.models, its
    REST reference), and in express mode `/v1beta1/publishers/google/models/{model}:...` (no project or location;
    its express-mode REST reference); google-genai (`vertexai=True`) and @ai-sdk/google-vertex ask for them, so a
    Vertex client pointed at the mock is answered, not 404."""
    client = _vertex_client(server, express=express)
    monkeypatch.setattr(sys.modules[__name__], "client_for", lambda _s: client)
    s = sdk_case("text.basic.001", streaming=stream)
    seen = consume_stream(s) if stream else consume_json(s)
    assert seen.error is None, seen.error
    assert_matches(transcript_of(seen), expected_for(s))
    method = "streamGenerateContent" if stream else "generateContent"
    where = "" if express else "projects/conformance/locations/us-central1/"
    assert server.state.log.entries()[-1].path == (
        f"/v1beta1/{where}publishers/google/models/scenario:text.basic.001:{method}")


@pytest.mark.parametrize("prefix", ["/v1/projects/p/locations/us-central1/publishers/google",
                                    "/v1beta1/projects/p/locations/global/publishers/google",
                                    "/v1/publishers/google", "/v1beta1/publishers/google"])
def test_a_refused_request_at_a_vertex_path_gets_googles_error_envelope(server: ThreadedMockServer,
                                                                        prefix: str) -> None:
    import httpx

    r = httpx.post(f"{server.base_url}{prefix}/models/scenario:text.basic.001:generateContent", json={})
    assert r.status_code == 400 and set(r.json()["error"]) >= {"code", "message", "status"}, (prefix, r.text)


def test_the_respx_router_serves_vertex_ais_paths_too() -> None:
    import httpx

    from mock_provider.respx_routes import mock_router
    from mock_provider.scenario import load_corpus

    path = "/v1beta1/projects/p/locations/us-central1/publishers/google/models/scenario:text.basic.001:generateContent"
    with mock_router(load_corpus(), base_url="https://mock.test"):
        r = httpx.post(f"https://mock.test{path}", json={"contents": [{"role": "user", "parts": [{"text": "hi"}]}]})
    assert r.status_code == 200 and r.json()["candidates"][0]["content"]["parts"], r.text
