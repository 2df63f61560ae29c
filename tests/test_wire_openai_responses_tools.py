"""Built-in tool items on the ``openai-responses`` wire (``mock_provider.wires.openai_responses_tools``).

Expected events are written from the ``openai`` 3.57.0 types (``types/responses/response_output_item.py``
and the ``response_*_event.py`` modules) and from how ``@ai-sdk/openai`` 4.0.118 reads each item
(``dist/index.js`` doStream, lines 8293-8975), not copied from encoder output; every event the wire
sends is validated against the SDK model its ``type`` names, and the decoder must read the parts back.
"""

from __future__ import annotations

from typing import Any

import pytest

from mock_provider.derive import expected_transcript
from mock_provider.dialects import DialectError
from mock_provider.sse import parse_sse
from mock_provider.wires import plan_response
from mock_provider.wires.decode import decode_events
from mock_provider.wires.openai_responses import RULES
from tests.test_wire import make_scenario
from tests.test_wire_openai_responses import EVENT_MODELS, STREAM, D, encode, events, finish, validate_events

pytest.importorskip("openai")

PE = {"providerExecuted": True}
WEB_CALL = [{"type": "tool-input-start", "id": "ws_1", "toolName": "web_search", **PE},
            {"type": "tool-input-end", "id": "ws_1"},
            {"type": "tool-call", "toolCallId": "ws_1", "toolName": "web_search", "input": "{}", **PE}]
WEB_RESULT = {"type": "tool-result", "toolCallId": "ws_1", "toolName": "web_search",
              "result": {"action": {"type": "search", "query": "q"}, "sources": [{"type": "url", "url": "https://a"}]}}
IMAGE_CALL = {"type": "tool-call", "toolCallId": "ig_1", "toolName": "image_generation", "input": "{}", **PE}
MCP_CALL = {"type": "tool-call", "toolCallId": "mcp_1", "toolName": "mcp.look", "input": '{"q":1}', **PE,
            "dynamic": True}
MCP_RESULT = {"type": "tool-result", "toolCallId": "mcp_1", "toolName": "mcp.look",
              "result": {"type": "call", "serverLabel": "srv", "name": "look", "arguments": '{"q":1}', "output": "ok"}}


def kinds(evs: list[Any]) -> list[str]:
    return [e["type"] for e in evs if isinstance(e, dict)]


def roundtrip(*parts: dict[str, Any]) -> None:
    """Plan the parts (a stop finish after them), validate every frame against the SDK, and decode the
    body back to the same transcript."""
    s = make_scenario([*({"part": p} for p in parts), {"part": finish("stop")}])
    body = plan_response(s, D, STREAM).body_bytes()
    validate_events(body)
    decoded = decode_events(D, parse_sse(body))
    assert decoded.unmodelled == []
    got, want = expected_transcript(decoded.parts, D), expected_transcript(s.parts(), D)
    assert (got.tool_calls, got.tool_results, got.text) == (want.tool_calls, want.tool_results, want.text)


def test_the_sdk_union_has_every_event_the_built_in_items_use() -> None:
    used = {f"response.{item}.{stage}" for item, stages in {
        "web_search_call": ("in_progress", "searching", "completed"),
        "file_search_call": ("in_progress", "searching", "completed"),
        "code_interpreter_call": ("in_progress", "interpreting", "completed"),
        "image_generation_call": ("in_progress", "generating", "completed", "partial_image"),
        "mcp_call": ("in_progress", "completed", "failed"), "mcp_list_tools": ("in_progress", "completed"),
        "shell_call_command": ("added", "delta", "done"), "compaction": ("compacting",),
        "code_interpreter_call_code": ("delta", "done"), "mcp_call_arguments": ("delta", "done")}.items()
        for stage in stages}
    assert used <= set(EVENT_MODELS)


def test_a_web_search_is_added_at_its_start_and_completed_by_its_result() -> None:
    evs = encode(*WEB_CALL, WEB_RESULT)
    assert kinds(evs)[2:] == ["response.output_item.added", "response.web_search_call.in_progress",
                              "response.web_search_call.searching", "response.web_search_call.completed",
                              "response.output_item.done"]
    assert evs[2]["item"]["id"] == "ws_1"  # the consumer names the call after the item
    assert evs[-1]["item"] == {"id": "ws_1", "type": "web_search_call", "status": "completed",
                               "action": {"type": "search", "query": "q",
                                          "sources": [{"type": "url", "url": "https://a"}]}}


