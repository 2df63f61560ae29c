"""``--adapter-url``: the SSE/NDJSON decoders, the URL target against the reference endpoint, the plugin options.

The reference endpoint (``conformance.targets.agui_endpoint.serve_adapter`` around the
``openai_http`` reference adapter) must get, through the URL target, the same verdict on every
case as the adapter run in-process: that is what makes the target faithful. The mutant endpoints
(tests/mutants/endpoint_mutants.py, run by test_mutants.py) prove each transport row can fail.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from aiohttp import web

from conformance.contract import AdapterContext, Capabilities
from conformance.reference import openai_http
from conformance.runner import Settings, run_case
from conformance.served import mock_server_url
from conformance.targets.agui_endpoint import ThreadedApp, serve_adapter
from conformance.targets.agui_stream import NdjsonDecoder, SseDecoder, harmless
from conformance.targets.url import (
    TargetConfigError,
    UrlTarget,
    load_capabilities,
    run_agent_input,
    target_from_options,
)
from mock_provider.scenario import Scenario

EVENTS = [{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
          {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "héllo 👋"},
          {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}]
SSE = b"".join(f"data: {json.dumps(e, ensure_ascii=False)}\n\n".encode() for e in EVENTS)


def decode(decoder: Any, data: bytes, step: int) -> tuple[list[Any], list[str]]:
    events: list[Any] = []
    problems: list[str] = []
    for i in range(0, len(data), step):
        ev, pr = decoder.feed(data[i:i + step])
        events += ev
        problems += pr
    ev, pr = decoder.close()
    return events + ev, problems + pr


# ---------------------------------------------------------------- decoders
@pytest.mark.parametrize("step", [1, 2, 7, 1000])
def test_sse_decoder_recovers_every_event_at_any_chunking(step: int) -> None:
    assert decode(SseDecoder(), SSE, step) == (EVENTS, [])


# harmless: @ag-ui/client 1.0.0's parseSSEStream reads the stream to the same events (a SHOULD), else it fails
# or reads something else (src/transform/sse.ts: frames split on \n\n only, data lines joined with \n).
@pytest.mark.parametrize(("wire", "events", "needle", "is_harmless"), [
    (b'data: {"type":\ndata: "A"}\n\n', [{"type": "A"}], "2 data lines", True),
    (b'data: {"type": "A"}\ndata: {"type": "B"}\n\n', [{"type": "A"}, {"type": "B"}], "2 data lines", False),
    (b"data: [DONE]\n\n", [], "not JSON", False),
    (b"data: [1, 2]\n\n", [], "not an object", False),
    (b'data: {"type": "A"}\r\n\r\n', [{"type": "A"}], "CR or CRLF", False),
    (b'data: {"type": "A"}\n', [{"type": "A"}], "ended inside an SSE frame", True),
    (b'foo: bar\ndata: {"type": "A"}\n\n', [{"type": "A"}], "not a field AG-UI uses", True),
    (b'data: {"type": "\xff"}\n\n', [{"type": "\ufffd"}], "not valid UTF-8", False),
])
def test_sse_framing_problems_are_reported_and_events_recovered(wire: bytes, events: list[Any], needle: str,
                                                                 is_harmless: bool) -> None:
    got, problems = decode(SseDecoder(), wire, 3)
    assert got == events
    assert len(problems) == 1 and needle in problems[0], problems
    assert harmless(problems[0]) is is_harmless


def test_sse_comments_and_standard_fields_are_tolerated() -> None:
    wire = b': keep-alive\n\nid: 1\nevent: message\nretry: 10\ndata: {"type": "A"}\n\n'
    assert decode(SseDecoder(), wire, 5) == ([{"type": "A"}], [])


def test_ndjson_decoder() -> None:
    wire = b"".join(json.dumps(e).encode() + b"\n" for e in EVENTS)
    assert decode(NdjsonDecoder(), wire, 3) == (EVENTS, [])
    got, problems = decode(NdjsonDecoder(), b'{"type": "A"}\nnot json\n[1]\n{"type": "B"}', 4)
    assert got == [{"type": "A"}, {"type": "B"}]
    assert [p.split(" (")[0].split(":")[0] for p in problems] == [
        "the payload is not JSON", "the payload is JSON but not an object",
        "the last NDJSON line has no terminating newline"]


# ---------------------------------------------------------------- the request
def test_run_agent_input_is_a_valid_ag_ui_body(corpus: list[Scenario]) -> None:
    from ag_ui.core import RunAgentInput

    from conformance.runner import build_request
    from mock_provider.abort import AbortSignal

    denied = next(s for s in corpus if s.id == "tool.approval-denied.001")
    body = run_agent_input(build_request(denied, AbortSignal()), {"base_url": "http://x", "model": "scenario:y"})
    parsed = RunAgentInput.model_validate(body)
    assert [m.role for m in parsed.messages] == ["user", "assistant", "tool"]
    assert parsed.messages[1].tool_calls[0].function.arguments == '{"to":"bob@example.com"}'  # type: ignore[union-attr]
    assert parsed.messages[2].tool_call_id == "call_mail"  # type: ignore[union-attr]
    assert [t.name for t in parsed.tools or []] == ["send_email"]
    assert parsed.tools[0].parameters["required"] == ["to"]  # type: ignore[index]
    assert body["forwardedProps"] == {"mock": {"base_url": "http://x", "model": "scenario:y"}}
    assert body["threadId"] == "thread-tool.approval-denied.001" and body["state"] == {} and body["context"] == []


def test_run_agent_input_declares_the_protocol_version_it_grades() -> None:
    # The suite grades AG-UI 1.0 streams, so it posts as a 1.0 client does: @ag-ui/client 1.0.0's
    # HttpAgent.prepareRunAgentInput sends protocolVersion (dist/index.js), and a 1.0 producer answers a body
    # without one as it answers a client that predates 1.0 (ag2 1.2.1 ag2/ag_ui/stream.py:281-283 sends a tool
    # result as its text only; pydantic-ai 2.68.0 pydantic_ai/ui/ag_ui/_event_stream.py:220-231 leaves out the
    # 1.0 outcomes).
    from conformance.runner import build_request
    from mock_provider.abort import AbortSignal
    from mock_provider.scenario import load_corpus

    basic = next(s for s in load_corpus() if s.id == "text.basic.001")
    assert run_agent_input(build_request(basic, AbortSignal()), None)["protocolVersion"] == "1.0"


# ---------------------------------------------------------------- against the reference endpoint
def reference_caps() -> Capabilities:
    caps: Capabilities = openai_http(AdapterContext(dialect="probe", model=None, scenario_id="probe")).capabilities
    return caps


@pytest.fixture(scope="module")
def endpoint() -> Iterator[ThreadedApp]:
    # Started with the suite's mock server URL, so clients that only send headers work too.
    with serve_adapter(openai_http, upstream_base_url=mock_server_url()) as ep:
        yield ep


@pytest.mark.slow
def test_reference_endpoint_gets_the_in_process_verdict_on_every_case(endpoint: ThreadedApp,
                                                                       corpus: list[Scenario]) -> None:
    target = UrlTarget(endpoint.url, capabilities=reference_caps(), select=("forwarded-props",))
    settings = Settings(timeout=10)
    differ = {}
    for s in corpus:
        through = run_case(target, s, "openai-chat", settings)
        if target.refuses(s) is not None:
            assert through.verdict == "NOT-EXPRESSIBLE", s.id
            continue
        direct = run_case(openai_http, s, "openai-chat", settings)
        if (through.verdict, through.failed_rows()) != (direct.verdict, direct.failed_rows()):
            differ[s.id] = (direct.verdict, through.verdict, through.reason, [f.message for f in through.findings][:3])
    assert differ == {}


SUBSET = ["text.basic.001", "tool.interleave.001", "abort.mid-text.001", "http.429.001", "error.first.001",
          "reasoning.basic.001", "fault.disconnect.001", "usage.nested.001"]


@pytest.mark.parametrize(("select", "fmt"), [(("headers",), "sse"), (("default-scenario",), "sse"),
                                              (("forwarded-props",), "ndjson")])
def test_every_selection_mechanism_and_ndjson_reach_the_right_scenario(
        endpoint: ThreadedApp, corpus: list[Scenario], select: tuple[str, ...], fmt: Any) -> None:
    target = UrlTarget(endpoint.url, capabilities=reference_caps(), select=select, stream_format=fmt)
    by_id = {s.id: s for s in corpus}
    verdicts = {sid: run_case(target, by_id[sid], "openai-chat", Settings(timeout=10)) for sid in SUBSET}
    # A wrong scenario would FAIL on its text, calls or terminal; INFO records what is left open at RUN_ERROR.
    assert {k: (r.verdict, r.reason) for k, r in verdicts.items() if r.verdict not in ("PASS", "INFO")} == {}


def test_a_non_2xx_answer_fails_transport_status_with_the_status_and_body(corpus: list[Scenario]) -> None:
    async def overloaded(request: web.Request) -> web.Response:
        return web.Response(status=503, text="overloaded, try later")

    app = web.Application()
    app.router.add_post("/agui", overloaded)
    basic = next(s for s in corpus if s.id == "text.basic.001")
    with ThreadedApp(app) as srv:
        result = run_case(UrlTarget(srv.url), basic, "openai-chat", Settings(timeout=5))
    assert result.verdict == "FAIL" and result.failed_rows() == {"transport.status"}
    (finding,) = result.findings
    assert "HTTP 503" in finding.message and "overloaded, try later" in finding.message


def test_an_unreachable_endpoint_is_an_error_naming_it(corpus: list[Scenario]) -> None:
    with ThreadedApp(web.Application()) as srv:
        url = srv.url  # a port nothing listens on once the server is stopped
    basic = next(s for s in corpus if s.id == "text.basic.001")
    result = run_case(UrlTarget(url), basic, "openai-chat", Settings(timeout=5))
    assert result.verdict == "ERROR" and "the adapter raised" in result.reason and "Connect" in result.reason


def test_a_case_that_times_out_mid_read_leaves_no_unretrieved_task_exception(
        corpus: list[Scenario], caplog: pytest.LogCaptureFixture) -> None:
    """An endpoint that sends RUN_STARTED and then nothing: the runner's timeout ends the case while a
    read waits; that read once failed after the case ("Connection closed") and asyncio printed
    "Task exception was never retrieved" with a traceback on stderr."""
    import asyncio
    import gc
    import logging

    async def hangs(request: web.Request) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await resp.prepare(request)
        await resp.write(b'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n')
        await asyncio.Event().wait()
        return resp

    app = web.Application()
    app.router.add_post("/agui", hangs)
    basic = next(s for s in corpus if s.id == "text.basic.001")
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        with ThreadedApp(app) as srv:
            result = run_case(UrlTarget(srv.url), basic, "openai-chat", Settings(timeout=1, grace=1))
        gc.collect()  # an unretrieved task's exception is logged when the task is collected
    assert result.verdict == "ERROR" and "no terminal" in result.reason, result.reason
    assert "never retrieved" not in caplog.text, caplog.text


# ---------------------------------------------------------------- options and the plugin
def test_bad_options_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(TargetConfigError, match="http"):
        UrlTarget("ftp://x")
    with pytest.raises(TargetConfigError, match="subset of headers, forwarded-props, default-scenario"):
        UrlTarget("http://x/agui", select=("carrier-pigeon",))
    bad = tmp_path / "caps.yaml"
    bad.write_text("name: x\ninputs: [v3]\noutput: ag-ui\n")
    with pytest.raises(TargetConfigError, match=r"caps.yaml: inputs \['v3'\] are not HTTP dialects"):
        load_capabilities(bad)
    bad.write_text("name: x\ninputs: [openai-chat]\noutput: sse\n")
    with pytest.raises(TargetConfigError, match=r"caps.yaml: output: "):
        load_capabilities(bad)


def test_plugin_runs_the_suite_against_an_endpoint(pytester: pytest.Pytester, endpoint: ThreadedApp) -> None:
    caps = pytester.path / "caps.yaml"
    caps.write_text(yaml.safe_dump(json.loads(reference_caps().model_dump_json())))
    result = pytester.runpytest_inprocess(f"--adapter-url={endpoint.url}", f"--adapter-url-capabilities={caps}",
                                          "-k", "text.basic or tool.basic", "-q")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines([f"*conformance matrix: {endpoint.url}*", "transport.content-type *SHOULD *2 *PASS",
                                 "cases: 2 graded: PASS=2"])


@pytest.mark.parametrize(("args", "needle"), [
    (["--adapter=conformance.reference:agui", "--adapter-url=http://127.0.0.1:9/agui"], "give one of"),
    (["--adapter-url=http://127.0.0.1:9/agui", "--adapter-url-select=nope"], "--adapter-url-select"),
    (["--adapter-url=http://127.0.0.1:9/agui", "--adapter-url-stream=xml"], "sse or ndjson"),
    (["--adapter-url=http://127.0.0.1:9/agui", "--adapter-url-capabilities=missing.yaml"], "missing.yaml"),
    (["--adapter-url=http://127.0.0.1:9/agui", "--adapter-url-features=telepathy"], "--adapter-url-features"),
    (["--adapter-url=http://127.0.0.1:9/agui", "--adapter-url-policies=abort"], "--adapter-url-policies"),
])
def test_plugin_option_errors_are_usage_errors(pytester: pytest.Pytester, args: list[str], needle: str) -> None:
    result = pytester.runpytest_inprocess(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert needle in result.stderr.str()


def test_the_ini_option_selects_the_endpoint_too(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nconformance_adapter_url = http://127.0.0.1:9/agui\n")
    result = pytester.runpytest_inprocess("--adapter=conformance.reference:agui")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "give one of" in result.stderr.str()


# ---------------------------------------------------------------- declarations the endpoint never made
def test_undeclared_features_are_unsupported_not_failed(corpus: list[Scenario]) -> None:
    """Without a declaration the URL target assumes no reasoning: a reasoning case is UNSUPPORTED (it never
    reaches the endpoint), an ordinary one still runs; declaring the feature by option brings it back."""
    with ThreadedApp(web.Application()) as srv:
        url = srv.url  # nothing listens: a case that runs is an ERROR, one that is gated never connects
    by_id = {s.id: s for s in corpus}
    settings = Settings(timeout=5)
    reasoning = run_case(UrlTarget(url), by_id["reasoning.basic.001"], "openai-chat", settings)
    assert (reasoning.verdict, reasoning.reason) == ("UNSUPPORTED", "feature(s) not declared: reasoning")
    assert run_case(UrlTarget(url), by_id["text.basic.001"], "openai-chat", settings).verdict == "ERROR"
    declared = target_from_options(url, features="tools,parallel_tools,reasoning,abort", policies="abort=run-error")
    assert declared.capabilities.policies.abort == "run-error"
    assert run_case(declared, by_id["reasoning.basic.001"], "openai-chat", settings).verdict == "ERROR"
    none = target_from_options(url, features="none")
    assert run_case(none, by_id["tool.basic.001"], "openai-chat", settings).verdict == "UNSUPPORTED"


@pytest.mark.parametrize("server", [None, "openrouter"])
def test_the_default_scenario_carries_the_declared_server_to_the_mock(corpus: list[Scenario],
                                                                       server: str | None) -> None:
    """An endpoint with a fixed model client sends no X-Mock-Server of its own: the suite's default scenario carries
    the capabilities' server, so the mock answers that client in its server's shapes (what the endpoint's model
    would meet), and none when none is declared."""
    import aiohttp

    seen: list[dict[str, Any]] = []

    async def agui(request: web.Request) -> web.StreamResponse:
        async with aiohttp.ClientSession() as session, session.get(
                mock_server_url() + "/_mock/default-scenario") as r:
            seen.append(await r.json())
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await resp.prepare(request)
        for event in ({"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
                      {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}):
            await resp.write(f"data: {json.dumps(event)}\n\n".encode())
        return resp

    app = web.Application()
    app.router.add_post("/agui", agui)
    caps = reference_caps().model_copy(update={"server": server})
    basic = next(s for s in corpus if s.id == "text.basic.001")
    with ThreadedApp(app) as srv:
        run_case(UrlTarget(srv.url, capabilities=caps, select=("default-scenario",)), basic, "openai-chat",
                 Settings(timeout=5))
    (default,) = seen
    assert default["scenario"] == "text.basic.001" and default.get("server") == server
