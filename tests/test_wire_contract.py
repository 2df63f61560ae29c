"""A wire says when a case it plays falls outside its provider's contract (``Dialect.contract_break``).

The anthropic wire plays scripts the Messages API never sends: tool input text that is no JSON object
on a tool the request did not ask fine-grained streaming for, and content blocks that interleave. On
that wire such a case is graded on the robustness rows only (conformance.grading.as_played), derived
from what the wire plays, not listed per scenario. A raw_bytes frame with no ``event:`` line is no
frame for an Anthropic client at all: NOT-EXPRESSIBLE there. Gemini cannot carry malformed arguments
at all (functionCall.args is an object). The raw chain of thought of reasoning.raw-text.001 is shown or
not at the adapter's choice (OpenAI says not to show it), so 8.1.7 is information there.

The graded runs are agno-over-Claude's and pydantic-ai's recorded runs (tests/data/recorded), whose
first runs pinned these cases as FAIL.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from conformance.execution import expressible
from conformance.grading import as_played, grade
from conformance.run_record import RunRecord, UpstreamCall
from conformance.settings import Settings
from mock_provider.dialects import dialect
from mock_provider.scenario import Scenario
from mock_provider.wires.anthropic_contract import events_break, outside_contract
from tests.calibration import read_records
from tests.test_wire import corpus_cached, corpus_scenario

MALFORMED = ["tool.malformed.001", "tool.malformed.002", "tool.malformed.003", "tool.malformed.004",
             "loop.malformed.001", "loop.malformed.002"]


def _text_inputs() -> list[Scenario]:
    """The corpus scenarios whose tool-call input text is no JSON object (found, not listed)."""
    def no_object(text: str) -> bool:
        try:
            return not isinstance(json.loads(text or "{}"), dict)
        except ValueError:
            return True
    return [s for s in corpus_cached() if any(
        p.type == "tool-call" and no_object(getattr(p, "input", "{}")) and not getattr(p, "provider_executed", False)
        for p in s.parts())]


def _recorded(name: str, case: str) -> RunRecord:
    return next(r for r in read_records(name) if r.case_id == case)


def test_the_malformed_cases_are_the_corpus_cases_with_non_object_input() -> None:
    # The derivation finds the cases; this list only checks it found the ones the brief names.
    found = {s.id for s in _text_inputs()}
    assert set(MALFORMED) <= found


@pytest.mark.parametrize("sid", MALFORMED)
def test_non_object_tool_input_is_outside_the_anthropic_contract_unless_the_tool_streams_eagerly(sid: str) -> None:
    scenario = corpus_scenario(sid)
    assert expressible(scenario, "anthropic") is None  # played: robustness is still graded
    why = outside_contract(scenario)
    assert why is not None and "no JSON object" in why
    # Fine-grained tool streaming ("no guarantee that the resulting stream will complete in a valid JSON
    # string") is opted into per tool: then the same input is in the contract and graded as usual.
    names = [t.name for t in scenario.request.tools]
    eager = [{"tools": [{"name": n, "eager_input_streaming": True} for n in names]}]
    assert outside_contract(scenario, eager) is None
    assert outside_contract(scenario, [{"tools": [{"name": n, "eager_input_streaming": False} for n in names]}])


def test_a_valid_object_input_and_one_block_at_a_time_are_inside_the_contract() -> None:
    inside = [s for s in corpus_cached() if expressible(s, "anthropic") is None and outside_contract(s) is None]
    assert {"text.basic.001", "tool.basic.001"} <= {s.id for s in inside}
    start = {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "name": "t"}}
    stop = {"type": "content_block_stop", "index": 0}
    part = {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '{"a"'}}
    rest = {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": ": 1}"}}
    assert events_break([start, part, rest, stop], set()) is None
    assert events_break([start, stop], set()) is None  # no fragment at all: the input is {}
    # A server tool's input is an object by type whatever the request says (ServerToolUseBlock.input).
    server = {**start, "content_block": {"type": "server_tool_use", "name": "t"}}
    assert events_break([server, part, stop], {"t"}) is not None


@pytest.mark.parametrize("sid", ["tool.interleave.001", "tool.interleave.002"])
def test_interleaved_blocks_are_outside_the_anthropic_contract(sid: str) -> None:
    # The Messages API streams "a series of content blocks, each of which have a content_block_start event,
    # one or more content_block_delta events, and a content_block_stop event": one block at a time. The SDK
    # accumulators read a delta by the index it names, so the stream is readable (played, robustness only).
    scenario = corpus_scenario(sid)
    assert expressible(scenario, "anthropic") is None
    why = outside_contract(scenario)
    assert why is not None and "starts while block 0 is open" in why
    eager = [{"tools": [{"name": t.name, "eager_input_streaming": True} for t in scenario.request.tools]}]
    assert outside_contract(scenario, eager) == why  # no request makes the API interleave


def test_only_the_anthropic_wire_has_a_contract_marker() -> None:
    assert dialect("anthropic").contract_break is not None
    assert [d for d in ("v2", "v3", "v4", "mastra", "openai-chat", "openai-responses", "gemini")
            if dialect(d).contract_break is not None] == []


def test_gemini_cannot_play_a_non_object_input_at_all() -> None:
    # functionCall.args is a Struct: malformed argument text is NOT-EXPRESSIBLE there already, so Gemini
    # needs no contract marker for it.
    for scenario in _text_inputs():
        why = expressible(scenario, "gemini")
        assert why is not None, scenario.id
    assert "functionCall.args is an object" in str(expressible(corpus_scenario("tool.malformed.003"), "gemini"))
    # Nor does Gemini interleave calls: a later-started call completing first is NOT-EXPRESSIBLE.
    assert "completes before" in str(expressible(corpus_scenario("tool.interleave.002"), "gemini"))


@pytest.mark.parametrize(("case", "row"), [("tool.malformed.003[anthropic]", "8.1.13"),
                                           ("tool.malformed.004[anthropic]", "8.1.13"),
                                           ("tool.interleave.002[anthropic]", "8.1.9")])
def test_agno_over_claude_is_graded_on_robustness_only_where_the_wire_breaks_the_contract(case: str, row: str) -> None:
    # agno's first run pinned these FAIL (D-claude-partial-json, D-claude-tool-json-raise, and the interleave
    # suite error): on a stream the API never sends, what the adapter makes of it is information.
    record = _recorded("agno-agui-anthropic", case)
    scenario = corpus_scenario(record.scenario_id)
    result = grade(record, scenario, Settings(timeout=10.0))
    assert result.verdict == "INFO", result.describe()
    assert {f.level for f in result.findings if f.row == row} == {"MAY"}
    assert all(f.message.startswith("not graded, the input breaks the provider contract") for f in result.findings
               if f.row == row)


def test_the_same_run_is_graded_when_the_request_asked_for_fine_grained_streaming() -> None:
    # Equal input, equal grade: a request whose tool set eager_input_streaming may get this very stream from
    # the API, so then the malformed input is in the contract and 8.1.13 is a MUST again.
    record = _recorded("agno-agui-anthropic", "tool.malformed.003[anthropic]")
    scenario = corpus_scenario(record.scenario_id)
    request: dict[str, Any] = {"tools": [{"name": "get_weather", "eager_input_streaming": True}]}
    eager = dataclasses.replace(record, upstream=(UpstreamCall(request=request),))
    assert as_played(scenario, eager).contract is None
    assert "8.1.13" in grade(eager, scenario, Settings(timeout=10.0)).failed_rows()


def test_an_event_less_raw_bytes_frame_is_not_expressible_on_the_anthropic_wire() -> None:
    scenario = corpus_scenario("fault.raw-bytes.001")
    why = expressible(scenario, "anthropic")
    assert why is not None and "no 'event:' line" in why
    assert expressible(scenario, "openai-chat") is None  # an unparsable data line there: graded 8.1.17
    # The same bad JSON in a named frame is a malformed Anthropic frame: played.
    step = next(i for i, s in enumerate(scenario.script) if s.fault is not None)
    fault = scenario.script[step].fault
    named = fault.model_copy(update={"data": "event: content_block_delta\n" + fault.data})  # type: ignore[union-attr]
    script = [*scenario.script[:step], scenario.script[step].model_copy(update={"fault": named}),
              *scenario.script[step + 1:]]
    assert expressible(scenario.model_copy(update={"script": script}), "anthropic") is None


def test_the_anthropic_sdk_skips_an_event_less_frame() -> None:
    # The premise of the NOT-EXPRESSIBLE: anthropic 2.14.0 _streaming.py skips a frame whose event is None,
    # so the stream reads as one that just stops (finish.missing's input), with no error raised.
    anthropic = pytest.importorskip("anthropic")
    httpx = pytest.importorskip("httpx2")  # what anthropic 2.14.0 is built on
    frames = [
        b'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":'
        b'"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null,"usage":'
        b'{"input_tokens":1,"output_tokens":1}}}\n\n',
        b'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":'
        b'{"type":"text","text":""}}\n\n',
        b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":'
        b'{"type":"text_delta","text":"Cats are"}}\n\n',
        b'data: {"choices":[{"delta":{"content":" soft\n\n',
    ]

    def handler(_request: Any) -> Any:
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=b"".join(frames))

    client = anthropic.Anthropic(api_key="k", base_url="http://mock.test", max_retries=0,
                                 http_client=httpx.Client(transport=httpx.MockTransport(handler)))
    events = list(client.messages.create(model="x", max_tokens=8, stream=True,
                                         messages=[{"role": "user", "content": "hi"}]))
    assert [e.type for e in events] == ["message_start", "content_block_start", "content_block_delta"]


def test_not_showing_raw_reasoning_is_information_not_a_failure() -> None:
    # pydantic-ai keeps gpt-oss raw chain of thought out of the reasoning display on purpose; OpenAI: "You
    # therefore should not show raw CoT to end users". Where it goes if shown is still graded (8.1.4, 8.1.8).
    scenario = corpus_scenario("reasoning.raw-text.001")
    assert scenario.unspecified is not None
    assert "8.1.7" in scenario.unspecified.rows
    assert not {"8.1.4", "8.1.8", "8.1.5"} & set(scenario.unspecified.rows)
    record = _recorded("pydantic-ai-agui-responses", "reasoning.raw-text.001[openai-responses]")
    result = grade(record, scenario, Settings(timeout=10.0))
    assert result.verdict == "INFO", result.describe()
    assert [(f.row, f.level) for f in result.findings] == [("8.1.7", "MAY")]