def test_the_search_sources_must_follow_as_source_parts() -> None:
    source = {"type": "source", "sourceType": "url", "id": "s", "url": "https://a"}
    roundtrip(*WEB_CALL, WEB_RESULT, source)
    with pytest.raises(DialectError, match="url source 'https://a'"):
        encode(*WEB_CALL, WEB_RESULT, finish("stop"))
    with pytest.raises(DialectError, match="url source"):
        encode(*WEB_CALL, WEB_RESULT, {**source, "url": "https://other"})


def test_a_failed_web_search_is_an_error_result_with_its_status() -> None:
    evs = encode(*WEB_CALL, {**WEB_RESULT, "result": {"status": "failed"}, "isError": True})
    assert evs[-1]["item"]["status"] == "failed"
    roundtrip(*WEB_CALL, {**WEB_RESULT, "result": {"status": "failed"}, "isError": True})


@pytest.mark.parametrize(("action", "wire"), [
    ({"type": "openPage", "url": "https://a"}, {"type": "open_page", "url": "https://a"}),
    ({"type": "findInPage", "url": "https://a", "pattern": "x"},
     {"type": "find_in_page", "url": "https://a", "pattern": "x"}),
    ({"type": "search", "queries": ["a", "b"]}, {"type": "search", "query": None, "queries": ["a", "b"]}),
])
def test_each_web_search_action_reads_back_as_the_consumer_maps_it(action: dict[str, Any],
                                                                     wire: dict[str, Any]) -> None:
    """mapWebSearchOutput (dist/index.js:9231-9250): open_page -> openPage, find_in_page -> findInPage."""
    result = {**WEB_RESULT, "result": {"action": action}}
    assert encode(*WEB_CALL, result)[-1]["item"]["action"] == wire
    roundtrip(*WEB_CALL, result)


def test_file_search_results_become_the_item_and_document_sources() -> None:
    call = {"type": "tool-call", "toolCallId": "fs_1", "toolName": "file_search", "input": "{}", **PE}
    row = {"attributes": {}, "fileId": "f1", "filename": "a.md", "score": 0.5, "text": "t"}
    result = {"type": "tool-result", "toolCallId": "fs_1", "toolName": "file_search",
              "result": {"queries": ["q"], "results": [row, {**row, "text": "u"}]}}
    evs = encode(call, result, {"type": "source", "sourceType": "document", "id": "d", "mediaType": "text/plain",
                                "title": "a.md", "filename": "a.md",
                                "providerMetadata": {"openai": {"type": "file_search", "fileId": "f1"}}})
    assert evs[-1]["item"]["results"][1] == {"attributes": {}, "file_id": "f1", "filename": "a.md", "score": 0.5,
                                             "text": "u"}
    # One document source per file: a second source part has nothing left to stand for.
    with pytest.raises(DialectError, match=r"not an open provider-executed call|Responses annotates"):
        encode(call, result, {"type": "source", "sourceType": "document", "id": "d", "mediaType": "text/plain",
                              "title": "a.md", "filename": "a.md",
                              "providerMetadata": {"openai": {"type": "file_search", "fileId": "f1"}}},
               {"type": "source", "sourceType": "document", "id": "e", "mediaType": "text/plain", "title": "a.md"})


def test_code_interpreter_streams_its_code_and_completes_with_outputs() -> None:
    code = 'print("hi")\n'
    head = '{"containerId":"cn","code":"'
    parts = [{"type": "tool-input-start", "id": "ci_1", "toolName": "code_interpreter", **PE},
             {"type": "tool-input-delta", "id": "ci_1", "delta": head},
             {"type": "tool-input-delta", "id": "ci_1", "delta": 'print(\\"hi\\")'},
             {"type": "tool-input-delta", "id": "ci_1", "delta": "\\n"},
             {"type": "tool-input-delta", "id": "ci_1", "delta": '"}'},
             {"type": "tool-call", "toolCallId": "ci_1", "toolName": "code_interpreter", **PE,
              "input": '{"code":"print(\\"hi\\")\\n","containerId":"cn"}'},
             {"type": "tool-result", "toolCallId": "ci_1", "toolName": "code_interpreter",
              "result": {"outputs": [{"type": "logs", "logs": "hi\n"}]}}]
    evs = encode(*parts)
    deltas = [e["delta"] for e in evs if e["type"] == "response.code_interpreter_call_code.delta"]
    assert deltas == ['print("hi")', "\n"]  # each canonical fragment, unescaped
    assert [e["code"] for e in evs if e["type"] == "response.code_interpreter_call_code.done"] == [code]
    assert evs[-1]["item"] == {"id": "ci_1", "type": "code_interpreter_call", "status": "completed",
                               "container_id": "cn", "code": code, "outputs": [{"type": "logs", "logs": "hi\n"}]}
    roundtrip(*parts)
    with pytest.raises(DialectError, match="as the consumer builds it"):
        encode(*parts[:2], parts[4], {**parts[5], "input": '{"code":"other","containerId":"cn"}'})


def test_image_generation_sends_partial_images_then_the_image() -> None:
    def res(b64: str, **extra: Any) -> dict[str, Any]:
        return {"type": "tool-result", "toolCallId": "ig_1", "toolName": "image_generation",
                "result": {"result": b64}, **extra}
    evs = encode(IMAGE_CALL, res("AA==", preliminary=True), res("AB==", preliminary=True), res("AC=="))
    partial = [(e["partial_image_index"], e["partial_image_b64"]) for e in evs
               if e["type"] == "response.image_generation_call.partial_image"]
    assert partial == [(0, "AA=="), (1, "AB==")]
    assert evs[-1]["item"]["result"] == "AC==" and evs[-1]["item"]["status"] == "completed"
    roundtrip(IMAGE_CALL, res("AA==", preliminary=True), res("AC=="))


def test_an_mcp_call_is_one_item_after_its_server_tool_list() -> None:
    evs = encode(MCP_CALL, MCP_RESULT)
    assert kinds(evs)[2:] == [
        "response.output_item.added", "response.mcp_list_tools.in_progress", "response.mcp_list_tools.completed",
        "response.output_item.done", "response.output_item.added", "response.mcp_call.in_progress",
        "response.mcp_call_arguments.delta", "response.mcp_call_arguments.done", "response.mcp_call.completed",
        "response.output_item.done"]
    assert evs[5]["item"]["tools"] == [{"name": "look", "input_schema": {"type": "object"}}]
    assert evs[-1]["item"] | {"id": "x"} == {"id": "x", "type": "mcp_call", "status": "completed", "name": "look",
                                             "server_label": "srv", "arguments": '{"q":1}', "output": "ok",
                                             "error": None}
    again = encode(MCP_CALL, MCP_RESULT, {**MCP_CALL, "toolCallId": "mcp_2"}, {**MCP_RESULT, "toolCallId": "mcp_2"})
    assert kinds(again).count("response.mcp_list_tools.completed") == 1  # once per server
    error = {"type": "http_error", "code": 503, "message": "down"}
    failed = encode(MCP_CALL, {**MCP_RESULT, "result": {**MCP_RESULT["result"], "output": None, "error": error}})
    assert "response.mcp_call.failed" in kinds(failed) and failed[-1]["item"]["status"] == "failed"
    roundtrip(MCP_CALL, MCP_RESULT)


def test_client_built_in_calls() -> None:
    shell = {"type": "tool-call", "toolCallId": "c1", "toolName": "shell",
             "input": '{"action":{"commands":["ls","pwd"]}}'}
    evs = encode(shell)
    assert [(e["type"], e.get("command_index"), e.get("delta", e.get("command"))) for e in evs
            if e["type"].startswith("response.shell_call_command")] == [
        ("response.shell_call_command.added", 0, ""), ("response.shell_call_command.delta", 0, "ls"),
        ("response.shell_call_command.done", 0, "ls"), ("response.shell_call_command.added", 1, ""),
        ("response.shell_call_command.delta", 1, "pwd"), ("response.shell_call_command.done", 1, "pwd")]
    assert evs[-1]["item"]["action"] == {"commands": ["ls", "pwd"]} and evs[-1]["item"]["call_id"] == "c1"
    patch = {"type": "tool-call", "toolCallId": "c2", "toolName": "apply_patch",
             "input": '{"callId":"c2","operation":{"type":"delete_file","path":"a"}}'}
    computer = {"type": "tool-call", "toolCallId": "c3", "toolName": "computer",
                "input": '{"actions":[{"type":"scroll","x":1,"y":2,"scrollX":0,"scrollY":5}],'
                         '"pendingSafetyChecks":[],"status":"completed"}'}
    evs = encode(patch, computer)
    assert evs[-1]["item"]["actions"] == [{"type": "scroll", "x": 1, "y": 2, "scroll_x": 0, "scroll_y": 5}]
    roundtrip(shell, patch, computer)


def test_a_hosted_shell_call_is_followed_by_its_output_item() -> None:
    call = {"type": "tool-call", "toolCallId": "c1", "toolName": "shell", "input": '{"action":{"commands":["ls"]}}',
            **PE}
    result = {"type": "tool-result", "toolCallId": "c1", "toolName": "shell", "result": {
        "output": [{"stdout": "a\n", "stderr": "", "outcome": {"type": "exit", "exitCode": 0}}],
        "maxOutputLength": 100}}
    evs = encode(call, result)
    assert evs[6]["item"]["environment"] == {"type": "container_reference", "container_id": "cntr_c1"}
    assert kinds(evs)[-4:] == ["response.output_item.added", "response.shell_call_output_content.delta",
                               "response.shell_call_output_content.done", "response.output_item.done"]
    assert evs[-3]["delta"] == {"stdout": "a\n", "stderr": ""}
    assert evs[-1]["item"] | {"id": "x"} == {
        "id": "x", "type": "shell_call_output", "call_id": "c1", "status": "completed", "max_output_length": 100,
        "output": [{"stdout": "a\n", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]}
    roundtrip(call, result)
    timeout = {**result, "result": {"output": [{"stdout": "", "stderr": "", "outcome": {"type": "timeout"}}]}}
    roundtrip(call, timeout)


LOCAL_SHELL = {"type": "tool-call", "toolCallId": "c1", "toolName": "local_shell",
               "input": '{"action":{"type":"exec","command":["ls","-a"],"user":"me","env":{}}}'}
PROGRAM = {"type": "tool-call", "toolCallId": "p1", "toolName": "programmatic_tool_calling",
           "input": '{"code":"return 1;","fingerprint":"fp"}', **PE}
PROGRAM_RESULT = {"type": "tool-result", "toolCallId": "p1", "toolName": "programmatic_tool_calling",
                  "result": {"result": "1", "status": "completed"}}


def test_a_local_shell_call_is_one_item_sent_whole() -> None:
    """LocalShellCall (openai 3.57.0): action {type: exec, command, env, timeout_ms?, user?, working_directory?};
    @ai-sdk/openai 4.0.118 reads it only at its done (dist/index.js:8809-8824)."""
    evs = encode(LOCAL_SHELL)
    assert kinds(evs)[2:] == ["response.output_item.added", "response.output_item.done"]
    assert evs[-1]["item"] | {"id": "x"} == {"id": "x", "type": "local_shell_call", "call_id": "c1",
                                             "status": "completed",
                                             "action": {"type": "exec", "command": ["ls", "-a"], "user": "me",
                                                        "env": {}}}
    roundtrip(LOCAL_SHELL)


def test_a_program_and_its_output_are_two_items_sent_whole() -> None:
    """Program and ProgramOutput (openai 3.57.0); the consumer reads them at their done (dist/index.js:8541-8562)."""
    evs = encode(PROGRAM, PROGRAM_RESULT)
    assert kinds(evs)[2:] == ["response.output_item.added", "response.output_item.done",
                              "response.output_item.added", "response.output_item.done"]
    program, output = evs[3]["item"], evs[5]["item"]
    assert program | {"id": "x"} == {"id": "x", "type": "program", "call_id": "p1", "code": "return 1;",
                                     "fingerprint": "fp"}
    assert output | {"id": "x"} == {"id": "x", "type": "program_output", "call_id": "p1", "result": "1",
                                    "status": "completed"}
    assert program["id"] != output["id"]
    roundtrip(PROGRAM, PROGRAM_RESULT)


SEARCH = [{"type": "tool-input-start", "id": "ts_1", "toolName": "tool_search", **PE},
          {"type": "tool-input-end", "id": "ts_1"},
          {"type": "tool-call", "toolCallId": "ts_1", "toolName": "tool_search", **PE,
           "input": '{"arguments":{"query":"q"},"call_id":null}'}]
SEARCH_RESULT = {"type": "tool-result", "toolCallId": "ts_1", "toolName": "tool_search",
                 "result": {"tools": [{"type": "function", "name": "f", "parameters": {"type": "object"},
                                       "strict": False}]}}


def test_a_hosted_tool_search_is_added_at_its_start_and_its_output_follows() -> None:
    """ResponseToolSearchCall / ResponseToolSearchOutputItem (openai 3.57.0): @ai-sdk/openai 4.0.118 starts a hosted
    search at its added, calls it at its done, and pairs an output with no call_id with the oldest hosted search."""
    evs = encode(*SEARCH, SEARCH_RESULT)
    assert kinds(evs)[2:] == ["response.output_item.added", "response.output_item.done",
                              "response.output_item.added", "response.output_item.done"]
    assert evs[2]["item"] == {"id": "ts_1", "type": "tool_search_call", "execution": "server",
                              "status": "in_progress", "arguments": {}, "call_id": None}
    assert evs[3]["item"]["arguments"] == {"query": "q"} and evs[3]["item"]["status"] == "completed"
    assert evs[5]["item"] | {"id": "x"} == {"id": "x", "type": "tool_search_output", "execution": "server",
                                            "status": "completed", "call_id": None,
                                            "tools": SEARCH_RESULT["result"]["tools"]}
    roundtrip(*SEARCH, SEARCH_RESULT)
    second = [{**p, **({"id": "ts_2"} if "id" in p else {"toolCallId": "ts_2"})} for p in SEARCH]
    roundtrip(*SEARCH, *second, SEARCH_RESULT, {**SEARCH_RESULT, "toolCallId": "ts_2"})


CLIENT_SEARCH = [{"type": "tool-input-start", "id": "call_ts", "toolName": "tool_search"},
                 {"type": "tool-input-end", "id": "call_ts"},
                 {"type": "tool-call", "toolCallId": "call_ts", "toolName": "tool_search",
                  "input": '{"arguments":{"query":"q"},"call_id":"call_ts"}'}]


def test_a_tool_search_the_client_runs_is_one_item_named_by_its_call_id() -> None:
    """ResponseToolSearchCall with execution 'client' (openai 3.57.0): @ai-sdk/openai 4.0.118 starts nothing at its
    added and, at its done, makes tool-input-start/end and a client tool call named after the item's call_id with
    input {arguments, call_id} (dist/index.js:8357-8372, :8692-8719); no output item follows (the client's own
    output goes in the next request)."""
    evs = encode(*CLIENT_SEARCH)
    assert kinds(evs)[2:] == ["response.output_item.added", "response.output_item.done"]
    added, done = evs[2]["item"], evs[3]["item"]
    assert added["id"] == done["id"] != "call_ts"  # the item's id is the provider's, the call is named by call_id
    assert {k: v for k, v in done.items() if k != "id"} == {
        "type": "tool_search_call", "execution": "client", "call_id": "call_ts", "status": "completed",
        "arguments": {"query": "q"}}
    roundtrip(*CLIENT_SEARCH)
    decoded = decode_events(D, parse_sse(plan_response(make_scenario(
        [*({"part": p} for p in CLIENT_SEARCH), {"part": finish("tool-calls")}]), D, STREAM).body_bytes()))
    call = next(p for p in decoded.parts if p.type == "tool-call")
    assert (call.tool_call_id, call.provider_executed) == ("call_ts", None)
    # Only the call itself: no input streaming (the consumer writes the input from the item).
    roundtrip(CLIENT_SEARCH[2])


@pytest.mark.parametrize(("parts", "reason"), [
    ([{**CLIENT_SEARCH[2], "input": '{"arguments":{"query":"q"},"call_id":null}'}], "client-run tool_search"),
    ([{**CLIENT_SEARCH[2], "input": '{"arguments":{"query":"q"},"call_id":"other"}'}], "client-run tool_search"),
    ([*CLIENT_SEARCH, {**SEARCH_RESULT, "toolCallId": "call_ts"}], "not an open provider-executed call"),
    ([CLIENT_SEARCH[0], {"type": "tool-input-delta", "id": "call_ts", "delta": "{"}], "streams no input"),
], ids=["call_id null", "another call_id", "a result in the stream", "streamed input"])
def test_a_client_tool_search_in_another_form_is_refused(parts: list[dict[str, Any]], reason: str) -> None:
    with pytest.raises(DialectError, match=reason):
        encode(*parts)


def test_compaction_is_a_compaction_item() -> None:
    part = {"type": "custom", "kind": "openai.compaction",
            "providerMetadata": {"openai": {"type": "compaction", "itemId": "cmp_1", "encryptedContent": "xyz"}}}
    evs = encode(part)
    assert kinds(evs)[2:] == ["response.output_item.added", "response.compaction.compacting",
                              "response.output_item.done"]
    assert evs[-1]["item"] == {"id": "cmp_1", "type": "compaction", "encrypted_content": "xyz"}
    s = make_scenario([{"part": part}, {"part": finish("stop")}])
    decoded = decode_events(D, parse_sse(plan_response(s, D, STREAM).body_bytes()))
    assert [p.model_dump(by_alias=True, exclude_none=True) for p in decoded.parts if p.type == "custom"] == [part]


def test_a_built_in_name_the_request_declares_as_a_function_is_a_function_call() -> None:
    shell = {"type": "tool-call", "toolCallId": "c1", "toolName": "shell", "input": '{"action":{"commands":["ls"]}}'}
    s = make_scenario([{"part": shell}, {"part": finish("tool-calls")}])
    declared = {**STREAM, "tools": [{"type": "function", "name": "shell", "parameters": {"type": "object"}}]}
    items = [e["item"]["type"] for e in validate_and_read(plan_response(s, D, declared).body_bytes())
             if e["type"] == "response.output_item.done"]
    assert items == ["function_call"]
    built_in = {**STREAM, "tools": [{"type": "shell", "environment": {"type": "local"}}]}
    assert [e["item"]["type"] for e in validate_and_read(plan_response(s, D, built_in).body_bytes())
            if e["type"] == "response.output_item.done"] == ["shell_call"]


def validate_and_read(body: bytes) -> list[dict[str, Any]]:
    validate_events(body)
    return [data for _name, data in events(body)]


# Every refusal a built-in rule names (RULES tool-call / tool-result / tool-input-start / custom error_when).
REFUSALS: dict[str, tuple[list[dict[str, Any]], str]] = {
    "unknown provider tool": ([{**IMAGE_CALL, "toolName": "deep_research"}], "not a Responses built-in tool"),
    "web search input": ([{**WEB_CALL[2], "input": '{"query":"q"}'}], "input is '{}'"),
    "web search input deltas": ([WEB_CALL[0], {"type": "tool-input-delta", "id": "ws_1", "delta": "{}"}],
                                "streams no input"),
    "file search input start": ([{"type": "tool-input-start", "id": "f", "toolName": "file_search", **PE}],
                                "streams no input for a file_search_call"),
    "web search result form": ([*WEB_CALL, {**WEB_RESULT, "result": [{"url": "https://a"}]}],
                               "a web_search result is"),
    "api source": ([*WEB_CALL, {**WEB_RESULT, "result": {"action": {"type": "search"},
                                                         "sources": [{"type": "api", "name": "x"}]}}],
                   "ActionSearchSource"),
    "image error": ([IMAGE_CALL, {"type": "tool-result", "toolCallId": "ig_1", "toolName": "image_generation",
                                  "result": {"result": "x"}, "isError": True}], "never reads"),
    "client call result": ([{"type": "tool-call", "toolCallId": "c", "toolName": "f", "input": "{}"},
                            {"type": "tool-result", "toolCallId": "c", "toolName": "f", "result": 1}],
                           "not an open provider-executed call"),
    "mcp not dynamic": ([{**MCP_CALL, "dynamic": None}], "dynamic"),
    "mcp result not next": ([MCP_CALL, {"type": "text-delta", "id": "t", "delta": "x"}], "one mcp_call item"),
    "mcp wrong arguments": ([MCP_CALL, {**MCP_RESULT, "result": {**MCP_RESULT["result"], "arguments": "{}"}}],
                            "an mcp_call result is"),
    "mcp string error": ([MCP_CALL, {**MCP_RESULT, "result": {**MCP_RESULT["result"], "error": "boom"}}],
                         "McpToolCallError"),
    "shell input": ([{"type": "tool-call", "toolCallId": "c", "toolName": "shell", "input": '{"cmd":"ls"}'}],
                    "the shell tool's call"),
    "patch call id": ([{"type": "tool-call", "toolCallId": "c", "toolName": "apply_patch",
                        "input": '{"callId":"other","operation":{"type":"delete_file","path":"a"}}'}],
                      "the apply_patch tool's call"),
    "computer status": ([{"type": "tool-call", "toolCallId": "c", "toolName": "computer",
                          "input": '{"actions":[],"pendingSafetyChecks":[],"status":"in_progress"}'}],
                        "the computer tool's call"),
    "result never comes": ([IMAGE_CALL, finish("stop")], "still open"),
    "local shell without env": ([{**LOCAL_SHELL, "input": '{"action":{"type":"exec","command":["ls"]}}'}],
                                "the local shell tool's call"),
    "local shell key order": ([{**LOCAL_SHELL, "input": '{"action":{"command":["ls"],"type":"exec","env":{}}}'}],
                              "the local shell tool's call"),
    "local shell input start": ([{"type": "tool-input-start", "id": "c", "toolName": "local_shell"}],
                                "streams no input for a local_shell_call"),
    "program input": ([{**PROGRAM, "input": '{"code":"return 1;"}'}], "programmatic_tool_calling call's input"),
    "program result form": ([PROGRAM, {**PROGRAM_RESULT, "result": {"result": 1, "status": "completed"}}],
                            "a programmatic_tool_calling result is"),
    "program result never comes": ([PROGRAM, finish("stop")], "still open"),
    "tool search input": ([{**SEARCH[2], "input": '{"arguments":{"query":"q"}}'}], "hosted tool_search call's input"),
    "tool search input deltas": ([SEARCH[0], {"type": "tool-input-delta", "id": "ts_1", "delta": "{}"}],
                                 "streams no input"),
    "tool search result form": ([*SEARCH, {**SEARCH_RESULT, "result": [{"name": "f"}]}], "a tool_search result is"),
    "tool search results out of order": (
        [*SEARCH, *[{**p, **({"id": "ts_2"} if "id" in p else {"toolCallId": "ts_2"})} for p in SEARCH],
         {**SEARCH_RESULT, "toolCallId": "ts_2"}], "oldest hosted search"),
    "hosted shell output form": ([{"type": "tool-call", "toolCallId": "c", "toolName": "shell", **PE,
                                   "input": '{"action":{"commands":["ls"]}}'},
                                  {"type": "tool-result", "toolCallId": "c", "toolName": "shell",
                                   "result": {"output": [{"stdout": "", "outcome": {"type": "exit"}}]}}],
                                 "a hosted shell's result is"),
    "other custom kind": ([{"type": "custom", "kind": "openai.other"}], "no custom parts but openai.compaction"),
    "compaction metadata": ([{"type": "custom", "kind": "openai.compaction"}], "encryptedContent"),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_built_in_refusals_are_documented(case: str) -> None:
    parts, reason = REFUSALS[case]
    with pytest.raises(DialectError) as info:
        encode(*parts)
    assert reason in info.value.reason
    rule = RULES[info.value.part_type]
    assert rule.action == "error" or rule.error_when


def test_a_script_ending_before_a_built_in_result_is_refused() -> None:
    with pytest.raises(DialectError, match="never gets its result"):
        plan_response(make_scenario([{"part": IMAGE_CALL}]), D, STREAM)
    with pytest.raises(DialectError, match="before the sources"):
        plan_response(make_scenario([*({"part": p} for p in WEB_CALL), {"part": WEB_RESULT}]), D, STREAM)
